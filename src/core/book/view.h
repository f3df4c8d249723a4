// folio core: how a laid-out book is shown, the rules every rendering of it shares: the canvas (ui/app.h),
// the early page the build writes (site/proof.h) and the text layer over the canvas (ui/text_layer.h, and
// the page's scripts, to which the build hands the numbers). One home for each (docs/layout.md, "Text
// sizes on screen"): the page plan for a screen, the desk's pads, which side of a spread a page is on,
// where a run's glyphs sit in its line, and what block a run belongs to.
#pragma once

#include <string>

#include "core/book/layout.h"

namespace folio {

// How the book sits on a screen: the page it is laid out on (the reference page, or a pocket page as wide
// as a narrow screen allows), whether two pages may face each other, and the scale from page units to CSS
// px for spreads and for single pages. The scale is chosen so that body text reads at a CSS size that grows
// with the screen (body_px_for_width), never below kMinBodyPx.
struct PagePlan {
    PageSpec spec;
    bool pocket = false;
    bool spreads = false;   // two whole pages fit side by side and top to bottom at >= 18 px body text
    float spread_scale = 1; // page units to CSS px when showing spreads
    float single_scale = 1; // ... when showing one page at a time
};
float body_px_for_width(float view_width);
// body_box_per_em: the body face's glyph box in ems (ui/fonts.h: Fonts::box_per_em).
PagePlan plan_pages(float view_width, float view_height, float body_box_per_em);

// The pocket page's widths in page units (docs/layout.md, "The pocket page"): three, so that with the
// reference page the book has four page sizes, and the build sets each route's first page in each of them
// (the early page, site/proof.h): 190 from 320 px screens, 215 from 360, 250 from 414.
inline constexpr float kPocketWidths[] = {190, 215, 250};
// Body text reads at kMinBodyPx or more on every screen and grows with the screen up to kMaxBodyPx (a
// pocket page stops growing there and stands centred); spreads only where two whole pages fit at
// kSpreadMinBodyPx or more.
inline constexpr float kMinBodyPx = 16.5f, kMaxBodyPx = 22.0f, kSpreadMinBodyPx = 18.0f;
// The desk around the pages (CSS px): plan_pages and the canvas's page_origin, the early page's stylesheet
// and the page's scripts (site/proof.h: desk_css hands them over as CSS custom properties).
inline constexpr float kSpreadSide = 48.0f, kPageSide = 20.0f, kPocketSide = 6.0f, kRowGap = 28.0f, kTopPad = 28.0f,
                       kScrollbarWidth = 10.0f;

// A page's left edge is floored to a CSS pixel after this much is added, by the canvas (App::page_origin)
// and by the early page's CSS (desk_css: --snap), so that an edge on an exact pixel, which float rounding
// puts a hair to either side (a pocket page filling the width), floors alike in both.
inline constexpr float kEdgeSnap = 0.01f;

// Which side of a spread page `page` is on, 0 left, 1 right: the first page of each spread on the left,
// or, in a book that binds on the right (Book::rtl), on the right.
int spread_column(const Book& book, int page);

// Where a text box's glyph box starts, below the top of its line box (page units). The canvas draws the
// glyphs there, and the early page and the layer put the DOM text's baseline at the same place.
inline float glyph_top(const Box& b) { return (b.h - b.size * 1.32f) * 0.5f; }

// What a block is, as the static page's element that holds it: "p", "h1".."h6" (its outline level), "pre",
// "figure", or a table cell with its place, "td:<table>:<row>:<column>" ("th:..." in the head row; tables
// numbered in reading order from 0, rows and columns from 0 within their table). The text layer gives its
// blocks roles by it, the early page marks where its blocks begin with it, and copy puts a block's text into
// it (folio.copyOf, web/page.js).
std::string block_tag(const Book& book, int block);

} // namespace folio
