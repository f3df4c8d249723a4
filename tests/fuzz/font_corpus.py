#!/usr/bin/python3
"""font_corpus.py OUT_DIR [EXTRA_FONT_DIR]: writes fuzz_font_partial's corpus into OUT_DIR.

Fonts are never committed, so the corpus is made at test time (ctest runs this before the replay) from
the fonts the bootstrap installs (Debian's fonts-noto-core and fonts-jetbrains-mono, the faces ./folio
subsets), the subset fonts ./folio writes (EXTRA_FONT_DIR, build/fonts, when present), and a small face
built here with composite glyphs and both cmap formats. Beside each whole face: deterministic truncations
and corruptions aimed at what src/core/fonts/font_partial.cpp reads (the table directory, head, maxp, loca,
glyf composites, cmap formats 4 and 12, a FOLi table), so the replay reaches every refusal and the edges
around it. Each file is one choice byte (which characters the partial keeps, see fuzz_font_partial.cpp)
then the font. Files in OUT_DIR that it no longer makes are removed; prints how many files it made.
"""
import os
import random
import struct
import sys

DEBIAN_FONTS = [  # (path, Debian package): the faces ./folio subsets (FONT_PAIRS in the folio script)
    ("/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf", "fonts-noto-core"),
    ("/usr/share/fonts/truetype/noto/NotoSerif-Italic.ttf", "fonts-noto-core"),
    ("/usr/share/fonts/truetype/noto/NotoSerif-Bold.ttf", "fonts-noto-core"),
    ("/usr/share/fonts/truetype/noto/NotoSerif-BoldItalic.ttf", "fonts-noto-core"),
    ("/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Regular.ttf", "fonts-jetbrains-mono"),
]
# Every variant for these; the other Debian faces (600 KB each) get the whole face and its truncations,
# which keeps the corpus near 80 MB and the replay within seconds.
FULLY_VARIED = {"NotoSerif-Regular.ttf", "JetBrainsMono-Regular.ttf"}


def be16(b, at):
    return struct.unpack_from(">H", b, at)[0]


def be32(b, at):
    return struct.unpack_from(">I", b, at)[0]


def put16(b, at, v):
    struct.pack_into(">H", b, at, v & 0xFFFF)


def put32(b, at, v):
    struct.pack_into(">I", b, at, v & 0xFFFFFFFF)


def directory(font):
    """{tag: (record offset, table offset, table length)} for the tables that lie within the file."""
    out = {}
    if len(font) < 12:
        return out
    for i in range(be16(font, 4)):
        rec = 12 + 16 * i
        if rec + 16 > len(font):
            break
        tag = bytes(font[rec:rec + 4]).decode("latin-1")
        off, length = be32(font, rec + 8), be32(font, rec + 12)
        if tag not in out and off + length <= len(font):
            out[tag] = (rec, off, length)
    return out


def build_sfnt(tables):
    """A font from [(tag, bytes)], in the order given, each table 4-byte aligned (checksums left 0: the
    code under test never reads them)."""
    n = len(tables)
    out = bytearray(struct.pack(">IHHHH", 0x00010000, n, 0, 0, 0))
    out += bytes(16 * n)
    for i, (tag, data) in enumerate(tables):
        at = len(out)
        out += data + bytes(-len(data) % 4)
        struct.pack_into(">4sIII", out, 12 + 16 * i, tag.encode("latin-1"), 0, at, len(data))
    return out


