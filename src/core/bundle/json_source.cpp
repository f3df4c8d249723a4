// folio core: JSON text with positions. See json_source.h.
#include "core/bundle/json_source.h"

#include <algorithm>
#include <cstdio>
#include <unordered_set>

#include "core/text/text.h"

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] Paths and positions
//-----------------------------------------------------------------------------

static bool plain_key(const std::string& k) {
    if (k.empty()) return false;
    for (char c : k)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
    return true;
}

std::string json_path_member(const std::string& parent, const std::string& key) {
    if (plain_key(key)) return parent + "." + key;
    std::string quoted = "[\"";
    for (char c : key) {
        if (c == '"' || c == '\\') quoted += '\\';
        quoted += c;
    }
    return parent + quoted + "\"]";
}

std::string json_path_index(const std::string& parent, size_t index) {
    return parent + "[" + std::to_string(index) + "]";
}

void JsonSource::position(size_t offset, int& line, int& column) const {
    if (offset > text.size()) offset = text.size();
    auto it = std::upper_bound(line_starts.begin(), line_starts.end(), offset);
    size_t li = static_cast<size_t>(it - line_starts.begin()) - 1;
    line = static_cast<int>(li + 1);
    column = 1;
    for (size_t i = line_starts[li]; i < offset; ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
}

void JsonSource::position_of(const std::string& path, bool at_key, int& line, int& column) const {
    // Each map's iterators are compared only with that map's end(): mixing them is undefined (and aborts
    // under _GLIBCXX_DEBUG; see the debug-containers preset).
    auto find = [](const std::unordered_map<std::string, size_t>& map, const std::string& key, size_t& at) {
        auto it = map.find(key);
        if (it == map.end()) return false;
        at = it->second;
        return true;
    };
    index();
    std::string p = path;
    while (true) {
        size_t at = 0;
        if ((at_key && find(key_at, p, at)) || find(value_at, p, at)) {
            position(at, line, column);
            return;
        }
        // Not present (e.g. a missing field): point at the parent object instead.
        size_t cut = p.find_last_of(".[");
        if (cut == std::string::npos || cut == 0) break;
        p = p.substr(0, cut);
        at_key = false;
    }
    position(0, line, column);
}

//-----------------------------------------------------------------------------
// [SECTION] Checks before parsing
//-----------------------------------------------------------------------------

//-----------------------------------------------------------------------------
// [SECTION] The position walk (iterative; tolerant of anything nlohmann already accepted)
//-----------------------------------------------------------------------------

namespace {

struct Frame {
    bool object = false;
    std::string path;
    size_t index = 0;
    std::string key;       // object: the key whose value comes next
    bool have_key = false; // a key was read and its value not yet
    std::unordered_set<std::string> keys;
};

struct Walker {
    const JsonSource& src;
    Diagnostics& out;
    const std::string& t;
    bool record; // the paths, into src's maps (else the walk only checks: no path is made)
    size_t i = 0;
    std::vector<Frame> stack;

    void skip_ws() {
        while (i < t.size() && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t'))
            ++i;
    }
    // Reads a JSON string at t[i] == '"', returns its decoded value (escapes other than \" \\ kept raw is
    // fine for keys: nlohmann accepted the text, so only uncommon keys would differ).
    std::string read_string() {
        std::string s;
        ++i;
        while (i < t.size() && t[i] != '"') {
            if (t[i] == '\\' && i + 1 < t.size()) {
                char e = t[i + 1];
                s += (e == 'n') ? '\n' : (e == 't') ? '\t' : e;
                i += 2;
                continue;
            }
            s += t[i++];
        }
        ++i;
        return s;
    }
    std::string next_value_path() {
        if (!record) return std::string();
        if (stack.empty()) return src.root;
        Frame& f = stack.back();
        return f.object ? json_path_member(f.path, f.key) : json_path_index(f.path, f.index);
    }
    void value_done() {
        if (!stack.empty() && !stack.back().object) ++stack.back().index;
    }
    // Returns false when nesting is too deep (diagnostic added).
    bool run() {
        while (true) {
            skip_ws();
            if (i >= t.size()) return true;
            char c = t[i];
            if (c == ',' || c == ':') {
                ++i;
                continue;
            }
            if (c == '}' || c == ']') {
                ++i;
                if (!stack.empty()) stack.pop_back();
                value_done();
                continue;
            }
            if (c == '"' && !stack.empty() && stack.back().object && !stack.back().have_key) {
                // An object key.
                size_t at = i;
                std::string key = read_string();
                Frame& f = stack.back();
                std::string path = record ? json_path_member(f.path, key) : std::string();
                if (!f.keys.insert(key).second) {
                    Diagnostic d;
                    d.file = src.file;
                    src.position(at, d.line, d.column);
                    d.path = path;
                    d.message = "duplicate key '" + key + "'";
                    d.hint = "remove one of them; only one value per key is allowed";
                    out.push_back(d);
                }
                if (record) src.key_at[path] = at;
                f.key = std::move(key);
                f.have_key = true;
                continue;
            }
            // A value.
            std::string path = next_value_path();
            if (record) src.value_at[path] = i;
            if (c == '{' || c == '[') {
                if (static_cast<int>(stack.size()) >= kMaxJsonDepth) {
                    Diagnostic d;
                    d.file = src.file;
                    src.position(i, d.line, d.column);
                    // Its first levels name where it starts; all 256 would fill the screen.
                    d.path = path.size() > 80 ? path.substr(0, std::min(path.find('[', 60), size_t{60})) + "…" : path;
                    d.message = "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels";
                    d.hint = "a content bundle never needs this; check for a generated or corrupted file";
                    out.push_back(d);
                    return false;
                }
                clear_key();
                Frame f;
                f.object = c == '{';
                f.path = path;
                stack.push_back(std::move(f));
                ++i;
                continue;
            }
            clear_key();
            if (c == '"')
                read_string();
            else
                while (i < t.size() && t[i] != ',' && t[i] != '}' && t[i] != ']' && t[i] != ' ' && t[i] != '\n' &&
                       t[i] != '\r' && t[i] != '\t')
                    ++i;
            value_done();
        }
    }
    void clear_key() {
        if (!stack.empty()) stack.back().have_key = false;
    }
};

struct ErrorSax : nlohmann::json_sax<nlohmann::json> {
    size_t position = 0;
    std::string message;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t pos, const std::string& last_token, const nlohmann::detail::exception& ex) override {
        position = pos;
        std::string what = ex.what();
        // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error while parsing
        // value - invalid literal; last read: 'tru'" -> keep what follows the position.
        size_t colon = what.find(": ", what.find("column"));
        message = colon == std::string::npos ? what : what.substr(colon + 2);
        (void)last_token;
        return false;
    }
};

} // namespace

void JsonSource::index() const {
    if (indexed) return;
    indexed = true;
    Diagnostics none; // the parse said them already
    Walker w{*this, none, text, true, 0, {}};
    w.run();
}

//-----------------------------------------------------------------------------
// [SECTION] Entry point
//-----------------------------------------------------------------------------

bool parse_json_source(const std::string& file, std::string text, JsonSource& src, Diagnostics& out,
                       const std::string& root) {
    src.file = file;
    src.text = std::move(text);
    src.line_starts.assign(1, 0);
    for (size_t i = 0; i < src.text.size(); ++i)
        if (src.text[i] == '\n') src.line_starts.push_back(i + 1);

    auto fail = [&](size_t at, const std::string& msg, const std::string& hint) {
        Diagnostic d;
        d.file = file;
        src.position(at, d.line, d.column);
        d.message = msg;
        d.hint = hint;
        out.push_back(d);
        return false;
    };

    if (src.text.find_first_not_of(" \t\r\n") == std::string::npos)
        return fail(0, "the file is empty", "write a JSON object, starting with {\"schema\": 1, ...}");
    size_t bad = find_invalid_utf8(src.text);
    if (bad != std::string::npos) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "0x%02X", static_cast<unsigned char>(src.text[bad]));
        return fail(bad, std::string("invalid UTF-8 (byte ") + buf + ")", "save the file as UTF-8");
    }

    // A raw NUL is never valid JSON (inside strings it must be written \u0000); stop at the first one
    // rather than let anything after it be ignored.
    size_t nul = src.text.find('\0');
    if (nul != std::string::npos)
        return fail(nul, "a NUL byte in the file", "remove it; in a string write it as \\u0000");

    // Depth first, so nothing deeper than kMaxJsonDepth reaches the parser at all. The first walk only
    // checks; when it finds something, a second one says where, with paths.
    src.root = root;
    size_t before = out.size();
    Diagnostics found;
    Walker check{src, found, src.text, false, 0, {}};
    if (!check.run() || !found.empty()) {
        src.indexed = true;
        Walker w{src, out, src.text, true, 0, {}};
        if (!w.run()) return false;
    }

    src.value = nlohmann::json::parse(src.text, nullptr, /*allow_exceptions=*/false);
    if (src.value.is_discarded()) {
        out.resize(before); // positions from a broken text are meaningless
        ErrorSax sax;
        nlohmann::json::sax_parse(src.text, &sax);
        size_t at = sax.position > 0 ? sax.position - 1 : 0;
        std::string hint = "fix the JSON syntax here";
        if (sax.message.find("unexpected end of input") != std::string::npos || sax.position >= src.text.size())
            hint = "the file ends too early; close every { and [ and string";
        else if (sax.message.find("control character") != std::string::npos)
            hint = "write control characters (and NUL) as escapes such as \\n or \\u0000";
        return fail(at, "not valid JSON: " + sax.message, hint);
    }
    return out.size() == before;
}

} // namespace folio
