// folio core: a large script face cut into slices by use (docs/fonts.md, "Slices").
//
// A Chinese or Japanese blog's face holds thousands of glyphs (a 400-post Chinese blog: 5,700, 2.3 MB). A page
// shows a few hundred of them at first, so the build cuts such a face into slices, as CSS unicode-range
// slicing does: the characters the front page opens on first, then by how many routes use them, the
// common ones in larger slices and the rare ones in small. A page fetches the slices its first view shows
// (the HTML names them); the book fetches the others as the pages it nears need them.
//
// The book measures with the face's stand-in: every glyph emptied, measuring exactly as the face, with a
// table (`FOLs`) of the slice that draws each character. A slice is a face of its own: only its glyphs,
// renumbered, and a cmap of only its characters, so that ImGui and the browser each find a character in
// the one slice that has it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace folio {

// Faces above this size (bytes) are sliced; smaller ones come whole, as one download.
constexpr size_t kSliceAboveBytes = 256 * 1024;
// The most used characters in slices of kCommonSliceChars, the rest in slices of kRareSliceChars (a page's rare
// characters are scattered across the face: small slices waste less of each download; a slice's own tables
// and its request cost about half a kilobyte). At most kMaxSlices.
constexpr size_t kCommonChars = 700, kCommonSliceChars = 100, kRareSliceChars = 12, kMaxSlices = 1024;

// How a character of the face is used: on the front page's first view (opening), by how many routes, and
// the first of them (in the site's order).
struct CharUse {
    uint32_t c = 0;
    bool opening = false;
    uint32_t routes = 0;
    uint32_t first_route = UINT32_MAX;
};

// The rule: the characters of each slice, in slice order: opening characters first, then the most used;
// among as used, those of one route together (a route's rare characters then share few slices), then by
// code point, so the same text always makes the same slices.
std::vector<std::vector<uint32_t>> plan_slices(std::vector<CharUse> uses);

// A slice of a TrueType face: glyph 0, the glyphs of chars (those the face maps) and their components,
// renumbered; cmap, hmtx and the rest for them only; no layout tables (only faces drawn without shaping are
// sliced), a name table of its own (the face's weighs a dozen glyphs) and glyph 0 empty. False with a reason for
// anything that is not a well-formed TrueType face.
bool make_font_slice(std::string_view font, const std::vector<uint32_t>& chars, std::string& out, std::string& error);

// The stand-in of a sliced face: the face with every glyph emptied (it measures as the face) and a `FOLs` table
// giving each character of slices its slice's index.
bool make_sliced_stand_in(std::string_view font, const std::vector<std::vector<uint32_t>>& slices, std::string& out,
                          std::string& error);

// The slices of a stand-in's characters (its FOLs table), for the book: which slice draws a character.
struct SliceMap {
    static constexpr uint16_t kNone = 0xFFFF;
    size_t slices = 0;
    std::vector<uint16_t> bmp;                     // by code point below U+10000
    std::unordered_map<uint32_t, uint16_t> astral; // the rest
    int slice_of(uint32_t c) const {
        if (c < 0x10000) return c < bmp.size() && bmp[c] != kNone ? bmp[c] : -1;
        auto it = astral.find(c);
        return it == astral.end() ? -1 : it->second;
    }
};
// False when the face has no FOLs table (a face that comes whole) or the table is malformed.
bool read_slice_map(const void* data, size_t size, SliceMap& out);

} // namespace folio
