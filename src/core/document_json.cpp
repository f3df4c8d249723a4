// folio core: document trees as compact JSON. See document_json.h.
#include "core/document_json.h"

namespace folio {

using json = nlohmann::json;

namespace {

constexpr int kMaxDepth = 64; // trees folio writes are shallower (markdown.cpp flattens at 48)

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
    if (n.kind == NodeKind::List && n.start != 1) at["start"] = n.start;
    if (n.align != Align::Default) at["align"] = static_cast<int>(n.align);
    if (n.header) at["header"] = true;
    if (n.width) at["width"] = n.width;
    if (n.height) at["height"] = n.height;
    if (!n.id.empty()) at["id"] = n.id;
    if (!n.runs.empty()) {
        json runs = json::array();
        for (const CodeRun& r : n.runs) {
            runs.push_back(static_cast<int>(r.token));
            runs.push_back(r.text);
        }
        at["runs"] = runs;
    }
    if (!at.empty()) a.push_back(at);
    for (const Node& c : n.children)
        a.push_back(node_to_json(c));
    return a;
}

bool str(const json& o, const char* key, std::string& out) {
    auto it = o.find(key);
    if (it == o.end()) return true;
    if (!it->is_string()) return false;
    out = it->get<std::string>();
    return true;
}

bool num(const json& o, const char* key, int& out, int lo, int hi) {
    auto it = o.find(key);
    if (it == o.end()) return true;
    if (!it->is_number_integer()) return false;
    long long v = it->get<long long>();
    if (v < lo || v > hi) return false;
    out = static_cast<int>(v);
    return true;
}

bool flag(const json& o, const char* key, bool& out) {
    auto it = o.find(key);
    if (it == o.end()) return true;
    if (!it->is_boolean()) return false;
    out = it->get<bool>();
    return true;
}

bool read_attributes(const json& at, Node& n) {
    int align = 0;
    bool ok = str(at, "text", n.text) && str(at, "href", n.href) && str(at, "info", n.info) &&
              num(at, "level", n.level, 0, 6) && flag(at, "ordered", n.ordered) &&
              num(at, "start", n.start, -1000000000, 1000000000) && num(at, "align", align, 0, 3) &&
              flag(at, "header", n.header) && num(at, "width", n.width, 0, 100000) &&
              num(at, "height", n.height, 0, 100000) && str(at, "id", n.id);
    if (!ok) return false;
    n.align = static_cast<Align>(align);
    auto runs = at.find("runs");
    if (runs == at.end()) return true;
    if (!runs->is_array() || runs->size() % 2) return false;
    for (size_t i = 0; i < runs->size(); i += 2) {
        const json& t = (*runs)[i];
        const json& s = (*runs)[i + 1];
        if (!t.is_number_integer() || !s.is_string()) return false;
        int tok = t.get<int>();
        if (tok < 0 || tok >= kTokenCount) return false;
        n.runs.push_back({static_cast<Token>(tok), s.get<std::string>()});
    }
    return true;
}

bool node_from_json(const json& j, Node& n, int depth) {
    if (j.is_string()) {
        n.kind = NodeKind::Text;
        n.text = j.get<std::string>();
        return true;
    }
    if (!j.is_array() || j.empty() || !j[0].is_string() || depth > kMaxDepth) return false;
    const std::string tag = j[0].get<std::string>();
    int kind = -1;
    for (int k = 0; k < kNodeKinds; ++k)
        if (tag == kNodeTags[k]) kind = k;
    if (kind < 0 || kind == static_cast<int>(NodeKind::HtmlInline)) return false;
    n.kind = static_cast<NodeKind>(kind);
    if (n.kind == NodeKind::SoftBreak) n.text = " ";
    size_t i = 1;
    if (j.size() > 1 && j[1].is_object()) {
        if (!read_attributes(j[1], n)) return false;
        i = 2;
    }
    n.children.reserve(j.size() - i);
    for (; i < j.size(); ++i) {
        n.children.emplace_back();
        if (!node_from_json(j[i], n.children.back(), depth + 1)) return false;
    }
    return true;
}

} // namespace

json document_to_json(const Document& d) { return node_to_json(d); }

bool document_from_json(const json& j, Document& d) {
    Document out;
    if (!node_from_json(j, out, 0) || out.kind != NodeKind::Document) {
        d = Document{};
        return false;
    }
    d = std::move(out);
    return true;
}

bool document_from_json_text(const std::string& text, Document& d) {
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) {
        d = Document{};
        return false;
    }
    return document_from_json(j, d);
}

} // namespace folio
