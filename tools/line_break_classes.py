#!/usr/bin/python3
"""Writes the table of UAX #14 line-break classes the layout breaks lines by (src/core/text/line_break.cpp).

usage: line_break_classes.py UNICODE_DIR OUT.inc

UNICODE_DIR holds Unicode's data files as the bootstrap copies them from Debian's unicode-data, pinned by
sha256: LineBreak.txt, EastAsianWidth.txt, emoji-data.txt, UnicodeData.txt. The table is generated at build
time, never committed: the data is Unicode's, and one pinned version of it decides every break.

UAX #14's rule LB1 is applied here, once: AI, SG and XX resolve to AL; SA to CM where the character is a mark
(Mn, Mc) and to AL otherwise (Thai words come marked by the build, core/markup/thai.h); CJ to NS (strict
kinsoku: no line starts with a small kana, as LineBreakTest.txt also assumes); QU splits into QI and QF where
the quotation mark opens (Pi) or closes (Pf) a quote, for Unicode 15.1's LB19a. Two flags the rules need ride
along: East Asian wide (F, W, H: LB30 leaves wide brackets alone) and an unassigned Extended_Pictographic
code point (LB30b).
"""
import os
import sys

# The classes after LB1, in the order of line_break.cpp's `enum class Lb` (the generated file names them).
CLASSES = ["BK", "CR", "LF", "CM", "NL", "WJ", "ZW", "GL", "SP", "ZWJ", "B2", "BA", "BB", "HY", "CB", "CL", "CP",
           "EX", "IN", "NS", "OP", "QU", "IS", "NU", "PO", "PR", "SY", "AL", "EB", "EM", "H2", "H3", "HL", "ID",
           "JL", "JV", "JT", "RI", "QI", "QF"]
WIDE = 0x40
PICTOGRAPHIC_UNASSIGNED = 0x80
LIMIT = 0x110000


def ranges(path):
    """(first, last, value) of a UCD file's lines 'XXXX..YYYY ; value # comment'."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            cps, value = (part.strip() for part in line.split(";")[:2])
            first, _, last = cps.partition("..")
            yield int(first, 16), int(last or first, 16), value


def general_categories(path):
    """The General_Category of every assigned code point ('Cn' where unassigned)."""
    gc = ["Cn"] * LIMIT
    start = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.split(";")
            cp, name, cat = int(fields[0], 16), fields[1], fields[2]
            if name.endswith(", First>"):
                start = cp
                continue
            for c in range(start if name.endswith(", Last>") else cp, cp + 1):
                gc[c] = cat
            start = None
    return gc


def main():
    src, out = sys.argv[1], sys.argv[2]
    cls = ["XX"] * LIMIT
    # LineBreak.txt's defaults for code points it does not list (its header: ID and PR blocks).
    for first, last, value in [(0x3400, 0x4DBF, "ID"), (0x4E00, 0x9FFF, "ID"), (0xF900, 0xFAFF, "ID"),
                               (0x20000, 0x2FFFD, "ID"), (0x30000, 0x3FFFD, "ID"), (0x1F000, 0x1FAFF, "ID"),
                               (0x1FC00, 0x1FFFD, "ID"), (0x20A0, 0x20CF, "PR")]:
        cls[first:last + 1] = [value] * (last - first + 1)
    for first, last, value in ranges(os.path.join(src, "LineBreak.txt")):
        cls[first:last + 1] = [value] * (last - first + 1)
    gc = general_categories(os.path.join(src, "UnicodeData.txt"))
    flags = [0] * LIMIT
    for first, last, value in ranges(os.path.join(src, "EastAsianWidth.txt")):
        if value in ("F", "W", "H"):
            for c in range(first, last + 1):
                flags[c] |= WIDE
    for first, last, value in ranges(os.path.join(src, "emoji-data.txt")):
        if value == "Extended_Pictographic":
            for c in range(first, last + 1):
                if gc[c] == "Cn":
                    flags[c] |= PICTOGRAPHIC_UNASSIGNED
    index = {name: i for i, name in enumerate(CLASSES)}
    entries = []
    last_value = None
    for c in range(LIMIT):
        name = cls[c]
        if name in ("AI", "SG", "XX"):
            name = "AL"
        elif name == "SA":
            name = "CM" if gc[c] in ("Mn", "Mc") else "AL"
        elif name == "CJ":
            name = "NS"
        elif name == "QU" and gc[c] in ("Pi", "Pf"):
            name = "QI" if gc[c] == "Pi" else "QF"  # opening and closing quotation marks (LB19a)
        value = index[name] | flags[c]
        if value != last_value:
            entries.append((c, value))
            last_value = value
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="ascii") as f:
        # Packed small for the page's first download (2 KB gzip where plain 32-bit entries took 5.5): each
        # range as the distance from the previous range's first code point (a varint: 7 bits a byte, low
        # first, the high bit set on all but the last), then its value byte.
        packed = bytearray()
        previous = 0
        for c, v in entries:
            gap = c - previous
            while gap >= 0x80:
                packed.append(gap & 0x7F | 0x80)
                gap >>= 7
            packed += bytes([gap, v])
            previous = c
        f.write("// Generated by tools/line_break_classes.py from Unicode's data (see there). Not committed.\n")
        f.write("// Ranges: the gap from the last range's first code point (varint), then class (low 6 bits) | 0x40\n")
        f.write("// East Asian wide | 0x80 unassigned Extended_Pictographic.\n")
        f.write("// Classes: %s.\n" % " ".join(CLASSES))
        f.write("static constexpr int kLbClassCount = %d;\n" % len(CLASSES))
        f.write("static constexpr size_t kLbRangeCount = %d;\n" % len(entries))
        f.write("static constexpr unsigned char kLbPacked[] = {\n")
        for k in range(0, len(packed), 24):
            f.write("    " + "".join("%d," % b for b in packed[k:k + 24]) + "\n")
        f.write("};\n")
    os.replace(tmp, out)


if __name__ == "__main__":
    main()
