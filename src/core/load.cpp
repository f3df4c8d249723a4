// folio core: loading a content bundle. See load.h; the schema itself is in schema.cpp, typed JSON
// access with diagnostics in json_reader.h.
#include "core/load.h"

#include <fstream>
#include <sstream>

#include "core/derive.h"
#include "core/document_json.h"
#include "core/json_source.h"
#include "core/schema.h"
#ifndef FOLIO_TREES_ONLY
#include "core/source_check.h"
#endif

namespace folio {

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
    if (!read_document(r, src.value, site)) return false;

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

std::string site_to_json(const Site& s, bool separate_bodies) { return write_document(s, separate_bodies).dump(); }

} // namespace folio
