#!/usr/bin/env bash
# folio benchmark: a reader quicker than the code that comes later (bench/page/later.mjs): the seed's front page
# with folio.later.wasm held back, how long a reader's key press, back and forward wait for it, how soon
# the page answers meanwhile, and how long a stalled module takes to give the reader the text.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

echo
echo "== the code that comes later: a reader quicker than its download (bench/page/later.sh) =="
need_browser || exit 0
site=$(seed_site) || exit 0
node "$ROOT/bench/page/later.mjs" "$site"
