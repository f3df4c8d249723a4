// compose (the book) and emit (the static HTML) walk the model each their own way: this holds them to one
// text. For every route of the seed and the fixture bundles, the words the book's pages show (their
// content, not the running heads and folios) are the words of the route's #text, in the same order; its
// headings are the HTML's, level by level (the outline a screen reader moves through); and so are its lists
// and its tables, and the words it says are in another language.
#include <catch2/catch_test_macros.hpp>

#include <gumbo.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/book/compose.h"
#include "core/bundle/load.h"
#include "core/model/routes.h"
#include "core/site/emit.h"
#include "core/site/search_index.h"
#include "support/seed.h"

// Where this test ends, one rule of the two renderings is written twice and has drifted. It found: the
// article's neighbours said "previous"/"next" in the HTML and "newer"/"older" (the newer first) in the
// book; the number was "no. 25" in one and "25" in the other; find-me's addresses showed only in the book.

using namespace folio;

namespace {

// Calls f on each child of the element n a reader sees: a closed <details> shows its summary only, as the
// book's fold does until it is opened.
template <typename F> void each_shown_child(const GumboNode* n, F&& f) {
    const bool closed = n->v.element.tag == GUMBO_TAG_DETAILS && !gumbo_get_attribute(&n->v.element.attributes, "open");
    const GumboVector& kids = n->v.element.children;
    for (unsigned i = 0; i < kids.length; ++i) {
        const GumboNode* kid = static_cast<const GumboNode*>(kids.data[i]);
        if (closed && !(kid->type == GUMBO_NODE_ELEMENT && kid->v.element.tag == GUMBO_TAG_SUMMARY)) continue;
        f(kid);
    }
}

void text_of(const GumboNode* n, std::string& out) {
    if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_WHITESPACE || n->type == GUMBO_NODE_CDATA) {
        out += n->v.text.text;
        return;
    }
    if (n->type != GUMBO_NODE_ELEMENT) return;
    const GumboTag tag = n->v.element.tag;
    if (tag == GUMBO_TAG_SCRIPT || tag == GUMBO_TAG_STYLE || tag == GUMBO_TAG_TEMPLATE) return;
    if (tag == GUMBO_TAG_HEADER || tag == GUMBO_TAG_FOOTER) return;
    each_shown_child(n, [&](const GumboNode* kid) {
        text_of(kid, out);
        out += ' ';
    });
}

const GumboNode* by_id(const GumboNode* n, const char* id) {
    if (n->type != GUMBO_NODE_ELEMENT) return nullptr;
    const GumboAttribute* a = gumbo_get_attribute(&n->v.element.attributes, "id");
    if (a && std::string(a->value) == id) return n;
    const GumboVector& kids = n->v.element.children;
    for (unsigned i = 0; i < kids.length; ++i)
        if (const GumboNode* f = by_id(static_cast<const GumboNode*>(kids.data[i]), id)) return f;
    return nullptr;
}

// What walk(#text, out) collects from a page's #text.
template <typename T, typename Walk> T from_text(const std::string& html, Walk&& walk) {
    GumboOutput* g = gumbo_parse(html.c_str());
    T out{};
    if (const GumboNode* main = by_id(g->root, "text")) walk(main, out);
    gumbo_destroy_output(&kGumboDefaultOptions, g);
    return out;
}

// The words of a text, folded as search folds them, less numbers: each rendering numbers in its own way
// (the book's folios and list markers are ink, the HTML's list markers are CSS; years are in a heading or
// in each date), and what those numbers are is tested where they are made.
// U+200B, the mark of a Thai word boundary in the HTML (core/markup/word_breaks.h), shows nothing and the book
// sets the text without it: the words compared are those a reader sees.
std::vector<std::string> words(std::string text) {
    for (size_t at = text.find("\xE2\x80\x8B"); at != std::string::npos; at = text.find("\xE2\x80\x8B", at))
        text.erase(at, 3);
    std::vector<std::string> out;
    for (std::string& w : search_terms(text))
        if (w.find_first_not_of("0123456789") != std::string::npos) out.push_back(std::move(w));
    return out;
}

