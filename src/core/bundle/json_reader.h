// folio core: typed access to a parsed JSON document, with diagnostics.
//
// In the style of nlohmann's from_json, but exception-free (the browser build has no C++ exceptions)
// and reporting every problem with its position (file:line:column, JSON path, what to do) instead of
// stopping at the first. The schema's readers (schema.cpp) are written with it.
#pragma once

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/bundle/json_source.h"
#include "core/model/model.h"

namespace folio {

// "a string", "an array", ...: what a value is, for messages.
const char* type_name(const nlohmann::json& v);
// Levenshtein distance, for "did you mean" hints.
size_t edit_distance(const std::string& a, const std::string& b);

// Each typed accessor reads obj[key] at path into outv and returns true, or adds a diagnostic (a missing
// required field, a wrong type, a value out of range) and returns false.
struct Reader {
    using json = nlohmann::json;
    const JsonSource& src;
    Diagnostics& out;

    // Adds a diagnostic at the value at path (or at its key), located in the source text.
    void error(const std::string& path, bool at_key, const std::string& msg, const std::string& hint);

    // A name that becomes part of an address (a tag, a slug, an id; core/text/names.h): normalised in place,
    // or a diagnostic at path naming `what` it is. Native only, as the bundle is read only there.
    bool name(const std::string& path, std::string& value, const char* what);

    // An object with only the allowed keys. Unknown keys are reported with a suggestion.
    bool object(const json& v, const std::string& path, std::initializer_list<const char*> allowed);

    // The member, or null (a diagnostic when it is required and missing).
    const json* field(const json& obj, const std::string& path, const char* key, bool required);
    // nonempty: all white space is an error too.
    bool string(const json& obj, const std::string& path, const char* key, std::string& outv, bool required,
                bool nonempty = false);
    bool integer(const json& obj, const std::string& path, const char* key, int& outv, bool required, int lo, int hi);
    bool boolean(const json& obj, const std::string& path, const char* key, bool& outv);
    bool date(const json& obj, const std::string& path, const char* key, Date& outv, bool required);
    // v itself is an array (a diagnostic with the hint when it is not).
    bool is_array(const json& v, const std::string& path, const std::string& hint);
    bool array(const json& obj, const std::string& path, const char* key, const json*& outv, bool required);
    // slugs: each must be a slug (tags).
    void strings(const json& obj, const std::string& path, const char* key, std::vector<std::string>& outv,
                 bool required, bool slugs);

    // An author's link: empty (text only, for now), or one the link policy lets a reader follow.
    void href(const std::string& value, const std::string& path);
    void links(const json& obj, const std::string& path, const char* key, std::vector<Link>& outv);
};

} // namespace folio
