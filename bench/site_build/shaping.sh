#!/usr/bin/env bash
# folio benchmark: what shaping costs (docs/fonts.md, "Shaped, at build time"), on a Hindi site of real text
# (bench/gen/gen_prose.py hi: the Hindi translations Debian's packages carry), N posts:
#   - the fonts' build in the binary (HarfBuzz's shaping and subsetting, in process) from nothing, and over its
#     state when the text needs nothing new; the runs shaped and the Devanagari face's bytes;
#   - the site's build with them, median of FOLIO_BENCH_RUNS (3).
# On a site with no shaped script (the English seed) the layout never looks: no face has a table.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

N=${FOLIO_BENCH_POSTS:-400}
RUNS=${FOLIO_BENCH_RUNS:-3}
echo
echo "== shaping: a Hindi site of $N posts: the fonts' build, and the site's (bench/site_build/shaping.sh) =="
need_builds || exit 0
ls /usr/share/locale/hi/LC_MESSAGES/*.mo >/dev/null 2>&1 || { echo "skipped: no Hindi translations in /usr/share/locale/hi"; exit 0; }
bundle="$BENCH_OUT/prose-hi"
mkdir -p "$BENCH_OUT"
"$PY" "$ROOT/bench/gen/gen_prose.py" hi "$bundle" "$N"

# The fonts' build in the binary (core/font_build: HarfBuzz's shaping and subsetting, in process): made from
# nothing, then again over its state (what an edit that adds nothing costs), then the site's whole build.
fonts="$BENCH_OUT/fonts-hi"
declare -A WALL
for run in $(seq 1 "$RUNS"); do
  rm -rf "$fonts"
  t0=$(now)
  "$FOLIO" check "$bundle" --fonts "$fonts" >/dev/null 2>&1
  t1=$(now)
  "$FOLIO" check "$bundle" --fonts "$fonts" >/dev/null 2>&1
  t2=$(now)
  WALL[made]="${WALL[made]:-} $(elapsed "$t0" "$t1")"
  WALL[kept]="${WALL[kept]:-} $(elapsed "$t1" "$t2")"
  WALL[site]="${WALL[site]:-} $(build_seconds "$bundle" "$BENCH_OUT/prose-hi-site" "$fonts")"
done
runs=$(($(wc -l <"$fonts/fonts.state") - 3))
size=$(stat -c %s "$fonts/script-devanagari.ttf")
echo "folio check, fonts made from nothing: $(median ${WALL[made]}) s; over its state (nothing to make): $(median ${WALL[kept]}) s (median of $RUNS; runs:${WALL[made]} /${WALL[kept]})"
echo "the runs shaped: $runs; the Devanagari face: $(awk -v b="$size" 'BEGIN { printf "%.1f", b / 1024 }') KB"
echo "site build (fonts kept): $(median ${WALL[site]}) s (median of $RUNS; runs:${WALL[site]})"
