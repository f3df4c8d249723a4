// folio core: the content schema, section by section: each reader (with its checks) next to its writer,
// so a field added to one is seen beside the other. See docs/content.md for the meaning of every field.
// The writers also write what only site.json has (trees, body_url, numbers, folds): the browser reads
// that with site_reader.cpp, in the same order of sections.
#include "core/bundle/schema.h"

#include <map>
#include <set>
#include <unordered_set>

#include "core/bundle/load.h"
#include "core/bundle/posts.h"
#include "core/markup/markdown.h"
#include "core/markup/word_breaks.h"
#include "core/model/bound.h"
#include "core/model/derive.h"
#include "core/model/links.h"
#include "core/model/routes.h"
#include "core/wire/document_json.h"

namespace folio {

using nlohmann::json;

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Links (site, projects, find me)
//-----------------------------------------------------------------------------

json write_links(const std::vector<Link>& links) {
    json a = json::array();
    for (const Link& l : links) {
        json o = {{"text", l.text}};
        if (!l.href.empty()) o["href"] = l.href;
        a.push_back(o);
    }
    return a;
}

//-----------------------------------------------------------------------------
// [SECTION] site
//-----------------------------------------------------------------------------

// site.words: the author's words over the language's table; each key one of words.h's, each pattern
// keeping the holes its member needs. A language with no table is said once, with what to give.
void read_words(Reader& r, const json& v, const std::string& p, SiteInfo& s) {
    bool known = true;
    const Words* table = words_for(s.language);
    known = table != nullptr;
    s.words = table ? *table : Words{};
    const json* given = r.field(v, p, "words", false);
    const std::string wp = json_path_member(p, "words");
    if (given && !given->is_object()) {
        r.error(wp, false, std::string("expected an object, found ") + type_name(*given),
                "write { \"contents\": \"...\", ... } here");
        given = nullptr;
    }
    std::set<std::string> set;
    if (given)
        for (const auto& [key, value] : given->items()) {
            const std::string kp = json_path_member(wp, key.c_str());
            std::string Words::*member = nullptr;
            std::string nearest;
            for (const auto& [k, m] : word_keys()) {
                if (key == k) member = m;
                if (nearest.empty() || edit_distance(key, k) < edit_distance(key, nearest)) nearest = k;
            }
            if (!member) {
                const bool close = edit_distance(key, nearest) <= std::max<size_t>(2, key.size() / 3);
                r.error(kp, true, "'" + key + "' is not one of the book's words",
                        (close ? "did you mean '" + nearest + "'? " : std::string()) +
                            "docs/content.md lists them all");
                continue;
            }
            if (!value.is_string() || value.get<std::string>().empty()) {
                r.error(kp, false, "a word must be a non-empty string, not " + std::string(type_name(value)),
                        "write it as text, e.g. \"" + key + "\": \"" + (Words{}.*member) + "\"");
                continue;
            }
            const std::string text = value.get<std::string>();
            bool whole = true;
            for (const std::string& hole : required_holes(key.c_str()))
                if (text.find("{" + hole + "}") == std::string::npos) {
                    r.error(kp, false, "'" + text + "' leaves out {" + hole + "}",
                            "keep it where the " + hole + " goes, as in \"" + (Words{}.*member) + "\"");
                    whole = false;
                }
            if (!whole) continue;
            s.words.*member = text;
            set.insert(key);
        }
    if (known) return;
    std::string missing;
    int count = 0;
    for (const auto& [k, m] : word_keys())
        if (!set.count(k)) {
            (void)m;
            if (count++ < 4) missing += std::string(missing.empty() ? "" : ", ") + k;
        }
    if (count == 0) return;
    r.error(json_path_member(p, "language"), false,
            "folio has no words of its own for '" + s.language + "': " + std::to_string(count) +
                " of the book's words (" + missing + (count > 4 ? ", ..." : "") + ") stay English",
            "give them in site.words (docs/content.md lists the keys)");
    r.out.back().warning = true;
}

void read_site(Reader& r, const json& v, SiteInfo& s) {
    const std::string p = "$.site";
    if (!r.object(v, p,
                  {"title", "author", "tagline", "bio", "base_url", "guid_base", "language", "description", "links",
                   "words", "other_host_images"}))
        return;
    r.string(v, p, "title", s.title, true, true);
    r.string(v, p, "author", s.author, true, true);
    r.string(v, p, "tagline", s.tagline, true);
    r.string(v, p, "bio", s.bio, false);
    mark_word_breaks(s.tagline);
    mark_word_breaks(s.bio);
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
    r.boolean(v, p, "other_host_images", s.other_host_images);
    read_words(r, v, p, s);
}

json write_site(const SiteInfo& s) {
    json site = {{"title", s.title},
                 {"author", s.author},
                 {"tagline", s.tagline},
                 {"base_url", s.base_url},
                 {"guid_base", s.guid_base},
                 {"language", s.language},
                 {"description", s.description},
                 {"links", write_links(s.links)}};
    if (!s.bio.empty()) site["bio"] = s.bio;
    if (!s.other_host_images) site["other_host_images"] = false;
    // All the book's: the browser has no tables (words.h). The scripts' go in the boot script (build.cpp).
    json words = json::object();
    for (size_t i = 0; i < book_word_count(); ++i)
        words[word_keys()[i].first] = s.words.*word_keys()[i].second;
    site["words"] = words;
    return site;
}

//-----------------------------------------------------------------------------
// [SECTION] writing (articles)
//-----------------------------------------------------------------------------

// The browser's record (separate_bodies: what `folio build` writes) carries no opening. A body of its own
// comes by body_url (an article's page preloads it; the book asks for it as the article opens, or as a
// pointer rests on a link to it), and a body that is only its opening comes whole, as body_doc. Openings
// and their trees were most of site.json: 16.8 of the seed's 44.2 KB, 3.7 KB of its 13.6 KB gzip.
json write_article(const Article& a, bool separate_bodies) {
    json o = {{"slug", a.slug}, {"title", a.title}, {"date", format_iso(a.date)}, {"dek", a.dek}, {"tags", a.tags}};
    if (a.fold >= 0) { // a bounded archive (bound.h): the browser holds only part of it
        o["number"] = a.number;
        o["fold"] = a.fold;
    }
    if (!separate_bodies) {
        o["opening"] = a.opening;
    } else if (a.body_markdown != a.opening) {
        o["body_url"] = a.body_url.empty() ? body_url(a) : a.body_url; // `folio build` packs bodies in chunks
        o["words"] = a.words;
        return o;
    }
    o["body_doc"] = document_to_json(a.body);
    return o;
}

//-----------------------------------------------------------------------------
// [SECTION] projects
//-----------------------------------------------------------------------------

void read_project(Reader& r, const json& v, const std::string& p, Project& pr) {
    if (!r.object(v, p, {"id", "name", "summary", "where", "date", "event", "links"})) return;
    if (r.string(v, p, "id", pr.id, true)) r.name(json_path_member(p, "id"), pr.id, "id");
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

json write_project(const Project& p) {
    return {{"id", p.id},
            {"name", p.name},
            {"summary", p.summary},
            {"where", p.where},
            {"date", format_iso(p.date)},
            {"event", p.event},
            {"links", write_links(p.links)}};
}

//-----------------------------------------------------------------------------
// [SECTION] contributions
//-----------------------------------------------------------------------------

void read_contribution(Reader& r, const json& v, const std::string& p, Contribution& c) {
    if (!r.object(v, p, {"repo", "host", "merged_total"})) return;
    if (r.string(v, p, "repo", c.repo, true) &&
        (c.repo.find('/') == std::string::npos || c.repo.front() == '/' || c.repo.back() == '/'))
        r.error(json_path_member(p, "repo"), false, "'" + c.repo + "' is not OWNER/REPO",
                "write it like TheHPXProject/hpx");
    c.host = kDefaultForge;
    if (r.string(v, p, "host", c.host, false)) {
        if (classify(c.host) != LinkKind::Web)
            r.error(json_path_member(p, "host"), false, "'" + c.host + "' is not an http(s) address",
                    "write the forge's address, like https://codeberg.org/");
        else if (c.host.back() != '/')
            c.host += '/';
    }
    r.integer(v, p, "merged_total", c.merged_total, false, 0, 1000000);
}

json write_contribution(const Contribution& c) {
    json o = {{"repo", c.repo}, {"host", c.host}};
    if (c.merged_total >= 0) o["merged_total"] = c.merged_total;
    return o;
}

//-----------------------------------------------------------------------------
// [SECTION] timeline
//-----------------------------------------------------------------------------

bool read_timeline_year(Reader& r, const json& y, const std::string& yp, TimelineYear& year);

void read_timeline(Reader& r, const json& v, std::vector<TimelineYear>& years) {
    const std::string p = "$.timeline";
    if (!r.is_array(v, p, "write [ {\"year\": ..., \"entries\": [...]} ]")) return;
    for (size_t i = 0; i < v.size(); ++i) {
        TimelineYear year;
        if (read_timeline_year(r, v[i], json_path_index(p, i), year)) years.push_back(std::move(year));
    }
}

bool read_timeline_year(Reader& r, const json& y, const std::string& yp, TimelineYear& year) {
    {
        if (!r.object(y, yp, {"year", "entries"})) return false;
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
    }
    return true;
}

json write_timeline_year(const TimelineYear& y) {
    {
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
        return {{"year", y.year}, {"entries", entries}};
    }
}

// bounded: only the years before the timeline's fold (bound.h).
json write_timeline(const std::vector<TimelineYear>& years, bool bounded) {
    json timeline = json::array();
    for (const TimelineYear& y : years)
        if (!bounded || y.fold < 0) timeline.push_back(write_timeline_year(y));
    return timeline;
}

//-----------------------------------------------------------------------------
// [SECTION] loves and its shelves
//-----------------------------------------------------------------------------

bool read_shelf_item(Reader& r, const json& it, const std::string& ip, ShelfItem& item) {
    if (!r.object(it, ip, {"title", "by", "note", "href"})) return false;
    r.string(it, ip, "title", item.title, true, true);
    r.strings(it, ip, "by", item.by, false, false);
    r.string(it, ip, "note", item.note, false);
    if (r.string(it, ip, "href", item.href, false)) r.href(item.href, json_path_member(ip, "href"));
    return true;
}

json write_shelf_item(const ShelfItem& it) {
    json o = {{"title", it.title}, {"by", it.by}};
    if (!it.note.empty()) o["note"] = it.note;
    if (!it.href.empty()) o["href"] = it.href;
    return o;
}

void read_loves(Reader& r, const json& v, Loves& l) {
    const std::string p = "$.loves";
    if (!r.object(v, p, {"title", "intro", "shelves"})) return;
    l.present = true;
    r.string(v, p, "title", l.title, true, true);
    r.string(v, p, "intro", l.intro_markdown, false);
    const json* shelves = nullptr;
    if (!r.array(v, p, "shelves", shelves, true)) return;
    for (size_t i = 0; i < shelves->size(); ++i) {
        std::string sp = json_path_index(p + ".shelves", i);
        const json& s = (*shelves)[i];
        if (!r.object(s, sp, {"id", "title", "subtitle", "running_head", "numbered", "groups"})) continue;
        Shelf shelf;
        if (r.string(s, sp, "id", shelf.id, true)) r.name(json_path_member(sp, "id"), shelf.id, "id");
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
                        ShelfItem item;
                        if (read_shelf_item(r, (*items)[k], json_path_index(gp + ".items", k), item))
                            group.items.push_back(std::move(item));
                    }
                }
                shelf.groups.push_back(std::move(group));
            }
        }
        l.shelves.push_back(std::move(shelf));
    }
}

