// folio core: the site's addresses. See routes.h.
#include "core/model/routes.h"

#include <algorithm>
#include <unordered_map>

#include "core/text/url.h"

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] Addresses
//-----------------------------------------------------------------------------

namespace {
const std::string kWriting = "/writing/", kTags = "/tags/";
} // namespace

std::string chapter_path(const std::string& chapter_id) { return "/" + chapter_id; }
std::string article_path(const std::string& slug) { return kWriting + slug; }
std::string article_path(const Article& a) { return article_path(a.slug); }
std::string tag_path(const std::string& tag) { return kTags + tag; }
std::string feed_path() { return "/rss.xml"; }

std::string absolute_url(const Site& site, const std::string& path) {
    // A path in another script ("/tags/周刊") goes percent-encoded, as a URL in a feed or a sitemap must.
    return site.info.base_url + percent_encode_url(!path.empty() && path[0] == '/' ? path.substr(1) : path);
}

std::string repo_url(const std::string& host, const std::string& repo) {
    return (host.empty() ? std::string(kDefaultForge) : host) + repo;
}

std::string pull_url(const std::string& host, const std::string& repo, int number) {
    return repo_url(host, repo) + "/pull/" + std::to_string(number);
}

std::string tag_title(const Words& w, const std::string& tag) { return fill(w.tagged, {{"tag", tag}}); }

std::string back_to(const std::string& place) { return "\xC2\xAB " + place; }

std::string writing_title(const Site& site) {
    const Chapter* c = site.find_chapter("writing");
    return c ? c->title : site.info.words.writing;
}

std::string article_number(const Words& w, const Article& a) {
    return fill(w.number, {{"n", std::to_string(a.number)}});
}

std::string reading_time(const Words& w, const Article& a) {
    return fill(w.reading_time, {{"n", std::to_string(a.reading_minutes)}});
}

//-----------------------------------------------------------------------------
// [SECTION] Chapters
//-----------------------------------------------------------------------------

namespace {

// Fixed sections, the book's own parts (compose), and what the built site puts at its root (build).
const char* const kReserved[] = {"contents", "loves",     "writing", "work",   "find-me", "front", "title", "article",
                                 "tag",      "not-found", "tags",    "assets", "images",  "404",   "search"};

Chapter chapter(const std::string& id, ChapterKind kind, const std::string& title, int shelf = -1) {
    Chapter c;
    c.id = id;
    c.kind = kind;
    c.title = title;
    c.shelf = shelf;
    return c;
}

} // namespace

bool reserved_chapter_id(const std::string& id) {
    for (const char* r : kReserved)
        if (id == r) return true;
    return false;
}

std::string reserved_chapter_ids() {
    std::string out;
    for (const char* r : kReserved)
        out += (out.empty() ? "" : ", ") + std::string(r);
    return out;
}

std::vector<Chapter> available_chapters(const Site& site) {
    std::vector<Chapter> out = {chapter("contents", ChapterKind::Contents, site.info.words.contents)};
    if (site.loves.present) out.push_back(chapter("loves", ChapterKind::Loves, site.loves.title));
    for (size_t i = 0; i < site.loves.shelves.size(); ++i)
        out.push_back(
            chapter(site.loves.shelves[i].id, ChapterKind::Shelf, site.loves.shelves[i].title, static_cast<int>(i)));
    out.push_back(chapter("writing", ChapterKind::Writing, site.info.words.writing));
    if (site.work.present) out.push_back(chapter("work", ChapterKind::Work, site.work.title));
    if (site.find_me.present) out.push_back(chapter("find-me", ChapterKind::FindMe, site.find_me.title));
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] Routes
//-----------------------------------------------------------------------------

static std::string normalise(std::string p) {
    size_t q = p.find_first_of("?#");
    if (q != std::string::npos) p = p.substr(0, q);
    if (p.empty() || p[0] != '/') p = "/" + p;
    // The browser's location gives "/tags/%E5%91%A8%E5%88%8A"; the site's routes are "/tags/周刊".
    if (p.find('%') != std::string::npos) p = percent_decode(p);
    const std::string index = "index.html";
    if (p.size() >= index.size() && p.compare(p.size() - index.size(), index.size(), index) == 0)
        p = p.substr(0, p.size() - index.size());
    while (p.size() > 1 && p.back() == '/')
        p.pop_back();
    return p;
}

//-----------------------------------------------------------------------------
// [SECTION] Aliases
//-----------------------------------------------------------------------------

namespace {
// Folders the build fills itself (hashed assets, the search index) and files it writes at the root.
const char* const kBuildFolders[] = {"/assets", "/search"};
const char* const kBuildFiles[] = {"/index.html", "/404.html",   "/rss.xml",      "/sitemap.xml", "/robots.txt",
                                   "/_headers",   "/_redirects", "/noscript.css", "/site.json"};
} // namespace

std::string alias_problem(const std::string& alias, std::string& hint) {
    const bool absolute = alias.rfind("http://", 0) == 0 || alias.rfind("https://", 0) == 0;
    if (absolute) {
        size_t path = alias.find('/', alias.find("//") + 2);
        hint = "write only its path: \"" + (path == std::string::npos ? "/" : alias.substr(path)) + "\"";
        return "an alias is a path of this site, not a full URL";
    }
    hint = "write a path from the site's root, like \"/2019/05/old-name/\"";
    if (alias.empty() || alias[0] != '/') return "an alias is a path of this site, starting with '/'";
    if (alias.size() > 1 && (alias[1] == '/' || alias[1] == '\\')) return "an alias may not name another host ('//')";
    for (unsigned char c : alias)
        if (c <= 0x20 || c == 0x7f || c == '"' || c == '<' || c == '>' || c == '\\' || c == '?' || c == '#') {
            hint = "leave out queries and fragments, and spell spaces as %20";
            return "an alias may not hold white space, control characters, quotes, angle brackets, '\\', '?' or '#'";
        }
    const std::string path = alias_path(alias);
    if (path == "/") return "an alias may not be the site's root";
    for (size_t at = 0; at != std::string::npos; at = path.find('/', at + 1)) {
        const std::string segment = path.substr(at + 1, path.find('/', at + 1) - at - 1);
        if (segment == "." || segment == "..") return "an alias may not hold a '.' or '..' segment";
        if (segment.empty() && at + 1 < path.size()) return "an alias may not hold an empty segment ('//')";
    }
    hint.clear();
    return "";
}

