// Layout and pagination rules, with a fixed-width measurer (no fonts needed).
#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <cmath>

#include "core/book/compose.h"
#include "core/book/find.h"
#include "core/bundle/load.h"
#include "core/model/bound.h"
#include "core/model/derive.h"
#include "core/site/emit.h"
#include "support/seed.h"

using namespace folio;

namespace {

Paragraph body(const std::string& text, float size = 14) {
    Paragraph p;
    p.spans = {Span{Face::Serif, Ink::Text, text, {}, false, {}, {}}};
    p.size = size;
    return p;
}

// A heading box is recognised by its size.
constexpr float kHeadingSize = 20.0f;

bool heading_ends_a_page(const Book& b) {
    for (const Page& p : b.pages) {
        const Box* last = nullptr; // the last box of text (the folio below it is furniture)
        for (const Box& x : p.boxes)
            if (x.role == BoxRole::Content) last = &x;
        if (last && last->kind == BoxKind::Text && last->size == kHeadingSize) return true;
    }
    return false;
}

// The small fixture: a shelf that runs over two pages, a short one, writing; a non-GitHub forge.
const Site& small_site() {
    static Site site;
    static bool loaded = false;
    if (!loaded) {
        Diagnostics d;
        REQUIRE(load_bundle(FOLIO_SOURCE_DIR "/tests/fixtures/small", site, d));
        loaded = true;
    }
    return site;
}

// Every archive fold open (core/model/bound.h): the small fixture's shelf of forty folds after twenty.
ComposeState all_open(const Site& site) {
    ComposeState state;
    for (size_t i = 0; i < site.folds.size(); ++i)
        state.unfolded.insert(kArchiveFoldBase + static_cast<int>(i));
    return state;
}

// n more books on the first shelf named id, in groups of ten (each within the bound).
void add_books(Site& site, const std::string& id, int n) {
    for (Shelf& sh : site.loves.shelves)
        if (sh.id == id)
            for (int i = 0; i < n; ++i) {
                if (i % 10 == 0) sh.groups.push_back(ShelfGroup{"more " + std::to_string(i / 10), {}, -1});
                sh.groups.back().items.push_back(testing::shelf_item("More " + std::to_string(i), "Someone"));
            }
}

const Box* furniture(const Page& p, BoxRole role) {
    for (const Box& b : p.boxes)
        if (b.role == role) return &b;
    return nullptr;
}

} // namespace

TEST_CASE("a heading never ends a page", "[layout]") {
    FixedMeasurer m;
    // Vary how much text precedes the heading so it lands at every position near the page bottom.
    for (int filler = 0; filler < 40; ++filler) {
        Book b;
        Flow f(b, m);
        f.begin_chapter("c", "c", "c, continued", false, false);
        for (int i = 0; i < filler; ++i)
            f.paragraph(body("line " + std::to_string(i)));
        for (int h = 0; h < 12; ++h) {
            Paragraph head = body("Heading " + std::to_string(h), kHeadingSize);
            head.keep_with_next = true;
            f.paragraph(head);
            f.paragraph(body("first line after the heading"));
            f.paragraph(body("second line"));
        }
        f.finish();
        INFO("filler " << filler);
        CHECK_FALSE(heading_ends_a_page(b));
        CHECK(b.pages.size() >= 2);
    }
}

// The lines of each paragraph on each page: {page, lines} in the order they come, for a book of one-line
// fillers ("filler ...") and paragraphs of "w" words.
std::vector<std::pair<int, int>> paragraph_lines_by_page(const Book& b) {
    std::vector<std::pair<int, int>> out;
    int block = -1;
    for (int p = 0; p < static_cast<int>(b.pages.size()); ++p)
        for (const Box& x : b.pages[p].boxes) {
            if (x.kind != BoxKind::Text || x.role != BoxRole::Content || x.text.rfind("filler", 0) == 0) continue;
            if (x.block != block || out.empty() || out.back().first != p) out.push_back({p, 0});
            block = x.block;
            ++out.back().second;
        }
    return out;
}

