// folio core: document trees as HTML. See html_document.h.
#include "core/site/html_document.h"

#include "core/model/links.h"
#include "core/text/text.h"
#include "core/text/url.h"

namespace folio {

namespace {

std::string esc(const std::string& s) { return html_escape(s); }

void render_node(std::string& out, const Node& n, const HtmlStyle& st);

void render_children(std::string& out, const Node& n, const HtmlStyle& st) {
    for (const Node& c : n.children)
        render_node(out, c, st);
}

// A relative reference becomes the site path a browser would follow from the page's route; a fragment
// alone stays as it is, so it scrolls within the page whatever URL the page was opened under.
std::string resolve_relative(const std::string& href, const HtmlStyle& st) {
    const std::string read = parsed_form(href); // "\x01javascript:" stays unsafe, not a site path
    if (st.route.empty() || !relative_reference(read) || (!read.empty() && read[0] == '#' && st.base.empty()))
        return href;
    return resolve_reference(st.route, read);
}

// The address as written in the page: absolute for feeds, percent-encoded always.
std::string resolve(const std::string& href, const HtmlStyle& st) {
    std::string url = !st.base.empty() && classify(href) == LinkKind::SitePath ? st.base + href.substr(1) : href;
    return percent_encode_url(url);
}

// <tag>children</tag>; block containers get line breaks so the page source reads well.
void wrap(std::string& out, const char* tag, const Node& n, const HtmlStyle& st, bool block, bool container = false) {
    // An id (a footnote's list item, markdown.cpp) is where a link within the page lands.
    out += std::string("<") + tag + (n.id.empty() ? std::string() : " id=\"" + esc(n.id) + "\"") + ">" +
           (container ? "\n" : "");
    render_children(out, n, st);
    out += std::string("</") + tag + ">" + (block ? "\n" : "");
}

void render_heading(std::string& out, const Node& n, const HtmlStyle& st) {
    const std::string tag = "h" + std::to_string(page_heading_level(n.level));
    out += "<" + tag + (n.id.empty() ? std::string() : " id=\"" + esc(n.id) + "\"") + ">";
    render_children(out, n, st);
    out += "</" + tag + ">\n";
}

void render_list(std::string& out, const Node& n, const HtmlStyle& st) {
    const char* tag = n.ordered ? "ol" : "ul";
    out += std::string("<") + tag;
    if (n.ordered && n.start != 1) out += " start=\"" + std::to_string(n.start) + "\"";
    out += ">\n";
    render_children(out, n, st);
    out += std::string("</") + tag + ">\n";
}

// The language is the info string's first word, as CommonMark writes it ("language-f\xC3\xB6\xC3\xB6",
// "language-;"): a class name may hold any character but whitespace, and the attribute is escaped.
std::string code_language(const std::string& info) {
    std::string lang;
    for (char c : info) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') break;
        lang += c;
    }
    return lang;
}

// Highlighted runs become elements named for their token kind (<t-kw>: an autonomous custom element, which
// any page may use), which folio.css gives the theme's inks (the same the book draws with, ui/theme.cpp).
// A code line is a run per token: a span with a class attribute took 28 bytes a token, this takes 13.
const char* token_element(Token t) {
    static const char* const names[kTokenCount] = {"",     "t-kw", "t-ty", "t-st", "t-nu", "t-co",
                                                   "t-fn", "t-op", "t-pp", "t-ad", "t-rm"};
    return names[static_cast<int>(t)];
}

bool only_spaces(std::string_view text) { return text.find_first_not_of(" \t\n") == std::string_view::npos; }

// The runs of a code block as elements; spaces between two runs of one kind join them, since the colour of
// a space does not show. Without tokens (feeds: no stylesheet colours them there) the code is plain.
void render_code_runs(std::string& out, const Node& n, bool tokens) {
    Token open = Token::Plain; // the kind whose element is open
    std::string gap;           // spaces after it, written once the next run says where they belong
    auto close = [&] {
        if (open != Token::Plain) out += std::string("</") + token_element(open) + ">";
        open = Token::Plain;
    };
    each_code_run(n.text, n.runs, [&](Token token, std::string_view text) {
        if (!tokens) token = Token::Plain;
        if (open != Token::Plain && token == Token::Plain && only_spaces(text)) {
            gap += text;
            return;
        }
        if (token != open) close();
        out += gap;
        gap.clear();
        if (token != open) out += std::string("<") + token_element(token) + ">";
        open = token;
        append_html_escaped(out, text);
    });
    close();
    out += gap;
}

void render_code_block(std::string& out, const Node& n, const HtmlStyle& st) {
    std::string lang = code_language(n.info);
    // A code block (and a table) may scroll sideways: a tab stop, so that the keyboard can scroll it too (WCAG 2.1.1).
    out +=
        lang.empty() ? "<pre tabindex=\"0\"><code>" : "<pre tabindex=\"0\"><code class=\"language-" + esc(lang) + "\">";
    render_code_runs(out, n, st.code_tokens);
    out += "</code></pre>\n";
}

void render_cell(std::string& out, const Node& n, const HtmlStyle& st) {
    const char* tag = n.header ? "th" : "td";
    static const char* const names[] = {"", "left", "center", "right"};
    const char* align = names[static_cast<int>(n.align)];
    out += std::string("<") + tag;
    if (*align)
        out += st.inline_align ? std::string(" style=\"text-align:") + align + "\""
                               : std::string(" class=\"align-") + align + "\"";
    out += ">";
    render_children(out, n, st);
    out += std::string("</") + tag + ">\n";
}

// Only followable addresses become links (links.h); the text of any other link stays, as text.
void render_link(std::string& out, const Node& n, const HtmlStyle& st) {
    const std::string href = resolve_relative(n.href, st);
    if (!followable(href)) {
        render_children(out, n, st);
        return;
    }
    out += "<a href=\"" + esc(resolve(href, st)) + "\"";
    if (!n.id.empty()) out += " id=\"" + esc(n.id) + "\""; // a footnote reference: its note links back here
    if (!n.info.empty()) out += " title=\"" + esc(n.info) + "\"";
    out += ">";
    render_children(out, n, st);
    out += "</a>";
}

// A picture the site does not show (links.h: shown_image) is its alt text, linked to the address. Another
// host's is asked for without the page's address (many hosts refuse a page that is not theirs by it).
void render_image(std::string& out, const Node& n, const HtmlStyle& st) {
    const std::string src = resolve_relative(n.href, st);
    if (!shown_image(src, st.other_host_images)) {
        const bool web = classify(src) == LinkKind::Web;
        out += web ? "<a href=\"" + esc(percent_encode_url(src)) + "\">" + esc(n.text) + "</a>" : esc(n.text);
        return;
    }
    out += "<img src=\"" + esc(resolve(src, st)) + "\" alt=\"" + esc(n.text) + "\"";
    if (!n.info.empty()) out += " title=\"" + esc(n.info) + "\"";
    if (n.width) out += " width=\"" + std::to_string(n.width) + "\"";
    if (n.height) out += " height=\"" + std::to_string(n.height) + "\"";
    if (other_host_image(src)) out += " referrerpolicy=\"no-referrer\"";
    out += " loading=\"lazy\">";
}

// MathML Core from the build's typesetting (Temml: tools/math.cjs), which every current browser draws and
// reads aloud; else the TeX in code style, as the book shows it.
void render_math(std::string& out, const Node& n, const HtmlStyle& st) {
    if (st.mathml) {
        auto it = st.mathml->find(math_key(n));
        if (it != st.mathml->end()) {
            out += it->second;
            return;
        }
    }
    out += "<code class=\"math\">" + esc(n.text) + "</code>";
}

void render_node(std::string& out, const Node& n, const HtmlStyle& st) {
    switch (n.kind) {
    case NodeKind::Document: render_children(out, n, st); break;
    case NodeKind::Paragraph: wrap(out, "p", n, st, true); break;
    case NodeKind::Heading: render_heading(out, n, st); break;
    case NodeKind::Quote: wrap(out, "blockquote", n, st, true, true); break;
    case NodeKind::List: render_list(out, n, st); break;
    case NodeKind::ListItem: wrap(out, "li", n, st, true); break;
    case NodeKind::CodeBlock: render_code_block(out, n, st); break;
    case NodeKind::Rule: out += "<hr>\n"; break;
    case NodeKind::Table: // a tab stop, as a code block is: a wide table scrolls sideways (folio.css)
        out += "<table tabindex=\"0\">\n";
        render_children(out, n, st);
        out += "</table>\n";
        break;
    case NodeKind::TableHead: wrap(out, "thead", n, st, true, true); break;
    case NodeKind::TableBody: wrap(out, "tbody", n, st, true, true); break;
    case NodeKind::TableRow: wrap(out, "tr", n, st, true, true); break;
    case NodeKind::TableCell: render_cell(out, n, st); break;
    case NodeKind::HtmlBlock: out += "<pre tabindex=\"0\">" + esc(n.text) + "</pre>\n"; break; // shown, never run
    case NodeKind::HtmlInline: out += esc(n.text); break; // never in a finished tree
    case NodeKind::DefList: wrap(out, "dl", n, st, true, true); break;
    case NodeKind::DefTerm: wrap(out, "dt", n, st, true); break;
    case NodeKind::DefDetails: wrap(out, "dd", n, st, true); break;
    case NodeKind::Details: wrap(out, "details", n, st, true, true); break;
    case NodeKind::Summary: wrap(out, "summary", n, st, true); break;
    case NodeKind::Figure: wrap(out, "figure", n, st, true, true); break;
    case NodeKind::Caption: wrap(out, "figcaption", n, st, true); break;
    case NodeKind::Container: wrap(out, "div", n, st, true, true); break;
    case NodeKind::Sub: wrap(out, "sub", n, st, false); break;
    case NodeKind::Sup: wrap(out, "sup", n, st, false); break;
    case NodeKind::Small: wrap(out, "small", n, st, false); break;
    case NodeKind::Mark: wrap(out, "mark", n, st, false); break;
    case NodeKind::Cite: wrap(out, "cite", n, st, false); break;
    case NodeKind::InlineQuote: wrap(out, "q", n, st, false); break;
    case NodeKind::Language:
        out += "<span lang=\"" + esc(n.info) + "\">";
        render_children(out, n, st);
        out += "</span>";
        break;
    case NodeKind::Abbr:
        out += n.info.empty() ? std::string("<abbr>") : "<abbr title=\"" + esc(n.info) + "\">";
        render_children(out, n, st);
        out += "</abbr>";
        break;
    case NodeKind::Text: append_html_escaped(out, n.text); break;
    case NodeKind::Emphasis: wrap(out, "em", n, st, false); break;
    case NodeKind::Strong: wrap(out, "strong", n, st, false); break;
    case NodeKind::Strike: wrap(out, "del", n, st, false); break;
    case NodeKind::Code: out += "<code>" + esc(n.text) + "</code>"; break;
    case NodeKind::Math: render_math(out, n, st); break;
    case NodeKind::Link: render_link(out, n, st); break;
    case NodeKind::Image: render_image(out, n, st); break;
    case NodeKind::LineBreak: out += "<br>\n"; break;
    case NodeKind::SoftBreak: out += "\n"; break;
    }
}

} // namespace

std::string document_html(const Document& d, const HtmlStyle& st) {
    std::string out;
    render_node(out, d, st);
    return out;
}

} // namespace folio
