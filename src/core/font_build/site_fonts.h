// folio core (native): the fonts a site ships, made from Debian's faces for exactly the text it shows
// (docs/fonts.md).
//
// The book's five faces (Noto Serif in four styles, JetBrains Mono) are cut to the text's characters, plus
// the ASCII, Latin-1 punctuation and signs the book's own labels use, each with its stand-in (every outline
// removed: the book lays out with it until the face arrives). Behind them, the script faces of the chain
// (core/fonts/script_chain.h) for the characters the book's faces lack, each cut to its characters; a
// shaped script's runs shaped with HarfBuzz and each cluster that does not draw as its characters' glyphs
// given a glyph of its own; the colour emoji face for the emoji sequences. All in one process, with
// HarfBuzz's library; nothing is run.
//
// The folder's state (fonts.state) records what its fonts were made for: an edit whose text they already
// cover costs one pass over the text, and a new character makes them again for the old and the new text
// together (the set only grows, so the fonts never lose a character an open page still shows).
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/font_build/text_runs.h"
#include "core/text/parallel.h"

namespace folio {

// Where Debian's faces are.
struct FontSources {
    std::string serif = "/usr/share/fonts/truetype/noto/NotoSerif";
    std::string mono = "/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono";
    std::string emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf";
};

// What a folder's fonts were made for, read from it once and kept up to date by ensure_site_fonts.
struct FontState {
    bool read = false;                    // read from the folder (or found missing)
    std::string key;                      // the recipe and its sources; another key: made again
    CodePointSet chars;                   // every character the faces were asked for
    CodePointSet shaped;                  // the characters of the shaped faces
    std::unordered_set<std::string> runs; // every run shaped (shaped scripts, emoji, pointed Arabic)
};

// Whether the fonts hold what the texts need: each character asked for, each run shaped. No run crosses
// from one text to the next, so the texts are checked each on its own (through parallel, when given).
bool fonts_cover(const FontState& state, const std::vector<std::string_view>& texts, const ParallelFor& parallel = {});

// Makes the folder's fonts for the texts (all the site shows) unless its state says they cover it. `made`
// says whether they were made. False with a reason (a face that cannot be read or cut). The check runs
// through parallel when given.
bool ensure_site_fonts(const std::vector<std::string_view>& texts, const std::string& language, const std::string& dir,
                       FontState& state, bool& made, std::string& error, const FontSources& sources = {},
                       const ParallelFor& parallel = {});
inline bool ensure_site_fonts(std::string_view text, const std::string& language, const std::string& dir,
                              FontState& state, bool& made, std::string& error, const FontSources& sources = {}) {
    return ensure_site_fonts(std::vector<std::string_view>{text}, language, dir, state, made, error, sources);
}

// Whether a folder's fonts were made for text with a character that changes a line's order or shape (its
// state's characters, by needs_bidi): a site whose first view runs the book's right-to-left code.
bool fonts_made_for_bidi(const std::string& dir);

// The state file's name in the folder.
inline constexpr const char* kFontStateFile = "fonts.state";

} // namespace folio
