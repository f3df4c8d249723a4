// folio core: derivation. See derive.h.
#include "core/model/derive.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "core/model/bound.h"
#include "core/model/links.h"
#include "core/model/routes.h"
#include "core/text/url.h"

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] Dates
//-----------------------------------------------------------------------------

bool valid_date(int y, int m, int d) {
    if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d <= days[m - 1] + (m == 2 && leap ? 1 : 0);
}

bool parse_iso_date(const std::string& s, int& y, int& m, int& d) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
    auto number = [&](size_t at, size_t len, int& out) {
        out = 0;
        for (size_t i = at; i < at + len; ++i) {
            if (s[i] < '0' || s[i] > '9') return false;
            out = out * 10 + (s[i] - '0');
        }
        return true;
    };
    return number(0, 4, y) && number(5, 2, m) && number(8, 2, d);
}

static const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

std::string format_iso(const Date& d) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", d.year, d.month, d.day);
    return buf;
}

std::string format_rfc822(const Date& d) {
    // Zeller-style day of week (Sakamoto's method).
    static const int t[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
    static const char* const names[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    int y = d.year - (d.month < 3 ? 1 : 0);
    int dow = (y + y / 4 - y / 100 + y / 400 + t[(d.month + 11) % 12] + d.day) % 7;
    char buf[48];
    std::snprintf(buf, sizeof buf, "%s, %02d %s %04d 00:00:00 GMT", names[dow], d.day, kMonths[(d.month + 11) % 12],
                  d.year);
    return buf;
}

//-----------------------------------------------------------------------------
// [SECTION] Lookups
//-----------------------------------------------------------------------------

int Site::find_article(const std::string& slug) const {
    for (size_t i = 0; i < writing.size(); ++i)
        if (writing[i].slug == slug) return static_cast<int>(i);
    return -1;
}

int Site::find_project(const std::string& id) const {
    for (size_t i = 0; i < projects.size(); ++i)
        if (projects[i].id == id) return static_cast<int>(i);
    return -1;
}

const Contribution* Site::find_contribution(const std::string& repo) const {
    for (const Contribution& c : contributions)
        if (c.repo == repo) return &c;
    return nullptr;
}

const Chapter* Site::find_chapter(const std::string& id) const {
    for (const Chapter& c : chapters)
        if (c.id == id) return &c;
    return nullptr;
}

//-----------------------------------------------------------------------------
// [SECTION] Derivation
//-----------------------------------------------------------------------------

static void collect_images(const Node& n, std::vector<std::string>& out);

std::vector<std::string> collect_local_images(const Node& doc) {
    std::vector<std::string> out;
    collect_images(doc, out);
    return out;
}

std::string decode_percent(const std::string& path) {
    auto hex = [](char c) {
        return c >= '0' && c <= '9'   ? c - '0'
               : c >= 'a' && c <= 'f' ? c - 'a' + 10
               : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                      : -1;
    };
    std::string out;
    for (size_t i = 0; i < path.size(); ++i) {
        int hi = path[i] == '%' && i + 2 < path.size() ? hex(path[i + 1]) : -1;
        int lo = hi >= 0 ? hex(path[i + 2]) : -1;
        if (hi >= 0 && lo >= 0) {
            out += static_cast<char>(hi * 16 + lo);
            i += 2;
        } else {
            out += path[i];
        }
    }
    return out;
}

static void collect_images(const Node& n, std::vector<std::string>& out) {
    if (n.kind == NodeKind::Image) {
        std::string path = decode_percent(n.href);
        size_t cut = path.find_first_of("?#"); // a query or fragment is not part of the file's name
        if (cut != std::string::npos) path.erase(cut);
        // The site's own (links.h; a picture embedded in the page is no file), and ".." never: the build
        // copies these files out of the bundle folder.
        if (classify(path) == LinkKind::SitePath && path.size() > 1 && path.find("..") == std::string::npos &&
            std::find(out.begin(), out.end(), path) == out.end())
            out.push_back(path);
    }
    for (const Node& c : n.children)
        collect_images(c, out);
}

void collect_image_origins(const Node& n, std::set<std::string>& out) {
    if (n.kind == NodeKind::Image) {
        std::string origin = image_origin(n.href);
        if (!origin.empty()) out.insert(std::move(origin));
    }
    for (const Node& c : n.children)
        collect_image_origins(c, out);
}

void resolve_relative_links(Node& n, const std::string& route) {
    if (n.kind == NodeKind::Link || n.kind == NodeKind::Image) {
        const std::string read = parsed_form(n.href); // "\x01javascript:" stays unsafe, not a site path
        // "#part" alone stays: it points into the article, whatever address it was opened under.
        if (relative_reference(read) && !(read.empty() || read[0] == '#')) n.href = resolve_reference(route, read);
    }
    for (Node& c : n.children)
        resolve_relative_links(c, route);
}

void set_body_tree(Article& a, Document body) {
    a.body = std::move(body);
    // A body still to be fetched keeps the word count folio build measured.
    if (a.body_loaded || a.words == 0) a.words = count_words(a.body);
    a.reading_minutes = std::max(1, (a.words + 229) / 230);
}

// The chapters in book order: the contents first, then its entries in order (with their titles), then
// what it leaves out.
static std::vector<Chapter> order_chapters(const Site& site) {
    std::vector<Chapter> available = available_chapters(site), out;
    std::vector<bool> used(available.size(), false);
    out.push_back(available[0]);
    used[0] = true;
    int number = 0;
    for (const ContentsEntry& e : site.contents)
        for (size_t i = 0; i < available.size(); ++i)
            if (!used[i] && available[i].id == e.chapter) {
                Chapter c = available[i];
                c.title = e.title;
                c.number = ++number;
                out.push_back(c);
                used[i] = true;
            }
    for (size_t i = 0; i < available.size(); ++i)
        if (!used[i]) out.push_back(available[i]);
    return out;
}

static std::string join(const std::vector<std::string>& parts, const char* sep) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i)
        out += (i ? sep : "") + parts[i];
    return out;
}

