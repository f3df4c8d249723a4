// folio CLI: `folio build`. See build.h.
#include "cli/build.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/emit.h"
#include "core/load.h"
#include "core/search_index.h"
#include "ui/headless.h"

namespace fs = std::filesystem;

namespace folio {

namespace {

bool write_file(const fs::path& path, const std::string& data) {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    std::ofstream f(path, std::ios::binary);
    if (!f) return false;
    f.write(data.data(), static_cast<std::streamsize>(data.size()));
    return static_cast<bool>(f);
}

// FNV-1a, 64 bits: enough to tell versions of one file apart in a cache key.
std::string content_hash(const std::string& data) {
    unsigned long long h = 1469598103934665603ULL;
    for (unsigned char c : data)
        h = (h ^ c) * 1099511628211ULL;
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", h);
    return std::string(buf, 10);
}

std::string hashed_name(const std::string& stem, const std::string& ext, const std::string& data) {
    return stem + "." + content_hash(data) + ext;
}

std::string exe_dir() {
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return ".";
    buf[n] = 0;
    return fs::path(buf).parent_path().string();
}

int fail(const std::string& msg) {
    std::fprintf(stderr, "folio build: %s\n", msg.c_str());
    return 1;
}

std::string js_string(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '<') {
            out += "\\u003c";
            continue;
        }
        out += c;
    }
    return out + "\"";
}

// The page's scripts without their whole-line comments and indentation (a quarter less after gzip).
// Only whole lines go: the sources have no template literals, so no line's text changes.
std::string compact_script(const std::string& js) {
    std::string out;
    size_t at = 0;
    while (at < js.size()) {
        size_t end = js.find('\n', at);
        if (end == std::string::npos) end = js.size();
        size_t first = js.find_first_not_of(" \t", at);
        if (first < end && js.compare(first, 2, "//") != 0) out.append(js, first, end - first) += '\n';
        at = end + 1;
    }
    return out;
}

} // namespace

std::string default_fonts_dir() { return (fs::path(exe_dir()) / ".." / "fonts").lexically_normal().string(); }

int build_site(const Site& site, const std::string& bundle_dir, const std::string& out_dir, const std::string& web_dir,
               const std::string& fonts_dir_arg, const std::string& shell_arg, bool preview) {
    const std::string source = FOLIO_SOURCE_DIR;
    const std::string shell_file = shell_arg.empty() ? source + "/shell.html" : shell_arg;
    const std::string fonts_dir = fonts_dir_arg.empty() ? default_fonts_dir() : fonts_dir_arg;

    std::vector<OutputFile> files;
    std::string shell, js, wasm, boot, css, text_layer;
    if (!read_whole_file(shell_file, shell)) return fail("cannot read the page shell " + shell_file);
    if (!read_whole_file(web_dir + "/folio.js", js) || !read_whole_file(web_dir + "/folio.wasm", wasm))
        return fail("cannot read folio.js/folio.wasm in " + web_dir + " (build the web target first)");
    if (!read_whole_file(source + "/web/boot.js", boot) || !read_whole_file(source + "/web/folio.css", css))
        return fail("cannot read web/boot.js or web/folio.css in " + source);
    if (!read_whole_file(source + "/web/textlayer.js", text_layer))
        return fail("cannot read web/textlayer.js in " + source);

    // Content-hashed assets: a CDN may cache them forever.
    SiteAssets assets;
    std::string manifest = "{\"js\":" + js_string("/assets/" + hashed_name("folio", ".js", js)) +
                           ",\"wasm\":" + js_string("/assets/" + hashed_name("folio", ".wasm", wasm)) + ",\"fonts\":[";
    files.push_back({"assets/" + hashed_name("folio", ".js", js), js});
    files.push_back({"assets/" + hashed_name("folio", ".wasm", wasm), wasm});
    for (int i = 0; i < kFaceCount; ++i) {
        std::string font;
        if (!read_whole_file(fonts_dir + "/" + kFontFiles[i], font))
            return fail("cannot read font " + fonts_dir + "/" + kFontFiles[i]);
        std::string stem = fs::path(kFontFiles[i]).stem().string();
        std::string path = "/assets/" + hashed_name(stem, ".ttf", font);
        files.push_back({path.substr(1), font});
        manifest += (i ? "," : "") + js_string(path);
        assets.preload.push_back(path);
    }
    manifest += "]";
    // Find and search: only the keys and the route are in the first load (find_keys.js, appended to boot);
    // the find bar, the search panel and their stylesheet come when first used.
    std::string find_keys;
    if (!read_whole_file(source + "/web/find_keys.js", find_keys))
        return fail("cannot read web/find_keys.js in " + source);
    for (const char* name : {"find.js", "search.js", "find.css"}) {
        std::string data;
        if (!read_whole_file(source + "/web/" + name, data))
            return fail("cannot read web/" + std::string(name) + " in " + source);
        fs::path n(name);
        std::string path = "/assets/" + hashed_name(n.stem().string(), n.extension().string(), data);
        files.push_back({path.substr(1), data});
        std::string key = n.extension() == ".css" ? "findCss" : n.stem().string();
        manifest += ",\"" + key + "\":" + js_string(path);
    }
    manifest += std::string(",\"preview\":") + (preview ? "true" : "false") + "}";
    assets.preload.push_back("/assets/" + hashed_name("folio", ".wasm", wasm));
    // One script: boot, the text layer (it must exist before the wasm registers events on it), the find keys.
    std::string boot_full =
        "window.FOLIO_ASSETS = " + manifest + ";\n" + compact_script(boot + "\n" + text_layer + "\n" + find_keys);
    assets.boot_js = "/assets/" + hashed_name("boot", ".js", boot_full);
    assets.style_css = "/assets/" + hashed_name("folio", ".css", css);
    files.push_back({assets.boot_js.substr(1), boot_full});
    files.push_back({assets.style_css.substr(1), css});
    // The browser's copy of the content; long article bodies come separately, when opened.
    files.push_back({"site.json", site_to_json(site, /*separate_bodies=*/true)});
    for (const Article& a : site.writing)
        if (a.body_markdown != a.opening) files.push_back({body_url(a).substr(1), body_tree_json(a)});
    // Without JavaScript the text shows at once (folio.css otherwise holds it back for a moment).
    files.push_back({"noscript.css", "#text { animation: none !important; }\n"});
    // Images the articles show, from the bundle, at the same site paths.
    for (const std::string& img : site.local_images) {
        std::string data;
        if (!read_whole_file(bundle_dir + img, data))
            return fail("an article shows " + img + " but " + bundle_dir + img +
                        " cannot be read; add the file or fix the path");
        files.push_back({img.substr(1), data});
    }
    for (OutputFile& f : emit_site(site, shell, assets))
        files.push_back(std::move(f));
    // The search index over all the writing (core/search_index.h), fetched when search is first used.
    for (OutputFile& f : build_search_index(site))
        files.push_back(std::move(f));

    // Write everything beside the target, then swap it in whole.
    fs::path out = fs::absolute(out_dir).lexically_normal();
    if (out.filename().empty()) out = out.parent_path();
    fs::path tmp = out.parent_path() / (out.filename().string() + ".tmp-" + std::to_string(getpid()));
    std::error_code ec;
    fs::remove_all(tmp, ec);
    for (const OutputFile& f : files)
        if (!write_file(tmp / f.path, f.contents)) {
            fs::remove_all(tmp, ec);
            return fail("cannot write " + (tmp / f.path).string());
        }
    fs::path old = out.parent_path() / (out.filename().string() + ".old-" + std::to_string(getpid()));
    bool had_old = fs::exists(out);
    if (had_old) fs::rename(out, old, ec);
    if (ec) {
        fs::remove_all(tmp, ec);
        return fail("cannot move the previous output aside: " + out.string());
    }
    fs::rename(tmp, out, ec);
    if (ec) {
        if (had_old) fs::rename(old, out, ec);
        return fail("cannot move the new output into place: " + out.string());
    }
    if (had_old) fs::remove_all(old, ec);
    std::printf("folio build: %zu files in %s\n", files.size(), out.string().c_str());
    return 0;
}

} // namespace folio

