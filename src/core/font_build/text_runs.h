// folio core (native): what of a text the fonts must shape (docs/fonts.md, "Shaping").
//
// A face that needs shaping gets a glyph for each cluster of the runs the text has of its characters; the
// colour emoji face one for each emoji sequence; the Arabic face one for each letter of a word that carries
// a vowel mark. This is the one home of what such a run is: the fonts' build shapes them, and the fonts'
// state (site_fonts.h) asks whether a new text has a run it has not shaped.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace folio {

// A set of code points, by bit (the whole of Unicode: 136 KB).
struct CodePointSet {
    std::vector<bool> bits = std::vector<bool>(0x110000);
    bool has(uint32_t c) const { return c < bits.size() && bits[c]; }
    void add(uint32_t c) {
        if (c < bits.size()) bits[c] = true;
    }
};

// The runs of a text, each once, in the order first met.
struct TextRuns {
    std::vector<std::string> list;
    std::unordered_set<std::string> seen;
    void add(std::string run) {
        if (seen.insert(run).second) list.push_back(std::move(run));
    }
};

// Joiners stay inside a shaped run (they choose a conjunct's form); no face is asked for them.
bool is_joiner(uint32_t c);
// An emoji that starts a sequence: an astral pictograph, a tag, or a character whose default presentation is
// emoji (✅, ⭐, ⚡: Unicode's Emoji_Presentation, which a text face draws in black and white or not at all).
bool is_emoji(uint32_t c);
bool is_arabic(uint32_t c);
// A nonspacing mark (Unicode's Mn).
bool is_nonspacing_mark(uint32_t c);

// The text's runs of the characters in `chars` (joiners inside them); a mark alone is no run.
void add_runs_of(std::string_view text, const CodePointSet& chars, TextRuns& out);
// The text's emoji sequences: from an emoji (or a character the emoji presentation selector follows) on,
// through joiners, selectors, keycaps, skin tones, tags, and the character after a joiner.
void add_emoji_runs(std::string_view text, TextRuns& out);
// The text's Arabic words that carry a mark (a vowel, a shadda, a sukun).
void add_pointed_arabic_runs(std::string_view text, TextRuns& out);

// Every code point of the text from U+0020 up (invalid UTF-8 adds nothing).
void add_code_points(std::string_view text, CodePointSet& out);
// Whether set holds every code point add_code_points would add.
bool code_points_in(std::string_view text, const CodePointSet& set);

} // namespace folio
