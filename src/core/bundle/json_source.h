// folio core: JSON text with positions.
//
// nlohmann/json parses values but forgets where they were. For errors that point at line and column we
// walk the text once more (iteratively, so any nesting depth is safe) and remember where each value and
// each object key starts, by JSON path. The walk also catches what nlohmann would accept silently or
// handle badly: invalid UTF-8, duplicate keys, absurd nesting.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <unordered_map>
#include <vector>

#include "core/bundle/diagnostics.h"

namespace folio {

struct JsonSource {
    std::string file;
    std::string text;
    nlohmann::json value;
    std::vector<size_t> line_starts;
    std::string root = "$"; // the path of the text's value
    // Where each value and key starts, by path: made on first use (position_of, index), by a second walk,
    // since a text without errors needs none of it (a 10,000-article content.json has 140,000 paths).
    mutable std::unordered_map<std::string, size_t> value_at; // path -> offset of the value
    mutable std::unordered_map<std::string, size_t> key_at;   // path -> offset of its key (object members)
    mutable bool indexed = false;

    // Fills value_at and key_at, once.
    void index() const;

    // 1-based line and column (in characters, counting UTF-8 sequences once) of a byte offset.
    void position(size_t offset, int& line, int& column) const;
    // Position of the value at a path, or of its key; falls back to the nearest parent that is known.
    void position_of(const std::string& path, bool at_key, int& line, int& column) const;
};

constexpr int kMaxJsonDepth = 256;

// Parses text into src (file is used in messages). Returns false and adds diagnostics on failure. root
// is the path of the text's value: another than "$" when the text is one part of a larger document
// (load.h: reload_content).
bool parse_json_source(const std::string& file, std::string text, JsonSource& src, Diagnostics& out,
                       const std::string& root = "$");

// $.a.b[3]["odd key"]
std::string json_path_member(const std::string& parent, const std::string& key);
std::string json_path_index(const std::string& parent, size_t index);

} // namespace folio
