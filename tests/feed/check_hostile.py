#!/usr/bin/python3
"""check_hostile.py SITE_DIR: the site built from tests/fixtures/hostile, read by a real HTML5 parser
(html5lib: entities decoded, SVG/MathML and raw-text elements parsed as a browser parses them).

Every *.html page (the site's own chrome, the article body in main#text, and the early page, div#proof)
and the feed (each item's HTML, and each description, which readers take as HTML, parsed again as HTML)
must hold nothing that runs (script, on* handlers, javascript:/vbscript:/data: documents), nothing fetched
from another origin, and nothing that redirects, submits, embeds or frames. The data the book reads
(site.json, the body trees, fold chunks, the search data) must hold only folio's node kinds and
attributes (no markup), no executable address in an address field, and images the book loads only from
files of this site. `--self-test` shows the checks fail on input made to fail them. Exit status 1 lists
every finding as file: <tag>: why.
"""
import gzip
import json
import os
import re
import sys
import urllib.parse
import xml.etree.ElementTree as ET

import html5lib

HTML = "{http://www.w3.org/1999/xhtml}"
XLINK = "{http://www.w3.org/1999/xlink}"

URL_ATTRS = {"href", "src", "action", "formaction", "data", "poster", "codebase", "cite", "longdesc", "background",
             "ping", "manifest", "icon", "usemap", "archive"}
# What html_document.cpp writes into an article body, and the attributes each may carry.
CONTENT_TAGS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "pre", "code", "span", "hr",
                "table", "thead", "tbody", "tr", "th", "td", "dl", "dt", "dd", "details", "summary", "figure",
                "figcaption", "div", "sub", "sup", "small", "mark", "cite", "q", "abbr", "em", "strong", "del", "a",
                "img", "br",
                # code tokens (html_document.cpp, token_element)
                "t-kw", "t-ty", "t-st", "t-nu", "t-co", "t-fn", "t-op", "t-pp", "t-ad", "t-rm"}
BANNED = {"base", "object", "embed", "iframe", "frame", "frameset", "applet", "portal", "isindex", "keygen", "param",
          "area", "map", "template"}
# The tree kinds (document.cpp's kNodeTags) the browser may receive: never the raw HTML kinds.
TREE_TAGS = {"doc", "p", "h", "quote", "list", "li", "pre", "hr", "table", "thead", "tbody", "tr", "td", "dl", "dt",
             "dd", "details", "summary", "figure", "caption", "div", "text", "em", "strong", "del", "code", "a", "img",
             "sub", "sup", "small", "mark", "abbr", "cite", "q", "br", "sb"}
TREE_ATTRS = {"href", "text", "info", "id", "level", "start", "ordered", "header", "align", "runs", "width", "height"}


def parsed(value):
    """An address as a browser's URL parser reads it: tab, LF, CR gone; C0 controls and spaces trimmed."""
    return re.sub(r"[\t\n\r]", "", value).strip("".join(map(chr, range(0x21))))


def scheme(value):
    m = re.match(r"([A-Za-z][A-Za-z0-9+.\-]*):", parsed(value))
    return m.group(1).lower() if m else ""


def executable(value):
    s = scheme(value)
    return s in ("javascript", "vbscript") or (s == "data" and not parsed(value).lower().startswith("data:image/"))


def site_path(value):
    s = parsed(value)
    return s.startswith("/") and not s.startswith("//") and not s.startswith("/\\")


def followable(value):
    s = parsed(value)
    return scheme(value) in ("http", "https", "mailto") or (not scheme(value) and (site_path(value) or s[:1] == "#"))


