// folio core: document trees as compact JSON. See document_json.h.
#include "core/wire/document_json.h"

#include "core/text/text.h"

namespace folio {

using json = nlohmann::json;

namespace {

json node_to_json(const Node& n) {
    if (n.kind == NodeKind::Text) return n.text;
    json a = json::array();
    a.push_back(kNodeTags[static_cast<int>(n.kind)]);
    json at = json::object();
    if (!n.text.empty() && n.kind != NodeKind::SoftBreak) at["text"] = n.text;
    if (!n.href.empty()) at["href"] = n.href;
    if (!n.info.empty()) at["info"] = n.info;
    if (n.level) at["level"] = n.level;
    if (n.ordered) at["ordered"] = true;
    if ((n.kind == NodeKind::List && n.start != 1) || typeset_formula(n)) at["start"] = n.start;
    if (n.align != Align::Default) at["align"] = static_cast<int>(n.align);
    if (n.header) at["header"] = true;
    if (n.width) at["width"] = n.width;
    if (n.height) at["height"] = n.height;
    if (!n.id.empty()) at["id"] = n.id;
    if (!n.runs.empty()) {
        json runs = json::array();
        for (const CodeRun& r : n.runs) {
            runs.push_back(static_cast<int>(r.token));
            runs.push_back(r.size);
        }
        at["runs"] = runs;
    }
    if (!at.empty()) a.push_back(at);
    for (const Node& c : n.children)
        a.push_back(node_to_json(c));
    return a;
}

} // namespace

json document_to_json(const Document& d) { return node_to_json(d); }

namespace {

// What nlohmann's dump() writes for a string: the quotes, \" \\ and the control characters escaped, the
// rest as it is. False at a byte that is not UTF-8 (dump() would throw there).
bool put_string(std::string& out, const std::string& s) {
    static const char* const hex = "0123456789abcdef";
    out += '"';
    size_t run = 0; // the first byte not yet copied
    for (size_t i = 0; i < s.size();) {
        const unsigned char b = static_cast<unsigned char>(s[i]);
        if (b >= 0x80) {
            uint32_t cp = 0;
            const size_t len = utf8_decode(s, i, cp);
            if (len == 0) return false;
            i += len;
            continue;
        }
        if (b >= 0x20 && b != '"' && b != '\\') {
            ++i;
            continue;
        }
        out.append(s, run, i - run);
        switch (b) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            out += "\\u00";
            out += hex[b >> 4];
            out += hex[b & 15];
        }
        run = ++i;
    }
    out.append(s, run, std::string::npos);
    out += '"';
    return true;
}

// node_to_json(n).dump(), written straight into out: the attributes in the order nlohmann's object (a
// std::map) keeps them, by name.
bool put_node(std::string& out, const Node& n) {
    if (n.kind == NodeKind::Text) return put_string(out, n.text);
    out += "[\"";
    out += kNodeTags[static_cast<int>(n.kind)];
    out += '"';
    bool ok = true;
    char sep = '{';
    auto key = [&](const char* name) {
        out += sep;
        out += '"';
        out += name;
        out += "\":";
        sep = ',';
    };
    auto integer = [&](const char* name, int v) {
        key(name);
        out += std::to_string(v);
    };
    auto text = [&](const char* name, const std::string& v) {
        key(name);
        ok = put_string(out, v) && ok;
    };
    out += ',';
    const size_t open = out.size();
    if (n.align != Align::Default) integer("align", static_cast<int>(n.align));
    if (n.header) key("header"), out += "true";
    if (n.height) integer("height", n.height);
    if (!n.href.empty()) text("href", n.href);
    if (!n.id.empty()) text("id", n.id);
    if (!n.info.empty()) text("info", n.info);
    if (n.level) integer("level", n.level);
    if (n.ordered) key("ordered"), out += "true";
    if (!n.runs.empty()) {
        key("runs");
        char run_sep = '[';
        for (const CodeRun& r : n.runs) {
            out += run_sep;
            out += std::to_string(static_cast<int>(r.token));
            out += ',';
            out += std::to_string(r.size);
            run_sep = ',';
        }
        out += ']';
    }
    if ((n.kind == NodeKind::List && n.start != 1) || typeset_formula(n)) integer("start", n.start);
    if (!n.text.empty() && n.kind != NodeKind::SoftBreak) text("text", n.text);
    if (n.width) integer("width", n.width);
    if (out.size() == open)
        out.pop_back(); // no attributes: no object, and no comma before it
    else
        out += "}";
    for (const Node& c : n.children) {
        out += ',';
        ok = put_node(out, c) && ok;
    }
    out += ']';
    return ok;
}

} // namespace

std::string document_json_text(const Document& d) {
    std::string out;
    if (!put_node(out, d)) return document_to_json(d).dump(); // not UTF-8: dump() reports it, as before
    return out;
}

} // namespace folio
