// folio import: a bundle from a Hugo, Jekyll or Zola site folder. See import.h.
//
// A pipeline of plain stages: detect the generator, read its config, find the posts, read each post's
// front matter, give every post a unique slug, convert the bodies (shortcodes, Liquid, images), then
// write the bundle into a temporary folder, check it with folio's own loader, and move it into place.
#include "cli/import.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "cli/fetch.h"
#include "cli/import_markup.h"
#include "cli/import_permalinks.h"
#include "core/bundle/front_matter.h"
#include "core/bundle/load.h"
#include "core/bundle/posts.h"
#include "core/markup/markdown.h"
#include "core/model/links.h"
#include "core/model/routes.h"
#include "core/text/text.h"
#include "core/text/url.h"

namespace folio::import {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

//---- [SECTION] Reporting ----

// Problems in source order (file, line, column), however the stages found them.
struct Report {
    struct Entry {
        std::string file;
        int line, column;
        std::string text;
    };
    std::vector<Entry> errors, warnings;
    void error(const std::string& file, int line, int col, const std::string& what) {
        errors.push_back({file, line, col, "error: " + what});
    }
    void warning(const std::string& file, int line, int col, const std::string& what) {
        warnings.push_back({file, line, col, "warning: " + what});
    }
    static void print(std::vector<Entry> entries) {
        std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
            return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
        });
        for (const Entry& e : entries)
            std::fprintf(stderr, "%s:%d:%d: %s\n", e.file.c_str(), e.line, e.column, e.text.c_str());
    }
};

const char* generator_name(Generator g) {
    switch (g) {
    case Generator::Hugo: return "Hugo";
    case Generator::Jekyll: return "Jekyll";
    case Generator::Zola: return "Zola";
    }
    return "";
}

bool read_file(const fs::path& p, std::string& out) {
    std::ifstream f(p, std::ios::binary);
    if (!f) return false;
    std::ostringstream ss;
    ss << f.rdbuf();
    out = ss.str();
    return true;
}

bool write_file(const fs::path& p, const std::string& text) {
    std::error_code ec;
    fs::create_directories(p.parent_path(), ec);
    std::ofstream f(p, std::ios::binary);
    f << text;
    return static_cast<bool>(f);
}

//---- [SECTION] Detecting the generator and reading its config ----

const char* const kHugoConfigs[] = {"hugo.toml",   "hugo.yaml",   "hugo.yml",   "hugo.json",
                                    "config.toml", "config.yaml", "config.yml", "config.json"};

bool detect(const fs::path& src, Generator& g, std::string& why) {
    auto has = [&](const char* name) { return fs::exists(src / name); };
    if (has("_config.yml") || has("_config.yaml") || fs::is_directory(src / "_posts")) {
        g = Generator::Jekyll;
        return true;
    }
    std::string config;
    for (const char* name : {"zola.toml", "config.toml"})
        if (has(name) && read_file(src / name, config) && config.find("base_url") != std::string::npos) {
            g = Generator::Zola;
            return true;
        }
    for (const char* name : kHugoConfigs)
        if (has(name) || fs::is_directory(src / "config" / "_default")) {
            g = Generator::Hugo;
            return true;
        }
    why = "found no _config.yml (Jekyll), config.toml with base_url (Zola) or hugo.toml/config.* (Hugo)";
    return false;
}

// The config as JSON; {} when there is none. Errors are located in the config file.
json read_config(const fs::path& src, Generator g, Report& report) {
    std::vector<std::string> names;
    if (g == Generator::Jekyll) names = {"_config.yml", "_config.yaml"};
    if (g == Generator::Zola) names = {"zola.toml", "config.toml"};
    if (g == Generator::Hugo) {
        names.assign(std::begin(kHugoConfigs), std::end(kHugoConfigs));
        for (const char* n : kHugoConfigs)
            names.push_back(std::string("config/_default/") + n);
    }
    for (const std::string& name : names) {
        fs::path p = src / name;
        std::string raw;
        if (!fs::is_regular_file(p) || !read_file(p, raw)) continue;
        std::string text = normalize_text(raw);
        json out;
        SourceError err;
        std::string ext = p.extension().string();
        bool ok = ext == ".toml"   ? toml_to_json(text, 0, out, err)
                  : ext == ".json" ? (out = json::parse(text, nullptr, false), !out.is_discarded())
                                   : yaml_to_json(text, 0, out, err);
        if (!ok) {
            report.error(p.string(), err.line, err.column, err.message.empty() ? "not valid JSON" : err.message);
            return json::object();
        }
        return out.is_object() ? out : json::object();
    }
    return json::object();
}

std::string str(const json& obj, std::initializer_list<const char*> path) {
    const json* v = &obj;
    for (const char* k : path) {
        if (!v->is_object() || !v->contains(k)) return "";
        v = &(*v)[k];
    }
    if (v->is_string()) return v->get<std::string>();
    if (v->is_object() && v->contains("name") && (*v)["name"].is_string()) return (*v)["name"].get<std::string>();
    return "";
}

std::string first_of(std::initializer_list<std::string> values) {
    for (const std::string& v : values)
        if (!v.empty()) return v;
    return "";
}

//---- [SECTION] Slugs, titles, text ----

