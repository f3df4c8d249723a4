// The Markdown document tree: every element folio draws, built by md4c.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <functional>

#include "core/markup/markdown.h"

using namespace folio;

namespace {
const Node* find(const Node& n, NodeKind k) {
    if (n.kind == k) return &n;
    for (const Node& c : n.children)
        if (const Node* f = find(c, k)) return f;
    return nullptr;
}
void collect(const Node& n, NodeKind k, std::vector<const Node*>& out) {
    if (n.kind == k) out.push_back(&n);
    for (const Node& c : n.children)
        collect(c, k, out);
}
} // namespace

TEST_CASE("every element of the sample becomes a node", "[markdown]") {
    const char* md =
        "# Title\n\n"
        "## Second *level*\n\n"
        "Plain *em* **strong** ***both*** `code` ~~gone~~ [link](https://example.org \"t\") and https://auto.example.\n"
        "Line one  \nline two.\n\n"
        "> quoted **text**\n\n"
        "1. one\n2. two\n   - nested a\n   - nested b\n\n"
        "Between.\n\n"
        "4. four\n5. five\n\n"
        "```cpp\nint main() { return 0; }\n```\n\n"
        "| left | centre | right |\n|:-----|:------:|------:|\n| a | b | c |\n\n"
        "---\n\n"
        "![a cat](/img/cat.png)\n\n"
        "<script>alert(1)</script>\n";
    Document d = parse_markdown(md);

    std::vector<const Node*> headings;
    collect(d, NodeKind::Heading, headings);
    REQUIRE(headings.size() == 2);
    CHECK(headings[0]->level == 1);
    CHECK(plain_text(*headings[0]) == "Title");
    CHECK(headings[1]->level == 2);
    REQUIRE(find(*headings[1], NodeKind::Emphasis));

    REQUIRE(find(d, NodeKind::Emphasis));
    REQUIRE(find(d, NodeKind::Strong));
    REQUIRE(find(d, NodeKind::Strike));
    const Node* code = find(d, NodeKind::Code);
    REQUIRE(code);
    CHECK(code->text == "code");

    std::vector<const Node*> links;
    collect(d, NodeKind::Link, links);
    REQUIRE(links.size() == 2);
    CHECK(links[0]->href == "https://example.org");
    CHECK(links[0]->info == "t");
    CHECK(links[1]->href == "https://auto.example");

    REQUIRE(find(d, NodeKind::LineBreak));
    const Node* quote = find(d, NodeKind::Quote);
    REQUIRE(quote);
    REQUIRE(find(*quote, NodeKind::Strong));

    std::vector<const Node*> lists;
    collect(d, NodeKind::List, lists);
    REQUIRE(lists.size() == 3);
    CHECK(lists[0]->ordered);
    CHECK(lists[0]->start == 1);
    CHECK_FALSE(lists[1]->ordered); // nested bullets inside item 2
    CHECK(lists[1]->children.size() == 2);
    CHECK(lists[2]->ordered);
    CHECK(lists[2]->start == 4);

    const Node* block = find(d, NodeKind::CodeBlock);
    REQUIRE(block);
    CHECK(block->info == "cpp");
    CHECK(block->text == "int main() { return 0; }\n");

    std::vector<const Node*> cells;
    collect(d, NodeKind::TableCell, cells);
    REQUIRE(cells.size() == 6);
    CHECK(cells[0]->header);
    CHECK(cells[0]->align == Align::Left);
    CHECK(cells[1]->align == Align::Center);
    CHECK(cells[2]->align == Align::Right);
    CHECK_FALSE(cells[3]->header);

    REQUIRE(find(d, NodeKind::Rule));
    const Node* img = find(d, NodeKind::Image);
    REQUIRE(img);
    CHECK(img->href == "/img/cat.png");
    CHECK(img->text == "a cat");

    // Raw HTML never stays markup: a script is dropped whole, its text with it.
    CHECK(plain_text(d).find("alert") == std::string::npos);
    CHECK_FALSE(find(d, NodeKind::HtmlBlock));
    CHECK_FALSE(find(d, NodeKind::HtmlInline));
}

TEST_CASE("entities decode and words count", "[markdown]") {
    Document d = parse_markdown("Fish &amp; chips &#8212; &copy; twice.");
    CHECK(plain_text(d) == "Fish & chips \xE2\x80\x94 \xC2\xA9 twice. ");
    CHECK(count_words(d) == 6);
    // Every HTML5 name (md4c's table), including the two-code-point ones; unknown names stay as written.
    CHECK(plain_text(parse_markdown("&auml; &frac34; &HilbertSpace; &ngE; &notanentity; &#x1F600;")) ==
          "\xC3\xA4 \xC2\xBE \xE2\x84\x8B \xE2\x89\xA7\xCC\xB8 &notanentity; \xF0\x9F\x98\x80 ");
    CHECK(parse_markdown("[x](/a?b=&ouml;)").children[0].children[0].href == "/a?b=\xC3\xB6");
}

TEST_CASE("absurd nesting is flattened, never a deep tree", "[markdown]") {
    std::string deep = std::string(1000000, '>') + " deep\n\n" + std::string(100000, '-') + "\n";
    std::string lists;
    for (int i = 0; i < 5000; ++i)
        lists += std::string(static_cast<size_t>(i) * 2, ' ') + "- item\n";
    for (const std::string& md : {deep, lists}) {
        Document d = parse_markdown(md);
        std::function<int(const Node&)> depth = [&](const Node& n) {
            int m = 0;
            for (const Node& c : n.children)
                m = std::max(m, depth(c));
            return m + 1;
        };
        CHECK(depth(d) <= 50);
        CHECK(count_words(d) >= 1);
    }
    CHECK(plain_text(parse_markdown(deep)).find("deep") != std::string::npos);
}

TEST_CASE("NUL bytes become U+FFFD everywhere, code included (a fuzzer finding)", "[markdown]") {
    for (std::string md : {std::string("```\nc\0d\n```\n", 12), std::string("`c\0d`\n", 6), std::string("a\0b\n", 4)}) {
        Document d = parse_markdown(md);
        std::string all = plain_text(d);
        CHECK(all.find('\0') == std::string::npos);
        const std::string replaced = "\xEF\xBF\xBD";
        CHECK((all.find("c" + replaced + "d") != std::string::npos ||
               all.find("a" + replaced + "b") != std::string::npos));
        const Node* code = find(d, NodeKind::CodeBlock);
        if (code) CHECK(code->children.empty());
    }
}

TEST_CASE("a node's rare attributes: empty until set, copied deeply, moved without a copy", "[markdown]") {
    Node a;
    CHECK(a.href.empty());
    CHECK(a.href == "");
    CHECK(a.runs.size() == 0);
    a.href = std::string("/x");
    a.runs = std::vector<CodeRun>{{Token::Keyword, 2}};
    Node b = a; // a copy owns its own values
    b.href = std::string("/y");
    b.runs.edit().push_back({Token::Plain, 1});
    CHECK(a.href == "/x");
    CHECK(a.runs.size() == 1);
    CHECK(b.href == "/y");
    CHECK(b.runs.size() == 2);
    const std::string* held = &a.href.get();
    Node c = std::move(a); // the value moves with its node
    CHECK(&c.href.get() == held);
    CHECK(a.href.empty());
    c.href = std::string(); // an empty value frees its place
    CHECK(c.href.empty());
    c = b;
    CHECK(c.href == "/y");
    const Node& same = c;
    c = same; // assigning a node to itself keeps its values
    CHECK(c.href == "/y");
    CHECK(sizeof(Node) <= 120); // millions are held at once: see Rare
}
