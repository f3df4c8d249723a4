// folio core: derivation. See derive.h.
#include "core/derive.h"

#include <algorithm>
#include <cstdio>

#ifndef FOLIO_TREES_ONLY
#include "core/markdown.h"
#endif

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

static const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

std::string format_day_month(const Date& d, bool with_year) {
    std::string s = std::to_string(d.day) + " " + kMonths[(d.month + 11) % 12];
    if (with_year) s += " " + std::to_string(d.year);
    return s;
}

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
        if (path.size() > 1 && path[0] == '/' && path[1] != '/' && path[1] != '\\' &&
            path.find("..") == std::string::npos && std::find(out.begin(), out.end(), path) == out.end())
            out.push_back(path);
    }
    for (const Node& c : n.children)
        collect_images(c, out);
}

void set_body_tree(Article& a, Document body) {
    a.body = std::move(body);
    // A body still to be fetched keeps the word count folio build measured.
    if (a.body_loaded || a.words == 0) a.words = count_words(a.body);
    a.reading_minutes = std::max(1, (a.words + 229) / 230);
}

#ifndef FOLIO_TREES_ONLY
void set_body(Article& a, const std::string& markdown) {
    a.body_markdown = markdown;
    set_body_tree(a, parse_markdown(markdown));
}
#endif

void derive(Site& site) {
    // Newest first; same-date articles keep the order the author listed them in.
    std::stable_sort(site.writing.begin(), site.writing.end(),
                     [](const Article& a, const Article& b) { return b.date < a.date; });
    const int n = static_cast<int>(site.writing.size());
    site.tags.clear();
    for (int i = 0; i < n; ++i) {
        Article& a = site.writing[i];
        a.number = n - i;
        if (a.body_is_tree) set_body_tree(a, std::move(a.body));
#ifndef FOLIO_TREES_ONLY
        else
            set_body(a, a.body_markdown.empty() ? a.opening : a.body_markdown);
#endif
        a.next = i > 0 ? i - 1 : -1;     // newer
        a.prev = i + 1 < n ? i + 1 : -1; // older
        for (const std::string& t : a.tags)
            site.tags[t].push_back(i);
    }
    site.local_images.clear();
    for (const Article& a : site.writing)
        collect_images(a.body, site.local_images);
    for (TimelineYear& y : site.timeline)
        for (TimelineEntry& e : y.entries) {
            if (e.kind == EntryKind::Article) e.index = site.find_article(e.ref);
            if (e.kind == EntryKind::Project) e.index = site.find_project(e.ref);
            if (e.kind == EntryKind::Pulls) {
                const Contribution* c = site.find_contribution(e.ref);
                std::string host = c ? c->host : "https://github.com/";
                for (PullRequest& p : e.pulls)
                    p.url = host + e.ref + "/pull/" + std::to_string(p.number);
            }
        }
#ifndef FOLIO_TREES_ONLY
    if (site.loves.present && !site.loves.trees) site.loves.intro = parse_markdown(site.loves.intro_markdown);
    if (site.work.present && !site.work.trees) {
        site.work.intro = parse_markdown(site.work.intro_markdown);
        site.work.after = parse_markdown(site.work.after_markdown);
    }
#endif
}

} // namespace folio
