// folio core: clusters drawn as one glyph. See clusters.h.
#include "core/text/clusters.h"

#include <algorithm>

#include "core/text/text.h"

namespace folio {

namespace {
size_t utf8_length(uint32_t c) { return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4; }

const std::vector<GlyphClusters::Cluster>* starting_with(uint32_t c, const GlyphClusters& clusters) {
    if (clusters.lead.empty()) return nullptr;
    if (c <= 0xFFFF) return clusters.lead[c] ? &clusters.by_lead[clusters.lead[c] - 1u] : nullptr;
    auto it = clusters.astral.find(c);
    return it == clusters.astral.end() ? nullptr : &clusters.by_lead[it->second];
}

std::vector<GlyphClusters::Cluster>& starting_with(uint32_t c, GlyphClusters& clusters) {
    if (clusters.lead.empty()) clusters.lead.resize(0x10000);
    if (const auto* known = starting_with(c, static_cast<const GlyphClusters&>(clusters)))
        return const_cast<std::vector<GlyphClusters::Cluster>&>(*known);
    clusters.by_lead.emplace_back();
    if (c <= 0xFFFF)
        clusters.lead[c] = static_cast<uint16_t>(clusters.by_lead.size());
    else
        clusters.astral[c] = clusters.by_lead.size() - 1;
    return clusters.by_lead.back();
}
} // namespace

bool add_clusters(std::string_view table, GlyphClusters& clusters) {
    size_t at = 0;
    while (at < table.size()) {
        size_t end = table.find('\n', at);
        if (end == std::string_view::npos) end = table.size();
        const std::string_view line = table.substr(at, end - at);
        at = end + 1;
        if (line.empty()) continue;
        const size_t tab = line.find('\t');
        if (tab == 0 || tab == std::string_view::npos || tab > 6 || tab + 1 == line.size()) return false;
        uint32_t cp = 0;
        for (char c : line.substr(0, tab)) {
            const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) return false;
            cp = cp * 16 + static_cast<uint32_t>(d);
        }
        const std::string_view text = line.substr(tab + 1);
        uint32_t first = 0;
        if (cp > 0xFFFF || utf8_decode(text, 0, first) == 0) return false;
        clusters.code_point[std::string(text)] = cp;
        if (clusters.by_lead.size() >= 0xFFFF) return false; // more leads than code points: not a table
        std::vector<GlyphClusters::Cluster>& same_lead = starting_with(first, clusters);
        auto known = std::find_if(same_lead.begin(), same_lead.end(), [&](const auto& k) { return k.text == text; });
        uint32_t second = 0;
        if (text.size() > utf8_length(first) && utf8_decode(text, utf8_length(first), second) == 0) return false;
        if (known != same_lead.end())
            known->code_point = cp;
        else
            same_lead.push_back({std::string(text), cp, second});
    }
    for (auto& same_lead : clusters.by_lead)
        std::stable_sort(same_lead.begin(), same_lead.end(),
                         [](const auto& a, const auto& b) { return a.text.size() > b.text.size(); });
    return true;
}

bool may_have_clusters(std::string_view text, const GlyphClusters& clusters) {
    if (clusters.empty()) return false;
    for (size_t i = 0; i < text.size();) {
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        uint32_t c = 0;
        const size_t n = utf8_decode(text, i, c);
        if (n == 0) return false;
        if (starting_with(c, clusters)) return true;
        i += n;
    }
    return false;
}

std::string apply_clusters(std::string_view text, const GlyphClusters& clusters) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        uint32_t c = 0;
        const size_t n = utf8_decode(text, i, c);
        if (n == 0) { // not UTF-8 from here: left as it is
            out.append(text.substr(i));
            break;
        }
        const GlyphClusters::Cluster* match = nullptr;
        if (const auto* candidates = starting_with(c, clusters)) {
            uint32_t second = 0;
            if (i + n < text.size() && utf8_decode(text, i + n, second) == 0) second = 0;
            for (const GlyphClusters::Cluster& k : *candidates) // longest first: the first that fits
                if ((k.second == 0 || k.second == second) && text.compare(i, k.text.size(), k.text) == 0) {
                    match = &k;
                    break;
                }
        }
        if (!match) {
            out.append(text.substr(i, n));
            i += n;
            continue;
        }
        if (match->code_point != 0)
            utf8_append(out, match->code_point);
        else
            out.append(match->text);
        i += match->text.size();
    }
    return out;
}

} // namespace folio