TEST_CASE("no paragraph leaves its first line alone at a page's foot, nor its last alone at a page's head",
          "[layout]") {
    FixedMeasurer m;
    // A paragraph of `lines` lines after enough one-line fillers that it meets the foot of the first page at
    // every line: each of its pieces on a page is at least two lines, or the paragraph is whole.
    for (int lines : {2, 3, 4, 5, 8}) {
        std::string words;
        for (int k = 0; k < lines; ++k)
            words += std::string(k ? " " : "") + std::string(40, 'w'); // a line each (48 characters fit)
        for (int filler = 20; filler < 34; ++filler) {
            Book b;
            Flow f(b, m);
            f.begin_chapter("c", "c", "c, continued", false, false);
            for (int i = 0; i < filler; ++i)
                f.paragraph(body("filler " + std::to_string(i)));
            f.paragraph(body(words));
            f.finish();
            const auto pieces = paragraph_lines_by_page(b);
            INFO("lines " << lines << ", fillers " << filler);
            int total = 0;
            for (const auto& [page, n] : pieces) {
                total += n;
                if (pieces.size() > 1) CHECK(n >= 2);
            }
            CHECK(total == lines);
            // Whole on one page when it fits there (never pushed on for nothing).
            if (pieces.size() == 1) CHECK(pieces[0].first == static_cast<int>(b.pages.size()) - 1);
        }
    }
}

TEST_CASE("an image set smaller to fit what is left of the page, down to 0.6 of its size", "[layout]") {
    FixedMeasurer m;
    // Vary how much text precedes a tall picture, so that it meets every amount of room near the page foot.
    int fitted = 0, moved = 0;
    for (int filler = 0; filler < 60; ++filler) {
        Book b;
        Flow f(b, m);
        std::map<std::string, ImageSize> sizes{{"/images/tall.png", {200, 300}}};
        f.image_sizes = &sizes;
        f.begin_chapter("c", "c", "c, continued", false, false);
        for (int i = 0; i < filler; ++i)
            f.paragraph(body("line " + std::to_string(i)));
        const float natural_h = std::min(b.spec.measure(), 200.0f) * 300.0f / 200.0f;
        f.image("/images/tall.png", "a tall picture", 12);
        f.finish();
        INFO("filler " << filler);
        // The picture, and the foot of the text before it.
        const Box* image = nullptr;
        int page = -1, text_page = -1;
        float text_foot = 0;
        for (size_t p = 0; p < b.pages.size() && !image; ++p)
            for (const Box& x : b.pages[p].boxes) {
                if (x.kind == BoxKind::Image) image = &x, page = static_cast<int>(p);
                if (x.kind == BoxKind::Text && x.text.rfind("line ", 0) == 0)
                    text_page = static_cast<int>(p), text_foot = x.y + x.h;
            }
        REQUIRE(image);
        CHECK(image->y + image->h <= b.spec.bottom() + 0.01f);        // never past the page's foot
        CHECK(image->w / image->h == Catch::Approx(200.0f / 300.0f)); // its shape kept
        CHECK(image->h >= natural_h * kImageFitScale - 0.01f);
        CHECK(image->x + image->w * 0.5f == Catch::Approx(b.spec.margin_inner + b.spec.measure() * 0.5f)); // centred
        if (filler == 0 || page == text_page) {
            CHECK(image->y >= text_foot);
            if (image->h < natural_h - 0.01f) {
                ++fitted;
                CHECK(image->y + image->h == Catch::Approx(b.spec.bottom())); // it fills the room that was left
            }
        } else {
            ++moved; // too little room even at 0.6: moved whole, to the top of the next page
            CHECK(page == text_page + 1);
            CHECK(image->y == Catch::Approx(b.spec.margin_top));
            CHECK(b.spec.bottom() - text_foot < natural_h * kImageFitScale + 30);
            CHECK(image->h == Catch::Approx(natural_h));
        }
    }
    CHECK(fitted > 0);
    CHECK(moved > 0);
}

TEST_CASE("a code block never leaves one line alone at a page's foot or head", "[layout]") {
    FixedMeasurer m;
    // Vary how much text precedes the block, so it breaks at every line near the page bottom.
    for (int filler = 0; filler < 40; ++filler)
        for (int lines : {2, 3, 4, 7, 40}) {
            Book b;
            Flow f(b, m);
            f.begin_chapter("c", "c", "c, continued", false, false);
            for (int i = 0; i < filler; ++i)
                f.paragraph(body("line " + std::to_string(i)));
            std::string code;
            for (int i = 0; i < lines; ++i)
                code += "line " + std::to_string(i) + "\n";
            f.code_block(code, 12);
            f.finish();
            INFO("filler " << filler << ", " << lines << " lines");
            int shown = 0;
            for (const Page& p : b.pages) {
                int here = 0;
                for (const Box& x : p.boxes)
                    if (x.kind == BoxKind::Text && x.code >= 0) ++here;
                CHECK(here != 1); // a panel of one line, where the block has several
                shown += here;
            }
            CHECK(shown == lines);
        }
}

