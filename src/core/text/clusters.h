// folio core: the clusters of shaped scripts, each drawn as one glyph (docs/fonts.md, "Shaping").
//
// Dear ImGui draws one glyph per code point. A script that needs OpenType shaping (Devanagari's conjuncts
// and its vowel sign drawn before the consonant, Thai's tone mark lifted over a vowel) draws wrong that
// way. The build shapes the bundle's runs with HarfBuzz and gives each cluster that does not draw as its
// characters' own glyphs a glyph of its own in the script face, mapped from a private-use code point
// (core/font_build/site_fonts.h); the face's FOLc table lists them. The layout measures and draws a run with its
// clusters replaced by those code points (layout.cpp: the drawn form of a run), so the book, the early
// page (the same code points, the same face) and the browser's own shaping of the static page agree.
// The logical text stays what copy, find and the text layer carry.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace folio {

struct GlyphClusters {
    struct Cluster {
        std::string text;
        uint32_t code_point = 0;
        uint32_t second = 0; // its second code point (0: it has one): most candidates fail on it, unread
    };
    // A cluster's text -> the code point of its glyph; 0: drawn as its characters, but one cluster still
    // (so that the cut below follows HarfBuzz's).
    std::unordered_map<std::string, uint32_t> code_point;
    // The same by the code point each starts with, longest first: the cut compares bytes where a cluster
    // may start, and hashes no piece of text (it runs for every word the layout measures).
    std::vector<std::vector<Cluster>> by_lead;
    std::vector<uint16_t> lead;                  // by BMP code point: 1 + its index in by_lead, 0 none
    std::unordered_map<uint32_t, size_t> astral; // the same above U+FFFF (emoji)
    bool empty() const { return code_point.empty(); }
};

// Adds a face's FOLc table ("HEX<tab>TEXT" lines, HEX the code point) to clusters. False (adding nothing
// more) at a line that is not one.
bool add_clusters(std::string_view table, GlyphClusters& clusters);

// Whether a cluster may start in the text (some character of it begins one). ASCII is decided byte by
// byte: no cluster starts with it.
bool may_have_clusters(std::string_view text, const GlyphClusters& clusters);

// The text with each cluster replaced by its glyph's code point: cut from the left, at each place the
// longest cluster that starts there; text outside every cluster stays as it is.
std::string apply_clusters(std::string_view text, const GlyphClusters& clusters);

} // namespace folio