std::vector<std::string> html_words(const std::string& html) {
    return words(from_text<std::string>(html, [](const GumboNode* main, std::string& text) { text_of(main, text); }));
}

// A route's content on the book's pages: not the running heads and folios, and not the book's own way to
// its contents (the front matter's link; the HTML's is the site's header, outside #text's comparison).
std::vector<std::string> book_words(const Book& b, int first, int last) {
    std::string text;
    for (int p = first; p <= last; ++p)
        for (const Box& x : b.pages[p].boxes) {
            if (x.role != BoxRole::Content || x.kind != BoxKind::Text) continue;
            if (x.link >= 0 && b.links[x.link].href == chapter_path("contents") && b.pages[p].chapter != "contents")
                continue;
            text += x.text + " ";
        }
    return words(text);
}

// A route's outline: each heading's level and words, in order. The HTML's are its <h1>..<h6> (in #text,
// those a closed <details> shows); the book's its heading blocks (Paragraph::heading), which the text
// layer gives assistive technology as headings of those levels.
struct Heading {
    int level = 0;
    std::vector<std::string> words;
};

void html_outline(const GumboNode* n, std::vector<Heading>& out) {
    if (n->type != GUMBO_NODE_ELEMENT) return;
    const GumboTag tag = n->v.element.tag;
    if (tag == GUMBO_TAG_HEADER || tag == GUMBO_TAG_FOOTER) return;
    if (tag >= GUMBO_TAG_H1 && tag <= GUMBO_TAG_H6) {
        std::string text;
        text_of(n, text);
        out.push_back({static_cast<int>(tag - GUMBO_TAG_H1) + 1, words(text)});
        return;
    }
    each_shown_child(n, [&](const GumboNode* kid) { html_outline(kid, out); });
}

std::vector<Heading> html_outline(const std::string& html) {
    return from_text<std::vector<Heading>>(
        html, [](const GumboNode* main, std::vector<Heading>& out) { html_outline(main, out); });
}

std::vector<Heading> book_outline(const Book& b, int first, int last) {
    std::vector<Heading> out;
    int block = -1;
    std::string text;
    auto flush = [&] {
        if (block >= 0) out.push_back({b.blocks[block].level, words(text)});
        block = -1;
        text.clear();
    };
    for (int p = first; p <= last; ++p)
        for (const Box& x : b.pages[p].boxes) {
            if (x.role != BoxRole::Content || x.kind != BoxKind::Text || x.block < 0) continue;
            if (x.block != block) flush();
            if (b.blocks[x.block].kind != BlockKind::Heading) continue;
            block = x.block;
            text += x.text + " ";
        }
    flush();
    return out;
}

// The outlines agree: the same levels in the same order, and each book heading starts with the HTML
// heading's words (the book may set more on the heading's line: a project's years, an entry's date).
std::string outline_difference(const std::vector<Heading>& book, const std::vector<Heading>& html) {
    auto show = [](const Heading& h) {
        std::string s = "h" + std::to_string(h.level) + " \"";
        for (const std::string& w : h.words)
            s += w + " ";
        return s + "\"";
    };
    for (size_t i = 0; i < std::max(book.size(), html.size()); ++i) {
        if (i >= book.size()) return "the HTML has " + show(html[i]) + " after the book's last heading";
        if (i >= html.size()) return "the book has " + show(book[i]) + " after the HTML's last heading";
        const bool prefix = book[i].words.size() >= html[i].words.size() &&
                            std::equal(html[i].words.begin(), html[i].words.end(), book[i].words.begin());
        if (book[i].level != html[i].level || !prefix)
            return "heading " + std::to_string(i) + ": the book has " + show(book[i]) + ", the HTML " + show(html[i]);
    }
    return "";
}