class Auditor:
    def __init__(self, name, base="", feed=False):
        self.name, self.base, self.feed, self.found = name, base, feed, []

    def bad(self, tag, why):
        self.found.append(f"{self.name}: <{tag}>: {why}")

    def here(self, value):
        """Fetched from this site (the feed names it by its absolute address)."""
        v = parsed(value).split(" ")[0]
        return site_path(v) or (self.feed and bool(self.base) and v.startswith(self.base))

    def everywhere(self, el, tag, ns, region, in_head):
        if ns != HTML:
            self.bad(tag, f"an element in the {ns or 'null'} namespace")
        if tag in BANNED:
            self.bad(tag, "an element that redirects, embeds or frames")
        if tag == "noscript" and not in_head:
            self.bad(tag, "noscript outside the head")
        if tag == "form" and (region != "chrome" or not site_path(el.get("action", ""))):
            self.bad(tag, "a form that is not the site's search")
        if tag == "input" and el.get("type", "").lower() == "image":
            self.bad(tag, "an image input")
        if tag == "meta":
            equiv = el.get("http-equiv", "").lower()
            if equiv and equiv != "content-security-policy":
                self.bad(tag, f"http-equiv={equiv}")
            if not in_head:
                self.bad(tag, "outside the head")
        if tag == "script" and (not site_path(el.get("src", "")) or (el.text or "").strip() or len(el)):
            self.bad(tag, "not the site's own script")
        if tag == "style" and not in_head:
            self.bad(tag, "a style element outside the head")
        if tag == "link":
            rel, href = el.get("rel", "").lower(), el.get("href", "")
            own_icon = rel == "icon" and href == "data:,"  # keeps browsers from asking for /favicon.ico
            if not own_icon and rel not in ("canonical", "alternate") and not site_path(href):
                self.bad(tag, f"loads from another origin: {href}")
            if not in_head:
                self.bad(tag, "outside the head")
        for key, value in el.attrib.items():
            name = key.split("}")[-1].lower()
            if name.startswith("on"):
                self.bad(tag, f"the event handler {name}")
            if name == "srcdoc":
                self.bad(tag, "srcdoc")
            if name == "style":
                v = value.lower()
                if any(x in v for x in ("url(", "image-set(", "@import", "expression(", "javascript:", "\\")):
                    self.bad(tag, f"a style that fetches or runs: {value}")
            if name == "srcset":
                for cand in value.split(","):
                    if executable(cand) or not self.here(cand):
                        self.bad(tag, f"srcset candidate {cand}")
                continue
            if (name in URL_ATTRS or key.startswith(XLINK)) and executable(value) and \
                    not (tag == "link" and value == "data:,"):
                self.bad(tag, f'{name}="{value}"')
            if tag not in ("a", "link") and name in URL_ATTRS and name != "cite" and not self.here(value):
                self.bad(tag, f"{name} loads from another origin: {value}")

    def addresses(self, el, tag):
        if tag == "a" and not followable(el.get("href", "")):
            self.bad(tag, f"a link outside the policy: {el.get('href', '')}")
        if tag == "img" and not self.here(el.get("src", "")):
            self.bad(tag, f"an image from elsewhere: {el.get('src', '')}")

    def content(self, el, tag):
        if tag not in CONTENT_TAGS:
            self.bad(tag, "not an element folio writes")
            return
        allowed = {"a": {"href", "title"}, "img": {"src", "alt", "title", "width", "height", "loading"},
                   "ol": {"start"}, "code": {"class"}, "span": {"class"}, "abbr": {"title"}}.get(tag, set())
        if re.fullmatch(r"h[1-6]", tag):
            allowed = {"id"}
        for key, value in el.attrib.items():
            if tag in ("pre", "table"):  # they may scroll sideways: tab stops, and nothing else
                ok = key == "tabindex" and value == "0"
            elif tag in ("th", "td"):
                ok = (key == "style" and value.startswith("text-align:")) if self.feed else \
                     (key == "class" and value.startswith("align-"))
            else:
                ok = key in allowed
            if not ok:
                self.bad(tag, f"the attribute {key}")

    def walk(self, el, region="chrome", in_head=False, in_main=False):
        if not isinstance(el.tag, str) or el.tag.startswith("<"):  # comments and the like
            return
        ns, tag = (el.tag[1:].split("}", 1) if el.tag.startswith("{") else ("", el.tag))
        ns = "{" + ns + "}" if ns else ""
        below = region
        if region == "chrome" and in_main and tag == "div" and el.get("class") == "body":
            below = "content"  # the article's body: what the author wrote
        elif region == "chrome" and tag == "div" and el.get("id") == "proof":
            region = below = "proof"  # the early page, set from the same text
        self.everywhere(el, tag, ns, region, in_head)
        if region != "chrome":
            self.addresses(el, tag)
        if region == "content":
            self.content(el, tag)
        for child in el:
            self.walk(child, below, in_head or tag == "head", in_main or (tag == "main" and el.get("id") == "text"))


def audit_page(name, text):
    a = Auditor(name)
    a.walk(html5lib.parse(text, treebuilder="etree", namespaceHTMLElements=True))
    return a.found


