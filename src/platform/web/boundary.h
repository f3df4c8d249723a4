// folio web: the wasm's boundary with the page's scripts, in one place.
//
// Every function the scripts (and main.cpp's own EM_JS glue) call is declared here, with FOLIO_EXPORT,
// and nowhere else: CMakeLists.txt reads this file's FOLIO_EXPORT lines for Emscripten's
// EXPORTED_FUNCTIONS, so the two cannot drift. What crosses besides numbers crosses in the shapes below:
// the events folio_dispatch hears (PageEvent) and the results written to memory the caller gives (the
// structs, whose layouts web/wasm.js reads). web/wasm.js is the one script that touches the wasm's memory;
// tests/browser/boundary.test.mjs holds this file, CMakeLists.txt and the scripts together.
//
// Strings cross as UTF-8 with a NUL; a (pointer, length) pair is a copy the wasm reads once. Font data
// is malloc'd by the caller and owned by the wasm from then on.
#pragma once

#include <emscripten/emscripten.h>

#include <cstdint>

#define FOLIO_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE

namespace folio_web {

// A DOM event html5.h does not cover, as folio_dispatch(kind, a, b, c, s) hears it.
enum PageEvent : int {
    kResize = 1,        // a = CSS width, b = CSS height, c = device pixel ratio
    kRoute = 2,         // popstate or a route of the book's own: s = path, a = scroll to restore (or -1)
    kColours = 3,       // a = 1 dark, b = 1 more contrast, s = the system colours under forced colours, or null
    kReducedMotion = 4, // a = 1 reduce
    kProofScrolled = 5, // the reader scrolled the early page by a CSS px before the book showed
    kLinkRested = 6,    // a pointer rests on a link of the text layer: s = its address (App::prefetch)
};

// folio_find_box: where a text is drawn, in CSS px.
struct BoxRect {
    float x, y, w, h;
};
// folio_metrics: how the text reads now, from the layout.
struct ReadingMetrics {
    float body_px, smallest_px, scale, spreads, page_width, pocket;
};
// folio_find_status: the find bar's count and the current match on screen (CSS px).
struct FindStatus {
    float matches, current, waiting, x0, y0, x1, y1;
};
// folio_link_stop and folio_pages: two numbers.
struct IntPair {
    int32_t first, second;
};
static_assert(sizeof(BoxRect) == 4 * 4 && sizeof(ReadingMetrics) == 6 * 4 && sizeof(FindStatus) == 7 * 4 &&
                  sizeof(IntPair) == 2 * 4,
              "web/wasm.js reads these as packed 4-byte fields");

} // namespace folio_web

// Content and fonts (web/start.js, as they arrive).
FOLIO_EXPORT int folio_set_site(const char* json, int len);
FOLIO_EXPORT int folio_add_font(int face, void* data, int len);
FOLIO_EXPORT int folio_add_script_font(void* data, int len);
FOLIO_EXPORT int folio_add_script_slice(int script, int slice, void* data, int len);
FOLIO_EXPORT int folio_add_font_partial(int face, void* data, int len);
FOLIO_EXPORT int folio_add_font_metrics(int face, void* data, int len);
FOLIO_EXPORT void folio_set_error(const char* message);
// Start-up, a step per task (web/start.js).
FOLIO_EXPORT int folio_init_gl(int step);
FOLIO_EXPORT void folio_lay_out();
FOLIO_EXPORT int folio_start(const char* path, double restore_scroll, double proof_scroll);
FOLIO_EXPORT void folio_draw_now();
// Events and navigation.
FOLIO_EXPORT void folio_dispatch(int kind, double a, double b, double c, const char* s);
FOLIO_EXPORT void folio_follow(const char* href);
FOLIO_EXPORT void folio_scroll_to(double y);
// The text layer (web/textlayer.js, layer_page.js, layer_links.js): its pages, its focus model.
FOLIO_EXPORT const char* folio_layer_page(int page);
FOLIO_EXPORT int folio_link_stop(int page, int box, int dir, folio_web::IntPair* out);
FOLIO_EXPORT int folio_reveal(int page, int box);
// Find (web/find.js).
FOLIO_EXPORT void folio_find(const char* query, double top);
FOLIO_EXPORT void folio_find_step(int dir);
FOLIO_EXPORT void folio_find_close();
FOLIO_EXPORT void folio_find_status(folio_web::FindStatus* out);
// Downloads the wasm asked for (main.cpp's EM_JS glue answers with these).
FOLIO_EXPORT void folio_image_loaded(const char* src, int texture, double width, double height);
FOLIO_EXPORT void folio_body_arrived(const char* url, const char* markdown, int ok);
FOLIO_EXPORT void folio_fold_arrived(const char* url, const char* text, int ok);
// What tests and benchmarks read.
FOLIO_EXPORT void folio_pages(folio_web::IntPair* out);
FOLIO_EXPORT int folio_find_box(const char* text, folio_web::BoxRect* out);
FOLIO_EXPORT void folio_metrics(folio_web::ReadingMetrics* out);
FOLIO_EXPORT const char* folio_error();
FOLIO_EXPORT int folio_frames_drawn();
FOLIO_EXPORT double folio_scroll();
// What the web build reads (tools/split_wasm.cjs): where the data only the later code reads lies, its first
// byte (end = 0) or one past its last (later_data.h). Nothing calls it at run time.
FOLIO_EXPORT uintptr_t folio_later_data(int end);