// folio's slug alphabet: [a-z0-9-]. Latin letters with accents lose them; anything else separates words.
std::string slugify(const std::string& s) {
    static const std::pair<const char*, const char*> folds[] = {
        {"\xC3\xA0", "a"}, {"\xC3\xA1", "a"}, {"\xC3\xA2", "a"}, {"\xC3\xA4", "a"}, {"\xC3\xA5", "a"},
        {"\xC3\xA7", "c"}, {"\xC3\xA8", "e"}, {"\xC3\xA9", "e"}, {"\xC3\xAA", "e"}, {"\xC3\xAB", "e"},
        {"\xC3\xAC", "i"}, {"\xC3\xAD", "i"}, {"\xC3\xAE", "i"}, {"\xC3\xAF", "i"}, {"\xC3\xB1", "n"},
        {"\xC3\xB2", "o"}, {"\xC3\xB3", "o"}, {"\xC3\xB4", "o"}, {"\xC3\xB6", "o"}, {"\xC3\xB8", "o"},
        {"\xC3\xB9", "u"}, {"\xC3\xBA", "u"}, {"\xC3\xBB", "u"}, {"\xC3\xBC", "u"}, {"\xC3\x9F", "ss"}};
    std::string out;
    bool dash = false;
    for (size_t i = 0; i < s.size();) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        std::string piece;
        size_t len = 1;
        if (c >= 0x80) {
            len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
            std::string ch = s.substr(i, len);
            std::string lower = ch;
            if (ch.size() == 2 && ch[0] == '\xC3' && static_cast<unsigned char>(ch[1]) >= 0x80 &&
                static_cast<unsigned char>(ch[1]) <= 0x9E)
                lower[1] = static_cast<char>(ch[1] + 0x20); // Latin-1 capitals to small letters
            for (const auto& [from, to] : folds)
                if (lower == from) piece = to;
        } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            piece = std::string(1, static_cast<char>(c));
        } else if (c >= 'A' && c <= 'Z') {
            piece = std::string(1, static_cast<char>(c - 'A' + 'a'));
        } else if (c == '\'') {
            piece = ""; // "don't" -> "dont"
            i += len;
            continue;
        }
        if (piece.empty()) {
            dash = !out.empty();
        } else {
            if (dash) out += '-';
            out += piece;
            dash = false;
        }
        i += len;
    }
    return out;
}

// "2019-03-04-my-post" -> date and "my-post" (Jekyll's file names; Zola and Hugo accept them too).
bool dated_name(const std::string& stem, int& y, int& m, int& d, std::string& rest) {
    if (stem.size() < 11 || stem[10] != '-' || !calendar_date(stem.substr(0, 10), y, m, d)) return false;
    rest = stem.substr(11);
    return true;
}

std::string iso_date(int y, int m, int d) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", y, m, d);
    return buf;
}

