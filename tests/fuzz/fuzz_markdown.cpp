// libFuzzer target: any bytes as Markdown (parse_markdown never fails: every byte sequence is some
// Markdown), then the tree's plain text and word count, as derive() and the emitters use them.
// Whatever the input, this must return normally: no crash, leak, sanitizer report or exception, and
// the tree must have the shape document.h promises (checked below; a broken promise aborts with a
// message, so libFuzzer saves the input like any crash).
//
// Seeds: tests/fuzz/corpus/markdown, replayed by ctest (fuzz_markdown_replay). Run: tests/fuzz/run.sh.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/markup/markdown.h"
#include "core/model/document.h"

namespace {

void require(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_markdown: broken invariant: %s\n", what);
    std::abort();
}

// What layout and the emitters rely on: text lives only in leaves (document.h), and md4c's NUL
// handling (U+0000 becomes U+FFFD) leaves no raw NUL byte in the tree. Iterative, so that a stack
// overflow on a deep tree is the code under test's, never this check's.
void check_tree(const folio::Node& root) {
    using folio::NodeKind;
    std::vector<const folio::Node*> todo{&root};
    while (!todo.empty()) {
        const folio::Node& n = *todo.back();
        todo.pop_back();
        for (const std::string* s : {&n.text, &n.href.get(), &n.info.get(), &n.id.get()})
            require(s->find('\0') == std::string::npos, "a raw NUL byte in a node's text, href, info or id");
        require(n.kind != NodeKind::Document || &n == &root, "a Document node below the root");
        require(n.kind != NodeKind::Heading || (n.level >= 1 && n.level <= 6), "a heading level outside 1..6");
        bool leaf = n.kind == NodeKind::Text || n.kind == NodeKind::Code || n.kind == NodeKind::Image ||
                    n.kind == NodeKind::CodeBlock || n.kind == NodeKind::HtmlBlock || n.kind == NodeKind::LineBreak ||
                    n.kind == NodeKind::SoftBreak || n.kind == NodeKind::Rule;
        require(!leaf || n.children.empty(), "a leaf node (text, code, code block, image, break, rule) with children");
        for (const folio::Node& c : n.children)
            todo.push_back(&c);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string markdown(reinterpret_cast<const char*>(data), size);
    folio::Document doc = folio::parse_markdown(markdown);
    require(doc.kind == folio::NodeKind::Document, "the root is not a Document");
    check_tree(doc);
    std::string text = folio::plain_text(doc);
    int words = folio::count_words(doc);
    require(words >= 0 && static_cast<size_t>(words) <= text.size(), "a word count larger than the text");
    return 0;
}
