#!/usr/bin/python3
"""Writes a synthetic folio content bundle for the benchmarks.

usage: gen_bundle.py OUT_DIR N_ARTICLES [--books N]

OUT_DIR gets content.json (schema 1, docs/content.md) and writing/<slug>.md, one Markdown body of about
1,500 words per article: paragraphs with emphasis, links and inline code, headings, a fenced code block,
bullet and ordered lists, a table and a block quote. Dates spread over years, tags from a pool, a timeline
naming some of the articles, a few projects, shelves of songs, books (plus --books N more) and films, work,
find_me, and the contents. The output depends only on the arguments (seeded), so runs are comparable.
Only ASCII text: the subset fonts in build/fonts cover it.
"""
import argparse
import datetime
import json
import os
import random
import shutil
import sys

WORDS = """
the a of to and in that is for it as with on by this be are from at or an was which not have but
we can its one all they more when will there their what so up out if about into than then them these
some would only other time could two first way use new because any most over such after where through
long well very even back still under while last never same both each much every between again own
system memory thread kernel buffer cache queue packet socket compiler parser token pointer register
process scheduler allocator runtime latency throughput bandwidth request response server client driver
device page frame stack heap vector matrix tensor gradient layer model batch shard replica leader node
cluster network message channel lock mutex barrier signal clock timer counter sample trace profile
benchmark regression commit patch branch build test check error fault crash log metric budget limit
window region segment block sector file directory path name value field record table index key hash
tree graph edge loop branch call return function method object class module library interface version
small large fast slow cold warm hot early late quiet loud simple careful honest strange obvious subtle
read write copy move send receive wait start stop open close map unmap flush sync spin yield wake sleep
measure count compare sort merge split join grow shrink pin free allocate release acquire retry drop
reader writer author engineer morning evening afternoon week month year moment minute second hour
""".split()

CONNECTIVES = ["However,", "Still,", "In practice,", "At first,", "Later,", "Of course,", "Then", "So",
               "Eventually,", "Meanwhile,", "Surprisingly,", "Put simply,"]

TAGS = """c cpp rust python go linux kernel gpu cuda networking compilers databases storage concurrency
distributed-systems consensus performance profiling debugging testing security cryptography memory
allocators scheduling io-uring ebpf containers kubernetes build-systems packaging ml-systems inference
training quantization transformers numerics floating-point parsing languages type-systems garbage-collection
virtual-memory file-systems caching benchmarks tooling editors history essays books reading writing
teaching hardware embedded audio graphics webassembly browsers""".split()

TITLE_A = ["the", "a", "one", "two", "why the", "how the", "when the", "what the", "notes on the",
           "inside the", "against the", "in praise of the"]
TITLE_N = ["cache", "lock", "queue", "kernel", "compiler", "allocator", "scheduler", "packet", "pointer",
           "thread", "buffer", "page", "tensor", "gradient", "parser", "socket", "benchmark", "barrier",
           "register", "syscall", "shard", "replica", "timer", "profile", "heap", "stack", "loop", "driver"]
TITLE_V = ["that lied", "that waited", "nobody measured", "came back", "was never the problem",
           "got faster", "went missing", "moved twice", "I could not explain", "in one afternoon",
           "that ate the budget", "under load", "at three in the morning", "behind the curtain",
           "that stayed warm", "we almost shipped", "done by hand", "without a profiler"]

FIRST = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Ken", "Dennis", "Frances", "John", "Radia",
         "Leslie", "Margaret", "Niklaus", "Tony", "Butler", "Fran", "Jim", "Lynn", "Mary", "Ivan", "Sofia",
         "Amara", "Ravi", "Mei", "Jonas", "Elena", "Tomas", "Priya", "Kenji"]
LAST = ["Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Thompson", "Ritchie", "Allen",
        "McCarthy", "Perlman", "Lamport", "Hamilton", "Wirth", "Hoare", "Lampson", "Gray", "Conway",
        "Shaw", "Sutherland", "Okafor", "Mehta", "Lindqvist", "Novak", "Sato", "Moreau", "Ibarra", "Kowalski"]
