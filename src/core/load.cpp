// folio core: loading and validating a content bundle. See load.h and docs/content.md.
//
// All JSON access in the project happens in this file. Each section of the schema has one read_*
// function in the style of nlohmann's from_json, but exception-free (the browser build has no C++
// exceptions) and reporting every problem with its position instead of stopping at the first.
#include "core/load.h"

#include <algorithm>
#include <fstream>
#include <initializer_list>
#include <set>
#include <sstream>

#include "core/derive.h"
#include "core/document_json.h"
#include "core/json_source.h"
#ifndef FOLIO_TREES_ONLY
#include "core/markdown.h"
#include "core/source_check.h"
#endif

namespace folio {

using nlohmann::json;

std::string format_diagnostic(const Diagnostic& d) {
    std::string s = d.file;
    if (d.line > 0) s += ":" + std::to_string(d.line) + ":" + std::to_string(d.column);
    s += d.warning ? ": warning: " : ": error: ";
    if (!d.path.empty()) s += d.path + ": ";
    s += d.message;
    if (!d.hint.empty()) s += "; " + d.hint;
    return s;
}

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Reader: typed access with diagnostics
//-----------------------------------------------------------------------------

const char* type_name(const json& v) {
    switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::string: return "a string";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    case json::value_t::number_float: return "a number with a fraction";
    default: return "a number";
    }
}

size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

bool is_slug(const std::string& s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return s.front() != '-' && s.back() != '-';
}

struct Reader {
    const JsonSource& src;
    Diagnostics& out;

    void error(const std::string& path, bool at_key, const std::string& msg, const std::string& hint) {
        Diagnostic d;
        d.file = src.file;
        src.position_of(path, at_key, d.line, d.column);
        d.path = path;
        d.message = msg;
        d.hint = hint;
        out.push_back(std::move(d));
    }

    // An object with only the allowed keys. Unknown keys are reported with a suggestion.
    bool object(const json& v, const std::string& path, std::initializer_list<const char*> allowed) {
        if (!v.is_object()) {
            error(path, false, std::string("expected an object, found ") + type_name(v), "write { ... } here");
            return false;
        }
        for (auto it = v.begin(); it != v.end(); ++it) {
            const std::string& key = it.key();
            bool known = false;
            std::string best;
            size_t best_d = 99;
            for (const char* a : allowed) {
                if (key == a) known = true;
                size_t d = edit_distance(key, a);
                if (d < best_d) best_d = d, best = a;
            }
            if (known) continue;
            std::string hint = best_d <= std::max<size_t>(2, key.size() / 3) ? "did you mean '" + best + "'?"
                                                                             : "remove it; see docs/content.md";
            error(json_path_member(path, key), true, "unknown field '" + key + "'", hint);
        }
        return true;
    }

    const json* field(const json& obj, const std::string& path, const char* key, bool required) {
        auto it = obj.find(key);
        if (it == obj.end()) {
            if (required)
                error(path, false, std::string("missing required field '") + key + "'",
                      std::string("add \"") + key + "\"; see docs/content.md");
            return nullptr;
        }
        return &*it;
    }

    bool string(const json& obj, const std::string& path, const char* key, std::string& outv, bool required,
                bool nonempty = false) {
        const json* v = field(obj, path, key, required);
        if (!v) return false;
        std::string p = json_path_member(path, key);
        if (!v->is_string()) {
            error(p, false, std::string("expected a string, found ") + type_name(*v), "put the text in double quotes");
            return false;
        }
        outv = v->get<std::string>();
        if (nonempty && outv.find_first_not_of(" \t\r\n") == std::string::npos) {
            error(p, false, std::string("'") + key + "' is empty", "write some text");
            return false;
        }
        return true;
    }

    bool integer(const json& obj, const std::string& path, const char* key, int& outv, bool required, int lo, int hi) {
        const json* v = field(obj, path, key, required);
        if (!v) return false;
        std::string p = json_path_member(path, key);
        if (!v->is_number_integer()) {
            error(p, false, std::string("expected a whole number, found ") + type_name(*v), "write a number such as 3");
            return false;
        }
        long long n = v->get<long long>();
        if (n < lo || n > hi) {
            error(p, false, "number " + std::to_string(n) + " is out of range",
                  "use a number from " + std::to_string(lo) + " to " + std::to_string(hi));
            return false;
        }
        outv = static_cast<int>(n);
        return true;
    }