// "on GitHub since 24 Sep" / "first released on PyPI 29 Aug" (timeline), "GitHub, since 30 Jun 2026" (work).
static void derive_project_wording(const Words& w, Project& p, int newest_year) {
    const bool release = p.event == "first release";
    const std::string short_date = day_month(w, p.date, p.date.year != newest_year);
    p.timeline_when = fill(release ? w.first_released : w.since, {{"where", p.where}, {"date", short_date}});
    p.when = fill(release ? w.project_first_release : w.project_since,
                  {{"where", p.where}, {"date", day_month(w, p.date, true)}});
}

void derive_pulls(const Site& site, TimelineEntry& e) {
    const Contribution* c = site.find_contribution(e.ref);
    const std::string host = c ? c->host : "";
    e.repo_url = repo_url(host, e.ref);
    for (PullRequest& p : e.pulls)
        p.url = pull_url(host, e.ref, p.number);
    e.rest = std::max(0, static_cast<int>(e.pulls.size()) - e.show);
    const Words& w = site.info.words;
    e.rest_label = e.rest > 0 ? w.the_rest + fill(w.count, {{"n", std::to_string(e.rest)}}) : "";
}

void set_body_parsed(Article& a, const std::string& markdown, Document parsed) {
    a.body_markdown = markdown;
    resolve_relative_links(parsed, article_path(a));
    set_body_tree(a, std::move(parsed));
}

// A finished tree's lists and texts at their exact sizes: they grew by doubling while it was built (a code
// block a line at a time), and a whole archive's trees are held at once.
static void shrink_tree(Node& n) {
    n.text.shrink_to_fit();
    n.children.shrink_to_fit();
    if (!n.runs.empty()) n.runs.edit().shrink_to_fit();
    for (Node& c : n.children)
        shrink_tree(c);
}

