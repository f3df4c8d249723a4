// folio core: the site model.
//
// Plain structs, filled by the loader (load.h) from a content bundle and completed by derive (derive.h).
// Nothing here knows JSON, ImGui or the browser. Read docs/content.md for the meaning of every field.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/model/document.h"
#include "core/model/words.h"

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] Small value types
//-----------------------------------------------------------------------------

struct Date {
    int year = 0, month = 0, day = 0;
    bool operator<(const Date& o) const {
        if (year != o.year) return year < o.year;
        if (month != o.month) return month < o.month;
        return day < o.day;
    }
    bool operator==(const Date& o) const { return year == o.year && month == o.month && day == o.day; }
};

// A link whose href may be empty: the address is not known yet, so it renders as plain text.
struct Link {
    std::string text;
    std::string href;
};

//-----------------------------------------------------------------------------
// [SECTION] Content, as the author wrote it
//-----------------------------------------------------------------------------

struct SiteInfo {
    std::string title, author, tagline, bio;
    std::string base_url;  // absolute, ends with '/'
    std::string guid_base; // defaults to base_url
    std::string language, description;
    std::vector<Link> links;
    Words words; // the book's own words in `language`, with the author's site.words over them (words.h)
    // Pictures on other hosts show, from their host (links.h: shown_image); false shows each as its alt
    // text, for authors who want a site that asks no other host for anything.
    bool other_host_images = true;
};

struct Article {
    std::string slug, title, dek, opening;
    Date date;
    std::vector<std::string> tags;
    // Old addresses ("/2019/05/old-name/") the build keeps working: a page at each that sends the reader
    // here, and a line of _redirects (emit.h). Site paths, checked by the loader (routes.h: alias_problem).
    std::vector<std::string> aliases;
    std::string body_markdown; // inline body, file contents, or the opening paragraph
    std::string body_file;     // as written in the bundle (for error messages), may be empty
    std::string body_url;      // site.json from `folio build`: the body is fetched from here when needed
    bool body_loaded = true;   // false until that fetch arrives (body_markdown is the opening meanwhile)
    bool body_is_tree = false; // site.json from `folio build`: body is a finished tree, never parsed again
    bool body_failed = false;  // the fetch failed: the page says so (a later open asks again)
    int fold = -1;             // the archive fold (Site::folds) the writing chapter lists it under; -1: always shown
    // Native only (the bundle's loader; site.json never carries them): "draft": true as the author wrote it,
    // and whether the article is a post file of its own (writing/*.md, its front matter for an entry; body_file
    // its path) rather than an entry of content.json. bundle/load.h: Drafts, bundle/posts.h.
    bool draft = false;
    bool post_file = false;
    int body_line = 1; // the line of body_file where the body starts (after a post file's front matter)
    // Derived:
    int number = 0;           // 1 = oldest
    int words = 0;            // words in the body
    int reading_minutes = 0;  // at 230 words a minute, at least 1
    int prev = -1, next = -1; // indices into Site::writing of the older / newer article
    Document body;            // the Markdown body as a document tree
};

struct Project {
    std::string id, name, summary, where, event; // event: "since" or "first release"
    Date date;
    std::vector<Link> links;
    // Derived wording, said the same way by the book and the HTML:
    std::string timeline_when; // "on GitHub since 24 Sep" (the year only when it is not the timeline's newest)
    std::string when;          // "GitHub, since 30 Jun 2026" (work's project list)
};

struct Contribution {
    std::string repo, host;
    int merged_total = -1; // -1: not stated
};

struct PullRequest {
    int number = 0;
    std::string title;
    std::string url; // derived: pull_url(host, repo, number) (routes.h)
};

enum class EntryKind { Article, Project, Pulls };

struct TimelineEntry {
    EntryKind kind = EntryKind::Article;
    std::string ref; // article slug, project id, or OWNER/REPO
    int show = 3;    // pull requests shown before "the rest"
    std::vector<PullRequest> pulls;
    // Derived:
    int index = -1;         // index into Site::writing or Site::projects
    std::string repo_url;   // Pulls: the repository on its contribution's host
    int rest = 0;           // Pulls: how many are folded under "the rest"
    std::string rest_label; // Pulls: "the rest (15)"; empty when nothing is folded
};

struct TimelineYear {
    int year = 0;
    std::vector<TimelineEntry> entries;
    int fold = -1; // the archive fold (Site::folds) it is under; -1: always shown
};

struct ShelfItem {
    std::string title, note, href;
    std::vector<std::string> by;
    std::string by_line; // derived: "Ursula K. Le Guin, Octavia E. Butler"
};

struct ShelfGroup {
    std::string heading;
    std::vector<ShelfItem> items; // in site.json: only the first kShelfGroupShown; the rest come with the fold
    int fold = -1;                // the archive fold (Site::folds) holding the items after those; -1: none
};

