// Raw HTML in Markdown (a safe subset, mapped into the tree), highlighting, heading ids, and the JSON
// form of trees the browser receives.
#include <catch2/catch_test_macros.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/markup/highlight.h"
#include "core/markup/markdown.h"
#include "core/markup/raw_html.h"
#include "core/model/derive.h"
#include "core/model/links.h"
#include "core/site/html_document.h"
#include "core/text/text.h"
#include "core/wire/document_json.h"
#include "core/wire/site_reader.h"
#include "support/strings.h"

using namespace folio;
using folio::testing::count_of;

namespace {
const Node* find(const Node& n, NodeKind k) {
    if (n.kind == k) return &n;
    for (const Node& c : n.children)
        if (const Node* f = find(c, k)) return f;
    return nullptr;
}
int count(const Node& n, NodeKind k) {
    int c = n.kind == k;
    for (const Node& x : n.children)
        c += count(x, k);
    return c;
}
bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
std::string html_of(const std::string& md) { return document_html(parse_markdown(md)); }
} // namespace

TEST_CASE("inline raw HTML becomes nodes, never text", "[raw_html]") {
    Document d = parse_markdown("Water is H<sub>2</sub>O, e = mc<sup>2</sup>, <small>fine print</small>, "
                                "<mark>marked</mark>, <abbr title=\"HyperText Markup Language\">HTML</abbr>, "
                                "<q>quoted</q>, <cite>A Book</cite>, <kbd>Ctrl</kbd>, <b>bold</b> and <i>it</i>, "
                                "<s>gone</s>, a<br>break, <a href=\"https://example.org\" title=\"t\">a link</a>.\n");
    for (NodeKind k : {NodeKind::Sub, NodeKind::Sup, NodeKind::Small, NodeKind::Mark, NodeKind::Abbr,
                       NodeKind::InlineQuote, NodeKind::Cite, NodeKind::Code, NodeKind::Strong, NodeKind::Emphasis,
                       NodeKind::Strike, NodeKind::LineBreak, NodeKind::Link})
        CHECK(find(d, k));
    CHECK(find(d, NodeKind::Abbr)->info == "HyperText Markup Language");
    CHECK(find(d, NodeKind::Code)->text == "Ctrl");
    CHECK(find(d, NodeKind::Link)->href == "https://example.org");
    CHECK_FALSE(has(plain_text(d), "<"));
    CHECK(has(plain_text(d), "H2O"));
    std::string html = document_html(d);
    CHECK(has(html, "H<sub>2</sub>O"));
    CHECK(has(html, "<abbr title=\"HyperText Markup Language\">HTML</abbr>"));
    CHECK(has(html, "<mark>marked</mark>"));
    CHECK(has(html, "<q>quoted</q>"));
    CHECK_FALSE(has(html, "&lt;"));
}

TEST_CASE("Markdown around inline HTML keeps its meaning", "[raw_html]") {
    Document d = parse_markdown("Some *emphasis with <small>small</small> inside* and `code <b>` stays code.\n");
    const Node* em = find(d, NodeKind::Emphasis);
    REQUIRE(em);
    CHECK(find(*em, NodeKind::Small));
    const Node* code = find(d, NodeKind::Code);
    REQUIRE(code);
    CHECK(code->text == "code <b>");
}

