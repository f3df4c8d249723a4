// folio core: loading a content bundle. See load.h; the schema itself is in schema.cpp, typed JSON
// access with diagnostics in json_reader.h.
#include "core/bundle/load.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>
#include <unordered_map>

#include "core/bundle/json_reader.h"
#include "core/bundle/json_source.h"
#include "core/bundle/posts.h"
#include "core/bundle/schema.h"
#include "core/bundle/source_check.h"
#include "core/markup/markdown.h"
#include "core/model/bound.h"
#include "core/model/derive.h"
#include "core/text/text.h"
#include "core/wire/document_json.h"

namespace folio {

static Document parse_body(const std::string& source) { return parse_markdown(source); }

void derive_sources(Site& site, DeriveOptions options) {
    if (site.loves.present && !site.loves.trees) site.loves.intro = parse_markdown(site.loves.intro_markdown);
    if (site.work.present && !site.work.trees) {
        site.work.intro = parse_markdown(site.work.intro_markdown);
        site.work.after = parse_markdown(site.work.after_markdown);
    }
    options.markdown = parse_body;
    derive(site, options);
}

void set_body(Article& a, const std::string& markdown) { set_body_parsed(a, markdown, parse_markdown(markdown)); }

bool read_whole_file(const std::string& path, std::string& contents) {
    std::string data;
    if (!read_whole_file_into(path, data)) return false;
    contents = std::move(data);
    return true;
}

bool read_whole_file_into(const std::string& path, std::string& buffer) {
    buffer.clear();
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return false;
    // Read straight into the buffer, grown only when it is shorter than the file says (or the file grew).
    if (std::fseek(f, 0, SEEK_END) == 0) {
        const long size = std::ftell(f);
        if (size > 0 && buffer.capacity() < static_cast<size_t>(size)) buffer.reserve(static_cast<size_t>(size));
        std::rewind(f);
    }
    char chunk[65536];
    for (size_t n; (n = std::fread(chunk, 1, sizeof chunk, f)) > 0;)
        buffer.append(chunk, n);
    const bool ok = !std::ferror(f);
    std::fclose(f);
    if (!ok) buffer.clear();
    return ok;
}

namespace {

// What reading an article's Markdown file found: kUnreadable, kReadable, or the offset of its first byte
// that is not UTF-8.
constexpr size_t kUnreadable = static_cast<size_t>(-2), kReadable = std::string::npos;

// Reads an article's Markdown file and checks it is UTF-8 (on any core: no message yet).
size_t read_body_file(const std::string& path, std::string& markdown, ReadFile read_file, void* user) {
    if (!read_file(path, markdown, user)) return kUnreadable;
    return find_invalid_utf8(markdown);
}

// The message for what read_body_file found, at the entry's body_file.
void check_body_file(Reader& r, const std::string& entry_path, const Article& a, size_t found) {
    if (found == kReadable) return;
    const std::string p = json_path_member(entry_path, "body_file");
    if (found == kUnreadable)
        r.error(p, false, "cannot read the Markdown file '" + a.body_file + "'",
                "create it (the path is relative to the bundle folder) or fix the path");
    else
        r.error(p, false, "'" + a.body_file + "' is not UTF-8 (invalid byte at offset " + std::to_string(found) + ")",
                "save the file as UTF-8");
}

// Whether a diagnostic after `before` is an error: a warning (a language folio has no words for) is said, and
// the bundle still loads.
bool errors_since(const Diagnostics& out, size_t before) {
    for (size_t i = before; i < out.size(); ++i)
        if (!out[i].warning) return true;
    return false;
}

// The files content.json's entries name as bodies ("writing/x.md", as the bundle's paths): not posts.
std::set<std::string> named_bodies(const nlohmann::json& root) {
    std::set<std::string> named;
    const auto writing = root.is_object() ? root.find("writing") : root.end();
    if (writing == root.end() || !writing->is_array()) return named;
    for (const nlohmann::json& e : *writing) {
        const auto file = e.is_object() ? e.find("body_file") : e.end();
        if (file != e.end() && file->is_string())
            named.insert(std::filesystem::path(file->get<std::string>()).lexically_normal().generic_string());
    }
    return named;
}

// The bundle's post files (posts.h), those not named as bodies, read; their problems to out.
std::vector<PostFile> read_posts(const std::string& bundle_dir, const std::set<std::string>& named, ReadFile read_file,
                                 void* user, Diagnostics& out) {
    std::vector<PostFile> posts;
    for (const std::string& path : find_post_files(bundle_dir)) {
        if (named.count(path)) continue;
        std::string text;
        PostFile post;
        if (!read_file(path, text, user)) {
            Diagnostic d;
            d.file = bundle_dir + "/" + path;
            d.message = "cannot read the post file";
            d.hint = "check its permissions";
            out.push_back(std::move(d));
            continue;
        }
        read_post(path, bundle_dir + "/" + path, text, post, out);
        posts.push_back(std::move(post));
    }
    return posts;
}

// A site has one language (site.language): a post's lang that is another is said, and not used.
void check_post_languages(const Site& site, const std::vector<PostFile>& posts, Diagnostics& out) {
    auto primary = [](std::string tag) {
        tag = tag.substr(0, tag.find_first_of("-_"));
        for (char& c : tag)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return tag;
    };
    for (const PostFile& post : posts)
        if (!post.lang.empty() && primary(post.lang) != primary(site.info.language))
            post_error(out, post, "lang",
                       "the post's lang '" + post.lang + "' is not the site's language '" + site.info.language +
                           "'; folio sets every page in the site's language",
                       "leave lang out (it is not used), or make the post part of a site in " + post.lang,
                       /*warning=*/true);
}

bool load_text(const std::string& file_label, std::string text, Site& site, Diagnostics& out, ReadFile read_file,
               void* user, const DeriveOptions& options, BundleText* kept, const std::string& bundle_dir,
               Drafts* drafts) {
    size_t before = out.size();
    JsonSource src;
    if (!parse_json_source(file_label, std::move(text), src, out)) return false;
    Reader r{src, out};
    std::vector<PostFile> posts;
    if (!bundle_dir.empty() && read_file) posts = read_posts(bundle_dir, named_bodies(src.value), read_file, user, out);
    if (!read_document(r, src.value, site, &posts)) return false;
    check_post_languages(site, posts, out);

    // Markdown files named by body_file: read and checked (through options.parallel), then reported in
    // order, so the messages come in the order of the articles.
    std::vector<size_t> read(site.writing.size(), kUnreadable);
    auto read_one = [&](size_t i) { // a post file's was read with its front matter
        Article& a = site.writing[i];
        if (!a.body_file.empty() && !a.post_file && read_file)
            read[i] = read_body_file(a.body_file, a.body_markdown, read_file, user);
    };
    for_each_index(options.parallel, site.writing.size(), read_one);
    for (size_t i = 0; i < site.writing.size(); ++i)
        if (!site.writing[i].body_file.empty() && !site.writing[i].post_file && read[i] != kReadable)
            check_body_file(r, json_path_index("$.writing", i), site.writing[i], read[i]);
    if (errors_since(out, before)) return false;
    if (kept) { // before derive() sorts the articles
        kept->writing_at.clear();
        kept->writing_slugs.clear();
        src.index();
        for (size_t i = 0; i < site.writing.size() && !site.writing[i].post_file; ++i) { // content.json's
            auto at = src.value_at.find(json_path_index("$.writing", i));
            kept->writing_at.push_back(at == src.value_at.end() ? std::string::npos : at->second);
            kept->writing_slugs.push_back(site.writing[i].slug);
        }
        kept->text = std::move(src.text);
    }
    { JsonSource done = std::move(src); } // the text and its positions are no longer needed: not while parsing
    place_posts_in_timeline(site);
    Drafts left_out;
    apply_drafts(site, drafts ? *drafts : left_out);
    derive_sources(site, options);
    return true;
}

} // namespace

bool load_site_json(const std::string& file_label, std::string text, Site& site, Diagnostics& out, ReadFile read_file,
                    void* user, const DeriveOptions& options, Drafts* drafts) {
    return load_text(file_label, std::move(text), site, out, read_file, user, options, nullptr, "", drafts);
}

struct DiskReader {
    std::string dir;
};

static bool read_from_bundle(const std::string& path, std::string& contents, void* user) {
    const auto* r = static_cast<const DiskReader*>(user);
    if (path.empty() || path[0] == '/' || path.find("..") != std::string::npos) return false; // stay inside the bundle
    return read_whole_file(r->dir + "/" + path, contents);
}

bool load_bundle(const std::string& bundle_dir, Site& site, Diagnostics& out, const DeriveOptions& options,
                 BundleText* kept, Drafts* drafts) {
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
    if (!load_text(file, std::move(text), site, out, read_from_bundle, &reader, options, kept, bundle_dir, drafts))
        return false;
    size_t before = out.size();
    check_images(site, bundle_dir, out);
    if (errors_since(out, before)) return false;
    return true;
}

namespace {

// How many leading bytes a and b share (blocks first: a 7 MB file is compared in a millisecond).
size_t common_prefix(const std::string& a, const std::string& b) {
    const size_t n = std::min(a.size(), b.size());
    constexpr size_t kBlock = 4096;
    size_t i = 0;
    while (i + kBlock <= n && std::memcmp(a.data() + i, b.data() + i, kBlock) == 0)
        i += kBlock;
    while (i < n && a[i] == b[i])
        ++i;
    return i;
}

// How many trailing bytes a and b share, at most `limit`.
size_t common_suffix(const std::string& a, const std::string& b, size_t limit) {
    constexpr size_t kBlock = 4096;
    size_t s = 0;
    while (s + kBlock <= limit &&
           std::memcmp(a.data() + a.size() - s - kBlock, b.data() + b.size() - s - kBlock, kBlock) == 0)
        s += kBlock;
    while (s < limit && a[a.size() - 1 - s] == b[b.size() - 1 - s])
        ++s;
    return s;
}

// One past the bracket that closes the object or array opening at t[at] (t is valid JSON), or npos.
size_t value_end(const std::string& t, size_t at) {
    int depth = 0;
    for (size_t i = at; i < t.size(); ++i) {
        const char c = t[i];
        if (c == '"') {
            for (++i; i < t.size() && t[i] != '"'; ++i)
                if (t[i] == '\\') ++i;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if ((c == '}' || c == ']') && --depth == 0) {
            return i + 1;
        }
    }
    return std::string::npos;
}

// Newest first; same-date articles in the order the author listed them (what derive's stable sort gives).
void sort_articles(Site& site, const BundleText& kept) {
    std::unordered_map<std::string, size_t> listed;
    for (size_t i = 0; i < kept.writing_slugs.size(); ++i)
        listed[kept.writing_slugs[i]] = i;
    std::sort(site.writing.begin(), site.writing.end(), [&](const Article& a, const Article& b) {
        if (!(a.date == b.date)) return b.date < a.date;
        return listed[a.slug] < listed[b.slug];
    });
}

// a takes over the parsed body of `was` (the same article before the edit) when its Markdown is the same.
void set_body_from(Article& a, const Article& was) {
    const std::string source = a.body_markdown.empty() ? a.opening : a.body_markdown;
    if (was.body_is_tree || was.body_markdown != source) {
        set_body(a, source);
        return;
    }
    a.body_markdown = source;
    a.body = was.body;
    a.words = was.words;
    a.reading_minutes = was.reading_minutes;
}

// Puts `a` in the place of site.writing[k] (the same article, read again) and derives again what that
// can change, only that: derive_site's work costs as much as the archive is long.
void replace_article(Site& site, int k, Article a, const BundleText* kept) {
    Article& was = site.writing[k];
    const bool moved = !(a.date == was.date), retagged = a.tags != was.tags;
    std::set<std::string> origins, were;
    collect_image_origins(a.body, origins), collect_image_origins(was.body, were);
    const bool images = collect_local_images(a.body) != collect_local_images(was.body) || origins != were;
    a.body_url = was.body_url; // until the bodies are packed again
    a.number = was.number, a.prev = was.prev, a.next = was.next, a.fold = was.fold;
    was = std::move(a);
    if (moved && kept) sort_articles(site, *kept);
    if (images || (moved && !kept)) {
        derive_site(site, /*whole=*/true);
    } else if (moved) { // what derive_site derives from the articles' order
        const int n = static_cast<int>(site.writing.size());
        for (int i = 0; i < n; ++i)
            site.writing[i].number = n - i;
        link_articles(site);
        assign_folds(site);
    } else if (retagged) {
        link_articles(site);
    }
}

} // namespace

Reload reload_content(const std::string& bundle_dir, std::string& text, BundleText& kept, Site& site, Diagnostics& out,
                      std::vector<std::string>& changed) {
    const std::string& old = kept.text;
    if (text == old) return Reload::Done;
    // The bytes that differ, [p, old.size() - s) in the old text, must lie strictly inside one entry:
    // its opening brace in the common prefix, its closing one in the common suffix. The text before the
    // entry being the same, the entry is then the value in the same place of the new document.
    const size_t p = common_prefix(old, text);
    const size_t s = common_suffix(old, text, std::min(old.size(), text.size()) - p);
    auto next = std::upper_bound(kept.writing_at.begin(), kept.writing_at.end(), p);
    if (next == kept.writing_at.begin()) return Reload::Whole;
    const size_t i = static_cast<size_t>(next - kept.writing_at.begin()) - 1;
    const size_t begin = kept.writing_at[i];
    const size_t end = begin < p ? value_end(old, begin) : std::string::npos;
    if (end == std::string::npos || old.size() - s > end - 1) return Reload::Whole;
    const size_t new_end = end - old.size() + text.size();

    // The entry alone, after as many lines and columns as precede it: positions are the whole file's.
    const size_t lines = static_cast<size_t>(std::count(text.begin(), text.begin() + begin, '\n'));
    const size_t line_start = lines == 0 ? 0 : text.rfind('\n', begin) + 1;
    size_t columns = 0;
    for (size_t k = line_start; k < begin; ++k)
        if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) ++columns;
    std::string part(lines, '\n');
    part.append(columns, ' ');
    part.append(text, begin, new_end - begin);
    const std::string path = json_path_index("$.writing", i);
    JsonSource src;
    Diagnostics found;
    // A syntax error is placed where the whole text's parser stops, which may be past the entry.
    if (!parse_json_source(bundle_dir + "/content.json", std::move(part), src, found, path)) return Reload::Whole;
    Reader r{src, found};
    Article a;
    read_article(r, src.value, path, a);
    if (a.slug.empty() || a.slug != kept.writing_slugs[i]) return Reload::Whole; // others may refer to it
    const int k = site.find_article(a.slug);
    if (k < 0) return Reload::Whole;
    // Held back, or no longer: the whole load leaves it out or marks it (posts.h: apply_drafts).
    const Date today = local_today();
    if (held_back(a, today) || held_back(site.writing[k], today)) return Reload::Whole;
    // Aliases are checked against the whole site (every route, every other article's aliases).
    if (a.aliases != site.writing[k].aliases) return Reload::Whole;
    if (!a.body_file.empty()) {
        DiskReader reader{bundle_dir};
        check_body_file(r, path, a, read_body_file(a.body_file, a.body_markdown, read_from_bundle, &reader));
    }
    if (found.empty()) {
        set_body_from(a, site.writing[k]);
        check_article_images(a, bundle_dir, found);
    }
    if (!found.empty()) {
        out.insert(out.end(), found.begin(), found.end());
        return Reload::Errors;
    }

