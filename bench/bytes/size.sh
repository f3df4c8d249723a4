#!/usr/bin/env bash
# folio benchmark: bytes a visitor downloads for the first view of the seed site, per file: raw, gzip -9 and
# brotli -q 11. Uses build/site when it is there (./folio test builds it); otherwise builds the seed into
# build/bench/site with the prebuilt build/native/folio and build/web.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"


echo
echo "== size: bytes on first load, seed site (bench/bytes/size.sh) =="
# FOLIO_SIZE_SITE: measure another built site instead (e.g. an older build, for a before/after).
if [ -n "${FOLIO_SIZE_SITE:-}" ]; then site=$FOLIO_SIZE_SITE; else site=$(seed_site) || exit 0; fi
echo "site: ${site#"$ROOT"/}"
if ! command -v brotli >/dev/null 2>&1; then
  echo "note: brotli is not installed (apt-get install brotli); its column shows '-'"
fi

one() { # PATH-IN-SITE: prints "raw gzip brotli"
  local f="$site/$1" raw gz br
  raw=$(wc -c <"$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  if command -v brotli >/dev/null 2>&1; then br=$(brotli -c -q 11 "$f" | wc -c); else br=0; fi
  echo "$raw $gz $br"
}

# What the first view fetches, as the front page names it (its preloads: the faces its first pages show
# whole, the stand-ins of the others), plus the page itself and its stylesheet and boot script.
files=(index.html)
for pat in 'folio.*.css' 'boot.*.js'; do
  m=$(cd "$site" && ls assets/$pat 2>/dev/null | head -1 || true)
  [ -n "$m" ] && files+=("$m")
done
while read -r p; do files+=("${p#/}"); done < <(grep -o '<link rel="preload" href="[^"]*"' "$site/index.html" | sed 's/.*href="//; s/"$//')

printf '%-40s %10s %10s %10s\n' "file" "raw B" "gzip -9 B" "brotli B"
tr=0 tg=0 tb=0
for f in "${files[@]}"; do
  read -r raw gz br < <(one "$f")
  printf '%-40s %10d %10d %10s\n' "$f" "$raw" "$gz" "$([ "$br" = 0 ] && echo - || echo "$br")"
  tr=$((tr + raw)) tg=$((tg + gz)) tb=$((tb + br))
done
printf '%-40s %10d %10d %10s\n' "total (${#files[@]} files)" "$tr" "$tg" "$([ "$tb" = 0 ] && echo - || echo "$tb")"
awk -v r="$tr" -v g="$tg" -v b="$tb" 'BEGIN { printf "%-40s %10.1f %10.1f %10s\n", "total KB (1000 B)", r / 1000, g / 1000, (b ? sprintf("%.1f", b / 1000) : "-") }'
echo
# Not the goal's figure: the book's own files (the glue, the wasm, site.json) are not named in the HTML
# (docs/first-view.md, "Two stages"), so the first load is counted below, as the browser makes it.
echo "(these are the proof's files, the ones the HTML names; the first load, with the book's, is below)"

# The same, counted as a real browser loads it (bench/bytes/firstload.mjs: headless Chromium, the requests the
# server answers until the book is idle), beside a baseline when there is one: FOLIO_SIZE_BASELINE_WEB, a
# folder with an older build's folio.js and folio.wasm (default build/bench/baseline-web, if you saved one), built
# here with every face whole, as before stand-ins.
if command -v node >/dev/null 2>&1 && [ -x /usr/bin/chromium ] && [ -d "$ROOT/node_modules/playwright-core" ]; then
  runs=("now=$site")
  base_web=${FOLIO_SIZE_BASELINE_WEB:-$BENCH_OUT/baseline-web}
  if [ -f "$base_web/folio.wasm" ] && [ -x "$FOLIO" ]; then
    whole="$BENCH_OUT/fonts-whole"
    mkdir -p "$whole"
    src_fonts=$(fonts_dir)
    for f in serif-regular serif-italic serif-bold serif-bolditalic mono-regular; do cp "$src_fonts/$f.ttf" "$whole/"; done
    cp "$src_fonts/chars.txt" "$whole/" 2>/dev/null || true
    if "$FOLIO" build "$ROOT" -o "$BENCH_OUT/site-baseline" --web "$base_web" --fonts "$whole" >/dev/null; then
      runs=("before=$BENCH_OUT/site-baseline" "${runs[@]}")
      echo "baseline: ${base_web#"$ROOT"/} (folio.wasm $(wc -c <"$base_web/folio.wasm") B), every face whole"
    fi
  fi
  node "$ROOT/bench/bytes/firstload.mjs" "${runs[@]}"
else
  echo "(no browser count: needs node, /usr/bin/chromium and node_modules/playwright-core)"
fi

# What the wasm is made of: sections, and the code by origin and by function (names from the symbol map the
# web build writes beside the glue).
wasm=$(cd "$site" && ls assets/folio.*.wasm | head -1)
echo
echo "wasm breakdown ($wasm):"
syms="$WEB/folio.js.symbols"
if [ -f "$syms" ] && cmp -s "$WEB/folio.wasm" "$site/$wasm"; then
  "$PY" "$ROOT/bench/bytes/wasm_sizes.py" "$site/$wasm" "$syms" --top 20
else
  "$PY" "$ROOT/bench/bytes/wasm_sizes.py" "$site/$wasm" --top 20
  echo "(no names: build/web/folio.js.symbols is missing or belongs to another build)"
fi
