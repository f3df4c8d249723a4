#!/usr/bin/python3
"""check_feed.py SITE_DIR: the built RSS feed parses cleanly and agrees with the site it came from.

Parses SITE_DIR/rss.xml with feedparser (Debian's python3-feedparser) and compares every entry with
SITE_DIR/site.json, the same model the feed was emitted from: one entry per article, newest first, each
with the article's title, link, guid, publication date and tags. Everything it expects comes from that
site.json, so it checks any built site (./folio test runs it on the seed and on the fixture sites). A
site without what the check needs (a base_url for absolute links, at least one article, each article's
slug, title and date) fails with a message rather than passing on nothing. Exits 1 with a message,
naming SITE_DIR, on any problem.
"""
import json
import os
import sys
import urllib.parse

try:
    import feedparser
except ImportError:
    sys.exit("feed: feedparser is not installed (apt-get install python3-feedparser, run with /usr/bin/python3)")


SITE = ""  # the site being checked, named in every message (./folio test checks several)


def fail(msg):
    print("feed: %s: %s" % (SITE, msg), file=sys.stderr)
    sys.exit(1)


def xml_text(s):
    """The text as the feed can carry it: XML 1.0 has no place for most control characters, U+FFFE or
    U+FFFF, so folio drops them; feedparser trims the ends. Compare against the same."""
    def allowed(c):
        o = ord(c)
        return o in (0x9, 0xA, 0xD) or 0x20 <= o <= 0xD7FF or 0xE000 <= o <= 0xFFFD or 0x10000 <= o <= 0x10FFFF
    return "".join(c for c in s if allowed(c)).strip()


def load_site(site_dir):
    path = os.path.join(site_dir, "site.json")
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        fail("cannot read %s: %s" % (path, e))
    if not isinstance(data.get("writing"), list) or not isinstance(data.get("site"), dict):
        fail("%s has no 'site' object or 'writing' array" % path)
    # What the comparison needs; a site without it has nothing this check could compare.
    if not data["writing"]:
        fail("%s has no articles: a feed check needs at least one to compare" % path)
    if not data["site"].get("base_url"):
        fail("%s has no site.base_url: the feed's links and guids are made from it" % path)
    for i, article in enumerate(data["writing"]):
        missing = [k for k in ("slug", "title", "date") if not isinstance(article.get(k), str)]
        if missing:
            fail("%s: writing[%d] has no %s" % (path, i, ", ".join(missing)))
    return data


FEED_ITEMS = 100  # folio's feed carries the newest 100 articles (kFeedItems in src/core/site/emit.h)


def expected_articles(data):
    # Newest first; articles with the same date keep their listed order (as folio's derive() sorts).
    return sorted(data["writing"], key=lambda a: a["date"], reverse=True)


def entry_problems(i, entry, article, base, guid_base):
    slug = article["slug"]
    # A slug in another script goes percent-encoded, as a URL in a feed must (a reader would fetch it so).
    path = "writing/" + urllib.parse.quote(slug, safe="")
    want = {
        "title": xml_text(article["title"]),
        "link": base + path,
        "id": guid_base + path,
    }
    problems = []
    for key, value in want.items():
        got = entry.get(key)
        if got != value:
            problems.append("entry %d (%s): %s is %r, expected %r" % (i, slug, key, got, value))
    published = entry.get("published_parsed")
    date = tuple(int(p) for p in article["date"].split("-"))
    if published is None or tuple(published[:3]) != date:
        problems.append("entry %d (%s): published %r, expected %s" % (i, slug, entry.get("published"), article["date"]))
    tags = [t.get("term") for t in entry.get("tags", [])]
    if tags != list(article.get("tags", [])):
        problems.append("entry %d (%s): tags %r, expected %r" % (i, slug, tags, article.get("tags", [])))
    if not entry.get("content") or not entry["content"][0].get("value", "").strip():
        problems.append("entry %d (%s): no content:encoded" % (i, slug))
    return problems


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print("usage: check_feed.py SITE_DIR", file=sys.stderr)
        sys.exit(2)
    global SITE
    site_dir = SITE = sys.argv[1]
    data = load_site(site_dir)
    base = data["site"]["base_url"]
    guid_base = data["site"].get("guid_base") or base

    rss_path = os.path.join(site_dir, "rss.xml")
    if not os.path.isfile(rss_path):
        fail("%s is missing" % rss_path)
    feed = feedparser.parse(rss_path)
    if feed.bozo:
        fail("rss.xml is not well-formed: %s" % feed.get("bozo_exception"))
    if feed.get("version") != "rss20":
        fail("rss.xml is %r, expected RSS 2.0" % feed.get("version"))
    want_title = xml_text(data["site"].get("title", ""))
    if feed.feed.get("title") != want_title:
        fail("channel title is %r, expected %r" % (feed.feed.get("title"), want_title))

    articles = expected_articles(data)[:FEED_ITEMS]
    if len(feed.entries) != len(articles):
        fail("%d entries, expected %d (the articles in site.json)" % (len(feed.entries), len(articles)))
    problems = []
    for i, (entry, article) in enumerate(zip(feed.entries, articles)):
        problems += entry_problems(i, entry, article, base, guid_base)
    if problems:
        for p in problems[:20]:
            print("feed: %s: %s" % (SITE, p), file=sys.stderr)
        fail("%d problem(s) in %d entries" % (len(problems), len(articles)))
    print("feed: %s: %d entries ok" % (site_dir, len(feed.entries)))


if __name__ == "__main__":
    main()