struct Shelf {
    std::string id, title, subtitle, running_head;
    bool numbered = false;
    std::vector<ShelfGroup> groups;
    int count = 0; // derived: items on the shelf
};

struct Loves {
    bool present = false;
    std::string title, intro_markdown;
    std::vector<Shelf> shelves;
    Document intro;
    bool trees = false; // intro came as a finished tree (site.json)
};

struct FocusArea {
    std::string term, text;
};

struct Work {
    bool present = false;
    std::string title, intro_markdown, after_markdown;
    std::vector<FocusArea> focus;
    std::vector<std::string> projects;
    Document intro, after;
    bool trees = false; // intro and after came as finished trees (site.json)
};

struct FindMe {
    bool present = false;
    std::string title, handle_label, handle;
    std::vector<Link> links;
};

struct ContentsEntry {
    std::string title, chapter;
};

// The chapters of the main book. Each has a route ("/<id>") and a page in the static HTML.
enum class ChapterKind { Contents, Loves, Shelf, Writing, Work, FindMe };

struct Chapter {
    std::string id; // also its route: "/<id>"
    ChapterKind kind = ChapterKind::Contents;
    std::string title; // the contents entry's title, else the section's own
    int shelf = -1;    // Shelf: index into Loves::shelves
    int number = 0;    // its number in the printed contents; 0: the contents leave it out
};

//-----------------------------------------------------------------------------
// [SECTION] Archive folds (core/model/bound.h): the part of a long list the book shows only when asked
//-----------------------------------------------------------------------------

enum class FoldKind { Writing, Shelf, Timeline };

struct Fold {
    FoldKind kind = FoldKind::Writing;
    int year = 0;               // Writing: the articles of this year after the newest ones
    int first_year = 0;         // Timeline: the years first_year..year
    int shelf = -1, group = -1; // Shelf: Loves::shelves[shelf].groups[group], after its first items
    int count = 0;              // entries under the fold
    bool partial_year = false;  // Writing: the year's newest articles are shown above the fold
    std::string url;            // its chunk file (`folio build`), fetched when the reader opens it
    bool loaded = true;         // its entries are in the model (always natively; in the browser once fetched)
    bool requested = false;     // the fetch is on its way
    bool failed = false;        // the fetch failed: the book says so; opening the fold again retries
};

//-----------------------------------------------------------------------------
// [SECTION] The site: everything above, plus what derive() computes
//-----------------------------------------------------------------------------

// A formula's picture (cli/math.h): where the site keeps it, and its box in thousandths of an em.
struct MathPicture {
    std::string path;
    int width = 0, ascent = 0, depth = 0;
};

struct Site {
    int schema = 1;
    SiteInfo info;
    std::vector<Article> writing; // sorted newest first by derive()
    std::vector<Project> projects;
    std::vector<Contribution> contributions;
    std::vector<TimelineYear> timeline;
    Loves loves;
    Work work;
    FindMe find_me;
    std::vector<ContentsEntry> contents;
    // Long lists folded after a bound (core/model/bound.h). From the bundle: derived. From site.json: as written,
    // the entries under a fold not loaded yet.
    std::vector<Fold> folds;

    // Derived:
    // Every chapter, in the book's order: the contents, the contents' entries in their order, then any
    // chapter the contents leave out (writing always has a list). Compose, emit, routes read this.
    std::vector<Chapter> chapters;
    std::map<std::string, std::vector<int>> tags; // tag -> article indices, newest first
    std::vector<std::string> local_images;        // site paths ("/images/x.png") of images in bodies
    std::vector<std::string> image_origins;       // other hosts' pictures come from these (sorted): the CSP's img-src
    // From the build (cli/math.h): every formula of the articles as MathML, by math_key, which the static
    // HTML and the feed show; and the pictures of them the book and the early page draw, by site path
    // ("/math/<hash>.svg", the SVG), each named by its Math nodes (document.h).
    std::map<std::string, std::string> mathml;
    std::map<std::string, std::string> math_pictures;

    int find_article(const std::string& slug) const;
    int find_project(const std::string& id) const;
    const Contribution* find_contribution(const std::string& repo) const;
    const Chapter* find_chapter(const std::string& id) const;
};

// "2026-07-31"
std::string format_iso(const Date& d);
// "Fri, 31 Jul 2026 00:00:00 GMT"
std::string format_rfc822(const Date& d);
bool valid_date(int y, int m, int d);
// Exactly YYYY-MM-DD in ASCII digits: no sign, no spaces, nothing after (sscanf would take "+202").
bool parse_iso_date(const std::string& s, int& y, int& m, int& d);

} // namespace folio