TEST_CASE("a short listing starts the next page rather than being cut, unless that leaves much blank", "[layout]") {
    FixedMeasurer m;
    // Every amount of text before the block, on the reference page and a phone's: the block meets the foot
    // of the page at every line.
    for (const PageSpec& spec : {PageSpec{}, PageSpec::pocket(190)})
        for (int lines : {3, 6, kWholeListingLines, kWholeListingLines + 1}) {
            int moved = 0, cut = 0;
            for (int filler = 0; filler < 60; ++filler) {
                Book b;
                b.spec = spec;
                Flow f(b, m);
                f.begin_chapter("c", "c", "c, continued", false, false);
                for (int i = 0; i < filler; ++i)
                    f.paragraph(body("line " + std::to_string(i)));
                const int text_page = static_cast<int>(b.pages.size()) - 1;
                float text_foot = 0; // where the text before the block ends on its page
                for (const Box& x : b.pages.back().boxes)
                    if (x.role == BoxRole::Content) text_foot = std::max(text_foot, x.y + x.h);
                std::string code;
                for (int i = 0; i < lines; ++i)
                    code += "line " + std::to_string(i) + "\n";
                f.code_block(code, 12);
                f.finish();
                INFO((spec.width == PageSpec{}.width ? "reference" : "pocket")
                     << ", filler " << filler << ", " << lines << " lines");
                std::vector<int> pages; // the pages with lines of the block
                for (size_t p = 0; p < b.pages.size(); ++p)
                    for (const Box& x : b.pages[p].boxes)
                        if (x.kind == BoxKind::Text && x.code >= 0 && (pages.empty() || pages.back() != int(p)))
                            pages.push_back(static_cast<int>(p));
                REQUIRE(!pages.empty());
                const float area = spec.bottom() - spec.margin_top;
                if (pages.size() > 1) { // cut: a long listing, or moving it would leave much of a page blank
                    ++cut;
                    CHECK((lines > kWholeListingLines || spec.bottom() - text_foot > area * kListingBlankShare));
                } else if (pages.front() > text_page && text_foot > 0) {
                    // Whole on the next page: a short listing; a long one only where not even two of its
                    // lines fit (the rule above).
                    const float two_lines = 2 * 12 * 1.45f + 2 * 12 * 0.7f + spec.body_size * 0.5f;
                    if (lines <= kWholeListingLines)
                        ++moved;
                    else
                        CHECK(spec.bottom() - text_foot < two_lines + 0.01f);
                }
            }
            INFO(lines << " lines: " << moved << " moved whole, " << cut << " cut");
            if (lines > kWholeListingLines)
                CHECK(cut > 0);
            else
                CHECK(moved > 0);
            // On the phone's page a listing of the most lines kept whole is still cut where moving it would
            // leave more than a third of the page blank.
            if (spec.width != PageSpec{}.width && lines == kWholeListingLines) CHECK(cut > 0);
        }
}

TEST_CASE("a running head longer than the measure ends in an ellipsis within it", "[layout]") {
    FixedMeasurer m;
    Book b;
    b.spec.width = 330; // a phone's page
    Flow f(b, m);
    // A long title without a space in it (Chinese), and one with spaces: both are cut, never run off.
    const std::string chinese = "一个很长很长的中文标题在手机上不能超出页面的宽度否则就会被截断",
                      latin = "A title that goes on and on, longer than any phone page could hold in one line";
    for (const std::string& title : {chinese, latin}) {
        f.begin_chapter("c", title, title + ", continued", false, false);
        for (int i = 0; i < 60; ++i)
            f.paragraph(body("line " + std::to_string(i)));
    }
    f.finish();
    int heads = 0;
    for (const Page& p : b.pages) {
        const Box* head = furniture(p, BoxRole::RunningHead);
        if (!head) continue;
        ++heads;
        INFO(head->text);
        CHECK(head->w <= b.spec.measure());
        CHECK(head->x >= b.spec.margin_outer - 0.01f);
        CHECK(head->text.size() >= 3);
        CHECK(head->text.compare(head->text.size() - 3, 3, "\xE2\x80\xA6") == 0);
        CHECK((head->text.rfind(chinese.substr(0, 6), 0) == 0 || head->text.rfind("A title", 0) == 0));
    }
    CHECK(heads >= 2);
}