BOOK_KINDS = ["literary fiction", "classics", "computing", "memoir", "science fiction", "essays",
              "philosophy", "science", "poetry", "history"]
LANGS = ["English", "Hindi", "Urdu", "Spanish", "Portuguese", "French", "Irish"]

CODE = {
    "c": ["#include <stdio.h>", "", "static long sum(const int *v, long n) {", "    long s = 0;",
          "    for (long i = 0; i < n; ++i) s += v[i];", "    return s;", "}", "",
          "int main(void) {", "    int v[4] = {1, 2, 3, 4};", "    printf(\"%ld\\n\", sum(v, 4));",
          "    return 0;", "}"],
    "python": ["import time", "", "def measure(fn, runs=5):", "    times = []", "    for _ in range(runs):",
               "        t0 = time.perf_counter()", "        fn()", "        times.append(time.perf_counter() - t0)",
               "    times.sort()", "    return times[len(times) // 2]", "", "print(measure(lambda: sum(range(10**6))))"],
    "cpp": ["#include <atomic>", "#include <thread>", "", "std::atomic<int> ready{0};", "",
            "void worker() {", "    while (!ready.load(std::memory_order_acquire)) std::this_thread::yield();",
            "    // the data written before the release store is visible here", "}", "",
            "int main() {", "    std::thread t(worker);", "    ready.store(1, std::memory_order_release);",
            "    t.join();", "}"],
    "sh": ["#!/bin/sh", "set -eu", "for i in 1 2 3 4 5; do", "  start=$(date +%s.%N)", "  ./run >/dev/null",
           "  end=$(date +%s.%N)", "  echo \"$end - $start\" | bc", "done | sort -n | sed -n 3p"],
}


class Text:
    def __init__(self, rng):
        self.rng = rng

    def words(self, n):
        return self.rng.choices(WORDS, k=n)

    def sentence(self, decorate=True):
        rng = self.rng
        w = self.words(rng.randint(8, 22))
        if decorate and rng.random() < 0.45:
            i = rng.randrange(len(w))
            kind = rng.random()
            if kind < 0.3:
                w[i] = "*" + w[i] + "*"
            elif kind < 0.5:
                w[i] = "**" + w[i] + "**"
            elif kind < 0.75:
                w[i] = "`" + w[i] + "_" + rng.choice(WORDS) + "()`"
            else:
                j = min(len(w), i + rng.randint(1, 3))
                w[i:j] = ["[" + " ".join(w[i:j]) + "](https://example.org/" + w[i] + "/" + str(rng.randint(1, 999)) + ")"]
        if rng.random() < 0.2:
            w.insert(0, rng.choice(CONNECTIVES))
        s = " ".join(w)
        return s[0].upper() + s[1:] + rng.choice(".....?")

    def paragraph(self, sentences=None):
        n = sentences or self.rng.randint(3, 7)
        return " ".join(self.sentence() for _ in range(n))

    def phrase(self, lo, hi):
        return " ".join(self.words(self.rng.randint(lo, hi)))


def word_count(md):
    return len(md.split())


def article_body(t, title, opening):
    rng = t.rng
    parts = [opening, t.paragraph(), t.paragraph()]
    parts.append("## " + t.phrase(2, 5).capitalize())
    parts.append(t.paragraph())
    lang = rng.choice(list(CODE))
    parts.append("```" + lang + "\n" + "\n".join(CODE[lang]) + "\n```")
    parts.append(t.paragraph())
    parts.append("\n".join("- " + t.sentence(decorate=rng.random() < 0.5) for _ in range(rng.randint(3, 6))))
    parts.append(t.paragraph())
    parts.append("### " + t.phrase(2, 4).capitalize())
    parts.append(t.paragraph())
    parts.append("\n".join(str(i + 1) + ". " + t.sentence(decorate=False) for i in range(rng.randint(3, 5))))
    parts.append(t.paragraph())
    rows = ["| run | " + rng.choice(WORDS) + " | " + rng.choice(WORDS) + " (ms) |", "|---|---|---:|"]
    for r in range(rng.randint(3, 6)):
        rows.append("| " + str(r + 1) + " | " + t.phrase(1, 3) + " | " + "%.2f" % rng.uniform(0.1, 99.0) + " |")
    parts.append("\n".join(rows))
    parts.append(t.paragraph())
    parts.append("> " + t.paragraph(2) + "\n>\n> " + t.sentence(decorate=False))
    parts.append("## " + t.phrase(2, 5).capitalize())
    words = sum(word_count(p) for p in parts)
    while words < 1450:
        p = t.paragraph()
        parts.append(p)
        words += word_count(p)
        if rng.random() < 0.12:
            parts.append("### " + t.phrase(2, 4).capitalize())
    return "\n\n".join(parts) + "\n"