    bool boolean(const json& obj, const std::string& path, const char* key, bool& outv) {
        const json* v = field(obj, path, key, false);
        if (!v) return false;
        if (!v->is_boolean()) {
            error(json_path_member(path, key), false, std::string("expected true or false, found ") + type_name(*v),
                  "write true or false");
            return false;
        }
        outv = v->get<bool>();
        return true;
    }

    bool date(const json& obj, const std::string& path, const char* key, Date& outv, bool required) {
        std::string s;
        if (!string(obj, path, key, s, required)) return false;
        std::string p = json_path_member(path, key);
        int y = 0, m = 0, d = 0;
        char tail = 0;
        bool shape = s.size() == 10 && s[4] == '-' && s[7] == '-' &&
                     std::sscanf(s.c_str(), "%4d-%2d-%2d%c", &y, &m, &d, &tail) == 3;
        if (!shape) {
            error(p, false, "'" + s + "' is not a date", "write it as YYYY-MM-DD, e.g. 2026-07-31");
            return false;
        }
        if (!valid_date(y, m, d)) {
            error(p, false, "'" + s + "' is an impossible date", "check the month and the day");
            return false;
        }
        outv = Date{y, m, d};
        return true;
    }

    bool array(const json& obj, const std::string& path, const char* key, const json*& outv, bool required) {
        const json* v = field(obj, path, key, required);
        if (!v) return false;
        if (!v->is_array()) {
            error(json_path_member(path, key), false, std::string("expected an array, found ") + type_name(*v),
                  "write [ ... ] here");
            return false;
        }
        outv = v;
        return true;
    }

    void strings(const json& obj, const std::string& path, const char* key, std::vector<std::string>& outv,
                 bool required, bool slugs) {
        const json* arr = nullptr;
        if (!array(obj, path, key, arr, required)) return;
        std::string p = json_path_member(path, key);
        for (size_t i = 0; i < arr->size(); ++i) {
            const json& e = (*arr)[i];
            std::string ep = json_path_index(p, i);
            if (!e.is_string()) {
                error(ep, false, std::string("expected a string, found ") + type_name(e),
                      "put the text in double quotes");
                continue;
            }
            std::string s = e.get<std::string>();
            if (slugs && !is_slug(s)) {
                error(ep, false, "'" + s + "' is not a valid tag", "use lower-case letters, digits and hyphens");
                continue;
            }
            outv.push_back(s);
        }
    }

    void href(const std::string& value, const std::string& path) {
        if (value.empty()) return;
        if (value[0] == '/' && (value.size() == 1 || value[1] != '/')) return; // inside the site
        std::string lower;
        for (char c : value)
            lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower.rfind("https://", 0) == 0 || lower.rfind("http://", 0) == 0 || lower.rfind("mailto:", 0) == 0) return;
        size_t colon = lower.find(':');
        std::string scheme = colon == std::string::npos ? "" : lower.substr(0, colon);
        if (scheme.empty())
            error(path, false, "'" + value + "' is not an absolute address",
                  "start it with https:// (or / for a page of this site)");
        else
            error(path, false, "the link scheme '" + scheme + ":' is not allowed",
                  "use an http, https or mailto address");
    }

    void links(const json& obj, const std::string& path, const char* key, std::vector<Link>& outv) {
        const json* arr = nullptr;
        if (!array(obj, path, key, arr, false)) return;
        std::string p = json_path_member(path, key);
        for (size_t i = 0; i < arr->size(); ++i) {
            std::string ep = json_path_index(p, i);
            const json& e = (*arr)[i];
            if (!object(e, ep, {"text", "href"})) continue;
            Link l;
            string(e, ep, "text", l.text, true, true);
            if (string(e, ep, "href", l.href, false)) href(l.href, json_path_member(ep, "href"));
            outv.push_back(l);
        }
    }
};

//-----------------------------------------------------------------------------
// [SECTION] Sections of the schema
//-----------------------------------------------------------------------------