    for (size_t j = i + 1; j < kept.writing_at.size(); ++j)
        kept.writing_at[j] = kept.writing_at[j] - old.size() + text.size();
    kept.text.swap(text);
    replace_article(site, k, std::move(a), &kept);
    changed.push_back(kept.writing_slugs[i]);
    return Reload::Done;
}

namespace {

// A post file read again (`text`) as the article `was` was: false when the whole load must read it (an
// error or a warning to place, or a change in what other parts of the site depend on).
bool reread_post(const std::string& bundle_dir, const std::string& path, const std::string& text, const Article& was,
                 Article& a) {
    PostFile post;
    Diagnostics found;
    if (!read_post(path, bundle_dir + "/" + path, text, post, found) || !found.empty()) return false;
    const Date today = local_today();
    const Article& now = post.article;
    if (now.slug != was.slug || !(now.date == was.date) || now.aliases != was.aliases || held_back(now, today) ||
        held_back(was, today))
        return false;
    a = std::move(post.article);
    return true;
}

bool same_post(const Article& a, const Article& was) {
    return a.body_markdown == was.body_markdown && a.title == was.title && a.dek == was.dek &&
           a.opening == was.opening && a.tags == was.tags;
}

} // namespace

Reload reload_markdown(const std::string& bundle_dir, const std::string& body_file, Site& site,
                       std::vector<std::string>& changed) {
    std::string markdown;
    DiskReader reader{bundle_dir};
    // Errors are placed at the entry naming the file: the whole load does that.
    if (read_body_file(body_file, markdown, read_from_bundle, &reader) != kReadable) return Reload::Whole;
    for (Article& was : site.writing) {
        if (was.body_file != body_file) continue;
        Article a = was;
        if (!was.post_file)
            a.body_markdown = markdown;
        else if (!reread_post(bundle_dir, body_file, markdown, was, a))
            return Reload::Whole;
        set_body_from(a, was);
        Diagnostics found;
        check_article_images(a, bundle_dir, found);
        if (!found.empty()) return Reload::Whole;
        if (was.post_file ? same_post(a, was) : a.body_markdown == was.body_markdown) continue;
        changed.push_back(was.slug);
        replace_article(site, static_cast<int>(&was - site.writing.data()), std::move(a), nullptr);
    }
    return Reload::Done;
}

std::string site_to_json(const Site& s, bool separate_bodies) { return write_document(s, separate_bodies).dump(); }

} // namespace folio
