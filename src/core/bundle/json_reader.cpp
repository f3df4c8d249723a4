// folio core: typed JSON access with diagnostics. See json_reader.h.
#include "core/bundle/json_reader.h"

#include "core/model/links.h"
#include "core/text/names.h"

namespace folio {

using nlohmann::json;

const char* type_name(const json& v) {
    switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::string: return "a string";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    case json::value_t::number_float: return "a number with a fraction";
    default: return "a number";
    }
}

size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

void Reader::error(const std::string& path, bool at_key, const std::string& msg, const std::string& hint) {
    Diagnostic d;
    d.file = src.file;
    src.position_of(path, at_key, d.line, d.column);
    d.path = path;
    d.message = msg;
    d.hint = hint;
    out.push_back(std::move(d));
}

bool Reader::name(const std::string& path, std::string& value, const char* what) {
    NameCheck c = check_name(value);
    if (!c.problem.empty()) {
        error(path, false, std::string("the ") + what + " '" + value + "' " + c.problem, c.hint);
        return false;
    }
    value = std::move(c.normal);
    return true;
}

bool Reader::object(const json& v, const std::string& path, std::initializer_list<const char*> allowed) {
    if (!v.is_object()) {
        error(path, false, std::string("expected an object, found ") + type_name(v), "write { ... } here");
        return false;
    }
    for (auto it = v.begin(); it != v.end(); ++it) {
        const std::string& key = it.key();
        bool known = false;
        std::string best;
        size_t best_d = 99;
        for (const char* a : allowed) {
            if (key == a) known = true;
            size_t d = edit_distance(key, a);
            if (d < best_d) best_d = d, best = a;
        }
        if (known) continue;
        std::string hint = best_d <= std::max<size_t>(2, key.size() / 3) ? "did you mean '" + best + "'?"
                                                                         : "remove it; see docs/content.md";
        error(json_path_member(path, key), true, "unknown field '" + key + "'", hint);
    }
    return true;
}

const json* Reader::field(const json& obj, const std::string& path, const char* key, bool required) {
    auto it = obj.find(key);
    if (it == obj.end()) {
        if (required)
            error(path, false, std::string("missing required field '") + key + "'",
                  std::string("add \"") + key + "\"; see docs/content.md");
        return nullptr;
    }
    return &*it;
}

bool Reader::string(const json& obj, const std::string& path, const char* key, std::string& outv, bool required,
                    bool nonempty) {
    const json* v = field(obj, path, key, required);
    if (!v) return false;
    auto p = [&] { return json_path_member(path, key); }; // made only for a message
    if (!v->is_string()) {
        error(p(), false, std::string("expected a string, found ") + type_name(*v), "put the text in double quotes");
        return false;
    }
    outv = v->get<std::string>();
    if (nonempty && outv.find_first_not_of(" \t\r\n") == std::string::npos) {
        error(p(), false, std::string("'") + key + "' is empty", "write some text");
        return false;
    }
    return true;
}

bool Reader::integer(const json& obj, const std::string& path, const char* key, int& outv, bool required, int lo,
                     int hi) {
    const json* v = field(obj, path, key, required);
    if (!v) return false;
    auto p = [&] { return json_path_member(path, key); };
    if (!v->is_number_integer()) {
        error(p(), false, std::string("expected a whole number, found ") + type_name(*v), "write a number such as 3");
        return false;
    }
    long long n = v->get<long long>();
    if (n < lo || n > hi) {
        error(p(), false, "number " + std::to_string(n) + " is out of range",
              "use a number from " + std::to_string(lo) + " to " + std::to_string(hi));
        return false;
    }
    outv = static_cast<int>(n);
    return true;
}

bool Reader::boolean(const json& obj, const std::string& path, const char* key, bool& outv) {
    const json* v = field(obj, path, key, false);
    if (!v) return false;
    if (!v->is_boolean()) {
        error(json_path_member(path, key), false, std::string("expected true or false, found ") + type_name(*v),
              "write true or false");
        return false;
    }
    outv = v->get<bool>();
    return true;
}

bool Reader::date(const json& obj, const std::string& path, const char* key, Date& outv, bool required) {
    std::string s;
    if (!string(obj, path, key, s, required)) return false;
    auto p = [&] { return json_path_member(path, key); };
    int y = 0, m = 0, d = 0;
    if (!parse_iso_date(s, y, m, d)) {
        error(p(), false, "'" + s + "' is not a date", "write it as YYYY-MM-DD, e.g. 2026-07-31");
        return false;
    }
    if (!valid_date(y, m, d)) {
        error(p(), false, "'" + s + "' is an impossible date", "check the month and the day");
        return false;
    }
    outv = Date{y, m, d};
    return true;
}

bool Reader::array(const json& obj, const std::string& path, const char* key, const json*& outv, bool required) {
    const json* v = field(obj, path, key, required);
    if (!v) return false;
    if (!v->is_array()) {
        error(json_path_member(path, key), false, std::string("expected an array, found ") + type_name(*v),
              "write [ ... ] here");
        return false;
    }
    outv = v;
    return true;
}

void Reader::strings(const json& obj, const std::string& path, const char* key, std::vector<std::string>& outv,
                     bool required, bool slugs) {
    const json* arr = nullptr;
    if (!array(obj, path, key, arr, required)) return;
    for (size_t i = 0; i < arr->size(); ++i) {
        const json& e = (*arr)[i];
        auto ep = [&] { return json_path_index(json_path_member(path, key), i); };
        if (!e.is_string()) {
            error(ep(), false, std::string("expected a string, found ") + type_name(e),
                  "put the text in double quotes");
            continue;
        }
        std::string s = e.get<std::string>();
        if (slugs && !name(ep(), s, "tag")) continue;
        // "Rust" and "rust" are one tag once folded: list it once.
        if (slugs && std::find(outv.begin(), outv.end(), s) != outv.end()) continue;
        outv.push_back(std::move(s));
    }
}

void Reader::href(const std::string& value, const std::string& path) {
    if (value.empty() || followable(value)) return;
    std::string lower;
    for (char c : value)
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    size_t colon = lower.find(':');
    std::string scheme = colon == std::string::npos || lower.find('/') < colon ? "" : lower.substr(0, colon);
    if (scheme.empty())
        error(path, false, "'" + value + "' is not an absolute address",
              "start it with https:// (or / for a page of this site)");
    else
        error(path, false, "the link scheme '" + scheme + ":' is not allowed", "use an http, https or mailto address");
}

void Reader::links(const json& obj, const std::string& path, const char* key, std::vector<Link>& outv) {
    const json* arr = nullptr;
    if (!array(obj, path, key, arr, false)) return;
    std::string p = json_path_member(path, key);
    for (size_t i = 0; i < arr->size(); ++i) {
        std::string ep = json_path_index(p, i);
        const json& e = (*arr)[i];
        if (!object(e, ep, {"text", "href"})) continue;
        Link l;
        string(e, ep, "text", l.text, true, true);
        if (string(e, ep, "href", l.href, false)) href(l.href, json_path_member(ep, "href"));
        outv.push_back(l);
    }
}

bool Reader::is_array(const json& v, const std::string& path, const std::string& hint) {
    if (v.is_array()) return true;
    error(path, false, std::string("expected an array, found ") + type_name(v), hint);
    return false;
}

} // namespace folio
