// Formulas (NodeKind::Math): $...$, $$...$$ and math fences are parsed as TeX, "$5 and $10" stays text,
// the static HTML shows the build's MathML (or the TeX in code style without it), the book sets a typeset
// formula's picture in the line (an untypeset one's TeX), and the tree carries formulas to the browser and
// back. The typesetting itself (Temml and MathJax, at build time) is tested through the CLI
// (tests/cli/check_cli.sh) and in Chromium (tests/browser/math.test.mjs).
#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>

#include <cmath>

#include <string>
#include <vector>

#include "core/book/compose.h"
#include "core/markup/markdown.h"
#include "core/model/derive.h"
#include "core/site/html_document.h"
#include "core/wire/document_json.h"
#include "core/wire/site_reader.h"
#include "support/sites.h"

using namespace folio;

namespace {

void collect_math(const Node& n, std::vector<const Node*>& out) {
    if (n.kind == NodeKind::Math) out.push_back(&n);
    for (const Node& c : n.children)
        collect_math(c, out);
}

std::vector<const Node*> formulas(const Document& d) {
    std::vector<const Node*> out;
    collect_math(d, out);
    return out;
}

// What the build does to a formula it typesets (cli/math.cpp): its picture, its MathML, its box in em/1000.
void typeset(Node& n, int width, int ascent, int depth) {
    if (n.kind == NodeKind::Math) {
        n.href = "/math/" + std::to_string(n.text.size()) + ".svg";
        n.info = "<math><mi>x</mi></math>";
        n.width = width;
        n.height = ascent;
        n.start = depth;
    }
    for (Node& c : n.children)
        typeset(c, width, ascent, depth);
}

std::vector<const Box*> boxes_of(const Book& book, BoxKind kind) {
    std::vector<const Box*> out;
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes)
            if (b.kind == kind && b.role == BoxRole::Content) out.push_back(&b);
    return out;
}

// Where a text run's baseline is (every renderer: its glyph box, 1.32 of its size, centred in the line box,
// the baseline at 0.785 of it).
float baseline(const Box& b) { return b.y + (b.h - b.size * 1.32f) / 2 + b.size * 1.32f * 0.785f; }

bool overlap_vertically(const Box& a, const Box& b) { return a.y < b.y + b.h - 0.01f && b.y < a.y + a.h - 0.01f; }

} // namespace

TEST_CASE("math: dollars, double dollars and math fences are formulas; prices are not", "[math]") {
    Document d = parse_markdown("Energy $E = mc^2$ and a display:\n\n$$\\frac{a}{b}$$\n\n"
                                "```math\n\\sum_{i=1}^n i\n```\n\nIt costs $5 and $10, or \\$x\\$.\n");
    const auto found = formulas(d);
    REQUIRE(found.size() == 3);
    CHECK(found[0]->text == "E = mc^2");
    CHECK(found[0]->level == 0);
    CHECK(found[1]->text == "\\frac{a}{b}");
    CHECK(found[1]->level == 1);
    CHECK(found[2]->text == "\\sum_{i=1}^n i");
    CHECK(found[2]->level == 1);
    CHECK(found[0]->children.empty()); // the TeX is one string, as inline code is
    const std::string text = plain_text(d);
    CHECK(text.find("It costs $5 and $10, or $x$.") != std::string::npos);
}

TEST_CASE("math: TeX's own delimiters \\(...\\) and \\[...\\] are formulas too, outside code", "[math]") {
    Document d = parse_markdown("Inline \\( x^2 + 1 \\) and \\(\\alpha\\), then:\n\n\\[\n\\frac{a}{b}\n\\]\n\n"
                                "Not in code: `\\(y\\)`, nor escaped: \\\\(z\\\\), nor open: \\(w.\n\n"
                                "    \\(indented code\\)\n\n```\n\\[fenced\\]\n```\n\nA price \\(costs $5\\).\n");
    const auto found = formulas(d);
    REQUIRE(found.size() == 3);
    CHECK(found[0]->text == "x^2 + 1");
    CHECK(found[0]->level == 0);
    CHECK(found[1]->text == "\\alpha");
    CHECK(found[2]->text == "\\frac{a}{b}");
    CHECK(found[2]->level == 1);
    const std::string text = plain_text(d);
    CHECK(text.find("`") == std::string::npos);       // the code span is code
    CHECK(text.find("\\(y\\)") != std::string::npos); // as written, in code
    CHECK(text.find("\\(z\\)") != std::string::npos); // an escaped backslash, then text
    CHECK(text.find("(w.") != std::string::npos);     // no closing delimiter: Markdown's escape
    CHECK(text.find("\\(indented code\\)") != std::string::npos);
    CHECK(text.find("\\[fenced\\]") != std::string::npos);
    CHECK(text.find("(costs $5).") != std::string::npos); // a dollar inside: not a formula
    CHECK(text.find('\x01') == std::string::npos);
    CHECK(text.find('\x02') == std::string::npos);
}