// A route's lists, in the order they begin: whether numbered, how many items, how deep. The HTML's are
// its <ol>/<ul> in #text (those a closed <details> shows), less the two the book sets inline, on one line
// (an article's tags, beside its date; a project's links, joined by dots); the book's are Book::items.
struct List {
    bool ordered = false;
    int items = 0, depth = 0;
    bool operator==(const List& o) const { return ordered == o.ordered && items == o.items && depth == o.depth; }
};

bool has_class(const GumboNode* n, const char* cls) {
    const GumboAttribute* a = gumbo_get_attribute(&n->v.element.attributes, "class");
    return a && (" " + std::string(a->value) + " ").find(std::string(" ") + cls + " ") != std::string::npos;
}

void html_lists(const GumboNode* n, std::vector<List>& out, int depth, bool in_project) {
    if (n->type != GUMBO_NODE_ELEMENT) return;
    const GumboTag tag = n->v.element.tag;
    if (tag == GUMBO_TAG_HEADER || tag == GUMBO_TAG_FOOTER) return;
    in_project = in_project || has_class(n, "project");
    const bool inline_list = (tag == GUMBO_TAG_UL && has_class(n, "tags")) || (in_project && has_class(n, "links"));
    size_t at = out.size();
    if ((tag == GUMBO_TAG_OL || tag == GUMBO_TAG_UL) && !inline_list) {
        out.push_back({tag == GUMBO_TAG_OL, 0, depth});
        ++depth;
    }
    if (inline_list) return;
    each_shown_child(n, [&](const GumboNode* kid) {
        if (at < out.size() && kid->type == GUMBO_NODE_ELEMENT && kid->v.element.tag == GUMBO_TAG_LI) ++out[at].items;
        html_lists(kid, out, depth, in_project);
    });
}

std::vector<List> html_lists(const std::string& html) {
    return from_text<std::vector<List>>(
        html, [](const GumboNode* main, std::vector<List>& out) { html_lists(main, out, 0, false); });
}

std::vector<List> book_lists(const Book& b, int first, int last) {
    std::vector<List> out;
    std::map<int, size_t> index; // list id -> its place in out
    std::set<int> seen;          // items counted
    for (int p = first; p <= last; ++p)
        for (const Box& x : b.pages[p].boxes) {
            if (x.role != BoxRole::Content || x.block < 0) continue;
            // The item's chain, innermost first: each list it is in counts the item on its level.
            for (int item = b.blocks[x.block].item; item >= 0; item = b.items[item].outer) {
                const Book::ListItem& it = b.items[item];
                if (!index.count(it.list)) {
                    int depth = 0;
                    for (int o = it.outer; o >= 0; o = b.items[o].outer)
                        ++depth;
                    index[it.list] = out.size();
                    out.push_back({it.ordered, 0, depth});
                }
                if (seen.insert(item).second) ++out[index[it.list]].items;
            }
        }
    // In the order the lists begin: an outer list began before the lists inside it (the loop above met
    // the inner item first).
    std::vector<std::pair<int, List>> by_id;
    for (const auto& [id, at] : index)
        by_id.push_back({id, out[at]});
    out.clear();
    for (const auto& [id, l] : by_id)
        out.push_back(l);
    return out;
}

std::string show_lists(const std::vector<List>& lists) {
    std::string s;
    for (const List& l : lists)
        s +=
            std::string(l.ordered ? "ol" : "ul") + "(" + std::to_string(l.items) + ")@" + std::to_string(l.depth) + " ";
    return s;
}

// A route's tables, in order: each row's cell count and whether it is the head row. The HTML's are its
// <table>s in #text; the book's come from its table cells' places (Book::Block), which the text layer
// makes role=table, row, cell and columnheader.
struct Row {
    int cells = 0;
    bool head = false;
    bool operator==(const Row& o) const { return cells == o.cells && head == o.head; }
};
using Table = std::vector<Row>;