TEST_CASE("HTML blocks: containers, images with sizes, figures, definition lists, tables", "[raw_html]") {
    Document d =
        parse_markdown("<div align=\"center\">\n  <img src=\"/images/x.png\" width=\"300\" height=\"150\" "
                       "alt=\"A picture\" title=\"Caption\">\n</div>\n\n"
                       "<figure><img src=\"/images/y.png\" alt=\"y\"><figcaption>The y.</figcaption></figure>\n\n"
                       "<dl><dt>Term</dt><dd>Its meaning.</dd></dl>\n\n"
                       "<table><tr><th>A</th><th align=\"right\">B</th></tr><tr><td>1</td><td>2</td></tr></table>\n\n"
                       "<blockquote><p>Quoted.</p></blockquote>\n\n"
                       "<pre><code class=\"language-python\">def f():\n    return 1\n</code></pre>\n\n"
                       "<ul><li>one</li><li>two</li></ul>\n\n<hr>\n\n<p align=\"center\">Centred.</p>\n");
    const Node* img = find(d, NodeKind::Image);
    REQUIRE(img);
    CHECK(img->href == "/images/x.png");
    CHECK(img->width == 300);
    CHECK(img->height == 150);
    CHECK(img->text == "A picture");
    CHECK(find(d, NodeKind::Container));
    const Node* fig = find(d, NodeKind::Figure);
    REQUIRE(fig);
    CHECK(find(*fig, NodeKind::Caption));
    CHECK(find(d, NodeKind::DefTerm));
    CHECK(find(d, NodeKind::DefDetails));
    const Node* table = find(d, NodeKind::Table);
    REQUIRE(table);
    REQUIRE(find(*table, NodeKind::TableHead));
    CHECK(find(*table, NodeKind::TableHead)->children[0].children[1].align == Align::Right);
    CHECK(find(d, NodeKind::Quote));
    const Node* code = find(d, NodeKind::CodeBlock);
    REQUIRE(code);
    CHECK(code->info == "python");
    CHECK(code->text == "def f():\n    return 1\n");
    CHECK_FALSE(code->runs.empty());
    CHECK(count(d, NodeKind::ListItem) == 2);
    CHECK(find(d, NodeKind::Rule));
    std::string html = document_html(d);
    CHECK(has(html, "<img src=\"/images/x.png\" alt=\"A picture\" title=\"Caption\" width=\"300\" height=\"150\""));
    CHECK(has(html, "<figcaption>The y.</figcaption>"));
    CHECK(has(html, "<dt>Term</dt>"));
    CHECK_FALSE(has(html, "align="));
}

TEST_CASE("media become links named by kind and host; scripts, styles, forms, handlers go", "[raw_html]") {
    std::vector<SourceNote> notes;
    Document d = parse_markdown("Intro.\n\n"
                                "<iframe src=\"https://www.youtube.com/embed/abc\" title=\"My talk\"></iframe>\n\n"
                                "<video controls><source src=\"/media/clip.mp4\"></video>\n\n"
                                "<script>alert('x')</script>\n\n"
                                "<style>p { color: red }</style>\n\n"
                                "<form action=\"/x\"><input name=\"q\"></form>\n\n"
                                "<p onclick=\"steal()\" style=\"color:red\">Kept text.</p>\n\n"
                                "<!-- a comment -->\n",
                                &notes);
    std::string html = document_html(d);
    CHECK(has(html, "<a href=\"https://www.youtube.com/embed/abc\">My talk (embedded page on www.youtube.com)</a>"));
    CHECK(has(html, "<a href=\"/media/clip.mp4\">video on clip.mp4</a>"));
    CHECK_FALSE(has(html, "alert"));
    CHECK_FALSE(has(html, "color"));
    CHECK_FALSE(has(html, "steal"));
    CHECK_FALSE(has(html, "comment"));
    CHECK_FALSE(has(html, "<iframe"));
    CHECK(has(html, "<p>Kept text.</p>"));
    // Every drop and every link is a located note, for folio check.
    auto note_at = [&](const std::string& what, int line) {
        for (const SourceNote& n : notes)
            if (has(n.message, what)) return n.line == line;
        return false;
    };
    CHECK(note_at("<iframe> becomes a link", 3));
    CHECK(note_at("<video> becomes a link", 5));
    CHECK(note_at("<script> is dropped", 7));
    CHECK(note_at("<style> is dropped", 9));
    CHECK(note_at("<form> is dropped", 11));
    CHECK(note_at("'onclick'", 13));
    CHECK(note_at("style attribute", 13));
    for (const SourceNote& n : notes)
        CHECK(n.column >= 1);
}