namespace folio {

// The starting bundle: every required section, one article with a Markdown file, a link without an
// address yet. `folio check` passes on it, and docs/content.md explains each field.
static const char* const kNewContent = R"({
  "schema": 1,
  "site": {
    "title": "Your Name",
    "author": "Your Name",
    "tagline": "One line about what you do.",
    "base_url": "https://example.org/",
    "language": "en",
    "description": "What this site is about, in a sentence.",
    "links": [{"text": "buy me a coffee"}]
  },
  "timeline": [
    {"year": 2026, "entries": [{"article": "hello"}]}
  ],
  "writing": [
    {
      "slug": "hello",
      "title": "Hello",
      "date": "2026-01-01",
      "dek": "The first article: what this site will be.",
      "opening": "This is the opening paragraph; feed readers show it.",
      "tags": ["meta"],
      "body_file": "writing/hello.md"
    }
  ],
  "find_me": {"title": "find me", "links": [{"text": "email", "href": "mailto:you@example.org"}]},
  "contents": [
    {"title": "writing", "chapter": "writing"},
    {"title": "find me", "chapter": "find-me"}
  ]
}
)";

static const char* const kNewArticle =
    "This is the opening paragraph; feed readers show it.\n\n"
    "## Write in Markdown\n\n"
    "*Emphasis*, **strong**, `code`, [links](https://example.org), lists, tables and code blocks all work.\n";

int new_bundle(const std::string& dir) {
    fs::path root(dir);
    std::error_code ec;
    if (fs::exists(root / "content.json")) {
        std::fprintf(stderr, "folio new: %s already exists; choose an empty folder\n", (root / "content.json").c_str());
        return 1;
    }
    if (!write_file(root / "content.json", kNewContent) || !write_file(root / "writing" / "hello.md", kNewArticle)) {
        std::fprintf(stderr, "folio new: cannot write into %s\n", dir.c_str());
        return 1;
    }
    std::printf("folio new: a bundle in %s; edit content.json, then run ./folio preview %s\n", dir.c_str(),
                dir.c_str());
    return 0;
}

} // namespace folio
