// libFuzzer target: any bytes as the words of a site, laid out as its books: the author's name, a shelf's
// title, subtitle, running head, group heading and items, an article's title, dek and body (its headings,
// lists, tables, code), the loves' intro, the work's and find-me's titles, the contents' entry, a find
// query. Long words, right-to-left text and bidi controls (U+202E ... U+202C), combining marks and emoji
// land in every kind of title, at a page size the input picks.
//
// Input: byte 0 picks the page (0: the reference page, else a pocket width: view.h's kPocketWidths), byte 1
// the measurer (bit 0: FixedMeasurer, else ClassMeasurer, whose marks and controls are 0 wide:
// tests/support/measurers.h) and whether the first folds of each kind are open (bit 1). The rest is split
// at '\n' into fields that fill kSlots in order; the last, the article's Markdown body, runs to the end of
// the input. Malformed UTF-8 becomes U+FFFD, as the loader would allow no other (a bundle is UTF-8).
//
// The layout is platform-free and measures through Measurer: the bugs this looks for (a pagination that
// adds pages without end, a line breaker that makes no progress) are the core's, reached without fonts.
// Whatever the input, the books must come back, their boxes placed at finite positions, and no larger than
// their text: each page (but blank versos and chapter openings) holds some of it. The replay caps the heap
// (replay_main.cpp, FUZZ_HEAP_LIMIT_MB): a layout that allocates without end fails there, named.
//
// Seeds: tests/fuzz/corpus/layout, replayed by ctest (fuzz_layout_replay). Run: tests/fuzz/run.sh.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/book/compose.h"
#include "core/book/find.h"
#include "core/book/view.h"
#include "core/bundle/load.h"
#include "core/model/bound.h"
#include "core/text/text.h"
#include "support/measurers.h"

namespace {

using namespace folio;

void require(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_layout: broken invariant: %s\n", what);
    std::abort();
}

enum Slot {
    kAuthor,
    kTagline,
    kLovesTitle,
    kShelfTitle,
    kShelfSubtitle,
    kShelfRunningHead,
    kGroupHeading,
    kItemTitle,
    kItemBy,
    kItemNote,
    kSecondItemTitle,
    kArticleTitle,
    kArticleDek,
    kLovesIntro,
    kWorkTitle,
    kFocusTerm,
    kFocusText,
    kProjectName,
    kFindMeTitle,
    kHandle,
    kLinkText,
    kContentsEntry,
    kQuery,
    kBody, // the rest of the input
    kSlots
};

// Malformed UTF-8 as U+FFFD; everything else (controls, bidi overrides, marks) stays.
std::string well_formed(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        uint32_t cp = 0;
        const size_t n = utf8_decode(s, i, cp);
        if (n == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
            continue;
        }
        out.append(s.substr(i, n));
        i += n;
    }
    return out;
}

std::vector<std::string> fields(std::string_view text) {
    std::vector<std::string> out(kSlots, "x"); // a field the input does not reach
    for (int slot = 0; slot < kSlots && !text.empty(); ++slot) {
        const size_t nl = slot == kBody ? std::string_view::npos : text.find('\n');
        out[slot] = well_formed(text.substr(0, nl));
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    }
    return out;
}

// What the loader requires to hold more than white space (bundle/schema.cpp) gets a letter when it does not.
const std::string& nonblank(const std::string& s) {
    static const std::string kLetter = "x";
    return s.find_first_not_of(" \t\n\r") == std::string::npos ? kLetter : s;
}