TEST_CASE("inline notes point at the tag's own column", "[raw_html]") {
    std::vector<SourceNote> notes;
    parse_markdown("Line one.\n\nSee <span onmouseover=\"x()\">this</span>.\n", &notes);
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].line == 3);
    CHECK(notes[0].column == 5);
}

TEST_CASE("details is a fold with its summary first", "[raw_html]") {
    Document d = parse_markdown("<details><summary>More</summary><p>Hidden.</p></details>\n\n"
                                "<details><p>No summary.</p></details>\n");
    REQUIRE(count(d, NodeKind::Details) == 2);
    const Node& first = d.children[0];
    REQUIRE(first.kind == NodeKind::Details);
    CHECK(first.children[0].kind == NodeKind::Summary);
    CHECK(plain_text(first.children[0]) == "More");
    const Node& second = d.children[1];
    CHECK(plain_text(second.children[0]) == "details");
    CHECK(has(document_html(d), "<details>\n<summary>More</summary>"));
}

TEST_CASE("a fold written across blocks holds the Markdown between them, as on GitHub", "[raw_html]") {
    Document d = parse_markdown("Before.\n\n<details>\n<summary>Show the <b>log</b></summary>\n\n"
                                "Some **Markdown** inside.\n\n```sh\necho hi\n```\n\n</details>\n\nAfter.\n");
    REQUIRE(d.children.size() == 3);
    const Node& fold = d.children[1];
    REQUIRE(fold.kind == NodeKind::Details);
    REQUIRE(fold.children.size() == 3);
    CHECK(fold.children[0].kind == NodeKind::Summary);
    CHECK(find(fold.children[0], NodeKind::Strong));
    CHECK(fold.children[1].kind == NodeKind::Paragraph);
    CHECK(find(fold.children[1], NodeKind::Strong));
    CHECK(fold.children[2].kind == NodeKind::CodeBlock);
    CHECK(plain_text(d.children[2]) == "After.");
    CHECK(has(document_html(d), "<details>\n<summary>Show the <strong>log</strong></summary>\n<p>Some"));
}

TEST_CASE("headings get GitHub's unique slugs, and fragment links work", "[slugs]") {
    Document d = parse_markdown("# Part Two!\n\n## Part two\n\n## Café & crème\n\n## C++ `std::vector`\n\n"
                                "[see below](#part-two)\n");
    std::vector<std::string> ids;
    for (const Node& c : d.children)
        if (c.kind == NodeKind::Heading) ids.push_back(c.id);
    CHECK(ids == std::vector<std::string>{"part-two", "part-two-1", "café--crème", "c-stdvector"});
    std::string html = document_html(d);
    CHECK(has(html, "<h2 id=\"part-two\">"));
    CHECK(has(html, "<h3 id=\"part-two-1\">"));
    CHECK(has(html, "<a href=\"#part-two\">see below</a>"));
}

