// folio core: right-to-left text, through GNU FriBidi (natively Debian's libfribidi, in the wasm its C
// sources, fetched by the bootstrap): the direction of a site and of a paragraph, the visual order of a line
// (UAX #9), and Arabic letters joined into their presentation forms, so a renderer that draws code points
// (Dear ImGui) draws joined letters. The layout (layout.cpp) is the one caller for the book, the early page
// and the text layer; the static HTML leaves all of this to the browser (emit.cpp: dir, lang).
//
// The layout keeps text in logical order (what copy, find and the text layer carry) and adds, per run, the
// form that is drawn: display_text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace folio {

// Whether a BCP 47 tag names a language written right to left (ar, he, fa, ur, yi, ...), or a script that
// is (ar-Arab, ks-Arab, pa-Arab; az-Latn is not).
bool rtl_language(std::string_view tag);

// Whether the text has a character that can change the order of a line (Hebrew, Arabic and the other
// right-to-left scripts, bidi controls) or its shape (Arabic): text without one is set as it is. ASCII is
// decided byte by byte.
bool needs_bidi(std::string_view utf8);

// The direction of the paragraph's first strong character (UAX #9 P2-P3, isolates skipped): +1 left to
// right, -1 right to left, 0 none (numbers and punctuation only).
int first_strong_direction(std::string_view utf8);

// A line's visual order: for each visual position (left to right), the logical index of the code point
// shown there, and each logical code point's resolved embedding level (odd: right to left), after L1.
struct BidiLine {
    std::vector<int> visual_to_logical;
    std::vector<uint8_t> levels;
};
// The line is resolved as a paragraph of the given direction (the paragraph's, decided once for all its
// lines): W1-W7, N0 (bracket pairs), N1-N2, I1-I2, then L1-L2.
BidiLine bidi_line(const std::u32string& line, bool rtl);

// Arabic letters joined (their initial, medial, final or isolated presentation forms, lam-alef as one
// ligature), in logical order. Text without Arabic comes back as it is.
std::string shape_arabic(std::string_view logical);

// How a run of one direction is drawn: joined (shape_arabic) and, right to left, reversed with its
// mirrored characters ("(" as ")").
std::string display_text(std::string_view logical, bool rtl);

// A whole line in visual order, as display_text draws each of its runs (the shared fixture's view:
// tests/fixtures/bidi/cases.json).
std::string visual_line(std::string_view logical, bool rtl);

} // namespace folio
