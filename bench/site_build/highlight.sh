#!/usr/bin/env bash
# folio benchmark: what build-time syntax highlighting costs. `folio build` of the 10,000-article bundle
# (bench/gen/gen_bundle.py: one fenced code block with a language per article) against the same bundle with
# the fences' language names removed, so the same code stays plain; both built in one run, alternating.
# Also the wasm the browser downloads, which has no Markdown, HTML or highlighting code in it.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

RUNS=${RUNS:-3}
echo
echo "== highlight: build time with and without highlighting, 10k articles (bench/site_build/highlight.sh) =="
need_builds || exit 0
mkdir -p "$BENCH_OUT"
gen_bundle "$BENCH_OUT/bundle-10k" 10000 2000
plain="$BENCH_OUT/bundle-10k-plain"
if [ ! -f "$plain/.bench-key" ] || ! cmp -s "$plain/.bench-key" "$BENCH_OUT/bundle-10k/.bench-key"; then
  rm -rf "$plain"
  cp -r "$BENCH_OUT/bundle-10k" "$plain"
  sed -i -E 's/^```[A-Za-z0-9+#-]+$/```/' "$plain"/writing/*.md
fi
fences=$(cat "$BENCH_OUT/bundle-10k"/writing/*.md | grep -cE '^```[A-Za-z]' || true)
echo "fenced blocks with a language: $fences (plain copy: $(cat "$plain"/writing/*.md | grep -cE '^```[A-Za-z]' || true))"
LOG="$BENCH_OUT/highlight-bench.log"
: >"$LOG"
on=() off=()
for ((i = 0; i < RUNS; i++)); do
  for variant in on off; do
    bundle="$BENCH_OUT/bundle-10k"
    [ "$variant" = off ] && bundle="$plain"
    out="$BENCH_OUT/out-highlight-$variant"
    rm -rf "$out"
    sync
    s=$(now)
    "$FOLIO" build "$bundle" -o "$out" --web "$WEB" >>"$LOG" 2>&1 || { echo "folio build failed (log: ${LOG#"$ROOT"/})" >&2; exit 1; }
    e=$(now)
    if [ "$variant" = on ]; then on+=("$(elapsed "$s" "$e")"); else off+=("$(elapsed "$s" "$e")"); fi
  done
done
spans=$(cat "$BENCH_OUT"/out-highlight-on/writing/*/index.html | grep -o 'class="tok-' | wc -l)
rm -rf "$BENCH_OUT"/out-highlight-on "$BENCH_OUT"/out-highlight-off
m_on=$(median "${on[@]}") m_off=$(median "${off[@]}")
printf '%-26s %10s %s\n' "build" "median s" "runs"
printf '%-26s %10s %s\n' "highlighting on" "$m_on" "${on[*]}"
printf '%-26s %10s %s\n' "highlighting off (plain)" "$m_off" "${off[*]}"
awk -v a="$m_on" -v b="$m_off" 'BEGIN { printf "on/off: %.3f (highlighting adds %.3f s)\n", (b > 0) ? a / b : 0, a - b }'
echo "coloured spans written into the 10k article pages: $spans"
w="$WEB/folio.wasm"
echo "wasm (build/web/folio.wasm): $(wc -c <"$w") bytes raw, $(gzip -9 -c "$w" | wc -c) gzip, $( (command -v brotli >/dev/null && brotli -c -q 11 "$w" | wc -c) || echo -) brotli"