TEST_CASE("fenced code is highlighted in every listed language; unknown stays plain", "[highlight]") {
    struct Sample {
        const char* lang;
        const char* code;
        Token expect;
        const char* token_text;
    };
    const Sample samples[] = {
        {"c", "int main(void) { return 0; }\n", Token::Type, "int"},
        {"cpp", "#include <vector>\nclass A {};\n", Token::Preproc, "#include"},
        {"cuda", "__global__ void k() { return; }\n", Token::Keyword, "return"},
        {"python", "def f(x):\n    return 'y'  # done\n", Token::Keyword, "def"},
        {"rust", "fn main() { let x = 1; }\n", Token::Keyword, "fn"},
        {"go", "package main\nfunc main() {}\n", Token::Keyword, "package"},
        {"javascript", "const x = \"s\";\n", Token::String, "\"s\""},
        {"typescript", "const n: number = 1;\n", Token::Keyword, "const"},
        {"shell", "if [ -f x ]; then echo hi; fi\n", Token::Keyword, "if"},
        {"console", "echo \"hello\"\n", Token::String, "\"hello\""},
        {"json", "{\"a\": true, \"b\": 2}\n", Token::Keyword, "true"},
        {"yaml", "# c\nname: folio\nlist: [1, 2]\n", Token::Comment, "# c"},
        {"toml", "[package]\nname = \"folio\"\n", Token::String, "\"folio\""},
        {"diff", "--- a\n+++ b\n-old\n+new\n", Token::Added, "+new"},
        {"sql", "SELECT a FROM t WHERE b = 1;\n", Token::Keyword, "SELECT"},
        {"html", "<p class=\"x\">hi</p>\n", Token::Keyword, "p"},
        {"css", "p { color: red; }\n", Token::Type, "color"},
    };
    for (const Sample& s : samples) {
        CAPTURE(s.lang);
        std::vector<CodeRun> runs = highlight_code(s.lang, s.code);
        REQUIRE_FALSE(runs.empty());
        CHECK(runs_cover(s.code, runs));
        bool found = false;
        each_code_run(s.code, runs, [&](Token token, std::string_view text) {
            if (token == s.expect && has(std::string(text), s.token_text)) found = true;
        });
        CHECK(found);
    }
    CHECK(highlight_code("brainfudge", "+++.\n").empty());
    CHECK(highlight_code("", "x\n").empty());
    Document d = parse_markdown("```nosuchlang\nplain text\n```\n");
    CHECK(find(d, NodeKind::CodeBlock)->runs.empty());
    CHECK(has(document_html(d), "<pre tabindex=\"0\"><code class=\"language-nosuchlang\">plain text\n</code></pre>"));
    CHECK(has(html_of("```rust\nfn main() {}\n```\n"), "<t-kw>fn</t-kw>"));
    // Spaces between two tokens of one kind join them (their colour does not show); other spaces stay
    // between the elements. A feed's code is plain: no stylesheet colours it there.
    const Document c = parse_markdown("```c\nint x = a + - b;\nreturn (1);\n```\n");
    CHECK(has(document_html(c), "<t-ty>int</t-ty> x <t-op>=</t-op> a <t-op>+ -</t-op> b<t-op>;</t-op>\n"
                                "<t-kw>return</t-kw> <t-op>(</t-op><t-nu>1</t-nu><t-op>);</t-op>\n</code>"));
    HtmlStyle feed;
    feed.code_tokens = false;
    CHECK(has(document_html(c, feed), "<code class=\"language-c\">int x = a + - b;\nreturn (1);\n</code>"));
}

TEST_CASE("trees survive the JSON the browser reads, and bad JSON is refused", "[document_json]") {
    Document d = parse_markdown("# T\n\nA *b* <sub>c</sub> [d](/e \"f\") ![g](/h.png)\n\n"
                                "<details><summary>s</summary>\n\nx\n\n</details>\n\n"
                                "```go\nfunc main() {}\n```\n\n| a | b |\n|--:|---|\n| 1 | 2 |\n\n3. x\n4. y\n");
    Document back;
    std::string error;
    REQUIRE(read_built_tree(document_to_json(d).dump(), back, error)); // as the browser reads it
    CHECK(document_html(back) == document_html(d));
    CHECK(find(back, NodeKind::CodeBlock)->runs.size() == find(d, NodeKind::CodeBlock)->runs.size());
    CHECK(find(back, NodeKind::Heading)->id == "t");
    Document bad;
    std::string deep = "[\"doc\"";
    for (int i = 0; i < 200; ++i)
        deep += ",[\"quote\"";
    deep += std::string(200, ']') + "]";
    CHECK_FALSE(read_built_tree(deep, bad, error));
}

