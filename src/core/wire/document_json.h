// folio core: document trees as compact JSON, written by `folio build` (natively, after Markdown, raw
// HTML and highlighting) and read by the browser (site_reader.h: read_built_tree), which therefore needs
// no Markdown or HTML parser.
//
// A node is a string (a text run) or an array: [tag, {attributes}?, children...]. For example
//   ["p", "Hello ", ["em", "world"], ["a", {"href": "/x"}, "a link"]]
//   ["pre", {"info": "c", "runs": [1, 3, 0, 4], "text": "int x;\n"}] (runs: token, length in bytes)
// Tags: kNodeTags (document.h). site_reader.cpp reads what node_to_json writes, attribute for attribute.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "core/model/document.h"

namespace folio {

nlohmann::json document_to_json(const Document& d);
// document_to_json(d).dump(), written directly (a build writes every article's tree: no JSON DOM for it).
std::string document_json_text(const Document& d);

} // namespace folio