def tiny_face():
    """A small TrueType face: glyph 1 simple, 2 a composite of 1, 3 a composite of 2 and 1 (nested), 4 a
    composite of itself (a cycle); 'A'..'D' map to 1..4 through cmap format 4, U+1F600 to 3 through
    format 12."""
    simple = struct.pack(">hhhhh", 1, 0, 0, 100, 100) + struct.pack(">HH", 2, 0)  # 3 points, no instructions
    simple += bytes([0x37, 0x37, 0x37]) + bytes([0, 100, 0]) + bytes([0, 0, 100])  # flags (short x, y), x, y

    def composite(*parts):
        body = struct.pack(">hhhhh", -1, 0, 0, 100, 100)
        for i, g in enumerate(parts):
            flags = 0x0002 | (0x0020 if i + 1 < len(parts) else 0)  # ARGS_ARE_XY_VALUES, MORE_COMPONENTS
            body += struct.pack(">HHbb", flags, g, 0, 0)
        return body

    glyphs = [b"", simple, composite(1), composite(2, 1), composite(4)]
    glyf, loca = bytearray(), bytearray()
    for g in glyphs:
        loca += struct.pack(">H", len(glyf) // 2)
        glyf += g + bytes(len(g) % 2)
    loca += struct.pack(">H", len(glyf) // 2)
    head = bytearray(54)
    put32(head, 0, 0x00010000)
    put32(head, 12, 0x5F0F3CF5)
    put16(head, 18, 1000)  # unitsPerEm; indexToLocFormat (50) stays 0: a short loca
    maxp = struct.pack(">IH", 0x00005000, len(glyphs))
    hmtx = b"".join(struct.pack(">Hh", 500, 0) for _ in glyphs)
    hhea = bytearray(36)
    put32(hhea, 0, 0x00010000)
    put16(hhea, 34, len(glyphs))
    # Format 4: one segment 'A'..'D' by delta, the 0xFFFF end segment.
    seg = 2
    fmt4 = struct.pack(">HHHHHHH", 4, 16 + 8 * seg, 0, 2 * seg, 2, 0, 0)
    fmt4 += struct.pack(">HH", 0x44, 0xFFFF) + b"\0\0" + struct.pack(">HH", 0x41, 0xFFFF)
    fmt4 += struct.pack(">hh", 1 - 0x41, 1) + struct.pack(">HH", 0, 0)
    fmt12 = struct.pack(">HHIII", 12, 0, 28, 0, 1) + struct.pack(">III", 0x1F600, 0x1F600, 3)
    cmap = struct.pack(">HH", 0, 2) + struct.pack(">HHI", 3, 1, 20) + struct.pack(">HHI", 3, 10, 20 + len(fmt4))
    cmap += fmt4 + fmt12
    return build_sfnt([("cmap", cmap), ("glyf", bytes(glyf)), ("head", bytes(head)), ("hhea", bytes(hhea)),
                       ("hmtx", hmtx), ("loca", bytes(loca)), ("maxp", maxp)])


def truncations(font):
    d = directory(font)
    dir_end = 12 + 16 * be16(font, 4)
    cuts = {"0": 0, "1": 1, "header-end": 12, "directory-end": dir_end, "directory-end-minus-1": dir_end - 1,
            "all-but-last-byte": len(font) - 1}
    for k in range(1, 8):
        cuts["%d-8ths" % k] = len(font) * k // 8
    for tag in ("head", "maxp", "loca", "cmap"):  # just inside a table the code needs
        if tag in d:
            cuts["inside-" + tag] = d[tag][1] + d[tag][2] - 1
    for name, at in cuts.items():
        yield "cut-" + name, font[:at]


def glyph_list(font, d):
    """(glyph id, offset in the file, length, numberOfContours) of each glyph with outlines, from loca."""
    if not all(t in d for t in ("head", "maxp", "loca", "glyf")):
        return []
    long_loca = be16(font, d["head"][1] + 50) != 0
    count = be16(font, d["maxp"][1] + 4)
    loca, glyf = d["loca"][1], d["glyf"][1]

    def at(g):
        return be32(font, loca + 4 * g) if long_loca else 2 * be16(font, loca + 2 * g)

    out = []
    for g in range(count):
        start, end = at(g), at(g + 1)
        if end - start >= 10 and glyf + end <= len(font):
            out.append((g, glyf + start, end - start, struct.unpack_from(">h", font, glyf + start)[0]))
    return out


def component_records(font, at, length):
    """The offsets of a composite glyph's component records."""
    out, pos = [], at + 10
    while pos + 4 <= at + length:
        out.append(pos)
        flags = be16(font, pos)
        pos += 4 + (4 if flags & 0x0001 else 2)
        pos += 2 if flags & 0x0008 else 4 if flags & 0x0040 else 8 if flags & 0x0080 else 0
        if not flags & 0x0020:
            break
    return out


def unicode_subtables(font, d):
    """(record offset, subtable offset in the file, format) of cmap's Unicode subtables."""
    if "cmap" not in d:
        return []
    cmap, length = d["cmap"][1], d["cmap"][2]
    out = []
    for i in range(be16(font, cmap + 2)):
        rec = cmap + 4 + 8 * i
        if rec + 8 > cmap + length:
            break
        platform, encoding, off = be16(font, rec), be16(font, rec + 2), be32(font, rec + 4)
        if (platform == 0 or (platform == 3 and encoding in (1, 10))) and off + 4 <= length:
            out.append((rec, cmap + off, be16(font, cmap + off)))
    return out


def corruptions(font):
    """(name, bytes) for each corruption that applies to this face."""
    d = directory(font)
    n = be16(font, 4)

    def edit(fn):
        b = bytearray(font)
        fn(b)
        return bytes(b)

    yield "numtables-0", edit(lambda b: put16(b, 4, 0))
    yield "numtables-ffff", edit(lambda b: put16(b, 4, 0xFFFF))
    yield "numtables-plus-1", edit(lambda b: put16(b, 4, n + 1))  # the directory runs into the first table
    yield "numtables-minus-1", edit(lambda b: put16(b, 4, n - 1))
    yield "version-otto", edit(lambda b: b.__setitem__(slice(0, 4), b"OTTO"))
    yield "version-true", edit(lambda b: b.__setitem__(slice(0, 4), b"true"))
    yield "version-0", edit(lambda b: put32(b, 0, 0))
    for tag in ("head", "maxp", "loca", "glyf", "cmap", "hmtx"):
        if tag not in d:
            continue
        rec, off, length = d[tag]
        yield tag + "-offset-at-end", edit(lambda b: put32(b, rec + 8, len(font)))
        yield tag + "-offset-max", edit(lambda b: put32(b, rec + 8, 0xFFFFFFFF))
        yield tag + "-length-max", edit(lambda b: put32(b, rec + 12, 0xFFFFFFFF))
        yield tag + "-length-0", edit(lambda b: put32(b, rec + 12, 0))
        yield tag + "-length-past-end", edit(lambda b: put32(b, rec + 12, len(font) - off + 1))
        yield tag + "-missing", edit(lambda b: b.__setitem__(slice(rec, rec + 4), b"zzzz"))
    # A second head, too short to hold checkSumAdjustment, as the last table and as the first.
    last = 12 + 16 * (n - 1)
    yield "second-head-short-last", edit(lambda b: (b.__setitem__(slice(last, last + 4), b"head"),
                                                    put32(b, last + 8, len(font)), put32(b, last + 12, 0)))
    yield "second-head-short-first", edit(lambda b: (b.__setitem__(slice(12, 16), b"head"), put32(b, 24, 2)))
    if "glyf" in d:  # a second glyf: the partial keeps one and copies the other
        yield "second-glyf", edit(lambda b: b.__setitem__(slice(last, last + 4), b"glyf"))
    for seed in range(8):  # flipped bytes in the table directory
        rnd = random.Random(seed)

        def flip(b, rnd=rnd):
            for _ in range(3):
                at = rnd.randrange(4, 12 + 16 * n)
                b[at] ^= 1 << rnd.randrange(8)
        yield "directory-flip-%d" % seed, edit(flip)
    for seed in range(4):  # and anywhere in the file
        rnd = random.Random(100 + seed)

        def flip_any(b, rnd=rnd):
            for _ in range(16):
                b[rnd.randrange(len(b))] ^= 0xFF
        yield "file-flip-%d" % seed, edit(flip_any)

    if "head" in d and "maxp" in d:
        head, maxp = d["head"][1], d["maxp"][1]
        glyphs = be16(font, maxp + 4)
        yield "loca-format-flipped", edit(lambda b: put16(b, head + 50, 0 if be16(font, head + 50) else 1))
        yield "numglyphs-0", edit(lambda b: put16(b, maxp + 4, 0))
        yield "numglyphs-ffff", edit(lambda b: put16(b, maxp + 4, 0xFFFF))
        yield "numglyphs-minus-1", edit(lambda b: put16(b, maxp + 4, glyphs - 1))
        yield "numglyphs-plus-1", edit(lambda b: put16(b, maxp + 4, glyphs + 1))
        if "loca" in d and glyphs > 2:
            long_loca = be16(font, head + 50) != 0
            unit = 4 if long_loca else 2
            loca_rec, loca = d["loca"][0], d["loca"][1]
            put = put32 if long_loca else put16
            get = be32 if long_loca else be16
            mid = loca + unit * (glyphs // 2)
            yield "loca-decreasing", edit(lambda b: put(b, mid, get(font, mid + unit) + 1))
            yield "loca-past-glyf", edit(lambda b: put(b, loca + unit * glyphs, get(font, loca + unit * glyphs) + 2))
            yield "loca-one-entry-short", edit(lambda b: put32(b, loca_rec + 12, unit * glyphs))
    glyphs_out = glyph_list(font, d)
    comps = [(g, at, length) for g, at, length, contours in glyphs_out if contours < 0]
    if comps:
        g, at, length = comps[0]
        recs = component_records(font, at, length)
        yield "composite-more-components", edit(lambda b: put16(b, recs[-1], be16(font, recs[-1]) | 0x0020))
        yield "composite-words-flag", edit(lambda b: put16(b, recs[-1], be16(font, recs[-1]) ^ 0x0001))
        yield "composite-two-by-two", edit(lambda b: put16(b, recs[-1], be16(font, recs[-1]) | 0x0080))
        yield "composite-glyph-ffff", edit(lambda b: put16(b, recs[0] + 2, 0xFFFF))
        yield "composite-of-itself", edit(lambda b: put16(b, recs[0] + 2, g))
        if len(comps) > 1:  # two composites made of each other
            g2, at2, length2 = comps[1]
            recs2 = component_records(font, at2, length2)
            yield "composite-cycle", edit(lambda b: (put16(b, recs[0] + 2, g2), put16(b, recs2[0] + 2, g)))
    simple = [at for _, at, _, contours in glyphs_out if contours > 0]
    if simple:  # a glyph with outlines read as a composite: its points as component records
        yield "simple-as-composite", edit(lambda b: put16(b, simple[0], 0xFFFF))
    if "cmap" in d:
        cmap_rec, cmap, cmap_len = d["cmap"]
        subs = unicode_subtables(font, d)
        yield "cmap-count-ffff", edit(lambda b: put16(b, cmap + 2, 0xFFFF))
        yield "cmap-no-unicode", edit(lambda b: [put16(b, cmap + 4 + 8 * i, 1) for i in range(be16(font, cmap + 2))])
        yield "cmap-offsets-near-end", edit(lambda b: [put32(b, r + 4, cmap_len - 2) for r, _, _ in subs])
        done = set()  # the first subtable of each format: the variant names stay unique
        for r, s, fmt in subs:
            if fmt in done:
                continue
            done.add(fmt)
            if fmt == 4:
                seg2 = be16(font, s + 6)
                yield "cmap4-segcount-ffff", edit(lambda b: put16(b, s + 6, 0xFFFF))
                yield "cmap4-segcount-odd", edit(lambda b: put16(b, s + 6, seg2 - 1))
                yield "cmap4-length-ffff", edit(lambda b: put16(b, s + 2, 0xFFFF))
                yield "cmap4-length-short", edit(lambda b: put16(b, s + 2, 14 + 2 * seg2))
                offsets = s + 16 + 3 * seg2
                yield "cmap4-range-offsets-past", edit(
                    lambda b: [put16(b, offsets + i, 0xFFFE) for i in range(0, seg2, 2)])
                yield "cmap4-starts-0", edit(lambda b: [put16(b, s + 16 + seg2 + i, 0) for i in range(0, seg2, 2)])
            elif fmt == 12:
                yield "cmap12-groups-max", edit(lambda b: put32(b, s + 12, 0xFFFFFFFF))
                yield "cmap12-length-max", edit(lambda b: put32(b, s + 4, 0xFFFFFFFF))
                groups = min(be32(font, s + 12), 64)
                yield "cmap12-glyphs-huge", edit(
                    lambda b: [put32(b, s + 16 + 12 * i + 8, 0xFFFFFF00) for i in range(groups)])
                yield "cmap12-groups-wide", edit(
                    lambda b: [(put32(b, s + 16 + 12 * i, 0), put32(b, s + 16 + 12 * i + 4, 0x10FFFF))
                               for i in range(groups)])
    if "hmtx" in d:
        yield "hmtx-garbage", edit(lambda b: b.__setitem__(slice(d["hmtx"][1], d["hmtx"][1] + min(64, d["hmtx"][2])),
                                                           bytes([0xFF]) * min(64, d["hmtx"][2])))
    # A FOLi table (a partial's ranges) that lies: a count past its length, too short, outside the file;
    # and one that tells the truth, so the partial is made again from a partial.
    tables = [(tag, font[off:off + length]) for tag, (_, off, length) in sorted(d.items())]
    for name, foli in (("foli-count-huge", struct.pack(">III", 0xFFFFFFFF, 0x41, 0x5A)),
                       ("foli-short", b"\0\0"),
                       ("foli-good", struct.pack(">III", 1, 0x41, 0x5A))):
        yield name, bytes(build_sfnt(tables + [("FOLi", foli)]))
    foli_past = build_sfnt(tables + [("FOLi", struct.pack(">III", 1, 0x41, 0x5A))])
    put32(foli_past, 12 + 16 * len(tables) + 8, len(foli_past) - 2)
    yield "foli-past-end", bytes(foli_past)


def write(path, data):
    """Writes the file unless it already holds exactly this: most runs rewrite nothing (about 100 MB)."""
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return
    except OSError:
        pass
    with open(path, "wb") as f:
        f.write(data)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: font_corpus.py OUT_DIR [EXTRA_FONT_DIR]")
    out_dir = sys.argv[1]
    missing = [(p, pkg) for p, pkg in DEBIAN_FONTS if not os.path.isfile(p)]
    if missing:
        for p, pkg in missing:
            print("font_corpus: %s is missing (Debian package %s; ./folio bootstrap installs it)" % (p, pkg),
                  file=sys.stderr)
        sys.exit(1)
    faces = [(os.path.basename(p), open(p, "rb").read()) for p, _ in DEBIAN_FONTS]
    faces.append(("tiny.ttf", bytes(tiny_face())))
    if len(sys.argv) == 3 and os.path.isdir(sys.argv[2]):
        for name in sorted(os.listdir(sys.argv[2])):
            if name.endswith(".ttf"):
                faces.append(("build-" + name, open(os.path.join(sys.argv[2], name), "rb").read()))

    os.makedirs(out_dir, exist_ok=True)
    stale = set(os.listdir(out_dir))
    written = 0
    for face_name, font in faces:
        stem = face_name[:-4]
        variants = [("whole-%d" % choice, font) for choice in (1, 3, 7)]
        variants += list(truncations(font))
        if face_name in FULLY_VARIED or face_name.startswith(("build-", "tiny")):
            variants += list(corruptions(font))
        seen = set()
        for i, (variant, data) in enumerate(variants):
            assert variant not in seen, variant
            seen.add(variant)
            # The choice byte: all 8 character sets in turn (the whole faces say theirs).
            choice = int(variant[6:]) if variant.startswith("whole-") else i % 8
            name = "%s-%s" % (stem, variant)
            write(os.path.join(out_dir, name), bytes([choice]) + bytes(data))
            stale.discard(name)
            written += 1
    for name in stale:  # from faces no longer there (build/fonts)
        os.remove(os.path.join(out_dir, name))
    print("font_corpus: %d files in %s from %d faces" % (written, out_dir, len(faces)))


if __name__ == "__main__":
    main()
