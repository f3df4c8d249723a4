// folio core: Markdown files with front matter, and other generators' config files, as data. Text
// normalised (BOM, CRLF), front matter split off and read (YAML between "---" lines, TOML between "+++"
// lines), all into nlohmann::json, so one code path picks out the fields: a bundle's post files
// (bundle/posts.h) and `folio import`'s sources (cli/import.cpp).
//
// Native only (yaml-cpp and toml++ from Debian); never linked into the wasm.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace folio {

// Without a UTF-8 byte-order mark, with "\r\n" and lone "\r" as "\n".
std::string normalize_text(const std::string& raw);

// A problem in a source file, 1-based line and column.
struct SourceError {
    int line = 1, column = 1;
    std::string message;
};

// Where each top-level key was written: key -> 1-based line (line_offset added) and column.
using KeyPlaces = std::map<std::string, std::pair<int, int>>;

// YAML (the first document) or TOML text as JSON. Quoted YAML scalars stay strings; plain ones become
// booleans (true/false), integers or strings. TOML dates and times become ISO strings as written
// ("2024-03-01", "2024-03-01T09:30:00-07:00"). line_offset is added to reported lines. With places, the
// top-level keys' positions are kept there.
bool yaml_to_json(const std::string& text, int line_offset, nlohmann::json& out, SourceError& err,
                  KeyPlaces* places = nullptr);
bool toml_to_json(const std::string& text, int line_offset, nlohmann::json& out, SourceError& err,
                  KeyPlaces* places = nullptr);

enum class FrontMatterKind { None, Yaml, Toml };

struct SplitPost {
    FrontMatterKind kind = FrontMatterKind::None;
    std::string front_matter;  // between the fences
    int front_matter_line = 0; // line of the front matter's first line in the file
    std::string body;
    int body_line = 1; // line of the body's first line in the file
};

// Splits normalised text at its front matter fences. An opening fence without a closing one is an error.
bool split_front_matter(const std::string& text, SplitPost& out, SourceError& err);

// "2024-03-01", "2024-03-01T23:30:00-07:00", "2024-03-01 23:30:00 +0200": the calendar date as written
// (the author's own day, whatever the zone), checked; false for anything else.
bool calendar_date(const std::string& s, int& year, int& month, int& day);

// A string or a list of strings as a list; Jekyll's space-separated "tags: a b" splits on spaces.
std::vector<std::string> string_list(const nlohmann::json& v, bool split_spaces);

// A post file's front matter as folio writes it (`folio new post`, `folio import`): "---", one `key: value`
// line a field in the object's order, "---". Each value is written as JSON, which YAML 1.2 reads as the same
// value (a string in double quotes with JSON's escapes, a list in brackets), so no title or tag can be
// misread (a colon, a leading '-', "no", a date-like text).
std::string yaml_front_matter(const nlohmann::ordered_json& fields);

} // namespace folio
