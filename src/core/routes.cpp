// folio core: routes. See routes.h.
#include "core/routes.h"

namespace folio {

std::vector<std::string> main_chapters(const Site& site) {
    std::vector<std::string> ids = {"contents"};
    if (site.loves.present) ids.push_back("loves");
    for (const Shelf& s : site.loves.shelves)
        ids.push_back(s.id);
    ids.push_back("writing");
    if (site.work.present) ids.push_back("work");
    if (site.find_me.present) ids.push_back("find-me");
    return ids;
}

static std::string normalise(std::string p) {
    size_t q = p.find_first_of("?#");
    if (q != std::string::npos) p = p.substr(0, q);
    if (p.empty() || p[0] != '/') p = "/" + p;
    const std::string index = "index.html";
    if (p.size() >= index.size() && p.compare(p.size() - index.size(), index.size(), index) == 0)
        p = p.substr(0, p.size() - index.size());
    while (p.size() > 1 && p.back() == '/')
        p.pop_back();
    return p;
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
    for (const std::string& id : main_chapters(site))
        if (p == "/" + id) {
            r.kind = RouteKind::Main;
            r.chapter = id;
            return r;
        }
    if (p == kSearchPath) {
        r.kind = RouteKind::Search;
        return r;
    }
    const std::string w = "/writing/", t = "/tags/";
    if (p.compare(0, w.size(), w) == 0) {
        int i = site.find_article(p.substr(w.size()));
        if (i >= 0) {
            r.kind = RouteKind::Article;
            r.article = i;
        }
        return r;
    }
    if (p.compare(0, t.size(), t) == 0 && site.tags.count(p.substr(t.size()))) {
        r.kind = RouteKind::Tag;
        r.tag = p.substr(t.size());
    }
    return r;
}

std::vector<Route> all_routes(const Site& site) {
    std::vector<Route> out;
    out.push_back(resolve_route(site, "/"));
    for (const std::string& id : main_chapters(site))
        out.push_back(resolve_route(site, "/" + id));
    for (const Article& a : site.writing)
        out.push_back(resolve_route(site, "/writing/" + a.slug));
    for (const auto& kv : site.tags)
        out.push_back(resolve_route(site, "/tags/" + kv.first));
    out.push_back(resolve_route(site, kSearchPath));
    return out;
}

static std::string chapter_title(const Site& site, const std::string& id) {
    for (const ContentsEntry& c : site.contents)
        if (c.chapter == id) return c.title;
    if (id == "contents") return "contents";
    if (id == "loves") return site.loves.title;
    if (id == "writing") return "writing";
    for (const Shelf& s : site.loves.shelves)
        if (s.id == id) return s.title;
    return id;
}

std::string route_title(const Site& site, const Route& r) {
    const std::string sep = " \xC2\xB7 ";
    switch (r.kind) {
    case RouteKind::Main:
        return r.chapter == "front" ? site.info.title : chapter_title(site, r.chapter) + sep + site.info.title;
    case RouteKind::Article: return site.writing[r.article].title + sep + site.info.title;
    case RouteKind::Tag: return "tagged " + r.tag + sep + site.info.title;
    case RouteKind::Search: return "search" + sep + site.info.title;
    default: return "page not found" + sep + site.info.title;
    }
}

} // namespace folio