void read_site(Reader& r, const json& v, SiteInfo& s) {
    const std::string p = "$.site";
    if (!r.object(v, p,
                  {"title", "author", "tagline", "bio", "base_url", "guid_base", "language", "description", "links"}))
        return;
    r.string(v, p, "title", s.title, true, true);
    r.string(v, p, "author", s.author, true, true);
    r.string(v, p, "tagline", s.tagline, true);
    r.string(v, p, "bio", s.bio, false);
    for (const char* key : {"base_url", "guid_base"}) {
        std::string& url = key[0] == 'b' ? s.base_url : s.guid_base;
        if (!r.string(v, p, key, url, key[0] == 'b')) continue;
        std::string up = json_path_member(p, key);
        if (url.rfind("https://", 0) != 0 && url.rfind("http://", 0) != 0)
            r.error(up, false, "'" + url + "' is not an absolute http(s) address",
                    "write it like https://example.org/");
        else if (url.back() != '/')
            r.error(up, false, "'" + url + "' does not end with '/'", "add the trailing slash: " + url + "/");
    }
    if (s.guid_base.empty()) s.guid_base = s.base_url;
    r.string(v, p, "language", s.language, true, true);
    r.string(v, p, "description", s.description, true, true);
    r.links(v, p, "links", s.links);
}

// A finished document tree (document_json.h), as `folio build` writes into site.json.
bool read_tree(Reader& r, const json& v, const std::string& p, const char* key, Document& d) {
    auto it = v.find(key);
    if (it == v.end()) return false;
    if (!document_from_json(*it, d))
        r.error(json_path_member(p, key), false, "not a document tree this folio can read",
                "site.json is written by folio build; build again with this version");
    return true;
}

void read_article(Reader& r, const json& v, const std::string& p, Article& a) {
    if (!r.object(
            v, p,
            {"slug", "title", "date", "dek", "opening", "tags", "body", "body_file", "body_url", "words", "body_doc"}))
        return;
    if (r.string(v, p, "slug", a.slug, true) && !is_slug(a.slug))
        r.error(json_path_member(p, "slug"), false, "'" + a.slug + "' is not a valid slug",
                "use lower-case letters, digits and hyphens, e.g. my-first-post");
    r.string(v, p, "title", a.title, true, true);
    r.date(v, p, "date", a.date, true);
    r.string(v, p, "dek", a.dek, true);
    r.string(v, p, "opening", a.opening, true, true);
    r.strings(v, p, "tags", a.tags, false, true);
    bool inline_body = r.string(v, p, "body", a.body_markdown, false);
    // Written by `folio build` into site.json only: the body is fetched when the article is opened.
    if (r.string(v, p, "body_url", a.body_url, false)) {
        a.body_loaded = false;
        r.integer(v, p, "words", a.words, false, 0, 100000000);
    }
    // site.json: the body (or, while body_url is pending, the opening) as a finished tree.
    a.body_is_tree = read_tree(r, v, p, "body_doc", a.body);
    if (r.string(v, p, "body_file", a.body_file, false) && inline_body)
        r.error(json_path_member(p, "body_file"), true, "both 'body' and 'body_file' are given",
                "keep only one of them");
}

void read_project(Reader& r, const json& v, const std::string& p, Project& pr) {
    if (!r.object(v, p, {"id", "name", "summary", "where", "date", "event", "links"})) return;
    if (r.string(v, p, "id", pr.id, true) && !is_slug(pr.id))
        r.error(json_path_member(p, "id"), false, "'" + pr.id + "' is not a valid id",
                "use lower-case letters, digits and hyphens");
    r.string(v, p, "name", pr.name, true, true);
    r.string(v, p, "summary", pr.summary, true);
    r.string(v, p, "where", pr.where, true, true);
    r.date(v, p, "date", pr.date, true);
    pr.event = "since";
    if (r.string(v, p, "event", pr.event, false) && pr.event != "since" && pr.event != "first release")
        r.error(json_path_member(p, "event"), false, "unknown event '" + pr.event + "'",
                "use \"since\" or \"first release\"");
    r.links(v, p, "links", pr.links);
}

