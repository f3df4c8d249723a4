// folio core: front matter and config files as JSON. See front_matter.h.
#include "core/bundle/front_matter.h"

#include <cstdlib>
#include <sstream>
#include <toml++/toml.h>
#include <yaml-cpp/yaml.h>

namespace folio {

using nlohmann::json;

std::string normalize_text(const std::string& raw) {
    size_t start = raw.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    std::string out;
    out.reserve(raw.size());
    for (size_t i = start; i < raw.size(); ++i) {
        if (raw[i] == '\r') {
            out += '\n';
            if (i + 1 < raw.size() && raw[i + 1] == '\n') ++i;
        } else {
            out += raw[i];
        }
    }
    return out;
}

//---- [SECTION] YAML ----

namespace {

bool plain_integer(const std::string& s) {
    size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
    if (i >= s.size() || s.size() - i > 15) return false;
    for (; i < s.size(); ++i)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}

json yaml_value(const YAML::Node& n) {
    switch (n.Type()) {
    case YAML::NodeType::Sequence: {
        json a = json::array();
        for (const YAML::Node& e : n)
            a.push_back(yaml_value(e));
        return a;
    }
    case YAML::NodeType::Map: {
        json o = json::object();
        for (const auto& kv : n)
            o[kv.first.Scalar()] = yaml_value(kv.second);
        return o;
    }
    case YAML::NodeType::Scalar: {
        const std::string& s = n.Scalar();
        if (n.Tag() == "!") return s; // quoted: always text
        if (s == "true" || s == "True" || s == "TRUE") return true;
        if (s == "false" || s == "False" || s == "FALSE") return false;
        if (plain_integer(s)) return std::strtoll(s.c_str(), nullptr, 10);
        return s;
    }
    default: return nullptr; // null, undefined
    }
}

} // namespace

bool yaml_to_json(const std::string& text, int line_offset, json& out, SourceError& err, KeyPlaces* places) {
    try {
        YAML::Node root = YAML::Load(text);
        out = root.IsNull() ? json::object() : yaml_value(root);
        if (places && root.IsMap())
            for (const auto& kv : root)
                (*places)[kv.first.Scalar()] = {line_offset + kv.first.Mark().line + 1, kv.first.Mark().column + 1};
        return true;
    } catch (const YAML::Exception& e) {
        err.line = line_offset + (e.mark.line >= 0 ? e.mark.line : 0) + 1;
        err.column = (e.mark.column >= 0 ? e.mark.column : 0) + 1;
        err.message = "YAML: " + e.msg;
        return false;
    }
}

//---- [SECTION] TOML ----

namespace {

template <typename T> std::string streamed(const T& v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

json toml_value(const toml::node& n) {
    if (const toml::table* t = n.as_table()) {
        json o = json::object();
        for (const auto& [k, v] : *t)
            o[std::string(k.str())] = toml_value(v);
        return o;
    }
    if (const toml::array* a = n.as_array()) {
        json arr = json::array();
        for (const toml::node& e : *a)
            arr.push_back(toml_value(e));
        return arr;
    }
    if (auto s = n.value_exact<std::string>()) return *s;
    if (auto b = n.value_exact<bool>()) return *b;
    if (auto i = n.value_exact<int64_t>()) return *i;
    if (auto f = n.value_exact<double>()) return *f;
    if (auto d = n.value_exact<toml::date>()) return streamed(*d);
    if (auto t = n.value_exact<toml::time>()) return streamed(*t);
    if (auto dt = n.value_exact<toml::date_time>()) return streamed(*dt);
    return nullptr;
}

} // namespace

bool toml_to_json(const std::string& text, int line_offset, json& out, SourceError& err, KeyPlaces* places) {
    try {
        toml::table t = toml::parse(text);
        out = toml_value(t);
        if (places)
            for (const auto& [k, v] : t)
                (*places)[std::string(k.str())] = {line_offset + static_cast<int>(k.source().begin.line),
                                                   static_cast<int>(k.source().begin.column)};
        return true;
    } catch (const toml::parse_error& e) {
        err.line = line_offset + static_cast<int>(e.source().begin.line);
        err.column = static_cast<int>(e.source().begin.column);
        err.message = "TOML: " + std::string(e.description());
        return false;
    }
}

//---- [SECTION] Front matter ----

namespace {

// The line at pos (without its "\n") and the position after it.
std::string line_at(const std::string& text, size_t pos, size_t& next) {
    size_t nl = text.find('\n', pos);
    next = nl == std::string::npos ? text.size() : nl + 1;
    std::string line = text.substr(pos, (nl == std::string::npos ? text.size() : nl) - pos);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t'))
        line.pop_back();
    return line;
}

} // namespace

bool split_front_matter(const std::string& text, SplitPost& out, SourceError& err) {
    size_t next = 0;
    std::string first = line_at(text, 0, next);
    std::string fence = first == "---" ? "---" : first == "+++" ? "+++" : "";
    if (fence.empty()) {
        out.kind = FrontMatterKind::None;
        out.body = text;
        out.body_line = 1;
        return true;
    }
    out.kind = fence == "---" ? FrontMatterKind::Yaml : FrontMatterKind::Toml;
    out.front_matter_line = 2;
    size_t start = next, pos = next;
    int line = 2;
    while (pos < text.size()) {
        size_t after = 0;
        std::string l = line_at(text, pos, after);
        // YAML front matter may also end with "..." (the YAML document end marker).
        if (l == fence || (fence == "---" && l == "...")) {
            out.front_matter = text.substr(start, pos - start);
            out.body = text.substr(after);
            out.body_line = line + 1;
            return true;
        }
        pos = after;
        ++line;
    }
    err.line = 1;
    err.column = 1;
    err.message = "the front matter opened with '" + fence + "' is never closed; end it with a line '" + fence + "'";
    return false;
}

bool calendar_date(const std::string& s, int& year, int& month, int& day) {
    auto digits = [&](size_t at, size_t n) {
        if (at + n > s.size()) return -1;
        int v = 0;
        for (size_t i = at; i < at + n; ++i) {
            if (s[i] < '0' || s[i] > '9') return -1;
            v = v * 10 + (s[i] - '0');
        }
        return v;
    };
    year = digits(0, 4);
    month = digits(5, 2);
    day = digits(8, 2);
    if (year < 1 || month < 1 || month > 12 || day < 1 || s[4] != '-' || s[7] != '-') return false;
    if (s.size() > 10 && s[10] != 'T' && s[10] != 't' && s[10] != ' ') return false;
    static const int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day <= (month == 2 && !leap ? 28 : days[month - 1]);
}

std::vector<std::string> string_list(const json& v, bool split_spaces) {
    std::vector<std::string> out;
    auto add = [&](const std::string& s) {
        if (!split_spaces) {
            if (!s.empty()) out.push_back(s);
            return;
        }
        std::istringstream words(s);
        std::string w;
        while (words >> w)
            out.push_back(w);
    };
    if (v.is_string()) add(v.get<std::string>());
    if (v.is_array())
        for (const json& e : v) {
            if (e.is_string()) out.push_back(e.get<std::string>());
            if (e.is_number_integer()) out.push_back(std::to_string(e.get<long long>()));
        }
    return out;
}

std::string yaml_front_matter(const nlohmann::ordered_json& fields) {
    std::string out = "---\n";
    for (const auto& field : fields.items()) {
        const auto& v = field.value();
        int y, m, d; // a date as authors write it, unquoted (YAML reads it as the same text)
        const bool date =
            v.is_string() && v.get<std::string>().size() == 10 && calendar_date(v.get<std::string>(), y, m, d);
        out += field.key() + ": " +
               (date ? v.get<std::string>() : v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)) + "\n";
    }
    return out + "---\n";
}

} // namespace folio
