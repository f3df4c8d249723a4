// Footnotes (GFM's "[^label]" and "[^label]: text"), read around md4c: numbered references linking to
// their notes at the article's end and back, in the tree, the static HTML and the book; and the located
// warnings for a reference without a note and a note without a reference.
#include <catch2/catch_test_macros.hpp>

#include <string>
#include <vector>

#include "core/book/compose.h"
#include "core/book/layout.h"
#include "core/bundle/load.h"
#include "core/markup/markdown.h"
#include "core/site/html_document.h"

using namespace folio;

namespace {

const char* const kNotes = "A claim[^1] and a second[^src].\n"
                           "\n"
                           "The first again[^1], and `[^1]` in code stays code.\n"
                           "\n"
                           "[^1]: The first note, with *emphasis*.\n"
                           "[^src]: The second note.\n"
                           "\n"
                           "    Its second paragraph, indented.\n"
                           "\n"
                           "After the notes.\n";

// The footnote references of a tree, in order: (href, id, number).
void refs(const Node& n, std::vector<std::vector<std::string>>& out) {
    if (n.kind == NodeKind::Sup && n.children.size() == 1 && n.children[0].kind == NodeKind::Link) {
        const Node& l = n.children[0];
        out.push_back({l.href.get(), l.id.get(), plain_text(l)});
        return;
    }
    for (const Node& c : n.children)
        refs(c, out);
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

} // namespace

TEST_CASE("footnotes: references become numbered superscript links, the notes a list at the end",
          "[markdown][footnotes]") {
    std::vector<SourceNote> notes;
    Document d = parse_markdown(kNotes, &notes);
    CHECK(notes.empty());
    std::vector<std::vector<std::string>> found;
    refs(d, found);
    CHECK(found == std::vector<std::vector<std::string>>{
                       {"#fn-1", "fnref-1", "1"}, {"#fn-2", "fnref-2", "2"}, {"#fn-1", "fnref-3", "1"}});
    // The text around them, and the code span, as written.
    CHECK(plain_text(d.children[0]) == "A claim1 and a second2.");
    CHECK(has(plain_text(d.children[1]), "[^1] in code"));
    CHECK(plain_text(d.children[2]) == "After the notes.");
    // Then a rule and the notes, numbered by first reference, each with a link back.
    REQUIRE(d.children.size() == 5);
    CHECK(d.children[3].kind == NodeKind::Rule);
    const Node& list = d.children[4];
    REQUIRE(list.kind == NodeKind::List);
    CHECK(list.ordered);
    REQUIRE(list.children.size() == 2);
    CHECK(list.children[0].id == "fn-1");
    CHECK(list.children[1].id == "fn-2");
    CHECK(plain_text(list.children[0].children[0]) == "The first note, with emphasis. back");
    REQUIRE(list.children[1].children.size() == 2); // its indented second paragraph is its own
    CHECK(plain_text(list.children[1].children[1]) == "Its second paragraph, indented. back");
    const Node& back = list.children[0].children.back().children.back();
    CHECK(back.kind == NodeKind::Link);
    CHECK(back.href == "#fnref-1");
    CHECK(list.children[1].children.back().children.back().href == "#fnref-1"); // the same paragraph
}

TEST_CASE("footnotes: the static HTML links each way", "[markdown][footnotes][html]") {
    const std::string html = document_html(parse_markdown(kNotes));
    CHECK(has(html, "A claim<sup><a href=\"#fn-1\" id=\"fnref-1\">1</a></sup> and a second<sup><a href=\"#fn-2\" "
                    "id=\"fnref-2\">2</a></sup>."));
    CHECK(has(html, "<li id=\"fn-1\"><p>The first note, with <em>emphasis</em>. <a href=\"#fnref-1\" title=\"back "
                    "to the text\">back</a></p>"));
    CHECK(has(html, "<li id=\"fn-2\">"));
    CHECK_FALSE(has(html, "[^src]"));
    CHECK_FALSE(has(html, "[^1]:"));
}

TEST_CASE("footnotes: a reference to no note, and a note never referred to, are located warnings",
          "[markdown][footnotes]") {
    std::vector<SourceNote> notes;
    Document d = parse_markdown("Known[^a], unknown[^nope].\n\nAgain [^nope].\n\n[^a]: Used.\n[^idle]: Never used.\n"
                                "\n```\n[^b]: code, not a note\n```\n",
                                &notes);
    REQUIRE(notes.size() == 3);
    CHECK(notes[0].line == 1);
    CHECK(notes[0].column == 19);
    CHECK(notes[0].message.rfind("the footnote reference [^nope] names no note; define it", 0) == 0);
    CHECK(notes[1].line == 3);
    CHECK(notes[1].column == 7);
    CHECK(notes[2].line == 6);
    CHECK(notes[2].column == 1);
    CHECK(notes[2].message ==
          "the footnote [^idle] is never referred to, so it is left out; refer to it with [^idle] in the text, or "
          "remove it");
    CHECK(has(plain_text(d), "unknown[^nope]")); // shown as written
    CHECK_FALSE(has(plain_text(d), "Never used"));
    CHECK(has(plain_text(d), "[^b]: code, not a note"));
}

TEST_CASE("footnotes in the book: superscript numbers, the notes at the article's end, links both ways",
          "[layout][footnotes]") {
    const std::string bundle = R"({
  "schema": 1,
  "site": {"title": "Ada", "author": "Ada Example", "tagline": "Compilers.", "base_url": "https://ada.example/",
           "language": "en", "description": "Notes."},
  "timeline": [],
  "writing": [{"slug": "noted", "title": "Noted", "date": "2026-03-01", "dek": "Dek.", "opening": "Opening.",
               "body": "A claim[^1] in the text.\n\n[^1]: The note itself.\n"}],
  "contents": [{"title": "writing", "chapter": "writing"}]
})";
    Site site;
    Diagnostics diags;
    REQUIRE(load_site_json("content.json", bundle, site, diags));
    FixedMeasurer m;
    Book book = compose_article(site, 0, m);
    const Box* number = nullptr;
    const Box* claim = nullptr;
    const Box* note = nullptr;
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes) {
            if (b.text.find("claim") != std::string::npos) claim = &b;
            if (b.text == "1" && b.link >= 0) number = &b;
            if (b.text.rfind("The", 0) == 0 && claim && number) note = &b;
        }
    REQUIRE(claim);
    REQUIRE(number);
    REQUIRE(note);
    CHECK(number->size < claim->size); // set small, above the line
    CHECK(number->y < claim->y + claim->h * 0.5f);
    CHECK(note->y > claim->y); // the note at the end, after the text
    CHECK(book.links[number->link].kind == ActionKind::Follow);
    CHECK(book.links[number->link].href == "#fn-1");
    // Both ends are places a link can land.
    CHECK(book.anchor("fn-1"));
    CHECK(book.anchor("fnref-1"));
}