TEST_CASE("math: a note after a \\(...\\) formula keeps its column", "[math]") {
    std::vector<SourceNote> notes;
    parse_markdown("A \\(x\\) then <blink>raw</blink>\n", &notes);
    REQUIRE(!notes.empty());
    CHECK(notes[0].line == 1);
    CHECK(notes[0].column == 14); // where "<blink>" is written, as if the delimiters were not rewritten
}

TEST_CASE("math: the HTML shows the typeset MathML, else the TeX as code; the book sets the TeX", "[math]") {
    Document d = parse_markdown("Area $\\pi r^2$ here.\n");
    const Node* f = formulas(d).at(0);
    HtmlStyle st;
    std::string html = document_html(d, st);
    CHECK(html.find("<code class=\"math\">\\pi r^2</code>") != std::string::npos);
    std::map<std::string, std::string> mathml = {{math_key(*f), "<math><mi>\xCF\x80</mi></math>"}};
    st.mathml = &mathml;
    html = document_html(d, st);
    CHECK(html.find("Area <math><mi>\xCF\x80</mi></math> here.") != std::string::npos);
    CHECK(html.find("\\pi") == std::string::npos);

    const Site s = folio::testing::one_article_site("Area $\\pi r^2$ here.\n");
    FixedMeasurer m;
    Book book = compose_article(s, 0, m);
    bool tex = false;
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes)
            if (b.text.find("\\pi r^2") != std::string::npos) tex = b.face == Face::Mono;
    CHECK(tex);
}

TEST_CASE("math: a formula crosses to the browser and back in the tree", "[math][document_json]") {
    Document d = parse_markdown("Inline $x_1$ then\n\n$$y = 2$$\n");
    std::string error;
    Document back;
    REQUIRE(read_built_tree(document_to_json(d).dump(), back, error));
    const auto found = formulas(back);
    REQUIRE(found.size() == 2);
    CHECK(found[0]->text == "x_1");
    CHECK(found[0]->level == 0);
    CHECK(found[1]->text == "y = 2");
    CHECK(found[1]->level == 1);
}

TEST_CASE("math: a typeset formula is its picture in the line, on the baseline, and a tall one moves the lines apart",
          "[math][layout]") {
    Site s = folio::testing::one_article_site(
        "Words before the fraction, words and words and more words, then $\\frac{a}{b}$ in the line, and more "
        "words after it, enough words to fill a line and then another line of words below it.\n");
    typeset(s.writing[0].body, 1200, 1500, 700); // 1.2 em wide, 1.5 above the baseline, 0.7 below
    FixedMeasurer m;
    const Book book = compose_article(s, 0, m);
    const auto pictures = boxes_of(book, BoxKind::Formula);
    REQUIRE(pictures.size() == 1);
    const Box& f = *pictures[0];
    REQUIRE(f.image >= 0);
    CHECK(book.formulas.at(static_cast<size_t>(f.image)).picture == "/math/11.svg");
    CHECK(book.formulas.at(static_cast<size_t>(f.image)).mathml == "<math><mi>x</mi></math>");
    CHECK(f.text == "\\frac{a}{b}"); // what copy gives
    CHECK(f.w == Catch::Approx(1.2f * f.size));
    CHECK(f.h == Catch::Approx(2.2f * f.size));
    const auto runs = boxes_of(book, BoxKind::Text);
    const Box* before = nullptr;
    for (const Box* r : runs)
        if (r->x + r->w <= f.x + 0.01f && std::abs(r->y - runs.back()->y) >= 0 &&
            r->text.find("then") != std::string::npos)
            before = r;
    REQUIRE(before);
    CHECK(f.y + 1.5f * f.size == Catch::Approx(baseline(*before)).margin(0.01)); // on the line's baseline
    // No run of another line reaches into the fraction: its line moved down from the one above, and the
    // next line down from it.
    int lines_apart = 0;
    for (const Box* r : runs)
        if (r->y != before->y) {
            CHECK_FALSE(overlap_vertically(*r, f));
            ++lines_apart;
        }
    CHECK(lines_apart >= 2);
    for (const Box* r : runs)
        if (r->y < before->y) CHECK(before->y - r->y > r->h + 0.1f * f.size);
}