// bounded: only the items before a group's fold (the rest are in the fold's chunk, bound.h).
json write_shelf(const Shelf& sh, bool bounded) {
    json groups = json::array();
    for (const ShelfGroup& g : sh.groups) {
        json items = json::array();
        for (size_t i = 0; i < g.items.size(); ++i)
            if (!bounded || g.fold < 0 || i < static_cast<size_t>(kShelfGroupShown))
                items.push_back(write_shelf_item(g.items[i]));
        json go = {{"items", items}};
        if (!g.heading.empty()) go["heading"] = g.heading;
        if (bounded && g.fold >= 0) go["fold"] = g.fold;
        groups.push_back(go);
    }
    return {{"id", sh.id},
            {"title", sh.title},
            {"subtitle", sh.subtitle},
            {"running_head", sh.running_head},
            {"numbered", sh.numbered},
            {"groups", groups}};
}

json write_loves(const Loves& l, bool bounded) {
    json shelves = json::array();
    for (const Shelf& sh : l.shelves)
        shelves.push_back(write_shelf(sh, bounded));
    return {{"title", l.title}, {"intro_doc", document_to_json(l.intro)}, {"shelves", shelves}};
}

//-----------------------------------------------------------------------------
// [SECTION] work
//-----------------------------------------------------------------------------

