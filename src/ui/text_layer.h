// folio ui: the text layer's data and its link stops.
//
// Over the pages on screen the web platform lays real DOM text exactly where the canvas drew each run
// (as PDF.js does), in transparent ink, so the browser's selection, copy, context menu, link handling and
// find work. This file says what goes there, from the layout's boxes and the page's screen transform:
// one plain JSON document per rebuild, never script text. It also walks the book's links in reading
// order for the one focus model (Tab and Shift+Tab through every link, turning pages when needed).
#pragma once

#include <string>
#include <vector>

#include "ui/app.h"

namespace folio {

// block_tag and glyph_top, which the early page shares, are core/book/view.h's.

// What the layer shows depends on these only: when they change, the layer is rebuilt. Scrolling that
// keeps the same pages on screen changes none of them (the layer then moves with a transform).
struct TextLayerKey {
    int layouts = -1;
    std::vector<int> pages; // indices of the pages on screen
    float scale = 0, view_width = 0, view_height = 0;
    std::string colors; // the theme's (theme_key)
    std::vector<float> code_scroll;
    std::string error; // the error page replaces the book (MessagePage)
    bool operator==(const TextLayerKey& o) const {
        return layouts == o.layouts && pages == o.pages && scale == o.scale && view_width == o.view_width &&
               colors == o.colors && code_scroll == o.code_scroll && error == o.error &&
               (error.empty() || view_height == o.view_height);
    }
    bool operator!=(const TextLayerKey& o) const { return !(*this == o); }
};

// The pages whose rectangle meets the view at the current scroll.
std::vector<int> pages_on_screen(const App& a);
TextLayerKey text_layer_key(const App& a);

// The layer, as JSON (CSS pixels; page positions at scroll 0, so the platform only moves the whole
// layer by the scroll offset). Every page of the book is in it, in reading order, so assistive technology
// reaches the whole route at any scroll position: the pages on screen with their items, the others as
// "later" stubs (their place only) whose items text_layer_page_json gives once the first view is done.
//   {"path", "scroll", "scale", "gen" (layout count), "vw" (view width), "fill" (what the items depend on
//    beyond the geometry: a page filled under the same fill is still right), "colors": {"selection", "focus", "link"},
//    "pages": [{"i", "x", "y", "w", "h", "lm" (its landmark: "navigation" | "article", if any), "later": 1}
//            | {"i", "x", "y", "w", "h", "lm", "items": [
//        {"t", "x", "y", "w", "h", "g" (glyph top), "s" (glyph box height), "f" (face), "d" (1: a right-to-left run),
//        "lang" (the run's language, when the author said it is not the page's),
//        "b" (block),
//         "k" (what the block is: block_tag), "L" (the lists its block is in, outermost first:
//         list, item, ordered, ...), "href" | "fold", "l" (link id), "c" (continues the previous box's link),
//         "clip": [left, right] (code lines), "u" (words after the run for assistive technology only, Box::unseen)}
//      | {"img" (alt text), "x", "y", "w", "h", "b", "src" (another host's picture, loaded: the layer shows it)}]}]}
// While an error is set the one page is the error page, announced as an alert, placed on screen (the
// canvas draws it there whatever the scroll, and the layer keeps it still):
//    "pages": [{"i": -1, "alert": 1, "x", "y", "w", "h", "title", "ts" (title size), "ty" (title top),
//               "bs" (body size), "items": [{"t", "x", "y", "w", "h"}]}] (one item per paragraph, wrapped at w)
// Running heads and folios are not in it: they are not the text, and copy must not pick them up.
std::string text_layer_json(const App& a);
// One page with its items, for a "later" stub: {"fill", "gen", "page": {...}}; "page": null when there is
// no such page (the layout changed meanwhile: a new document is on its way).
std::string text_layer_page_json(const App& a, int page);

// How the layer names a fold ("fold:<n>", the item's data-fold) and turns what it hands back on a click
// (that key, or an href) into the book's action.
std::string fold_key(int fold);
LinkAction layer_link_action(const std::string& key_or_href);

// A stop of the focus model: the first box of a link (the boxes of a wrapped link are one stop).
struct LinkStop {
    int page = -1, box = -1;
    bool valid() const { return page >= 0; }
};

// The next (dir > 0) or previous (dir < 0) link stop in reading order after (page, box); box -1 with
// dir > 0 starts at the top of the page, and page = number of pages with dir < 0 from the end.
LinkStop next_link_stop(const Book& book, int page, int box, int dir);

// Scrolls so that the box is wholly in view, with some room around it (smoothly unless reduced motion).
// Returns false when the box does not exist.
bool reveal_box(App& a, int page, int box);

} // namespace folio