def person(rng):
    return rng.choice(FIRST) + " " + rng.choice(LAST)


def main():
    ap = argparse.ArgumentParser(description="Write a synthetic folio bundle.")
    ap.add_argument("out_dir")
    ap.add_argument("n_articles", type=int)
    ap.add_argument("--books", type=int, default=0, help="extra books on the books shelf")
    a = ap.parse_args()
    if a.n_articles < 1:
        sys.exit("gen_bundle.py: N_ARTICLES must be at least 1")

    rng = random.Random("folio-bench-%d-%d" % (a.n_articles, a.books))
    t = Text(rng)
    out = a.out_dir
    writing_dir = os.path.join(out, "writing")
    if os.path.isdir(writing_dir):
        shutil.rmtree(writing_dir)
    os.makedirs(writing_dir, exist_ok=True)

    n = a.n_articles
    # Dates: oldest first, spread evenly from 2001 to mid-2026 with some jitter.
    start = datetime.date(2001, 1, 1)
    end = datetime.date(2026, 6, 30)
    span = (end - start).days
    articles = []
    slugs = set()
    for i in range(n):
        day = int(span * i / max(1, n - 1)) + rng.randint(-2, 2)
        date = start + datetime.timedelta(days=min(span, max(0, day)))
        base = (rng.choice(TITLE_A) + " " + rng.choice(TITLE_N) + " " + rng.choice(TITLE_V))
        slug = "-".join(base.lower().replace(",", "").split())
        if slug in slugs:
            slug = slug + "-" + str(i)
        slugs.add(slug)
        title = base[0].upper() + base[1:] if rng.random() < 0.3 else base
        opening = t.paragraph(3)
        body = article_body(t, title, opening)
        path = "writing/" + slug + ".md"
        with open(os.path.join(out, path), "w", encoding="utf-8") as f:
            f.write(body)
        articles.append({
            "slug": slug,
            "title": title,
            "date": date.isoformat(),
            "dek": t.sentence(decorate=False),
            "opening": opening,
            "tags": sorted(set(rng.sample(TAGS, rng.randint(1, 4)))),
            "body_file": path,
        })
    articles.reverse()  # newest first, as a person would list them

    projects = []
    for i in range(6):
        name = rng.choice(TITLE_N).capitalize() + rng.choice(["kit", "scope", "bench", "trace", "lab", "box"])
        pid = name.lower() + "-" + str(i)
        released = i % 2 == 1
        p = {
            "id": pid,
            "name": name,
            "summary": t.sentence(decorate=False) + " " + t.sentence(decorate=False),
            "where": "PyPI" if released else "GitHub",
            "date": (end - datetime.timedelta(days=200 * i + 17)).isoformat(),
            "links": [{"text": "source", "href": "https://example.org/src/" + pid}],
        }
        if released:
            p["event"] = "first release"
        projects.append(p)

    # Timeline: newest year first; per year, a few of its articles (up to 6) and the projects of that year.
    by_year = {}
    for art in articles:
        by_year.setdefault(int(art["date"][:4]), []).append(art["slug"])
    proj_year = {}
    for p in projects:
        proj_year.setdefault(int(p["date"][:4]), []).append(p["id"])
    timeline = []
    for year in sorted(set(by_year) | set(proj_year), reverse=True):
        entries = []
        if year == end.year:
            entries.append({"merged_into": "example/runtime", "show": 3,
                            "pulls": [{"number": 1000 + k, "title": t.phrase(4, 9).capitalize()} for k in range(7)]})
        for pid in proj_year.get(year, []):
            entries.append({"project": pid})
        for slug in by_year.get(year, [])[:6]:
            entries.append({"article": slug})
        timeline.append({"year": year, "entries": entries})

    def item(note=None):
        it = {"title": t.phrase(1, 4).title(), "by": [person(rng) for _ in range(rng.choice([1, 1, 1, 2]))]}
        if note:
            it["note"] = note
        return it

    songs = {"id": "songs", "title": "songs", "subtitle": "mostly folk, some of it loud.",
             "groups": [{"items": [item(rng.choice(LANGS)) for _ in range(24)]}]}
    book_groups = [{"heading": k, "items": [item() for _ in range(rng.randint(2, 6))]} for k in BOOK_KINDS]
    for k in range(a.books):
        book_groups[k % len(book_groups)]["items"].append(item())
    books = {"id": "books", "title": "books", "subtitle": "all of them, by kind", "running_head": "by kind",
             "groups": book_groups}
    films = {"id": "films", "title": "films and series", "numbered": True,
             "groups": [{"heading": "films", "items": [item() for _ in range(9)]},
                        {"heading": "series", "items": [item() for _ in range(4)]}]}

    content = {
        "schema": 1,
        "site": {
            "title": "Synthetic Example",
            "author": "Synthetic Example",
            "tagline": "A benchmark bundle with %d articles." % n,
            "bio": "Generated by bench/gen/gen_bundle.py; every word is made up.",
            "base_url": "https://synthetic.example/",
            "language": "en",
            "description": "A synthetic folio site for benchmarks.",
            "links": [{"text": "buy me a coffee"}, {"text": "feed", "href": "/rss.xml"}],
        },
        "timeline": timeline,
        "writing": articles,
        "projects": projects,
        "contributions": [{"repo": "example/runtime", "host": "https://example.org/", "merged_total": 7}],
        "loves": {"title": "things I love", "intro": "Some *things* I keep coming back to.",
                  "shelves": [songs, books, films]},
        "work": {
            "title": "work",
            "intro": t.paragraph(3),
            "focus": [{"term": rng.choice(TITLE_N), "text": t.sentence(decorate=False)} for _ in range(3)],
            "after": t.paragraph(2),
            "projects": [p["id"] for p in projects],
        },
        "find_me": {"title": "find me", "handle_label": "internet home", "handle": "synthetic",
                    "links": [{"text": "source", "href": "https://example.org/synthetic"},
                              {"text": "mail", "href": "mailto:someone@synthetic.example"}]},
        "contents": [
            {"title": "things I love", "chapter": "loves"},
            {"title": "songs", "chapter": "songs"},
            {"title": "books", "chapter": "books"},
            {"title": "writing", "chapter": "writing"},
            {"title": "films and series", "chapter": "films"},
            {"title": "work", "chapter": "work"},
            {"title": "find me", "chapter": "find-me"},
        ],
    }
    with open(os.path.join(out, "content.json"), "w", encoding="utf-8") as f:
        json.dump(content, f, indent=1, ensure_ascii=False)
        f.write("\n")


def write_bodies(out, n, body_of):
    """For the generators built on this one (gen_real.py, gen_docs.py): writes this bundle of n articles
    into out, then each article's Markdown as body_of(index, article) returns it (which may set the
    article's other fields too) into writing/<slug>.md, and content.json again."""
    import subprocess
    subprocess.run([sys.executable, os.path.abspath(__file__), out, str(n)], check=True)
    path = os.path.join(out, "content.json")
    with open(path, encoding="utf-8") as f:
        content = json.load(f)
    for i, a in enumerate(content["writing"]):
        body = body_of(i, a)
        a.pop("body", None)
        a["body_file"] = "writing/" + a["slug"] + ".md"
        with open(os.path.join(out, a["body_file"]), "w", encoding="utf-8") as f:
            f.write(body)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(content, f, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
