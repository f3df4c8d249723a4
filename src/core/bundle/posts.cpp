// folio core: posts as files, drafts and scheduled posts. See posts.h.
#include "core/bundle/posts.h"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <map>
#include <set>

#include "core/bundle/json_reader.h"
#include "core/markup/markdown.h"
#include "core/markup/word_breaks.h"
#include "core/model/routes.h"
#include "core/model/words.h"
#include "core/text/names.h"
#include "core/text/text.h"

namespace fs = std::filesystem;

namespace folio {

using nlohmann::json;

void PostFile::place(const char* key, int& line, int& column) const {
    auto at = places.find(key);
    line = at == places.end() ? 1 : at->second.first;
    column = at == places.end() ? 1 : at->second.second;
}

void post_error(Diagnostics& out, const PostFile& post, const char* key, std::string message, std::string hint,
                bool warning) {
    Diagnostic d;
    d.file = post.file;
    post.place(key, d.line, d.column);
    d.path = key; // the front matter's key, where content.json's errors give a JSON path
    d.message = std::move(message);
    d.hint = std::move(hint);
    d.warning = warning;
    out.push_back(std::move(d));
}

//-----------------------------------------------------------------------------
// [SECTION] Finding the post files
//-----------------------------------------------------------------------------

bool post_file_name(const fs::path& p) {
    const std::string ext = p.extension().string();
    const std::string name = p.filename().string();
    // Hugo's _index.md is a section's own page, not a post; dot files are editors' (".#x.md", swap files).
    return (ext == ".md" || ext == ".markdown") && name != "_index.md" && name[0] != '.';
}

std::vector<std::string> find_post_files(const std::string& bundle_dir) {
    std::vector<std::string> out;
    std::error_code ec;
    const fs::path root = fs::path(bundle_dir) / "writing";
    if (!fs::is_directory(root, ec)) return out;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        const fs::path& p = it->path();
        if (it->is_directory(ec) && p.filename().string()[0] == '.') {
            it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file(ec) && post_file_name(p))
            out.push_back(p.lexically_relative(bundle_dir).generic_string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] Reading one post: its fields
//-----------------------------------------------------------------------------

namespace {

// The keys folio reads, and those Hugo and Jekyll authors write that it leaves alone without a word
// (a key close to one folio reads is said, as a typo would lose its value).
const char* const kKeys[] = {"title", "date",      "tags",    "description",   "summary", "excerpt",    "slug",
                             "draft", "published", "aliases", "redirect_from", "lang",    "publishDate"};
const char* const kQuiet[] = {"math",    "katex",     "mathjax",  "toc",       "layout",  "categories", "author",
                              "authors", "weight",    "images",   "image",     "cover",   "lastmod",    "type",
                              "url",     "permalink", "comments", "keywords",  "series",  "expiryDate", "hidden",
                              "menu",    "share",     "sitemap",  "linkTitle", "outputs", "resources",  "markup",
                              "data",    "tag",       "showToc",  "header",    "feature", "thumbnail",  "license"};

bool listed(const char* const* begin, const char* const* end, const std::string& key) {
    return std::any_of(begin, end, [&](const char* k) { return key == k; });
}

// "title: ..." or "title = ...", as the front matter's own form writes it.
std::string key_line(FrontMatterKind kind, const std::string& key, const std::string& value) {
    return kind == FrontMatterKind::Toml ? key + " = " + value : key + ": " + value;
}

// A string the author wrote (a YAML number as its digits); false for anything else.
bool text_of(const json& v, std::string& out) {
    if (v.is_string())
        out = v.get<std::string>();
    else if (v.is_number_integer())
        out = std::to_string(v.get<long long>());
    else
        return false;
    return true;
}

// The date prefix of a Jekyll post's name ("2024-03-01-hello" -> 2024-03-01, rest "hello").
bool dated_name(const std::string& stem, Date& d, std::string& rest) {
    if (stem.size() < 12 || stem[10] != '-' || !calendar_date(stem.substr(0, 10), d.year, d.month, d.day)) return false;
    rest = stem.substr(11);
    return true;
}

// What the post's file name says: its slug (the name without .md, Jekyll's date prefix, or a Hugo page
// bundle's folder for index.md) and a date when the name has one.
void name_parts(const std::string& path, std::string& slug, Date& date) {
    const fs::path p(path);
    std::string stem = p.stem().string();
    if (stem == "index" && p.has_parent_path() && p.parent_path().filename() != "writing")
        stem = p.parent_path().filename().string();
    std::string rest;
    if (dated_name(stem, date, rest)) stem = rest;
    slug = stem;
}

// The first paragraph of a body, as Markdown: its first block of text that is not a heading, a fence,
// HTML, a rule, a shortcode or a picture alone. Empty when there is none.
std::string first_paragraph(const std::string& body) {
    std::vector<std::string> lines;
    for (size_t at = 0; at <= body.size();) {
        size_t nl = body.find('\n', at);
        if (nl == std::string::npos) nl = body.size();
        lines.push_back(body.substr(at, nl - at));
        at = nl + 1;
    }
    auto blank = [](const std::string& l) { return l.find_first_not_of(" \t") == std::string::npos; };
    auto starts = [](const std::string& l, const char* s) { return l.rfind(s, 0) == 0; };
    size_t i = 0;
    while (i < lines.size()) {
        const std::string& l = lines[i];
        if (blank(l)) {
            ++i;
        } else if (starts(l, "```") || starts(l, "~~~")) { // to the closing fence
            const std::string fence = l.substr(0, 3);
            for (++i; i < lines.size() && !starts(lines[i], fence.c_str()); ++i) {
            }
            ++i;
        } else if (starts(l, "#") || starts(l, "    ") || starts(l, "\t") || starts(l, "---") || starts(l, "***") ||
                   starts(l, "___")) {
            ++i;
        } else {
            std::string block;
            size_t j = i;
            for (; j < lines.size() && !blank(lines[j]); ++j)
                block += (block.empty() ? "" : "\n") + lines[j];
            const bool setext = j > i + 1 && (starts(lines[i + 1], "===") || starts(lines[i + 1], "---"));
            const bool other = starts(l, "<") || starts(l, "{{") || starts(l, "{%") || setext ||
                               (starts(l, "![") && j == i + 1 && block.back() == ')');
            if (!other) {
                while (!block.empty() && (block.back() == ' ' || block.back() == '\t'))
                    block.pop_back();
                return block;
            }
            i = j;
        }
    }
    return "";
}

// The words of the first paragraph within a parsed block, white space made single.
std::string paragraph_words(const Node& n) {
    if (n.kind == NodeKind::Paragraph) {
        std::string words;
        for (const char c : plain_text(n)) {
            const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
            if (!space)
                words += c;
            else if (!words.empty() && words.back() != ' ')
                words += ' ';
        }
        while (!words.empty() && words.back() == ' ')
            words.pop_back();
        if (!words.empty()) return words;
    }
    for (const Node& c : n.children) {
        std::string words = paragraph_words(c);
        if (!words.empty()) return words;
    }
    return "";
}

} // namespace

std::string opening_of(const std::string& body) {
    // Only the paragraph's block is parsed: its markup (emphasis, links, an inline picture's 200 lines of
    // data: address) is gone from the words a feed reader and the lists show.
    return paragraph_words(parse_markdown(first_paragraph(body)));
}

namespace {

// Reads what a post's front matter says into post.article; problems to out.
struct FieldReader {
    PostFile& post;
    const json& fm;
    FrontMatterKind kind;
    Diagnostics& out;

    void error(const char* key, std::string message, std::string hint) {
        post_error(out, post, key, std::move(message), std::move(hint), false);
    }
    // The text of `key`, when given as text: false (said) when it is something else.
    bool text(const char* key, std::string& value) {
        if (!fm.contains(key)) return false;
        if (text_of(fm[key], value)) return true;
        error(key, std::string("'") + key + "' must be text, not " + type_name(fm[key]),
              "write it as " + key_line(kind, key, "\"...\""));
        return false;
    }
    // A string or a list of strings (tags, aliases).
    bool list(const char* key, bool split_spaces, std::vector<std::string>& values) {
        if (!fm.contains(key)) return false;
        const json& v = fm[key];
        if (!v.is_string() && !v.is_array()) {
            error(key, std::string("'") + key + "' must be a list of text, not " + type_name(v),
                  "write it as " + key_line(kind, key, "[\"one\", \"two\"]"));
            return false;
        }
        values = string_list(v, split_spaces && v.is_string());
        return true;
    }

    void title() {
        Article& a = post.article;
        if (text("title", a.title) && a.title.find_first_not_of(" \t") != std::string::npos) {
            mark_word_breaks(a.title);
            return;
        }
        if (!fm.contains("title") || fm["title"].is_string())
            error("title", "the post has no title",
                  "add " + key_line(kind, "title", "\"...\"") + " to its front matter");
    }
    void date(const Date& from_name) {
        Article& a = post.article;
        const char* key = fm.contains("date") ? "date" : "publishDate";
        std::string written;
        if (!text(key, written)) {
            if (!fm.contains(key) && from_name.year > 0)
                a.date = from_name;
            else if (!fm.contains(key))
                error("date", "the post has no date",
                      "add " + key_line(kind, "date", format_iso(local_today())) + " to its front matter");
            return;
        }
        if (!calendar_date(written, a.date.year, a.date.month, a.date.day) || a.date.year > 9999)
            error(key, "'" + written + "' is not a date",
                  "write it as YYYY-MM-DD, a day that exists: " + key_line(kind, key, format_iso(local_today())));
    }
    void slug(const std::string& from_name) {
        Article& a = post.article;
        const bool given = text("slug", a.slug);
        if (!given) a.slug = from_name;
        NameCheck c = check_name(a.slug);
        if (c.problem.empty()) {
            a.slug = c.normal;
        } else if (given) {
            error("slug", "the slug '" + a.slug + "' " + c.problem, c.hint);
        } else {
            error("slug", "the file name gives the slug '" + a.slug + "', which " + c.problem,
                  "rename the file, or add " + key_line(kind, "slug", "\"...\"") + " to its front matter");
        }
    }
    void tags() {
        std::vector<std::string> raw;
        if (!list("tags", /*split_spaces=*/true, raw)) return; // Jekyll's "tags: a b" is two
        for (const std::string& t : raw) {
            NameCheck c = check_name(t);
            if (c.problem.empty())
                post.article.tags.push_back(c.normal);
            else
                error("tags", "the tag '" + t + "' " + c.problem, c.hint);
        }
    }
    void aliases() {
        for (const char* key : {"aliases", "redirect_from"}) { // Hugo's, and Jekyll's redirect_from plugin's
            std::vector<std::string> raw;
            if (!list(key, false, raw)) continue;
            for (const std::string& alias : raw) {
                std::string hint, problem = alias_problem(alias, hint);
                if (problem.empty())
                    post.article.aliases.push_back(alias);
                else
                    error(key, problem, hint);
            }
        }
    }
    void draft() {
        for (const char* key : {"draft", "published"}) { // Jekyll's published: false is a draft
            if (!fm.contains(key)) continue;
            if (!fm[key].is_boolean()) {
                error(key, std::string("'") + key + "' must be true or false, not " + type_name(fm[key]),
                      "write " + key_line(kind, key, "true") + " (no quotes)");
                continue;
            }
            const bool v = fm[key].get<bool>();
            post.article.draft = post.article.draft || (key[0] == 'd' ? v : !v);
        }
    }
    void dek() {
        for (const char* key : {"description", "summary", "excerpt"})
            if (text(key, post.article.dek)) break;
        mark_word_breaks(post.article.dek);
    }
    // A key folio does not read, but close to one it does: a typo would lose its value quietly.
    void unknown_keys() {
        for (const auto& [key, value] : fm.items()) {
            (void)value;
            if (listed(std::begin(kKeys), std::end(kKeys), key) || listed(std::begin(kQuiet), std::end(kQuiet), key))
                continue;
            for (const char* k : kKeys)
                if (key.size() >= 3 && edit_distance(key, k) <= 2) {
                    post_error(out, post, key.c_str(), "folio does not read '" + key + "'",
                               std::string("did you mean '") + k + "'?", /*warning=*/true);
                    break;
                }
        }
    }
};

} // namespace

bool read_post(const std::string& path, const std::string& file, const std::string& raw, PostFile& post,
               Diagnostics& out) {
    const size_t before = out.size();
    post.file = file;
    post.article.body_file = path;
    post.article.post_file = true;
    auto file_error = [&](int line, int column, std::string message, std::string hint) {
        Diagnostic d;
        d.file = file;
        d.line = line, d.column = column;
        d.message = std::move(message);
        d.hint = std::move(hint);
        out.push_back(std::move(d));
        return false;
    };
    const size_t bad = find_invalid_utf8(raw);
    if (bad != std::string::npos)
        return file_error(0, 0, "not UTF-8 (invalid byte at offset " + std::to_string(bad) + ")", "save it as UTF-8");
    SplitPost split;
    SourceError err;
    const std::string text = normalize_text(raw);
    if (!split_front_matter(text, split, err)) return file_error(err.line, err.column, err.message, "");
    if (split.kind == FrontMatterKind::None)
        return file_error(1, 1, "a post under writing/ starts with its front matter",
                          "begin the file with a line '---', then 'title: ...' and 'date: " +
                              format_iso(local_today()) + "', then '---' (or name it as a body_file in content.json)");
    json fm;
    const bool parsed = split.kind == FrontMatterKind::Yaml
                            ? yaml_to_json(split.front_matter, split.front_matter_line - 1, fm, err, &post.places)
                            : toml_to_json(split.front_matter, split.front_matter_line - 1, fm, err, &post.places);
    if (!parsed) return file_error(err.line, err.column, err.message, "fix the front matter's syntax");
    if (!fm.is_object())
        return file_error(split.front_matter_line, 1, "the front matter is not a set of keys",
                          "write one key a line, e.g. " + key_line(split.kind, "title", "\"...\""));
    std::string from_name;
    Date name_date;
    name_parts(path, from_name, name_date);
    FieldReader r{post, fm, split.kind, out};
    r.title();
    r.date(name_date);
    r.slug(from_name);
    r.tags();
    r.aliases();
    r.draft();
    r.dek();
    r.text("lang", post.lang);
    r.unknown_keys();
    Article& a = post.article;
    a.body_markdown = split.body;
    a.body_line = split.body_line;
    // The opening is the body's first paragraph; a post with none (just started) opens with its dek, or title.
    a.opening = opening_of(split.body);
    if (a.opening.empty()) a.opening = a.dek.empty() ? a.title : a.dek;
    for (size_t i = before; i < out.size(); ++i)
        if (!out[i].warning) return false;
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] The timeline: posts by date
//-----------------------------------------------------------------------------

void place_posts_in_timeline(Site& site) {
    std::set<std::string> named;
    for (const TimelineYear& y : site.timeline)
        for (const TimelineEntry& e : y.entries)
            if (e.kind == EntryKind::Article) named.insert(e.ref);
    std::map<std::string, Date> dated; // what an entry's date is, by its ref
    for (const Article& a : site.writing)
        dated[a.slug] = a.date;
    for (const Project& p : site.projects)
        dated[p.id] = p.date;
    for (const Article& a : site.writing) {
        if (!a.post_file || named.count(a.slug)) continue;
        auto y = std::find_if(site.timeline.begin(), site.timeline.end(),
                              [&](const TimelineYear& t) { return t.year <= a.date.year; });
        if (y == site.timeline.end() || y->year != a.date.year) {
            TimelineYear fresh;
            fresh.year = a.date.year;
            y = site.timeline.insert(y, fresh);
        }
        // Before the first entry dated earlier (pull-request blocks have no date of their own).
        auto at = std::find_if(y->entries.begin(), y->entries.end(), [&](const TimelineEntry& e) {
            auto d = dated.find(e.ref);
            return e.kind != EntryKind::Pulls && d != dated.end() && d->second < a.date;
        });
        TimelineEntry entry;
        entry.kind = EntryKind::Article;
        entry.ref = a.slug;
        y->entries.insert(at, entry);
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Drafts and scheduled posts
//-----------------------------------------------------------------------------

Date local_today() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    return Date{local.tm_year + 1900, local.tm_mon + 1, local.tm_mday};
}

bool held_back(const Article& a, const Date& today) { return a.draft || today < a.date; }

void apply_drafts(Site& site, Drafts& drafts) {
    if (drafts.today.year == 0) drafts.today = local_today();
    std::set<std::string> dropped;
    for (Article& a : site.writing) {
        if (!held_back(a, drafts.today)) continue;
        const std::string where = a.post_file ? a.body_file : "content.json '" + a.slug + "'";
        drafts.held.push_back(where + (a.draft ? " (draft)" : " (dated " + format_iso(a.date) + ")"));
        if (drafts.show)
            a.title = fill(site.info.words.draft, {{"title", a.title}});
        else
            dropped.insert(a.slug);
    }
    if (dropped.empty()) return;
    auto gone = [&](const Article& a) { return dropped.count(a.slug) > 0; };
    site.writing.erase(std::remove_if(site.writing.begin(), site.writing.end(), gone), site.writing.end());
    for (TimelineYear& y : site.timeline) {
        const bool had = !y.entries.empty();
        y.entries.erase(std::remove_if(y.entries.begin(), y.entries.end(),
                                       [&](const TimelineEntry& e) {
                                           return e.kind == EntryKind::Article && dropped.count(e.ref);
                                       }),
                        y.entries.end());
        if (had && y.entries.empty()) y.year = 0; // a year of drafts alone: gone with them
    }
    site.timeline.erase(
        std::remove_if(site.timeline.begin(), site.timeline.end(), [](const TimelineYear& y) { return y.year == 0; }),
        site.timeline.end());
}

} // namespace folio
