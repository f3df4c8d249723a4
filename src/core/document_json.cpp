// folio core: document trees as compact JSON. See document_json.h.
#include "core/document_json.h"

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

} // namespace

json document_to_json(const Document& d) { return node_to_json(d); }

} // namespace folio
