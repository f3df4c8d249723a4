// folio core: Thai written as it is, without spaces between words, given its word boundaries at build time.
//
// A line of Thai may break only between words, and finding them takes a dictionary (libthai's, Debian's
// libthai-dev). The build has it; the browser does not: so the build marks each boundary inside a run of
// Thai with U+200B ZERO WIDTH SPACE, the mark Unicode gives for exactly this (UAX #14's ZW: a break
// opportunity that draws nothing). The static HTML keeps it (browsers break there too); the book's layout
// breaks there and leaves the mark out of what it sets, so the early page, the canvas, the text layer and
// copy show the author's text (core/book/layout.cpp); search folds it out and indexes Thai in pairs of
// characters (core/site/search_index.cpp), so a query needs no dictionary.
#pragma once

#include "core/model/document.h"

namespace folio {

// Marks the word boundaries inside every run of Thai in the tree's text (not in code, nor in formulas).
// Thread-safe (each thread has its own dictionary).
void mark_thai_words(Node& doc);

// The same for one string; returns whether it changed.
bool mark_thai_words(std::string& text);

} // namespace folio
