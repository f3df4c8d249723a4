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

# A real-sized Chinese site: 400 posts of prose (bench/gen/gen_prose.py: fortunes-zh), built as an author builds it
# (./folio build: its script faces subset to its text), so its CJK face (2.3 MB) is sliced by use
# (src/core/fonts/font_slices.h): the front page and two articles.
if [ -f /usr/share/games/fortunes/chinese ]; then
  zh="$BENCH_OUT/prose-zh"
  mkdir -p "$BENCH_OUT"
  "$PY" "$ROOT/bench/gen/gen_prose.py" zh "$zh" "${FOLIO_BENCH_POSTS:-400}"
  "$ROOT/folio" build "$zh" -o "$BENCH_OUT/prose-zh-sliced" >/dev/null 2>&1
  for route in / /writing/post-0001/ /writing/post-0100/ /writing/post-0200/; do
    node "$ROOT/bench/bytes/scripts_firstview.mjs" "$BENCH_OUT/prose-zh-sliced" "$route"
  done
else
  echo "the 400-post Chinese site: skipped (needs fortunes-zh: ./folio bootstrap installs it)"
fi
