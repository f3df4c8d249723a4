// folio core: reading and writing TrueType files (sfnt), the few pieces partial faces and slices share.
// Internal to core/fonts: every read is bounds checked by its caller or here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace folio::sfnt {

// Big-endian reads and writes.
inline uint32_t be16(const unsigned char* p) { return static_cast<uint32_t>(p[0] << 8 | p[1]); }
inline uint32_t be32(const unsigned char* p) {
    return static_cast<uint32_t>(p[0]) << 24 | static_cast<uint32_t>(p[1]) << 16 | static_cast<uint32_t>(p[2]) << 8 |
           p[3];
}
inline void put16(std::string& out, uint32_t v) {
    out += static_cast<char>(v >> 8 & 0xFF);
    out += static_cast<char>(v & 0xFF);
}
inline void put32(std::string& out, uint32_t v) {
    put16(out, v >> 16);
    put16(out, v & 0xFFFF);
}
inline void set16(std::string& s, size_t at, uint32_t v) {
    s[at] = static_cast<char>(v >> 8 & 0xFF);
    s[at + 1] = static_cast<char>(v & 0xFF);
}
inline void set32(std::string& s, size_t at, uint32_t v) {
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
                 bool cff = false);
const Table* find(const std::vector<Table>& tables, const char* tag);

// The glyph a code point maps to in one cmap subtable (format 4 or 12); 0 when none.
uint32_t glyph_in_subtable(const unsigned char* s, size_t len, uint32_t c);
// The Unicode subtables of cmap (format 4 or 12), as (start, length) within the file.
std::vector<std::pair<const unsigned char*, size_t>> unicode_subtables(const unsigned char* cmap, size_t len);
// Whether a Unicode subtable maps c to a glyph of the face (one of `glyphs`); each such glyph is appended
// to out, when given.
bool glyphs_of(const std::vector<std::pair<const unsigned char*, size_t>>& subtables, size_t glyphs, uint32_t c,
               std::vector<uint32_t>* out);
// The components of a composite glyph (numberOfContours < 0); false when its records run past its end.
// at_out, when given, receives the offset of each component's glyph index within the glyph.
bool components(const unsigned char* g, size_t len, std::vector<uint32_t>& out, std::vector<size_t>* at_out = nullptr);

// A face's outlines (glyf through loca), checked: each glyph's bytes lie within glyf, in order.
struct Outlines {
    const unsigned char* glyf = nullptr;
    std::vector<size_t> starts; // glyphs + 1 offsets into glyf
    size_t glyphs() const { return starts.empty() ? 0 : starts.size() - 1; }
    std::string_view glyph(size_t g) const {
        return {reinterpret_cast<const char*>(glyf + starts[g]), starts[g + 1] - starts[g]};
    }
};
bool read_outlines(const unsigned char* b, const std::vector<Table>& tables, Outlines& out, std::string& error);

// A table to write: its tag and bytes.
struct TableOut {
    char tag[4];
    std::string_view data;
};
// The file: the directory sorted by tag, each table 4-byte aligned, checksums and head's checkSumAdjustment
// anew. version: the sfnt version (0x00010000 for TrueType outlines).
std::string write_font(uint32_t version, std::vector<TableOut> tables);
// The face `font` (its tables read into `tables`) written again with changes: a table of a tag it has is
// replaced, or left out when the change's data is empty; one of a tag it lacks is added.
std::string rewrite_font(std::string_view font, const std::vector<Table>& tables, const std::vector<TableOut>& changes);

// A cmap of (code point, glyph) pairs sorted by code point: a format 4 subtable (3, 1) for those in the
// BMP and, when there are others, a format 12 (3, 10) for all.
std::string write_cmap(const std::vector<std::pair<uint32_t, uint32_t>>& map);

} // namespace folio::sfnt
