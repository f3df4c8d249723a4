// folio core: colour bitmap glyphs. See color_glyphs.h.
#include "core/fonts/color_glyphs.h"

#include "core/fonts/font_partial.h"

namespace folio {

namespace {

uint32_t be16(const unsigned char* p) { return static_cast<uint32_t>(p[0] << 8 | p[1]); }
uint32_t be32(const unsigned char* p) {
    return static_cast<uint32_t>(p[0]) << 24 | static_cast<uint32_t>(p[1]) << 16 | static_cast<uint32_t>(p[2]) << 8 |
           p[3];
}
const unsigned char* bytes(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }

// Where a glyph's data lies in CBDT, and the metrics CBLC keeps for it (index formats 2 and 5).
struct Located {
    size_t offset = 0, length = 0;
    const unsigned char* big_metrics = nullptr;
};

// The glyph in one index subtable (CBLC, at `at`) whose range starts at glyph `first`.
bool locate(std::string_view cblc, size_t at, uint32_t first, uint32_t glyph, Located& out) {
    const unsigned char* b = bytes(cblc);
    const size_t n = cblc.size();
    if (at + 8 > n) return false;
    const uint32_t format = be16(b + at), image_offset = be32(b + at + 4);
    const size_t body = at + 8;
    const uint32_t k = glyph - first;
    switch (format) {
    case 1:
    case 3: { // offsets for each glyph of the range (and one past), 32 or 16 bits
        const size_t w = format == 1 ? 4 : 2;
        if (body + w * (k + 2) > n) return false;
        const auto read = [&](size_t i) { return w == 4 ? be32(b + body + 4 * i) : be16(b + body + 2 * i); };
        const uint32_t from = read(k), to = read(k + 1);
        if (to <= from) return false; // no image for this glyph
        out = {image_offset + from, to - from, nullptr};
        return true;
    }
    case 2: { // one size for all
        if (body + 12 > n) return false;
        const uint32_t size = be32(b + body);
        out = {image_offset + static_cast<size_t>(size) * k, size, b + body + 4};
        return true;
    }
    case 4: { // (glyph, offset) pairs, sorted
        if (body + 4 > n) return false;
        const uint32_t count = be32(b + body);
        if (body + 4 + 4 * (static_cast<size_t>(count) + 1) > n) return false;
        for (uint32_t i = 0; i < count; ++i) {
            const unsigned char* e = b + body + 4 + 4 * i;
            if (be16(e) != glyph) continue;
            const uint32_t from = be16(e + 2), to = be16(e + 6);
            if (to <= from) return false;
            out = {image_offset + from, to - from, nullptr};
            return true;
        }
        return false;
    }
    case 5: { // one size, a sorted list of the glyphs
        if (body + 16 > n) return false;
        const uint32_t size = be32(b + body), count = be32(b + body + 12);
        if (body + 16 + 2 * static_cast<size_t>(count) > n) return false;
        for (uint32_t i = 0; i < count; ++i)
            if (be16(b + body + 16 + 2 * i) == glyph) {
                out = {image_offset + static_cast<size_t>(size) * i, size, b + body + 4};
                return true;
            }
        return false;
    }
    default: return false;
    }
}

} // namespace

bool has_color_bitmaps(std::string_view font) {
    std::string_view t;
    return font_table(font.data(), font.size(), "CBDT", t) && font_table(font.data(), font.size(), "CBLC", t);
}

bool color_glyph(std::string_view font, uint32_t glyph, ColorGlyph& out) {
    std::string_view cblc, cbdt;
    if (!font_table(font.data(), font.size(), "CBLC", cblc) || !font_table(font.data(), font.size(), "CBDT", cbdt))
        return false;
    const unsigned char* b = bytes(cblc);
    if (cblc.size() < 8) return false;
    const uint32_t sizes = be32(b + 4);
    if (sizes > (cblc.size() - 8) / 48) return false;
    // The largest strike that has the glyph: the most pixels to scale down from.
    int best_ppem = -1;
    for (uint32_t s = 0; s < sizes; ++s) {
        const unsigned char* rec = b + 8 + 48 * s;
        const uint32_t array = be32(rec), count = be32(rec + 8);
        const uint32_t start = be16(rec + 40), end = be16(rec + 42);
        const int ppem = rec[45]; // ppemY
        if (glyph < start || glyph > end || ppem <= best_ppem) continue;
        if (array > cblc.size() || count > (cblc.size() - array) / 8) continue;
        for (uint32_t i = 0; i < count; ++i) {
            const unsigned char* e = b + array + 8 * i;
            const uint32_t first = be16(e), last = be16(e + 2);
            if (glyph < first || glyph > last) continue;
            Located at;
            if (!locate(cblc, array + be32(e + 4), first, glyph, at)) break;
            if (at.offset > cbdt.size() || at.length > cbdt.size() - at.offset) break;
            const unsigned char* d = bytes(cbdt) + at.offset;
            const uint32_t image_format = be16(b + array + be32(e + 4) + 2);
            ColorGlyph g;
            size_t header = 0;
            const unsigned char* m = nullptr; // height, width, bearing x, bearing y
            if (image_format == 17) {
                header = 5;
                m = d;
            } else if (image_format == 18) {
                header = 8;
                m = d;
            } else if (image_format == 19) {
                m = at.big_metrics;
            } else {
                break;
            }
            if (!m || at.length < header + 4) break;
            const uint32_t png = be32(d + header);
            if (png > at.length - header - 4) break;
            g.height = m[0];
            g.width = m[1];
            g.bearing_x = static_cast<signed char>(m[2]);
            g.bearing_y = static_cast<signed char>(m[3]);
            g.png = std::string_view(reinterpret_cast<const char*>(d + header + 4), png);
            g.ppem = ppem;
            out = g;
            best_ppem = ppem;
            break;
        }
    }
    return best_ppem > 0;
}

bool glyph_advance(std::string_view font, uint32_t glyph, int& advance, int& units_per_em) {
    std::string_view head, hhea, hmtx;
    if (!font_table(font.data(), font.size(), "head", head) || !font_table(font.data(), font.size(), "hhea", hhea) ||
        !font_table(font.data(), font.size(), "hmtx", hmtx) || head.size() < 54 || hhea.size() < 36)
        return false;
    units_per_em = static_cast<int>(be16(bytes(head) + 18));
    const uint32_t metrics = be16(bytes(hhea) + 34);
    if (metrics == 0 || 4 * static_cast<size_t>(metrics) > hmtx.size()) return false;
    const uint32_t i = glyph < metrics ? glyph : metrics - 1; // past the long ones, the last advance holds
    advance = static_cast<int>(be16(bytes(hmtx) + 4 * i));
    return units_per_em > 0;
}

} // namespace folio
