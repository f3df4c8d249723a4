#!/usr/bin/env bash
# folio benchmark: a Chinese site against an English one of as many posts, both of real prose from Debian
# packages (bench/gen/gen_prose.py: fortunes-zh and fortunes), built the same way: the search index's files and
# bytes (issue: a CJK index at most 1.5 times an English one), the whole site's, and the build's wall time,
# median of FOLIO_BENCH_RUNS (3) runs, alternating languages, each into a new output folder. Then Pagefind (npm's
# pagefind, its own default settings) indexes each built site's HTML (a copy without folio's search/), and its
# files and bytes are printed beside folio's (issue 46: folio's no larger in either on the Chinese site).
# Uses the prebuilt build/native/folio and build/web.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

N=${FOLIO_BENCH_POSTS:-400}
RUNS=${FOLIO_BENCH_RUNS:-3}
echo
echo "== cjk: $N posts of Chinese against $N of English prose: search index and build (bench/site_build/cjk.sh) =="
need_builds || exit 0
for f in /usr/share/games/fortunes/chinese /usr/share/games/fortunes/fortunes; do
  [ -f "$f" ] || { echo "skipped: needs $f (./folio bootstrap installs fortunes-zh and fortunes)"; exit 0; }
done
mkdir -p "$BENCH_OUT"
declare -A WALL
for lang in zh en; do
  "$PY" "$ROOT/bench/gen/gen_prose.py" "$lang" "$BENCH_OUT/prose-$lang" "$N"
  WALL[$lang]=""
done
for run in $(seq 1 "$RUNS"); do
  for lang in zh en; do
    out="$BENCH_OUT/prose-$lang-site-$run"
    WALL[$lang]="${WALL[$lang]} $(build_seconds "$BENCH_OUT/prose-$lang" "$out")"
  done
done
files() { find "$1" -type f | wc -l; }
bytes() { du -sb "$1" | cut -f1; }
declare -A IF IB SF SB
for lang in zh en; do
  site="$BENCH_OUT/prose-$lang-site-1"
  IF[$lang]=$(files "$site/search")
  IB[$lang]=$(bytes "$site/search")
  SF[$lang]=$(files "$site")
  SB[$lang]=$(bytes "$site")
  # shellcheck disable=SC2086
  printf '%s: search index %s files, %s bytes; site %s files, %s bytes; build wall %s s (min %s, max %s)\n' \
    "$lang" "${IF[$lang]}" "${IB[$lang]}" "${SF[$lang]}" "${SB[$lang]}" \
    "$(median ${WALL[$lang]})" "$(minimum ${WALL[$lang]})" "$(maximum ${WALL[$lang]})"
done
PAGEFIND="$ROOT/node_modules/.bin/pagefind"
for lang in zh en; do
  if [ ! -x "$PAGEFIND" ]; then echo "pagefind: not measured (npm's pagefind is not installed)"; break; fi
  copy="$BENCH_OUT/prose-$lang-pagefind"
  rm -rf "$copy"
  cp -r "$BENCH_OUT/prose-$lang-site-1" "$copy"
  rm -rf "$copy/search"
  "$PAGEFIND" --site "$copy" >"$copy.log" 2>&1 || { echo "pagefind failed (log: ${copy#"$ROOT"/}.log)"; continue; }
  pf_files=$(files "$copy/pagefind")
  pf_bytes=$(bytes "$copy/pagefind")
  awk -v l="$lang" -v ff="${IF[$lang]}" -v fb="${IB[$lang]}" -v pf="$pf_files" -v pb="$pf_bytes" \
    'BEGIN { printf "%s: search index: folio %d files, %d bytes; pagefind %d files, %d bytes (folio / pagefind: %.3f x the files, %.3f x the bytes)\n", l, ff, fb, pf, pb, ff / pf, fb / pb }'
  rm -rf "$copy"
done
awk -v zf="${IF[zh]}" -v ef="${IF[en]}" -v zb="${IB[zh]}" -v eb="${IB[en]}" \
  'BEGIN { printf "search index, Chinese / English: %.3f x the files, %.3f x the bytes (at most 1.5 asked)\n", zf / ef, zb / eb }'
for run in $(seq 2 "$RUNS"); do rm -rf "$BENCH_OUT/prose-zh-site-$run" "$BENCH_OUT/prose-en-site-$run"; done
