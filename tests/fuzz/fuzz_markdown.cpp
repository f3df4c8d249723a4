// libFuzzer target: any bytes as Markdown (parse_markdown never fails: every byte sequence is some
// Markdown), then the tree's plain text and word count, as derive() and the emitters use them.
// Whatever the input, this must return normally: no crash, leak, sanitizer report or exception.
//
// Seeds: tests/fuzz/corpus/markdown. Run: tests/fuzz/run.sh.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/document.h"
#include "core/markdown.h"

namespace {

// Structural invariants of the tree that layout and the emitters rely on.
void check_tree(const folio::Node& n, int depth) {
    using folio::NodeKind;
    if (n.kind == NodeKind::Document && depth != 0) std::abort();
    if (n.kind == NodeKind::Heading && (n.level < 1 || n.level > 6)) std::abort();
    // Text lives only in leaves.
    bool leaf = n.kind == NodeKind::Text || n.kind == NodeKind::Code || n.kind == NodeKind::Image ||
                n.kind == NodeKind::CodeBlock || n.kind == NodeKind::HtmlBlock || n.kind == NodeKind::LineBreak ||
                n.kind == NodeKind::SoftBreak || n.kind == NodeKind::Rule;
    if (leaf && !n.children.empty()) std::abort();
    for (const folio::Node& c : n.children) check_tree(c, depth + 1);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string markdown(reinterpret_cast<const char*>(data), size);
    folio::Document doc = folio::parse_markdown(markdown);
    if (doc.kind != folio::NodeKind::Document) std::abort();
    check_tree(doc, 0);
    std::string text = folio::plain_text(doc);
    int words = folio::count_words(doc);
    if (words < 0 || static_cast<size_t>(words) > text.size()) std::abort();
    return 0;
}
