#!/usr/bin/env bash
# folio benchmark: `folio import` of a Hugo site with 10,000 posts (the synthetic articles of build.sh,
# written as a Hugo site by gen_hugo.py), side by side with Debian's hugo building that same site: the
# ratio says how reading a site into a bundle compares with the generator's own pass over it.
# Uses the prebuilt build/native/folio; builds nothing itself.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

RUNS=3
echo
echo "== import: folio import of a 10,000-post Hugo site vs hugo building it (bench/site_build/import.sh) =="
need_builds || exit 0
command -v hugo >/dev/null 2>&1 || { echo "skipped: hugo not installed (apt-get install hugo)"; exit 0; }
mkdir -p "$BENCH_OUT"
gen_bundle "$BENCH_OUT/bundle-10k" 10000 2000
site="$BENCH_OUT/hugo-site"
hugo_site "$BENCH_OUT/bundle-10k" "$site"
LOG="$BENCH_OUT/import-bench.log"
: >"$LOG"

t_import=() t_hugo=()
dest="$BENCH_OUT/imported-10k"
for ((i = 0; i < RUNS; i++)); do
  rm -rf "$dest"
  sync
  s=$(now)
  "$FOLIO" import "$site" "$dest" >>"$LOG" 2>&1 || { echo "folio import failed (log: ${LOG#"$ROOT"/})"; exit 1; }
  e=$(now)
  t_import+=("$(elapsed "$s" "$e")")
  out="$BENCH_OUT/out-hugo-import"
  rm -rf "$out"
  sync
  s=$(now)
  (cd "$site" && hugo --quiet -d "$out") >>"$LOG" 2>&1 || { echo "hugo failed (log: ${LOG#"$ROOT"/})"; exit 1; }
  e=$(now)
  t_hugo+=("$(elapsed "$s" "$e")")
done
posts=$(find "$site/content" -name '*.md' ! -name '_index.md' | wc -l)
summary=$(grep -E '^[0-9]+ posts?, ' "$LOG" | tail -1)
bundle_mb=$(du -sb "$dest" | awk '{ printf "%.1f", $1 / 1048576 }')
rm -rf "$out" "$dest"

printf '%-14s %7s %9s %7s %7s %9s\n' "tool" "posts" "median s" "min s" "max s" "posts/s"
row() {
  local tool=$1
  shift
  local med
  med=$(median "$@")
  printf '%-14s %7s %9s %7s %7s %9s\n' "$tool" "$posts" "$med" "$(minimum "$@")" "$(maximum "$@")" \
    "$(awk -v p="$posts" -v t="$med" 'BEGIN { printf "%.0f", (t > 0) ? p / t : 0 }')"
}
row "folio import" "${t_import[@]}"
row "hugo build" "${t_hugo[@]}"
echo "import summary: $summary; bundle ${bundle_mb} MB"
awk -v a="$(median "${t_import[@]}")" -v b="$(median "${t_hugo[@]}")" \
  'BEGIN { printf "folio import takes %.2f x the time hugo takes to build the same site (medians of %d runs each)\n", a / b, '"$RUNS"' }'
