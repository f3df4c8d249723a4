#!/usr/bin/env bash
# folio benchmark: this tree against an earlier commit, measured in one run, alternating so that both see
# the same machine (issue 31: a change that should change nothing for a visitor shows it here):
#   - the seed's front page: first paint, first frame, the first view's bytes (bench/compare/compare.mjs);
#   - the build time of the seed and of a 1,000-article bundle (wall, 5 runs each);
#   - the headless frame time on the seed and the 1,000 articles (folio_bench_core: load, layout, frame p95).
# The earlier commit is built once into build/bench/before-<sha>/ (its own ./folio sites), from `git archive`.
#
#   bash bench/compare/compare.sh REV        (./folio bench runs it only when FOLIO_COMPARE_REV names one)
set -euo pipefail

# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"
REV="${1:-${FOLIO_COMPARE_REV:-}}"
echo
echo "== compare: this tree against ${REV:-an earlier commit} (bench/compare/compare.sh) =="
if [ -z "$REV" ]; then
  echo "skipped: name the commit to compare with (bash bench/compare/compare.sh REV, or FOLIO_COMPARE_REV=REV)"
  exit 0
fi
sha=$(git -C "$ROOT" rev-parse --short "$REV")
before="$BENCH_OUT/before-$sha"
if [ ! -f "$before/.built" ]; then
  echo "building $sha into ${before#"$ROOT"/} (log: ${before#"$ROOT"/}.log) ..."
  rm -rf "$before"
  mkdir -p "$before"
  git -C "$ROOT" archive "$sha" | tar -x -C "$before"
  ln -s "$ROOT/.cache" "$before/.cache" # the bootstrap's pinned third-party sources
  (cd "$before" && ./folio sites && cmake --build build/native --target folio_bench_core) >"$before.log" 2>&1
  touch "$before/.built"
fi

node "$ROOT/bench/compare/compare.mjs" "$before/build/site" "$ROOT/build/site"

# build TREE BUNDLE OUT: one `folio build` of the tree's, wall ms.
build_ms() {
  local tree=$1 bundle=$2 out=$3 t0 t1
  rm -rf "$out"
  t0=$(date +%s%N)
  "$tree/build/native/folio" build "$bundle" -o "$out" --web "$tree/build/web" --fonts "$tree/build/fonts" >/dev/null 2>&1
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000000))
}
gen_bundle "$BENCH_OUT/bundle-1k" 1000 0
echo
echo "folio build, wall ms, 5 runs each, alternating (median [min-max]):"
for name in seed 1k; do
  bundle=$ROOT
  [ $name = 1k ] && bundle=$BENCH_OUT/bundle-1k
  b=() a=()
  for _ in 1 2 3 4 5; do
    b+=("$(build_ms "$before" "$bundle" "$BENCH_OUT/compare-out")")
    a+=("$(build_ms "$ROOT" "$bundle" "$BENCH_OUT/compare-out")")
  done
  printf '%s\n' "${b[@]}" | sort -n | awk -v n="$name" -v tag=before '{v[NR]=$1} END {printf "  %-5s %-6s %d [%d-%d]\n", n, tag, v[int((NR+1)/2)], v[1], v[NR]}'
  printf '%s\n' "${a[@]}" | sort -n | awk -v n="$name" -v tag=after '{v[NR]=$1} END {printf "  %-5s %-6s %d [%d-%d]\n", n, tag, v[int((NR+1)/2)], v[1], v[NR]}'
done
rm -rf "$BENCH_OUT/compare-out"

echo
echo "headless book (folio_bench_core), before then after, then again:"
for round in 1 2; do
  for tree in "$before" "$ROOT"; do
    tag=after
    [ "$tree" = "$before" ] && tag=before
    tsv=$(mktemp)
    "$tree/build/native/bench/folio_bench_core" --tsv "$tsv" seed="$ROOT" 1k="$BENCH_OUT/bundle-1k" >/dev/null 2>&1 || true
    awk -F'\t' -v tag=$tag -v r=$round '{printf "  round %d %-6s %-4s load %8.2f ms  frame median %.3f ms  p95 %.3f ms\n", r, tag, $1, $4, $6, $7}' "$tsv"
    rm -f "$tsv"
  done
done
