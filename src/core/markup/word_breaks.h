// folio core: scripts written without spaces between words (Thai, Lao, Khmer, Myanmar), given their word
// boundaries at build time.
//
// A line of them may break only between words, and finding the words takes a dictionary: libthai's for
// Thai (Debian's libthai-dev), ICU's for Lao, Khmer and Myanmar (libicu-dev). The build has them; the browser
// does not have the same ones: so the build marks each boundary inside a run of such a script with U+200B
// ZERO WIDTH SPACE, the mark Unicode gives for exactly this (UAX #14's ZW: a break opportunity that draws
// nothing). The static HTML keeps it (browsers break there too); the book's layout breaks there and leaves
// the mark out of what it sets, so the early page, the canvas, the text layer and copy show the author's
// text (core/book/layout.cpp); search folds it out and indexes these scripts in pairs of characters
// (core/site/search_index.cpp), so a query needs no dictionary.
#pragma once

#include "core/model/document.h"

namespace folio {

// Marks the word boundaries inside every run of Thai, Lao, Khmer or Myanmar in the tree's text (not in code,
// nor in formulas). Thread-safe (each thread has its own dictionaries).
void mark_word_breaks(Node& doc);

// The same for one string; returns whether it changed.
bool mark_word_breaks(std::string& text);

} // namespace folio
