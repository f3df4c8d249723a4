// folio core: sfnt reading and writing. See sfnt.h.
#include "core/fonts/sfnt.h"

#include <algorithm>
#include <cstring>

namespace folio::sfnt {

// The table directory, each table within the file. A directory may start past the file's start (a face of
// a collection); its offsets are the file's. CFF outlines ("OTTO") only where the caller reads no outlines.
bool read_tables(const unsigned char* b, size_t size, std::vector<Table>& out, std::string& error, size_t at,
                 bool cff) {
    if (at > size || size - at < 12) return error = "too short for a font", false;
    const uint32_t version = be32(b + at);
    if (version != 0x00010000 && std::memcmp(b + at, "true", 4) != 0 && !(cff && std::memcmp(b + at, "OTTO", 4) == 0))
        return error = "not a TrueType font (glyf outlines)", false;
    const size_t count = be16(b + at + 4);
    if (12 + 16 * count > size - at) return error = "the table directory is cut short", false;
    for (size_t i = 0; i < count; ++i) {
        const unsigned char* rec = b + at + 12 + 16 * i;
        Table t;
        std::memcpy(t.tag, rec, 4);
        t.offset = be32(rec + 8);
        t.length = be32(rec + 12);
        if (t.offset > size || t.length > size - t.offset) return error = "a table lies outside the file", false;
        out.push_back(t);
    }
    // Tags are unique in a font. A second table of a tag (a second head too short for its
    // checkSumAdjustment, a second glyf) would be copied beside the one the partial rewrites.
    std::vector<uint32_t> tags;
    for (const Table& t : out)
        tags.push_back(be32(reinterpret_cast<const unsigned char*>(t.tag)));
    std::sort(tags.begin(), tags.end());
    if (std::adjacent_find(tags.begin(), tags.end()) != tags.end())
        return error = "a table appears twice in the directory", false;
    return true;
}

const Table* find(const std::vector<Table>& tables, const char* tag) {
    for (const Table& t : tables)
        if (std::memcmp(t.tag, tag, 4) == 0) return &t;
    return nullptr;
}

// The glyph a code point maps to in one cmap subtable (format 4 or 12); 0 when none.
uint32_t glyph_in_subtable(const unsigned char* s, size_t len, uint32_t c) {
    if (len < 4) return 0;
    const uint32_t format = be16(s);
    if (format == 4) {
        if (c > 0xFFFF || len < 14) return 0;
        const size_t seg2 = be16(s + 6);
        if (14 + 4 * seg2 + 2 > len) return 0;
        const unsigned char *ends = s + 14, *starts = ends + seg2 + 2, *deltas = starts + seg2,
                            *offsets = deltas + seg2;
        for (size_t i = 0; i < seg2; i += 2) {
            if (c > be16(ends + i)) continue;
            const uint32_t start = be16(starts + i);
            if (c < start) return 0;
            const uint32_t delta = be16(deltas + i), ro = be16(offsets + i);
            if (ro == 0) return (c + delta) & 0xFFFF;
            const size_t at = static_cast<size_t>(offsets + i - s) + ro + 2 * (c - start);
            if (at + 2 > len) return 0;
            const uint32_t g = be16(s + at);
            return g == 0 ? 0 : (g + delta) & 0xFFFF;
        }
        return 0;
    }
    if (format == 12) {
        if (len < 16) return 0;
        const size_t groups = be32(s + 12);
        if (groups > (len - 16) / 12) return 0;
        for (size_t i = 0; i < groups; ++i) {
            const unsigned char* g = s + 16 + 12 * i;
            const uint32_t first = be32(g), last = be32(g + 4);
            if (c >= first && c <= last) return be32(g + 8) + (c - first);
        }
    }
    return 0;
}

// The Unicode subtables of cmap (format 4 or 12), as (start, length) within the file.
std::vector<std::pair<const unsigned char*, size_t>> unicode_subtables(const unsigned char* cmap, size_t len) {
    std::vector<std::pair<const unsigned char*, size_t>> out;
    if (len < 4) return out;
    const size_t count = be16(cmap + 2);
    for (size_t i = 0; i < count && 4 + 8 * (i + 1) <= len; ++i) {
        const unsigned char* rec = cmap + 4 + 8 * i;
        const uint32_t platform = be16(rec), encoding = be16(rec + 2);
        const size_t offset = be32(rec + 4);
        if (!(platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10)))) continue;
        if (offset + 4 > len) continue;
        const uint32_t format = be16(cmap + offset);
        size_t sub_len = 0;
        if (format == 4)
            sub_len = be16(cmap + offset + 2);
        else if (format == 12 && offset + 8 <= len)
            sub_len = be32(cmap + offset + 4);
        else
            continue;
        if (sub_len > len - offset) continue;
        out.push_back({cmap + offset, sub_len});
    }
    return out;
}

