#!/usr/bin/env bash
# folio benchmark: `folio build` wall time on the seed and on 10,000 synthetic articles, side by side with
# Debian's hugo building the same 10,000 articles (when hugo is installed), and a rebuild of the seed after
# one article changed. Uses the prebuilt build/native/folio and build/web; builds nothing itself.
#
# Every clean run starts from an empty output folder with dirty pages flushed (rm -rf + sync, not timed), so
# write-back of the previous run's files does not land in the next run's time. Outputs are on the build
# disk (build/bench/), as a user's would be.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"

RUNS=3
echo
echo "== build: static site build time, folio vs hugo (bench/build.sh) =="
need_builds || exit 0
mkdir -p "$BENCH_OUT"
gen_bundle "$BENCH_OUT/bundle-10k" 10000 2000
FONTS=$(fonts_dir)
LOG="$BENCH_OUT/build-bench.log"
: >"$LOG"

ROWS=()
declare -A PPS

# report LABEL TOOL OUTDIR TIMES...: one table row from the runs' seconds and the last run's output.
report() {
  local label=$1 tool=$2 out=$3
  shift 3
  local med mn mx pages bytes html_bytes pps
  med=$(median "$@")
  mn=$(minimum "$@")
  mx=$(maximum "$@")
  pages=$(find "$out" -name '*.html' | wc -l)
  bytes=$(du -sb "$out" | cut -f1)
  html_bytes=$(find "$out" -name '*.html' -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
  pps=$(awk -v p="$pages" -v t="$med" 'BEGIN { printf "%.0f", (t > 0) ? p / t : 0 }')
  PPS["$label/$tool"]=$pps
  ROWS+=("$(printf '%-22s %-6s %7s %9s %7s %7s %9s %10s %12s %12s' "$label" "$tool" "$pages" "$med" "$mn" "$mx" "$pps" \
    "$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }')" \
    "$(awk -v b="$bytes" -v p="$pages" 'BEGIN { printf "%.0f", p ? b / p : 0 }')" \
    "$(awk -v b="$html_bytes" -v p="$pages" 'BEGIN { printf "%.0f", p ? b / p : 0 }')")")
}

# folio_runs BUNDLE OUT: prints the seconds of RUNS clean builds, one per line.
folio_runs() {
  local bundle=$1 out=$2 i s e
  for ((i = 0; i < RUNS; i++)); do
    rm -rf "$out"
    sync
    s=$(now)
    "$FOLIO" build "$bundle" -o "$out" --web "$WEB" --fonts "$FONTS" >>"$LOG" 2>&1 || { echo "folio build failed (log: ${LOG#"$ROOT"/})" >&2; return 1; }
    e=$(now)
    elapsed "$s" "$e"
    echo
  done
}

echo "folio build: $RUNS runs each (seed, then 10,000 articles) ..."
mapfile -t t_seed < <(folio_runs "$ROOT" "$BENCH_OUT/out-folio-seed")
report "seed (28 articles)" folio "$BENCH_OUT/out-folio-seed" "${t_seed[@]}"
mapfile -t t_10k < <(folio_runs "$BENCH_OUT/bundle-10k" "$BENCH_OUT/out-folio-10k")
report "10k synthetic" folio "$BENCH_OUT/out-folio-10k" "${t_10k[@]}"
rm -rf "$BENCH_OUT/out-folio-10k" # 400 MB

HUGO_NOTE=""
if command -v hugo >/dev/null 2>&1; then
  site="$BENCH_OUT/hugo-site"
  hugo_site "$BENCH_OUT/bundle-10k" "$site"
  echo "hugo: $RUNS runs ($(hugo version 2>/dev/null | cut -d' ' -f2 | cut -d+ -f1)) ..."
  t_hugo=()
  hout="$BENCH_OUT/out-hugo-10k"
  for ((i = 0; i < RUNS; i++)); do
    rm -rf "$hout"
    sync
    s=$(now)
    if ! (cd "$site" && hugo --quiet -d "$hout") >>"$LOG" 2>&1; then
      echo "hugo failed (log: ${LOG#"$ROOT"/})"
      t_hugo=()
      break
    fi
    e=$(now)
    t_hugo+=("$(elapsed "$s" "$e")")
  done
  if [ ${#t_hugo[@]} -gt 0 ]; then
    report "10k synthetic" hugo "$hout" "${t_hugo[@]}"
  fi
  rm -rf "$hout"
else
  HUGO_NOTE="hugo not installed (apt-get install hugo)"
  echo "$HUGO_NOTE"
fi

# Rebuild of the seed after one article changed: a copy of the seed bundle, one article's dek edited
# before each run. folio has no incremental mode: a rebuild is a full build into the existing folder
# (written beside it, then swapped in).
tmpb=$(mktemp -d "$BENCH_OUT/seed-edit.XXXXXX")
trap 'rm -rf "$tmpb" "$tmpb.out"' EXIT
cp "$ROOT/content.json" "$tmpb/content.json"
"$FOLIO" build "$tmpb" -o "$tmpb.out" --web "$WEB" --fonts "$FONTS" >>"$LOG" 2>&1
t_re=()
for ((i = 1; i <= RUNS; i++)); do
  "$PY" - "$tmpb/content.json" "$i" <<'EOF'
import json, sys
path, n = sys.argv[1], sys.argv[2]
with open(path, encoding="utf-8") as f:
    c = json.load(f)
c["writing"][0]["dek"] = c["writing"][0]["dek"].split(" (edit ")[0] + " (edit " + n + ")"
with open(path, "w", encoding="utf-8") as f:
    json.dump(c, f, indent=1, ensure_ascii=False)
EOF
  s=$(now)
  "$FOLIO" build "$tmpb" -o "$tmpb.out" --web "$WEB" --fonts "$FONTS" >>"$LOG" 2>&1
  e=$(now)
  t_re+=("$(elapsed "$s" "$e")")
done
report "seed, 1 article edited" folio "$tmpb.out" "${t_re[@]}"

echo
echo "wall seconds: median, min and max of $RUNS runs; pages = .html files written; bytes/page = all output bytes / pages"
printf '%-22s %-6s %7s %9s %7s %7s %9s %10s %12s %12s\n' "site" "tool" "pages" "median s" "min s" "max s" "pages/s" "output MB" "bytes/page" "HTML B/page"
printf '%s\n' "${ROWS[@]}"
echo
if [ -n "${PPS["10k synthetic/hugo"]:-}" ] && [ "${PPS["10k synthetic/hugo"]}" != 0 ]; then
  awk -v f="${PPS["10k synthetic/folio"]}" -v h="${PPS["10k synthetic/hugo"]}" \
    'BEGIN { printf "pages/s ratio folio/hugo on the same 10,000 articles: %.2fx (%s vs %s pages/s)\n", f / h, f, h }'
  echo "(hugo uses every core; folio build runs on one thread. folio also writes site.json and each article's"
  echo " Markdown for the book; its feed carries the newest 100 articles in full. Hugo code highlighting is off.)"
else
  echo "pages/s ratio folio/hugo: not measured (${HUGO_NOTE:-hugo failed})"
fi