namespace {

// A Markdown text's tree and notes, with simple inline HTML mapped without gumbo, and through gumbo.
void same_both_ways(const std::string& md) {
    std::vector<SourceNote> fast_notes, gumbo_notes;
    const std::string fast = document_to_json(parse_markdown(md, &fast_notes)).dump();
    const std::string gumbo = document_to_json(parse_markdown(md, &gumbo_notes, /*gumbo_only=*/true)).dump();
    CAPTURE(md);
    CHECK(fast == gumbo);
    REQUIRE(fast_notes.size() == gumbo_notes.size());
    for (size_t i = 0; i < fast_notes.size(); ++i)
        CHECK(fast_notes[i].message == gumbo_notes[i].message);
}

Node inline_node(NodeKind k, const std::string& text) {
    Node n;
    n.kind = k;
    n.text = text;
    return n;
}

} // namespace

TEST_CASE("simple inline HTML maps without gumbo to exactly what gumbo gives", "[raw_html]") {
    for (const char* md :
         {"press <kbd>Ctrl</kbd>+<kbd>C</kbd>.",
          "a  <sup>2</sup>  b\nnext   line",
          "x<sub>i</sub><sub>j</sub>",
          "<b>bold <i>both</b> italic</i>",
          "x <sup>unclosed",
          "x </sup> stray",
          "<kbd>a\nb</kbd>",
          "<kbd>*a*</kbd>",
          "*em <sup>1</sup>* and [link <sub>x</sub>](/u \"t\") and [plain](/p)",
          "<sup>a<sup>b</sup>c</sup>",
          "<SUP>x</SUP>",
          "<sup class=\"a\">x</sup>",
          "a &amp; <b>&lt;x&gt;</b> `code <b>` text",
          "line  \nbreak <b>x</b>\\\nhard",
          "<em></em> empty",
          "text\x01control <b>x\x02</b>",
          "[](/x) <b>y</b>",
          "<https://example.com> <b>x</b>",
          "<b>x</b><b>y</b>",
          "~~del~~ <s>s</s> <del>d</del> <strong>s</strong> <em>e</em>",
          "<mark>m</mark> <cite>c</cite> <small>s</small>",
          "![img](/a.png) <b>x</b>",
          "a\t\tb <b> c </b> d",
          "<b><b><b><b><b><b><b><b><b><b><b><b><b><b><b><b><b><b><b><b>deep</b></b></b></b></b></b></b></b></b>"
          "</b></b></b></b></b></b></b></b></b></b></b>",
          "- item with <kbd>Esc</kbd>\n- and <sup>x</sup>\n\n> quoted <sub>y</sub>\n\n| a <b>b</b> |\n|---|\n| "
          "<kbd>c</kbd> |\n",
          "a <span>span</span> <b onclick=\"x\">b</b> <br> <br/> <img src=x> <a href=/y>y</a>",
          "caf\xC3\xA9 \xC2\xA0<b>nbsp</b>\xE2\x80\x94",
          "<kbd></kbd> <kbd> spaced  out </kbd>"})
        same_both_ways(md);
    // Every Markdown file of the fixtures (the blog's posts are a real blog's, raw HTML and all).
    int files = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(FOLIO_SOURCE_DIR "/tests/fixtures")) {
        if (e.path().extension() != ".md") continue;
        std::ifstream in(e.path());
        std::stringstream text;
        text << in.rdbuf();
        same_both_ways(text.str());
        ++files;
    }
    CHECK(files >= 10);
}

TEST_CASE("simple inline HTML: which runs the fast path takes", "[raw_html]") {
    const std::vector<Node> kbd = {inline_node(NodeKind::Text, "press  "), inline_node(NodeKind::HtmlInline, "<kbd>"),
                                   inline_node(NodeKind::Text, "Ctrl"), inline_node(NodeKind::HtmlInline, "</kbd>")};
    std::vector<Node> out;
    REQUIRE(simple_inline_html(kbd, 0, kbd.size(), out));
    REQUIRE(out.size() == 2);
    CHECK(out[0].text == "press ");
    CHECK(out[1].kind == NodeKind::Code);
    CHECK(out[1].text == "Ctrl");
    for (const char* tag : {"<kbd class=\"k\">", "<span>", "<KBD>", "</kbd>"}) {
        std::vector<Node> run = kbd;
        run[1].text = tag;
        std::vector<Node> none;
        CAPTURE(tag);
        CHECK_FALSE(simple_inline_html(run, 0, run.size(), none));
        CHECK(none.empty());
    }
    CHECK_FALSE(simple_inline_html(kbd, 0, 3, out)); // left open
}