// Whether a Unicode subtable maps c to a glyph of the face (one of `glyphs`); each such glyph is appended
// to out, when given.
bool glyphs_of(const std::vector<std::pair<const unsigned char*, size_t>>& subtables, size_t glyphs, uint32_t c,
               std::vector<uint32_t>* out) {
    bool mapped = false;
    for (const auto& [s, len] : subtables) {
        const uint32_t g = glyph_in_subtable(s, len, c);
        if (g == 0 || g >= glyphs) continue;
        if (out) out->push_back(g);
        mapped = true;
    }
    return mapped;
}

// The components of a composite glyph (numberOfContours < 0); false when its records run past its end.
bool components(const unsigned char* g, size_t len, std::vector<uint32_t>& out, std::vector<size_t>* at_out) {
    size_t at = 10;
    for (;;) {
        if (at + 4 > len) return false;
        const uint32_t flags = be16(g + at);
        out.push_back(be16(g + at + 2));
        if (at_out) at_out->push_back(at + 2);
        at += 4 + ((flags & 0x0001) ? 4 : 2); // ARG_1_AND_2_ARE_WORDS
        if (flags & 0x0008)
            at += 2; // WE_HAVE_A_SCALE
        else if (flags & 0x0040)
            at += 4; // WE_HAVE_AN_X_AND_Y_SCALE
        else if (flags & 0x0080)
            at += 8;                             // WE_HAVE_A_TWO_BY_TWO
        if (!(flags & 0x0020)) return at <= len; // MORE_COMPONENTS
    }
}

namespace {
// The OpenType checksum of a table: its bytes as big-endian 32-bit words, the last one zero padded.
uint32_t checksum(const std::string& s, size_t at, size_t len) {
    uint32_t sum = 0;
    for (size_t i = 0; i < len; i += 4) {
        uint32_t word = 0;
        for (size_t k = 0; k < 4; ++k)
            word = word << 8 | (i + k < len ? static_cast<unsigned char>(s[at + i + k]) : 0u);
        sum += word;
    }
    return sum;
}
} // namespace

bool read_outlines(const unsigned char* b, const std::vector<Table>& tables, Outlines& out, std::string& error) {
    const Table *head = find(tables, "head"), *maxp = find(tables, "maxp"), *loca = find(tables, "loca"),
                *glyf = find(tables, "glyf");
    if (!head || !maxp || !loca || !glyf) return error = "a table a TrueType face needs is missing", false;
    if (head->length < 54 || maxp->length < 6) return error = "head or maxp is cut short", false;
    const bool long_loca = be16(b + head->offset + 50) != 0;
    const size_t glyphs = be16(b + maxp->offset + 4);
    if (loca->length < (glyphs + 1) * (long_loca ? 4 : 2)) return error = "loca is cut short", false;
    out.glyf = b + glyf->offset;
    out.starts.resize(glyphs + 1);
    const unsigned char* p = b + loca->offset;
    for (size_t g = 0; g <= glyphs; ++g)
        out.starts[g] = long_loca ? be32(p + 4 * g) : 2 * static_cast<size_t>(be16(p + 2 * g));
    for (size_t g = 0; g < glyphs; ++g)
        if (out.starts[g] > out.starts[g + 1] || out.starts[g + 1] > glyf->length)
            return error = "loca does not fit glyf", false;
    return true;
}

std::string write_font(uint32_t version, std::vector<TableOut> outs) {
    std::sort(outs.begin(), outs.end(),
              [](const TableOut& x, const TableOut& y) { return std::memcmp(x.tag, y.tag, 4) < 0; });
    const size_t n = outs.size();
    uint32_t pow2 = 1, log2 = 0;
    while (pow2 * 2 <= n) {
        pow2 *= 2;
        ++log2;
    }
    std::string out;
    put32(out, version);
    put16(out, static_cast<uint32_t>(n));
    put16(out, pow2 * 16);
    put16(out, log2);
    put16(out, static_cast<uint32_t>(n) * 16 - pow2 * 16);
    const size_t directory = out.size();
    out.resize(directory + 16 * n, '\0');
    size_t head_at = 0;
    bool has_head = false;
    for (size_t i = 0; i < n; ++i) {
        const size_t at = out.size();
        out.append(outs[i].data);
        if (std::memcmp(outs[i].tag, "head", 4) == 0 && outs[i].data.size() >= 12) {
            head_at = at;
            has_head = true;
            set32(out, at + 8, 0); // checkSumAdjustment is 0 while the sums are taken
        }
        while (out.size() % 4)
            out += '\0';
        const size_t rec = directory + 16 * i;
        std::memcpy(&out[rec], outs[i].tag, 4);
        set32(out, rec + 4, checksum(out, at, outs[i].data.size()));
        set32(out, rec + 8, static_cast<uint32_t>(at));
        set32(out, rec + 12, static_cast<uint32_t>(outs[i].data.size()));
    }
    if (has_head) set32(out, head_at + 8, 0xB1B0AFBAu - checksum(out, 0, out.size()));
    return out;
}