def audit_fragment(name, text, base):
    a = Auditor(name, base, feed=True)
    for child in html5lib.parseFragment(text, container="div", treebuilder="etree", namespaceHTMLElements=True):
        a.walk(child, "content")
    return a.found


def audit_feed(name, xml_text, base):
    found = []
    root = ET.fromstring(xml_text)
    items = root.findall("./channel/item")
    for i, item in enumerate(items):
        for child in item:
            local = child.tag.split("}")[-1]
            if local in ("description", "encoded"):  # HTML to a feed reader: parse it again as HTML
                found += audit_fragment(f"{name} item {i + 1} {local}", child.text or "", base)
    for desc in root.findall("./channel/description"):
        found += audit_fragment(f"{name} channel description", desc.text or "", base)
    return found, len(items)


def audit_tree(name, node, found, site=None):
    """A body tree: [tag, {attributes}?, children...] or a string; only the kinds folio writes."""
    if isinstance(node, str):
        return
    if not isinstance(node, list) or not node or not isinstance(node[0], str):
        found.append(f"{name}: not a tree node: {str(node)[:80]}")
        return
    tag, rest = node[0], node[1:]
    if tag not in TREE_TAGS:
        found.append(f"{name}: [{tag}]: not a kind the build writes")
    if rest and isinstance(rest[0], dict):
        for key, value in rest[0].items():
            if key not in TREE_ATTRS:
                found.append(f"{name}: [{tag}]: the attribute {key}")
            # The book loads an image only from a site path (links.h: loadable_image), so each of those
            # must be a file of this site. Other addresses stay in the tree as written and every reader of
            # it refuses them (layout.cpp, text_layer.cpp: followable), as the pages and the browser test
            # show; they are strings here, never markup.
            if key == "href" and tag == "img" and site_path(value) and site is not None:
                file = urllib.parse.unquote(parsed(value).split("?")[0].split("#")[0]).lstrip("/")
                if not os.path.isfile(os.path.join(site, file)):
                    found.append(f"{name}: [img]: the book would load {value!r}, not a file of the site")
        rest = rest[1:]
    for child in rest:
        audit_tree(name, child, found, site)