void read_work(Reader& r, const json& v, Work& w) {
    const std::string p = "$.work";
    if (!r.object(v, p, {"title", "intro", "focus", "after", "projects"})) return;
    w.present = true;
    r.string(v, p, "title", w.title, true, true);
    r.string(v, p, "intro", w.intro_markdown, true);
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

json write_work(const Work& w) {
    json focus = json::array();
    for (const FocusArea& f : w.focus)
        focus.push_back({{"term", f.term}, {"text", f.text}});
    return {{"title", w.title},
            {"intro_doc", document_to_json(w.intro)},
            {"focus", focus},
            {"after_doc", document_to_json(w.after)},
            {"projects", w.projects}};
}

//-----------------------------------------------------------------------------
// [SECTION] find me
//-----------------------------------------------------------------------------

void read_find_me(Reader& r, const json& v, FindMe& f) {
    const std::string p = "$.find_me";
    if (!r.object(v, p, {"title", "handle_label", "handle", "links"})) return;
    f.present = true;
    r.string(v, p, "title", f.title, true, true);
    r.string(v, p, "handle_label", f.handle_label, false);
    r.string(v, p, "handle", f.handle, false);
    r.links(v, p, "links", f.links);
}

json write_find_me(const FindMe& f) {
    return {
        {"title", f.title}, {"handle_label", f.handle_label}, {"handle", f.handle}, {"links", write_links(f.links)}};
}

//-----------------------------------------------------------------------------
// [SECTION] contents
//-----------------------------------------------------------------------------

void read_contents(Reader& r, const json& v, std::vector<ContentsEntry>& c) {
    const std::string p = "$.contents";
    if (!r.is_array(v, p, "write [ {\"title\": ..., \"chapter\": ...} ]")) return;
    for (size_t i = 0; i < v.size(); ++i) {
        std::string ep = json_path_index(p, i);
        if (!r.object(v[i], ep, {"title", "chapter"})) continue;
        ContentsEntry e;
        r.string(v[i], ep, "title", e.title, true, true);
        r.string(v[i], ep, "chapter", e.chapter, true, true);
        c.push_back(e);
    }
}

json write_contents(const std::vector<ContentsEntry>& contents) {
    json out = json::array();
    for (const ContentsEntry& c : contents)
        out.push_back({{"title", c.title}, {"chapter", c.chapter}});
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] folds (site.json of a bounded archive, bound.h)
//-----------------------------------------------------------------------------

json write_folds(const std::vector<Fold>& folds) {
    json out = json::array();
    for (const Fold& f : folds) {
        json o = {{"kind", kFoldKinds[static_cast<int>(f.kind)]}, {"count", f.count}, {"url", f.url}};
        if (f.kind == FoldKind::Writing) o["year"] = f.year;
        if (f.kind == FoldKind::Writing && f.partial_year) o["partial_year"] = true;
        if (f.kind == FoldKind::Timeline) {
            o["year"] = f.year;
            o["first_year"] = f.first_year;
        }
        if (f.kind == FoldKind::Shelf) {
            o["shelf"] = f.shelf;
            o["group"] = f.group;
        }
        out.push_back(o);
    }
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] The document
//-----------------------------------------------------------------------------

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
// [SECTION] Cross-references: slugs unique, references resolve, chapters exist
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

// The articles content.json lists come first in site.writing, then those of post files (`posts`, in the
// same order): a problem with one is placed in its own file.
struct Places {
    size_t listed = 0;
    std::vector<const PostFile*> posts;

    // "$.writing[2].aliases[0]", or "writing/x.md:3:1" for a post file's.
    std::string where(size_t article, const std::string& member) const {
        if (article < listed) return json_path_member(json_path_index("$.writing", article), member);
        int line = 0, column = 0;
        posts[article - listed]->place(member.c_str(), line, column);
        return posts[article - listed]->file + ":" + std::to_string(line) + ":" + std::to_string(column);
    }
    void error(Reader& r, size_t article, const std::string& json_path, const char* key, const std::string& msg,
               const std::string& hint) const {
        if (article < listed)
            r.error(json_path, false, msg, hint);
        else
            post_error(r.out, *posts[article - listed], key, msg, hint);
    }
};

// An old address may not be one the site answers itself, nor be claimed twice (by two articles, or twice
// by one). Aliases alias_problem refused were reported when read.
void check_aliases(Reader& r, const Site& s, const Places& places) {
    const std::vector<std::string> owned = site_owned_paths(s);
    std::map<std::string, std::string> claimed; // alias_path -> where its first claim is
    for (size_t i = 0; i < s.writing.size(); ++i) {
        const Article& a = s.writing[i];
        for (size_t k = 0; k < a.aliases.size(); ++k) {
            std::string hint;
            if (!alias_problem(a.aliases[k], hint).empty()) continue;
            const std::string path = alias_path(a.aliases[k]);
            const std::string at = json_path_index(json_path_member(json_path_index("$.writing", i), "aliases"), k);
            const std::string where = i < places.listed ? at : places.where(i, "aliases");
            if (site_owns_path(owned, path)) {
                places.error(r, i, at, "aliases",
                             "the alias '" + a.aliases[k] + "' is an address this site already uses",
                             "leave it out: the site answers " + path + " itself");
                continue;
            }
            auto [first, fresh] = claimed.emplace(path, where);
            if (!fresh)
                places.error(r, i, at, "aliases",
                             "the alias '" + a.aliases[k] + "' is also claimed at " + first->second,
                             "keep it on one article: an old address can lead to one page only");
        }
    }
}

// The post files' articles after content.json's, each slug once: a post whose slug an entry or an earlier
// post has already is an error naming both places, and is left out.
void add_posts(Reader& r, Site& site, const std::vector<PostFile>& posts, Places& places) {
    places.listed = site.writing.size();
    std::map<std::string, std::string> taken; // slug -> where it was given
    for (size_t i = 0; i < site.writing.size(); ++i) {
        int line = 0, column = 0;
        const std::string at = json_path_member(json_path_index("$.writing", i), "slug");
        r.src.position_of(at, false, line, column);
        taken.emplace(site.writing[i].slug,
                      r.src.file + ":" + std::to_string(line) + ":" + std::to_string(column) + " (" + at + ")");
    }
    for (const PostFile& post : posts) {
        const std::string& slug = post.article.slug;
        if (slug.empty()) continue; // its error is said
        int line = 0, column = 0;
        post.place("slug", line, column);
        auto [first, fresh] =
            taken.emplace(slug, post.file + ":" + std::to_string(line) + ":" + std::to_string(column));
        if (!fresh) {
            post_error(r.out, post, "slug", "the slug '" + slug + "' is also given at " + first->second,
                       "give each article its own slug: set slug in this post's front matter, or rename the file");
            continue;
        }
        site.writing.push_back(post.article);
        places.posts.push_back(&post);
    }
}

void check_references(Reader& r, const Site& s, const Places& places) {
    std::vector<std::string> slugs, ids, repos, shelf_ids;
    for (const Article& a : s.writing)
        slugs.push_back(a.slug);
    // content.json's own; a post file's slug was checked against them as it was added (add_posts)
    const std::vector<std::string> listed_slugs(slugs.begin(), slugs.begin() + places.listed);
    for (const Project& p : s.projects)
        ids.push_back(p.id);
    for (const Contribution& c : s.contributions)
        repos.push_back(c.repo);
    for (const Shelf& sh : s.loves.shelves)
        shelf_ids.push_back(sh.id);
    check_unique(r, listed_slugs, "$.writing", "slug", "slug");
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
                        "add it to \"writing\" (or as a post file, writing/" + te.ref + ".md) or fix the slug");
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
    // A shelf is a chapter with a route of its own: it may not take a name the site already uses.
    for (size_t i = 0; i < shelf_ids.size(); ++i)
        if (reserved_chapter_id(shelf_ids[i]))
            r.error(json_path_member(json_path_index("$.loves.shelves", i), "id"), false,
                    "the id '" + shelf_ids[i] + "' is reserved (it names a chapter or a folder of the site)",
                    "choose another id; reserved: " + reserved_chapter_ids());
    check_aliases(r, s, places);
    // The contents may list any chapter but the contents itself, each once.
    std::vector<std::string> chapters;
    for (const Chapter& c : available_chapters(s))
        if (c.kind != ChapterKind::Contents) chapters.push_back(c.id);
    std::set<std::string> listed;
    for (size_t i = 0; i < s.contents.size(); ++i) {
        const std::string& id = s.contents[i].chapter;
        const std::string path = json_path_member(json_path_index("$.contents", i), "chapter");
        if (id.empty()) continue;
        if (!known(chapters, id)) {
            std::string list;
            for (const std::string& c : chapters)
                list += (list.empty() ? "" : ", ") + c;
            r.error(path, false, "no chapter '" + id + "'", "use one of: " + list);
        } else if (!listed.insert(id).second) {
            r.error(path, false, "the chapter '" + id + "' is listed twice", "keep one entry for it");
        }
    }
}

} // namespace