TEST_CASE("a 200-item list continues under a continued head", "[layout]") {
    FixedMeasurer m;
    Book b;
    Flow f(b, m);
    f.begin_chapter("list", "list", "list, continued", true, false);
    for (int i = 0; i < 200; ++i) {
        Paragraph p = body("item " + std::to_string(i));
        p.marker = std::to_string(i + 1);
        p.indent = 20;
        f.paragraph(p);
    }
    f.finish();
    REQUIRE(b.pages.size() > 3);
    CHECK(b.pages[0].running_head.empty());
    CHECK(furniture(b.pages[0], BoxRole::RunningHead) == nullptr);
    for (size_t i = 1; i < b.pages.size(); ++i) {
        CHECK(b.pages[i].running_head == "list, continued");
        // The head is a box layout placed: first on its page, centred in the top margin.
        const Box* head = furniture(b.pages[i], BoxRole::RunningHead);
        REQUIRE(head);
        CHECK(&b.pages[i].boxes.front() == head);
        CHECK(head->text == "list, continued");
        CHECK(head->y + head->h <= b.spec.margin_top);
        CHECK(std::abs(head->x + head->w * 0.5f - b.spec.width * 0.5f) < 0.01f);
    }
    int items = 0;
    for (const Page& p : b.pages)
        for (const Box& x : p.boxes) {
            if (x.text.rfind("item ", 0) == 0) ++items;
            if (x.role == BoxRole::Content) CHECK(x.y + x.h <= b.spec.bottom() + 0.01f);
        }
    CHECK(items == 200);
    CHECK(b.pages.back().folio == static_cast<int>(b.pages.size()));
}

TEST_CASE("a line never breaks inside a word that runs across spans: its pieces go on together", "[layout]") {
    FixedMeasurer m; // every character 7 units wide at 14: 48 to the 340-unit measure
    // Each case: text before, then an italic piece, then text glued to it ("emphasis," is one word); the
    // italic piece ends the first line exactly, so the glued comma would not fit after it.
    struct Case {
        std::string before, italic, after, moved; // moved: the text the second line starts with
    };
    const std::string fill = "aaaa bbbb cccc dddd eeee ffff gggg hhhh "; // 40 characters
    const std::vector<Case> cases = {
        {fill, "emphasis", ", strong words", "emphasis"},             // the word starts a span
        {fill + "un", "breaks", ". Then more", "un"},                 // it starts inside the span before
        {fill.substr(0, 35) + "x (see", "italic", "), then", "(see"}, // two glued pieces, then the third
    };
    for (const Case& c : cases) {
        INFO(c.before << "|" << c.italic << "|" << c.after);
        REQUIRE((c.before + c.italic).size() <= 48);
        Paragraph p = body(c.before);
        p.spans.push_back(Span{Face::Italic, Ink::Text, c.italic, {}, false, {}, {}});
        p.spans.push_back(Span{Face::Serif, Ink::Text, c.after, {}, false, {}, {}});
        Book b;
        Flow f(b, m);
        f.begin_chapter("c", "c", "", false, false);
        f.paragraph(p);
        f.finish();
        std::vector<std::string> lines; // the text of each line, its boxes joined in order
        std::vector<float> ys;
        for (const Box& x : b.pages[0].boxes) {
            if (x.kind != BoxKind::Text || x.role != BoxRole::Content) continue;
            if (ys.empty() || x.y != ys.back()) {
                ys.push_back(x.y);
                lines.emplace_back();
            } else {
                CHECK(x.x > b.spec.margin_inner); // a line's later boxes sit after its first
            }
            lines.back() += x.text;
        }
        REQUIRE(lines.size() == 2);
        CHECK(lines[1].rfind(c.moved, 0) == 0);
        CHECK(lines[0] + " " + lines[1] == c.before + c.italic + c.after);
        for (const Box& x : b.pages[0].boxes) // nothing wider than the measure
            CHECK(x.x + x.w <= b.spec.margin_inner + b.spec.measure() + 0.01f);
    }
}