void html_tables(const GumboNode* n, std::vector<Table>& out) {
    if (n->type != GUMBO_NODE_ELEMENT) return;
    const GumboTag tag = n->v.element.tag;
    if (tag == GUMBO_TAG_TABLE) out.emplace_back();
    if (tag == GUMBO_TAG_TR && !out.empty()) out.back().push_back({});
    if ((tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH) && !out.empty() && !out.back().empty()) {
        ++out.back().back().cells;
        if (tag == GUMBO_TAG_TH) out.back().back().head = true;
    }
    each_shown_child(n, [&](const GumboNode* kid) { html_tables(kid, out); });
}

std::vector<Table> html_tables(const std::string& html) {
    return from_text<std::vector<Table>>(
        html, [](const GumboNode* main, std::vector<Table>& out) { html_tables(main, out); });
}

// The book's cells by their blocks (an empty cell has a block but no box: the layer makes it all the same).
std::vector<Table> book_tables(const Book& b, int first, int last) {
    std::map<int, Table> tables;
    std::set<int> seen;
    for (int p = first; p <= last; ++p)
        for (const Box& x : b.pages[p].boxes)
            if (x.block >= 0 && b.blocks[x.block].table >= 0) seen.insert(b.blocks[x.block].table);
    for (const Book::Block& c : b.blocks) {
        if (c.table < 0 || !seen.count(c.table)) continue;
        Table& t = tables[c.table];
        if (static_cast<int>(t.size()) <= c.row) t.resize(c.row + 1);
        ++t[c.row].cells;
        t[c.row].head = t[c.row].head || c.header;
    }
    std::vector<Table> out;
    for (auto& [id, t] : tables)
        out.push_back(std::move(t));
    return out;
}

std::string show_tables(const std::vector<Table>& tables) {
    std::string s;
    for (const Table& t : tables) {
        s += "[";
        for (const Row& r : t)
            s += (r.head ? "h" : "") + std::to_string(r.cells) + " ";
        s += "] ";
    }
    return s;
}

// A route's text in other languages than the page's: each language's words, in order. The HTML's are
// those under an element with lang="..." in #text; the book's its runs that carry a language (Box::lang),
// which the text layer gives the same lang.
using Languages = std::map<std::string, std::vector<std::string>>;

void html_languages(const GumboNode* n, Languages& out) {
    if (n->type != GUMBO_NODE_ELEMENT) return;
    if (const GumboAttribute* lang = gumbo_get_attribute(&n->v.element.attributes, "lang")) {
        std::string text;
        text_of(n, text);
        for (std::string& w : words(text))
            out[lang->value].push_back(std::move(w));
        return;
    }
    each_shown_child(n, [&](const GumboNode* kid) { html_languages(kid, out); });
}

Languages html_languages(const std::string& html) {
    return from_text<Languages>(html, [](const GumboNode* main, Languages& out) { html_languages(main, out); });
}

Languages book_languages(const Book& b, int first, int last) {
    Languages out;
    for (int p = first; p <= last; ++p)
        for (const Box& x : b.pages[p].boxes)
            if (x.role == BoxRole::Content && x.kind == BoxKind::Text && !x.lang.empty())
                for (std::string& w : words(x.text))
                    out[x.lang].push_back(std::move(w));
    return out;
}

// The book of a route, its folds closed as a reader first sees them, and the pages that are the route's.
struct RouteBook {
    Book book;
    int first = 0, last = -1;
};
RouteBook book_of(const Site& site, const Route& r, Measurer& m) {
    RouteBook out;
    if (r.kind == RouteKind::Article) {
        out.book = compose_article(site, r.article, m);
    } else if (r.kind == RouteKind::Tag) {
        out.book = compose_tag(site, r.tag, m);
    } else if (r.kind == RouteKind::Main) {
        out.book = compose_site(site, m, ComposeState{});
        const ChapterSpan* c = out.book.chapter(r.chapter);
        if (!c) return out;
        out.first = c->first_page;
        out.last = c->last_page;
        return out;
    }
    out.last = static_cast<int>(out.book.pages.size()) - 1;
    return out;
}