// Takes the parsed body of `before` (the same article, loaded earlier) when its Markdown is the same.
static bool reuse_body(Article& a, Article* before) {
    if (!before || a.body_is_tree || before->body_is_tree) return false;
    const std::string& source = a.body_markdown.empty() ? a.opening : a.body_markdown;
    if (before->body_markdown != source) return false;
    a.body_markdown = source;
    a.body = std::move(before->body);
    a.words = before->words;
    a.reading_minutes = before->reading_minutes;
    before->body_markdown.clear(); // taken: never matched twice
    return true;
}

// Each article's body: parsed (or taken as the tree it came as), its words counted.
static void derive_body(Article& a, const DeriveOptions& options, Article* before) {
    if (reuse_body(a, before)) {
    } else if (a.body_is_tree) {
        set_body_tree(a, std::move(a.body));
    } else if (options.markdown) {
        const std::string& source = a.body_markdown.empty() ? a.opening : a.body_markdown;
        set_body_parsed(a, source, options.markdown(source));
    }
    if (options.keep_markdown) return;
    if (a.body_markdown != a.opening) std::string().swap(a.body_markdown);
    shrink_tree(a.body);
}

void derive(Site& site, const DeriveOptions& options) {
    // Newest first; same-date articles keep the order the author listed them in.
    std::stable_sort(site.writing.begin(), site.writing.end(),
                     [](const Article& a, const Article& b) { return b.date < a.date; });
    std::vector<Article*> before(site.writing.size(), nullptr);
    if (options.previous) {
        std::map<std::string, Article*> by_slug;
        for (Article& a : options.previous->writing)
            by_slug[a.slug] = &a;
        for (size_t i = 0; i < site.writing.size(); ++i) {
            auto it = by_slug.find(site.writing[i].slug);
            if (it != by_slug.end()) before[i] = it->second;
        }
    }
    if (options.parallel)
        options.parallel(site.writing.size(), [&](size_t i) { derive_body(site.writing[i], options, before[i]); });
    else
        for (size_t i = 0; i < site.writing.size(); ++i)
            derive_body(site.writing[i], options, before[i]);
    // site.json of a bounded archive holds part of it: its articles carry the numbers of the whole.
    derive_site(site, /*whole=*/site.folds.empty());
}

void derive_site(Site& site, bool whole) {
    const int n = static_cast<int>(site.writing.size());
    const bool partial = !whole;
    if (!partial)
        for (int i = 0; i < n; ++i)
            site.writing[i].number = n - i;
    site.local_images.clear();
    std::set<std::string> origins;
    for (const Article& a : site.writing) {
        collect_images(a.body, site.local_images);
        if (site.info.other_host_images) collect_image_origins(a.body, origins);
    }
    if (site.info.other_host_images)
        for (const Document* d : {&site.loves.intro, &site.work.intro, &site.work.after})
            collect_image_origins(*d, origins);
    site.image_origins.assign(origins.begin(), origins.end());
    for (TimelineYear& y : site.timeline)
        for (TimelineEntry& e : y.entries) {
            if (e.kind == EntryKind::Project) e.index = site.find_project(e.ref);
            if (e.kind == EntryKind::Pulls) derive_pulls(site, e);
        }
    link_articles(site);
    const int newest_year = site.timeline.empty() ? 0 : site.timeline.front().year;
    for (Project& p : site.projects)
        derive_project_wording(site.info.words, p, newest_year);
    if (!partial) assign_folds(site);
    for (Shelf& s : site.loves.shelves) {
        s.count = 0;
        for (ShelfGroup& g : s.groups) {
            s.count += static_cast<int>(g.items.size());
            if (g.fold >= 0 && !site.folds[g.fold].loaded) s.count += site.folds[g.fold].count; // not here yet
            for (ShelfItem& it : g.items)
                it.by_line = join(it.by, ", ");
        }
    }
    site.chapters = order_chapters(site);
}

} // namespace folio
