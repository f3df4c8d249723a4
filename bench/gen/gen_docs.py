#!/usr/bin/python3
"""Writes a folio bundle whose articles are real Markdown written by people: the documentation Debian's
packages install on this machine, for the build benchmarks.

usage: gen_docs.py OUT_DIR N_ARTICLES

gen_real.py's posts are made up, and made-up posts flatter a build (issue 32: a real blog built at half
Hugo's pace where the made-up one showed folio ahead). No real blog is here, and there is no network, but
every Debian machine has hundreds of real Markdown files: READMEs, guides and change logs from
/usr/share/doc and /usr/share/nodejs (and this tree's node_modules), with real code blocks, raw HTML,
badges on other hosts, tables, long lines and long documents. Each becomes an article's body, cut at a
blank line after at most 24 KB (a long post; change logs run to megabytes), its relative pictures made
alt text (the files are not in the bundle); with more articles than documents, each is used again under
another title. gen_bundle.py makes the content.json, the timeline and the shelves.
"""
import glob
import gzip
import os
import re
import sys

import gen_bundle

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIMIT = 24 * 1024


def documents():
    found = set()
    for pattern in ("/usr/share/doc/**/*.md", "/usr/share/doc/**/*.md.gz", "/usr/share/doc/**/*.markdown",
                    "/usr/share/nodejs/**/*.md", os.path.join(ROOT, "node_modules/**/*.md")):
        found.update(glob.glob(pattern, recursive=True))
    out = []
    for path in sorted(found):
        try:
            raw = gzip.open(path).read() if path.endswith(".gz") else open(path, "rb").read()
            text = raw.decode("utf-8")
        except (OSError, UnicodeDecodeError, EOFError):
            continue
        if len(text) < 1500 or "\0" in text:
            continue
        out.append((path, text))
    return out


IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]*)[^)]*\)")
HTML_IMAGE = re.compile(r"<img\b[^>]*>", re.I)
# A reference definition of a picture in the package's folders ("[logo]:\n    doc/images/logo.svg").
PICTURE_REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:[ \t]*\n?[ \t]*<?(?![a-z]+:)[^\s>]+\.(?:png|jpe?g|gif|svg|webp)>?.*$",
                               re.I | re.M)


def article_body(text):
    if len(text) > LIMIT:
        cut = text.rfind("\n\n", 0, LIMIT)
        text = text[: cut if cut > LIMIT // 2 else LIMIT]
        if text.count("```") % 2:  # a fence cut open: close it
            text += "\n```\n"
    # Pictures in the package's own folders are not in the bundle: their alt text stays; others' hosts stay.
    text = IMAGE.sub(lambda m: m.group(0) if re.match(r"[a-z]+:", m.group(2)) else m.group(1), text)
    text = PICTURE_REFERENCE.sub("", text)
    text = HTML_IMAGE.sub(lambda m: m.group(0) if re.search(r"src=[\"']?[a-z]+:", m.group(0), re.I) else "", text)
    return text


def title_of(path, text):
    m = re.search(r"^#{1,3}\s+(.+?)\s*#*\s*$", text, re.M)
    title = m.group(1) if m else os.path.basename(os.path.dirname(path))
    title = re.sub(r"[`*_\[\]<>]|\(http[^)]*\)", "", title).strip()
    return (title or os.path.basename(path))[:90]


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gen_docs.py OUT_DIR N_ARTICLES")
    out, n = sys.argv[1], int(sys.argv[2])
    docs = documents()
    if not docs:
        sys.exit("gen_docs.py: no Markdown documents found under /usr/share/doc or /usr/share/nodejs")

    def body_of(i, a):
        doc_path, text = docs[i % len(docs)]
        body = article_body(text)
        again = i // len(docs)
        a["title"] = title_of(doc_path, text) + (f" ({again + 1})" if again else "")
        first = next((p.strip() for p in body.split("\n\n") if p.strip() and p.strip()[0].isalpha()), "A document.")
        a["opening"] = re.sub(r"\s+", " ", first)[:600]
        return body

    gen_bundle.write_bodies(out, n, body_of)
    print(f"{len(docs)} documents, {n} articles")


if __name__ == "__main__":
    main()