TEST_CASE("a superscript and a subscript are set smaller, above and below the line's baseline", "[layout]") {
    FixedMeasurer m;
    Paragraph p = body("energy is mc");
    p.spans.push_back(Span{Face::Serif, Ink::Text, "2", {}, false, Script::Super, {}});
    p.spans.push_back(Span{Face::Serif, Ink::Text, " and water H", {}, false, {}, {}});
    p.spans.push_back(Span{Face::Serif, Ink::Text, "2", {}, false, Script::Sub, {}});
    p.spans.push_back(Span{Face::Serif, Ink::Text, "O", {}, false, {}, {}});
    Book b;
    Flow f(b, m);
    f.begin_chapter("c", "c", "", false, false);
    f.paragraph(p);
    f.finish();
    std::vector<const Box*> runs;
    for (const Box& x : b.pages[0].boxes)
        if (x.kind == BoxKind::Text && x.role == BoxRole::Content) runs.push_back(&x);
    REQUIRE(runs.size() == 5);
    const Box &mc = *runs[0], &sup = *runs[1], &h = *runs[2], &sub = *runs[3], &o = *runs[4];
    CHECK(sup.text == "2");
    CHECK(sub.text == "2");
    // Smaller, and measured at its own size: a 14-unit line, a 0.72 script, 0.5 of the size per character.
    CHECK(sup.size < mc.size * 0.8f);
    CHECK(sup.w == Catch::Approx(sup.size * 0.5f));
    // Glued to the word before it and after it, with no gap.
    CHECK(sup.x == Catch::Approx(mc.x + mc.w));
    CHECK(o.x == Catch::Approx(sub.x + sub.w));
    // The baseline: each renderer centres a run's glyph box (1.32 of its size) in the line box and puts
    // the baseline at the face's ascent in it (0.785); a superscript's is a third of the size above the
    // line's, a subscript's below.
    auto baseline = [](const Box& x) { return x.y + (x.h - x.size * 1.32f) / 2 + x.size * 1.32f * 0.785f; };
    CHECK(baseline(mc) - baseline(sup) == Catch::Approx(mc.size * 0.36f).margin(0.01));
    CHECK(baseline(sub) - baseline(h) == Catch::Approx(mc.size * 0.16f).margin(0.01));
    CHECK(h.y == mc.y); // the line's own runs stay on its line box
    CHECK(sub.h == mc.h);

    // From an author's raw HTML: "Water is H<sub>2</sub>O and energy is mc<sup>2</sup>."
    Site blog;
    Diagnostics d;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR "/tests/fixtures/blog", blog, d));
    Book article = compose_article(blog, blog.find_article("raw-html-tour"), m);
    int lowered = 0, raised = 0;
    for (const Page& pg : article.pages)
        for (size_t i = 1; i < pg.boxes.size(); ++i) {
            const Box &before = pg.boxes[i - 1], &x = pg.boxes[i];
            if (x.text != "2" || x.size >= before.size) continue;
            if (before.text.size() >= 1 && before.text.back() == 'H' && x.y > before.y) ++lowered;
            if (before.text.size() >= 2 && before.text.substr(before.text.size() - 2) == "mc" && x.y < before.y)
                ++raised;
        }
    CHECK(lowered == 1);
    CHECK(raised == 1);
}

TEST_CASE("long words and URLs never overflow the measure", "[layout]") {
    FixedMeasurer m;
    Book b;
    Flow f(b, m);
    f.begin_chapter("c", "c", "", false, false);
    f.paragraph(body("see https://example.org/" + std::string(300, 'a') + " and " + std::string(90, 'W') + " end"));
    f.finish();
    float right = b.spec.margin_inner + b.spec.measure();
    int boxes = 0;
    std::string joined;
    for (const Box& x : b.pages[0].boxes) {
        CHECK(x.x + x.w <= right + 0.01f);
        joined += x.text;
        ++boxes;
    }
    CHECK(boxes > 5);
    CHECK(joined.find("end") != std::string::npos);
}

TEST_CASE("every page but a blank one carries its folio as a box below the text", "[layout]") {
    FixedMeasurer m;
    Book book = compose_site(small_site(), m, ComposeState{});
    int blank = 0, numbered = 0;
    for (const Page& p : book.pages) {
        const Box* folio = furniture(p, BoxRole::Folio);
        if (p.blank) {
            CHECK(p.boxes.empty());
            ++blank;
            continue;
        }
        ++numbered;
        REQUIRE(folio);
        CHECK(&p.boxes.back() == folio);
        CHECK(folio->text == folio_label(p));
        CHECK(folio->y >= book.spec.bottom());
        CHECK(folio->y + folio->h <= book.spec.height);
    }
    CHECK(blank > 0);        // chapters on even pages leave blank versos
    CHECK(numbered > blank); // the folios above were checked on most pages, not on none
}