// The book's words as whole words: a word it broke at the margin without a hyphen (an address too long for
// a line) comes back as two runs, which make one word of the HTML's.
std::vector<std::string> joined_as(const std::vector<std::string>& book, const std::vector<std::string>& html) {
    std::vector<std::string> out;
    size_t j = 0;
    for (size_t i = 0; i < book.size(); ++i, ++j) {
        std::string w = book[i];
        while (j < html.size() && w != html[j] && i + 1 < book.size() && html[j].rfind(w + book[i + 1], 0) == 0)
            w += book[++i];
        out.push_back(w);
    }
    return out;
}

// Where two word lists part: a few words of each from there, for the failure message.
std::string parting(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
        ++i;
    auto some = [&](const std::vector<std::string>& w) {
        std::string s;
        for (size_t k = i; k < std::min(w.size(), i + 12); ++k)
            s += w[k] + " ";
        return s.empty() ? std::string("(the end)") : s;
    };
    return "at word " + std::to_string(i) + ": the book has [" + some(a) + "], the HTML [" + some(b) + "]";
}

void check_bundle(const std::string& dir) {
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(dir, site, d));
    FixedMeasurer m;
    SiteAssets assets;
    std::map<RouteKind, int> checked;
    size_t lists_seen = 0, tables_seen = 0, languages_seen = 0;
    for (const Route& r : all_routes(site)) {
        if (r.kind == RouteKind::Search) continue; // a form, and the results a script finds: no book of its own
        RouteBook b = book_of(site, r, m);
        REQUIRE(b.last >= b.first);
        const std::string html = emit_page(site, r, "<main id=\"text\">{{body}}</main>", assets).contents;
        const auto hw = html_words(html);
        const auto bw = joined_as(book_words(b.book, b.first, b.last), hw);
        INFO(dir << " " << r.path << ": " << parting(bw, hw));
        CHECK(bw.size() > 0);
        CHECK(bw == hw);
        const std::vector<Heading> outline = html_outline(html);
        INFO(dir << " " << r.path
                 << " outline: " << outline_difference(book_outline(b.book, b.first, b.last), outline));
        CHECK(outline_difference(book_outline(b.book, b.first, b.last), outline).empty());
        CHECK(!outline.empty()); // every route has its title at least
        const std::vector<List> lists = html_lists(html), book = book_lists(b.book, b.first, b.last);
        INFO(dir << " " << r.path << " lists: the book has " << show_lists(book) << "; the HTML " << show_lists(lists));
        CHECK(book == lists);
        lists_seen += lists.size();
        const std::vector<Table> tables = html_tables(html), book_t = book_tables(b.book, b.first, b.last);
        INFO(dir << " " << r.path << " tables: the book has " << show_tables(book_t) << "; the HTML "
                 << show_tables(tables));
        CHECK(book_t == tables);
        tables_seen += tables.size();
        const Languages langs = html_languages(html);
        CHECK(book_languages(b.book, b.first, b.last) == langs);
        languages_seen += langs.size();
        ++checked[r.kind];
    }
    // Every kind of route was compared, not only the front page.
    CHECK(checked[RouteKind::Main] > 0);
    CHECK(checked[RouteKind::Article] > 0);
    CHECK(checked[RouteKind::Tag] > 0);
    CHECK(lists_seen > 0);
    if (dir.find("rich") != std::string::npos) { // the rich bundle has tables, and text in French and German
        CHECK(tables_seen > 0);
        CHECK(languages_seen == 2);
    }
}

} // namespace

TEST_CASE("the book and the static HTML say the same words, route by route", "[parity]") {
    for (const char* bundle : {"", "/tests/fixtures/rich", "/tests/fixtures/blog", "/tests/fixtures/scripts"})
        check_bundle(std::string(FOLIO_SOURCE_DIR) + bundle);
}
