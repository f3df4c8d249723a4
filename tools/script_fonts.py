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

Shaping: a face whose script needs OpenType shaping (`shaped` in the chain: Devanagari and the other Indic
scripts, Thai, Lao, Khmer, Myanmar, Tibetan) keeps its layout tables (GSUB, GPOS, GDEF: the browser shapes
the static page with them), and the bundle's runs of its characters are shaped with HarfBuzz (hb-shape,
Debian's libharfbuzz-bin). Each cluster that does not draw as its characters' own glyphs (a conjunct, a
vowel sign drawn before its consonant, a tone mark lifted over a vowel) gets a new glyph: a TrueType
composite of the cluster's glyphs where HarfBuzz put them, with the cluster's advance, mapped from a
private-use code point (U+E000 on, one count across the faces). The face's `FOLc` table lists the
clusters and their code points (core/text/clusters.h): the layout draws each cluster as its one glyph, so
the book, the early page (which draws the same code points from the same face) and the static page agree.
OUT_DIR/shaped.txt records the runs shaped, so that ./folio knows when new text needs a new shaping
(`--covered TEXT OUT_DIR`).

Emoji: the bundle's emoji (each astral pictograph, and its ZWJ sequences, skin tones, flags and emoji
presentations, as Noto Color Emoji's GSUB joins them: shaped with HarfBuzz too) are drawn in colour from
`fonts-noto-color-emoji`: script-emoji.ttf is its subset to the glyphs they use (colour bitmaps, CBDT), each
mapped from a private-use code point and listed in FOLc, as a shaped cluster is. The book draws them through
its own ImGui loader (src/ui/emoji_loader.h), the early page through the browser's.

Arabic: the layout draws Arabic as its presentation forms (the joined letter shapes, U+FB50-FDFF and
U+FE70-FEFF), so the subset keeps, for each Arabic letter used, the forms of it the face maps, and the
ligatures (lam-alef) whose letters are all used: the forms the text can need, not the whole two ranges.
A word with vowel marks (or a shadda, a sukun) is joined as the layout joins it (`folio arabic-forms`, the
one home of joining) and shaped with HarfBuzz: each letter that carries a mark becomes one glyph, the marks
where the face's mark positioning puts them, as a Hebrew letter with its points does.
"""
import json
import os
import subprocess
import sys
import tempfile
import unicodedata

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables.DefaultTable import DefaultTable
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent

from shaped_runs import JOINERS, covered, emoji_runs, is_emoji, pointed_arabic_runs, runs_of  # one home

ARABIC_FORMS = [range(0xFB50, 0xFE00), range(0xFE70, 0xFF00)]
PRIVATE_USE = range(0xE000, 0xF900)  # the book's ImGui keeps code points in 16 bits: the BMP's private area
EMOJI_FACE = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"


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


def decompositions(chars, cmap):
    """The parts a shaper splits the characters into (Thai's sara am into nikhahit and sara aa, a Bengali or
    Tamil two-part vowel sign into its two), as far as the face maps them, and the dotted circle a broken
    cluster is set on: the subset must map them too, or they are drawn as the missing glyph."""
    out, todo = {0x25CC} & set(cmap), list(chars)
    while todo:
        for part in unicodedata.decomposition(chr(todo.pop())).split():
            if not part.startswith("<") and int(part, 16) in cmap and int(part, 16) not in out:
                out.add(int(part, 16))
                todo.append(int(part, 16))
    return out


def load_face(path, number, shaped, marks_only=False):
    options = subset.Options()
    options.hinting = False
    options.drop_tables += ["DSIG", "VORG", "vhea", "vmtx"]
    if marks_only:
        # Arabic: the browser joins the early page's Arabic by the presentation forms when the face has no
        # GSUB (HarfBuzz's fallback), as the layout does; the face's mark positioning (GPOS) stays, so the
        # browser puts each vowel mark where the book's glyph of the letter and its mark has it.
        options.layout_features = ["mark", "mkmk"]
        options.drop_tables += ["GSUB"]
        shaped = True
    # A shaped face keeps every glyph its layout tables can reach from the characters (Devanagari: each
    # conjunct of the consonants used, 85 KB for one article; the glyphs a word's shaping ends with are
    # too few, for the lookups pass through others on the way: shaped with those alone, विद्यार्थी set its
    # reph as a mark and came out 0.37 em wider).
    if not shaped:
        options.layout_features = []
        options.drop_tables += ["GSUB", "GPOS", "GDEF"]
    options.notdef_outline = True
    options.font_number = number
    return options, subset.load_font(path, options, dontLoadGlyphNames=True)


def subset_face(options, font, chars, glyphs=()):
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(chars), glyphs=sorted(glyphs))
    sub.subset(font)
    if "CFF " in font:
        cff_to_glyf(font)
    return font


def shape_runs(font_path, runs, direction=None):
    """HarfBuzz's glyphs for each run: [(glyph id, cluster, dx, dy, advance)], in run order. The direction is
    the script's (Hebrew right to left, as the browser shapes it: its marks and kerning are the face's for
    that direction), unless given."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write("".join(r + "\n" for r in runs))
        name = f.name
    try:
        direction_flag = ["--direction=" + direction] if direction else []
        out = subprocess.run(["hb-shape", "-O", "json", "--no-glyph-names"] + direction_flag + ["--text-file=" + name,
                              font_path], check=True, capture_output=True, text=True).stdout
    finally:
        os.remove(name)
    lines = out.splitlines()
    assert len(lines) == len(runs), "hb-shape gave %d lines for %d runs" % (len(lines), len(runs))
    return [[(g["g"], g["cl"], g["dx"], g["dy"], g["ax"]) for g in json.loads(line)] for line in lines]


