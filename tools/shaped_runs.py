#!/usr/bin/env python3
"""What a run of a shaped script is, for tools/script_fonts.py (which shapes them) and for the preview's
builder (src/cli/output.cpp: shaped_runs_covered), which asks on every edit whether the fonts already hold a
shaping of every run of the new text:

    python3 tools/shaped_runs.py --covered TEXT_FILE FONTS_DIR    (exit 0: covered; 1: shape again)

Kept apart from script_fonts.py so the question costs no fontTools import (90 ms of the 100 an edit paid)."""

import os
import sys
import unicodedata

# Joiners stay inside a shaped run (they choose a conjunct's form); no face of the chain is asked for them.
JOINERS = {0x200C, 0x200D}
# What continues an emoji sequence: a joiner, the emoji presentation selector, a keycap, skin tones (astral
# already), tags (a subdivision's flag).
EMOJI_JOINS = {0x200D, 0xFE0F, 0x20E3}


def runs_of(text, chars):
    """The text's runs of the characters (joiners inside them), each once, in the order met."""
    runs, run = {}, []
    for c in text + "\n":
        o = ord(c)
        if o in chars or (run and o in JOINERS):
            run.append(c)
            continue
        # A mark alone is no text's cluster (HarfBuzz would set it on a dotted circle)
        if run and not (len(run) == 1 and unicodedata.category(run[0]).startswith("M")):
            runs.setdefault("".join(run), None)
        run = []
    return list(runs)


def is_emoji(o):
    return 0x1F000 <= o <= 0x1FAFF or 0xE0020 <= o <= 0xE007F


def emoji_runs(text):
    """The text's emoji sequences, each once: from an astral pictograph (or a character the emoji
    presentation selector follows) on, through joiners, selectors, skin tones, tags, and the character
    after a joiner."""
    runs, run, k = {}, [], 0
    while k <= len(text):
        c = text[k] if k < len(text) else "\n"
        o = ord(c)
        nxt = ord(text[k + 1]) if k + 1 < len(text) else 0
        starts = is_emoji(o) or (nxt == 0xFE0F and o > 0x7F and not run)
        if run and (is_emoji(o) or o in EMOJI_JOINS or ord(run[-1]) == 0x200D):
            run.append(c)
        elif starts:
            if run:
                runs.setdefault("".join(run), None)
            run = [c]
        else:
            if run:
                runs.setdefault("".join(run), None)
            run = []
        k += 1
    return list(runs)


def is_arabic(o):
    return 0x0600 <= o <= 0x06FF or 0x0750 <= o <= 0x077F or 0x08A0 <= o <= 0x08FF or 0xFB50 <= o <= 0xFEFF


def pointed_arabic_runs(text):
    """The text's Arabic words that carry a vowel mark or another mark (a shadda, a sukun), each once: the
    layout draws Arabic joined by its presentation forms, and these are the words whose marks HarfBuzz
    places (script_fonts.py); a word without one draws as its letters' forms."""
    chars = {ord(c) for c in text if is_arabic(ord(c))}
    return [r for r in runs_of(text, chars) if any(unicodedata.category(c) == "Mn" for c in r)]


def covered(text_path, out):
    """Whether the shaped faces in OUT already hold every run of the text's shaped characters."""
    try:
        with open(os.path.join(out, "shaped.txt"), encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError:
        return True  # no face shaped
    chars = set(map(int, lines[0].split()))
    with open(text_path, encoding="utf-8") as f:
        text = f.read()
    return set(runs_of(text, chars)) | set(emoji_runs(text)) | set(pointed_arabic_runs(text)) <= set(lines[1:])


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--covered":
        sys.exit(0 if covered(sys.argv[2], sys.argv[3]) else 1)
    sys.exit("usage: shaped_runs.py --covered TEXT_FILE FONTS_DIR")
