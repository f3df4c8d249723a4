// folio core: partial faces. See font_partial.h.
#include "core/fonts/font_partial.h"

#include <algorithm>
#include <cstring>

namespace folio {

namespace {

constexpr char kRangesTag[5] = "FOLi";

// Big-endian reads and writes; every read is bounds checked by its caller.
uint32_t be16(const unsigned char* p) { return static_cast<uint32_t>(p[0] << 8 | p[1]); }
uint32_t be32(const unsigned char* p) {
    return static_cast<uint32_t>(p[0]) << 24 | static_cast<uint32_t>(p[1]) << 16 | static_cast<uint32_t>(p[2]) << 8 |
           p[3];
}
void put16(std::string& out, uint32_t v) {
    out += static_cast<char>(v >> 8 & 0xFF);
    out += static_cast<char>(v & 0xFF);
}
void put32(std::string& out, uint32_t v) {
    put16(out, v >> 16);
    put16(out, v & 0xFFFF);
}
void set32(std::string& s, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i)
        s[at + static_cast<size_t>(i)] = static_cast<char>(v >> (24 - 8 * i) & 0xFF);
}

struct Table {
    char tag[4];
    size_t offset = 0, length = 0;
};

// The table directory, each table within the file. A directory may start past the file's start (a face of
// a collection); its offsets are the file's. CFF outlines ("OTTO") only where the caller reads no outlines.
bool read_tables(const unsigned char* b, size_t size, std::vector<Table>& out, std::string& error, size_t at = 0,
                 bool cff = false) {
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
bool components(const unsigned char* g, size_t len, std::vector<uint32_t>& out) {
    size_t at = 10;
    for (;;) {
        if (at + 4 > len) return false;
        const uint32_t flags = be16(g + at);
        out.push_back(be16(g + at + 2));
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

std::vector<CodeRange> to_ranges(std::vector<uint32_t> cps) {
    std::sort(cps.begin(), cps.end());
    std::vector<CodeRange> out;
    for (uint32_t c : cps) {
        if (!out.empty() && c <= out.back().last + 1)
            out.back().last = std::max(out.back().last, c);
        else
            out.push_back({c, c});
    }
    return out;
}

} // namespace

namespace {
bool unmapped_in(const unsigned char* b, const std::vector<Table>& tables, const std::vector<uint32_t>& code_points,
                 std::vector<uint32_t>& out, std::string& error) {
    const Table *cmap = find(tables, "cmap"), *maxp = find(tables, "maxp");
    if (!cmap || !maxp || maxp->length < 6) return error = "cmap or maxp is missing", false;
    const size_t glyphs = be16(b + maxp->offset + 4);
    const auto subtables = unicode_subtables(b + cmap->offset, cmap->length);
    if (subtables.empty()) return error = "no Unicode character map (cmap format 4 or 12)", false;
    for (uint32_t c : code_points)
        if (!glyphs_of(subtables, glyphs, c, nullptr)) out.push_back(c);
    return true;
}
} // namespace

bool unmapped_code_points(std::string_view font, const std::vector<uint32_t>& code_points, std::vector<uint32_t>& out,
                          std::string& error) {
    const auto* b = reinterpret_cast<const unsigned char*>(font.data());
    std::vector<Table> tables;
    if (!read_tables(b, font.size(), tables, error)) return false;
    return unmapped_in(b, tables, code_points, out, error);
}

bool unmapped_code_points_of_file(std::string_view file, unsigned face_number, const std::vector<uint32_t>& code_points,
                                  std::vector<uint32_t>& out, std::string& error) {
    const auto* b = reinterpret_cast<const unsigned char*>(file.data());
    size_t at = 0;
    if (file.size() >= 12 && std::memcmp(b, "ttcf", 4) == 0) { // a collection: its face's table directory
        const size_t faces = be32(b + 8);
        if (face_number >= faces || 12 + 4 * static_cast<size_t>(faces) > file.size())
            return error = "the collection has no face " + std::to_string(face_number), false;
        at = be32(b + 12 + 4 * face_number);
    } else if (face_number != 0) {
        return error = "not a font collection", false;
    }
    std::vector<Table> tables;
    if (!read_tables(b, file.size(), tables, error, at, true)) return false;
    return unmapped_in(b, tables, code_points, out, error);
}

bool make_partial_font(std::string_view font, const std::vector<uint32_t>& code_points, std::string& out,
                       std::string& error) {
    const auto* b = reinterpret_cast<const unsigned char*>(font.data());
    const size_t size = font.size();
    std::vector<Table> tables;
    if (!read_tables(b, size, tables, error)) return false;
    const Table *head = find(tables, "head"), *maxp = find(tables, "maxp"), *loca = find(tables, "loca"),
                *glyf = find(tables, "glyf"), *cmap = find(tables, "cmap");
    if (!head || !maxp || !loca || !glyf || !cmap) return error = "a table a TrueType face needs is missing", false;
    if (head->length < 54 || maxp->length < 6) return error = "head or maxp is cut short", false;
    const bool long_loca = be16(b + head->offset + 50) != 0;
    const size_t glyphs = be16(b + maxp->offset + 4);
    if (loca->length < (glyphs + 1) * (long_loca ? 4 : 2)) return error = "loca is cut short", false;
    auto loca_at = [&](size_t g) -> size_t {
        const unsigned char* p = b + loca->offset;
        return long_loca ? be32(p + 4 * g) : 2 * static_cast<size_t>(be16(p + 2 * g));
    };
    for (size_t g = 0; g < glyphs; ++g)
        if (loca_at(g) > loca_at(g + 1) || loca_at(g + 1) > glyf->length)
            return error = "loca does not fit glyf", false;

    // The glyphs to keep: glyph 0, the requested characters', and, transitively, their components.
    std::vector<bool> keep(glyphs, false);
    std::vector<uint32_t> work{0}, drawn;
    const auto subtables = unicode_subtables(b + cmap->offset, cmap->length);
    if (subtables.empty()) return error = "no Unicode character map (cmap format 4 or 12)", false;
    for (uint32_t c : code_points) {
        const bool mapped = glyphs_of(subtables, glyphs, c, &work);
        if (mapped) drawn.push_back(c);
    }
    while (!work.empty()) {
        const uint32_t g = work.back();
        work.pop_back();
        if (g >= glyphs || keep[g]) continue;
        keep[g] = true;
        const size_t at = loca_at(g), len = loca_at(g + 1) - at;
        const unsigned char* data = b + glyf->offset + at;
        if (len >= 10 && static_cast<int16_t>(be16(data)) < 0 && !components(data, len, work))
            return error = "a composite glyph is cut short", false;
    }

    // The new glyf and loca: kept glyphs as they were (padded so that each starts on an even offset, as
    // a short loca needs), the others empty.
    std::string new_glyf, new_loca;
    for (size_t g = 0; g < glyphs; ++g) {
        const size_t start = new_glyf.size();
        if (long_loca)
            put32(new_loca, static_cast<uint32_t>(start));
        else
            put16(new_loca, static_cast<uint32_t>(start / 2));
        if (!keep[g]) continue;
        new_glyf.append(font.substr(glyf->offset + loca_at(g), loca_at(g + 1) - loca_at(g)));
        while (new_glyf.size() % (long_loca ? 4 : 2))
            new_glyf += '\0';
    }
    if (!long_loca && new_glyf.size() / 2 > 0xFFFF) return error = "glyf too long for a short loca", false;
    if (long_loca)
        put32(new_loca, static_cast<uint32_t>(new_glyf.size()));
    else
        put16(new_loca, static_cast<uint32_t>(new_glyf.size() / 2));
    // No outline kept (the face's runs on the main pages are all in script faces: Japanese in italic): a
    // browser's font sanitizer refuses an empty table, and with it the face, so glyf gets padding past the
    // end its loca gives.
    if (new_glyf.empty()) new_glyf.assign(4, '\0');

    // The ranges it draws: count, then first and last of each.
    std::string ranges;
    const std::vector<CodeRange> drawn_ranges = to_ranges(drawn);
    put32(ranges, static_cast<uint32_t>(drawn_ranges.size()));
    for (const CodeRange& r : drawn_ranges) {
        put32(ranges, r.first);
        put32(ranges, r.last);
    }

    // The file again: the directory sorted by tag, each table 4-byte aligned, checksums anew.
    struct Out {
        char tag[4];
        std::string_view data;
    };
    std::vector<Out> outs;
    for (const Table& t : tables) {
        if (std::memcmp(t.tag, kRangesTag, 4) == 0) continue; // a partial made again
        Out o;
        std::memcpy(o.tag, t.tag, 4);
        if (&t == glyf)
            o.data = new_glyf;
        else if (&t == loca)
            o.data = new_loca;
        else
            o.data = font.substr(t.offset, t.length);
        outs.push_back(o);
    }
    Out extra;
    std::memcpy(extra.tag, kRangesTag, 4);
    extra.data = ranges;
    outs.push_back(extra);
    std::sort(outs.begin(), outs.end(), [](const Out& x, const Out& y) { return std::memcmp(x.tag, y.tag, 4) < 0; });
    const size_t n = outs.size();
    uint32_t pow2 = 1, log2 = 0;
    while (pow2 * 2 <= n) {
        pow2 *= 2;
        ++log2;
    }
    out.clear();
    put32(out, be32(b)); // the sfnt version, as it was
    put16(out, static_cast<uint32_t>(n));
    put16(out, pow2 * 16);
    put16(out, log2);
    put16(out, static_cast<uint32_t>(n) * 16 - pow2 * 16);
    const size_t directory = out.size();
    out.resize(directory + 16 * n, '\0');
    size_t head_at = 0;
    for (size_t i = 0; i < n; ++i) {
        const size_t at = out.size();
        out.append(outs[i].data);
        if (std::memcmp(outs[i].tag, "head", 4) == 0) {
            head_at = at;
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
    set32(out, head_at + 8, 0xB1B0AFBAu - checksum(out, 0, out.size()));
    return true;
}

// The browser reads this one: a scan of the directory, nothing more (it stays small in the wasm).
bool font_table(const void* data, size_t size, const char* tag, std::string_view& out) {
    const auto* b = static_cast<const unsigned char*>(data);
    if (size < 12) return false;
    const size_t tables = be16(b + 4);
    for (size_t i = 0; i < tables && 12 + 16 * (i + 1) <= size; ++i) {
        const unsigned char* rec = b + 12 + 16 * i;
        if (std::memcmp(rec, tag, 4) != 0) continue;
        const size_t offset = be32(rec + 8), length = be32(rec + 12);
        if (offset > size || length > size - offset) return false;
        out = std::string_view(reinterpret_cast<const char*>(b + offset), length);
        return true;
    }
    return false;
}

uint32_t glyph_of(std::string_view font, uint32_t c) {
    std::string_view cmap;
    if (!font_table(font.data(), font.size(), "cmap", cmap)) return 0;
    for (const auto& [s, len] : unicode_subtables(reinterpret_cast<const unsigned char*>(cmap.data()), cmap.size()))
        if (const uint32_t g = glyph_in_subtable(s, len, c)) return g;
    return 0;
}

bool partial_font_ranges(const void* data, size_t size, std::vector<CodeRange>& out) {
    std::string_view t;
    if (!font_table(data, size, kRangesTag, t) || t.size() < 4) return false;
    const auto* b = reinterpret_cast<const unsigned char*>(t.data());
    const size_t count = be32(b);
    if (count > (t.size() - 4) / 8) return false;
    out.resize(count);
    for (size_t k = 0; k < count; ++k)
        out[k] = {be32(b + 4 + 8 * k), be32(b + 8 + 8 * k)};
    return true;
}

bool in_ranges(const std::vector<CodeRange>& ranges, uint32_t c) {
    auto it =
        std::upper_bound(ranges.begin(), ranges.end(), c, [](uint32_t v, const CodeRange& r) { return v < r.first; });
    return it != ranges.begin() && c <= std::prev(it)->last;
}

} // namespace folio
