#!/usr/bin/env bash
# folio benchmark: bytes a visitor downloads for the first view of the seed site, per file: raw, gzip -9 and
# brotli -q 11. Uses build/site when it is there (./folio test builds it); otherwise builds the seed into
# build/bench/site with the prebuilt build/native/folio and build/web.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"

AIM=450000 # bytes, compressed (brotli), everything the first view downloads

echo
echo "== size: bytes on first load, seed site (bench/size.sh) =="
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

# What the first view fetches, in the order the page asks for it.
files=(index.html)
for pat in 'folio.*.css' 'boot.*.js' 'folio.*.js' 'folio.*.wasm'; do
  m=$(cd "$site" && ls assets/$pat 2>/dev/null | head -1 || true)
  [ -n "$m" ] && files+=("$m")
done
files+=(site.json)
for face in serif-regular serif-italic serif-bold serif-bolditalic mono-regular; do
  m=$(cd "$site" && ls assets/$face.*.ttf 2>/dev/null | head -1 || true)
  [ -n "$m" ] && files+=("$m")
done

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
if [ "$tb" -gt 0 ]; then
  best=$tb how=brotli
else
  best=$tg how=gzip
fi
awk -v b="$best" -v g="$tg" -v aim="$AIM" -v how="$how" 'BEGIN {
  printf "aim: under %.0f KB compressed for everything the first view downloads\n", aim / 1000
  printf "  %s: %.1f KB -> %s\n", how, b / 1000, (b < aim) ? "met" : "NOT met"
  if (how != "gzip") printf "  gzip -9: %.1f KB -> %s (for hosts that only gzip)\n", g / 1000, (g < aim) ? "met" : "NOT met"
}'