namespace {
// A picture pasted into a post as old editors did: base64 at 76 characters a line, here 220 lines of it.
std::string pasted_picture_base64() {
    std::string b64;
    for (int line = 0; line < 220; ++line)
        b64 += "\n" + std::string(72, 'A') + "AAA=";
    return b64.substr(0, b64.size() - 1) + "A";
}
} // namespace

TEST_CASE("an inline <img> whose data: address spans 220 lines is a picture, never its base64 as text", "[raw_html]") {
    const std::string b64 = pasted_picture_base64();
    std::vector<SourceNote> notes;
    Document d =
        parse_markdown("Before the picture.\n\n<img alt=\"A red dot\" src=\"data:image/png;base64," + b64 +
                           "\">\n\nA dot <img src=\"data:image/png;base64," + b64 + "\" alt=\"inline\"> in text.\n",
                       &notes);
    REQUIRE(count(d, NodeKind::Image) == 2);
    const Node& picture = d.children[1].children[0]; // a paragraph of only the picture: the book's image block
    REQUIRE(picture.kind == NodeKind::Image);
    CHECK(d.children[1].children.size() == 1);
    CHECK(picture.text == "A red dot");
    CHECK(picture.href.get().rfind("data:image/png;base64,AAAA", 0) == 0);
    CHECK_FALSE(has(picture.href.get(), "\n")); // one token, as the browser decodes it
    CHECK(embedded_image(picture.href));
    CHECK(loadable_image(picture.href)); // the book draws it (layout.cpp, compose.cpp) like the site's own
    CHECK_FALSE(has(plain_text(d), "AAAA"));
    CHECK(notes.empty());
    const std::string html = document_html(d);
    CHECK(has(html, "<img src=\"data:image/png;base64,AAAA"));
    CHECK(has(html, "alt=\"A red dot\""));
    CHECK(count_of(html, "AAAA=") == 2 * 219); // each picture's data once, in its src
    // Never a file to copy out of the bundle.
    CHECK(collect_local_images(d).empty());
}

TEST_CASE("only raster data: pictures are drawn; any other data: address stays its alt text", "[raw_html][links]") {
    CHECK(embedded_image("data:image/png;base64,iVBORw0KGgo="));
    CHECK(embedded_image("DATA:image/JPEG;base64,/9j/4AAQ"));
    CHECK(embedded_image("data:image/jpg;base64,/9j/4AAQ"));           // no registered type, but browsers draw it
    CHECK_FALSE(embedded_image("data:image/svg+xml;base64,PHN2Zz4=")); // an SVG can hold links and scripts
    CHECK_FALSE(embedded_image("data:text/html;base64,PHNjcmlwdD4=")); // not a picture
    CHECK_FALSE(embedded_image("data:image/png,rawbytes"));            // not base64
    CHECK_FALSE(embedded_image("data:image/png;base64,abc\"onerror=alert(1)")); // nothing but base64
    CHECK_FALSE(embedded_image("data:image/png;base64,"));
    const std::string html = html_of("<img src=\"data:text/html;base64,PHNjcmlwdD4=\" alt=\"a page\">\n");
    CHECK_FALSE(has(html, "<img"));
    CHECK(has(html, "a page"));
}