void read_article(Reader& r, const json& v, const std::string& p, Article& a) {
    if (!r.object(v, p, {"slug", "title", "date", "dek", "opening", "tags", "aliases", "body", "body_file", "draft"}))
        return;
    if (r.string(v, p, "slug", a.slug, true)) r.name(json_path_member(p, "slug"), a.slug, "slug");
    r.string(v, p, "title", a.title, true, true);
    r.date(v, p, "date", a.date, true);
    r.string(v, p, "dek", a.dek, true);
    // Thai words marked as in the Markdown (markup/word_breaks.h): a title or dek breaks between its words too.
    mark_word_breaks(a.title);
    mark_word_breaks(a.dek);
    r.string(v, p, "opening", a.opening, true, true);
    r.strings(v, p, "tags", a.tags, false, true);
    r.strings(v, p, "aliases", a.aliases, false, false);
    for (size_t i = 0; i < a.aliases.size(); ++i) {
        std::string hint, problem = alias_problem(a.aliases[i], hint);
        if (!problem.empty()) r.error(json_path_index(json_path_member(p, "aliases"), i), false, problem, hint);
    }
    r.boolean(v, p, "draft", a.draft);
    bool inline_body = r.string(v, p, "body", a.body_markdown, false);
    if (r.string(v, p, "body_file", a.body_file, false) && inline_body)
        r.error(json_path_member(p, "body_file"), true, "both 'body' and 'body_file' are given",
                "keep only one of them");
}

