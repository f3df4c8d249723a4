#!/usr/bin/env bash
# folio benchmark: the first view on slow links (bench/page/slowlink.mjs): the seed's front page and an article
# on a phone through Chromium's throttling (slow 3G, slow 4G), folio's proof, text and book against the
# first contentful paint of the seed's Hugo twin (bench/gen/gen_hugo.py) on the same link.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

echo
echo "== first view on slow links: folio vs a Hugo page (bench/page/slowlink.sh) =="
need_browser || exit 0
command -v hugo >/dev/null 2>&1 || { echo "skipped: needs hugo (apt-get install hugo)"; exit 0; }
site=$(seed_site) || exit 0
twin=$(hugo_seed_twin)
node "$ROOT/bench/page/slowlink.mjs" "$site" "$twin"