TEST_CASE("small fixture: a long shelf continues under its continued head", "[layout]") {
    FixedMeasurer m;
    Book book = compose_site(small_site(), m, all_open(small_site()));
    const ChapterSpan* books = book.chapter("books");
    REQUIRE(books);
    REQUIRE(books->last_page > books->first_page);
    CHECK(book.pages[books->first_page].running_head.empty());
    for (int i = books->first_page + 1; i <= books->last_page; ++i) {
        const Box* head = furniture(book.pages[i], BoxRole::RunningHead);
        REQUIRE(head);
        CHECK(head->text == "by kind, continued");
    }
    // The shelf's last book is on its last page, after the head.
    bool last_book = false;
    for (const Box& b : book.pages[books->last_page].boxes)
        if (b.text == "Book number 40") last_book = true;
    CHECK(last_book);
}

TEST_CASE("small fixture: chapters start on even pages; the contents prints the computed folios", "[layout]") {
    FixedMeasurer m;
    const Site& site = small_site();
    Book book = compose_site(site, m, all_open(site));
    for (const ChapterSpan& c : book.chapters) {
        const Page& first = book.pages[c.first_page];
        INFO(c.id);
        if (!first.roman && c.id != "title") CHECK(first.folio % 2 == 0);
    }
    std::vector<ContentsLine> lines = contents_folios(site, book);
    REQUIRE(lines.size() == 4);
    std::vector<std::string> printed;
    const Page& contents = book.pages[book.chapter("contents")->first_page];
    for (const Box& x : contents.boxes)
        if (x.role == BoxRole::Content && x.ink == Ink::Muted && x.x > book.spec.width * 0.5f)
            printed.push_back(x.text);
    REQUIRE(printed.size() == 4);
    for (size_t i = 0; i < lines.size(); ++i)
        CHECK(printed[i] == lines[i].folio);
    CHECK(lines[0].folio == "4"); // title page 1, contents 2, loves 4
    // Forty more books move writing (after books) and the contents prints the new number.
    Site more = site;
    add_books(more, more.loves.shelves[0].id, 40);
    derive_sources(more);
    Book grown = compose_site(more, m, all_open(more));
    std::vector<ContentsLine> after = contents_folios(more, grown);
    CHECK(after[1].folio == lines[1].folio);
    CHECK(std::stoi(after[3].folio) > std::stoi(lines[3].folio));
    bool reprinted = false;
    for (const Box& x : grown.pages[grown.chapter("contents")->first_page].boxes)
        if (x.role == BoxRole::Content && x.ink == Ink::Muted && x.text == after[3].folio) reprinted = true;
    CHECK(reprinted);
}

TEST_CASE("small fixture: front matter is roman and ends on an odd page count, padded by the flow", "[layout]") {
    FixedMeasurer m;
    Book book = compose_site(small_site(), m, ComposeState{});
    int roman = 0;
    for (const Page& p : book.pages)
        roman += p.roman ? 1 : 0;
    CHECK(roman % 2 == 1);
    CHECK(book.pages[roman].folio == 1);
    // No chapter is made up for the padding: the front matter's last page is the front chapter's.
    CHECK(book.chapters[0].id == "front");
    CHECK(book.chapters[0].last_page == roman - 1);
    CHECK(book.chapters[1].id == "title");
}

TEST_CASE("a chapter starts on an even page; the contents prints computed folios", "[layout][seed]") {
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR, site, d));
    FixedMeasurer m;
    Book book = compose_site(site, m, ComposeState{});
    for (const ChapterSpan& c : book.chapters) {
        const Page& first = book.pages[c.first_page];
        if (!first.roman && c.id != "title") CHECK(first.folio % 2 == 0);
    }
    // The contents page prints exactly the first folios of the chapters.
    std::vector<ContentsLine> lines = contents_folios(site, book);
    const ChapterSpan* contents = book.chapter("contents");
    REQUIRE(contents);
    std::vector<std::string> printed;
    for (const Box& x : book.pages[contents->first_page].boxes)
        if (x.role == BoxRole::Content && x.ink == Ink::Muted && x.x > book.spec.width * 0.5f)
            printed.push_back(x.text); // right-aligned folios
    REQUIRE(printed.size() == lines.size());
    for (size_t i = 0; i < lines.size(); ++i)
        CHECK(printed[i] == lines[i].folio);

    // More books move the later chapters (with the real fonts, forty do: see tests/ui).
    Site more = site;
    add_books(more, "books", 80);
    derive_sources(more);
    Book grown = compose_site(more, m, ComposeState{});
    std::vector<ContentsLine> after = contents_folios(more, grown);
    CHECK(after[2].folio == lines[2].folio);                      // books itself starts where it did
    CHECK(std::stoi(after[3].folio) > std::stoi(lines[3].folio)); // writing moved
    CHECK(std::stoi(after[6].folio) > std::stoi(lines[6].folio)); // find me moved
}

