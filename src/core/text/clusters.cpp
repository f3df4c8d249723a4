// folio core: clusters drawn as one glyph. See clusters.h.
#include "core/text/clusters.h"

#include <algorithm>

#include "core/text/text.h"

namespace folio {

namespace {
bool starts_cluster(uint32_t c, const GlyphClusters& clusters) {
    if (clusters.lead.empty()) return false;
    return c <= 0xFFFF ? clusters.lead[c] : clusters.astral.count(c) > 0;
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
        clusters.longest = std::max(clusters.longest, text.size());
        if (clusters.lead.empty()) clusters.lead.resize(0x10000);
        if (first <= 0xFFFF)
            clusters.lead[first] = true;
        else
            clusters.astral.insert(first);
    }
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
        if (starts_cluster(c, clusters)) return true;
        i += n;
    }
    return false;
}

std::string apply_clusters(std::string_view text, const GlyphClusters& clusters) {
    std::string out;
    out.reserve(text.size());
    std::string key;
    for (size_t i = 0; i < text.size();) {
        uint32_t c = 0;
        const size_t n = utf8_decode(text, i, c);
        if (n == 0) { // not UTF-8 from here: left as it is
            out.append(text.substr(i));
            break;
        }
        if (starts_cluster(c, clusters)) {
            // The longest cluster starting here: try each length down to one character, at character ends.
            size_t best = 0;
            uint32_t best_cp = 0;
            const size_t most = std::min(clusters.longest, text.size() - i);
            for (size_t len = n; len <= most;) {
                key.assign(text.substr(i, len));
                auto it = clusters.code_point.find(key);
                if (it != clusters.code_point.end()) best = len, best_cp = it->second;
                uint32_t next = 0;
                const size_t m = i + len < text.size() ? utf8_decode(text, i + len, next) : 0;
                if (m == 0) break;
                len += m;
            }
            if (best > 0) {
                if (best_cp != 0)
                    utf8_append(out, best_cp);
                else
                    out.append(text.substr(i, best));
                i += best;
                continue;
            }
        }
        out.append(text.substr(i, n));
        i += n;
    }
    return out;
}

} // namespace folio
