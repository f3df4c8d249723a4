// folio core: Markdown to a document tree, with md4c.
//
// md4c calls us back for every block, span and text run; we keep a stack of the open nodes and append.
// Only the innermost open node's children grow, so pointers to the ancestors on the stack stay valid.
#include "core/markup/markdown.h"
#include "core/markup/word_breaks.h"

#include <md4c.h>
extern "C" {
#include <entity.h> // md4c's HTML5 entity table (src/entity.c in the pinned sources)
}

#include "core/text/text.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <map>

#include "core/markup/highlight.h"
#include "core/markup/raw_html.h"
#include "core/text/text.h"

namespace folio {

namespace {

// The markers that stand for TeX's \( and \) while md4c reads the text (latex_delimiters, below).
constexpr char kOpenMark = '\x01', kCloseMark = '\x02';

// Deeper nesting than this (a million '>' in a row) is flattened into the deepest node kept: the tree,
// and everything that walks it recursively, stays shallow whatever the input.
constexpr size_t kMaxNodeDepth = 48;

struct Builder {
    Document doc;
    std::vector<Node*> stack;
    std::vector<bool> real; // per stack entry: a node of its own (false: flattened into its parent)
    Node scratch;           // receives the attributes of nodes not created past kMaxNodeDepth
    const char* source = nullptr;
    size_t source_size = 0;
    bool gumbo_only = false; // parse_markdown's: every piece of raw HTML through gumbo
    // Per HTML block (HtmlBlock::start indexes this): where each piece of its text came from.
    std::vector<std::vector<HtmlOrigin>> block_origins;
    int source_offset(const char* p) const {
        return p >= source && p < source + source_size ? static_cast<int>(p - source) : -1;
    }
    Builder() {
        doc.kind = NodeKind::Document;
        stack.push_back(&doc);
        real.push_back(true);
    }
    Node& open(NodeKind k) {
        if (stack.size() >= kMaxNodeDepth) {
            stack.push_back(stack.back()); // closes still pop one entry each
            real.push_back(false);
            scratch = Node{};
            return scratch;
        }
        Node& parent = *stack.back();
        parent.children.push_back(Node{});
        Node& n = parent.children.back();
        n.kind = k;
        stack.push_back(&n);
        real.push_back(true);
        return n;
    }
    void close() {
        if (stack.size() > 1) stack.pop_back(), real.pop_back();
    }
    void append_text(NodeKind k, const char* text, size_t size) {
        Node& parent = *stack.back();
        // Merge adjacent plain text runs: md4c splits at entities and special characters.
        if (k == NodeKind::Text && !parent.children.empty() && parent.children.back().kind == NodeKind::Text) {
            parent.children.back().text.append(text, size);
            return;
        }
        Node n;
        n.kind = k;
        n.text.assign(text, size);
        parent.children.push_back(std::move(n));
    }
};

// md4c hands entities through verbatim ("&amp;", "&#8212;", "&auml;"): numeric ones are decoded here,
// named ones with md4c's own table of every HTML5 entity. md4c reports only names in that table.
std::string decode_entity(const char* text, size_t size) {
    std::string e(text, size);
    std::string out;
    if (e.size() > 3 && e[1] == '#') {
        unsigned cp = (e[2] == 'x' || e[2] == 'X') ? static_cast<unsigned>(std::strtoul(e.c_str() + 3, nullptr, 16))
                                                   : static_cast<unsigned>(std::strtoul(e.c_str() + 2, nullptr, 10));
        utf8_append(out, cp);
        return out;
    }
    const ENTITY* named = entity_lookup(text, size);
    if (!named) return e;
    utf8_append(out, named->codepoints[0]);
    if (named->codepoints[1]) utf8_append(out, named->codepoints[1]);
    return out;
}

std::string attribute_text(const MD_ATTRIBUTE& a) {
    std::string out;
    if (!a.text) return out;
    for (int i = 0; a.substr_offsets[i] < a.size; ++i) {
        const char* s = a.text + a.substr_offsets[i];
        size_t n = a.substr_offsets[i + 1] - a.substr_offsets[i];
        if (a.substr_types[i] == MD_TEXT_ENTITY)
            out += decode_entity(s, n);
        else if (a.substr_types[i] == MD_TEXT_NULLCHAR)
            out += "\xEF\xBF\xBD";
        else
            out.append(s, n);
    }
    return out;
}

Align to_align(MD_ALIGN a) {
    switch (a) {
    case MD_ALIGN_LEFT: return Align::Left;
    case MD_ALIGN_CENTER: return Align::Center;
    case MD_ALIGN_RIGHT: return Align::Right;
    default: return Align::Default;
    }
}

bool in_table_head(const Builder& b) {
    for (const Node* n : b.stack)
        if (n->kind == NodeKind::TableHead) return true;
    return false;
}

int enter_block(MD_BLOCKTYPE type, void* detail, void* user) {
    Builder& b = *static_cast<Builder*>(user);
    switch (type) {
    case MD_BLOCK_DOC: break;
    case MD_BLOCK_QUOTE: b.open(NodeKind::Quote); break;
    case MD_BLOCK_UL: b.open(NodeKind::List).ordered = false; break;
    case MD_BLOCK_OL: {
        Node& n = b.open(NodeKind::List);
        n.ordered = true;
        n.start = static_cast<int>(static_cast<MD_BLOCK_OL_DETAIL*>(detail)->start);
        break;
    }
    case MD_BLOCK_LI: b.open(NodeKind::ListItem); break;
    case MD_BLOCK_HR: b.open(NodeKind::Rule); break;
    case MD_BLOCK_H:
        b.open(NodeKind::Heading).level = static_cast<int>(static_cast<MD_BLOCK_H_DETAIL*>(detail)->level);
        break;
    case MD_BLOCK_CODE:
        b.open(NodeKind::CodeBlock).info = attribute_text(static_cast<MD_BLOCK_CODE_DETAIL*>(detail)->lang);
        break;
    case MD_BLOCK_HTML:
        b.open(NodeKind::HtmlBlock).start = static_cast<int>(b.block_origins.size());
        b.block_origins.emplace_back();
        break;
    case MD_BLOCK_P: b.open(NodeKind::Paragraph); break;
    case MD_BLOCK_TABLE: b.open(NodeKind::Table); break;
    case MD_BLOCK_THEAD: b.open(NodeKind::TableHead); break;
    case MD_BLOCK_TBODY: b.open(NodeKind::TableBody); break;
    case MD_BLOCK_TR: b.open(NodeKind::TableRow); break;
    case MD_BLOCK_TH:
    case MD_BLOCK_TD: {
        bool head = type == MD_BLOCK_TH || in_table_head(b);
        Node& n = b.open(NodeKind::TableCell);
        n.align = to_align(static_cast<MD_BLOCK_TD_DETAIL*>(detail)->align);
        n.header = head;
        break;
    }
    }
    return 0;
}

int leave_block(MD_BLOCKTYPE type, void*, void* user) {
    Builder& b = *static_cast<Builder*>(user);
    if (type == MD_BLOCK_CODE && b.real.back()) {
        Node& code = *b.stack.back();
        if (code.info == "math") { // a math fence is a displayed formula, as $$...$$ alone in a paragraph is
            Node math;
            math.kind = NodeKind::Math;
            math.level = 1;
            math.text = code.text;
            while (!math.text.empty() && (math.text.back() == '\n' || math.text.back() == ' '))
                math.text.pop_back();
            code = Node{};
            code.kind = NodeKind::Paragraph;
            code.children.push_back(std::move(math));
        } else {
            code.runs = highlight_code(code.info, code.text);
        }
    }
    if (type != MD_BLOCK_DOC) b.close();
    return 0;
}

int enter_span(MD_SPANTYPE type, void* detail, void* user) {
    Builder& b = *static_cast<Builder*>(user);
    switch (type) {
    case MD_SPAN_EM: b.open(NodeKind::Emphasis); break;
    case MD_SPAN_STRONG: b.open(NodeKind::Strong); break;
    case MD_SPAN_DEL: b.open(NodeKind::Strike); break;
    case MD_SPAN_CODE: b.open(NodeKind::Code); break;
    case MD_SPAN_A: {
        auto* d = static_cast<MD_SPAN_A_DETAIL*>(detail);
        Node& n = b.open(NodeKind::Link);
        n.href = attribute_text(d->href);
        n.info = attribute_text(d->title);
        break;
    }
    case MD_SPAN_IMG: {
        auto* d = static_cast<MD_SPAN_IMG_DETAIL*>(detail);
        Node& n = b.open(NodeKind::Image);
        n.href = attribute_text(d->src);
        n.info = attribute_text(d->title);
        break;
    }
    case MD_SPAN_LATEXMATH: b.open(NodeKind::Math); break;
    case MD_SPAN_LATEXMATH_DISPLAY: b.open(NodeKind::Math).level = 1; break;
    default: b.open(NodeKind::Emphasis); break; // underline, LaTeX, wiki links: not enabled
    }
    return 0;
}

int leave_span(MD_SPANTYPE type, void*, void* user) {
    Builder& b = *static_cast<Builder*>(user);
    Node& n = *b.stack.back();
    if ((type == MD_SPAN_CODE || type == MD_SPAN_IMG || type == MD_SPAN_LATEXMATH ||
         type == MD_SPAN_LATEXMATH_DISPLAY) &&
        b.real.back()) {
        // Inline code, image alt text and a formula's TeX are single strings, not trees.
        n.text = plain_text(n);
        n.children.clear();
        if (n.kind == NodeKind::Math) { // TeX ignores the spaces around it; \(...\)'s markers are no TeX
            n.text.erase(std::remove(n.text.begin(), n.text.end(), kOpenMark), n.text.end());
            n.text.erase(std::remove(n.text.begin(), n.text.end(), kCloseMark), n.text.end());
            n.text.erase(0, n.text.find_first_not_of(" \t\n"));
            n.text.erase(n.text.find_last_not_of(" \t\n") + 1);
        }
    }
    b.close();
    return 0;
}

int on_text(MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* user) {
    Builder& b = *static_cast<Builder*>(user);
    switch (type) {
    case MD_TEXT_BR: b.append_text(NodeKind::LineBreak, "", 0); break;
    case MD_TEXT_SOFTBR: b.append_text(NodeKind::SoftBreak, " ", 1); break;
    case MD_TEXT_NULLCHAR: {
        // In code and HTML blocks md4c 0.5.3 reports the NUL twice: as NULLCHAR and again as the first
        // byte of the next text run, which the default case replaces. Elsewhere this is the only report.
        const Node& top = *b.stack.back();
        if (top.kind != NodeKind::CodeBlock && top.kind != NodeKind::HtmlBlock)
            b.append_text(NodeKind::Text, "\xEF\xBF\xBD", 3);
        break;
    }
    case MD_TEXT_HTML: {
        Node& top = *b.stack.back();
        if (top.kind == NodeKind::HtmlBlock && b.real.back()) {
            b.block_origins.back().push_back({top.text.size(), b.source_offset(text)});
            top.text.append(text, size);
        } else if (top.kind == NodeKind::HtmlBlock) {
            top.text.append(text, size);
        } else {
            Node n;
            n.kind = NodeKind::HtmlInline;
            n.text.assign(text, size);
            n.start = b.source_offset(text); // where it was written, for notes
            top.children.push_back(std::move(n));
        }
        break;
    }
    case MD_TEXT_ENTITY: {
        std::string s = decode_entity(text, size);
        b.append_text(NodeKind::Text, s.data(), s.size());
        break;
    }
    default: {
        // Raw NUL bytes (code spans, and code blocks as above) become U+FFFD like any other NUL.
        std::string clean;
        if (std::memchr(text, 0, size)) {
            for (MD_SIZE i = 0; i < size; ++i)
                if (text[i] == 0)
                    clean += "\xEF\xBF\xBD";
                else
                    clean += text[i];
            text = clean.data();
            size = static_cast<MD_SIZE>(clean.size());
        }
        Node& top = *b.stack.back();
        if (top.kind == NodeKind::CodeBlock || top.kind == NodeKind::HtmlBlock)
            top.text.append(text, size);
        else
            b.append_text(NodeKind::Text, text, size);
        break;
    }
    }
    return 0;
}

//-----------------------------------------------------------------------------
// [SECTION] Raw HTML: mapped into the tree after parsing
//-----------------------------------------------------------------------------

bool is_block_kind(NodeKind k) {
    switch (k) {
    case NodeKind::Paragraph:
    case NodeKind::Heading:
    case NodeKind::Quote:
    case NodeKind::List:
    case NodeKind::ListItem:
    case NodeKind::CodeBlock:
    case NodeKind::Rule:
    case NodeKind::Table:
    case NodeKind::TableHead:
    case NodeKind::TableBody:
    case NodeKind::TableRow:
    case NodeKind::TableCell:
    case NodeKind::HtmlBlock:
    case NodeKind::DefList:
    case NodeKind::DefTerm:
    case NodeKind::DefDetails:
    case NodeKind::Details:
    case NodeKind::Summary:
    case NodeKind::Figure:
    case NodeKind::Caption:
    case NodeKind::Container:
    case NodeKind::Document: return true;
    default: return false;
    }
}

bool has_inline_html(const Node& n) {
    if (n.kind == NodeKind::HtmlInline) return true;
    for (const Node& c : n.children)
        if (has_inline_html(c)) return true;
    return false;
}

// Inline nodes back to HTML, the raw pieces verbatim, so gumbo sees the paragraph as a browser would.
void serialize_inline(const Node& n, std::string& out, std::vector<HtmlOrigin>& origin) {
    auto tagged = [&](const char* tag) {
        out += std::string("<") + tag + ">";
        for (const Node& c : n.children)
            serialize_inline(c, out, origin);
        out += std::string("</") + tag + ">";
    };
    switch (n.kind) {
    case NodeKind::HtmlInline:
        origin.push_back({out.size(), n.start});
        out += n.text;
        origin.push_back({out.size(), -1});
        return;
    case NodeKind::Text: out += html_escape(n.text); return;
    case NodeKind::SoftBreak: out += "\n"; return;
    case NodeKind::LineBreak: out += "<br>"; return;
    case NodeKind::Code: out += "<code>" + html_escape(n.text) + "</code>"; return;
    // Among raw HTML a formula goes back to its source: as before math, never lost.
    case NodeKind::Math: out += html_escape((n.level ? "$$" : "$") + n.text + (n.level ? "$$" : "$")); return;
    case NodeKind::Emphasis: return tagged("em");
    case NodeKind::Strong: return tagged("strong");
    case NodeKind::Strike: return tagged("del");
    case NodeKind::Image:
        out += "<img src=\"" + html_escape(n.href) + "\" alt=\"" + html_escape(n.text) + "\"";
        if (!n.info.empty()) out += " title=\"" + html_escape(n.info) + "\"";
        out += ">";
        return;
    case NodeKind::Link:
        out += "<a href=\"" + html_escape(n.href) + "\"";
        if (!n.info.empty()) out += " title=\"" + html_escape(n.info) + "\"";
        out += ">";
        for (const Node& c : n.children)
            serialize_inline(c, out, origin);
        out += "</a>";
        return;
    default:
        for (const Node& c : n.children)
            serialize_inline(c, out, origin);
        return;
    }
}

int count_of(const std::string& text, const char* what) {
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

// How an HTML block leaves <details> open (+1), closes one left open before (-1), or neither (0). GitHub
// READMEs write the fold's Markdown between blocks: "<details><summary>x</summary>", Markdown, "</details>".
int details_balance(const std::string& html) {
    std::string lower = html;
    for (char& c : lower)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return count_of(lower, "<details") - count_of(lower, "</details");
}

void map_raw_html(Node& n, const Builder& b, std::vector<HtmlNote>& notes) {
    std::vector<Node> out;
    out.reserve(n.children.size());
    // While a <details> opened by one HTML block waits for the block that closes it, what lies between
    // goes inside the fold.
    std::vector<Node>* sink = &out;
    size_t i = 0;
    while (i < n.children.size()) {
        Node& c = n.children[i];
        if (c.kind == NodeKind::HtmlBlock) {
            static const std::vector<HtmlOrigin> none;
            const auto& origin = c.start >= 0 && c.start < static_cast<int>(b.block_origins.size())
                                     ? b.block_origins[static_cast<size_t>(c.start)]
                                     : none;
            int balance = details_balance(c.text);
            for (Node& m : html_to_nodes(c.text, false, origin, &notes))
                sink->push_back(std::move(m));
            if (balance < 0 && sink != &out) sink = &out;
            if (balance > 0 && sink == &out && !out.empty() && out.back().kind == NodeKind::Details)
                sink = &out.back().children;
            ++i;
            continue;
        }
        if (is_block_kind(c.kind)) {
            map_raw_html(c, b, notes);
            sink->push_back(std::move(c));
            ++i;
            continue;
        }
        // A run of inline nodes: left alone unless raw HTML is somewhere in it.
        size_t end = i;
        bool raw = false;
        for (; end < n.children.size() && !is_block_kind(n.children[end].kind); ++end)
            if (has_inline_html(n.children[end])) raw = true;
        if (!raw) {
            for (; i < end; ++i)
                sink->push_back(std::move(n.children[i]));
            continue;
        }
        if (!b.gumbo_only && simple_inline_html(n.children, i, end, *sink)) {
            i = end;
            continue;
        }
        std::string html;
        std::vector<HtmlOrigin> origin{{0, -1}};
        for (; i < end; ++i)
            serialize_inline(n.children[i], html, origin);
        for (Node& m : html_to_nodes(html, true, origin, &notes))
            sink->push_back(std::move(m));
    }
    n.children = std::move(out);
}

//-----------------------------------------------------------------------------
// [SECTION] <xmp> and <plaintext>: fenced before md4c reads the text
//-----------------------------------------------------------------------------

// Whether a line is inside fenced code, seen line by line as CommonMark reads fences: up to three spaces,
// then three or more backticks or tildes; the same character, at least as many, and nothing else closes.
struct CodeFence {
    char ch = 0; // the open fence's character; 0 outside code
    size_t len = 0;
    bool open() const { return ch != 0; }
    void see(const std::string& md, size_t line, size_t line_end) {
        size_t indent = line;
        while (indent < line_end && indent - line < 3 && md[indent] == ' ')
            ++indent;
        size_t run = 0;
        while (indent + run < line_end && (md[indent + run] == '`' || md[indent + run] == '~') &&
               md[indent + run] == md[indent])
            ++run;
        const bool closes =
            ch && md[indent] == ch && run >= len && md.find_first_not_of(" \t\r", indent + run) >= line_end;
        if (run >= 3 && (ch == 0 || closes)) {
            ch = ch ? 0 : md[indent]; // a fence opens, or the open one closes
            len = ch ? run : 0;
        }
    }
};

bool ieq_at(const std::string& s, size_t at, const char* word) {
    for (size_t k = 0; word[k]; ++k) {
        if (at + k >= s.size()) return false;
        char c = s[at + k];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != word[k]) return false;
    }
    return true;
}

bool tag_name_ends(const std::string& s, size_t at) {
    return at >= s.size() || s[at] == '>' || s[at] == '/' || s[at] == ' ' || s[at] == '\t' || s[at] == '\n';
}

// Where a line opening <xmp> or <plaintext> (up to three spaces in) has its tag: the name, and the offset
// just past the tag's '>'; 0 when the line opens neither.
size_t preformatted_open(const std::string& md, size_t line, size_t line_end, const char*& name) {
    size_t at = line;
    while (at < line_end && at - line < 3 && md[at] == ' ')
        ++at;
    if (at >= line_end || md[at] != '<') return 0;
    for (const char* n : {"xmp", "plaintext"})
        if (ieq_at(md, at + 1, n) && tag_name_ends(md, at + 1 + std::strlen(n))) {
            size_t gt = md.find('>', at);
            if (gt == std::string::npos || gt >= line_end) return 0;
            name = n;
            return gt + 1;
        }
    return 0;
}

// A fence of backticks longer than any run of them in code, so the code cannot close it.
std::string fence_around(const std::string& code) {
    size_t longest = 0, run = 0;
    for (char c : code) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return std::string(std::max<size_t>(3, longest + 1), '`');
}

// <xmp> and <plaintext> show their text as written, blank lines and all; as an HTML block it would end at
// the first blank line, and Markdown would read the rest. Each one that opens a line (outside fenced code)
// where a block may begin becomes a fenced code block before md4c reads the text: <xmp> up to its </xmp>,
// <plaintext> to the end (browsers never close it). The tag's line becomes the fence's, so line numbers in
// notes still hold.
bool fence_preformatted(const std::string& md, std::string& out) {
    bool any = false;
    for (size_t at = md.find('<'); at != std::string::npos && !any; at = md.find('<', at + 1))
        any = ieq_at(md, at + 1, "xmp") || ieq_at(md, at + 1, "plaintext");
    if (!any) return false;
    CodeFence fence;
    size_t line = 0;
    bool block_starts = true; // the line before was blank, or there was none
    while (line < md.size()) {
        size_t line_end = md.find('\n', line);
        line_end = line_end == std::string::npos ? md.size() : line_end;
        fence.see(md, line, line_end);
        // Only where a block begins: inside an HTML block (no blank line before) gumbo reads it whole.
        const char* name = nullptr;
        size_t content = fence.open() || !block_starts ? 0 : preformatted_open(md, line, line_end, name);
        if (!content) {
            block_starts = md.find_first_not_of(" \t\r", line) >= line_end;
            out.append(md, line, line_end + 1 - line);
            line = line_end + 1;
            continue;
        }
        size_t close = std::string::npos;
        if (std::strcmp(name, "xmp") == 0)
            for (size_t at = md.find("</", content); at != std::string::npos && close == std::string::npos;
                 at = md.find("</", at + 2))
                if (ieq_at(md, at + 2, "xmp") && tag_name_ends(md, at + 5)) close = at;
        size_t end = close == std::string::npos ? md.size() : close;
        std::string code = md.substr(content, end - content);
        if (!code.empty() && code[0] == '\n') code.erase(0, 1); // the tag's own line ends here
        if (!code.empty() && code.back() != '\n') code += '\n';
        const std::string fence = fence_around(code);
        out += fence + "\n" + code + fence + "\n";
        if (close == std::string::npos) break;
        size_t gt = md.find('>', close);
        size_t after = gt == std::string::npos ? md.size() : gt + 1;
        size_t after_end = md.find('\n', after);
        after_end = after_end == std::string::npos ? md.size() : after_end;
        if (md.find_first_not_of(" \t\r", after) < after_end) out.append(md, after, after_end - after).append("\n");
        line = after_end + 1;
        block_starts = true;
    }
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] TeX's own delimiters: \(...\) and \[...\]
//-----------------------------------------------------------------------------

// Markdown reads "\(" as an escaped parenthesis, so the delimiters MathJax blogs use would show as "(x^2)".
// Before md4c reads the text, each pair outside code becomes md4c's own: \[...\] is $$...$$, and \(...\) is
// $ + kOpenMark ... kCloseMark + $: the same length, so every offset and column a note gives still holds,
// and the markers keep md4c's rule (no space just inside the dollars) from refusing "\( x \)"; the builder
// takes them out of the formula (leave_span). A pair never crosses a blank line, holds no dollar sign, and
// an escaped backslash ("\\(") opens nothing.
// Bytes of md that are code: fenced and indented code blocks, and code spans (a run of n backticks to the
// next run of exactly n in the same paragraph); and link destinations ("](" to its ")"), where "\\(" is
// the parenthesis CommonMark says it is.
std::vector<bool> code_bytes(const std::string& md) {
    std::vector<bool> code(md.size(), false);
    CodeFence fence;
    bool after_blank = true, indented = false;
    size_t para = std::string::npos; // where the paragraph being read began
    auto spans = [&](size_t from, size_t to) {
        for (size_t i = from; i < to;) {
            if (md[i] != '`' || (i > from && md[i - 1] == '\\')) {
                ++i;
                continue;
            }
            size_t n = 0;
            while (i + n < to && md[i + n] == '`')
                ++n;
            size_t j = i + n, close = std::string::npos;
            while (j < to && close == std::string::npos) {
                size_t m = 0;
                while (j + m < to && md[j + m] == '`')
                    ++m;
                if (m == n) close = j;
                j += m ? m : 1;
            }
            if (close == std::string::npos) {
                i += n;
                continue;
            }
            std::fill(code.begin() + static_cast<long>(i), code.begin() + static_cast<long>(close + n), true);
            i = close + n;
        }
        for (size_t i = md.find("](", from); i != std::string::npos && i < to; i = md.find("](", i + 1)) {
            int depth = 0;
            size_t j = i + 1;
            for (; j < to && md[j] != '\n'; ++j) {
                if (md[j] == '\\')
                    ++j;
                else if (md[j] == '(')
                    ++depth;
                else if (md[j] == ')' && --depth == 0)
                    break;
            }
            std::fill(code.begin() + static_cast<long>(i), code.begin() + static_cast<long>(std::min(j + 1, to)), true);
        }
    };
    size_t line = 0;
    while (line <= md.size()) {
        size_t end = md.find('\n', line);
        end = end == std::string::npos ? md.size() : end;
        const bool was_open = fence.open();
        fence.see(md, line, end);
        const bool blank = md.find_first_not_of(" \t\r", line) >= end;
        indented =
            !was_open && !blank && (after_blank || indented) && (md.compare(line, 4, "    ") == 0 || md[line] == '\t');
        const bool in_code = was_open || fence.open() || indented;
        if (in_code || blank) {
            if (para != std::string::npos) spans(para, line);
            para = std::string::npos;
        } else if (para == std::string::npos) {
            para = line;
        }
        if (in_code) std::fill(code.begin() + static_cast<long>(line), code.begin() + static_cast<long>(end), true);
        after_blank = blank;
        line = end + 1;
    }
    if (para != std::string::npos) spans(para, md.size());
    return code;
}

// Whether the backslash at i is a delimiter's, not itself escaped: an even number of backslashes before it.
bool unescaped(const std::string& md, size_t i) {
    size_t n = 0;
    while (i > n && md[i - n - 1] == '\\')
        ++n;
    return n % 2 == 0;
}

bool latex_delimiters(const std::string& md, std::string& out) {
    if (md.find("\\(") == std::string::npos && md.find("\\[") == std::string::npos) return false;
    if (md.find(kOpenMark) != std::string::npos || md.find(kCloseMark) != std::string::npos) return false;
    const std::vector<bool> code = code_bytes(md);
    out = md;
    bool any = false;
    for (size_t i = 0; i + 1 < md.size(); ++i) {
        if (md[i] != '\\' || (md[i + 1] != '(' && md[i + 1] != '[') || code[i] || !unescaped(md, i)) continue;
        // Not glued to a word before it ("foo\\(bar" is a parenthesis), as a formula in prose never is.
        if (i > 0 && std::isalnum(static_cast<unsigned char>(md[i - 1]))) continue;
        const char close = md[i + 1] == '(' ? ')' : ']';
        size_t j = i + 2, found = std::string::npos;
        for (; j + 1 < md.size() && found == std::string::npos; ++j) {
            if (md[j] == '$' || code[j]) break;
            if (md[j] == '\n') {
                const size_t next = md.find_first_not_of(" \t\r", j + 1);
                if (next < md.size() && md[next] == '\n') break; // a blank line: the paragraph ends
            }
            if (md[j] == '\\' && md[j + 1] == close) found = j;
            if (md[j] == '\\') ++j; // an escape takes the next byte with it
        }
        // A formula says something: a letter or a digit at least ("\\[\\\\\\]" is escaped punctuation).
        if (found == std::string::npos ||
            std::none_of(md.begin() + static_cast<long>(i + 2), md.begin() + static_cast<long>(found),
                         [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }))
            continue;
        if (close == ']') {
            out.replace(i, 2, "$$");
            out.replace(found, 2, "$$");
        } else {
            out[i] = '$', out[i + 1] = kOpenMark;
            out[found] = kCloseMark, out[found + 1] = '$';
        }
        any = true;
        i = found + 1;
    }
    return any;
}

//-----------------------------------------------------------------------------
// [SECTION] Footnotes (GFM): md4c has none, so they are read around it
//-----------------------------------------------------------------------------

struct FootnoteDef {
    std::string label;    // as written between "[^" and "]"
    std::string markdown; // its text, the continuation lines' indent taken off
    int line = 0;         // where "[^" is, 1-based
    int column = 0;
    int number = 0;   // in the order of first reference; 0: never referred to
    std::string back; // the id the note's back link goes to (its first reference's paragraph's)
};

std::string lower_ascii(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

// "[^label]:" opening a line (up to three spaces in): the label, and where the note's text starts.
bool footnote_definition(const std::string& md, size_t line, size_t line_end, std::string& label, size_t& text) {
    size_t at = line;
    while (at < line_end && at - line < 3 && md[at] == ' ')
        ++at;
    if (md.compare(at, 2, "[^") != 0) return false;
    const size_t close = md.find(']', at + 2);
    if (close == std::string::npos || close >= line_end || close == at + 2 || close + 1 >= line_end ||
        md[close + 1] != ':')
        return false;
    label = md.substr(at + 2, close - at - 2);
    if (label.find_first_of(" \t[^") != std::string::npos) return false;
    text = close + 2;
    while (text < line_end && (md[text] == ' ' || md[text] == '\t'))
        ++text;
    return true;
}

bool blank_line(const std::string& md, size_t line, size_t line_end) {
    return md.find_first_not_of(" \t\r", line) >= line_end;
}

// The lines defining notes ("[^1]: text", the lines right after it, and the lines indented four spaces
// after a blank one) are cut out of what md4c reads, each left as an empty line so line numbers hold.
// Definitions inside fenced code are code. False when the text defines none.
bool cut_footnote_definitions(const std::string& md, std::string& out, std::vector<FootnoteDef>& defs) {
    if (md.find("[^") == std::string::npos) return false;
    CodeFence fence;
    int line_no = 0;
    out.clear();
    auto next_line = [&](size_t line) {
        size_t e = md.find('\n', line);
        return e == std::string::npos ? md.size() : e;
    };
    for (size_t line = 0; line < md.size();) {
        size_t line_end = next_line(line);
        ++line_no;
        fence.see(md, line, line_end);
        FootnoteDef def;
        size_t text = 0;
        if (fence.open() || !footnote_definition(md, line, line_end, def.label, text)) {
            out.append(md, line, line_end + 1 - line);
            line = line_end + 1;
            continue;
        }
        def.line = line_no;
        def.column = static_cast<int>(md.find('[', line) - line) + 1;
        def.markdown = md.substr(text, line_end - text) + "\n";
        out += '\n';
        line = line_end + 1;
        // Continuation: lines right after it (a paragraph goes on), and indented blocks after blank lines.
        bool after_blank = false;
        while (line < md.size()) {
            line_end = next_line(line);
            std::string label;
            size_t ignored = 0;
            const bool blank = blank_line(md, line, line_end);
            const bool indented = md.compare(line, 4, "    ") == 0 || md[line] == '\t';
            if (blank) {
                size_t next = line_end + 1;
                // A blank line belongs to the note only when an indented line follows it.
                if (next >= md.size() || !(md.compare(next, 4, "    ") == 0 || md[next] == '\t')) break;
                after_blank = true;
            } else if (footnote_definition(md, line, line_end, label, ignored) || (after_blank && !indented)) {
                break;
            }
            const size_t cut = indented ? (md[line] == '\t' ? 1 : 4) : 0;
            def.markdown += blank ? std::string("\n") : md.substr(line + cut, line_end - line - cut) + "\n";
            out += '\n';
            ++line_no;
            line = line_end + 1;
        }
        defs.push_back(std::move(def));
    }
    if (!md.empty() && md.back() != '\n' && !out.empty() && out.back() == '\n') out.pop_back();
    return !defs.empty();
}

FootnoteDef* find_note(std::vector<FootnoteDef>& defs, const std::string& label) {
    const std::string key = lower_ascii(label);
    for (FootnoteDef& d : defs)
        if (lower_ascii(d.label) == key) return &d;
    return nullptr;
}

struct FootnoteRefs {
    std::vector<FootnoteDef>& defs;
    std::vector<std::string> missing; // labels referred to but never defined, in order
    int count = 0;                    // notes numbered so far
    int refs = 0;                     // references made so far (each link's id is its own)
    std::string paragraph_anchor;     // the id of the first reference in the paragraph being read

    // "[^label]" in a run of text: each known one becomes a superscript number linking to its note.
    void text(Node& t, std::vector<Node>& out) {
        const std::string& s = t.text;
        size_t from = 0;
        for (size_t at = s.find("[^"); at != std::string::npos; at = s.find("[^", at + 1)) {
            const size_t close = s.find(']', at + 2);
            if (close == std::string::npos) break;
            const std::string label = s.substr(at + 2, close - at - 2);
            if (label.empty() || label.find_first_of(" \t[^") != std::string::npos) continue;
            FootnoteDef* def = find_note(defs, label);
            if (!def) {
                missing.push_back(label);
                continue;
            }
            if (def->number == 0) def->number = ++count;
            Node before;
            before.kind = NodeKind::Text;
            before.text = s.substr(from, at - from);
            if (!before.text.empty()) out.push_back(std::move(before));
            Node link;
            link.kind = NodeKind::Link;
            link.href = "#fn-" + std::to_string(def->number);
            link.id = "fnref-" + std::to_string(++refs);
            if (paragraph_anchor.empty()) paragraph_anchor = link.id;
            if (def->back.empty()) def->back = paragraph_anchor;
            Node number;
            number.kind = NodeKind::Text;
            number.text = std::to_string(def->number);
            link.children.push_back(std::move(number));
            Node sup;
            sup.kind = NodeKind::Sup;
            sup.children.push_back(std::move(link));
            out.push_back(std::move(sup));
            from = close + 1;
        }
        if (from == 0) {
            out.push_back(std::move(t));
            return;
        }
        if (from < s.size()) {
            Node after;
            after.kind = NodeKind::Text;
            after.text = s.substr(from);
            out.push_back(std::move(after));
        }
    }

    void walk(Node& n) {
        if (n.kind == NodeKind::Code || n.kind == NodeKind::CodeBlock || n.kind == NodeKind::Link ||
            n.kind == NodeKind::Image || n.kind == NodeKind::HtmlBlock)
            return;
        const bool block = is_block_kind(n.kind);
        if (block) paragraph_anchor.clear();
        std::vector<Node> kids;
        kids.reserve(n.children.size());
        for (Node& c : n.children) {
            if (c.kind == NodeKind::Text) {
                text(c, kids);
            } else {
                walk(c);
                kids.push_back(std::move(c));
            }
        }
        n.children = std::move(kids);
        if (block) paragraph_anchor.clear();
    }
};

void line_column(const std::string& text, int offset, int& line, int& column);
Document parse_body(const std::string& written, std::vector<SourceNote>* notes, bool gumbo_only, bool footnotes);

// The notes, numbered by first reference, as an ordered list after a rule at the article's end (the
// book's convention and GFM's HTML alike); each ends with a link back to where it is referred to.
void append_notes(Document& doc, std::vector<FootnoteDef>& defs, int count, std::vector<SourceNote>* notes,
                  bool gumbo_only) {
    if (count == 0) return;
    Node list;
    list.kind = NodeKind::List;
    list.ordered = true;
    list.children.resize(static_cast<size_t>(count));
    for (FootnoteDef& d : defs) {
        if (d.number == 0) continue;
        std::vector<SourceNote> inner;
        Document body = parse_body(d.markdown, notes ? &inner : nullptr, gumbo_only, false);
        for (SourceNote& sn : inner) {
            sn.line += d.line - 1;
            if (notes) notes->push_back(sn);
        }
        Node& item = list.children[static_cast<size_t>(d.number - 1)];
        item.kind = NodeKind::ListItem;
        item.id = "fn-" + std::to_string(d.number);
        item.children = std::move(body.children);
        if (item.children.empty() || item.children.back().kind != NodeKind::Paragraph) {
            Node p;
            p.kind = NodeKind::Paragraph;
            item.children.push_back(std::move(p));
        }
        Node back;
        back.kind = NodeKind::Link;
        back.href = "#" + d.back;
        back.info = "back to the text";
        Node arrow;
        arrow.kind = NodeKind::Text;
        arrow.text = "back"; // words, not GitHub's U+21A9: the book's serif face has no arrows
        back.children.push_back(std::move(arrow));
        Node space;
        space.kind = NodeKind::Text;
        space.text = " ";
        Node& last = item.children.back();
        if (!last.children.empty()) last.children.push_back(std::move(space));
        last.children.push_back(std::move(back));
        // A footnote's own ids never clash with a heading's: headings are slugs of their words.
    }
    Node rule;
    rule.kind = NodeKind::Rule;
    doc.children.push_back(std::move(rule));
    doc.children.push_back(std::move(list));
}

void line_column(const std::string& text, int offset, int& line, int& column) {
    line = 1, column = 1;
    for (int i = 0; i < offset && i < static_cast<int>(text.size()); ++i) {
        if (text[static_cast<size_t>(i)] == '\n')
            ++line, column = 1;
        else if ((static_cast<unsigned char>(text[static_cast<size_t>(i)]) & 0xC0) != 0x80)
            ++column;
    }
}

// A reference to a note never defined (placed at its "[^", found again in the text md4c read, in order),
// and a note never referred to (at its definition, and left out).
void footnote_warnings(const std::string& markdown, const std::vector<FootnoteDef>& defs,
                       const std::vector<std::string>& missing, std::vector<SourceNote>& notes) {
    std::map<std::string, size_t> searched; // label -> where to look for its next reference
    for (const std::string& label : missing) {
        const std::string written = "[^" + label + "]";
        size_t& from = searched[label];
        const size_t at = markdown.find(written, from);
        SourceNote sn;
        if (at != std::string::npos) {
            line_column(markdown, static_cast<int>(at), sn.line, sn.column);
            from = at + written.size();
        }
        sn.message = "the footnote reference " + written + " names no note; define it on a line of its own as \"" +
                     written + ": its text\", or write \\[^" + label + "] to show the brackets";
        notes.push_back(sn);
    }
    for (const FootnoteDef& d : defs)
        if (d.number == 0) {
            SourceNote sn;
            sn.line = d.line;
            sn.column = d.column;
            sn.message = "the footnote [^" + d.label +
                         "] is never referred to, so it is left out; refer to it with [^" + d.label +
                         "] in the text, or remove it";
            notes.push_back(sn);
        }
}

Document parse_body(const std::string& written, std::vector<SourceNote>* notes, bool gumbo_only, bool footnotes) {
    std::string fenced, cut;
    const std::string& preformatted = fence_preformatted(written, fenced) ? fenced : written;
    std::vector<FootnoteDef> defs;
    const std::string& uncut = footnotes && cut_footnote_definitions(preformatted, cut, defs) ? cut : preformatted;
    std::string delimited;
    const std::string& markdown = latex_delimiters(uncut, delimited) ? delimited : uncut;
    Builder b;
    b.gumbo_only = gumbo_only;
    b.source = markdown.data();
    b.source_size = markdown.size();
    MD_PARSER parser{};
    parser.abi_version = 0;
    // Raw HTML is recognised, then mapped to a safe subset below: it never reaches a page as markup.
    // $...$ and $$...$$ are formulas (md4c's rule is pandoc's: no space inside the dollars, so "$5 and $10"
    // stays text).
    parser.flags = MD_FLAG_TABLES | MD_FLAG_STRIKETHROUGH | MD_FLAG_PERMISSIVEAUTOLINKS | MD_FLAG_LATEXMATHSPANS;
    parser.enter_block = enter_block;
    parser.leave_block = leave_block;
    parser.enter_span = enter_span;
    parser.leave_span = leave_span;
    parser.text = on_text;
    if (md_parse(markdown.data(), static_cast<MD_SIZE>(markdown.size()), &parser, &b) != 0) {
        // md4c gave up (it could not allocate): rather than a half-built tree, the source as one code block,
        // so every word is still there to read.
        Document raw;
        Node code;
        code.kind = NodeKind::CodeBlock;
        code.text = markdown;
        raw.children.push_back(std::move(code));
        return raw;
    }
    std::vector<HtmlNote> html_notes;
    map_raw_html(b.doc, b, html_notes);
    mark_word_breaks(b.doc);
    assign_heading_ids(b.doc);
    if (notes)
        for (const HtmlNote& h : html_notes) {
            SourceNote sn;
            if (h.source >= 0) line_column(markdown, h.source, sn.line, sn.column);
            sn.message = h.message;
            notes->push_back(sn);
        }
    if (footnotes && (!defs.empty() || markdown.find("[^") != std::string::npos)) {
        FootnoteRefs refs{defs, {}, 0, 0, {}};
        refs.walk(b.doc);
        append_notes(b.doc, defs, refs.count, notes, gumbo_only);
        if (notes) footnote_warnings(markdown, defs, refs.missing, *notes);
    }
    rank_headings(b.doc);
    return std::move(b.doc);
}

} // namespace

Document parse_markdown(const std::string& markdown, std::vector<SourceNote>* notes, bool gumbo_only) {
    return parse_body(markdown, notes, gumbo_only, true);
}

} // namespace folio