void read_contribution(Reader& r, const json& v, const std::string& p, Contribution& c) {
    if (!r.object(v, p, {"repo", "host", "merged_total"})) return;
    if (r.string(v, p, "repo", c.repo, true) &&
        (c.repo.find('/') == std::string::npos || c.repo.front() == '/' || c.repo.back() == '/'))
        r.error(json_path_member(p, "repo"), false, "'" + c.repo + "' is not OWNER/REPO",
                "write it like TheHPXProject/hpx");
    c.host = "https://github.com/";
    if (r.string(v, p, "host", c.host, false)) {
        r.href(c.host, json_path_member(p, "host"));
        if (!c.host.empty() && c.host.back() != '/') c.host += '/';
    }
    r.integer(v, p, "merged_total", c.merged_total, false, 0, 1000000);
}

void read_timeline(Reader& r, const json& v, std::vector<TimelineYear>& years) {
    const std::string p = "$.timeline";
    if (!v.is_array()) {
        r.error(p, false, std::string("expected an array, found ") + type_name(v),
                "write [ {\"year\": ..., \"entries\": [...]} ]");
        return;
    }
    for (size_t i = 0; i < v.size(); ++i) {
        std::string yp = json_path_index(p, i);
        const json& y = v[i];
        if (!r.object(y, yp, {"year", "entries"})) continue;
        TimelineYear year;
        r.integer(y, yp, "year", year.year, true, 1, 9999);
        const json* entries = nullptr;
        if (r.array(y, yp, "entries", entries, true)) {
            std::string ep0 = json_path_member(yp, "entries");
            for (size_t k = 0; k < entries->size(); ++k) {
                std::string ep = json_path_index(ep0, k);
                const json& e = (*entries)[k];
                if (!r.object(e, ep, {"article", "project", "merged_into", "show", "pulls"})) continue;
                TimelineEntry te;
                int kinds = int(e.contains("article")) + int(e.contains("project")) + int(e.contains("merged_into"));
                if (kinds != 1) {
                    r.error(ep, false, "an entry must have exactly one of 'article', 'project', 'merged_into'",
                            "split it into separate entries");
                    continue;
                }
                if (e.contains("article")) {
                    te.kind = EntryKind::Article;
                    r.string(e, ep, "article", te.ref, true);
                } else if (e.contains("project")) {
                    te.kind = EntryKind::Project;
                    r.string(e, ep, "project", te.ref, true);
                } else {
                    te.kind = EntryKind::Pulls;
                    r.string(e, ep, "merged_into", te.ref, true);
                    r.integer(e, ep, "show", te.show, false, 0, 1000);
                    const json* pulls = nullptr;
                    if (r.array(e, ep, "pulls", pulls, true)) {
                        std::string pp0 = json_path_member(ep, "pulls");
                        for (size_t j = 0; j < pulls->size(); ++j) {
                            std::string pp = json_path_index(pp0, j);
                            const json& pr = (*pulls)[j];
                            if (!r.object(pr, pp, {"number", "title"})) continue;
                            PullRequest pull;
                            r.integer(pr, pp, "number", pull.number, true, 1, 2000000000);
                            r.string(pr, pp, "title", pull.title, true, true);
                            te.pulls.push_back(pull);
                        }
                    }
                }
                if (te.kind != EntryKind::Pulls && (e.contains("show") || e.contains("pulls")))
                    r.error(ep, false, "'show' and 'pulls' belong to 'merged_into' entries", "remove them");
                year.entries.push_back(std::move(te));
            }
        }
        years.push_back(std::move(year));
    }
}

