// folio core: the site's addresses. Every route, every URL the site prints (article, chapter, tag,
// feed, absolute URLs, repositories and pull requests on a forge) and the chapter list are built here,
// once: the book (compose), the static HTML (emit), the check (load) and the app read them and never
// spell an address of their own. The static output has one folder per route, so deep links work on any
// static host without rewrite rules.
#pragma once

#include <string>
#include <vector>

#include "core/model/model.h"

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] Addresses
//-----------------------------------------------------------------------------

// "/<id>" for a chapter of the main book ("/books", "/writing").
std::string chapter_path(const std::string& chapter_id);
// "/writing/<slug>"
std::string article_path(const Article& a);
std::string article_path(const std::string& slug);
// "/tags/<tag>"
std::string tag_path(const std::string& tag);
// "/rss.xml": a file of the site, not a route of the book.
std::string feed_path();
// base_url + a site path without its leading slash: "/writing/x" -> "https://host/writing/x".
std::string absolute_url(const Site& site, const std::string& path);
// The forge a contribution's pull requests live on, when the bundle does not say.
constexpr const char* kDefaultForge = "https://github.com/";
// "<host><owner>/<repo>" and "<host><owner>/<repo>/pull/<n>"; an empty host is kDefaultForge.
std::string repo_url(const std::string& host, const std::string& repo);
std::string pull_url(const std::string& host, const std::string& repo, int number);

//-----------------------------------------------------------------------------
// [SECTION] Chapters
//-----------------------------------------------------------------------------

// The chapters the bundle's sections make (contents, loves, each shelf, writing, work, find me), with
// their own titles, before the contents orders them. The check validates contents entries against this
// list; derive orders it into Site::chapters.
std::vector<Chapter> available_chapters(const Site& site);

// Names a shelf may not take: chapter ids of the fixed sections, route and folder names of the built
// site ("tags", "assets", ...) and the book's own parts ("front", "title", ...).
bool reserved_chapter_id(const std::string& id);
std::string reserved_chapter_ids(); // "contents, writing, ...", for the check's hint

// Search across all the writing: "/search/?q=word" (the query stays in the URL, so a search can be linked).
constexpr const char* kSearchPath = "/search";

//-----------------------------------------------------------------------------
// [SECTION] Aliases: an article's old addresses (docs/content.md)
//-----------------------------------------------------------------------------

// What is wrong with an alias as an address, and what to write instead; "" when it is a path of this
// site ("/2019/05/old-name/", "/old.html"): from the root, no query or fragment, no "." or ".." segment,
// no white space, quotes or angle brackets (it is written into a page and into _redirects).
std::string alias_problem(const std::string& alias, std::string& hint);
// The alias as a route's path ("/2019/old-name/" -> "/2019/old-name"), to compare with routes and aliases.
std::string alias_path(const std::string& alias);
// The file its redirect page goes to: "2019/old-name/index.html", or "old.html" for an alias that names
// an .html file.
std::string alias_file(const std::string& alias);
// Every path the site itself answers (routes, and the folders and files the build writes at the root,
// as alias_path spells them), which no alias may take.
std::vector<std::string> site_owned_paths(const Site& site);
// Whether path (alias_path's spelling) is one of those or lies under a folder the build fills itself.
bool site_owns_path(const std::vector<std::string>& owned_sorted, const std::string& path);

//-----------------------------------------------------------------------------
// [SECTION] Routes
//-----------------------------------------------------------------------------

enum class RouteKind { Main, Article, Tag, Search, NotFound };

struct Route {
    RouteKind kind = RouteKind::NotFound;
    std::string path;    // normalised: "/", "/books", "/writing/<slug>", "/tags/<tag>"
    std::string chapter; // Main: the chapter to show ("front" for "/")
    int article = -1;    // Article: index into Site::writing
    std::string tag;     // Tag
};

// Accepts "/x", "/x/", "/x/index.html"; anything unknown is NotFound (path kept for the message).
Route resolve_route(const Site& site, const std::string& path);

// Every route of the site: the front page, the chapters in book order, articles, tags.
std::vector<Route> all_routes(const Site& site);

// The document title for a route: "books · Ada Example".
std::string route_title(const Site& site, const Route& r);

// "tagged <tag>": the heading of a tag's page, in the book and the HTML.
std::string tag_title(const Words& w, const std::string& tag);
// "« writing": a link back, in the book and the HTML alike («, not an arrow: bidi mirrors it to » in a
// right-to-left line, where back is to the right).
std::string back_to(const std::string& place);
// The writing chapter's name: the contents' title for it, else the words' ("writing").
std::string writing_title(const Site& site);
// "no. 12" and "3 min read": an article's number and length as its page states them.
std::string article_number(const Words& w, const Article& a);
std::string reading_time(const Words& w, const Article& a);

} // namespace folio