std::string humanize(std::string s) {
    for (char& c : s)
        if (c == '-' || c == '_') c = ' ';
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

std::string collapse_space(const std::string& s) {
    std::string out;
    bool space = false;
    for (char c : s) {
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        out += c;
        space = false;
    }
    return out;
}

// A body's first line "# Heading": the title when the front matter gave none, and gone from the body
// either way when it only repeats the title (folio prints the title above the body).
std::string take_leading_heading(const std::string& body, std::string& title) {
    size_t start = body.find_first_not_of(" \t\n");
    if (start == std::string::npos || body.compare(start, 2, "# ") != 0) return body;
    size_t eol = body.find('\n', start);
    std::string heading =
        collapse_space(body.substr(start + 2, eol == std::string::npos ? std::string::npos : eol - start - 2));
    auto lower = [](std::string t) {
        for (char& c : t)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return t;
    };
    if (title.empty())
        title = heading;
    else if (lower(heading) != lower(collapse_space(title)))
        return body;
    return eol == std::string::npos ? "" : body.substr(eol + 1);
}

// The first sentence, at most about 200 characters (cut at a word).
std::string first_sentence(const std::string& text) {
    size_t end = text.find(". ");
    std::string s = end == std::string::npos ? text : text.substr(0, end + 1);
    if (s.size() > 200) {
        size_t cut = s.rfind(' ', 200);
        s = s.substr(0, cut == std::string::npos ? 200 : cut) + "\xE2\x80\xA6";
    }
    return s;
}

//---- [SECTION] Posts ----

struct Post {
    fs::path file;
    std::string label;   // the path as reported: relative to SRC
    std::string rel;     // relative to the content folder, "/"-separated ("posts/x.md", "_posts/2020-..-x.md")
    std::string stem;    // file name without extension; a page bundle's folder name for index.md
    bool bundle = false; // index.md in its own folder, with its images beside it
    SplitPost split;
    json fm = json::object();
    std::string title, date, slug, description;
    std::vector<std::string> tags;
    bool draft = false;
    std::string body;
    // Old addresses, as site paths, each with the front matter key it came from (for messages).
    std::vector<std::pair<std::string, std::string>> aliases;
};

bool markdown_file(const fs::path& p) {
    std::string e = p.extension().string();
    std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return e == ".md" || e == ".markdown" || e == ".mdown" || e == ".mkd";
}

// Posts in formats other than Markdown: not imported, but never silently left behind.
bool other_markup_file(const fs::path& p) {
    std::string e = p.extension().string();
    std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return e == ".html" || e == ".htm" || e == ".org" || e == ".adoc" || e == ".asciidoc" || e == ".rst" ||
           e == ".pandoc" || e == ".ipynb" || e == ".textile";
}

std::vector<fs::path> files_in(const fs::path& dir, bool (*wanted)(const fs::path&)) {
    std::vector<fs::path> out;
    std::error_code ec;
    if (!fs::is_directory(dir)) return out;
    for (auto it = fs::recursive_directory_iterator(dir, ec); it != fs::recursive_directory_iterator();
         it.increment(ec))
        if (it->is_regular_file() && wanted(it->path())) out.push_back(it->path());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<fs::path> markdown_files(const fs::path& dir) { return files_in(dir, markdown_file); }

std::string generic(const fs::path& p) { return p.generic_string(); }

void find_posts(const fs::path& src, Generator g, std::vector<Post>& posts, std::vector<Post>& drafts) {
    auto add = [&](const fs::path& file, const fs::path& base, bool draft) {
        Post p;
        p.file = file;
        p.label = generic(fs::relative(file, src));
        p.rel = generic(fs::relative(file, base));
        p.bundle = file.stem() == "index";
        p.stem = p.bundle ? file.parent_path().filename().string() : file.stem().string();
        p.draft = draft;
        (draft ? drafts : posts).push_back(std::move(p));
    };
    if (g == Generator::Jekyll) {
        for (const fs::path& f : markdown_files(src / "_posts"))
            add(f, src, false);
        for (const fs::path& f : markdown_files(src / "_drafts"))
            add(f, src, true);
        return;
    }
    for (const fs::path& f : markdown_files(src / "content")) {
        std::string name = f.stem().string();
        if (name == "_index") continue; // a section's list page, not a post
        add(f, src / "content", false);
    }
}

// False, with the line and column of the first byte that is not UTF-8, when the text is not UTF-8.
bool utf8_position(const std::string& text, SourceError& err) {
    int line = 1, col = 1;
    for (size_t i = 0; i < text.size();) {
        uint32_t cp = 0;
        size_t n = utf8_decode(text, i, cp);
        if (n == 0 || cp == 0) {
            err.line = line, err.column = col;
            return false;
        }
        if (cp == '\n')
            ++line, col = 1;
        else
            ++col;
        i += n;
    }
    return true;
}

bool truthy(const json& v) {
    return (v.is_boolean() && v.get<bool>()) || (v.is_string() && v.get<std::string>() == "true");
}

// Title, date, tags, description, draft, slug from the front matter (the same keys across the three).
void read_fields(Post& p, Generator g) {
    const json& fm = p.fm;
    auto s = [&](const char* key) -> std::string {
        if (!fm.contains(key)) return "";
        if (fm[key].is_string()) return fm[key].get<std::string>();
        return fm[key].is_number() ? fm[key].dump() : ""; // title: 1984
    };
    p.title = s("title");
    p.description = first_of({s("description"), s("summary"), s("excerpt")});
    p.date = first_of({s("date"), s("publishDate"), s("pubdate"), s("published"), s("lastmod"), s("updated")});
    if (p.date.empty() && fm.contains("date") && fm["date"].is_number_integer())
        p.date = std::to_string(fm["date"].get<long long>());
    if (fm.contains("draft") && truthy(fm["draft"])) p.draft = true;
    if (fm.contains("published") && fm["published"].is_boolean() && !fm["published"].get<bool>()) p.draft = true;
    const bool jekyll = g == Generator::Jekyll;
    for (const char* key : {"tags", "categories", "category"})
        if (fm.contains(key))
            for (const std::string& t : string_list(fm[key], jekyll))
                p.tags.push_back(t);
    if (fm.contains("taxonomies") && fm["taxonomies"].is_object())
        for (const auto& [k, v] : fm["taxonomies"].items())
            for (const std::string& t : string_list(v, false))
                p.tags.push_back(t);
}

// An old address as a site path: a full URL loses its host; a relative one is taken from the root (Jekyll,
// Zola) or from the post's section folder (Hugo reads "old-name" beside the post: "/posts/old-name").
std::string old_address(std::string url, const Post& p, Generator g) {
    for (const char* scheme : {"https://", "http://"})
        if (url.rfind(scheme, 0) == 0) {
            size_t path = url.find('/', std::strlen(scheme));
            url = path == std::string::npos ? "/" : url.substr(path);
        }
    if (url.empty() || url[0] == '/') return url;
    std::string section;
    if (g == Generator::Hugo && p.rel.find('/') != std::string::npos) section = p.rel.substr(0, p.rel.find('/')) + "/";
    return "/" + section + url;
}

// The old addresses a post answered at, to keep as folio aliases: Hugo's url and aliases, Jekyll's
// permalink and redirect_from (jekyll-redirect-from), Zola's path and aliases. A permalink still holding
// Jekyll's placeholders (":title") names no one address, so it is left (import.cpp warns).
void read_aliases(Post& p, Generator g) {
    const json& fm = p.fm;
    std::vector<const char*> keys;
    if (g == Generator::Hugo) keys = {"url", "aliases"};
    if (g == Generator::Jekyll) keys = {"permalink", "redirect_from"};
    if (g == Generator::Zola) keys = {"path", "aliases"};
    for (const char* key : keys)
        if (fm.contains(key))
            for (const std::string& url : string_list(fm[key], false))
                if (!url.empty()) p.aliases.emplace_back(old_address(url, p, g), key);
}

// The line in the front matter where `key` is set, for messages (the fence's line when not found).
int key_line(const Post& p, const std::string& key) {
    std::istringstream in(p.split.front_matter);
    std::string line;
    int n = p.split.front_matter_line;
    while (std::getline(in, line)) {
        size_t b = line.find_first_not_of(" \t");
        if (b != std::string::npos && line.compare(b, key.size(), key) == 0) return n;
        ++n;
    }
    return std::max(1, p.split.front_matter_line - 1);
}

//---- [SECTION] Images ----

// Copies image files into the bundle, each once, under a name folio's paths can hold.
struct ImageCopier {
    fs::path src;
    Generator generator;
    std::map<std::string, std::string> dest_of; // source file (canonical) -> bundle path ("images/x.png")
    std::set<std::string> used;

    static std::string safe_segment(const std::string& s) {
        std::string out;
        for (char c : s) {
            bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                      c == '_' || c == '-';
            out += ok ? c : '-';
        }
        return out.empty() ? "image" : out;
    }

    // "images/a b.png" -> "images/a-b.png"; under images/ unless it is there already.
    std::string bundle_path(const std::string& site_rel, const std::string& folder) {
        std::string out;
        std::stringstream ss(site_rel);
        std::string seg;
        while (std::getline(ss, seg, '/'))
            if (!seg.empty()) out += (out.empty() ? "" : "/") + safe_segment(seg);
        if (!folder.empty()) out = folder + "/" + out;
        if (out.rfind("images/", 0) != 0) out = "images/" + out;
        std::string unique = out;
        for (int n = 2; used.count(unique); ++n) {
            size_t dot = out.rfind('.');
            unique = dot == std::string::npos || dot < out.rfind('/') + 1
                         ? out + "-" + std::to_string(n)
                         : out.substr(0, dot) + "-" + std::to_string(n) + out.substr(dot);
        }
        used.insert(unique);
        return unique;
    }

    // Pictures downloaded from other hosts (--fetch-images): address -> bundle path, and the bytes to write.
    std::map<std::string, std::string> fetched_path;
    std::map<std::string, std::string> fetched_bytes; // bundle path -> file

    // A picture's kind by its first bytes (a host may answer an error page with status 200): its usual
    // extension, or "" for anything that is no picture folio shows.
    static std::string picture_extension(const std::string& b) {
        auto starts = [&](const char* magic, size_t at = 0) { return b.compare(at, std::strlen(magic), magic) == 0; };
        if (starts("\x89PNG\r\n\x1a\n")) return ".png";
        if (starts("\xff\xd8\xff")) return ".jpg";
        if (starts("GIF87a") || starts("GIF89a")) return ".gif";
        if (starts("RIFF") && starts("WEBP", 8)) return ".webp";
        if (starts("ftypavif", 4) || starts("ftypavis", 4)) return ".avif";
        const size_t text = b.find_first_not_of(" \t\r\n\xef\xbb\xbf");
        if (text != std::string::npos && (b.compare(text, 4, "<svg") == 0 || b.compare(text, 5, "<?xml") == 0) &&
            b.find("<svg") != std::string::npos)
            return ".svg";
        return "";
    }

    // "https://cdn.example/a/cat.png?w=2" -> "images/cdn.example/a/cat.png", downloaded once per address.
    bool fetch(const std::string& url, std::string& site_path, std::string& why) {
        auto known = fetched_path.find(url);
        if (known != fetched_path.end()) {
            site_path = "/" + known->second;
            return true;
        }
        cli::Fetched got;
        if (!cli::fetch_url(url, got, why)) return false;
        const std::string ext = picture_extension(got.body);
        if (ext.empty()) {
            why = "what came is no PNG, JPEG, GIF, WebP, AVIF or SVG picture" +
                  (got.content_type.empty() ? "" : ", though the host called it " + got.content_type);
            return false;
        }
        const std::string origin = image_origin(url);
        std::string host = origin.substr(origin.find("://") + 3), path = url.substr(origin.size());
        path = percent_decode(path.substr(0, path.find_first_of("?#")));
        for (char& c : host)
            if (c == ':') c = '-';
        std::string name = host + "/" + (path.empty() || path == "/" ? "image" : path);
        const std::string had = fs::path(name).extension().string();
        if (picture_extension_of(had) != ext) name += ext; // "photo" or "cat.php" get the kind they are
        std::string dest = bundle_path(name, "images");
        fetched_path.emplace(url, dest);
        fetched_bytes.emplace(dest, std::move(got.body));
        site_path = "/" + dest;
        return true;
    }

    // ".JPEG" -> ".jpg": a written extension, as picture_extension names the kind.
    static std::string picture_extension_of(std::string ext) {
        for (char& c : ext)
            c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        return ext == ".jpeg" ? ".jpg" : ext;
    }

    bool inside_src(const fs::path& p) {
        std::error_code ec;
        fs::path c = fs::weakly_canonical(p, ec), root = fs::weakly_canonical(src, ec);
        std::string cs = generic(c), rs = generic(root) + "/";
        return cs.rfind(rs, 0) == 0;
    }

    bool find(const Post& post, const std::string& written, std::string& site_path, std::string& why) {
        std::string addr = written.substr(0, written.find_first_of("?#"));
        addr = percent_decode(addr);
        const bool absolute = !addr.empty() && addr[0] == '/';
        std::string rel = absolute ? addr.substr(1) : addr;
        std::vector<std::pair<fs::path, std::string>> candidates; // file, bundle folder for files beside the post
        const fs::path post_dir = post.file.parent_path();
        if (!absolute) candidates.push_back({post_dir / rel, post.bundle ? post.slug : ""});
        if (generator == Generator::Jekyll) {
            candidates.push_back({src / rel, ""});
        } else {
            candidates.push_back({src / "static" / rel, ""});
            candidates.push_back({src / "assets" / rel, ""});
            candidates.push_back({src / "content" / rel, ""});
        }
        for (const auto& [file, folder] : candidates) {
            std::error_code ec;
            if (!fs::is_regular_file(file, ec) || !inside_src(file)) continue;
            std::string key = generic(fs::weakly_canonical(file, ec));
            auto it = dest_of.find(key);
            if (it == dest_of.end()) {
                // Files beside a post go under images/<slug>/; others keep their site path.
                std::string site_rel = folder.empty() ? rel : generic(fs::relative(file, post_dir));
                it = dest_of.emplace(key, bundle_path(site_rel, folder)).first;
            }
            site_path = "/" + it->second;
            return true;
        }
        why = "not found (looked " + std::string(absolute ? "" : "beside the post, ") +
              (generator == Generator::Jekyll ? "in the site folder" : "in static/, assets/ and content/") + ")";
        return false;
    }
};

//---- [SECTION] The bundle ----

nlohmann::ordered_json site_info(const json& config, Generator g, const std::string& src_name, Report& report,
                                 const std::string& config_label) {
    std::string title = first_of({str(config, {"title"}), humanize(src_name)});
    std::string author = first_of({str(config, {"params", "author"}), str(config, {"author"}),
                                   str(config, {"extra", "author"}), str(config, {"params", "author", "name"}), title});
    std::string description = first_of({str(config, {"description"}), str(config, {"params", "description"}),
                                        str(config, {"extra", "description"}), "Writing by " + author + "."});
    std::string tagline = first_of({str(config, {"params", "subtitle"}), str(config, {"subtitle"}),
                                    str(config, {"tagline"}), str(config, {"extra", "tagline"}), description});
    std::string base = g == Generator::Hugo
                           ? first_of({str(config, {"baseURL"}), str(config, {"baseurl"}), str(config, {"baseUrl"})})
                       : g == Generator::Zola ? str(config, {"base_url"})
                                              : str(config, {"url"}) + str(config, {"baseurl"});
    if (base.rfind("https://", 0) != 0 && base.rfind("http://", 0) != 0) {
        report.warning(config_label, 1, 1,
                       "no absolute base URL" + (base.empty() ? std::string() : " ('" + base + "')") +
                           "; content.json says https://example.org/ until you set site.base_url");
        base = "https://example.org/";
    }
    if (base.back() != '/') base += '/';
    std::string language =
        first_of({str(config, {"languageCode"}), str(config, {"defaultContentLanguage"}),
                  str(config, {"default_language"}), str(config, {"lang"}), str(config, {"language"}), "en"});
    nlohmann::ordered_json info = {{"title", title},   {"author", author},     {"tagline", tagline},
                                   {"base_url", base}, {"language", language}, {"description", description}};
    return info;
}

std::string config_label(const fs::path& src, Generator g) {
    const std::vector<std::string> names =
        g == Generator::Jekyll ? std::vector<std::string>{"_config.yml", "_config.yaml"}
        : g == Generator::Zola ? std::vector<std::string>{"zola.toml", "config.toml"}
                               : std::vector<std::string>(std::begin(kHugoConfigs), std::end(kHugoConfigs));
    for (const std::string& n : names)
        if (fs::exists(src / n)) return n;
    return ".";
}

bool move_into_place(const fs::path& tmp, const fs::path& dest, std::string& why) {
    std::error_code ec;
    if (fs::exists(dest) && fs::is_directory(dest) && fs::is_empty(dest)) fs::remove(dest, ec);
    fs::rename(tmp, dest, ec);
    if (ec) why = ec.message();
    return !ec;
}

//---- [SECTION] The stages ----

using ojson = nlohmann::ordered_json;

// The site folder, its generator, and where the bundle goes.
struct Source {
    fs::path src, dest;
    Generator g = Generator::Hugo;
    std::string name; // the site folder's name
};

// The generator (--from, else detected) and the bundle's folder (new, or empty); false after saying why.
bool open_source(const Options& o, Source& s) {
    s.src = o.src;
    if (!fs::is_directory(s.src)) {
        std::fprintf(stderr, "folio import: %s is not a folder; give the site's folder (the one with its config)\n",
                     o.src.c_str());
        return false;
    }
    std::string why;
    if (o.from == "hugo")
        s.g = Generator::Hugo;
    else if (o.from == "jekyll")
        s.g = Generator::Jekyll;
    else if (o.from == "zola")
        s.g = Generator::Zola;
    else if (!o.from.empty()) {
        std::fprintf(stderr, "folio import: --from must be hugo, jekyll or zola, not '%s'\n", o.from.c_str());
        return false;
    } else if (!detect(s.src, s.g, why)) {
        std::fprintf(stderr, "folio import: %s: not a Hugo, Jekyll or Zola site: %s; pass --from hugo|jekyll|zola\n",
                     o.src.c_str(), why.c_str());
        return false;
    }
    fs::path abs_src = fs::absolute(s.src).lexically_normal();
    s.name = abs_src.has_filename() ? abs_src.filename().string() : abs_src.parent_path().filename().string();
    s.dest = o.dest.empty() ? abs_src.parent_path() / (s.name + "-folio") : fs::path(o.dest);
    if (fs::exists(s.dest) && !(fs::is_directory(s.dest) && fs::is_empty(s.dest))) {
        std::fprintf(stderr, "folio import: %s already exists; choose a new (or empty) folder for the bundle\n",
                     s.dest.c_str());
        return false;
    }
    return true;
}

// A post's front matter, read into its fields; false with an error in the report.
bool read_post(Post& p, Generator g, Report& report) {
    std::string raw;
    if (!read_file(p.file, raw)) {
        report.error(p.label, 1, 1, "cannot be read");
        return false;
    }
    SourceError err;
    const std::string text = normalize_text(raw);
    if (!utf8_position(text, err)) {
        report.error(p.label, err.line, err.column, "not UTF-8 (an invalid byte here); save the file as UTF-8");
        return false;
    }
    if (!split_front_matter(text, p.split, err)) {
        report.error(p.label, err.line, err.column, err.message);
        return false;
    }
    if (p.split.kind == FrontMatterKind::Yaml && !yaml_to_json(p.split.front_matter, 1, p.fm, err)) {
        report.error(p.label, err.line, err.column,
                     err.message + "; quote values that contain ': ' or start with a special character");
        return false;
    }
    if (p.split.kind == FrontMatterKind::Toml && !toml_to_json(p.split.front_matter, 1, p.fm, err)) {
        report.error(p.label, err.line, err.column, err.message);
        return false;
    }
    if (!p.fm.is_object()) p.fm = json::object();
    read_fields(p, g);
    read_aliases(p, g);
    return true;
}

// The posts, each with its front matter (drafts too: a draft is only known by reading it), the drafts
// apart; a post in another markup is a warning.
void read_posts(const fs::path& src, Generator g, Report& report, std::vector<Post>& kept, std::vector<Post>& drafts) {
    std::vector<Post> posts;
    find_posts(src, g, posts, drafts);
    for (const char* dir : {"_posts", "_drafts", "content"})
        for (const fs::path& f : files_in(src / dir, other_markup_file))
            report.warning(generic(fs::relative(f, src)), 1, 1,
                           "not Markdown, so not imported; convert it to Markdown (or paste its text into a .md file) "
                           "and import again");
    for (Post& p : posts)
        if (read_post(p, g, report)) (p.draft ? drafts : kept).push_back(std::move(p));
}

// Slugs: front matter slug, else the url's last part, else the file (or page bundle folder) name. Posts
// that chose their slug keep it; a slug from a file name gives way when two collide. Returns every name a
// post is referred to by -> its route.
std::map<std::string, std::string> give_slugs(std::vector<Post>& kept, Report& report) {
    std::set<std::string> taken;
    std::map<std::string, std::string> route_of;
    std::stable_partition(kept.begin(), kept.end(), [](const Post& p) { return p.fm.contains("slug"); });
    for (Post& p : kept) {
        int y, m, d;
        std::string rest, base = p.stem;
        if (dated_name(p.stem, y, m, d, rest)) base = rest;
        auto text = [&](const char* key) {
            return p.fm.contains(key) && p.fm[key].is_string() ? p.fm[key].get<std::string>() : "";
        };
        std::string url = first_of({text("url"), text("path")});
        while (!url.empty() && url.back() == '/')
            url.pop_back();
        std::string from_url = url.substr(url.rfind('/') + 1);
        std::string wanted = slugify(first_of({text("slug"), from_url, base, p.title, "post"}));
        if (wanted.empty()) wanted = "post";
        p.slug = wanted;
        for (int n = 2; taken.count(p.slug); ++n)
            p.slug = wanted + "-" + std::to_string(n);
        if (p.slug != wanted)
            report.warning(p.label, std::max(1, p.split.front_matter_line > 0 ? key_line(p, "slug") : 1), 1,
                           "another post already has the slug '" + wanted + "'; this one is '" + p.slug + "'");
        taken.insert(p.slug);
        const std::string route = "/writing/" + p.slug;
        std::string rel_no_ext = p.rel.substr(0, p.rel.size() - fs::path(p.rel).extension().string().size());
        for (const std::string& key : {p.rel, "/" + p.rel, rel_no_ext, "/" + rel_no_ext, p.file.filename().string(),
                                       p.stem, "content/" + p.rel, "_posts/" + p.file.filename().string()})
            route_of.emplace(key, route);
        if (p.bundle) route_of.emplace(p.rel.substr(0, p.rel.size() - p.file.filename().string().size()), route);
    }
    return route_of;
}

// The post's date as YYYY-MM-DD: its front matter's, else its file name's, else the file's modification
// date (a warning says which it took).
std::string post_date(Post& p, Report& report) {
    int y = 0, m = 0, d = 0;
    std::string name;
    if (!p.date.empty() && !calendar_date(p.date, y, m, d)) {
        report.warning(p.label, key_line(p, "date"), 1,
                       "'" + p.date + "' is not a date (YYYY-MM-DD...); using the file's date");
        p.date.clear();
    }
    if (p.date.empty() && !dated_name(p.stem, y, m, d, name)) {
        std::error_code ec;
        auto t = fs::last_write_time(p.file, ec);
        auto sys = std::chrono::time_point_cast<std::chrono::system_clock::duration>(
            t - fs::file_time_type::clock::now() + std::chrono::system_clock::now());
        std::time_t tt = std::chrono::system_clock::to_time_t(sys);
        std::tm tm{};
        gmtime_r(&tt, &tm);
        y = tm.tm_year + 1900, m = tm.tm_mon + 1, d = tm.tm_mday;
        report.warning(p.label, 1, 1, "no date; using the file's modification date " + iso_date(y, m, d));
    }
    return iso_date(y, m, d);
}

// What the bodies stage makes: content.json's writing list, and each post's Markdown by its bundle path.
struct Converted {
    ojson writing = ojson::array();
    std::vector<std::pair<std::string, std::string>> bodies;
};

// One post's body (shortcodes, Liquid, links to other posts, images), and its entry in the writing list:
// title, date, dek, opening, tags.
void convert_post(Post& p, Generator g, const std::map<std::string, std::string>& route_of, ImageCopier& images,
                  bool fetch_images, Report& report, Converted& out) {
    MarkupContext ctx;
    ctx.generator = g;
    ctx.body_line = p.split.body_line;
    ctx.post_route = [&](const std::string& ref, std::string& route) {
        std::string r = ref;
        if (r.size() >= 2 && (r[0] == '"' || r[0] == '\'') && r.back() == r[0]) r = r.substr(1, r.size() - 2);
        auto it = route_of.find(r);
        if (it == route_of.end()) {
            while (!r.empty() && r.back() == '/')
                r.pop_back();
            it = route_of.find(r);
        }
        if (it == route_of.end()) it = route_of.find(fs::path(r).filename().string());
        if (it == route_of.end()) return false;
        route = it->second;
        return true;
    };
    ctx.image = [&](const std::string& written, std::string& site_path, std::string& why) {
        return images.find(p, written, site_path, why);
    };
    if (fetch_images)
        ctx.fetch_image = [&](const std::string& url, std::string& site_path, std::string& why) {
            return images.fetch(url, site_path, why);
        };
    std::vector<Finding> found;
    std::string body = convert_markup(p.split.body, ctx, found);
    for (const Finding& f : found)
        report.warning(p.label, f.line, f.column, f.message);

    if (p.split.kind == FrontMatterKind::None)
        report.warning(p.label, 1, 1, "no front matter; the title, date and slug come from the file");
    body = take_leading_heading(body, p.title);
    if (p.title.empty()) {
        int y, m, d;
        std::string name;
        p.title = humanize(dated_name(p.stem, y, m, d, name) ? name : p.stem);
    }
    const std::string date = post_date(p, report);
    std::string opening = first_of({opening_of(body), collapse_space(p.description), p.title});
    std::string dek = first_of({collapse_space(p.description), first_sentence(opening)});
    std::vector<std::string> tags;
    for (const std::string& t : p.tags) {
        std::string s = slugify(t);
        if (!s.empty() && std::find(tags.begin(), tags.end(), s) == tags.end()) tags.push_back(s);
    }
    body.erase(0, std::min(body.find_first_not_of('\n'), body.size()));
    p.tags = tags;
    const std::string file = "writing/" + p.slug + ".md";
    out.writing.push_back(ojson{{"slug", p.slug},
                                {"title", p.title},
                                {"date", date},
                                {"dek", dek},
                                {"opening", opening},
                                {"tags", tags},
                                {"body_file", file}});
    out.bodies.emplace_back(file, body);
}

// The site's address patterns, expanded for each post as the old generator did (import_permalinks.h):
// Jekyll's permalink (a post's own overriding the site's; a post's own with placeholders expanded too),
// Hugo's [permalinks] per section, else Hugo's own folders-and-name address. A post whose front matter gives
// its address (Hugo's url) answered there only.
void add_pattern_aliases(std::vector<Post>& kept, const ojson& writing, Generator g, const json& config) {
    if (g == Generator::Zola) return;
    const std::string site_pattern = str(config, {"permalink"});
    for (size_t i = 0; i < kept.size(); ++i) {
        Post& p = kept[i];
        PermalinkPost pp;
        if (!calendar_date(writing[i].value("date", ""), pp.year, pp.month, pp.day)) continue;
        int y, m, d; // Jekyll's :title is the file's name without its date; Hugo's :filename the whole name
        if (g != Generator::Jekyll || !dated_name(p.stem, y, m, d, pp.name)) pp.name = p.stem;
        if (p.fm.contains("slug") && p.fm["slug"].is_string()) pp.slug = p.fm["slug"].get<std::string>();
        pp.title_slug = slugify(p.title);
        if (g == Generator::Jekyll) {
            for (const char* key : {"categories", "category"})
                if (p.fm.contains(key))
                    for (const std::string& c : string_list(p.fm[key], true))
                        pp.categories.push_back(c);
            auto own =
                std::find_if(p.aliases.begin(), p.aliases.end(), [](const auto& a) { return a.second == "permalink"; });
            if (own == p.aliases.end())
                p.aliases.insert(p.aliases.begin(), {expand_jekyll(jekyll_pattern(site_pattern), pp), "permalink"});
            else if (own->first.find(':') != std::string::npos)
                own->first = expand_jekyll(jekyll_pattern(own->first), pp);
            continue;
        }
        if (p.fm.contains("url")) continue;
        const fs::path dir = fs::path(p.rel).parent_path();
        for (const fs::path& part : p.bundle ? dir.parent_path() : dir)
            pp.sections.push_back(part.string());
        const std::string section = pp.sections.empty() ? "" : pp.sections.front();
        std::string pattern = str(config, {"permalinks", section.c_str()});
        if (pattern.empty()) pattern = str(config, {"permalinks", "page", section.c_str()});
        p.aliases.insert(p.aliases.begin(),
                         {pattern.empty() ? hugo_default_address(pp) : expand_hugo(pattern, pp), "permalinks"});
    }
}

// Old addresses, as aliases: each one folio check takes (a path, not a route of the new site, claimed
// once); any other is named in a warning, never dropped in silence. Returns how many are kept.
int keep_aliases(std::vector<Post>& kept, ojson& writing, Report& report) {
    Site routes_of_new_site;
    for (const Post& p : kept) {
        Article a;
        a.slug = p.slug;
        a.tags = p.tags;
        routes_of_new_site.writing.push_back(std::move(a));
    }
    const std::vector<std::string> owned = site_owned_paths(routes_of_new_site);
    std::map<std::string, std::string> claimed; // alias path -> the post that keeps it
    int aliased = 0;
    for (size_t i = 0; i < kept.size(); ++i) {
        Post& p = kept[i];
        ojson aliases = ojson::array();
        for (const auto& [alias, key] : p.aliases) {
            std::string hint, problem = alias_problem(alias, hint);
            const std::string path = problem.empty() ? alias_path(alias) : "";
            if (problem.empty() && path == "/writing/" + p.slug) continue; // the new address is the old one
            if (problem.empty() && alias.find(':') != std::string::npos)
                problem = "it holds a placeholder (':'), so it names no one address";
            else if (problem.empty() && site_owns_path(owned, path))
                problem = "the new site answers " + path + " itself";
            else if (problem.empty() && claimed.count(path) && claimed[path] != p.label)
                problem = "the post " + claimed[path] + " keeps it already";
            if (!problem.empty()) {
                report.warning(p.label, key_line(p, key), 1,
                               "the old address '" + alias + "' (" + key + ") is not kept: " + problem);
                continue;
            }
            if (!claimed.emplace(path, p.label).second) continue; // the same address twice in one post
            aliases.push_back(alias);
            ++aliased;
        }
        if (!aliases.empty()) writing[i]["aliases"] = aliases;
    }
    return aliased;
}

// content.json: the site and its writing chapter. The posts are files of their own (post_files), which folio
// takes into the writing list and the timeline by date.
ojson bundle_content(const ojson& site) {
    ojson content = ojson::object();
    content["schema"] = 1;
    content["site"] = site;
    content["timeline"] = ojson::array();
    content["writing"] = ojson::array();
    content["projects"] = ojson::array();
    content["contents"] = ojson::array({ojson{{"title", "writing"}, {"chapter", "writing"}}});
    return content;
}

// Each post as folio reads a post file (docs/content.md, "Posts as files"): writing/<slug>.md, its front
// matter (title, date, the dek as description, tags, the old addresses, draft) and its Markdown.
std::vector<std::pair<std::string, std::string>> post_files(const std::vector<Post>& kept, const ojson& writing,
                                                            const Converted& converted) {
    std::vector<std::pair<std::string, std::string>> files;
    for (size_t i = 0; i < kept.size(); ++i) {
        const ojson& a = writing[i];
        ojson fields = ojson::object();
        fields["title"] = a["title"];
        fields["date"] = a["date"];
        fields["description"] = a["dek"];
        fields["tags"] = a["tags"];
        if (a.contains("aliases")) fields["aliases"] = a["aliases"];
        if (kept[i].draft) fields["draft"] = true;
        files.emplace_back(a["body_file"].get<std::string>(),
                           yaml_front_matter(fields) + "\n" + converted.bodies[i].second);
    }
    return files;
}

// Writes the bundle into a temporary folder beside its place, checks it with folio's own loader, then
// moves it in; false after saying why, nothing written.
bool write_bundle(const Source& s, const Options& o, const ojson& content,
                  const std::vector<std::pair<std::string, std::string>>& posts, const ImageCopier& images) {
    std::error_code ec;
    fs::path tmp = s.dest;
    tmp += ".folio-import-tmp";
    fs::remove_all(tmp, ec);
    // Text that is not UTF-8 (a Latin-1 title) is written with U+FFFD rather than failing the import.
    bool ok =
        write_file(tmp / "content.json", content.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    for (const auto& [file, text] : posts)
        ok = ok && write_file(tmp / file, text);
    for (const auto& [from, to] : images.dest_of) {
        fs::create_directories((tmp / to).parent_path(), ec);
        ok = ok && fs::copy_file(from, tmp / to, fs::copy_options::overwrite_existing, ec);
    }
    for (const auto& [to, bytes] : images.fetched_bytes) {
        fs::create_directories((tmp / to).parent_path(), ec);
        ok = ok && write_file(tmp / to, bytes);
    }
    if (!ok) {
        fs::remove_all(tmp, ec);
        std::fprintf(stderr, "folio import: cannot write %s\n", tmp.c_str());
        return false;
    }
    Site checked;
    Diagnostics diags;
    if (!load_bundle(tmp.string(), checked, diags)) {
        for (const Diagnostic& dg : diags)
            std::fprintf(stderr, "%s\n", format_diagnostic(dg).c_str());
        fs::remove_all(tmp, ec);
        std::fprintf(stderr,
                     "folio import: the bundle made from %s does not pass folio check (a bug in the importer); "
                     "nothing written\n",
                     o.src.c_str());
        return false;
    }
    std::string why;
    if (!move_into_place(tmp, s.dest, why)) {
        fs::remove_all(tmp, ec);
        std::fprintf(stderr, "folio import: cannot move the bundle to %s: %s\n", s.dest.c_str(), why.c_str());
        return false;
    }
    return true;
}

void print_summary(const Source& s, const Options& o, const Report& report, const std::vector<Post>& kept,
                   const ImageCopier& images, int aliased) {
    Report::print(report.warnings);
    size_t drafts = 0;
    for (const Post& p : kept)
        if (p.draft) {
            std::printf("draft, kept as a draft (folio preview shows it; the built site holds it back): %s\n",
                        p.label.c_str());
            ++drafts;
        }
    const size_t posts = kept.size() - drafts;
    std::printf("folio import: %s site %s -> %s\n", generator_name(s.g), o.src.c_str(), s.dest.c_str());
    auto count = [](size_t n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    std::printf("%s, %s, %s, %s\n", count(posts, "post", "posts").c_str(),
                count(images.dest_of.size() + images.fetched_bytes.size(), "image", "images").c_str(),
                count(drafts, "draft", "drafts").c_str(), count(report.warnings.size(), "warning", "warnings").c_str());
    if (aliased > 0)
        std::printf("%d old address%s kept as aliases: each sends its readers on to /writing/<slug>\n", aliased,
                    aliased == 1 ? "" : "es");
    std::printf("next: ./folio check %s, then ./folio preview %s\n", s.dest.c_str(), s.dest.c_str());
}

} // namespace

int run(const Options& o) {
    Source s;
    if (!open_source(o, s)) return 2;
    Report report;
    const std::string cfg_label = config_label(s.src, s.g);
    json config = read_config(s.src, s.g, report);
    ojson site = site_info(config, s.g, s.name, report, cfg_label);
    std::vector<Post> kept, drafts;
    read_posts(s.src, s.g, report, kept, drafts);
    // Drafts come too, as drafts: the author goes on with them where they were.
    std::move(drafts.begin(), drafts.end(), std::back_inserter(kept));
    const std::map<std::string, std::string> route_of = give_slugs(kept, report);
    ImageCopier images{s.src, s.g, {}, {}, {}, {}};
    Converted converted;
    for (Post& p : kept)
        convert_post(p, s.g, route_of, images, o.fetch_images, report, converted);
    add_pattern_aliases(kept, converted.writing, s.g, config);
    const int aliased = keep_aliases(kept, converted.writing, report);
    if (!report.errors.empty()) {
        Report::print(report.warnings);
        Report::print(report.errors);
        std::fprintf(stderr, "folio import: %zu error%s; nothing written. Fix them and run again.\n",
                     report.errors.size(), report.errors.size() == 1 ? "" : "s");
        return 1;
    }
    if (!write_bundle(s, o, bundle_content(site), post_files(kept, converted.writing, converted), images)) return 1;
    print_summary(s, o, report, kept, images, aliased);
    return 0;
}

} // namespace folio::import
