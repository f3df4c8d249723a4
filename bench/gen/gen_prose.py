#!/usr/bin/python3
"""Writes a folio bundle of N posts of real prose in one language, for comparing languages fairly.

usage: gen_prose.py zh|en|hi OUT_DIR N [--bytes B]

The prose is real text from Debian packages, not generated words: Chinese from fortunes-zh (its "chinese"
file: modern prose, Debian's code of conduct, essays, quotations), English from fortunes (the English
fortune files), Hindi from the Hindi translations installed packages carry (/usr/share/locale/hi: written
by people, if shorter than prose; each message an entry). Entries are taken in file order, ANSI colours and attributions stripped, and put together
into posts of about B bytes of UTF-8 each (default 5,000), one paragraph per entry. Titles are an entry's
first line; a few tags per post come from a fixed pool in the same language. Both languages get the same
structure, so a difference in what the build writes (the search index above all) comes from the language.
The output depends only on the arguments.
"""
import argparse
import datetime
import gettext
import glob
import json
import os
import re
import shutil
import sys

SOURCES = {
    "zh": ["/usr/share/games/fortunes/chinese"],
    "en": ["/usr/share/games/fortunes/" + f for f in
           ("fortunes", "literature", "wisdom", "people", "science", "education", "humorists", "politics",
            "computers", "work", "miscellaneous", "definitions", "cookie", "startrek", "songs-poems")],
}
SOURCES["hi"] = sorted(glob.glob("/usr/share/locale/hi/LC_MESSAGES/*.mo"))
PACKAGES = {"zh": "fortunes-zh", "en": "fortunes", "hi": "a package with Hindi translations (glib, gtk, apt)"}
TAGS = {
    "zh": ["随笔", "读书", "技术", "社区", "生活", "历史", "诗词", "思考", "工作", "旅行"],
    "en": ["essays", "reading", "tech", "community", "life", "history", "poems", "thinking", "work", "travel"],
    "hi": ["निबंध", "पढ़ाई", "तकनीक", "समुदाय", "जीवन", "इतिहास", "कविता", "विचार", "काम", "यात्रा"],
}
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def entries(lang):
    out = []
    for path in SOURCES[lang]:
        if not os.path.exists(path):
            continue
        if path.endswith(".mo"):  # a catalogue of translations: each message in Devanagari an entry
            with open(path, "rb") as f:
                catalog = gettext.GNUTranslations(f)._catalog
            for key in sorted(k for k in catalog if isinstance(k, str) and k):
                message = " ".join(catalog[key].split())
                if re.search("[\u0900-\u097f]", message) and len(message) > 20 and "%" not in message:
                    out.append([message.replace("_", "")])
            continue
        text = ANSI.sub("", open(path, encoding="utf-8", errors="replace").read())
        for entry in text.split("\n%\n"):
            lines = [l.strip() for l in entry.strip().split("\n") if l.strip() and not l.strip().startswith("--")]
            if lines:
                out.append(lines)
    if not out:
        sys.exit(f"gen_prose.py: no text for '{lang}' (apt-get install {PACKAGES[lang]})")
    return out


def paragraph(lines, lang):
    # Chinese prose is wrapped at a fixed width in the fortune files: the lines of a paragraph join with
    # nothing between them; English lines with a space.
    return ("" if lang == "zh" else " ").join(lines).replace("*", "").replace("_", " ").replace("#", "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("lang", choices=sorted(SOURCES))
    ap.add_argument("out")
    ap.add_argument("n", type=int)
    ap.add_argument("--bytes", type=int, default=5000)
    args = ap.parse_args()
    pool = entries(args.lang)
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(os.path.join(args.out, "writing"))
    writing, at, day = [], 0, datetime.date(2020, 1, 1)
    for i in range(args.n):
        paras, size = [], 0
        title = None
        while size < args.bytes:
            lines = pool[at % len(pool)]
            at += 1
            if title is None:
                title = lines[0][:40]
                lines = lines[1:] or lines
            p = paragraph(lines, args.lang)
            paras.append(p)
            size += len(p.encode("utf-8"))
        slug = f"post-{i + 1:04d}"
        with open(os.path.join(args.out, "writing", slug + ".md"), "w", encoding="utf-8") as f:
            f.write("\n\n".join(paras) + "\n")
        tags = TAGS[args.lang]
        writing.append({
            "slug": slug, "title": title.replace("\\", ""), "date": (day + datetime.timedelta(days=3 * i)).isoformat(),
            "dek": paras[0][:60], "opening": paras[0][:30], "tags": [tags[i % len(tags)], tags[(i * 7 + 3) % len(tags)]],
            "body_file": f"writing/{slug}.md",
        })
    writing.reverse()
    site = {
        "title": {"zh": "散文集", "en": "Collected prose", "hi": "संकलित गद्य"}[args.lang],
        "author": {"zh": "林小雨", "en": "Ann Reader", "hi": "अनु शर्मा"}[args.lang],
        "tagline": {"zh": "读过的文字。", "en": "Words read along the way.", "hi": "रास्ते में पढ़े शब्द।"}[args.lang],
        "base_url": "https://prose.example/",
        "language": args.lang,
        "description": {"zh": "一份读书笔记。", "en": "A reading notebook.", "hi": "एक पढ़ने की डायरी।"}[args.lang],
    }
    timeline = [{"year": 2020 + k, "entries": [{"article": w["slug"]} for w in writing if w["date"].startswith(str(2020 + k))][:3]}
                for k in range(3)]
    content = {"schema": 1, "site": site, "timeline": [t for t in timeline if t["entries"]], "writing": writing,
               "contents": [{"title": {"zh": "文章", "en": "Writing", "hi": "लेख"}[args.lang], "chapter": "writing"}]}
    with open(os.path.join(args.out, "content.json"), "w", encoding="utf-8") as f:
        json.dump(content, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
