#!/usr/bin/env bash
# folio benchmark: the native core and the headless book view on the seed, 1,000 and 10,000 articles.
# Uses build/native/bench/folio_bench_core (built by `./folio bench`; this script builds nothing).
# Synthetic bundles go to build/bench/ and are reused while their parameters and the generator are unchanged.
set -euo pipefail

# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"
BIN="$ROOT/build/native/bench/folio_bench_core"

echo
echo "== core: load, layout, frames (bench/core/core.sh) =="
if [ ! -x "$BIN" ]; then
  echo "skipped: $BIN is missing (run ./folio bench, or cmake --build build/native)"
  exit 0
fi
mkdir -p "$BENCH_OUT"
gen_bundle "$BENCH_OUT/bundle-1k" 1000 0
gen_bundle "$BENCH_OUT/bundle-10k" 10000 2000

tsv=$(mktemp)
trap 'rm -f "$tsv"' EXIT
"$BIN" --tsv "$tsv" seed="$ROOT" 1k="$BENCH_OUT/bundle-1k" 10k="$BENCH_OUT/bundle-10k" || echo "(folio_bench_core exited with $?)"

# Aims, stated against the figures above (informative only: a benchmark never fails on timings).
awk -F'\t' '
  { name[NR] = $1; load[$1] = $4; p95[$1] = $7 }
  END {
    print ""
    if (("seed" in p95) && ("10k" in p95) && p95["seed"] > 0) {
      r = p95["10k"] / p95["seed"]
      printf "frame p95 ratio large/seed (10k/seed): %.2fx\n", r
    }
    print "aims:"
    if ("10k" in load)
      printf "  10k load under 2 s:                 %.1f ms -> %s\n", load["10k"], (load["10k"] < 2000 ? "met" : "NOT met")
    for (i = 1; i <= NR; i++)
      printf "  frame p95 under 4 ms (%-4s):        %.3f ms -> %s\n", name[i], p95[name[i]], (p95[name[i]] < 4 ? "met" : "NOT met")
    if (("seed" in p95) && ("10k" in p95))
      printf "  10k frame p95 within 1.5x seed:     %.2fx -> %s\n", r, (r <= 1.5 ? "met" : "NOT met")
  }' "$tsv"

# Hostile files: `folio check` must refuse them quickly (tests/cli/check_cli.sh checks what it says; the
# time is printed here, since a timing in a test fails on a loaded machine). Median [min-max] of 3 runs.
FOLIO="$ROOT/build/native/folio"
if [ -x "$FOLIO" ]; then
  hostile="$BENCH_OUT/hostile"
  mkdir -p "$hostile/deep" "$hostile/quotes"
  { head -c 100000 /dev/zero | tr '\0' '['; head -c 100000 /dev/zero | tr '\0' ']'; } >"$hostile/deep/content.json"
  { printf '{"schema": 1, "site": {"title": "Ada", "author": "Ada Example", "tagline": "Compilers.", '
    printf '"base_url": "https://ada.example/", "language": "en", "description": "Notes."}, "timeline": [], '
    printf '"writing": [{"slug": "a-post", "title": "A post", "date": "2026-03-01", "dek": "Dek.", "opening": "Opening.", "body": "'
    head -c 1000000 /dev/zero | tr '\0' '>'
    printf 'x"}], "contents": [{"title": "writing", "chapter": "writing"}]}\n'; } >"$hostile/quotes/content.json"
  echo
  echo "hostile files, folio check wall time (ms), median [min-max] of 3:"
  for kind in deep quotes; do
    times=()
    for _ in 1 2 3; do
      t0=$(date +%s%N); "$FOLIO" check "$hostile/$kind" >/dev/null 2>&1 || true; t1=$(date +%s%N)
      times+=($(((t1 - t0) / 1000000)))
    done
    sorted=($(printf '%s\n' "${times[@]}" | sort -n))
    printf '  %-7s %s [%s-%s]  (%s)\n' "$kind" "${sorted[1]}" "${sorted[0]}" "${sorted[2]}" \
      "$([ "$kind" = deep ] && echo '100,000 nested arrays' || echo 'an article body of 1,000,000 nested > quotes')"
  done
fi
