// folio core: static outputs. See emit.h.
//
// Everything here is string building from the model. Two rules hold for every byte written:
//  - text from the bundle goes through html_escape (or the same escaping for XML), never raw;
//  - the finished files go through clean_text, so no file holds invalid UTF-8 or a character that
//    XML 1.0 forbids (feed readers and XML parsers reject the whole document for one of those).
#include "core/site/emit.h"

#include "core/text/bidi.h"

#include <cstring>

#include "core/model/links.h"
#include "core/model/routes.h"
#include "core/site/html_document.h"
#include "core/text/text.h"
#include "core/text/url.h"

namespace folio {

namespace {

std::string esc(const std::string& s) { return html_escape(s); }

// Output file of a route: "/" -> "index.html", "/writing/x" -> "writing/x/index.html".
std::string route_file(const Route& r) { return r.path == "/" ? "index.html" : r.path.substr(1) + "/index.html"; }

//---- [SECTION] Small HTML builders ----

std::string link_html(const std::string& text, const std::string& href) {
    if (!followable(href)) return esc(text);
    return "<a href=\"" + esc(href) + "\">" + esc(text) + "</a>";
}

// A bundle link: an href-less (or unsafe) one is plain text in a <span>.
std::string bundle_link(const Link& l) {
    if (!followable(l.href)) return "<span>" + esc(l.text) + "</span>";
    return link_html(l.text, l.href);
}

std::string time_html(const Words& w, const Date& d, bool with_year) {
    return "<time datetime=\"" + format_iso(d) + "\">" + esc(day_month(w, d, with_year)) + "</time>";
}

std::string links_list(const std::vector<Link>& links) {
    if (links.empty()) return "";
    std::string out = "<ul class=\"links\">\n";
    for (const Link& l : links)
        out += "<li>" + bundle_link(l) + "</li>\n";
    return out + "</ul>\n";
}

//---- [SECTION] Page frame: header, navigation, footer ----

// One navigation item; the current page is marked for screen readers.
std::string nav_item(const std::string& text, const std::string& path, const Route& here) {
    std::string current = here.path == path ? " aria-current=\"page\"" : "";
    return "<li><a href=\"" + esc(path) + "\"" + current + ">" + esc(text) + "</a></li>\n";
}

std::string page_header(const Site& site, const Route& here) {
    std::string out = "<header>\n<p class=\"site-author\"><a href=\"/\">" + esc(site.info.author) + "</a></p>\n";
    out += "<p class=\"site-tagline\">" + esc(site.info.tagline) + "</p>\n<nav aria-label=\"" +
           esc(site.info.words.contents) + "\">\n<ol>\n";
    for (const Chapter& c : site.chapters)
        if (c.kind != ChapterKind::Contents) out += nav_item(c.title, chapter_path(c.id), here);
    return out + "</ol>\n</nav>\n</header>\n";
}

std::string page_footer(const Site& site) {
    return "<footer>\n<p><a href=\"" + feed_path() + "\">" + esc(site.info.words.rss_feed) + "</a></p>\n</footer>\n";
}

//---- [SECTION] Views: the front page ----

std::string pull_item(const PullRequest& p) {
    return "<li>" + link_html("#" + std::to_string(p.number), p.url) + " " + esc(p.title) + "</li>\n";
}

// The first `show` pull requests are listed; the rest fold under <details>, which needs no script.
std::string pulls_html(const Words& w, const TimelineEntry& e) {
    const auto [before, after] = around_hole(w.merged_into, "repo");
    std::string out =
        "<div class=\"pulls\">\n<h3>" + esc(before) + link_html(e.ref, e.repo_url) + esc(after) + "</h3>\n";
    size_t show = e.show < 0 ? 0 : static_cast<size_t>(e.show);
    std::string first, rest;
    for (size_t i = 0; i < e.pulls.size(); ++i)
        (i < show ? first : rest) += pull_item(e.pulls[i]);
    if (!first.empty()) out += "<ol>\n" + first + "</ol>\n";
    if (!rest.empty())
        out += "<details><summary>" + esc(e.rest_label) + "</summary>\n<ol start=\"" + std::to_string(show + 1) +
               "\">\n" + rest + "</ol>\n</details>\n";
    return out + "</div>\n";
}

std::string project_name(const Project& p) {
    if (p.links.empty() || p.links[0].href.empty()) return esc(p.name);
    return link_html(p.name, p.links[0].href);
}

std::string timeline_project(const Project& p) {
    return "<div class=\"project\">\n<h3>" + project_name(p) + "</h3>\n<p class=\"when\">" + esc(p.timeline_when) +
           "</p>\n<p>" + esc(p.summary) + "</p>\n</div>\n";
}

std::string timeline_article(const Words& w, const Article& a, int year) {
    return "<div class=\"entry\">\n<h3>" + link_html(a.title, article_path(a)) + "</h3>\n<p class=\"when\">" +
           time_html(w, a.date, a.date.year != year) + "</p>\n<p>" + esc(a.dek) + "</p>\n</div>\n";
}

std::string timeline_entry(const Site& site, const TimelineEntry& e, int year) {
    if (e.kind == EntryKind::Pulls) return pulls_html(site.info.words, e);
    if (e.kind == EntryKind::Project && e.index >= 0 && e.index < static_cast<int>(site.projects.size()))
        return timeline_project(site.projects[e.index]);
    if (e.kind == EntryKind::Article && e.index >= 0 && e.index < static_cast<int>(site.writing.size()))
        return timeline_article(site.info.words, site.writing[e.index], year);
    return ""; // an unresolved reference: the loader has already reported it
}

std::string front_view(const Site& site) {
    std::string out =
        "<h1>" + esc(site.info.author) + "</h1>\n<p class=\"tagline\">" + esc(site.info.tagline) + "</p>\n";
    if (!site.info.bio.empty()) out += "<p class=\"bio\">" + esc(site.info.bio) + "</p>\n";
    out += links_list(site.info.links);
    for (const TimelineYear& y : site.timeline) {
        out += "<section class=\"year\">\n<h2>" + std::to_string(y.year) + "</h2>\n";
        for (const TimelineEntry& e : y.entries)
            out += timeline_entry(site, e, y.year);
        out += "</section>\n";
    }
    return out;
}

//---- [SECTION] Views: chapters of the book ----

std::string contents_view(const Site& site) {
    std::string out = "<h1>" + esc(site.info.words.contents) + "</h1>\n<ol class=\"contents\">\n";
    for (const Chapter& c : site.chapters)
        if (c.number > 0) out += "<li>" + link_html(c.title, chapter_path(c.id)) + "</li>\n";
    out += "</ol>\n";
    if (!site.writing.empty())
        out += "<p class=\"search-link\"><a href=\"" + std::string(kSearchPath) + "/\">" +
               esc(site.info.words.search_all) + "</a></p>\n";
    return out;
}

std::string loves_view(const Site& site) {
    const Loves& l = site.loves;
    std::string out =
        "<h1>" + esc(l.title) + "</h1>\n" + document_html(l.intro, html_style(site)) + "<ul class=\"shelves\">\n";
    for (const Shelf& s : l.shelves) {
        out += "<li>" + link_html(s.title, chapter_path(s.id));
        if (!s.subtitle.empty()) out += " <span class=\"subtitle\">" + esc(s.subtitle) + "</span>";
        out += "</li>\n";
    }
    return out + "</ul>\n";
}

std::string shelf_item(const ShelfItem& it) {
    std::string title = it.href.empty() ? esc(it.title) : link_html(it.title, it.href);
    std::string out = "<li><cite>" + title + "</cite>";
    if (!it.by_line.empty()) out += " \xE2\x80\x94 <span class=\"by\">" + esc(it.by_line) + "</span>";
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

// The numbers are text, not the list's markers: Chrome renumbers an <ol reversed> or items with value=
// again for every item the parser adds, so a 10,000-article list took it 30 s and more to show. The space
// inside the number's box keeps "28 title" apart in the text, and is not drawn (its line ends there).
std::string writing_view(const Site& site) {
    const int digits = site.writing.empty() ? 1 : static_cast<int>(std::to_string(site.writing.front().number).size());
    std::string out = "<h1>" + esc(writing_title(site)) +
                      "</h1>\n<ol class=\"writing\" style=\"--digits:" + std::to_string(digits) + "\">\n";
    for (const Article& a : site.writing)
        out += "<li><span class=\"n\">" + std::to_string(a.number) + " </span>" + link_html(a.title, article_path(a)) +
               " " + time_html(site.info.words, a.date, true) + "</li>\n";
    return out + "</ol>\n";
}

std::string work_project(const Project& p) {
    std::string out = "<div class=\"project\">\n<h3>" + esc(p.name) + "</h3>\n<p class=\"when\">" + esc(p.when) +
                      "</p>\n<p>" + esc(p.summary) + "</p>\n";
    return out + links_list(p.links) + "</div>\n";
}

std::string work_view(const Site& site) {
    const Work& w = site.work;
    std::string out = "<h1>" + esc(w.title) + "</h1>\n" + document_html(w.intro, html_style(site));
    if (!w.focus.empty()) {
        out += "<dl class=\"focus\">\n";
        for (const FocusArea& f : w.focus)
            out += "<dt>" + esc(f.term) + "</dt>\n<dd>" + esc(f.text) + "</dd>\n";
        out += "</dl>\n";
    }
    out += document_html(w.after, html_style(site));
    std::string projects;
    for (const std::string& id : w.projects) {
        int i = site.find_project(id);
        if (i >= 0) projects += work_project(site.projects[i]);
    }
    if (!projects.empty())
        out += "<section class=\"projects\">\n<h2>" + esc(site.info.words.projects) + "</h2>\n" + projects +
               "</section>\n";
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
    // Each address beside its name, as the book prints it (compose_find_me): where to find someone is
    // the address itself, and a reader may want to copy or read it out.
    if (!m.links.empty()) {
        out += "<ul class=\"links\">\n";
        for (const Link& l : m.links)
            out += "<li>" + bundle_link(l) +
                   (followable(l.href) ? " <span class=\"addr\">" + esc(l.href) + "</span>" : "") + "</li>\n";
        out += "</ul>\n";
    }
    return out + "<p><a href=\"" + feed_path() + "\">" + esc(site.info.words.rss_feed) + "</a></p>\n";
}

//---- [SECTION] Views: articles, tags, not found ----

std::string back_to_writing(const Site& site) {
    return "<p class=\"back\"><a href=\"" + chapter_path("writing") + "\">" + esc(back_to(writing_title(site))) +
           "</a></p>\n";
}

std::string tag_links(const Words& w, const Article& a) {
    if (a.tags.empty()) return "";
    std::string out = "<ul class=\"tags\" aria-label=\"" + esc(w.tags) + "\">\n";
    for (const std::string& t : a.tags)
        out += "<li><a href=\"" + esc(tag_path(t)) + "\" rel=\"tag\">" + esc(t) + "</a></li>\n";
    return out + "</ul>\n";
}

std::string neighbour(const Site& site, int index, const std::string& label, const char* rel) {
    if (index < 0 || index >= static_cast<int>(site.writing.size())) return "";
    const Article& n = site.writing[index];
    return "<li>" + esc(label) + ": <a rel=\"" + rel + "\" href=\"" + esc(article_path(n)) + "\">" + esc(n.title) +
           "</a></li>\n";
}

std::string article_view(const Site& site, int index) {
    const Words& w = site.info.words;
    const Article& a = site.writing[index];
    std::string out = back_to_writing(site) + "<article>\n";
    out += "<h1>" + esc(a.title) + "</h1>\n<p class=\"meta\">" + esc(article_number(w, a)) + " \xC2\xB7 " +
           time_html(w, a.date, true) + " \xC2\xB7 " + esc(reading_time(w, a)) + "</p>\n";
    HtmlStyle body = html_style(site);
    body.route = article_path(a);
    out += tag_links(w, a) + "<div class=\"body\">\n" + document_html(a.body, body) + "</div>\n";
    // As the book says it (compose_article): the newer one first.
    std::string around = neighbour(site, a.next, w.newer, "next") + neighbour(site, a.prev, w.older, "prev");
    if (!around.empty())
        out += "<nav aria-label=\"" + esc(w.more_writing) + "\" class=\"around\">\n<ul>\n" + around + "</ul>\n</nav>\n";
    return out + "</article>\n";
}

std::string tag_view(const Site& site, const std::string& tag) {
    const Words& w = site.info.words;
    std::string out = back_to_writing(site) + "<h1>" + esc(tag_title(w, tag)) + "</h1>\n<ol class=\"tagged\">\n";
    auto it = site.tags.find(tag);
    if (it != site.tags.end())
        for (int i : it->second) {
            if (i < 0 || i >= static_cast<int>(site.writing.size())) continue;
            const Article& a = site.writing[i];
            out += "<li>" + link_html(a.title, article_path(a)) + " " + time_html(w, a.date, true) + "\n<p>" +
                   esc(a.dek) + "</p></li>\n";
        }
    return out + "</ol>\n";
}

std::string not_found_view(const Site& site) {
    const Words& w = site.info.words;
    return "<h1>" + esc(w.page_not_found) + "</h1>\n<p>" + esc(w.no_page_here) + "</p>\n<p><a href=\"/\">" +
           esc(back_to(fill(w.front_page, {{"name", site.info.author}}))) + "</a></p>\n<p><a href=\"" +
           chapter_path("contents") + "\">" + esc(w.contents) + "</a></p>\n";
}

std::string main_view(const Site& site, const std::string& chapter) {
    if (chapter == "front") return front_view(site);
    const Chapter* c = site.find_chapter(chapter);
    if (!c) return not_found_view(site);
    switch (c->kind) {
    case ChapterKind::Contents: return contents_view(site);
    case ChapterKind::Loves: return loves_view(site);
    case ChapterKind::Shelf: return shelf_view(site.loves.shelves[c->shelf]);
    case ChapterKind::Writing: return writing_view(site);
    case ChapterKind::Work: return work_view(site);
    case ChapterKind::FindMe: return find_me_view(site);
    }
    return not_found_view(site);
}

//---- [SECTION] Views: search ----

// The form works without script (the query lands in the URL); web/search.js answers it from the index
// that search_index.h writes. Without script, the note points at the full list.
std::string search_view(const Site& site) {
    const Words& w = site.info.words;
    const auto [before, after] = around_hole(w.search_note, "link");
    return "<section class=\"search\">\n<h1>" + esc(w.search) +
           "</h1>\n"
           "<form class=\"search-form\" action=\"/search/\" method=\"get\" role=\"search\" "
           "aria-label=\"" +
           esc(w.search_all) + "\">\n<label for=\"search-q\">" + esc(w.search_all) +
           "</label>\n"
           "<input id=\"search-q\" name=\"q\" type=\"search\" autocomplete=\"off\" spellcheck=\"false\" "
           "enterkeyhint=\"search\">\n<button type=\"submit\">" +
           esc(w.search) +
           "</button>\n</form>\n"
           "<div class=\"search-results\" aria-live=\"polite\">\n<p class=\"search-note\">" +
           esc(before) + "<a href=\"/writing\">" + esc(writing_title(site)) + "</a>" + esc(after) +
           "</p>\n</div>\n</section>\n";
}

std::string route_view(const Site& site, const Route& r) {
    switch (r.kind) {
    case RouteKind::Main: return main_view(site, r.chapter);
    case RouteKind::Article: return article_view(site, r.article);
    case RouteKind::Tag: return tag_view(site, r.tag);
    case RouteKind::Search: return search_view(site);
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

// A preload must match the request that uses it, or the browser downloads the file twice and warns.
// The page's scripts read fonts, wasm and JSON with fetch() (CORS mode), so those are preloaded as="fetch" with
// crossorigin, fonts included: as="font" would only match a CSS @font-face. The JS glue is a plain
// <script> element (no-cors).
std::string preload_tag(const std::string& path, const std::string& media = "") {
    const std::string ext = lower_extension(path);
    std::string as;
    if (ext == "js")
        as = "as=\"script\"";
    else if (ext == "css")
        as = "as=\"style\"";
    else
        as = "as=\"fetch\" crossorigin";
    return "<link rel=\"preload\" href=\"" + esc(path) + "\" " + as +
           (media.empty() ? "" : " media=\"" + esc(media) + "\"") + ">\n";
}

std::string meta(const char* attr, const char* name, const std::string& content) {
    return std::string("<meta ") + attr + "=\"" + name + "\" content=\"" + esc(content) + "\">\n";
}

std::string canonical_url(const Site& site, const Route& r) {
    return r.kind == RouteKind::NotFound ? site.info.base_url + "404.html" : absolute_url(site, r.path);
}

// The faces the route's first pages show, whole (on the main routes, their partials); the others as
// stand-ins (see SiteAssets).
std::string face_preloads(const SiteAssets& assets, const Route& r) {
    const bool stand_ins = assets.font_metrics.size() == assets.fonts.size() && !assets.fonts.empty();
    const unsigned first = stand_ins && assets.first_faces ? assets.first_faces(r) : ~0u;
    std::string out, names, partials;
    for (size_t i = 0; i < assets.fonts.size(); ++i) {
        const bool whole = (first >> i) & 1u;
        const bool partial = whole && stand_ins && r.kind == RouteKind::Main && i < assets.font_partials.size() &&
                             !assets.font_partials[i].empty();
        out += preload_tag(partial ? assets.font_partials[i] : whole ? assets.fonts[i] : assets.font_metrics[i]);
        if (whole) names += (names.empty() ? "" : " ") + std::to_string(i);
        if (partial) partials += (partials.empty() ? "" : " ") + std::to_string(i);
    }
    if (stand_ins) out += meta("name", "folio-faces", names);
    if (!partials.empty()) out += meta("name", "folio-partial", partials);
    if (assets.first_slices)
        for (const SiteAssets::FirstSlice& f : assets.first_slices(r)) {
            if (f.script < 0 || static_cast<size_t>(f.script) >= assets.script_slices.size() || f.slice < 0 ||
                static_cast<size_t>(f.slice) >= assets.script_slices[f.script].size())
                continue;
            out += preload_tag(assets.script_slices[f.script][f.slice], f.media);
        }
    return out;
}

std::string head_html(const Site& site, const Route& r, const SiteAssets& assets) {
    const bool article = r.kind == RouteKind::Article;
    const std::string title = article ? site.writing[r.article].title : route_title(site, r);
    const std::string description = article ? site.writing[r.article].opening : site.info.description;
    const std::string url = canonical_url(site, r);
    // First in the head, so the policy covers everything the page loads after it.
    std::string out = meta("http-equiv", "Content-Security-Policy", content_security_policy(site, true));
    out += meta("name", "description", description);
    if (r.kind == RouteKind::NotFound || r.kind == RouteKind::Search) out += meta("name", "robots", "noindex");
    out += "<link rel=\"canonical\" href=\"" + esc(url) + "\">\n";
    out += meta("property", "og:title", title) + meta("property", "og:description", description);
    out += meta("property", "og:url", url) + meta("property", "og:type", article ? "article" : "website");
    out += meta("property", "og:site_name", site.info.title);
    if (article) out += meta("property", "article:published_time", format_iso(site.writing[r.article].date));
    // The card's title and description are og:title and og:description: X reads those when its own are absent.
    out += meta("name", "twitter:card", "summary");
    out += "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"" + esc(site.info.title) + "\" href=\"" +
           feed_path() + "\">\n";
    if (!assets.style_css.empty()) out += "<link rel=\"stylesheet\" href=\"" + esc(assets.style_css) + "\">\n";
    out += face_preloads(assets, r);
    for (const std::string& p : assets.preload)
        out += preload_tag(p);
    // An article's page also names the file its body comes from, which the book fetches as it opens.
    if (article && !site.writing[r.article].body_url.empty()) {
        const std::string& body = site.writing[r.article].body_url;
        out += preload_tag(body.substr(0, body.find('#')));
    }
    // ... and, for an article under a fold of a bounded archive (bound.h), the fold's chunk: site.json does
    // not hold its record, and the book finds it there (the preload tells it which chunk).
    if (article && site.writing[r.article].fold >= 0) {
        const Fold& fold = site.folds[site.writing[r.article].fold];
        if (!fold.url.empty()) out += preload_tag(fold.url);
    }
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

// Every block of text opening with one of these tags gets dir="auto": the browser sets it in its first
// strong character's direction, as the book does (bidi.h), whatever the page's own direction.
std::string with_auto_direction(const std::string& html) {
    static const char* const kBlocks[] = {"p",  "li",         "h1", "h2", "h3", "h4", "h5",
                                          "h6", "blockquote", "dd", "dt", "td", "th", "figcaption"};
    std::string out;
    out.reserve(html.size() + html.size() / 16);
    for (size_t i = 0; i < html.size();) {
        if (html[i] == '<') {
            bool matched = false;
            for (const char* tag : kBlocks) {
                const size_t n = std::strlen(tag);
                if (html.compare(i + 1, n, tag) == 0 && i + 1 + n < html.size() &&
                    (html[i + 1 + n] == '>' || html[i + 1 + n] == ' ')) {
                    out.append(html, i, 1 + n);
                    out += " dir=\"auto\"";
                    i += 1 + n;
                    matched = true;
                    break;
                }
            }
            if (matched) continue;
        }
        out += html[i++];
    }
    return out;
}

std::string page_html(const Site& site, const Route& r, const std::string& shell, const SiteAssets& assets,
                      const std::string& proof = "") {
    const std::string lang = esc(site.info.language), title = esc(route_title(site, r));
    const std::string head = trim_newline(head_html(site, r, assets)), scripts = scripts_html(assets);
    std::string body = trim_newline(page_header(site, r) + route_view(site, r) + page_footer(site));
    // A right-to-left site's pages read right to left; a paragraph in the other direction (English in
    // Arabic, Hebrew in English) is set in its own (dir="auto"), as in the book.
    const bool rtl = rtl_language(site.info.language);
    const std::string dir = rtl ? " dir=\"rtl\"" : "";
    if (rtl || needs_bidi(body)) body = with_auto_direction(body);
    return fill_shell(shell, {{"lang", &lang},
                              {"dir", &dir},
                              {"title", &title},
                              {"head", &head},
                              {"proof", &proof},
                              {"body", &body},
                              {"scripts", &scripts}});
}

} // namespace

//---- [SECTION] The whole site ----

OutputFile emit_page(const Site& site, const Route& r, const std::string& shell, const SiteAssets& assets,
                     const std::string& proof) {
    return {route_file(r), clean_text(page_html(site, r, shell, assets, proof))};
}

std::string emit_redirect_page(const Site& site, const Article& a, const std::string& stylesheet) {
    const std::string target = percent_encode_url(article_path(a)), title = esc(a.title);
    std::string out =
        "<!doctype html>\n<html lang=\"" + esc(site.info.language) + "\">\n<head>\n<meta charset=\"utf-8\">\n";
    out += meta("http-equiv", "Content-Security-Policy", content_security_policy(site, true));
    out += "<title>" + title + "</title>\n";
    out += "<link rel=\"canonical\" href=\"" + esc(absolute_url(site, article_path(a))) + "\">\n";
    out += meta("name", "robots", "noindex");
    out += meta("http-equiv", "refresh", "0; url=" + target);
    if (!stylesheet.empty()) out += "<link rel=\"stylesheet\" href=\"" + esc(stylesheet) + "\">\n";
    out += "</head>\n<body>\n<main>\n<p>This page has moved to <a href=\"" + esc(target) + "\">" + title +
           "</a>.</p>\n</main>\n</body>\n</html>\n";
    return clean_text(out);
}

std::string emit_redirects(const Site& site) {
    std::string out;
    for (const Article& a : site.writing)
        for (const std::string& alias : a.aliases)
            out += percent_encode_url(alias_path(alias)) + " " + percent_encode_url(article_path(a)) + " 301\n";
    return out;
}

std::vector<OutputFile> emit_site_files(const Site& site, const std::string& shell, const SiteAssets& assets) {
    std::vector<OutputFile> out;
    // Each old address: a page there, and the same redirects for the hosts that read _redirects.
    for (const Article& a : site.writing)
        for (const std::string& alias : a.aliases)
            out.push_back({alias_file(alias), emit_redirect_page(site, a, assets.style_css)});
    const std::string redirects = emit_redirects(site);
    if (!redirects.empty()) out.push_back({"_redirects", redirects});
    Route missing; // NotFound: served by static hosts for any unknown address
    missing.path = "/404";
    out.push_back({"404.html", clean_text(page_html(site, missing, shell, assets))});
    out.push_back({feed_path().substr(1), emit_rss(site)});
    out.push_back({"sitemap.xml", emit_sitemap(site)});
    out.push_back({"robots.txt", clean_text(emit_robots(site))});
    out.push_back({"_headers", emit_headers(site)});
    return out;
}

std::vector<OutputFile> emit_site(const Site& site, const std::string& shell, const SiteAssets& assets) {
    std::vector<OutputFile> out;
    for (const Route& r : all_routes(site))
        out.push_back(emit_page(site, r, shell, assets));
    for (OutputFile& f : emit_site_files(site, shell, assets))
        out.push_back(std::move(f));
    return out;
}

} // namespace folio