TEST_CASE("math: a displayed formula is a centred line of its own; a wide one is set to the measure, never past it",
          "[math][layout]") {
    Site s = folio::testing::one_article_site("Before the display $$x = y$$ and after it.\n");
    typeset(s.writing[0].body, 3000, 800, 200);
    FixedMeasurer m;
    Book book = compose_article(s, 0, m);
    auto pictures = boxes_of(book, BoxKind::Formula);
    REQUIRE(pictures.size() == 1);
    const Box& f = *pictures[0];
    const PageSpec& spec = book.spec;
    CHECK(f.x + f.w / 2 == Catch::Approx(spec.margin_inner + spec.measure() / 2).margin(0.5));
    std::string above, below;
    for (const Box* r : boxes_of(book, BoxKind::Text)) {
        CHECK_FALSE(overlap_vertically(*r, f)); // alone in its line
        if (r->y < f.y && r->x >= spec.margin_inner) above += r->text;
        if (r->y > f.y) below += r->text;
    }
    CHECK(above.find("Before the display") != std::string::npos);
    CHECK(below.find("and after it.") != std::string::npos);

    // 100 em wide: set at the measure, its height in proportion.
    typeset(s.writing[0].body, 100000, 800, 200);
    book = compose_article(s, 0, m);
    pictures = boxes_of(book, BoxKind::Formula);
    REQUIRE(pictures.size() == 1);
    CHECK(pictures[0]->w == Catch::Approx(spec.measure()));
    CHECK(pictures[0]->h / pictures[0]->w == Catch::Approx(1000.0f / 100000.0f));
    CHECK(pictures[0]->x >= spec.margin_inner - 0.01f);
}

TEST_CASE("math: in a right-to-left paragraph a formula stays whole, read left to right", "[math][layout][bidi]") {
    Site s =
        folio::testing::one_article_site("\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D $x^2$ \xD7\xA2\xD7\x95\xD7\x9C\xD7\x9D\n");
    typeset(s.writing[0].body, 1000, 700, 100);
    FixedMeasurer m;
    const Book book = compose_article(s, 0, m);
    const auto pictures = boxes_of(book, BoxKind::Formula);
    REQUIRE(pictures.size() == 1);
    CHECK(pictures[0]->text == "x^2");
    CHECK_FALSE(pictures[0]->rtl);
    // The first Hebrew word (logical order) is right of the formula, the second left of it.
    const Box *first = nullptr, *second = nullptr;
    for (const Box* r : boxes_of(book, BoxKind::Text)) {
        if (r->text.find("\xD7\xA9\xD7\x9C") != std::string::npos) first = r;
        if (r->text.find("\xD7\xA2\xD7\x95") != std::string::npos) second = r;
    }
    REQUIRE(first);
    REQUIRE(second);
    CHECK(first->x >= pictures[0]->x + pictures[0]->w - 0.01f);
    CHECK(second->x + second->w <= pictures[0]->x + 0.01f);
}

TEST_CASE("math: a typeset formula crosses to the browser with its picture, MathML and box", "[math][document_json]") {
    Document d = parse_markdown("Inline $x_1$ here.\n");
    typeset(d, 1234, 567, 89);
    std::string error;
    Document back;
    REQUIRE(read_built_tree(document_json_text(d), back, error));
    const auto found = formulas(back);
    REQUIRE(found.size() == 1);
    CHECK(typeset_formula(*found[0]));
    CHECK(found[0]->href == "/math/3.svg");
    CHECK(found[0]->info == "<math><mi>x</mi></math>");
    const FormulaBox box = formula_box(*found[0]);
    CHECK(box.width == Catch::Approx(1.234f));
    CHECK(box.ascent == Catch::Approx(0.567f));
    CHECK(box.depth == Catch::Approx(0.089f));
}
