// Formulas (NodeKind::Math): $...$, $$...$$ and math fences are parsed as TeX, "$5 and $10" stays text,
// the static HTML shows the build's MathML (or the TeX in code style without it), the book sets the TeX,
// and the tree carries formulas to the browser and back. The typesetting itself (Temml, at build time)
// is tested through the CLI (tests/cli/check_cli.sh) and in Chromium (tests/browser/math.test.mjs).
#include <catch2/catch_test_macros.hpp>

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
