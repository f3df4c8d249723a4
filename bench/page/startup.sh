#!/usr/bin/env bash
# folio benchmark: the book's start-up on the seed's front page, step by step and by function (bench/page/startup.mjs:
# the "folio:" marks, then V8's sampling profiler with the wasm's names from the symbol map).
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

echo
echo "== start-up: steps and the busiest functions, seed front page (bench/page/startup.sh) =="
need_browser || exit 0
site=$(seed_site) || exit 0
need_builds || exit 0
if [ ! -f "$WEB/folio.js.symbols" ]; then
  echo "skipped: $WEB/folio.js.symbols is missing (the web build writes it)"
  exit 0
fi
node "$ROOT/bench/page/startup.mjs" "$site" "$WEB/folio.js.symbols"