TEST_CASE("<xmp> and <plaintext> are preformatted text, blank lines and markup kept as written", "[raw_html]") {
    Document d = parse_markdown("Before.\n\n<xmp>\nfirst <b>line</b> & more\n\n*not emphasis*\n</xmp>\n\nAfter.\n");
    REQUIRE(d.children.size() == 3);
    CHECK(d.children[0].kind == NodeKind::Paragraph);
    REQUIRE(d.children[1].kind == NodeKind::CodeBlock);
    CHECK(d.children[1].text == "first <b>line</b> & more\n\n*not emphasis*\n");
    CHECK(d.children[2].kind == NodeKind::Paragraph);
    CHECK(plain_text(d.children[2]) == "After.");

    // <plaintext> never closes: everything after it is its text.
    Document p = parse_markdown("Intro.\n\n<PLAINTEXT>\n# not a heading\n\n</plaintext> <i>x</i>\n");
    REQUIRE(p.children.size() == 2);
    REQUIRE(p.children[1].kind == NodeKind::CodeBlock);
    CHECK(p.children[1].text == "# not a heading\n\n</plaintext> <i>x</i>\n");
    CHECK(count(p, NodeKind::Heading) == 0);

    // In a fenced listing the tag is only text.
    Document f = parse_markdown("```\n<xmp>\n```\n");
    REQUIRE(f.children.size() == 1);
    CHECK(f.children[0].text == "<xmp>\n");

    // Met inside a paragraph: its text as written, in code style.
    Document i = parse_markdown("Type <xmp>a < b && c</xmp> here.\n");
    const Node* code = find(i, NodeKind::Code);
    REQUIRE(code);
    CHECK(code->text == "a < b && c");

    // An HTML block's <xmp> (no blank line inside): the same preformatted text.
    CHECK(
        html_of("<div>\n<xmp><p>kept</p></xmp>\n</div>\n").find("<pre tabindex=\"0\"><code>&lt;p&gt;kept&lt;/p&gt;") !=
        std::string::npos);
}

TEST_CASE("text an author marks as another language keeps its lang; a lang that is no tag gets a note", "[raw_html]") {
    std::vector<SourceNote> notes;
    Document d = parse_markdown("Say <span lang=\"fr\">bonjour</span>, or <em lang=\"de-CH\">Grüezi</em>.\n\n"
                                "<p lang=\"ja\">こんにちは</p>\n\n"
                                "<blockquote lang=\"es\"><p>Hola.</p><p>Adiós.</p></blockquote>\n\n"
                                "Not <span lang=\"english please\">a tag</span>.\n",
                                &notes);
    CHECK(count(d, NodeKind::Language) == 5); // fr, de-CH, ja, and each paragraph of the quote
    const Node* fr = find(d, NodeKind::Language);
    REQUIRE(fr);
    CHECK(fr->info == "fr");
    CHECK(plain_text(*fr) == "bonjour");
    const std::string html = document_html(d);
    CHECK(has(html, "<span lang=\"fr\">bonjour</span>"));
    CHECK(has(html, "<span lang=\"de-CH\"><em>Grüezi</em></span>"));
    CHECK(has(html, "<p><span lang=\"ja\">こんにちは</span></p>"));
    CHECK(count_of(html, "<span lang=\"es\">") == 2);
    CHECK(has(html, "Not a tag."));
    REQUIRE(notes.size() == 1);
    CHECK(has(notes[0].message, "lang=\"english please\" on <span> is not a language tag"));
    CHECK(notes[0].line == 7);
    // The JSON the browser reads keeps it.
    Document back;
    std::string error;
    REQUIRE(read_built_tree(document_to_json(d).dump(), back, error));
    CHECK(document_html(back) == html);
}

TEST_CASE("language tags: BCP 47's form", "[raw_html]") {
    for (const char* ok : {"fr", "pt-BR", "zh-Hant-TW", "x-klingon", "sgn-BE-FR", "de-CH-1901"}) {
        INFO(ok);
        CHECK(language_tag(ok));
    }
    for (const char* bad : {"", "-", "fr-", "-fr", "english please", "fr_FR", "1fr", "abcdefghi", "de--CH", "fr\"x"}) {
        INFO(bad);
        CHECK_FALSE(language_tag(bad));
    }
}
