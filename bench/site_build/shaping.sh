#!/usr/bin/env bash
# folio benchmark: what shaping costs (docs/fonts.md, "Shaped, at build time"), on a Hindi site of real text
# (bench/gen/gen_prose.py hi: the Hindi translations Debian's packages carry), N posts:
#   - the script faces' build (tools/script_fonts.py): its wall time, and the share of it that shapes (HarfBuzz
#     over every run, the clusters planned); the runs, the clusters given glyphs, the Devanagari face's bytes;
#   - the site's build with those faces against the same faces without their cluster tables (the layout then
#     draws each character's own glyph, as before shaping), median of FOLIO_BENCH_RUNS (3), alternating.
# On a site with no shaped script (the English seed) the layout never looks: no face has a table.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

N=${FOLIO_BENCH_POSTS:-400}
RUNS=${FOLIO_BENCH_RUNS:-3}
echo
echo "== shaping: a Hindi site of $N posts: the faces' build, and the site's with clusters and without (bench/site_build/shaping.sh) =="
need_builds || exit 0
command -v hb-shape >/dev/null || { echo "skipped: no hb-shape (./folio bootstrap installs libharfbuzz-bin)"; exit 0; }
ls /usr/share/locale/hi/LC_MESSAGES/*.mo >/dev/null 2>&1 || { echo "skipped: no Hindi translations in /usr/share/locale/hi"; exit 0; }
bundle="$BENCH_OUT/prose-hi"
mkdir -p "$BENCH_OUT"
"$PY" "$ROOT/bench/gen/gen_prose.py" hi "$bundle" "$N"

# The book's faces: Debian's originals (what the subsets are cut from); the script faces made for this text.
fonts="$BENCH_OUT/fonts-hi"
plain="$BENCH_OUT/fonts-hi-unshaped"
rm -rf "$fonts" "$plain"
debian_fonts "$fonts"
"$FOLIO" site-json "$bundle" >"$fonts/text.txt"
t0=$(now)
"$PY" "$ROOT/tools/script_fonts.py" "$FOLIO" "$fonts/text.txt" "$fonts/serif-regular.ttf" "$bundle/content.json" "$fonts" 2>/dev/null
t1=$(now)
"$PY" - "$ROOT/tools" "$fonts" "$(elapsed "$t0" "$t1")" <<'PY'
import os, sys, time
sys.path.insert(0, sys.argv[1])
import script_fonts as sf
from fontTools.ttLib import TTFont
fonts, wall = sys.argv[2], float(sys.argv[3])
text = open(os.path.join(fonts, "text.txt"), encoding="utf-8").read()
face = TTFont(os.path.join(fonts, "script-devanagari.ttf"))
chars = {c for c in face.getBestCmap() if c < 0xE000}
path = "/usr/share/fonts/truetype/noto/NotoSerifDevanagari-Regular.ttf"
t = time.perf_counter()
runs = sf.runs_of(text, chars)
shaped = sf.shape_runs(path, runs)
options, whole = sf.load_face(path, 0, True)
table, used = sf.plan_clusters(whole, path, runs, shaped)
shaping = time.perf_counter() - t
glyphs = sum(1 for v in table.values() if v is not None)
print(f"script faces built in {wall:.2f} s, of which shaping {shaping:.2f} s ({100 * shaping / wall:.0f}%):"
      f" {len(runs)} distinct runs, {len(table)} clusters, {glyphs} drawn by a glyph of their own")
size = os.path.getsize(os.path.join(fonts, "script-devanagari.ttf"))
print(f"the Devanagari face: {size / 1024:.1f} KB ({len(face.getGlyphOrder())} glyphs)")
PY
# The same faces without their cluster tables: the layout draws each character's glyph.
cp -rL "$fonts" "$plain"
for f in "$plain"/script-*.ttf; do
  "$PY" -c 'import sys; from fontTools.ttLib import TTFont; f = TTFont(sys.argv[1]); ("FOLc" in f and f.__delitem__("FOLc")); f.save(sys.argv[1])' "$f"
done
declare -A WALL
for run in $(seq 1 "$RUNS"); do
  for kind in shaped plain; do
    dir=$fonts
    [ "$kind" = plain ] && dir=$plain
    WALL[$kind]="${WALL[$kind]:-} $(build_seconds "$bundle" "$BENCH_OUT/prose-hi-site-$kind" "$dir")"
  done
done
s=$(median ${WALL[shaped]})
p=$(median ${WALL[plain]})
echo "site build: with clusters $s s, without $p s (median of $RUNS; runs:${WALL[shaped]} /${WALL[plain]}); $(awk -v a="$s" -v b="$p" 'BEGIN { printf "%.3f", a / b }') times"
