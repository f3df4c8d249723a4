// folio core: what every document tree offers, wherever it came from (Markdown natively, JSON in the
// browser). See document.h.
#include "core/model/document.h"

#include <set>
#include <vector>

namespace folio {

const char* const kNodeTags[] = {
    "doc",  "p",    "h",      "quote", "list", "li",   "pre",     "hr",       "table",  "thead",   "tbody",
    "tr",   "td",   "html",   "dl",    "dt",   "dd",   "details", "summary",  "figure", "caption", "div",
    "text", "em",   "strong", "del",   "code", "a",    "img",     "sub",      "sup",    "small",   "mark",
    "abbr", "cite", "q",      "br",    "sb",   "lang", "math",    "rawinline"};
static_assert(sizeof kNodeTags / sizeof kNodeTags[0] == kNodeKinds, "a tag for every NodeKind");

namespace {

bool ends_block(NodeKind k) {
    return k == NodeKind::Paragraph || k == NodeKind::Heading || k == NodeKind::ListItem || k == NodeKind::TableCell ||
           k == NodeKind::DefTerm || k == NodeKind::DefDetails || k == NodeKind::Summary || k == NodeKind::Caption;
}

// The pieces of a tree's plain text, in order, each to f: one walk serves both the text and its word count
// (a copy of the text a level, as before, cost more than the parse on long posts).
template <typename F> void each_plain_piece(const Node& n, F&& f) {
    if (n.kind == NodeKind::Text || n.kind == NodeKind::Code || n.kind == NodeKind::SoftBreak ||
        n.kind == NodeKind::Image || n.kind == NodeKind::CodeBlock || n.kind == NodeKind::Math)
        f(std::string_view(n.text));
    if (n.kind == NodeKind::LineBreak) f(std::string_view(" "));
    for (const Node& c : n.children) {
        each_plain_piece(c, f);
        if (ends_block(c.kind)) f(std::string_view(" "));
    }
}

} // namespace

std::string plain_text(const Node& n) {
    std::string out;
    each_plain_piece(n, [&](std::string_view piece) { out += piece; });
    return out;
}

int count_words(const Node& n) {
    int words = 0;
    bool in_word = false;
    each_plain_piece(n, [&](std::string_view piece) {
        for (char c : piece) {
            const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
            if (!space && !in_word) ++words;
            in_word = !space;
        }
    });
    return words;
}

bool runs_cover(const std::string& code, const std::vector<CodeRun>& runs) {
    if (runs.empty()) return false;
    size_t total = 0;
    for (const CodeRun& r : runs)
        total += r.size;
    return total == code.size();
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

static void rank(Node& n, std::vector<int>& open) { // open: the written levels of the headings above
    for (Node& c : n.children) {
        if (c.kind != NodeKind::Heading) {
            rank(c, open);
            continue;
        }
        while (!open.empty() && open.back() >= c.level)
            open.pop_back();
        open.push_back(c.level);
        c.level = static_cast<int>(open.size());
    }
}

void rank_headings(Node& doc) {
    std::vector<int> open;
    rank(doc, open);
}

} // namespace folio