bool read_document(Reader& r, const json& root, Site& site, const std::vector<PostFile>* posts) {
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
    Places places;
    places.listed = site.writing.size();
    if (posts) add_posts(r, site, *posts, places);
    read_list(r, root, "projects", false, site.projects, read_project);
    read_list(r, root, "contributions", false, site.contributions, read_contribution);
    if (const json* v = r.field(root, "$", "timeline", true)) read_timeline(r, *v, site.timeline);
    if (const json* v = r.field(root, "$", "loves", false)) read_loves(r, *v, site.loves);
    if (const json* v = r.field(root, "$", "work", false)) read_work(r, *v, site.work);
    if (const json* v = r.field(root, "$", "find_me", false)) read_find_me(r, *v, site.find_me);
    if (const json* v = r.field(root, "$", "contents", true)) read_contents(r, *v, site.contents);
    check_references(r, site, places);
    return true;
}

json write_document(const Site& s, bool separate_bodies) {
    // The browser's copy of a bounded archive (bound.h) leaves out what is under a fold: the articles
    // of the writing chapter's folds (but those the shown timeline names), the years under the
    // timeline's fold, a shelf group's items after its bound.
    const bool bounded = separate_bodies && !s.folds.empty();
    std::unordered_set<std::string> named; // looked up for each of 10,000 folded articles
    for (const TimelineYear& y : s.timeline)
        for (const TimelineEntry& e : y.entries)
            if (y.fold < 0 && e.kind == EntryKind::Article) named.insert(e.ref);
    json j;
    j["schema"] = 1;
    j["site"] = write_site(s.info);
    json writing = json::array();
    for (const Article& a : s.writing)
        if (!bounded || a.fold < 0 || named.count(a.slug)) {
            writing.push_back(write_article(a, separate_bodies));
            if (bounded) writing.back()["number"] = a.number; // the browser does not hold them all to count
        }
    j["writing"] = std::move(writing);
    json projects = json::array();
    for (const Project& p : s.projects)
        projects.push_back(write_project(p));
    j["projects"] = std::move(projects);
    json contributions = json::array();
    for (const Contribution& c : s.contributions)
        contributions.push_back(write_contribution(c));
    j["contributions"] = std::move(contributions);
    j["timeline"] = write_timeline(s.timeline, bounded);
    if (s.loves.present) j["loves"] = write_loves(s.loves, bounded);
    if (s.work.present) j["work"] = write_work(s.work);
    if (s.find_me.present) j["find_me"] = write_find_me(s.find_me);
    j["contents"] = write_contents(s.contents);
    if (bounded) j["folds"] = write_folds(s.folds);
    return j;
}