def audit_data(name, value, found, key="", words=False):
    """Any JSON the browser reads: trees where they are, and no executable address in an address field
    (words: the search data, whose keys are indexed words, not fields)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "body_doc":
                audit_tree(f"{name} body_doc", v, found)
            audit_data(name, v, found, "" if words else k, words)
    elif isinstance(value, list):
        if value and value[0] == "doc":
            audit_tree(name, value, found)
            return
        for v in value:
            audit_data(name, v, found, key, words)
    elif isinstance(value, str) and key in ("href", "url", "src", "body_url") and executable(value):
        found.append(f"{name}: {key}={value!r}")


def audit_json_file(name, text, found, words):
    try:
        data = json.loads(text)
    except ValueError:
        # A chunk of bodies: trees side by side, each read by its byte range (site.json's body_url).
        data = None
    if data is not None:
        audit_data(name, data, found, "", words)
    return data


def audit_site(site):
    found, pages, items, trees = [], 0, 0, 0
    base = ""
    site_json = os.path.join(site, "site.json")
    meta = json.load(open(site_json, encoding="utf-8"))
    base = meta["site"]["base_url"]
    for root, _, files in os.walk(site):
        for f in sorted(files):
            path = os.path.join(root, f)
            rel = os.path.relpath(path, site)
            if f.endswith(".html"):
                pages += 1
                found += audit_page(rel, open(path, encoding="utf-8").read())
            elif f.endswith(".xml") and f != "sitemap.xml":
                more, n = audit_feed(rel, open(path, encoding="utf-8").read(), base)
                found += more
                items += n
            elif f.endswith(".json"):
                words = rel.split(os.sep)[0] == "search"
                audit_json_file(rel, open(path, encoding="utf-8").read(), found, words)
            elif f.endswith(".json.gz"):  # a chunk of bodies or folds, or the search index's, stored compressed
                words = rel.split(os.sep)[0] == "search"
                audit_json_file(rel, gzip.decompress(open(path, "rb").read()).decode("utf-8"), found, words)
    # Each article's body where the book fetches it: site.json's body_url names a byte range of a chunk.
    for a in meta.get("writing", []):
        url = a.get("body_url", "")
        if not url:
            continue
        file, _, span = url.partition("#")
        data = gzip.decompress(open(os.path.join(site, file.lstrip("/")), "rb").read())
        start, _, length = span.partition("-")
        tree = json.loads(data[int(start):int(start) + int(length)] if span else data)
        trees += 1
        audit_tree(f"{file} ({a['slug']})", tree, found, site)
    return found, pages, items, trees


def self_test():
    """The checks, on pages made to fail them: each must be found."""
    page = ('<!doctype html><html><head><link rel="icon" href="data:,"><meta http-equiv="Content-Security-Policy" '
            'content="x"><link rel="stylesheet" href="/a.css"><link rel="canonical" href="https://m.example/"></head>'
            '<body><div id="proof"><p style="--s:1"><a class="f" href="/x">x</a></p></div><main id="text">'
            '<form action="/search/"><input name="q"></form><article><div class="body"><p>fine</p></div></article>'
            '</main><script src="/b.js" defer></script></body></html>')
    assert audit_page("clean", page) == [], audit_page("clean", page)
    injections = [
        ("<main", '<div onclick="PWN()"></div>'), ("<main", "<script>PWN()</script>"),
        ("</head>", '<meta http-equiv="refresh" content="0;url=https://evil.example/">'),
        ("</head>", '<base href="https://evil.example/">'),
        ("</head>", '<link rel="stylesheet" href="https://evil.example/x.css">'),
        ("x</a></p>", '<a href="jav&#x09;ascript:PWN()">p</a>'),
        ("x</a></p>", '<i style="background:url(https://evil.example/)"></i>'),
        ("<p>fine", '<a href="&#106;avascript:PWN()">j</a>'), ("<p>fine", '<a href=" &#1;VBSCRIPT:x">v</a>'),
        ("<p>fine", '<img src="https://tracker.example/p.gif">'), ("<p>fine", '<img src="//tracker.example/p">'),
        ("<p>fine", '<img src="/ok.png" srcset="javascript:PWN() 2x">'),
        ("<p>fine", '<svg><a xlink:href="javascript:PWN()"><text>s</text></a></svg>'),
        ("<p>fine", '<math href="javascript:PWN()">m</math>'), ("<p>fine", '<iframe srcdoc="x"></iframe>'),
        ("<p>fine", '<form action="/search/"></form>'), ("<p>fine", '<p style="color:red">s</p>'),
        ("<p>fine", '<object data="/x.swf"></object>'), ("<p>fine", '<embed src="/x.swf">'),
        ("<p>fine", '<a href="data:text/html,x">d</a>'),
    ]
    for before, evil in injections:
        assert audit_page("injected", page.replace(before, evil + before, 1)), f"not caught: {evil}"
    feed = ('<rss><channel><description>fine</description><item><description>&lt;img src=x onerror=PWN()&gt;'
            '</description></item></channel></rss>')
    assert audit_feed("feed", feed, "https://m.example/")[0], "a description read as HTML: not caught"
    found = []
    audit_tree("tree", ["doc", ["p", ["a", {"onclick": "x"}, "x"]], ["rawinline", "<b>"], ["html", "<i>"]], found)
    assert len(found) == 3, found
    audit_tree("tree", ["doc", ["p", ["img", {"href": "/images/none.png"}]]], found, site=os.sep)
    assert len(found) == 4, found
    audit_tree("tree", ["doc", ["p", ["a", {"href": "/x"}, "x"], ["img", {"href": "https://h.example/i.png"}]]], found)
    assert len(found) == 4, found
    print("check_hostile: self-test: every injected payload was found")


def main():
    if len(sys.argv) != 2:
        print("usage: check_hostile.py SITE_DIR | --self-test", file=sys.stderr)
        return 2
    if sys.argv[1] == "--self-test":
        self_test()
        return 0
    site = sys.argv[1]
    found, pages, items, trees = audit_site(site)
    # The fixture is there to be checked: a site with too little of it checks nothing.
    if pages < 6 or items < 4 or trees < 4:
        found.append(f"{site}: expected the hostile fixture's site (got {pages} pages, {items} feed items, "
                     f"{trees} body trees)")
    for f in found:
        print(f"hostile: {f}", file=sys.stderr)
    if found:
        print(f"hostile: {len(found)} finding(s) in {pages} pages, {items} feed items, {trees} body trees",
              file=sys.stderr)
        return 1
    print(f"hostile: {pages} pages, {items} feed items, {trees} body trees: nothing runs, nothing loads from "
          "elsewhere")
    return 0


if __name__ == "__main__":
    sys.exit(main())
