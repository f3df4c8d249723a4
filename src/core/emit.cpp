// folio core: static outputs. See emit.h.
//
// Everything here is string building from the model. Two rules hold for every byte written:
//  - text from the bundle goes through html_escape (or the same escaping for XML), never raw;
//  - the finished files go through clean_text, so no file holds invalid UTF-8 or a character that
//    XML 1.0 forbids (feed readers and XML parsers reject the whole document for one of those).
#include "core/emit.h"

#include <cstdint>

#include "core/routes.h"

namespace folio {

namespace {

//---- [SECTION] Text: UTF-8 cleaning and escaping ----

// XML 1.0's Char production: the code points a feed or page may contain.
bool xml_char(uint32_t cp) {
    return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) ||
           (cp >= 0x10000 && cp <= 0x10FFFF);
}

// Decodes the UTF-8 sequence at s[i]. Returns its length, or 0 when it is malformed (overlong,
// truncated, a surrogate or past U+10FFFF), so the caller can replace it.
size_t utf8_decode(const std::string& s, size_t i, uint32_t& cp) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    size_t len = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + len > s.size()) return 0;
    static const uint32_t lead_mask[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    static const uint32_t min_cp[] = {0, 0, 0x80, 0x800, 0x10000};
    cp = b & lead_mask[len];
    for (size_t k = 1; k < len; ++k) {
        const unsigned char c = static_cast<unsigned char>(s[i + k]);
        if ((c & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (c & 0x3F);
    }
    if (cp < min_cp[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return len;
}

// Valid UTF-8 with only XML 1.0 characters: malformed bytes become U+FFFD, forbidden characters
// (control characters other than tab, newline and carriage return; U+FFFE, U+FFFF) are dropped.
std::string clean_text(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        uint32_t cp = 0;
        size_t len = utf8_decode(s, i, cp);
        if (len == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
            continue;
        }
        if (xml_char(cp)) out.append(s, i, len);
        i += len;
    }
    return out;
}

// The same escaping serves HTML text, HTML attributes and XML: &#39; is valid in both.
std::string escape_clean(const std::string& clean) {
    std::string out;
    out.reserve(clean.size() + clean.size() / 8);
    for (char c : clean) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default: out += c;
        }
    }
    return out;
}

std::string esc(const std::string& s) { return escape_clean(clean_text(s)); }

// Replaces every occurrence of `from` (non-empty) with `to`.
std::string replace_all(const std::string& s, const std::string& from, const std::string& to) {
    std::string out;
    size_t at = 0;
    for (size_t hit; (hit = s.find(from, at)) != std::string::npos; at = hit + from.size())
        out.append(s, at, hit - at) += to;
    return out.append(s, at, std::string::npos);
}

//---- [SECTION] URLs ----

bool starts_with_ci(const std::string& s, const char* prefix) {
    size_t i = 0;
    for (; prefix[i]; ++i) {
        if (i >= s.size()) return false;
        char c = s[i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != prefix[i]) return false;
    }
    return true;
}

// A path inside the site: "/x". Not "//host" or "/\host", which browsers read as another host.
bool site_path(const std::string& h) {
    return !h.empty() && h[0] == '/' && (h.size() == 1 || (h[1] != '/' && h[1] != '\\'));
}

// The only addresses that become links (docs/content.md); anything else (javascript:, data:, relative
// paths) is shown as text.
bool safe_href(const std::string& h) {
    return starts_with_ci(h, "https://") || starts_with_ci(h, "http://") || starts_with_ci(h, "mailto:") ||
           site_path(h);
}

// Images may not be mailto: addresses.
bool safe_src(const std::string& h) {
    return starts_with_ci(h, "https://") || starts_with_ci(h, "http://") || site_path(h);
}

// base_url + a site path without its leading slash: "/writing/x" -> "https://host/writing/x".
std::string absolute(const Site& site, const std::string& path) {
    return site.info.base_url + (site_path(path) ? path.substr(1) : path);
}

// Output file of a route: "/" -> "index.html", "/writing/x" -> "writing/x/index.html".
std::string route_file(const Route& r) { return r.path == "/" ? "index.html" : r.path.substr(1) + "/index.html"; }

std::string article_path(const Article& a) { return "/writing/" + a.slug; }

//---- [SECTION] Small HTML builders ----

std::string link_html(const std::string& text, const std::string& href) {
    if (!safe_href(href)) return esc(text);
    return "<a href=\"" + esc(href) + "\">" + esc(text) + "</a>";
}

// A bundle link: an href-less (or unsafe) one is plain text in a <span>.
std::string bundle_link(const Link& l) {
    if (l.href.empty() || !safe_href(l.href)) return "<span>" + esc(l.text) + "</span>";
    return link_html(l.text, l.href);
}

std::string time_html(const Date& d, bool with_year) {
    return "<time datetime=\"" + format_iso(d) + "\">" + format_day_month(d, with_year) + "</time>";
}

std::string links_list(const std::vector<Link>& links) {
    if (links.empty()) return "";
    std::string out = "<ul class=\"links\">\n";
    for (const Link& l : links)
        out += "<li>" + bundle_link(l) + "</li>\n";
    return out + "</ul>\n";
}

//---- [SECTION] Markdown documents to HTML ----

struct HtmlStyle {
    int heading_shift = 1;     // the page title is the only h1
    std::string base;          // non-empty (feeds): site paths become absolute against it
    bool inline_align = false; // feeds: style attributes; pages use classes since the CSP forbids inline styles
};

void render_node(std::string& out, const Node& n, const HtmlStyle& st);

void render_children(std::string& out, const Node& n, const HtmlStyle& st) {
    for (const Node& c : n.children)
        render_node(out, c, st);
}

std::string resolve(const std::string& href, const HtmlStyle& st) {
    return !st.base.empty() && site_path(href) ? st.base + href.substr(1) : href;
}

// <tag>children</tag>; block containers get line breaks so the page source reads well.
void wrap(std::string& out, const char* tag, const Node& n, const HtmlStyle& st, bool block, bool container = false) {
    out += std::string("<") + tag + ">" + (container ? "\n" : "");
    render_children(out, n, st);
    out += std::string("</") + tag + ">" + (block ? "\n" : "");
}

void render_heading(std::string& out, const Node& n, const HtmlStyle& st) {
    int level = n.level + st.heading_shift;
    level = level < 1 ? 1 : level > 6 ? 6 : level;
    const std::string tag = "h" + std::to_string(level);
    out += "<" + tag + ">";
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

// The language is the info string's first word, kept to characters that make a plain class name.
std::string code_language(const std::string& info) {
    std::string lang;
    for (char c : info) {
        if (c == ' ' || c == '\t') break;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
                  c == '+' || c == '#' || c == '.';
        if (ok) lang += c;
    }
    return lang;
}

void render_code_block(std::string& out, const Node& n) {
    std::string lang = code_language(n.info);
    out += lang.empty() ? "<pre><code>" : "<pre><code class=\"language-" + esc(lang) + "\">";
    out += esc(n.text) + "</code></pre>\n";
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

// Only safe addresses become links; the text of any other link stays, as text.
void render_link(std::string& out, const Node& n, const HtmlStyle& st) {
    if (!safe_href(n.href)) {
        render_children(out, n, st);
        return;
    }
    out += "<a href=\"" + esc(resolve(n.href, st)) + "\"";
    if (!n.info.empty()) out += " title=\"" + esc(n.info) + "\"";
    out += ">";
    render_children(out, n, st);
    out += "</a>";
}

void render_image(std::string& out, const Node& n, const HtmlStyle& st) {
    if (!safe_src(n.href)) {
        out += esc(n.text);
        return;
    }
    out += "<img src=\"" + esc(resolve(n.href, st)) + "\" alt=\"" + esc(n.text) + "\"";
    if (!n.info.empty()) out += " title=\"" + esc(n.info) + "\"";
    out += " loading=\"lazy\">";
}

void render_node(std::string& out, const Node& n, const HtmlStyle& st) {
    switch (n.kind) {
    case NodeKind::Document: render_children(out, n, st); break;
    case NodeKind::Paragraph: wrap(out, "p", n, st, true); break;
    case NodeKind::Heading: render_heading(out, n, st); break;
    case NodeKind::Quote: wrap(out, "blockquote", n, st, true, true); break;
    case NodeKind::List: render_list(out, n, st); break;
    case NodeKind::ListItem: wrap(out, "li", n, st, true); break;
    case NodeKind::CodeBlock: render_code_block(out, n); break;
    case NodeKind::Rule: out += "<hr>\n"; break;
    case NodeKind::Table: wrap(out, "table", n, st, true, true); break;
    case NodeKind::TableHead: wrap(out, "thead", n, st, true, true); break;
    case NodeKind::TableBody: wrap(out, "tbody", n, st, true, true); break;
    case NodeKind::TableRow: wrap(out, "tr", n, st, true, true); break;
    case NodeKind::TableCell: render_cell(out, n, st); break;
    case NodeKind::HtmlBlock: out += "<pre>" + esc(n.text) + "</pre>\n"; break; // shown, never run
    case NodeKind::Text: out += esc(n.text); break;
    case NodeKind::Emphasis: wrap(out, "em", n, st, false); break;
    case NodeKind::Strong: wrap(out, "strong", n, st, false); break;
    case NodeKind::Strike: wrap(out, "del", n, st, false); break;
    case NodeKind::Code: out += "<code>" + esc(n.text) + "</code>"; break;
    case NodeKind::Link: render_link(out, n, st); break;
    case NodeKind::Image: render_image(out, n, st); break;
    case NodeKind::LineBreak: out += "<br>\n"; break;
    case NodeKind::SoftBreak: out += "\n"; break;
    }
}

std::string document_html(const Document& d, const HtmlStyle& st = HtmlStyle{}) {
    std::string out;
    render_node(out, d, st);
    return out;
}

//---- [SECTION] Page frame: header, navigation, footer ----

bool has_contents_entry(const Site& site, const std::string& chapter) {
    for (const ContentsEntry& c : site.contents)
        if (c.chapter == chapter) return true;
    return false;
}

// One navigation item; the current page is marked for screen readers.
std::string nav_item(const std::string& text, const std::string& path, const Route& here) {
    std::string current = here.path == path ? " aria-current=\"page\"" : "";
    return "<li><a href=\"" + esc(path) + "\"" + current + ">" + esc(text) + "</a></li>\n";
}

std::string page_header(const Site& site, const Route& here) {
    std::string out = "<header>\n<p class=\"site-author\"><a href=\"/\">" + esc(site.info.author) + "</a></p>\n";
    out += "<p class=\"site-tagline\">" + esc(site.info.tagline) + "</p>\n<nav aria-label=\"contents\">\n<ol>\n";
    for (const ContentsEntry& c : site.contents)
        out += nav_item(c.title, "/" + c.chapter, here);
    // Articles always have a list, even when the contents leave it out.
    if (!has_contents_entry(site, "writing")) out += nav_item("writing", "/writing", here);
    return out + "</ol>\n</nav>\n</header>\n";
}

std::string page_footer() { return "<footer>\n<p><a href=\"/rss.xml\">RSS feed</a></p>\n</footer>\n"; }

//---- [SECTION] Views: the front page ----

std::string repo_link(const Site& site, const std::string& repo) {
    const Contribution* c = site.find_contribution(repo);
    return link_html(repo, (c && !c->host.empty() ? c->host : std::string("https://github.com/")) + repo);
}

std::string pull_item(const PullRequest& p) {
    return "<li>" + link_html("#" + std::to_string(p.number), p.url) + " " + esc(p.title) + "</li>\n";
}

// The first `show` pull requests are listed; the rest fold under <details>, which needs no script.
std::string pulls_html(const Site& site, const TimelineEntry& e) {
    std::string out = "<div class=\"pulls\">\n<h3>merged into " + repo_link(site, e.ref) + "</h3>\n";
    size_t show = e.show < 0 ? 0 : static_cast<size_t>(e.show);
    std::string first, rest;
    for (size_t i = 0; i < e.pulls.size(); ++i)
        (i < show ? first : rest) += pull_item(e.pulls[i]);
    if (!first.empty()) out += "<ol>\n" + first + "</ol>\n";
    if (!rest.empty())
        out += "<details><summary>the rest</summary>\n<ol start=\"" + std::to_string(show + 1) + "\">\n" + rest +
               "</ol>\n</details>\n";
    return out + "</div>\n";
}

// "on GitHub since 24 Sep" / "first released on PyPI 29 Aug"; the year only when it is not the newest.
std::string project_timeline_when(const Project& p, int newest_year) {
    bool year = p.date.year != newest_year;
    return p.event == "first release" ? "first released on " + p.where + " " + format_day_month(p.date, year)
                                      : "on " + p.where + " since " + format_day_month(p.date, year);
}

std::string project_name(const Project& p) {
    if (p.links.empty() || p.links[0].href.empty()) return esc(p.name);
    return link_html(p.name, p.links[0].href);
}

std::string timeline_project(const Project& p, int newest_year) {
    return "<div class=\"project\">\n<h3>" + project_name(p) + "</h3>\n<p class=\"when\">" +
           esc(project_timeline_when(p, newest_year)) + "</p>\n<p>" + esc(p.summary) + "</p>\n</div>\n";
}

std::string timeline_article(const Article& a, int year) {
    return "<div class=\"entry\">\n<h3>" + link_html(a.title, article_path(a)) + "</h3>\n<p class=\"when\">" +
           time_html(a.date, a.date.year != year) + "</p>\n<p>" + esc(a.dek) + "</p>\n</div>\n";
}

std::string timeline_entry(const Site& site, const TimelineEntry& e, int year, int newest_year) {
    if (e.kind == EntryKind::Pulls) return pulls_html(site, e);
    if (e.kind == EntryKind::Project && e.index >= 0 && e.index < static_cast<int>(site.projects.size()))
        return timeline_project(site.projects[e.index], newest_year);
    if (e.kind == EntryKind::Article && e.index >= 0 && e.index < static_cast<int>(site.writing.size()))
        return timeline_article(site.writing[e.index], year);
    return ""; // an unresolved reference: the loader has already reported it
}

std::string front_view(const Site& site) {
    std::string out =
        "<h1>" + esc(site.info.author) + "</h1>\n<p class=\"tagline\">" + esc(site.info.tagline) + "</p>\n";
    if (!site.info.bio.empty()) out += "<p class=\"bio\">" + esc(site.info.bio) + "</p>\n";
    out += links_list(site.info.links);
    int newest_year = site.timeline.empty() ? 0 : site.timeline.front().year;
    for (const TimelineYear& y : site.timeline) {
        out += "<section class=\"year\">\n<h2>" + std::to_string(y.year) + "</h2>\n";
        for (const TimelineEntry& e : y.entries)
            out += timeline_entry(site, e, y.year, newest_year);
        out += "</section>\n";
    }
    return out;
}

//---- [SECTION] Views: chapters of the book ----

std::string contents_view(const Site& site) {
    std::string out = "<h1>contents</h1>\n<ol class=\"contents\">\n";
    for (const ContentsEntry& c : site.contents)
        out += "<li>" + link_html(c.title, "/" + c.chapter) + "</li>\n";
    return out + "</ol>\n";
}

std::string loves_view(const Site& site) {
    const Loves& l = site.loves;
    std::string out = "<h1>" + esc(l.title) + "</h1>\n" + document_html(l.intro) + "<ul class=\"shelves\">\n";
    for (const Shelf& s : l.shelves) {
        out += "<li>" + link_html(s.title, "/" + s.id);
        if (!s.subtitle.empty()) out += " <span class=\"subtitle\">" + esc(s.subtitle) + "</span>";
        out += "</li>\n";
    }
    return out + "</ul>\n";
}

std::string shelf_item(const ShelfItem& it) {
    std::string title = it.href.empty() ? esc(it.title) : link_html(it.title, it.href);
    std::string out = "<li><cite>" + title + "</cite>";
    std::string by;
    for (size_t i = 0; i < it.by.size(); ++i)
        by += (i ? ", " : "") + it.by[i];
    if (!by.empty()) out += " \xE2\x80\x94 <span class=\"by\">" + esc(by) + "</span>";
    if (!it.note.empty()) out += " <span class=\"note\">(" + esc(it.note) + ")</span>";
    return out + "</li>\n";
}

std::string shelf_view(const Shelf& s) {
    std::string out = "<h1>" + esc(s.title) + "</h1>\n";
    if (!s.subtitle.empty()) out += "<p class=\"subtitle\">" + esc(s.subtitle) + "</p>\n";
    const char* list = s.numbered ? "ol" : "ul";
    for (const ShelfGroup& g : s.groups) {
        out += "<section class=\"group\">\n";
        if (!g.heading.empty()) out += "<h2>" + esc(g.heading) + "</h2>\n";
        out += std::string("<") + list + " class=\"shelf\">\n";
        for (const ShelfItem& it : g.items)
            out += shelf_item(it);
        out += std::string("</") + list + ">\n</section>\n";
    }
    return out;
}

std::string writing_view(const Site& site) {
    std::string out = "<h1>writing</h1>\n<ol reversed class=\"writing\">\n";
    for (const Article& a : site.writing)
        out += "<li value=\"" + std::to_string(a.number) + "\">" + link_html(a.title, article_path(a)) + " " +
               time_html(a.date, true) + "</li>\n";
    return out + "</ol>\n";
}

// "GitHub, since 30 Jun 2026" / "PyPI, first release 29 Aug 2025".
std::string project_when(const Project& p) {
    return p.event == "first release" ? p.where + ", first release " + format_day_month(p.date, true)
                                      : p.where + ", since " + format_day_month(p.date, true);
}

std::string work_project(const Project& p) {
    std::string out = "<div class=\"project\">\n<h3>" + esc(p.name) + "</h3>\n<p class=\"when\">" +
                      esc(project_when(p)) + "</p>\n<p>" + esc(p.summary) + "</p>\n";
    return out + links_list(p.links) + "</div>\n";
}

std::string work_view(const Site& site) {
    const Work& w = site.work;
    std::string out = "<h1>" + esc(w.title) + "</h1>\n" + document_html(w.intro);
    if (!w.focus.empty()) {
        out += "<dl class=\"focus\">\n";
        for (const FocusArea& f : w.focus)
            out += "<dt>" + esc(f.term) + "</dt>\n<dd>" + esc(f.text) + "</dd>\n";
        out += "</dl>\n";
    }
    out += document_html(w.after);
    std::string projects;
    for (const std::string& id : w.projects) {
        int i = site.find_project(id);
        if (i >= 0) projects += work_project(site.projects[i]);
    }
    if (!projects.empty()) out += "<section class=\"projects\">\n<h2>projects</h2>\n" + projects + "</section>\n";
    return out;
}

std::string find_me_view(const Site& site) {
    const FindMe& m = site.find_me;
    std::string out = "<h1>" + esc(m.title) + "</h1>\n";
    if (!m.handle.empty()) {
        out += "<p class=\"handle\">";
        if (!m.handle_label.empty()) out += "<span class=\"label\">" + esc(m.handle_label) + ":</span> ";
        out += esc(m.handle) + "</p>\n";
    }
    out += links_list(m.links);
    return out + "<p><a href=\"/rss.xml\">rss feed</a></p>\n";
}

//---- [SECTION] Views: articles, tags, not found ----

std::string tag_links(const Article& a) {
    if (a.tags.empty()) return "";
    std::string out = "<ul class=\"tags\" aria-label=\"tags\">\n";
    for (const std::string& t : a.tags)
        out += "<li><a href=\"/tags/" + esc(t) + "\" rel=\"tag\">" + esc(t) + "</a></li>\n";
    return out + "</ul>\n";
}

std::string neighbour(const Site& site, int index, const char* label, const char* rel) {
    if (index < 0 || index >= static_cast<int>(site.writing.size())) return "";
    const Article& n = site.writing[index];
    return std::string("<li>") + label + ": <a rel=\"" + rel + "\" href=\"" + esc(article_path(n)) + "\">" +
           esc(n.title) + "</a></li>\n";
}

std::string article_view(const Site& site, int index) {
    const Article& a = site.writing[index];
    std::string out = "<p class=\"back\"><a href=\"/writing\">\xE2\x86\x90 writing</a></p>\n<article>\n";
    out += "<h1>" + esc(a.title) + "</h1>\n<p class=\"meta\">no. " + std::to_string(a.number) + " \xC2\xB7 " +
           time_html(a.date, true) + " \xC2\xB7 " + std::to_string(a.reading_minutes) + " min read</p>\n";
    out += tag_links(a) + "<div class=\"body\">\n" + document_html(a.body) + "</div>\n";
    std::string around = neighbour(site, a.prev, "previous", "prev") + neighbour(site, a.next, "next", "next");
    if (!around.empty())
        out += "<nav aria-label=\"more writing\" class=\"around\">\n<ul>\n" + around + "</ul>\n</nav>\n";
    return out + "</article>\n";
}

std::string tag_view(const Site& site, const std::string& tag) {
    std::string out = "<p class=\"back\"><a href=\"/writing\">\xE2\x86\x90 writing</a></p>\n<h1>tagged " + esc(tag) +
                      "</h1>\n<ol class=\"tagged\">\n";
    auto it = site.tags.find(tag);
    if (it != site.tags.end())
        for (int i : it->second) {
            if (i < 0 || i >= static_cast<int>(site.writing.size())) continue;
            const Article& a = site.writing[i];
            out += "<li>" + link_html(a.title, article_path(a)) + " " + time_html(a.date, true) + "\n<p>" + esc(a.dek) +
                   "</p></li>\n";
        }
    return out + "</ol>\n";
}

std::string not_found_view(const Site& site) {
    return "<h1>page not found</h1>\n<p>There is no page at this address.</p>\n<p><a href=\"/\">\xE2\x86\x90 " +
           esc(site.info.author) + ", the front page</a></p>\n<p><a href=\"/contents\">contents</a></p>\n";
}

std::string main_view(const Site& site, const std::string& chapter) {
    if (chapter == "front") return front_view(site);
    if (chapter == "contents") return contents_view(site);
    if (chapter == "loves") return loves_view(site);
    if (chapter == "writing") return writing_view(site);
    if (chapter == "work") return work_view(site);
    if (chapter == "find-me") return find_me_view(site);
    for (const Shelf& s : site.loves.shelves)
        if (s.id == chapter) return shelf_view(s);
    return not_found_view(site);
}

std::string route_view(const Site& site, const Route& r) {
    switch (r.kind) {
    case RouteKind::Main: return main_view(site, r.chapter);
    case RouteKind::Article: return article_view(site, r.article);
    case RouteKind::Tag: return tag_view(site, r.tag);
    default: return not_found_view(site);
    }
}

//---- [SECTION] Head: metadata, stylesheet, preloads ----

std::string lower_extension(const std::string& path) {
    std::string p = path.substr(0, path.find_first_of("?#"));
    size_t dot = p.rfind('.');
    if (dot == std::string::npos || p.find('/', dot) != std::string::npos) return "";
    std::string ext = p.substr(dot + 1);
    for (char& c : ext)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return ext;
}

// A preload must say what it fetches, or the browser downloads it twice. Fonts and wasm are fetched
// in CORS mode, so their preloads carry crossorigin to match.
std::string preload_tag(const std::string& path) {
    const std::string ext = lower_extension(path);
    std::string as;
    if (ext == "ttf" || ext == "otf" || ext == "woff" || ext == "woff2")
        as = "as=\"font\" type=\"font/" + ext + "\" crossorigin";
    else if (ext == "wasm" || ext == "json")
        as = "as=\"fetch\" crossorigin";
    else if (ext == "js")
        as = "as=\"script\"";
    else if (ext == "css")
        as = "as=\"style\"";
    else
        as = "as=\"fetch\" crossorigin";
    return "<link rel=\"preload\" href=\"" + esc(path) + "\" " + as + ">\n";
}

std::string meta(const char* attr, const char* name, const std::string& content) {
    return std::string("<meta ") + attr + "=\"" + name + "\" content=\"" + esc(content) + "\">\n";
}

std::string canonical_url(const Site& site, const Route& r) {
    return r.kind == RouteKind::NotFound ? site.info.base_url + "404.html" : absolute(site, r.path);
}

std::string head_html(const Site& site, const Route& r, const SiteAssets& assets) {
    const bool article = r.kind == RouteKind::Article;
    const std::string title = article ? site.writing[r.article].title : route_title(site, r);
    const std::string description = article ? site.writing[r.article].opening : site.info.description;
    const std::string url = canonical_url(site, r);
    std::string out = meta("name", "description", description);
    if (r.kind == RouteKind::NotFound) out += meta("name", "robots", "noindex");
    out += "<link rel=\"canonical\" href=\"" + esc(url) + "\">\n";
    out += meta("property", "og:title", title) + meta("property", "og:description", description);
    out += meta("property", "og:url", url) + meta("property", "og:type", article ? "article" : "website");
    out += meta("property", "og:site_name", site.info.title);
    if (article) out += meta("property", "article:published_time", format_iso(site.writing[r.article].date));
    out += meta("name", "twitter:card", "summary") + meta("name", "twitter:title", title) +
           meta("name", "twitter:description", description);
    out += "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"" + esc(site.info.title) +
           "\" href=\"/rss.xml\">\n";
    if (!assets.style_css.empty()) out += "<link rel=\"stylesheet\" href=\"" + esc(assets.style_css) + "\">\n";
    for (const std::string& p : assets.preload)
        out += preload_tag(p);
    return out;
}

// No inline script ever: the CSP allows only script files from the site.
std::string scripts_html(const SiteAssets& assets) {
    if (assets.boot_js.empty()) return "";
    return "<script src=\"" + esc(assets.boot_js) + "\" defer></script>";
}

//---- [SECTION] Shell ----

struct Slot {
    const char* name;
    const std::string* value;
};

// One pass over the shell: a value that happens to contain "{{body}}" is never expanded again.
std::string fill_shell(const std::string& shell, const std::vector<Slot>& slots) {
    std::string out;
    size_t at = 0;
    for (size_t open; (open = shell.find("{{", at)) != std::string::npos;) {
        size_t close = shell.find("}}", open + 2);
        if (close == std::string::npos) break;
        const std::string name = shell.substr(open + 2, close - open - 2);
        const std::string* value = nullptr;
        for (const Slot& s : slots)
            if (name == s.name) value = s.value;
        out.append(shell, at, open - at);
        if (value)
            out += *value;
        else
            out.append(shell, open, close + 2 - open); // not ours: keep as written
        at = close + 2;
    }
    return out.append(shell, at, std::string::npos);
}

// The shell puts each placeholder on its own line already.
std::string trim_newline(std::string s) {
    if (!s.empty() && s.back() == '\n') s.pop_back();
    return s;
}

std::string page_html(const Site& site, const Route& r, const std::string& shell, const SiteAssets& assets) {
    const std::string lang = esc(site.info.language), title = esc(route_title(site, r));
    const std::string head = trim_newline(head_html(site, r, assets)), scripts = scripts_html(assets);
    const std::string body = trim_newline(page_header(site, r) + route_view(site, r) + page_footer());
    return fill_shell(shell,
                      {{"lang", &lang}, {"title", &title}, {"head", &head}, {"body", &body}, {"scripts", &scripts}});
}

//---- [SECTION] RSS ----

// CDATA cannot hold "]]>": split it across two sections, so the text survives unchanged.
std::string cdata(const std::string& s) { return "<![CDATA[" + replace_all(s, "]]>", "]]]]><![CDATA[>") + "]]>"; }

std::string element(const char* tag, const std::string& text) {
    return std::string("<") + tag + ">" + esc(text) + "</" + tag + ">\n";
}

std::string rss_item(const Site& site, const Article& a) {
    HtmlStyle feed;
    feed.base = site.info.base_url;
    feed.inline_align = true;
    const std::string guid_base = site.info.guid_base.empty() ? site.info.base_url : site.info.guid_base;
    std::string out = "<item>\n" + element("title", a.title) + element("link", absolute(site, article_path(a)));
    out += "<guid isPermaLink=\"true\">" + esc(guid_base + "writing/" + a.slug) + "</guid>\n";
    out += element("pubDate", format_rfc822(a.date)) + element("description", a.opening);
    for (const std::string& t : a.tags)
        out += element("category", t);
    out += "<content:encoded>" + cdata(document_html(a.body, feed)) + "</content:encoded>\n";
    return out + "</item>\n";
}

} // namespace

std::string html_escape(const std::string& s) { return esc(s); }

std::string emit_rss(const Site& site) {
    std::string out =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" "
        "xmlns:atom=\"http://www.w3.org/2005/Atom\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\">\n"
        "<channel>\n";
    out += element("title", site.info.title) + element("link", site.info.base_url) +
           element("description", site.info.description) + element("language", site.info.language);
    out +=
        "<atom:link href=\"" + esc(site.info.base_url + "rss.xml") + "\" rel=\"self\" type=\"application/rss+xml\"/>\n";
    if (!site.writing.empty()) out += element("lastBuildDate", format_rfc822(site.writing.front().date));
    // The newest kFeedItems articles (newest first): a feed reader polls this file, so it stays bounded
    // however long the archive grows; the archive itself is on the site.
    for (size_t i = 0; i < site.writing.size() && i < kFeedItems; ++i)
        out += rss_item(site, site.writing[i]);
    return clean_text(out + "</channel>\n</rss>\n");
}

//---- [SECTION] Sitemap, robots.txt, _headers ----

std::string emit_sitemap(const Site& site) {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
    for (const Route& r : all_routes(site)) {
        out += "<url><loc>" + esc(absolute(site, r.path)) + "</loc>";
        if (r.kind == RouteKind::Article)
            out += "<lastmod>" + format_iso(site.writing[r.article].date) + "</lastmod>";
        else if (!site.writing.empty())
            out += "<lastmod>" + format_iso(site.writing.front().date) + "</lastmod>";
        out += "</url>\n";
    }
    return clean_text(out + "</urlset>\n");
}

namespace {

std::string robots_txt(const Site& site) {
    return "User-agent: *\nAllow: /\nSitemap: " + site.info.base_url + "sitemap.xml\n";
}

// Netlify / Cloudflare Pages syntax. A splat matches across slashes and both hosts join a header set by
// two matching rules into one comma-separated value, so each header is set by one rule per URL:
// "/*.wasm" already covers "/assets/x.wasm" (a second "/assets/*.wasm" rule would send
// "application/wasm, application/wasm", which WebAssembly.instantiateStreaming rejects).
std::string headers_file() {
    return "/*\n"
           "  Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
           "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
           "frame-ancestors 'none'\n"
           "  X-Content-Type-Options: nosniff\n"
           "  Referrer-Policy: strict-origin-when-cross-origin\n"
           "\n"
           "/assets/*\n"
           "  Cache-Control: public, max-age=31536000, immutable\n"
           "\n"
           "/*.wasm\n"
           "  Content-Type: application/wasm\n"
           "\n"
           "/*.html\n"
           "  Cache-Control: public, max-age=300\n"
           "\n"
           "/\n"
           "  Cache-Control: public, max-age=300\n"
           "\n"
           "/site.json\n"
           "  Cache-Control: public, max-age=300\n";
}

} // namespace

//---- [SECTION] The whole site ----

std::vector<OutputFile> emit_site(const Site& site, const std::string& shell, const SiteAssets& assets) {
    std::vector<OutputFile> out;
    for (const Route& r : all_routes(site))
        out.push_back({route_file(r), clean_text(page_html(site, r, shell, assets))});
    Route missing; // NotFound: served by static hosts for any unknown address
    missing.path = "/404";
    out.push_back({"404.html", clean_text(page_html(site, missing, shell, assets))});
    out.push_back({"rss.xml", emit_rss(site)});
    out.push_back({"sitemap.xml", emit_sitemap(site)});
    out.push_back({"robots.txt", clean_text(robots_txt(site))});
    out.push_back({"_headers", headers_file()});
    return out;
}

bool link_allowed(const std::string& href) { return safe_href(href); }

} // namespace folio
