#!/usr/bin/env bash
# folio benchmark: an edit under `folio preview`, from the save to the book in the browser (bench/page/preview.mjs),
# on 390 and on 10,000 realistic posts (bench/gen/gen_real.py). FOLIO_BENCH_PREVIEW_SIZES="390 10000" by default.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

echo
echo "== preview: an edit, from the save to the book (bench/page/preview.sh) =="
need_builds || exit 0
need_browser || exit 0
for n in ${FOLIO_BENCH_PREVIEW_SIZES:-390 10000}; do
  real="$BENCH_OUT/bundle-real-$n"
  gen_from gen_real.py "$real" "$n" "realistic posts"
  # A copy to edit: content.json copied, the Markdown linked.
  copy="$BENCH_OUT/preview-edit-$n"
  rm -rf "$copy" "$copy.out"
  mkdir -p "$copy"
  cp "$real/content.json" "$copy/content.json"
  for d in writing images; do [ -d "$real/$d" ] && ln -s "$real/$d" "$copy/$d"; done
  node "$ROOT/bench/page/preview.mjs" "$FOLIO" "$copy" "$copy.out" "$BENCH_OUT/preview-fonts-$n" "${FOLIO_BENCH_EDITS:-5}"
done
