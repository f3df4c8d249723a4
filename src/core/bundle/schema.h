// folio core: the content schema (docs/content.md), read and written. The loader (load.h) reads a bundle
// through read_document; site.json, the browser's copy, is written by write_document (and read by
// site_reader.h).
#pragma once

#include <vector>

#include "core/bundle/json_reader.h"
#include "core/model/model.h"

namespace folio {

struct PostFile; // posts.h

// Reads every section of the document into site, and checks the cross-references (unique slugs and
// ids, references that resolve, chapters that exist, reserved ids). The articles of post files (posts.h),
// when given, follow content.json's, each slug once across both. Every problem goes to the reader's
// diagnostics; false when the document is not one this folio can read at all (not an object, another
// schema version).
bool read_document(Reader& r, const nlohmann::json& root, Site& site, const std::vector<PostFile>* posts = nullptr);

// One entry of "writing" at path p (e.g. "$.writing[3]"), without the checks across entries.
void read_article(Reader& r, const nlohmann::json& v, const std::string& p, Article& a);

// The site as one document with the same schema; with separate_bodies, long article bodies become
// body_url references (see load.h: site_to_json).
nlohmann::json write_document(const Site& site, bool separate_bodies);

// A fold chunk (bound.h): the entries under site.folds[fold], as records of this schema.
nlohmann::json write_fold_chunk(const Site& site, int fold);
// The same as text: what the fold's chunk file holds.
std::string fold_chunk(const Site& site, int fold);

// An article's record as site.json writes it (write_document with separate_bodies; a fold chunk's record
// holds part of it): all the text of the article the book shows but its body's tree.
std::string article_record(const Article& a);

} // namespace folio
