// folio core: a face's vertical metrics. See face_metrics.h.
#include "core/fonts/face_metrics.h"

#include <cstring>

namespace folio {

// Big-endian reads from the font file (bounds checked by the caller).
static unsigned be16(const unsigned char* p) { return static_cast<unsigned>(p[0] << 8 | p[1]); }
static unsigned long be32(const unsigned char* p) {
    return static_cast<unsigned long>(p[0]) << 24 | static_cast<unsigned long>(p[1]) << 16 |
           static_cast<unsigned long>(p[2]) << 8 | p[3];
}

bool vertical_metrics(const void* data, size_t size, VerticalMetrics& out) {
    const auto* b = static_cast<const unsigned char*>(data);
    if (size < 12) return false;
    const unsigned tables = be16(b + 4);
    const unsigned char *head = nullptr, *hhea = nullptr;
    for (unsigned i = 0; i < tables && 12 + 16 * (i + 1) <= size; ++i) {
        const unsigned char* rec = b + 12 + 16 * i;
        unsigned long offset = be32(rec + 8), length = be32(rec + 12);
        if (offset > size || length > size - offset) continue;
        if (std::memcmp(rec, "head", 4) == 0 && length >= 54) head = b + offset;
        if (std::memcmp(rec, "hhea", 4) == 0 && length >= 36) hhea = b + offset;
    }
    if (!head || !hhea) return false;
    out.units_per_em = static_cast<float>(be16(head + 18));
    out.ascender = static_cast<float>(static_cast<short>(be16(hhea + 4)));
    out.descender = static_cast<float>(static_cast<short>(be16(hhea + 6)));
    return out.units_per_em > 0 && out.ascender - out.descender > 0;
}

bool face_metrics(const void* data, size_t size, FaceMetrics& out) {
    VerticalMetrics v;
    if (!vertical_metrics(data, size, v)) return false;
    const float box = v.ascender - v.descender;
    out.em = v.units_per_em / box;
    out.ascent = v.ascender / box;
    out.mid = (v.ascender + v.descender) / 2 / v.units_per_em;
    return true;
}

} // namespace folio