TEST_CASE("front matter has roman folios and an odd page count", "[layout][seed]") {
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR, site, d));
    FixedMeasurer m;
    Book book = compose_site(site, m, ComposeState{});
    int roman = 0;
    for (const Page& p : book.pages)
        roman += p.roman ? 1 : 0;
    CHECK(roman % 2 == 1);
    CHECK(book.pages[0].roman);
    CHECK(folio_label(book.pages[0]) == "i");
    CHECK(book.pages[roman].folio == 1);
    CHECK(to_roman(14) == "xiv");
}

TEST_CASE("an article body typesets every Markdown element", "[layout]") {
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR "/tests/fixtures/rich", site, d));
    FixedMeasurer m;
    Book book = compose_article(site, site.find_article("everything-markdown"), m);
    std::vector<std::string> markers;
    bool strike = false, code_mono = false, image = false, table_right = false, quote_bar = false;
    bool code_keyword = false, code_comment = false;
    float hard_break_first_x = -1, line_two_x = -2;
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes) {
            if (b.kind == BoxKind::Text &&
                (b.text == "1." || b.text == "2." || b.text == "3." || b.text == "5." || b.text == "6."))
                markers.push_back(b.text);
            if (b.strike && b.text.find("retraction") != std::string::npos) strike = true;
            // Highlighted: the code's runs carry the theme's code inks.
            if (b.code >= 0 && b.face == Face::Mono && b.text == "main" && b.ink == Ink::CodeFunction) code_mono = true;
            if (b.code >= 0 && b.text == "return" && b.ink == Ink::CodeKeyword) code_keyword = true;
            if (b.code >= 0 && b.text.find("// a deliberately long line") == 0 && b.ink == Ink::CodeComment)
                code_comment = true;
            if (b.kind == BoxKind::Image && b.text == "A figure: a blue square with a circle") image = true;
            if (b.kind == BoxKind::Rule && b.w == 2.0f) quote_bar = true;
            if (b.text == "12" && b.x > book.spec.margin_inner + 40) table_right = true;
            if (b.text.rfind("Line one", 0) == 0) hard_break_first_x = b.x;
            if (b.text.rfind("line two", 0) == 0) line_two_x = b.x;
        }
    CHECK(markers == std::vector<std::string>{"1.", "2.", "3.", "5.", "6."}); // each item once, numbering kept
    CHECK(strike);
    CHECK(code_mono);
    CHECK(code_keyword);
    CHECK(code_comment);
    CHECK(image);
    CHECK(quote_bar);
    CHECK(table_right);
    CHECK(line_two_x == hard_break_first_x); // the hard break starts a new line
}

TEST_CASE("a non-GitHub forge: the book and the HTML both link the repository and its pulls there",
          "[layout][vocabulary]") {
    const Site& site = small_site();
    FixedMeasurer m;
    Book book = compose_site(site, m, ComposeState{});
    std::vector<std::string> follows;
    for (const LinkAction& a : book.links)
        if (a.kind == ActionKind::Follow) follows.push_back(a.href);
    auto has = [&](const std::string& h) { return std::find(follows.begin(), follows.end(), h) != follows.end(); };
    CHECK(has("https://forge.example/sam/tool"));
    CHECK(has("https://forge.example/sam/tool/pull/1"));
    for (const std::string& h : follows)
        CHECK(h.find("github.com") == std::string::npos);
    const std::vector<OutputFile> files = emit_site(site, "<main>{{body}}</main>", SiteAssets{});
    const std::string& front = files[0].contents;
    REQUIRE(files[0].path == "index.html");
    CHECK(front.find("merged into <a href=\"https://forge.example/sam/tool\">sam/tool</a>") != std::string::npos);
    CHECK(front.find("<a href=\"https://forge.example/sam/tool/pull/1\">#1</a>") != std::string::npos);
    CHECK(front.find("github.com") == std::string::npos);
    // The fold's words are the model's, in both: "the rest (2)".
    CHECK(front.find("<summary>the rest (2)</summary>") != std::string::npos);
    bool rest = false;
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes)
            if (b.text.rfind("the rest (2)", 0) == 0 && b.link >= 0 && book.links[b.link].kind == ActionKind::Fold)
                rest = true;
    CHECK(rest);
}