// A site of one shelf, one article, the work and find-me, every title the input's.
Site site_of(const std::vector<std::string>& f) {
    Site s;
    s.info.title = s.info.author = nonblank(f[kAuthor]);
    s.info.tagline = f[kTagline];
    s.info.base_url = "https://fuzz.example/";
    s.loves.present = true;
    s.loves.title = nonblank(f[kLovesTitle]);
    s.loves.intro_markdown = f[kLovesIntro];
    Shelf shelf;
    shelf.id = "shelf";
    shelf.title = nonblank(f[kShelfTitle]);
    shelf.subtitle = f[kShelfSubtitle];
    shelf.running_head = f[kShelfRunningHead];
    shelf.numbered = f[kGroupHeading].size() % 2 == 0; // both settings of a shelf, by the input
    ShelfGroup group;
    group.heading = f[kGroupHeading];
    ShelfItem item;
    item.title = nonblank(f[kItemTitle]);
    item.by = {f[kItemBy]};
    item.note = f[kItemNote];
    group.items = {item, item};
    group.items[1].title = nonblank(f[kSecondItemTitle]);
    shelf.groups = {group};
    s.loves.shelves = {shelf};
    Article a;
    a.slug = "a";
    a.title = nonblank(f[kArticleTitle]);
    a.dek = f[kArticleDek];
    a.date = {2026, 2, 14};
    a.tags = {"tag"}; // a slug (the loader's rule): its words are the book's own
    a.body_markdown = f[kBody];
    s.writing = {a};
    s.work.present = true;
    s.work.title = nonblank(f[kWorkTitle]);
    s.work.focus = {{nonblank(f[kFocusTerm]), f[kFocusText]}};
    Project p;
    p.id = "p";
    p.name = nonblank(f[kProjectName]);
    p.where = "GitHub";
    p.event = "since";
    p.date = {2025, 6, 30};
    s.projects = {p};
    s.work.projects = {"p"};
    s.find_me.present = true;
    s.find_me.title = nonblank(f[kFindMeTitle]);
    s.find_me.handle = f[kHandle];
    s.find_me.links = {{nonblank(f[kLinkText]), "https://example.org/"}};
    s.contents = {{nonblank(f[kContentsEntry]), "shelf"}, {"loves", "loves"}, {"writing", "writing"}, {"work", "work"}};
    derive_sources(s);
    return s;
}

// Every box at a finite place; no more pages than the text fills (see the top).
void check_book(const Book& b) {
    size_t content = 0;
    for (const Page& p : b.pages)
        for (const Box& x : p.boxes) {
            require(std::isfinite(x.x) && std::isfinite(x.y) && std::isfinite(x.w) && std::isfinite(x.h),
                    "a box at a position that is not a number");
            content += x.role == BoxRole::Content;
        }
    require(b.pages.size() <= content + 2 * b.chapters.size() + 4, "more pages than the text fills");
}

PageSpec page_of(uint8_t choice) {
    const size_t n = sizeof kPocketWidths / sizeof kPocketWidths[0];
    return choice == 0 ? PageSpec{} : PageSpec::pocket(kPocketWidths[(choice - 1) % n]);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 2) return 0;
    const PageSpec spec = page_of(data[0]);
    FixedMeasurer fixed;
    folio::testing::ClassMeasurer by_class;
    Measurer& m = data[1] & 1 ? static_cast<Measurer&>(fixed) : by_class;
    const std::vector<std::string> f = fields(std::string_view(reinterpret_cast<const char*>(data + 2), size - 2));
    const Site site = site_of(f);
    ComposeState state;
    if (data[1] & 2) // the first folds of each kind open: the timeline's, <details> (compose.cpp), the archive's
        for (int base : {0, 1000000, kArchiveFoldBase})
            for (int i = 0; i < 64; ++i)
                state.unfolded.insert(base + i);

    const Book main = compose_site(site, m, state, spec);
    check_book(main);
    check_book(compose_article(site, 0, m, state, spec));
    check_book(compose_tag(site, "tag", m, spec, state));
    check_book(compose_not_found(site, "/" + f[kQuery], m, spec));
    // Find, as the find bar runs it: its matches' rectangles measured as drawn.
    const std::vector<FindMatch> found = find_in_book(main, f[kQuery], 200);
    for (const FindMatch& match : found)
        for (const FindPiece& piece : match.pieces) {
            const FindRect r = piece_rect(main, match.page, piece, m);
            require(std::isfinite(r.x) && std::isfinite(r.w), "a match's rectangle that is not a number");
        }
    return 0;
}
