#!/usr/bin/env bash
# folio benchmark: the first view side by side in one run (bench/page/firstview.mjs): folio's first drawn frame
# for the seed, first contentful paint of the seed's Hugo twin (bench/gen/gen_hugo.py, built by Debian's hugo),
# and folio's first frame and bytes for a 10,000-article archive (bench/gen/gen_bundle.py), with the seed's
# breakdown: each start-up step's time from navigation start (docs/first-view.md, "Where the time goes"). Uses build/site when
# it is there; builds the others into build/bench/ with the prebuilt build/native/folio and build/web.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

echo
echo "== first view: folio vs a Hugo page, seed vs 10,000 articles (bench/page/firstview.sh) =="
need_browser || exit 0
command -v hugo >/dev/null 2>&1 || { echo "skipped: needs hugo (apt-get install hugo)"; exit 0; }
site=$(seed_site) || exit 0
need_builds || exit 0

twin=$(hugo_seed_twin)

big="$BENCH_OUT/site-10000"
gen_bundle "$BENCH_OUT/bundle-10000" 10000 2000
"$FOLIO" build "$BENCH_OUT/bundle-10000" -o "$big" --web "$WEB" >/dev/null
echo "sites: ${site#"$ROOT"/}, ${twin#"$ROOT"/}, ${big#"$ROOT"/}"
node "$ROOT/bench/page/firstview.mjs" "$site" "$twin" "$big"