TEST_CASE("find reads the text, not the page furniture", "[layout][find]") {
    FixedMeasurer m;
    Book book = compose_site(small_site(), m, all_open(small_site()));
    bool head = false;
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes)
            if (b.role == BoxRole::RunningHead && b.text == "by kind, continued") head = true;
    REQUIRE(head);
    CHECK(find_in_book(book, "by kind, continued").empty());
    CHECK_FALSE(find_in_book(book, "Book number 40").empty());
}

TEST_CASE("a page that a section starts is not headed '<section>, continued'", "[layout]") {
    FixedMeasurer m;
    // Vary what precedes the section so its heading lands at every position near the page bottom,
    // moved with the next block (keep_with_next) or starting the page outright.
    for (int filler = 0; filler < 40; ++filler) {
        Book b;
        Flow f(b, m);
        f.begin_chapter("c", "c", "c, continued", false, false);
        for (int i = 0; i < filler; ++i)
            f.paragraph(body("line " + std::to_string(i)));
        f.set_continued_head("2026, continued");
        Paragraph head = body("2026", kHeadingSize);
        head.keep_with_next = true;
        f.paragraph(head);
        for (int i = 0; i < 60; ++i)
            f.paragraph(body("entry " + std::to_string(i)));
        f.finish();
        INFO("filler " << filler);
        int heading_page = -1;
        for (size_t p = 0; p < b.pages.size() && heading_page < 0; ++p)
            for (const Box& x : b.pages[p].boxes)
                if (x.role == BoxRole::Content && x.text == "2026") heading_page = static_cast<int>(p);
        REQUIRE(heading_page >= 0);
        if (heading_page > 0) CHECK(b.pages[heading_page].running_head == "c, continued");
        REQUIRE(static_cast<int>(b.pages.size()) > heading_page + 1);
        CHECK(b.pages[heading_page + 1].running_head == "2026, continued");
    }
}

TEST_CASE("the proof's first pages are the whole layout's; past them only the page count is kept", "[layout][proof]") {
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR "/tests/fixtures/rich", site, d));
    const int index = site.find_article("everything-markdown");
    REQUIRE(index >= 0);
    // A code listing, or a paragraph, long enough to run over several pages is the whole body.
    Node code;
    code.kind = NodeKind::CodeBlock;
    for (int i = 0; i < 300; ++i)
        code.text += "\tline " + std::to_string(i) + " of a long listing\n";
    Node words;
    words.kind = NodeKind::Paragraph;
    Node run;
    run.kind = NodeKind::Text;
    for (int i = 0; i < 1500; ++i)
        run.text += "word" + std::to_string(i) + " ";
    words.children.push_back(run);
    FixedMeasurer m;
    for (const Node& block : {code, words})
        for (const PageSpec& spec : {PageSpec{}, PageSpec::pocket(235)}) {
            site.writing[index].body.children = {block};
            const Book whole = compose_article(site, index, m, ComposeState{}, spec);
            ComposeState first;
            first.page_limit = 2;
            const Book cut = compose_article(site, index, m, first, spec);
            // The block's last line is on the cut book's last page: it is laid out to its end, as before.
            size_t last = 0;
            for (size_t p = 0; p < whole.pages.size(); ++p)
                for (const Box& b : whole.pages[p].boxes)
                    if (b.text.find("line 299 of") != std::string::npos || b.text.find("word1499") != std::string::npos)
                        last = p;
            REQUIRE(last > 3);
            CHECK(cut.pages.size() == last + 1);
            for (size_t p = 0; p < 2; ++p) {
                REQUIRE(cut.pages[p].boxes.size() == whole.pages[p].boxes.size());
                for (size_t b = 0; b < whole.pages[p].boxes.size(); ++b) {
                    const Box &x = cut.pages[p].boxes[b], &y = whole.pages[p].boxes[b];
                    CHECK((x.text == y.text && x.x == y.x && x.y == y.y && x.w == y.w && x.kind == y.kind));
                }
            }
            for (size_t p = 3; p < cut.pages.size(); ++p) // a page no proof shows is not filled
                for (const Box& b : cut.pages[p].boxes)
                    CHECK(b.role != BoxRole::Content);
        }
}
