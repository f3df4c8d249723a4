// folio core: loading a content bundle. See load.h; the schema itself is in schema.cpp, typed JSON
// access with diagnostics in json_reader.h.
#include "core/load.h"

#include <cstdio>

#include "core/derive.h"
#include "core/document_json.h"
#include "core/json_source.h"
#include "core/schema.h"
#ifndef FOLIO_TREES_ONLY
#include "core/source_check.h"
#endif

namespace folio {

bool read_whole_file(const std::string& path, std::string& contents) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return false;
    // Read straight into the string, growing it only when the file is longer than it said.
    std::string data;
    if (std::fseek(f, 0, SEEK_END) == 0) {
        long size = std::ftell(f);
        if (size > 0) data.reserve(static_cast<size_t>(size));
        std::rewind(f);
    }
    char buf[65536];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;)
        data.append(buf, n);
    const bool ok = !std::ferror(f);
    std::fclose(f);
    if (ok) contents = std::move(data);
    return ok;
}

bool load_site_json(const std::string& file_label, std::string text, Site& site, Diagnostics& out, ReadFile read_file,
                    void* user, const DeriveOptions& options) {
    size_t before = out.size();
    JsonSource src;
    if (!parse_json_source(file_label, std::move(text), src, out)) return false;
    Reader r{src, out};
    if (!read_document(r, src.value, site)) return false;

    // Markdown files named by body_file: read (through options.parallel), then checked in order, so the
    // messages come in the order of the articles.
    std::vector<char> read(site.writing.size(), 0);
    auto read_one = [&](size_t i) {
        Article& a = site.writing[i];
        if (!a.body_file.empty() && read_file) read[i] = read_file(a.body_file, a.body_markdown, user);
    };
    if (options.parallel)
        options.parallel(site.writing.size(), read_one);
    else
        for (size_t i = 0; i < site.writing.size(); ++i)
            read_one(i);
    for (size_t i = 0; i < site.writing.size(); ++i) {
        Article& a = site.writing[i];
        if (a.body_file.empty()) continue;
        std::string p = json_path_member(json_path_index("$.writing", i), "body_file");
        if (!read[i]) {
            r.error(p, false, "cannot read the Markdown file '" + a.body_file + "'",
                    "create it (the path is relative to the bundle folder) or fix the path");
            continue;
        }
        size_t bad = find_invalid_utf8(a.body_markdown);
        if (bad != std::string::npos) {
            r.error(p, false, "'" + a.body_file + "' is not UTF-8 (invalid byte at offset " + std::to_string(bad) + ")",
                    "save the file as UTF-8");
            continue;
        }
    }
    if (out.size() != before) return false;
    { JsonSource done = std::move(src); } // the text and its positions are no longer needed: not while parsing
    derive(site, options);
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

bool load_bundle(const std::string& bundle_dir, Site& site, Diagnostics& out, const DeriveOptions& options) {
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
    if (!load_site_json(file, std::move(text), site, out, read_from_bundle, &reader, options)) return false;
#ifndef FOLIO_TREES_ONLY
    size_t before = out.size();
    check_images(site, bundle_dir, out);
    if (out.size() != before) return false;
#endif
    return true;
}

std::string site_to_json(const Site& s, bool separate_bodies) { return write_document(s, separate_bodies).dump(); }

} // namespace folio