std::string alias_path(const std::string& alias) { return normalise(alias); }

std::string alias_file(const std::string& alias) {
    const std::string path = alias_path(alias);
    const size_t dot = path.rfind('.');
    const bool html_file =
        dot != std::string::npos && dot > path.rfind('/') &&
        (path.compare(dot, std::string::npos, ".html") == 0 || path.compare(dot, std::string::npos, ".htm") == 0);
    return html_file ? path.substr(1) : path.substr(1) + "/index.html";
}

std::vector<std::string> site_owned_paths(const Site& site) {
    std::vector<std::string> out = {"/", kSearchPath};
    for (const char* f : kBuildFiles)
        out.push_back(f);
    for (const Chapter& c : available_chapters(site))
        out.push_back(chapter_path(c.id));
    for (const Article& a : site.writing) {
        out.push_back(article_path(a));
        for (const std::string& t : a.tags)
            out.push_back(tag_path(t));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool site_owns_path(const std::vector<std::string>& owned_sorted, const std::string& path) {
    for (const char* folder : kBuildFolders)
        if (path == folder || path.rfind(std::string(folder) + "/", 0) == 0) return true;
    return std::binary_search(owned_sorted.begin(), owned_sorted.end(), path);
}

Route resolve_route(const Site& site, const std::string& raw) {
    Route r;
    r.path = normalise(raw);
    const std::string& p = r.path;
    if (p == "/") {
        r.kind = RouteKind::Main;
        r.chapter = "front";
        return r;
    }
    for (const Chapter& c : site.chapters)
        if (p == chapter_path(c.id)) {
            r.kind = RouteKind::Main;
            r.chapter = c.id;
            return r;
        }
    if (p == kSearchPath) {
        r.kind = RouteKind::Search;
        return r;
    }
    if (p.compare(0, kWriting.size(), kWriting) == 0) {
        int i = site.find_article(p.substr(kWriting.size()));
        if (i >= 0) {
            r.kind = RouteKind::Article;
            r.article = i;
        }
        return r;
    }
    if (p.compare(0, kTags.size(), kTags) == 0 && site.tags.count(p.substr(kTags.size()))) {
        r.kind = RouteKind::Tag;
        r.tag = p.substr(kTags.size());
    }
    return r;
}

std::vector<Route> all_routes(const Site& site) {
    // resolve_route's answers, with the chapters and the articles looked up in tables: path by path, a
    // 10,000-article archive compared each article's path with every chapter's and every article's before it.
    std::unordered_map<std::string, std::string> chapters; // path -> the first chapter's id with it
    for (const Chapter& c : site.chapters)
        chapters.emplace(chapter_path(c.id), c.id);
    std::unordered_map<std::string, int> slugs; // the first article of each slug, as find_article
    for (size_t i = 0; i < site.writing.size(); ++i)
        slugs.emplace(site.writing[i].slug, static_cast<int>(i));
    auto resolve = [&](const std::string& raw) {
        Route r;
        r.path = normalise(raw);
        const std::string& p = r.path;
        if (p == "/") return resolve_route(site, raw);
        auto chapter = chapters.find(p);
        if (chapter != chapters.end()) {
            r.kind = RouteKind::Main;
            r.chapter = chapter->second;
            return r;
        }
        if (p.compare(0, kWriting.size(), kWriting) == 0) {
            auto it = slugs.find(p.substr(kWriting.size()));
            if (it != slugs.end()) {
                r.kind = RouteKind::Article;
                r.article = it->second;
            }
            return r;
        }
        if (p.compare(0, kTags.size(), kTags) == 0 && site.tags.count(p.substr(kTags.size()))) {
            r.kind = RouteKind::Tag;
            r.tag = p.substr(kTags.size());
            return r;
        }
        return resolve_route(site, raw); // the search page, or a path that is not the site's
    };
    std::vector<Route> out;
    out.push_back(resolve_route(site, "/"));
    for (const Chapter& c : site.chapters)
        out.push_back(resolve(chapter_path(c.id)));
    for (const Article& a : site.writing)
        out.push_back(resolve(article_path(a)));
    for (const auto& kv : site.tags)
        out.push_back(resolve(tag_path(kv.first)));
    out.push_back(resolve_route(site, kSearchPath));
    return out;
}

std::string route_title(const Site& site, const Route& r) {
    const std::string sep = " \xC2\xB7 ";
    switch (r.kind) {
    case RouteKind::Main: {
        if (r.chapter == "front") return site.info.title;
        const Chapter* c = site.find_chapter(r.chapter);
        return (c ? c->title : r.chapter) + sep + site.info.title;
    }
    case RouteKind::Article: return site.writing[r.article].title + sep + site.info.title;
    case RouteKind::Tag: return tag_title(site.info.words, r.tag) + sep + site.info.title;
    case RouteKind::Search: return site.info.words.search + sep + site.info.title;
    default: return site.info.words.page_not_found + sep + site.info.title;
    }
}

} // namespace folio
