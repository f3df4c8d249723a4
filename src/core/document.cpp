// folio core: what every document tree offers, wherever it came from (Markdown natively, JSON in the
// browser). See document.h.
#include "core/document.h"

#include <set>

namespace folio {

const char* const kNodeTags[] = {"doc",    "p",       "h",       "quote",  "list",    "li",   "pre",      "hr",
                                 "table",  "thead",   "tbody",   "tr",     "td",      "html", "dl",       "dt",
                                 "dd",     "details", "summary", "figure", "caption", "div",  "text",     "em",
                                 "strong", "del",     "code",    "a",      "img",     "sub",  "sup",      "small",
                                 "mark",   "abbr",    "cite",    "q",      "br",      "sb",   "rawinline"};
static_assert(sizeof kNodeTags / sizeof kNodeTags[0] == kNodeKinds, "a tag for every NodeKind");

std::string plain_text(const Node& n) {
    std::string out;
    if (n.kind == NodeKind::Text || n.kind == NodeKind::Code || n.kind == NodeKind::SoftBreak ||
        n.kind == NodeKind::Image || n.kind == NodeKind::CodeBlock)
        out += n.text;
    if (n.kind == NodeKind::LineBreak) out += ' ';
    for (const Node& c : n.children) {
        out += plain_text(c);
        bool block = c.kind == NodeKind::Paragraph || c.kind == NodeKind::Heading || c.kind == NodeKind::ListItem ||
                     c.kind == NodeKind::TableCell || c.kind == NodeKind::DefTerm || c.kind == NodeKind::DefDetails ||
                     c.kind == NodeKind::Summary || c.kind == NodeKind::Caption;
        if (block) out += ' ';
    }
    return out;
}

int count_words(const Node& n) {
    std::string t = plain_text(n);
    int words = 0;
    bool in_word = false;
    for (char c : t) {
        bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (!space && !in_word) ++words;
        in_word = !space;
    }
    return words;
}

namespace {

// GitHub's rule: lower-case ASCII letters, keep letters, digits, '-', '_' and every non-ASCII
// character (so accented and CJK headings keep their words), turn spaces into '-', drop the rest.
std::string slug_of(const std::string& title) {
    std::string out;
    for (unsigned char c : title) {
        if (c >= 'A' && c <= 'Z')
            out += static_cast<char>(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c >= 0x80)
            out += static_cast<char>(c);
        else if (c == ' ')
            out += '-';
    }
    return out;
}

void assign(Node& n, std::set<std::string>& used) {
    if (n.kind == NodeKind::Heading) {
        std::string base = slug_of(plain_text(n));
        if (base.empty()) base = "section";
        std::string id = base;
        for (int k = 1; used.count(id); ++k)
            id = base + "-" + std::to_string(k);
        used.insert(id);
        n.id = id;
        return;
    }
    for (Node& c : n.children)
        assign(c, used);
}

} // namespace

void assign_heading_ids(Node& doc) {
    std::set<std::string> used;
    assign(doc, used);
}

} // namespace folio