void read_loves(Reader& r, const json& v, Loves& l) {
    const std::string p = "$.loves";
    if (!r.object(v, p, {"title", "intro", "intro_doc", "shelves"})) return;
    l.present = true;
    r.string(v, p, "title", l.title, true, true);
    r.string(v, p, "intro", l.intro_markdown, false);
    l.trees = read_tree(r, v, p, "intro_doc", l.intro);
    const json* shelves = nullptr;
    if (!r.array(v, p, "shelves", shelves, true)) return;
    for (size_t i = 0; i < shelves->size(); ++i) {
        std::string sp = json_path_index(p + ".shelves", i);
        const json& s = (*shelves)[i];
        if (!r.object(s, sp, {"id", "title", "subtitle", "running_head", "numbered", "groups"})) continue;
        Shelf shelf;
        if (r.string(s, sp, "id", shelf.id, true) && !is_slug(shelf.id))
            r.error(json_path_member(sp, "id"), false, "'" + shelf.id + "' is not a valid id",
                    "use lower-case letters, digits and hyphens");
        r.string(s, sp, "title", shelf.title, true, true);
        r.string(s, sp, "subtitle", shelf.subtitle, false);
        if (!r.string(s, sp, "running_head", shelf.running_head, false)) shelf.running_head = shelf.title;
        r.boolean(s, sp, "numbered", shelf.numbered);
        const json* groups = nullptr;
        if (r.array(s, sp, "groups", groups, true)) {
            for (size_t g = 0; g < groups->size(); ++g) {
                std::string gp = json_path_index(sp + ".groups", g);
                const json& gj = (*groups)[g];
                if (!r.object(gj, gp, {"heading", "items"})) continue;
                ShelfGroup group;
                r.string(gj, gp, "heading", group.heading, false);
                const json* items = nullptr;
                if (r.array(gj, gp, "items", items, true)) {
                    for (size_t k = 0; k < items->size(); ++k) {
                        std::string ip = json_path_index(gp + ".items", k);
                        const json& it = (*items)[k];
                        if (!r.object(it, ip, {"title", "by", "note", "href"})) continue;
                        ShelfItem item;
                        r.string(it, ip, "title", item.title, true, true);
                        r.strings(it, ip, "by", item.by, false, false);
                        r.string(it, ip, "note", item.note, false);
                        if (r.string(it, ip, "href", item.href, false)) r.href(item.href, json_path_member(ip, "href"));
                        group.items.push_back(std::move(item));
                    }
                }
                shelf.groups.push_back(std::move(group));
            }
        }
        l.shelves.push_back(std::move(shelf));
    }
}

void read_work(Reader& r, const json& v, Work& w) {
    const std::string p = "$.work";
    if (!r.object(v, p, {"title", "intro", "intro_doc", "focus", "after", "after_doc", "projects"})) return;
    w.present = true;
    r.string(v, p, "title", w.title, true, true);
    w.trees = read_tree(r, v, p, "intro_doc", w.intro);
    read_tree(r, v, p, "after_doc", w.after);
    r.string(v, p, "intro", w.intro_markdown, !w.trees);
    r.string(v, p, "after", w.after_markdown, false);
    r.strings(v, p, "projects", w.projects, false, false);
    const json* focus = nullptr;
    if (r.array(v, p, "focus", focus, false)) {
        for (size_t i = 0; i < focus->size(); ++i) {
            std::string fp = json_path_index(p + ".focus", i);
            const json& f = (*focus)[i];
            if (!r.object(f, fp, {"term", "text"})) continue;
            FocusArea fa;
            r.string(f, fp, "term", fa.term, true, true);
            r.string(f, fp, "text", fa.text, true);
            w.focus.push_back(fa);
        }
    }
}

void read_find_me(Reader& r, const json& v, FindMe& f) {
    const std::string p = "$.find_me";
    if (!r.object(v, p, {"title", "handle_label", "handle", "links"})) return;
    f.present = true;
    r.string(v, p, "title", f.title, true, true);
    r.string(v, p, "handle_label", f.handle_label, false);
    r.string(v, p, "handle", f.handle, false);
    r.links(v, p, "links", f.links);
}

void read_contents(Reader& r, const json& v, std::vector<ContentsEntry>& c) {
    const std::string p = "$.contents";
    if (!v.is_array()) {
        r.error(p, false, std::string("expected an array, found ") + type_name(v),
                "write [ {\"title\": ..., \"chapter\": ...} ]");
        return;
    }
    for (size_t i = 0; i < v.size(); ++i) {
        std::string ep = json_path_index(p, i);
        if (!r.object(v[i], ep, {"title", "chapter"})) continue;
        ContentsEntry e;
        r.string(v[i], ep, "title", e.title, true, true);
        r.string(v[i], ep, "chapter", e.chapter, true, true);
        c.push_back(e);
    }
}

