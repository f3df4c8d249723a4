// folio core: reading what `folio build` wrote for the browser: site.json, an article's body tree
// (/assets/bodies/*.json.gz, inflated by the page; document_json.h) and a fold chunk (/assets/folds/*.json.gz, bound.h).
//
// The build validated the author's bundle (schema.h, with line and column) before it wrote these files,
// so this reader trusts their shape and reads straight into the model, in one pass, without a DOM, without
// exceptions and without the C library's number parsing: it is what the browser links instead of a JSON
// library. It still never crashes or hangs on damaged bytes (a truncated download, a hand-edited file):
// anything it does not expect fails the read with one message naming the file, the byte offset and the
// remedy (rebuild the site). Members it does not know are skipped, so a newer build's extra fields pass.
// The writers are in schema.cpp (site.json, fold chunks) and document_json.cpp (trees).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/model/bound.h"
#include "core/model/model.h"

namespace folio {

// site.json into site (replaced), then derived (derive.h) as the browser holds it. False, with the
// message in error and site left empty, when the text is not a site.json this folio writes.
bool read_built_site(std::string_view text, Site& site, std::string& error, const char* file = "site.json");

// One document tree (an article's body). False, with d left empty, when the text is not one.
bool read_built_tree(std::string_view text, Document& d, std::string& error, const char* file = "body");

// A fold chunk's entries (model/bound.h).
bool read_built_fold(std::string_view text, FoldEntries& out, std::string& error, const char* file = "fold chunk");

// A fetched chunk's entries added to the model, the fold marked loaded. False (and the fold failed, the
// model unchanged) when the text is not a chunk this folio wrote for that fold.
bool merge_fold(Site& site, int fold, const std::string& text);

} // namespace folio
