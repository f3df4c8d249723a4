// folio core: loading a content bundle into the model.
//
// Two entry points: load_bundle() reads a folder from disk (native only: the CLI and tests);
// load_site_json() reads text already in memory (the browser gets a bundle as one JSON document whose
// Markdown files are inlined). Both report every problem at once; the Site is complete only when no
// diagnostic was added.
#pragma once

#include <string>

#include "core/derive.h"
#include "core/diagnostics.h"
#include "core/model.h"

namespace folio {

// Reads BUNDLE/content.json and the Markdown files it names; validates; derives. Returns true if clean.
// The Markdown files are read and parsed through options.parallel (derive.h).
bool load_bundle(const std::string& bundle_dir, Site& site, Diagnostics& out, const DeriveOptions& options = {});

// Validates and derives from JSON text. Markdown files named by body_file are read through read_file
// (may be null: then body_file is an error). file_label is used in messages.
using ReadFile = bool (*)(const std::string& path, std::string& contents, void* user);
// read_file must be safe to call from several threads at once when options.parallel is given.
bool load_site_json(const std::string& file_label, std::string text, Site& site, Diagnostics& out,
                    ReadFile read_file = nullptr, void* user = nullptr, const DeriveOptions& options = {});

// Reads a whole file (native only). False if it cannot be opened.
bool read_whole_file(const std::string& path, std::string& contents);

// One JSON document: what the browser loads. With separate_bodies, an article whose body is more than
// its opening paragraph carries a body_url instead (its document tree, fetched when the article is opened),
// so the first view of a large archive does not download every article. The address is the article's
// body_url when set (`folio build` packs bodies into a few chunk files), else body_url(a).
std::string site_to_json(const Site& site, bool separate_bodies = false);
// An article's body on its own, as a document tree (document_json.h): "/writing/<slug>/body.json".
std::string body_url(const Article& a);
// That file's contents.
std::string body_tree_json(const Article& a);

} // namespace folio
