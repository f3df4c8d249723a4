// folio core: where a line may break, by UAX #14 (the Unicode line breaking algorithm, 15.0), for every
// script: at spaces; between Chinese and Japanese characters, with kinsoku (no line starts with 、。」）ー
// or a small kana, none ends with 「（); after a hyphen; inside numbers' punctuation never ("3.14", "$10");
// never inside an emoji sequence or a flag; quotation marks between Chinese characters as Unicode 15.1 has
// them (LB19a). Thai, Lao, Khmer and Myanmar words come marked from the build (U+200B,
// core/markup/word_breaks.h).
//
// One home: the layout asks here (layout.cpp, break_lines), tests/core/test_line_break.cpp holds it to
// Unicode's own LineBreakTest.txt, and tests/fixtures/line_breaks.txt says folio's cases in its notation.
// The classes come from Unicode's data at build time (tools/line_break_classes.py).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace folio {

enum LineBreak : uint8_t {
    kNoBreak = 0,   // a line may not break before this byte (or it is inside a character)
    kMayBreak = 1,  // a line may break before the character that starts at this byte
    kMustBreak = 2, // a line must break before it (after a line feed, a form feed, a paragraph separator)
};

// For each byte of `utf8`, whether a line may break before it, UAX #14's rules LB2 to LB31. The result has
// one entry per byte; only a character's first byte can be other than kNoBreak; the first never is.
std::vector<uint8_t> line_breaks(std::string_view utf8);

// A combining mark, a variation selector, an emoji modifier or a joiner: it belongs to the character
// before it, so a word cut between characters (one wider than the line) is never cut before one (a Thai
// vowel sign stays on its consonant, a virama on its letter).
bool joins_previous(uint32_t c);

} // namespace folio