def clusters_of(run, glyphs):
    """The run cut into HarfBuzz's clusters: (text, glyphs of it)."""
    starts = sorted({g[1] for g in glyphs})
    out = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(run)
        out.append((run[start:end], [g for g in glyphs if g[1] == start]))
    return out


def arabic_forms_of(folio, runs):
    """The runs joined as the layout draws them (presentation forms), by the native folio."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write("\n".join(runs))
        name = f.name
    try:
        out = subprocess.run([folio, "arabic-forms", name], check=True, capture_output=True, text=True).stdout
    finally:
        os.remove(name)
    forms = out.split("\n")[:len(runs)]
    assert len(forms) == len(runs), "folio arabic-forms gave %d lines for %d runs" % (len(forms), len(runs))
    return forms


def with_marks(table):
    """Only the clusters that hold a mark (an Arabic letter with its vowels): a letter alone keeps the form
    the layout chose, whatever alternate HarfBuzz's context picked for it."""
    return {t: k for t, k in table.items() if any(unicodedata.category(c) == "Mn" for c in t)}


def plan_clusters(font, font_path, runs, shaped):
    """Which clusters HarfBuzz draws otherwise than as their characters' glyphs, in the whole face: the table
    (cluster text -> the key of its glyph, or None: drawn as its characters), each key's composite
    ((glyph name, x, y) parts, advance), and the glyphs the shaping used. The runs say where clusters are
    and which glyphs their context chose; each cluster is also shaped by itself, and where that gives the same
    glyphs its places are taken from there, so no glyph holds the kerning its letter had beside a neighbour
    where the text first has it (a kerned letter would otherwise become a narrower glyph everywhere)."""
    cmap = font.getBestCmap()
    order = font.getGlyphOrder()
    gid_of = {name: i for i, name in enumerate(order)}
    glyf, hmtx = font["glyf"], font["hmtx"]
    used, met = set(), {}  # met: each cluster's glyphs where the text first has it
    for run, glyphs in zip(runs, shaped):
        used.update(order[g[0]] for g in glyphs)
        for text, gs in clusters_of(run, glyphs):
            if text not in met and not any(g[0] == 0 for g in gs):  # a character the face lacks: as it is
                met[text] = gs
    texts = list(met)
    table = {}
    for text, alone in zip(texts, shape_runs(font_path, texts) if texts else []):
        # Its glyphs alone when they are the same glyphs (only kerning differs); in context when the context
        # chose them (a Devanagari half form before the consonant it joins).
        gs = alone if [g[0] for g in alone] == [g[0] for g in met[text]] else met[text]
        own = [(gid_of[cmap[ord(c)]], hmtx[cmap[ord(c)]][0]) if ord(c) in cmap else (-1, 0)
               for c in text if ord(c) not in JOINERS]
        if [(g[0], g[2], g[3], g[4]) for g in gs] == [(gid, 0, 0, adv) for gid, adv in own]:
            if len(text) > 1:
                table[text] = None  # drawn as its characters; its bounds still guide the cut (clusters.h)
            continue
        pen, parts = 0, []
        for gid, _, dx, dy, ax in gs:
            if glyf[order[gid]].numberOfContours != 0:
                parts.append((order[gid], pen + dx, dy))
            pen += ax
        table[text] = (tuple(parts), pen)
    return table, used


