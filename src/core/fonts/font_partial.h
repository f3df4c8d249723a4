// folio core: partial faces (docs/first-view.md, "Faces that come later").
//
// A partial face is a TrueType face with outlines kept only for the glyphs of some characters (the ones
// the main book shows) and every other glyph emptied. Everything measuring reads (cmap, hmtx, hhea,
// head, maxp) is the face's own, byte for byte, so a book laid out with the partial is the book laid out
// with the face, and the face can replace it later without a new layout. The characters it draws are
// recorded in a private table, `FOLi`, so the book knows which runs it can draw.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace folio {

// A range of code points, both ends included.
struct CodeRange {
    uint32_t first = 0, last = 0;
};

// Makes the partial of a TrueType face (glyf outlines) that draws code_points (any order, repeats
// allowed): the glyphs they map to (cmap format 4 or 12), the components of composites among them, and
// glyph 0 keep their outlines. Returns false with a reason in error for anything that is not a
// well-formed TrueType face (never reads out of bounds).
bool make_partial_font(std::string_view font, const std::vector<uint32_t>& code_points, std::string& out,
                       std::string& error);

// The code points a partial face draws, sorted (its FOLi table). False when the data has no such table
// (a whole face, or not a font).
bool partial_font_ranges(const void* data, size_t size, std::vector<CodeRange>& out);

// The code points of `code_points` that the face maps to no glyph (cmap format 4 or 12), in their order.
// False with a reason in error for anything that is not a well-formed TrueType face.
bool unmapped_code_points(std::string_view font, const std::vector<uint32_t>& code_points, std::vector<uint32_t>& out,
                          std::string& error);

// The same for a font file as Debian ships it: TrueType or CFF outlines (only the cmap is read), and in a
// collection (.ttc) its face number face_number.
bool unmapped_code_points_of_file(std::string_view file, unsigned face_number, const std::vector<uint32_t>& code_points,
                                  std::vector<uint32_t>& out, std::string& error);

// Every code point the face maps to a glyph (cmap format 4 or 12), sorted, each once. False with a reason for
// anything that is not a well-formed TrueType face.
bool mapped_code_points(std::string_view font, std::vector<uint32_t>& out, std::string& error);

// The bytes of a face's table by its tag (4 characters), within data. False when the face has no such
// table or the directory does not hold together.
bool font_table(const void* data, size_t size, const char* tag, std::string_view& out);

// The glyph a code point maps to (cmap format 4 or 12, a Unicode subtable); 0 when none.
uint32_t glyph_of(std::string_view font, uint32_t c);

// Whether c falls in the sorted ranges.
bool in_ranges(const std::vector<CodeRange>& ranges, uint32_t c);

} // namespace folio
