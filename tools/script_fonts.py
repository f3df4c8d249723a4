#!/usr/bin/python3
"""Subsets the script faces a bundle's text needs: the fallback chain behind the book's own faces.

usage: script_fonts.py FOLIO TEXT.txt MAIN.ttf CONTENT.json OUT_DIR

FOLIO is the native folio program: `folio font-chain` says which face of the chain (src/core/fonts/script_chain.h,
its one home) draws each character of TEXT that MAIN lacks. Each face named is subset to its characters, as
OUT_DIR/script-NAME.ttf, and OUT_DIR/scripts.txt names them in chain order: the book merges them, in that
order, behind each of its faces (src/ui/fonts.h), the early page and the text layer list them after the
face in their font stacks (web/downloads.js), and `folio check --fonts` counts them as drawing.

Every face written has TrueType outlines (glyf): Noto Serif CJK ships CFF outlines in a collection (.ttc),
so its subset is converted (cubic to quadratic curves within 1 font unit). stb_truetype draws CFF too,
but the partial faces of the first view (src/core/fonts/font_partial.h) and the stand-ins (metrics_font.py) are
made by rewriting glyf, so one outline format serves all of them.

Arabic: the layout draws Arabic as its presentation forms (the joined letter shapes, U+FB50-FDFF and
U+FE70-FEFF), so the subset keeps, for each Arabic letter used, the forms of it the face maps, and the
ligatures (lam-alef) whose letters are all used: the forms the text can need, not the whole two ranges.
"""
import json
import os
import subprocess
import sys
import unicodedata

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

ARABIC_FORMS = [range(0xFB50, 0xFE00), range(0xFE70, 0xFF00)]


def site_language(content_json):
    try:
        with open(content_json, encoding="utf-8") as f:
            return str(json.load(f).get("site", {}).get("language", ""))
    except (OSError, ValueError, AttributeError):
        return ""


def arabic_forms(cmap, used):
    """The presentation forms the face maps whose letters (by their compatibility decomposition) are all used."""
    forms = set()
    for block in ARABIC_FORMS:
        for c in block:
            if c not in cmap:
                continue
            parts = unicodedata.decomposition(chr(c)).split()
            letters = [int(p, 16) for p in parts if not p.startswith("<")]
            if letters and all(l in used for l in letters):
                forms.add(c)
    return forms


def cff_to_glyf(font):
    """Replaces CFF outlines with TrueType ones (quadratic, within 1 font unit of the cubic curves)."""
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        glyphs[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyf[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf
    for tag in ("CFF ", "VORG"):
        if tag in font:
            del font[tag]
    maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.numGlyphs = len(order)
    for field in ("maxZones",):
        setattr(maxp, field, 1)
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements", "maxComponentDepth",
                  "maxPoints", "maxContours", "maxCompositePoints", "maxCompositeContours"):
        setattr(maxp, field, 0)
    font["maxp"] = maxp
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 3.0  # no glyph names: nothing reads them
    font.sfntVersion = "\x00\x01\x00\x00"
    font.recalcBBoxes = True  # the new glyphs have no bounds yet


def vertical_metrics(font):
    """(units per em, hhea, OS/2) ascent, descent and line gap of a face, in ems."""
    em = font["head"].unitsPerEm
    h, o = font["hhea"], font["OS/2"]
    return [v / em for v in (h.ascent, h.descent, h.lineGap, o.sTypoAscender, o.sTypoDescender, o.sTypoLineGap,
                             o.usWinAscent, o.usWinDescent)]


def match_vertical_metrics(font, main):
    """Gives the face the book's face's ascent, descent and line gap (scaled to its units per em).

    A browser sets a run in a fallback face on the baseline that face's own ascent and descent put it at
    within the line (CSS half-leading), so the early page's Chinese sat 2-4 px lower than the book's
    (Noto Serif CJK: 1.151 and 0.286 em, Noto Serif 1.069 and 0.293), and Arabic more (Naskh: 0.634 em of
    descent). The book draws every merged face on its face's baseline. With the face's metrics both agree.
    The glyphs are untouched; ImGui's scale for the merged face follows the new glyph box (src/ui/fonts.cpp).
    """
    em = font["head"].unitsPerEm
    v = [round(x * em) for x in main]
    h, o = font["hhea"], font["OS/2"]
    h.ascent, h.descent, h.lineGap = v[0], v[1], v[2]
    o.sTypoAscender, o.sTypoDescender, o.sTypoLineGap = v[3], v[4], v[5]
    o.usWinAscent, o.usWinDescent = v[6], v[7]


def write_face(path, number, chars, out_path, main_metrics):
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "DSIG", "VORG", "vhea", "vmtx"]
    options.notdef_outline = True
    options.font_number = number
    font = subset.load_font(path, options, dontLoadGlyphNames=True)
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(chars))
    sub.subset(font)
    if "CFF " in font:
        cff_to_glyf(font)
    match_vertical_metrics(font, main_metrics)
    font.save(out_path)
    font.close()
    # What the face was asked for, it maps.
    check = TTFont(out_path).getBestCmap()
    missing = [c for c in chars if c not in check]
    assert not missing, "the subset lost " + " ".join("U+%04X" % c for c in missing[:8])


def main():
    folio, text_path, main_face, content_json, out = sys.argv[1:6]
    with open(text_path, encoding="utf-8") as f:
        used = {ord(c) for c in f.read() if ord(c) >= 0x20}
    chain = subprocess.run([folio, "font-chain", text_path, main_face, site_language(content_json)],
                           check=True, capture_output=True, text=True).stdout
    for name in os.listdir(out):
        if name.startswith("script-") and name.endswith(".ttf"):
            os.remove(os.path.join(out, name))
    main_metrics = vertical_metrics(TTFont(main_face, lazy=True))
    written = []
    for line in chain.splitlines():
        name, path, number, code_points = line.split("\t")
        mine = set(map(int, code_points.split()))
        if name == "arabic":
            cmap = TTFont(path, lazy=True).getBestCmap()
            mine |= arabic_forms(cmap, used)
        file = "script-" + name + ".ttf"
        write_face(path, int(number), mine, os.path.join(out, file), main_metrics)
        written.append(file)
    with open(os.path.join(out, "scripts.txt"), "w", encoding="utf-8") as f:
        f.write("".join(w + "\n" for w in written))


if __name__ == "__main__":
    main()
