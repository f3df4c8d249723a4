// folio core: located checks of Markdown sources. See source_check.h.
#include "core/bundle/source_check.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <map>
#include <set>

#include "core/bundle/load.h"
#include "core/fonts/font_partial.h"
#include "core/markup/markdown.h"
#include "core/model/derive.h"
#include "core/model/links.h"
#include "core/text/clusters.h"
#include "core/text/text.h"

namespace folio {

namespace {

bool is_file(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// Where the article's source is, for messages: "writing/post.md" inside the bundle, or content.json.
std::string source_label(const Article& a, const std::string& bundle_dir) {
    std::string dir = bundle_dir == "." ? "" : bundle_dir + "/";
    return dir + (a.body_file.empty() ? "content.json" : a.body_file);
}

void locate(const std::string& text, size_t offset, int& line, int& column) {
    line = 1, column = 1;
    for (size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n')
            ++line, column = 1;
        else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
            ++column;
    }
}

void collect_image_nodes(const Node& n, std::vector<const Node*>& out) {
    if (n.kind == NodeKind::Image) out.push_back(&n);
    for (const Node& c : n.children)
        collect_image_nodes(c, out);
}

} // namespace

void check_images(const Site& site, const std::string& bundle_dir, Diagnostics& out) {
    for (const Article& a : site.writing)
        check_article_images(a, bundle_dir, out);
}

namespace {

// Each picture of an article's body, with a diagnostic placed where its source names it (line and column in
// its Markdown file; the JSON path for a body written in content.json).
template <typename Fn> void each_image(const Article& a, const std::string& bundle_dir, Fn fn) {
    std::vector<const Node*> images;
    collect_image_nodes(a.body, images);
    // folio build keeps no Markdown once parsed (DeriveOptions): read it again to place a message.
    std::string reread;
    if (a.body_markdown.empty() && !a.body_file.empty() && !images.empty())
        read_whole_file(bundle_dir + "/" + a.body_file, reread);
    const std::string& src = reread.empty() ? a.body_markdown : reread;
    size_t search_from = 0;
    for (const Node* img : images) {
        // The next place its address is written (a.b.png may be written twice; each mention in order).
        size_t at = src.find(img->href, search_from);
        if (at == std::string::npos) at = src.find(img->href);
        if (at != std::string::npos) search_from = at + img->href.size();
        Diagnostic d;
        d.file = source_label(a, bundle_dir);
        if (at != std::string::npos && !a.body_file.empty()) locate(src, at, d.line, d.column);
        if (at != std::string::npos && reread.empty()) d.line += a.body_line - 1; // after a post's front matter
        if (a.body_file.empty()) d.path = "$.writing[" + a.slug + "].body";
        fn(*img, d);
    }
}

} // namespace

void check_article_images(const Article& a, const std::string& bundle_dir, Diagnostics& out) {
    std::set<std::string> reported;
    each_image(a, bundle_dir, [&](const Node& img, Diagnostic& d) {
        std::vector<std::string> local = collect_local_images(img);
        if (local.empty()) return; // another host's picture (check_other_host_images), data:, or refused
        const std::string file = local[0].substr(1);
        if (is_file(bundle_dir + "/" + file) || !reported.insert(file).second) return;
        d.message = "the image '" + img.href + "' is not in the bundle (looked for " + file + ")";
        d.hint = "add the file, or fix the path (site paths start at the bundle folder; %20 is a space)";
        out.push_back(d);
    });
}

void check_other_host_images(const Site& site, const std::string& bundle_dir, Diagnostics& out) {
    const bool shown = site.info.other_host_images;
    for (const Article& a : site.writing) {
        std::set<std::string> reported;
        each_image(a, bundle_dir, [&](const Node& img, Diagnostic& d) {
            const std::string href = img.href;
            if (!other_host_image(href) || !reported.insert(href).second) return;
            const std::string origin = image_origin(href);
            // An http picture on an https site: browsers ask for it over https (mixed content) or not at all.
            const bool insecure = origin.rfind("http://", 0) == 0 && site.info.base_url.rfind("https://", 0) == 0;
            if (shown && !origin.empty() && !insecure) return; // shown, and the CSP names its host
            // Never a silent loss: the reader sees the alt text, or nothing where there is none.
            const std::string alt = plain_text(img);
            const std::string seen = alt.empty() ? "it has no alt text, so the reader sees nothing there"
                                                 : "the reader sees its alt text '" + alt + "' instead";
            d.warning = true;
            if (shown && insecure) {
                d.message = "the picture '" + href + "' is asked for over http on a site served over https: " +
                            "browsers ask its host over https instead, and show it only if the host answers there";
                d.hint = "write https:// when its host serves it (most do), or save the picture in the bundle";
            } else if (shown) {
                d.message = "the picture '" + href + "' names its host in a form a Content-Security-Policy " +
                            "cannot allow, so the browser refuses it: " + seen;
                d.hint = "write the host in its ASCII (punycode) form, or save the picture in the bundle";
            } else {
                d.message = "the picture '" + href + "' is on another host, and this site shows only its own " +
                            "(site.other_host_images is false): " + seen;
                d.hint = "save the picture in the bundle (images/) and write its path, e.g. /images/" +
                         href.substr(href.find_last_of('/') + 1);
            }
            out.push_back(d);
        });
    }
}

Diagnostic article_warning(const Article& a, const std::string& bundle_dir, const std::vector<std::string>& snippets,
                           std::string message, std::string hint) {
    std::string reread;
    if (a.body_markdown.empty() && !a.body_file.empty()) read_whole_file(bundle_dir + "/" + a.body_file, reread);
    const std::string& src = reread.empty() ? a.body_markdown : reread;
    Diagnostic d;
    d.warning = true;
    d.file = source_label(a, bundle_dir);
    size_t at = std::string::npos;
    for (const std::string& snippet : snippets)
        if (at == std::string::npos && !snippet.empty()) at = src.find(snippet);
    if (at != std::string::npos && !a.body_file.empty()) locate(src, at, d.line, d.column);
    if (at != std::string::npos && reread.empty()) d.line += a.body_line - 1; // after a post's front matter
    if (a.body_file.empty()) d.path = "$.writing[" + a.slug + "].body";
    d.message = std::move(message);
    d.hint = std::move(hint);
    return d;
}

void check_raw_html(const Site& site, const std::string& bundle_dir, Diagnostics& out) {
    for (const Article& a : site.writing) {
        if (a.body_markdown.empty()) continue;
        std::vector<SourceNote> notes;
        parse_markdown(a.body_markdown, &notes);
        for (const SourceNote& n : notes) {
            Diagnostic d;
            d.warning = true;
            d.file = source_label(a, bundle_dir);
            if (!a.body_file.empty()) d.line = n.line + a.body_line - 1, d.column = n.column;
            if (a.body_file.empty()) d.path = "$.writing[" + a.slug + "].body";
            d.message = n.message;
            out.push_back(d);
        }
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Characters the book cannot draw
//-----------------------------------------------------------------------------

const char* font_package_for(uint32_t c) {
    const bool cjk = (c >= 0x1100 && c <= 0x11FF) || (c >= 0x2E80 && c <= 0x2FDF) || (c >= 0x3000 && c <= 0x9FFF) ||
                     (c >= 0xA960 && c <= 0xA97F) || (c >= 0xAC00 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFAFF) ||
                     (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x3FFFF);
    if (cjk) return "fonts-noto-cjk";
    const bool emoji = (c >= 0x1F000 && c <= 0x1FAFF) || (c >= 0x2600 && c <= 0x27BF) || c == 0x200D ||
                       (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0020 && c <= 0xE007F) || c == 0x2B50 || c == 0x2B55;
    if (emoji) return "fonts-noto-color-emoji";
    return "fonts-noto-core";
}

namespace {

// The first place of each character of text (UTF-8, checked when the bundle was read) from U+0080 up.
struct Place {
    int line = 0, column = 0;
};
void first_places(const std::string& text, std::map<uint32_t, Place>& out) {
    int line = 1, column = 1;
    for (size_t i = 0; i < text.size();) {
        uint32_t c = 0;
        size_t len = utf8_decode(text, i, c);
        if (len == 0) len = 1, c = 0xFFFD; // cannot happen: the bundle was read as UTF-8
        if (c >= 0x80) out.emplace(c, Place{line, column});
        if (c == '\n')
            ++line, column = 1;
        else
            ++column;
        i += len;
    }
}

std::string utf8(uint32_t c) {
    std::string s;
    utf8_append(s, c);
    return s;
}

// The characters from U+0080 up that a text holds, each once, sorted. ASCII is skipped eight bytes at a time:
// it is most of most sites' text, and every face draws it.
std::vector<uint32_t> beyond_ascii(std::string_view text) {
    std::vector<uint32_t> out;
    for (size_t i = 0; i < text.size();) {
        if (i + 8 <= text.size()) {
            uint64_t word;
            std::memcpy(&word, text.data() + i, 8);
            if ((word & 0x8080808080808080ull) == 0) {
                i += 8;
                continue;
            }
        }
        uint32_t c = 0;
        const size_t len = utf8_decode(text, i, c);
        if (len == 0) { // cannot happen: the bundle was read as UTF-8
            ++i;
            continue;
        }
        if (c >= 0x80) out.push_back(c);
        i += len;
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// Of the sorted characters `chars`, those no face maps, sorted. Invisible joiners and selectors draw
// nothing on their own (the check of names refuses them where they matter); U+FFFD is the book's own mark
// for what it cannot draw; what a face draws as part of its clusters (the emoji face's sequences) is drawn.
std::vector<uint32_t> undrawable(const std::vector<uint32_t>& chars, const std::vector<std::string>& faces) {
    std::vector<uint32_t> missing;
    for (uint32_t c : chars)
        if (c != 0x200B && c != 0x200C && c != 0x200D && c != 0xFEFF && c != 0xFFFD && !(c >= 0xFE00 && c <= 0xFE0F))
            missing.push_back(c);
    std::set<uint32_t> in_clusters;
    for (const std::string& face : faces) {
        if (missing.empty()) break;
        std::vector<uint32_t> still;
        std::string error;
        if (!unmapped_code_points(face, missing, still, error)) continue; // an unreadable face maps nothing
        missing.swap(still);
        std::string_view table;
        GlyphClusters clusters;
        if (font_table(face.data(), face.size(), "FOLc", table) && add_clusters(table, clusters))
            for (const auto& [cluster, code_point] : clusters.code_point)
                for (size_t i = 0; i < cluster.size();) {
                    uint32_t c = 0;
                    const size_t n = utf8_decode(cluster, i, c);
                    if (n == 0) break;
                    in_clusters.insert(c);
                    i += n;
                }
    }
    missing.erase(std::remove_if(missing.begin(), missing.end(), [&](uint32_t c) { return in_clusters.count(c) > 0; }),
                  missing.end());
    return missing;
}

// The warnings for a file whose text holds the characters `missing` (sorted), which no face draws: one per
// Debian package that draws them, at the first of them.
void report_undrawable(const std::string& label, const std::string& text, const std::vector<uint32_t>& missing,
                       Diagnostics& out) {
    std::map<uint32_t, Place> places;
    first_places(text, places);
    std::map<std::string, std::vector<uint32_t>> by_package;
    for (uint32_t c : missing)
        by_package[font_package_for(c)].push_back(c);
    for (auto& [package, chars] : by_package) {
        // In the order they first appear, so the warning points at the first one.
        std::sort(chars.begin(), chars.end(), [&](uint32_t a, uint32_t b) {
            const Place &pa = places[a], &pb = places[b];
            return pa.line != pb.line ? pa.line < pb.line : pa.column < pb.column;
        });
        char code[16];
        std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(chars[0]));
        Diagnostic d;
        d.warning = true;
        d.file = label;
        d.line = places[chars[0]].line;
        d.column = places[chars[0]].column;
        d.message = "the book's fonts cannot draw '" + utf8(chars[0]) + "' (" + code + ")";
        if (chars.size() > 1) {
            d.message += " and " + std::to_string(chars.size() - 1) + " other character" +
                         (chars.size() == 2 ? "" : "s") + " of this file (";
            for (size_t i = 1; i < chars.size() && i <= 8; ++i)
                d.message += (i > 1 ? " " : "") + utf8(chars[i]);
            d.message += chars.size() > 9 ? " ...)" : ")";
        }
        d.message += ": the book shows them as black diamonds";
        // The book ships every script face of its chain the text needs (core/fonts/script_chain.h), and the emoji
        // face when Noto Color Emoji is there: what is left is in none of them.
        if (package == std::string("fonts-noto-color-emoji"))
            d.hint = "Debian's fonts-noto-color-emoji draws them in colour: install it (./folio bootstrap does) and "
                     "build again; the static HTML shows them with the reader's own fonts";
        else
            d.hint = "no face the book ships maps them; Debian's " + package +
                     " may have one for the script chain (src/core/fonts/script_chain.h); the static HTML shows them "
                     "with the reader's own fonts";
        out.push_back(std::move(d));
    }
}

} // namespace

void check_drawable(const Site& site, const std::string& bundle_dir, const std::vector<std::string>& faces,
                    Diagnostics& out, const ParallelFor& parallel) {
    const std::string dir = bundle_dir == "." ? "" : bundle_dir + "/";
    std::vector<std::string> files{dir + "content.json"};
    std::set<std::string> seen;
    for (const Article& a : site.writing)
        if (!a.body_file.empty() && seen.insert(a.body_file).second) files.push_back(dir + a.body_file);
    // Each file's characters beyond ASCII (on every core), then the faces asked once about them all: asking
    // them about each file took most of a large build's check.
    std::vector<std::vector<uint32_t>> chars(files.size());
    for_each_index(parallel, files.size(), [&](size_t i) {
        std::string text;
        if (read_whole_file(files[i], text)) chars[i] = beyond_ascii(text);
    });
    std::vector<uint32_t> all;
    for (const std::vector<uint32_t>& c : chars)
        all.insert(all.end(), c.begin(), c.end());
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    const std::vector<uint32_t> missing_anywhere = undrawable(all, faces);
    for (size_t i = 0; i < files.size() && !missing_anywhere.empty(); ++i) {
        std::vector<uint32_t> missing;
        std::set_intersection(chars[i].begin(), chars[i].end(), missing_anywhere.begin(), missing_anywhere.end(),
                              std::back_inserter(missing));
        std::string text;
        if (!missing.empty() && read_whole_file(files[i], text)) report_undrawable(files[i], text, missing, out);
    }
}

} // namespace folio