// Reads each array element with fn(reader, element, path, item).
template <typename T, typename Fn>
void read_list(Reader& r, const json& root, const char* key, bool required, std::vector<T>& outv, Fn fn) {
    const json* arr = nullptr;
    if (!r.array(root, "$", key, arr, required)) return;
    std::string p = json_path_member("$", key);
    for (size_t i = 0; i < arr->size(); ++i) {
        T item;
        fn(r, (*arr)[i], json_path_index(p, i), item);
        outv.push_back(std::move(item));
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Cross-references: slugs unique, references resolve
//-----------------------------------------------------------------------------

void check_unique(Reader& r, const std::vector<std::string>& keys, const std::string& list_path, const char* field,
                  const char* what) {
    std::set<std::string> seen;
    for (size_t i = 0; i < keys.size(); ++i) {
        if (keys[i].empty()) continue;
        if (!seen.insert(keys[i]).second)
            r.error(json_path_member(json_path_index(list_path, i), field), false,
                    std::string("duplicate ") + what + " '" + keys[i] + "'",
                    std::string("give each ") + what + " its own value");
    }
}

void check_references(Reader& r, const Site& s) {
    std::vector<std::string> slugs, ids, repos, shelf_ids;
    for (const Article& a : s.writing)
        slugs.push_back(a.slug);
    for (const Project& p : s.projects)
        ids.push_back(p.id);
    for (const Contribution& c : s.contributions)
        repos.push_back(c.repo);
    for (const Shelf& sh : s.loves.shelves)
        shelf_ids.push_back(sh.id);
    check_unique(r, slugs, "$.writing", "slug", "slug");
    check_unique(r, ids, "$.projects", "id", "project id");
    check_unique(r, repos, "$.contributions", "repo", "repository");
    check_unique(r, shelf_ids, "$.loves.shelves", "id", "shelf id");

    auto known = [](const std::vector<std::string>& v, const std::string& k) {
        return std::find(v.begin(), v.end(), k) != v.end();
    };
    for (size_t y = 0; y < s.timeline.size(); ++y)
        for (size_t e = 0; e < s.timeline[y].entries.size(); ++e) {
            const TimelineEntry& te = s.timeline[y].entries[e];
            std::string ep = json_path_index(json_path_member(json_path_index("$.timeline", y), "entries"), e);
            if (te.ref.empty()) continue;
            if (te.kind == EntryKind::Article && !known(slugs, te.ref))
                r.error(ep + ".article", false, "no article has the slug '" + te.ref + "'",
                        "add it to \"writing\" or fix the slug");
            if (te.kind == EntryKind::Project && !known(ids, te.ref))
                r.error(ep + ".project", false, "no project has the id '" + te.ref + "'",
                        "add it to \"projects\" or fix the id");
            if (te.kind == EntryKind::Pulls && !known(repos, te.ref))
                r.error(ep + ".merged_into", false, "'" + te.ref + "' is not listed in \"contributions\"",
                        "add {\"repo\": \"" + te.ref + "\"} to \"contributions\"");
        }
    for (size_t i = 0; i < s.work.projects.size(); ++i)
        if (!known(ids, s.work.projects[i]))
            r.error(json_path_index("$.work.projects", i), false, "no project has the id '" + s.work.projects[i] + "'",
                    "add it to \"projects\" or fix the id");
    std::vector<std::string> chapters = shelf_ids;
    if (s.loves.present) chapters.push_back("loves");
    chapters.push_back("writing");
    if (s.work.present) chapters.push_back("work");
    if (s.find_me.present) chapters.push_back("find-me");
    for (size_t i = 0; i < s.contents.size(); ++i)
        if (!s.contents[i].chapter.empty() && !known(chapters, s.contents[i].chapter)) {
            std::string list;
            for (const std::string& c : chapters)
                list += (list.empty() ? "" : ", ") + c;
            r.error(json_path_index("$.contents", i) + ".chapter", false, "no chapter '" + s.contents[i].chapter + "'",
                    "use one of: " + list);
        }
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Entry points
//-----------------------------------------------------------------------------

bool read_whole_file(const std::string& path, std::string& contents) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return false;
    std::ostringstream ss;
    ss << f.rdbuf();
    contents = ss.str();
    return true;
}

bool load_site_json(const std::string& file_label, std::string text, Site& site, Diagnostics& out, ReadFile read_file,
                    void* user) {
    size_t before = out.size();
    JsonSource src;
    if (!parse_json_source(file_label, std::move(text), src, out)) return false;
    Reader r{src, out};
    const json& root = src.value;
    if (!r.object(root, "$",
                  {"schema", "site", "timeline", "writing", "projects", "contributions", "loves", "work", "find_me",
                   "contents"}))
        return false;
    if (r.integer(root, "$", "schema", site.schema, true, -1000000, 1000000) && site.schema != 1) {
        r.error("$.schema", false, "unsupported schema version " + std::to_string(site.schema),
                "this folio reads version 1; see docs/content.md");
        return false;
    }
    if (const json* v = r.field(root, "$", "site", true)) read_site(r, *v, site.info);
    read_list(r, root, "writing", true, site.writing, read_article);
    read_list(r, root, "projects", false, site.projects, read_project);
    read_list(r, root, "contributions", false, site.contributions, read_contribution);
    if (const json* v = r.field(root, "$", "timeline", true)) read_timeline(r, *v, site.timeline);
    if (const json* v = r.field(root, "$", "loves", false)) read_loves(r, *v, site.loves);
    if (const json* v = r.field(root, "$", "work", false)) read_work(r, *v, site.work);
    if (const json* v = r.field(root, "$", "find_me", false)) read_find_me(r, *v, site.find_me);
    if (const json* v = r.field(root, "$", "contents", true)) read_contents(r, *v, site.contents);
    check_references(r, site);

    // Markdown files named by body_file.
    for (size_t i = 0; i < site.writing.size(); ++i) {
        Article& a = site.writing[i];
        if (a.body_file.empty()) continue;
        std::string p = json_path_member(json_path_index("$.writing", i), "body_file");
        std::string contents;
        if (!read_file || !read_file(a.body_file, contents, user)) {
            r.error(p, false, "cannot read the Markdown file '" + a.body_file + "'",
                    "create it (the path is relative to the bundle folder) or fix the path");
            continue;
        }
        size_t bad = find_invalid_utf8(contents);
        if (bad != std::string::npos) {
            r.error(p, false, "'" + a.body_file + "' is not UTF-8 (invalid byte at offset " + std::to_string(bad) + ")",
                    "save the file as UTF-8");
            continue;
        }
        a.body_markdown = contents;
    }
    if (out.size() != before) return false;
    derive(site);
    return true;
}

struct DiskReader {
    std::string dir;
};

static bool read_from_bundle(const std::string& path, std::string& contents, void* user) {
    const auto* r = static_cast<const DiskReader*>(user);
    if (path.empty() || path[0] == '/' || path.find("..") != std::string::npos) return false; // stay inside the bundle
    return read_whole_file(r->dir + "/" + path, contents);
}

bool load_bundle(const std::string& bundle_dir, Site& site, Diagnostics& out) {
    std::string file = bundle_dir + "/content.json";
    std::string text;
    if (!read_whole_file(file, text)) {
        Diagnostic d;
        d.file = file;
        d.message = "cannot read the file";
        d.hint = "run folio in a bundle folder, or pass the folder that holds content.json";
        out.push_back(d);
        return false;
    }
    DiskReader reader{bundle_dir};
    if (!load_site_json(file, std::move(text), site, out, read_from_bundle, &reader)) return false;
#ifndef FOLIO_TREES_ONLY
    size_t before = out.size();
    check_images(site, bundle_dir, out);
    if (out.size() != before) return false;
#endif
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Serialising: one JSON document with the bodies inlined, for the browser
//-----------------------------------------------------------------------------

static json links_json(const std::vector<Link>& links) {
    json a = json::array();
    for (const Link& l : links) {
        json o = {{"text", l.text}};
        if (!l.href.empty()) o["href"] = l.href;
        a.push_back(o);
    }
    return a;
}

std::string body_url(const Article& a) { return "/writing/" + a.slug + "/body.json"; }

std::string body_tree_json(const Article& a) { return document_to_json(a.body).dump(); }

std::string site_to_json(const Site& s, bool separate_bodies) {
    json j;
    j["schema"] = 1;
    json site = {{"title", s.info.title},
                 {"author", s.info.author},
                 {"tagline", s.info.tagline},
                 {"base_url", s.info.base_url},
                 {"guid_base", s.info.guid_base},
                 {"language", s.info.language},
                 {"description", s.info.description},
                 {"links", links_json(s.info.links)}};
    if (!s.info.bio.empty()) site["bio"] = s.info.bio;
    j["site"] = site;
    json writing = json::array();
    for (const Article& a : s.writing) {
        json o = {{"slug", a.slug}, {"title", a.title},     {"date", format_iso(a.date)},
                  {"dek", a.dek},   {"opening", a.opening}, {"tags", a.tags}};
        // Trees, not Markdown: the browser has no Markdown or HTML parser (document_json.h).
        if (separate_bodies && a.body_markdown != a.opening) {
            o["body_url"] = body_url(a);
            o["words"] = a.words;
#ifndef FOLIO_TREES_ONLY
            o["body_doc"] = document_to_json(parse_markdown(a.opening)); // shown until the body arrives
#endif
        } else {
            o["body_doc"] = document_to_json(a.body);
        }
        writing.push_back(o);
    }
    j["writing"] = writing;
    json projects = json::array();
    for (const Project& p : s.projects)
        projects.push_back({{"id", p.id},
                            {"name", p.name},
                            {"summary", p.summary},
                            {"where", p.where},
                            {"date", format_iso(p.date)},
                            {"event", p.event},
                            {"links", links_json(p.links)}});
    j["projects"] = projects;
    json contributions = json::array();
    for (const Contribution& c : s.contributions) {
        json o = {{"repo", c.repo}, {"host", c.host}};
        if (c.merged_total >= 0) o["merged_total"] = c.merged_total;
        contributions.push_back(o);
    }
    j["contributions"] = contributions;
    json timeline = json::array();
    for (const TimelineYear& y : s.timeline) {
        json entries = json::array();
        for (const TimelineEntry& e : y.entries) {
            if (e.kind == EntryKind::Article) entries.push_back({{"article", e.ref}});
            if (e.kind == EntryKind::Project) entries.push_back({{"project", e.ref}});
            if (e.kind == EntryKind::Pulls) {
                json pulls = json::array();
                for (const PullRequest& p : e.pulls)
                    pulls.push_back({{"number", p.number}, {"title", p.title}});
                entries.push_back({{"merged_into", e.ref}, {"show", e.show}, {"pulls", pulls}});
            }
        }
        timeline.push_back({{"year", y.year}, {"entries", entries}});
    }
    j["timeline"] = timeline;
    if (s.loves.present) {
        json shelves = json::array();
        for (const Shelf& sh : s.loves.shelves) {
            json groups = json::array();
            for (const ShelfGroup& g : sh.groups) {
                json items = json::array();
                for (const ShelfItem& it : g.items) {
                    json o = {{"title", it.title}, {"by", it.by}};
                    if (!it.note.empty()) o["note"] = it.note;
                    if (!it.href.empty()) o["href"] = it.href;
                    items.push_back(o);
                }
                json go = {{"items", items}};
                if (!g.heading.empty()) go["heading"] = g.heading;
                groups.push_back(go);
            }
            shelves.push_back({{"id", sh.id},
                               {"title", sh.title},
                               {"subtitle", sh.subtitle},
                               {"running_head", sh.running_head},
                               {"numbered", sh.numbered},
                               {"groups", groups}});
        }
        j["loves"] = {{"title", s.loves.title}, {"intro_doc", document_to_json(s.loves.intro)}, {"shelves", shelves}};
    }
    if (s.work.present) {
        json focus = json::array();
        for (const FocusArea& f : s.work.focus)
            focus.push_back({{"term", f.term}, {"text", f.text}});
        j["work"] = {{"title", s.work.title},
                     {"intro_doc", document_to_json(s.work.intro)},
                     {"focus", focus},
                     {"after_doc", document_to_json(s.work.after)},
                     {"projects", s.work.projects}};
    }
    if (s.find_me.present)
        j["find_me"] = {{"title", s.find_me.title},
                        {"handle_label", s.find_me.handle_label},
                        {"handle", s.find_me.handle},
                        {"links", links_json(s.find_me.links)}};
    json contents = json::array();
    for (const ContentsEntry& c : s.contents)
        contents.push_back({{"title", c.title}, {"chapter", c.chapter}});
    j["contents"] = contents;
    return j.dump();
}

} // namespace folio
