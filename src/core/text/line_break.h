// folio core: where a line may break inside a run written without spaces (Chinese, Japanese, Korean,
// emoji), UAX #14's way for those scripts, with the kinsoku rules: no line starts with a closing mark or
// a small kana (、。」）ー ぁ), none ends with an opening one (「（). Between words written with spaces
// the layout breaks at the spaces, as before; this only adds the places between characters.
//
// One home: the layout asks here (layout.cpp, break_lines), and tests/fixtures/line_breaks.txt says the
// rule pair by pair. Not the whole of UAX #14 (no hyphens, no numbers' rules); Thai words come marked from the
// build (core/markup/thai.h).
#pragma once

#include <cstdint>

namespace folio {

// Whether a line may break between two adjacent characters, neither of them a space.
bool may_break_between(uint32_t before, uint32_t after);

// A combining mark, a variation selector, an emoji modifier or a joiner: it belongs to the character
// before it, so no line starts with one, and a word cut between characters (one wider than the line)
// is never cut before one (a Thai vowel sign stays on its consonant, a virama on its letter).
bool joins_previous(uint32_t c);

} // namespace folio