def add_cluster_glyphs(font, table, next_code_point):
    """Gives each planned composite a glyph and a private-use code point (clusters that draw alike share
    one) and writes the FOLc table. Returns the next free code point and the clusters left as they are
    for want of code points."""
    order = list(font.getGlyphOrder())
    glyf, hmtx = font["glyf"], font["hmtx"]
    made, folc, left = {}, {}, 0
    for text, key in table.items():
        if key is None:
            folc[text] = 0
            continue
        if key not in made:
            if next_code_point >= PRIVATE_USE.stop:
                left += 1
                continue
            parts, advance = key
            name = "cluster%04X" % next_code_point
            glyph = Glyph()
            if parts:  # a composite of the cluster's glyphs; only marks without outlines: empty, with the advance
                glyph.numberOfContours = -1
                glyph.components = []
                for part, x, y in parts:
                    c = GlyphComponent()
                    c.glyphName, c.x, c.y, c.flags = part, x, y, 0
                    glyph.components.append(c)
            order.append(name)
            glyf.glyphs[name] = glyph
            glyph.recalcBounds(glyf)
            hmtx[name] = (advance, getattr(glyph, "xMin", 0))
            for t in font["cmap"].tables:
                if t.isUnicode():
                    t.cmap[next_code_point] = name
            made[key] = next_code_point
            next_code_point += 1
        folc[text] = made[key]
    font.setGlyphOrder(order)
    glyf.glyphOrder = order
    font["post"].formatType = 3.0
    put_cluster_table(font, folc)
    return next_code_point, left


def put_cluster_table(font, folc):
    """The FOLc table (core/text/clusters.h): a cluster's code point, a tab, its text, a line each. None when
    there is no cluster: a browser's font sanitizer refuses a face with an empty table, and with it the face."""
    if folc:
        data = DefaultTable("FOLc")
        data.data = "".join("%X\t%s\n" % (cp, text) for text, cp in sorted(folc.items())).encode("utf-8")
        font["FOLc"] = data


def write_face(path, number, chars, out_path, main_metrics, runs=None, next_code_point=PRIVATE_USE.start,
               layout=True, keep=lambda table: table):
    """The face subset to the characters; with runs, its clusters planned from their shaping and added. A
    face without `layout` keeps only its mark positioning (Arabic: drawn in its joined forms, load_face);
    `keep` chooses the clusters that get glyphs."""
    options, font = load_face(path, number, runs is not None and layout, runs is not None and not layout)
    left, table, used = 0, {}, set()
    if runs:
        # Shaped with the whole face (the subset keeps every glyph this used, and the lookups among them).
        table, used = plan_clusters(font, path, runs, shape_runs(path, runs))
        table = keep(table)
    subset_face(options, font, chars, used)
    match_vertical_metrics(font, main_metrics)
    if runs:
        next_code_point, left = add_cluster_glyphs(font, table, next_code_point)
    font.save(out_path)
    font.close()
    # What the face was asked for, it maps.
    check = TTFont(out_path).getBestCmap()
    missing = [c for c in chars if c not in check]
    assert not missing, "the subset lost " + " ".join("U+%04X" % c for c in missing[:8])
    if left:
        print("script_fonts: %s: %d clusters drawn unshaped (no private-use code point left)" % (out_path, left),
              file=sys.stderr)
    return next_code_point


