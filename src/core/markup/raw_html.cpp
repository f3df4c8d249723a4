// folio core: raw HTML into the document tree, with gumbo. See raw_html.h and the table in
// docs/content.md ("Raw HTML").
//
// gumbo parses the fragment as a browser would (fixing nesting, decoding entities); we then walk its
// tree once. Block context collects loose inline content into paragraphs; inline context flattens any
// block element it meets, so a paragraph never grows blocks inside it.
#include "core/markup/raw_html.h"

#include <gumbo.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "core/markup/highlight.h"
#include "core/text/text.h"

namespace folio {

namespace {

constexpr int kMaxDepth = 40; // deeper HTML is flattened into text, like deep Markdown

bool is_one_of(const std::string& s, std::initializer_list<const char*> names) {
    for (const char* n : names)
        if (s == n) return true;
    return false;
}

std::string tag_name(const GumboNode* n) {
    const GumboElement& e = n->v.element;
    if (e.tag != GUMBO_TAG_UNKNOWN) return gumbo_normalized_tagname(e.tag);
    GumboStringPiece p = e.original_tag;
    gumbo_tag_from_original_text(&p);
    std::string s(p.data ? p.data : "", p.data ? p.length : 0);
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

std::string attr(const GumboNode* n, const char* name) {
    const GumboAttribute* a = gumbo_get_attribute(&n->v.element.attributes, name);
    return a ? a->value : "";
}

// "300", "300px" -> 300; percentages and junk -> 0 (the layout's own size then).
int pixels(const std::string& v) {
    char* end = nullptr;
    long n = std::strtol(v.c_str(), &end, 10);
    if (end == v.c_str() || n <= 0 || n > 100000) return 0;
    std::string rest(end);
    return rest.empty() || rest == "px" ? static_cast<int>(n) : 0;
}

bool space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f'; }

// HTML's white-space rule: runs of spaces and newlines read as one space.
std::string collapse(const std::string& s) {
    std::string out;
    bool in_space = false;
    for (char c : s) {
        if (space(c)) {
            if (!in_space) out += ' ';
            in_space = true;
        } else {
            out += c;
            in_space = false;
        }
    }
    return out;
}

// All the text under a node, verbatim (pre, code).
void raw_text(const GumboNode* n, std::string& out) {
    if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_WHITESPACE || n->type == GUMBO_NODE_CDATA) {
        out += n->v.text.text;
        return;
    }
    if (n->type != GUMBO_NODE_ELEMENT) return;
    if (n->v.element.tag == GUMBO_TAG_BR) out += '\n';
    const GumboVector& c = n->v.element.children;
    for (unsigned i = 0; i < c.length; ++i)
        raw_text(static_cast<const GumboNode*>(c.data[i]), out);
}

// A data: address as written across many lines (a picture pasted into a post, 76 characters a line):
// its white space goes, as a browser's base64 decoding drops it, so the address reads as one token.
std::string embedded_src(const std::string& src) {
    size_t lead = 0;
    while (lead < src.size() && space(src[lead]))
        ++lead;
    std::string scheme = src.substr(lead, 5);
    for (char& c : scheme)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (scheme != "data:") return src;
    std::string out;
    for (size_t i = lead; i < src.size(); ++i)
        if (!space(src[i])) out += src[i];
    return out;
}

// A paragraph's text reaches gumbo escaped (markdown.cpp writes it out as HTML): inside <xmp> and
// <plaintext>, which show their content as written, the five escapes html_escape makes read back.
std::string unescape_serialized(const std::string& s) {
    static const std::pair<const char*, char> kEscapes[] = {
        {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&#39;", '\''}};
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        bool done = false;
        for (const auto& [escape, c] : kEscapes)
            if (!done && s.compare(i, std::strlen(escape), escape) == 0) {
                out += c;
                i += std::strlen(escape) - 1;
                done = true;
            }
        if (!done) out += s[i];
    }
    return out;
}

Node make(NodeKind k) {
    Node n;
    n.kind = k;
    return n;
}

void append_text(std::vector<Node>& out, const std::string& t) {
    if (t.empty()) return;
    if (!out.empty() && out.back().kind == NodeKind::Text) {
        out.back().text += t;
        return;
    }
    Node n = make(NodeKind::Text);
    n.text = t;
    out.push_back(std::move(n));
}

// Leading and trailing spaces of a run of inline nodes go (HTML does not show them either).
void trim_inline(std::vector<Node>& v) {
    if (!v.empty() && v.front().kind == NodeKind::Text) {
        std::string& t = v.front().text;
        t.erase(0, std::min(t.size(), t.find_first_not_of(' ')));
        if (t.empty()) v.erase(v.begin());
    }
    if (!v.empty() && v.back().kind == NodeKind::Text) {
        std::string& t = v.back().text;
        size_t end = t.find_last_not_of(' ');
        t.erase(end == std::string::npos ? 0 : end + 1);
        if (t.empty()) v.pop_back();
    }
}

// The language of <pre><code class="language-x"> (or class="x" on the pre).
std::string code_language(const GumboNode* pre) {
    auto from_class = [](const std::string& cls) -> std::string {
        size_t p = cls.find("language-");
        if (p == std::string::npos) p = cls.find("lang-");
        if (p == std::string::npos) return "";
        size_t start = cls.find('-', p) + 1;
        size_t end = cls.find(' ', start);
        return cls.substr(start, end == std::string::npos ? std::string::npos : end - start);
    };
    std::string lang = from_class(attr(pre, "class"));
    const GumboVector& c = pre->v.element.children;
    for (unsigned i = 0; lang.empty() && i < c.length; ++i) {
        const GumboNode* k = static_cast<const GumboNode*>(c.data[i]);
        if (k->type == GUMBO_NODE_ELEMENT && k->v.element.tag == GUMBO_TAG_CODE) lang = from_class(attr(k, "class"));
    }
    return lang;
}

struct Mapper {
    const std::vector<HtmlOrigin>& origin;
    std::vector<HtmlNote>* notes;
    int depth = 0;

    int source_of(unsigned offset) const {
        const HtmlOrigin* best = nullptr;
        for (const HtmlOrigin& o : origin)
            if (o.at <= offset) best = &o;
        if (!best || best->source < 0) return -1;
        return best->source + static_cast<int>(offset - best->at);
    }
    void note(const GumboNode* n, const std::string& message) {
        if (notes) notes->push_back({source_of(n->v.element.start_pos.offset), message});
    }

    // Attributes that never pass: event handlers and inline styles.
    void check_attributes(const GumboNode* n, const std::string& tag) {
        const GumboVector& a = n->v.element.attributes;
        for (unsigned i = 0; i < a.length; ++i) {
            const auto* at = static_cast<const GumboAttribute*>(a.data[i]);
            std::string name = at->name;
            if (name.size() > 2 && name[0] == 'o' && name[1] == 'n')
                note(n, "the event handler '" + name + "' on <" + tag + "> is dropped (pages run no author scripts)");
            else if (name == "style")
                note(n, "the style attribute on <" + tag + "> is dropped (folio's own typography applies)");
        }
    }

    static bool dropped(const std::string& t) {
        return is_one_of(t, {"script",   "style",    "form",  "noscript", "template", "button", "input", "select",
                             "textarea", "link",     "meta",  "base",     "title",    "head",   "svg",   "math",
                             "canvas",   "frameset", "frame", "applet",   "dialog",   "slot"});
    }
    static bool media(const std::string& t) { return is_one_of(t, {"iframe", "video", "audio", "embed", "object"}); }
    static bool block(const std::string& t) {
        return is_one_of(t, {"p",     "div",   "section",  "center", "article",   "main",       "header",     "footer",
                             "aside", "nav",   "address",  "hgroup", "figure",    "figcaption", "blockquote", "pre",
                             "ul",    "ol",    "li",       "dl",     "dt",        "dd",         "table",      "thead",
                             "tbody", "tfoot", "tr",       "td",     "th",        "caption",    "hr",         "h1",
                             "h2",    "h3",    "h4",       "h5",     "h6",        "details",    "summary",    "html",
                             "body",  "menu",  "fieldset", "xmp",    "plaintext", "listing"});
    }
    // Elements whose markup goes but whose content stays, quietly: they carry no meaning folio draws.
    static bool transparent(const std::string& t) {
        return is_one_of(t, {"span", "u",       "ins", "font",   "label", "big",     "bdi", "bdo",
                             "time", "data",    "dfn", "ruby",   "rb",    "rt",      "rp",  "wbr",
                             "nobr", "picture", "var", "output", "meter", "progress"});
    }

    // iframe, video, audio, embed, object: a link to the source, named by kind and host.
    void media_link(const GumboNode* n, const std::string& tag, std::vector<Node>& out) {
        std::string src = attr(n, tag == "object" ? "data" : "src");
        const GumboVector& c = n->v.element.children;
        for (unsigned i = 0; src.empty() && i < c.length; ++i) {
            const GumboNode* k = static_cast<const GumboNode*>(c.data[i]);
            if (k->type == GUMBO_NODE_ELEMENT && k->v.element.tag == GUMBO_TAG_SOURCE) src = attr(k, "src");
        }
        if (src.empty()) {
            note(n, "<" + tag + "> without a source is dropped");
            return;
        }
        std::string kind = tag == "iframe" ? "embedded page" : tag;
        std::string host = url_host(src);
        std::string where = host.empty() ? src.substr(src.find_last_of('/') + 1) : host;
        std::string label = kind + " on " + where;
        std::string title = collapse(attr(n, "title"));
        if (!title.empty()) label = title + " (" + label + ")";
        Node link = make(NodeKind::Link);
        link.href = src;
        append_text(link.children, label);
        note(n, "<" + tag + "> becomes a link to " + src);
        out.push_back(std::move(link));
    }

    void image(const GumboNode* n, std::vector<Node>& out) {
        Node img = make(NodeKind::Image);
        img.href = embedded_src(attr(n, "src"));
        img.text = collapse(attr(n, "alt"));
        img.info = attr(n, "title");
        img.width = pixels(attr(n, "width"));
        img.height = pixels(attr(n, "height"));
        if (img.href.empty()) {
            note(n, "<img> without src is dropped");
            return;
        }
        out.push_back(std::move(img));
    }

    //-------------------------------------------------------------------------
    // Inline context
    //-------------------------------------------------------------------------

    void inline_children(const GumboNode* n, std::vector<Node>& out) {
        const GumboVector& c = n->v.element.children;
        for (unsigned i = 0; i < c.length; ++i)
            inline_node(static_cast<const GumboNode*>(c.data[i]), out);
    }

    void wrap_inline(NodeKind k, const GumboNode* n, std::vector<Node>& out) {
        Node w = make(k);
        inline_children(n, w.children);
        out.push_back(std::move(w));
    }

    void inline_node(const GumboNode* n, std::vector<Node>& out) {
        switch (n->type) {
        case GUMBO_NODE_TEXT:
        case GUMBO_NODE_WHITESPACE:
        case GUMBO_NODE_CDATA: append_text(out, collapse(n->v.text.text)); return;
        case GUMBO_NODE_ELEMENT:
        case GUMBO_NODE_TEMPLATE: break;
        default: return; // comments vanish; the document node never appears in a fragment
        }
        const std::string tag = tag_name(n);
        if (dropped(tag)) {
            note(n, "<" + tag + "> is dropped");
            return;
        }
        check_attributes(n, tag);
        if (depth >= kMaxDepth) {
            std::string t;
            raw_text(n, t);
            append_text(out, collapse(t));
            return;
        }
        ++depth;
        const std::string lang = language_of(n, tag);
        if (lang.empty()) {
            inline_element(n, tag, out);
        } else {
            Node l = language_node(lang);
            inline_element(n, tag, l.children);
            if (!l.children.empty()) out.push_back(std::move(l));
        }
        --depth;
    }

    // The language an element says its text is in (lang="fr"), when it says one that is a language tag.
    std::string language_of(const GumboNode* n, const std::string& tag) {
        const std::string lang = attr(n, "lang");
        if (lang.empty() || language_tag(lang)) return lang;
        note(n, "lang=\"" + lang + "\" on <" + tag +
                    "> is not a language tag; write one as BCP 47 does (\"fr\", \"pt-BR\", \"zh-Hant\"). Its text "
                    "is kept, in the page's language");
        return "";
    }

    static Node language_node(const std::string& lang) {
        Node l = make(NodeKind::Language);
        l.info = lang;
        return l;
    }

    // Marks the text of blocks made from an element with lang="...": each block's inline content (a
    // paragraph's, a heading's, a cell's) goes into one Language node. Code keeps no language: it is code.
    static void in_language(Node& b, const std::string& lang) {
        switch (b.kind) {
        case NodeKind::Paragraph:
        case NodeKind::Heading:
        case NodeKind::TableCell:
        case NodeKind::DefTerm:
        case NodeKind::Summary:
        case NodeKind::Caption: {
            if (b.children.empty()) return;
            Node l = language_node(lang);
            l.children = std::move(b.children);
            b.children.clear();
            b.children.push_back(std::move(l));
            return;
        }
        default:
            for (Node& c : b.children)
                in_language(c, lang);
        }
    }

    void inline_element(const GumboNode* n, const std::string& tag, std::vector<Node>& out) {
        if (media(tag)) return media_link(n, tag, out);
        if (tag == "img") return image(n, out);
        if (tag == "br") return out.push_back(make(NodeKind::LineBreak));
        if (tag == "a") {
            std::string href = attr(n, "href");
            if (href.empty()) return inline_children(n, out); // a named anchor: its text
            Node l = make(NodeKind::Link);
            l.href = href;
            l.info = attr(n, "title");
            inline_children(n, l.children);
            out.push_back(std::move(l));
            return;
        }
        if (is_one_of(tag, {"em", "i"})) return wrap_inline(NodeKind::Emphasis, n, out);
        if (is_one_of(tag, {"strong", "b"})) return wrap_inline(NodeKind::Strong, n, out);
        if (is_one_of(tag, {"s", "del", "strike"})) return wrap_inline(NodeKind::Strike, n, out);
        if (tag == "sub") return wrap_inline(NodeKind::Sub, n, out);
        if (tag == "sup") return wrap_inline(NodeKind::Sup, n, out);
        if (tag == "small") return wrap_inline(NodeKind::Small, n, out);
        if (tag == "mark") return wrap_inline(NodeKind::Mark, n, out);
        if (tag == "cite") return wrap_inline(NodeKind::Cite, n, out);
        if (tag == "q") return wrap_inline(NodeKind::InlineQuote, n, out);
        if (tag == "abbr") {
            Node a = make(NodeKind::Abbr);
            a.info = collapse(attr(n, "title"));
            inline_children(n, a.children);
            out.push_back(std::move(a));
            return;
        }
        if (is_one_of(tag, {"xmp", "plaintext", "listing"})) { // preformatted, met inside a paragraph
            Node c = make(NodeKind::Code);
            raw_text(n, c.text);
            c.text = unescape_serialized(c.text);
            out.push_back(std::move(c));
            return;
        }
        if (is_one_of(tag, {"code", "kbd", "samp", "tt"})) {
            Node c = make(NodeKind::Code);
            raw_text(n, c.text);
            out.push_back(std::move(c));
            return;
        }
        if (!transparent(tag) && !block(tag)) note(n, "<" + tag + "> is not known to folio; its content is kept");
        if (block(tag) && tag != "p" && tag != "html" && tag != "body" && !out.empty()) append_text(out, " ");
        inline_children(n, out); // spans, and blocks met inside a paragraph: their content, inline
    }

    //-------------------------------------------------------------------------
    // Block context
    //-------------------------------------------------------------------------

    // Children as blocks; runs of inline content become paragraphs.
    void block_children(const GumboNode* n, std::vector<Node>& out) {
        Node para = make(NodeKind::Paragraph);
        auto flush = [&] {
            trim_inline(para.children);
            if (!para.children.empty()) out.push_back(std::move(para));
            para = make(NodeKind::Paragraph);
        };
        const GumboVector& c = n->v.element.children;
        for (unsigned i = 0; i < c.length; ++i) {
            const GumboNode* k = static_cast<const GumboNode*>(c.data[i]);
            bool is_block = k->type == GUMBO_NODE_ELEMENT && block(tag_name(k));
            if (!is_block) {
                inline_node(k, para.children);
                continue;
            }
            flush();
            block_node(k, out);
        }
        flush();
    }

    Node inline_block(NodeKind kind, const GumboNode* n) {
        Node b = make(kind);
        inline_children(n, b.children);
        trim_inline(b.children);
        return b;
    }

    void block_node(const GumboNode* n, std::vector<Node>& out) {
        const std::string tag = tag_name(n);
        check_attributes(n, tag);
        if (depth >= kMaxDepth) {
            std::string t;
            raw_text(n, t);
            Node p = make(NodeKind::Paragraph);
            append_text(p.children, collapse(t));
            out.push_back(std::move(p));
            return;
        }
        ++depth;
        const size_t first = out.size();
        block_element(n, tag, out);
        const std::string lang = language_of(n, tag);
        for (size_t i = first; !lang.empty() && i < out.size(); ++i)
            in_language(out[i], lang);
        --depth;
    }

    void block_element(const GumboNode* n, const std::string& tag, std::vector<Node>& out) {
        if (tag == "p") return out.push_back(inline_block(NodeKind::Paragraph, n));
        if (tag.size() == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6') {
            Node h = inline_block(NodeKind::Heading, n);
            h.level = tag[1] - '0';
            return out.push_back(std::move(h));
        }
        if (tag == "hr") return out.push_back(make(NodeKind::Rule));
        // <xmp>, <plaintext> and <listing>: HTML's older preformatted elements (the first two show their
        // markup as text, which gumbo already gives as their text).
        if (tag == "pre" || tag == "xmp" || tag == "plaintext" || tag == "listing") {
            Node code = make(NodeKind::CodeBlock);
            raw_text(n, code.text);
            if (!code.text.empty() && code.text[0] == '\n') code.text.erase(0, 1); // as browsers do
            if (code.text.empty() || code.text.back() != '\n') code.text += '\n';
            code.info = code_language(n);
            code.runs = highlight_code(code.info, code.text);
            return out.push_back(std::move(code));
        }
        if (tag == "summary") return out.push_back(inline_block(NodeKind::Summary, n));
        if (tag == "figcaption" || tag == "caption") return out.push_back(inline_block(NodeKind::Caption, n));
        if (tag == "dt") return out.push_back(inline_block(NodeKind::DefTerm, n));
        if (tag == "ul" || tag == "ol" || tag == "menu") return list(n, tag == "ol", out);
        if (tag == "table") return table(n, out);
        NodeKind kind = tag == "blockquote" ? NodeKind::Quote
                        : tag == "figure"   ? NodeKind::Figure
                        : tag == "details"  ? NodeKind::Details
                        : tag == "dl"       ? NodeKind::DefList
                        : tag == "dd"       ? NodeKind::DefDetails
                        : tag == "li"       ? NodeKind::ListItem
                                            : NodeKind::Container;
        Node b = make(kind);
        block_children(n, b.children);
        if (kind == NodeKind::Details) summary_first(b);
        if (kind == NodeKind::Container && (tag == "html" || tag == "body")) {
            for (Node& c : b.children)
                out.push_back(std::move(c));
            return;
        }
        out.push_back(std::move(b));
    }

    // A fold always has its opening line first; without one it reads "details", as browsers show it.
    static void summary_first(Node& d) {
        auto it = std::find_if(d.children.begin(), d.children.end(),
                               [](const Node& c) { return c.kind == NodeKind::Summary; });
        Node s = make(NodeKind::Summary);
        if (it == d.children.end()) {
            append_text(s.children, "details");
        } else {
            s = std::move(*it);
            d.children.erase(it);
        }
        d.children.insert(d.children.begin(), std::move(s));
    }

    void list(const GumboNode* n, bool ordered, std::vector<Node>& out) {
        Node l = make(NodeKind::List);
        l.ordered = ordered;
        std::string start = attr(n, "start");
        if (ordered && !start.empty()) l.start = std::atoi(start.c_str());
        std::vector<Node> items;
        block_children(n, items);
        for (Node& it : items) {
            if (it.kind == NodeKind::ListItem) {
                l.children.push_back(std::move(it));
                continue;
            }
            Node li = make(NodeKind::ListItem); // stray content in a list: an item of its own
            li.children.push_back(std::move(it));
            l.children.push_back(std::move(li));
        }
        if (!l.children.empty()) out.push_back(std::move(l));
    }

    void table_rows(const GumboNode* n, bool head, Node& part) {
        const GumboVector& rows = n->v.element.children;
        for (unsigned i = 0; i < rows.length; ++i) {
            const GumboNode* r = static_cast<const GumboNode*>(rows.data[i]);
            if (r->type != GUMBO_NODE_ELEMENT || r->v.element.tag != GUMBO_TAG_TR) continue;
            Node row = make(NodeKind::TableRow);
            const GumboVector& cells = r->v.element.children;
            for (unsigned j = 0; j < cells.length; ++j) {
                const GumboNode* c = static_cast<const GumboNode*>(cells.data[j]);
                if (c->type != GUMBO_NODE_ELEMENT) continue;
                if (c->v.element.tag != GUMBO_TAG_TD && c->v.element.tag != GUMBO_TAG_TH) continue;
                check_attributes(c, tag_name(c));
                Node cell = inline_block(NodeKind::TableCell, c);
                cell.header = head || c->v.element.tag == GUMBO_TAG_TH;
                const std::string lang = language_of(c, tag_name(c));
                if (!lang.empty()) in_language(cell, lang);
                std::string align = attr(c, "align");
                cell.align = align == "left"     ? Align::Left
                             : align == "center" ? Align::Center
                             : align == "right"  ? Align::Right
                                                 : Align::Default;
                row.children.push_back(std::move(cell));
            }
            part.children.push_back(std::move(row));
        }
    }

    void table(const GumboNode* n, std::vector<Node>& out) {
        Node t = make(NodeKind::Table);
        Node head = make(NodeKind::TableHead), body = make(NodeKind::TableBody);
        const GumboVector& c = n->v.element.children;
        for (unsigned i = 0; i < c.length; ++i) {
            const GumboNode* k = static_cast<const GumboNode*>(c.data[i]);
            if (k->type != GUMBO_NODE_ELEMENT) continue;
            if (k->v.element.tag == GUMBO_TAG_THEAD) table_rows(k, true, head);
            if (k->v.element.tag == GUMBO_TAG_TBODY || k->v.element.tag == GUMBO_TAG_TFOOT) table_rows(k, false, body);
        }
        // A table written without <thead> but whose first row is all <th>: that row is the head.
        if (head.children.empty() && !body.children.empty()) {
            const Node& first = body.children.front();
            bool all_th = !first.children.empty() && std::all_of(first.children.begin(), first.children.end(),
                                                                 [](const Node& x) { return x.header; });
            if (all_th) {
                head.children.push_back(std::move(body.children.front()));
                body.children.erase(body.children.begin());
            }
        }
        if (!head.children.empty()) t.children.push_back(std::move(head));
        if (!body.children.empty()) t.children.push_back(std::move(body));
        if (!t.children.empty()) out.push_back(std::move(t));
    }
};

} // namespace

std::string url_host(const std::string& url) {
    size_t scheme = url.find("://");
    size_t start;
    if (url.rfind("//", 0) == 0)
        start = 2;
    else if (scheme != std::string::npos && scheme > 0 && url.find_first_of("/?#") > scheme)
        start = scheme + 3;
    else
        return "";
    size_t end = url.find_first_of("/?#", start);
    std::string host = url.substr(start, end == std::string::npos ? std::string::npos : end - start);
    size_t at = host.rfind('@');
    if (at != std::string::npos) host.erase(0, at + 1);
    return host;
}

namespace {

// The bare tags simple_inline_html maps, and the kind each becomes (the Mapper's own choice for them).
struct SimpleTag {
    const char* name;
    NodeKind kind;
};
constexpr SimpleTag kSimpleTags[] = {
    {"em", NodeKind::Emphasis}, {"i", NodeKind::Emphasis}, {"strong", NodeKind::Strong}, {"b", NodeKind::Strong},
    {"s", NodeKind::Strike},    {"del", NodeKind::Strike}, {"sub", NodeKind::Sub},       {"sup", NodeKind::Sup},
    {"small", NodeKind::Small}, {"mark", NodeKind::Mark},  {"cite", NodeKind::Cite},     {"kbd", NodeKind::Code}};

// "<sup>" -> the entry for sup (closing false), "</sup>" -> the same (closing true); else null.
const SimpleTag* simple_tag(const std::string& html, bool& closing) {
    closing = html.size() > 3 && html[1] == '/';
    const size_t start = closing ? 2 : 1;
    if (html.size() < start + 2 || html[0] != '<' || html.back() != '>') return nullptr;
    const std::string name = html.substr(start, html.size() - start - 1);
    for (const SimpleTag& t : kSimpleTags)
        if (name == t.name) return &t;
    return nullptr;
}

// Text as it comes out of gumbo after markdown.cpp wrote it escaped: what XML forbids is gone. A
// carriage return gumbo would turn into a newline: not simple.
bool simple_text(const std::string& s, std::string& out) {
    if (s.find('\r') != std::string::npos) return false;
    out += clean_text(s);
    return true;
}

// The Mapper's inline pass over [from, to) of in, for simple content only. Text between two tags is one
// gumbo text node: its pieces gather in `pending`, cleaned, and are collapsed together.
bool simple_run(const std::vector<Node>& in, size_t from, size_t to, std::vector<Node>& out, int depth) {
    if (depth >= 16) return false; // far from the Mapper's depth limit
    std::string pending;
    auto flush = [&] {
        append_text(out, collapse(pending));
        pending.clear();
    };
    for (size_t k = from; k < to; ++k) {
        const Node& c = in[k];
        switch (c.kind) {
        case NodeKind::Text:
            if (!simple_text(c.text, pending)) return false;
            break;
        case NodeKind::SoftBreak: pending += '\n'; break;
        case NodeKind::LineBreak:
            flush();
            out.push_back(make(NodeKind::LineBreak));
            break;
        case NodeKind::Code: {
            flush();
            Node code = make(NodeKind::Code);
            if (!simple_text(c.text, code.text)) return false;
            out.push_back(std::move(code));
            break;
        }
        case NodeKind::Math: // a formula beside simple tags: kept as it is
            flush();
            out.push_back(c);
            break;
        case NodeKind::Emphasis:
        case NodeKind::Strong:
        case NodeKind::Strike: {
            flush();
            Node w = make(c.kind);
            if (!simple_run(c.children, 0, c.children.size(), w.children, depth + 1)) return false;
            out.push_back(std::move(w));
            break;
        }
        case NodeKind::Link: {
            Node l = make(NodeKind::Link);
            std::string href, title;
            if (!simple_text(c.href, href) || href.empty() || !simple_text(c.info, title)) return false;
            l.href = std::move(href);
            l.info = std::move(title);
            flush();
            if (!simple_run(c.children, 0, c.children.size(), l.children, depth + 1)) return false;
            out.push_back(std::move(l));
            break;
        }
        case NodeKind::HtmlInline: {
            bool closing = false;
            const SimpleTag* tag = simple_tag(c.text, closing);
            if (!tag || closing) return false;
            // Its end tag among the same siblings (the same tag opened inside closes first).
            size_t end = k + 1;
            for (int open = 1; end < to; ++end) {
                bool shut = false;
                if (in[end].kind != NodeKind::HtmlInline || simple_tag(in[end].text, shut) != tag) continue;
                open += shut ? -1 : 1;
                if (open == 0) break;
            }
            if (end >= to) return false;
            flush();
            Node w = make(tag->kind);
            if (tag->kind == NodeKind::Code) { // <kbd>: its text verbatim (raw_text), text and line ends only
                for (size_t j = k + 1; j < end; ++j)
                    if (in[j].kind == NodeKind::SoftBreak)
                        w.text += '\n';
                    else if (in[j].kind != NodeKind::Text || !simple_text(in[j].text, w.text))
                        return false;
            } else if (!simple_run(in, k + 1, end, w.children, depth + 1)) {
                return false;
            }
            out.push_back(std::move(w));
            k = end;
            break;
        }
        default: return false;
        }
    }
    flush();
    return true;
}

} // namespace

bool simple_inline_html(const std::vector<Node>& run, size_t from, size_t to, std::vector<Node>& out) {
    std::vector<Node> mapped;
    if (!simple_run(run, from, to, mapped, 0)) return false;
    for (Node& m : mapped)
        out.push_back(std::move(m));
    return true;
}

std::vector<Node> html_to_nodes(const std::string& html, bool inline_content, const std::vector<HtmlOrigin>& origin,
                                std::vector<HtmlNote>* notes) {
    GumboOptions options = kGumboDefaultOptions;
    options.fragment_context = GUMBO_TAG_DIV;
    options.fragment_namespace = GUMBO_NAMESPACE_HTML;
    options.max_errors = 0; // we report what we drop, not HTML's own parse errors
    GumboOutput* parsed = gumbo_parse_with_options(&options, html.data(), html.size());
    std::vector<Node> out;
    Mapper m{origin, notes};
    if (parsed && parsed->root && parsed->root->type == GUMBO_NODE_ELEMENT) {
        if (inline_content)
            m.inline_children(parsed->root, out);
        else
            m.block_children(parsed->root, out);
    }
    if (parsed) gumbo_destroy_output(&options, parsed);
    return out;
}

} // namespace folio