std::string rewrite_font(std::string_view font, const std::vector<Table>& tables,
                         const std::vector<TableOut>& changes) {
    auto change_of = [&](const char* tag) -> const TableOut* {
        for (const TableOut& c : changes)
            if (std::memcmp(c.tag, tag, 4) == 0) return &c;
        return nullptr;
    };
    std::vector<TableOut> outs;
    for (const Table& t : tables) {
        TableOut o;
        std::memcpy(o.tag, t.tag, 4);
        const TableOut* c = change_of(t.tag);
        o.data = c ? c->data : font.substr(t.offset, t.length);
        if (!o.data.empty()) outs.push_back(o);
    }
    for (const TableOut& c : changes)
        if (!find(tables, c.tag) && !c.data.empty()) outs.push_back(c);
    return write_font(be32(reinterpret_cast<const unsigned char*>(font.data())), std::move(outs));
}

// A cmap of (code point, glyph) pairs sorted by code point: a format 4 subtable (3, 1) for those in the
// BMP and, when there are others, a format 12 (3, 10) for all; each run of consecutive code points and
// glyphs one segment.
std::string write_cmap(const std::vector<std::pair<uint32_t, uint32_t>>& map) {
    struct Run {
        uint32_t first, last, glyph;
    };
    std::vector<Run> runs;
    for (const auto& [c, g] : map) {
        if (!runs.empty() && c == runs.back().last + 1 && g == runs.back().glyph + (c - runs.back().first))
            runs.back().last = c;
        else
            runs.push_back({c, c, g});
    }
    std::vector<Run> bmp;
    for (const Run& r : runs)
        if (r.first <= 0xFFFE) bmp.push_back({r.first, std::min<uint32_t>(r.last, 0xFFFE), r.glyph});
    bmp.push_back({0xFFFF, 0xFFFF, 0}); // the closing segment, to glyph 0
    const uint32_t segs = static_cast<uint32_t>(bmp.size());
    uint32_t pow2 = 1, log2 = 0;
    while (pow2 * 2 <= segs) {
        pow2 *= 2;
        ++log2;
    }
    std::string f4;
    put16(f4, 4);
    put16(f4, 16 + 8 * segs);
    put16(f4, 0);
    put16(f4, 2 * segs);
    put16(f4, 2 * pow2);
    put16(f4, log2);
    put16(f4, 2 * segs - 2 * pow2);
    for (const Run& r : bmp)
        put16(f4, r.last);
    put16(f4, 0);
    for (const Run& r : bmp)
        put16(f4, r.first);
    for (const Run& r : bmp)
        put16(f4, r.first == 0xFFFF ? 1 : (r.glyph - r.first) & 0xFFFF);
    for (size_t i = 0; i < bmp.size(); ++i)
        put16(f4, 0);
    std::string f12;
    put16(f12, 12);
    put16(f12, 0);
    put32(f12, 16 + 12 * static_cast<uint32_t>(runs.size()));
    put32(f12, 0);
    put32(f12, static_cast<uint32_t>(runs.size()));
    for (const Run& r : runs) {
        put32(f12, r.first);
        put32(f12, r.last);
        put32(f12, r.glyph);
    }
    const bool astral = !map.empty() && map.back().first > 0xFFFF;
    std::string cmap;
    put16(cmap, 0);
    put16(cmap, astral ? 2 : 1);
    put16(cmap, 3);
    put16(cmap, 1);
    put32(cmap, astral ? 4 + 16 : 4 + 8);
    if (!astral) return cmap + f4;
    put16(cmap, 3);
    put16(cmap, 10);
    put32(cmap, 4 + 16 + static_cast<uint32_t>(f4.size()));
    return cmap + f4 + f12;
}

} // namespace folio::sfnt
