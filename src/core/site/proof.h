// folio core: the early page (the proof), the book's first view as static HTML (docs/first-view.md, "The proof").
//
// `folio build` lays each route's book out natively, with the same fonts and metrics as the browser, and
// writes into the route's HTML the page (or spread) the route opens on: every run of text at the book's own
// position, in its faces and inks, on the paper-coloured page. Positions are in page units; the stylesheet
// (proof_css) turns them into CSS px for any viewport exactly as plan_pages and page_origin do, with
// media queries choosing between the reference page (one page or spreads) and the pocket widths. The
// browser paints the proof at once (an LCP candidate, with no script), and the wasm book takes its ink over
// at its first complete frame, drawing the same glyphs at the same places.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include <functional>

#include "core/book/compose.h"
#include "core/fonts/face_metrics.h"
#include "core/fonts/font_slices.h"
#include "core/model/model.h"
#include "core/model/routes.h"

namespace folio {

// A page size the book is laid out at, and the viewports (CSS px, [min_width, max_width)) that use it:
// the reference page above the pocket range, each pocket width below.
struct ProofVariant {
    std::string name; // CSS class suffix: "ref", "p235"
    PageSpec spec;
    bool pocket = false;
    float min_width = 0, max_width = 0; // max 0: no upper bound
};
std::vector<ProofVariant> proof_variants(float body_box_per_em);

// The stylesheet of every proof: the faces' metrics (the faces themselves are the wasm's own downloads,
// handed to the page by web/proof.js, or @font-face rules in noscript.css without script), the light and dark
// inks, and the page scale of each variant as CSS of the viewport.
// body_box_per_em: the body face's glyph box in ems; script_faces: how many script faces stand behind
// every face (ui/fonts.h: Fonts::scripts); faces: each face's metrics (fonts/face_metrics.h).
std::string proof_css(float body_box_per_em, size_t script_faces, const FaceMetrics (&faces)[kFaceCount]);

// The desk's geometry as CSS custom properties (--top-pad, --row-gap: app.h's kTopPad and kRowGap), for
// every stylesheet and script that places a page as the book does, and --word-gap (layout.h's kWordGap)
// for every script that joins runs into text: one home, the constants.
std::string desk_css();
// How long the desk stands in for the text when no script runs: folio.css reveals #text after it (--reveal,
// from desk_css), and web/loader.js, told it by the build, knows a text shown that late was the CSS's doing.
constexpr float kTextRevealSeconds = 1.5f;
// Without script: the faces as @font-face rules (the same files the wasm fetches), the proof in the page's
// flow above the text.
// A sliced script face (slices[k] not empty) is its slices, each with its unicode-range (ranges[k]), so that the
// browser fetches only those the page shows.
std::string proof_noscript_css(const std::vector<std::string>& font_urls, const std::vector<std::string>& script_urls,
                               const std::vector<std::vector<std::string>>& slices = {},
                               const std::vector<std::vector<std::string>>& ranges = {});

// How the early page measures text: as the canvas does, to the bit. The build passes the book's fonts'
// (ui/proof_measure.h: ImGui's advances, without ImGui in the loop); this folder knows only the interface.
struct ProofMeasuring {
    float body_box_per_em = 1;                  // the body face's glyph box in ems (plan_pages)
    std::function<Measurer&()> for_this_thread; // a measurer of the calling thread's own (layouts run in parallel)
};

// A slice of a sliced script face (script face, slice) a route's proof shows, and the variants that show it.
struct SliceUse {
    int script = 0, slice = 0;
    unsigned variants = 0; // bit v: ProofVariant v's page; bit kSpreadBit + v: the other page of its spread
};
constexpr unsigned kSpreadBit = 16;

// Makes the proof of each route: books are laid out once per page size (the main book) or per route (an
// article, a tag page). Thread-safe: layouts run in parallel.
class ProofMaker {
public:
    // enabled false: every proof is "" (the fonts are stand-ins).
    ProofMaker(const Site& site, ProofMeasuring measuring, bool enabled = true);
    // The proof's HTML for a route ("" for routes the book does not draw: search, not found).
    std::string html(const Route& route);
    // The faces (bit i: Face i) the route's proof shows, across its page sizes, once html(route) made it;
    // every face for a route without a proof. The page fetches these whole and the others as stand-ins.
    unsigned faces(const Route& route);
    // The characters the main book shows, per face (its runs, and images' alt text in italic), across every page size
    // (sorted, each once): what a face's partial (core/fonts/font_partial.h) must draw. Lays the main book out at every
    // page size, once.
    std::vector<uint32_t> main_characters(Face face);
    // The characters a route's proof shows (its first page or spread at every page size; a main route only): the
    // ones a sliced face's first slices hold (core/fonts/font_slices.h). Lays the main book out, once.
    std::vector<uint32_t> opening_characters(const Route& route);
    // The sliced script faces' maps (by script face, in the book's order; an empty map for a face that
    // comes whole), set before any html(): then each proof records the slices it shows.
    void set_slice_maps(std::vector<SliceMap> maps) { slice_maps_ = std::move(maps); }
    // The slices a route's proof shows, once html(route) made it, sorted, each with the page sizes
    // (ProofVariant, by index) whose pages show it.
    std::vector<SliceUse> slices(const Route& route);
    // The screens (a CSS media query list) that show one of the variants' pages (SliceUse::variants); "" for all.
    std::string slice_media(unsigned variant_bits) const;
    // Layouts made and the time they took (ms), for `folio build` to print.
    int layouts() const { return layouts_; }
    double layout_ms() const { return layout_ms_; }
    double main_book_ms() const { return main_ms_; } // of which the main book, once per page size

private:
    const Book& main_book(size_t variant);
    std::vector<std::pair<int, int>> slices_of(const std::string& text) const;
    const Site& site_;
    ProofMeasuring measuring_;
    std::vector<ProofVariant> variants_;
    std::vector<std::unique_ptr<Book>> main_;
    std::mutex main_mutex_; // the main books, made once per page size by whichever thread needs one first
    std::mutex mutex_;      // faces_ and the counters
    std::unordered_map<std::string, unsigned> faces_; // by route path
    std::vector<SliceMap> slice_maps_;
    std::unordered_map<std::string, std::vector<SliceUse>> slices_; // by route path
    bool enabled_ = true;
    int layouts_ = 0;
    double layout_ms_ = 0, main_ms_ = 0;
};

} // namespace folio