json write_fold_chunk(const Site& s, int fold) {
    json j = json::object();
    const Fold& f = s.folds[fold];
    if (f.kind == FoldKind::Writing) {
        json writing = json::array();
        for (const Article& a : s.writing)
            if (a.fold == fold) writing.push_back(write_article(a, true));
        j["writing"] = writing;
    } else if (f.kind == FoldKind::Shelf) {
        json items = json::array();
        const ShelfGroup& g = s.loves.shelves[f.shelf].groups[f.group];
        for (size_t i = kShelfGroupShown; i < g.items.size(); ++i)
            items.push_back(write_shelf_item(g.items[i]));
        j["items"] = items;
    } else {
        json years = json::array(), writing = json::array();
        std::set<std::string> named;
        for (const TimelineYear& y : s.timeline)
            if (y.fold == fold) {
                years.push_back(write_timeline_year(y));
                for (const TimelineEntry& e : y.entries)
                    if (e.kind == EntryKind::Article) named.insert(e.ref);
            }
        for (const Article& a : s.writing)
            if (named.count(a.slug)) writing.push_back(write_article(a, true));
        j["timeline"] = years;
        j["writing"] = writing;
    }
    return j;
}

std::string fold_chunk(const Site& site, int fold) { return write_fold_chunk(site, fold).dump(); }

std::string article_record(const Article& a) { return write_article(a, /*separate_bodies=*/true).dump(); }

std::string body_url(const Article& a) { return article_path(a) + "/body.json"; }

std::string body_tree_json(const Article& a) { return document_json_text(a.body); }

} // namespace folio