def write_emoji_face(runs, out_path, main_metrics, next_code_point):
    """The colour emoji face: Noto Color Emoji's glyphs for the runs' emoji, each at a private-use code
    point (and nothing else mapped), with the FOLc table. Returns the next free code point."""
    shaped = shape_runs(EMOJI_FACE, runs, "ltr")
    options = subset.Options()
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "DSIG", "vhea", "vmtx"]
    options.notdef_outline = True
    font = subset.load_font(EMOJI_FACE, options, dontLoadGlyphNames=True)
    order, cmap = font.getGlyphOrder(), font.getBestCmap()
    glyph_of = {}  # emoji text -> its glyph
    for run, glyphs in zip(runs, shaped):
        for text, gs in clusters_of(run, glyphs):
            if len(gs) == 1 and gs[0][0] != 0:
                glyph_of.setdefault(text, order[gs[0][0]])
        for c in run:  # a sequence the face does not join is drawn emoji by emoji
            if is_emoji(ord(c)) and ord(c) in cmap:
                glyph_of.setdefault(c, cmap[ord(c)])
    sub = subset.Subsetter(options)
    sub.populate(glyphs=sorted(set(glyph_of.values())))
    sub.subset(font)
    code_point_of, folc = {}, {}
    for text, glyph in sorted(glyph_of.items()):
        if glyph not in code_point_of:
            if next_code_point >= PRIVATE_USE.stop:
                continue
            code_point_of[glyph] = next_code_point
            next_code_point += 1
        folc[text] = code_point_of[glyph]
    table = CmapSubtable.newSubtable(4)
    table.platformID, table.platEncID, table.language = 3, 1, 0
    table.cmap = {cp: glyph for glyph, cp in code_point_of.items()}
    font["cmap"].tables = [table]
    match_vertical_metrics(font, main_metrics)
    put_cluster_table(font, folc)
    font["post"].formatType = 3.0
    font.save(out_path)
    font.close()
    return next_code_point


def main():
    if sys.argv[1] == "--covered":  # (tools/shaped_runs.py answers this alone, without fontTools)
        sys.exit(0 if covered(sys.argv[2], sys.argv[3]) else 1)
    folio, text_path, main_face, content_json, out = sys.argv[1:6]
    with open(text_path, encoding="utf-8") as f:
        text = f.read()
    used = {ord(c) for c in text if ord(c) >= 0x20}
    chain = subprocess.run([folio, "font-chain", text_path, main_face, site_language(content_json)],
                           check=True, capture_output=True, text=True).stdout
    for name in os.listdir(out):
        if (name.startswith("script-") and name.endswith(".ttf")) or name == "shaped.txt":
            os.remove(os.path.join(out, name))
    main_metrics = vertical_metrics(TTFont(main_face, lazy=True))
    written, shaped_chars, shaped_runs = [], set(), []
    next_code_point = PRIVATE_USE.start
    for line in chain.splitlines():
        name, path, number, kind, code_points = line.split("\t")
        mine = set(map(int, code_points.split()))
        if name == "arabic":
            cmap = TTFont(path, lazy=True).getBestCmap()
            mine |= arabic_forms(cmap, used)
        runs, layout, keep = None, True, (lambda table: table)
        if name == "arabic" and pointed_arabic_runs(text):
            pointed = pointed_arabic_runs(text)
            runs, layout, keep = arabic_forms_of(folio, pointed), False, with_marks
            shaped_runs += pointed  # the preview asks whether a new word with marks was shaped (covered)
        if kind == "shaped":
            runs = runs_of(text, mine)
            mine |= decompositions(mine, TTFont(path, lazy=True).getBestCmap())
            shaped_chars |= mine
            shaped_runs += runs
        file = "script-" + name + ".ttf"
        next_code_point = write_face(path, int(number), mine, os.path.join(out, file), main_metrics, runs,
                                     next_code_point, layout, keep)
        written.append(file)
    emoji = emoji_runs(text)
    if emoji and os.path.exists(EMOJI_FACE):
        next_code_point = write_emoji_face(emoji, os.path.join(out, "script-emoji.ttf"), main_metrics, next_code_point)
        written.append("script-emoji.ttf")
        shaped_runs += emoji
    with open(os.path.join(out, "scripts.txt"), "w", encoding="utf-8") as f:
        f.write("".join(w + "\n" for w in written))
    if shaped_runs:
        with open(os.path.join(out, "shaped.txt"), "w", encoding="utf-8") as f:
            f.write(" ".join(map(str, sorted(shaped_chars))) + "\n" + "\n".join(shaped_runs))


if __name__ == "__main__":
    main()
