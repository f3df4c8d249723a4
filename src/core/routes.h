// folio core: routes. Every view has a path; the static output has one folder per route, so deep
// links work on any static host without rewrite rules.
#pragma once

#include <string>
#include <vector>

#include "core/model.h"

namespace folio {

enum class RouteKind { Main, Article, Tag, Search, NotFound };

// Search across all the writing: "/search/?q=word" (the query stays in the URL, so a search can be linked).
constexpr const char* kSearchPath = "/search";

struct Route {
    RouteKind kind = RouteKind::NotFound;
    std::string path;    // normalised: "/", "/books", "/writing/<slug>", "/tags/<tag>"
    std::string chapter; // Main: the chapter to show ("front" for "/")
    int article = -1;    // Article: index into Site::writing
    std::string tag;     // Tag
};

// Accepts "/x", "/x/", "/x/index.html"; anything unknown is NotFound (path kept for the message).
Route resolve_route(const Site& site, const std::string& path);

// Every route of the site, front page first.
std::vector<Route> all_routes(const Site& site);

// The document title for a route: "books · Ada Example".
std::string route_title(const Site& site, const Route& r);

// The chapter ids of the main book that have routes, in order.
std::vector<std::string> main_chapters(const Site& site);

} // namespace folio
