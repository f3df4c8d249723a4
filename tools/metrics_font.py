#!/usr/bin/python3
"""Writes a face's stand-in: the same font with every outline removed (metrics only).

usage: metrics_font.py SUBSET.ttf OUT.ttf

The book is laid out with the stand-in of a face its first pages do not show, until the face itself
arrives (src/ui/fonts.h). It keeps what measuring reads (cmap, hmtx advances, hhea ascender/descender,
head units per em, maxp) and nothing that draws, so each glyph measures exactly as in the face and the
layout does not move when the face replaces it. Bounding boxes are not recalculated: they stay the face's.
"""
import sys

from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph


def main():
    src, out = sys.argv[1], sys.argv[2]
    font = TTFont(src, recalcBBoxes=False, recalcTimestamp=False)
    glyf = font["glyf"]
    for name in font.getGlyphOrder():
        glyf[name] = Glyph()  # no contours, no components: zero bytes in glyf
    for tag in [t for t in font.keys() if t not in ("head", "hhea", "maxp", "hmtx", "cmap", "loca", "glyf")]:
        del font[tag]
    font.save(out)
    # What measuring reads must be the face's, number for number (by glyph index: names are not kept).
    check, whole = TTFont(out), TTFont(src)
    advances = lambda f: [f["hmtx"][n][0] for n in f.getGlyphOrder()]
    glyph_ids = lambda f: {c: f.getGlyphID(n) for c, n in f.getBestCmap().items()}
    assert advances(check) == advances(whole), "advances differ"
    assert glyph_ids(check) == glyph_ids(whole), "character map differs"
    for tag, field in (("hhea", "ascent"), ("hhea", "descent"), ("head", "unitsPerEm")):
        assert getattr(check[tag], field) == getattr(whole[tag], field), (tag, field)

if __name__ == "__main__":
    main()
