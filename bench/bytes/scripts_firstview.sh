#!/usr/bin/env bash
# folio benchmark: the first view's bytes (gzip -9) of the Chinese fixture's front page and an article
# (tests/fixtures/scripts, built as ./folio sites builds it into build/site-scripts), against issue 29's
# budget of 400 KB for the front page (bench/bytes/scripts_firstview.mjs).
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

echo
echo "== first view of a Chinese site: bytes against 400 KB gzip (bench/bytes/scripts_firstview.sh) =="
need_browser || exit 0
site="$ROOT/build/site-scripts"
[ -f "$site/index.html" ] || { echo "skipped: no build/site-scripts (run ./folio sites)"; exit 0; }
node "$ROOT/bench/bytes/scripts_firstview.mjs" "$site" /
node "$ROOT/bench/bytes/scripts_firstview.mjs" "$site" "/writing/%E6%9E%81%E5%85%89/"
