// folio ui: the app state and the book view, drawn with Dear ImGui.
//
// App is the one piece of state the main loop owns. The platform layer feeds it input (through ImGui's
// IO and the few calls below) and reads back what it asked for (a history entry, a link to open, a
// title). It never touches Emscripten, so tests drive it natively in a headless ImGui context.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/book/compose.h"
#include "core/book/view.h"
#include "core/model/model.h"
#include "core/model/routes.h"
#include "ui/find.h"
#include "ui/fonts.h"
#include "ui/frame.h"
#include "ui/theme.h"

namespace folio {

enum class ScrollKey { LineUp, LineDown, PageUp, PageDown, Home, End };

// What the app asks of the platform after a frame. The platform clears it once handled.
struct AppRequests {
    bool push_history = false;              // a link to an internal route was followed: pushState(route.path)
    bool replace_history = false;           // the reader scrolled into another chapter: replaceState(route.path)
    std::vector<std::string> open_external; // open in a new tab (noopener)
    bool title_changed = false;
    bool cursor_hand = false;             // the pointer is over a link
    std::vector<std::string> load_images; // pictures to load (Book::images); answer with App::image_loaded
    std::vector<std::string> load_bodies; // article bodies to fetch (Article::body_url); answer with body_arrived
    std::vector<std::string>
        load_folds;               // fold chunks to fetch (Fold::url, core/model/bound.h); answer with fold_arrived
    std::vector<Face> load_faces; // faces only measured so far that pages near the view show; answer
                                  // with add_font
    std::vector<SliceWanted> load_slices; // slices of sliced script faces pages near the view show; answer
                                          // with add_script_slice
};

// An image the browser has decoded and the platform has uploaded as a texture.
struct LoadedImage {
    ImTextureID texture = ImTextureID_Invalid;
    bool in_layer = false; // another host's picture, shown by the text layer's <img> over its place
    bool failed = false;   // could not be loaded: its alt text stays
};

struct App {
    //--- content
    Site site;
    bool has_site = false;
    std::string error; // shown on a page instead of the book (a failed fetch, a check error)
    Fonts fonts;
    ImGuiMeasurer measurer;
    Theme theme = theme_light();
    bool reduced_motion = false;

    //--- the view
    ComposeState compose;
    Route route;
    Book book;
    bool book_dirty = true;
    int layouts = 0; // how many times the book was laid out: the text layer rebuilds when it changes
    double layout_start_ms = 0, layout_end_ms = 0; // the last layout, on the steady clock (performance.now on the web)
    std::string title;

    //--- scrolling (CSS pixels)
    float scroll = 0, scroll_target = 0, velocity = 0;
    float content_height = 0, view_height = 0, view_width = 0;
    bool spreads = false;
    // Page units to CSS px: the one scale every page is drawn at (page_origin places the pages). Text of
    // ImGui size s reads as css_px(face, s) CSS pixels.
    float page_scale = 1;
    std::vector<float> code_scroll; // sideways offset of each code block
    std::map<std::string, LoadedImage> images;
    std::vector<std::string> bodies_requested;
    bool pending_anchor = false;      // scroll to the route's chapter (or its #fragment heading) once laid out
    std::string fragment;             // the heading id the URL names ("part-two" for #part-two), or ""
    bool fragment_unresolved = false; // the heading was not laid out yet (its body still loading)
    float address_scroll = -1;        // the scroll offset the address was last matched to (the reading follows it)
    float pending_scroll = -1;        // or restore this scroll offset (history)
    float pending_fraction = -1;      // or this fraction of the height (after a change of page size)
    float pending_offset = 0;         // and this much further: the reader scrolled the proof (web/proof.js)
    bool dragging_scrollbar = false;
    // A bounded archive (core/model/bound.h): the route names what is under a fold not loaded yet (a folded
    // article's address): the book says "loading…" until its chunk comes, then opens it.
    bool route_waiting = false;
    std::string fold_hint; // the fold chunk the page's HTML preloads for its route (the platform sets it)

    //--- what the app asks of the platform
    AppRequests requests;
    int frames_drawn = 0;
    // A page on screen shows a face that has not arrived (its text is left out until it does): the
    // platform does not show such a frame as the book's first.
    bool faces_missing_on_screen = false;
    bool first_frame_shown = false; // the platform showed a frame as the book's first (it sets this)
    bool faces_asked[kFaceCount] = {};
    std::vector<SliceWanted> slices_asked;

    //--- find in the book (ui/find.h): the platform's find bar drives it
    FindState find;

    // Content arrives (or changes, in preview): keeps the route and, if possible, the scroll offset.
    void set_site(Site&& s);
    void set_error(const std::string& message);
    // Opens a path. restore_scroll >= 0 restores a position (back/forward); otherwise the route's anchor.
    void open(const std::string& path, float restore_scroll = -1);
    // A pointer rests on a link to path: the body of the article it opens is fetched now, so a click finds it.
    void prefetch(const std::string& path);
    void follow(const LinkAction& action); // a link was activated
    void scroll_by(float dy);              // wheel and touch, already in CSS pixels
    void fling(float velocity_px_s);       // touch released with speed: inertia
    void scroll_key(ScrollKey k);
    // Scrolls the code panel under pos (CSS pixels) sideways by dx; false when pos is not over one.
    bool scroll_code_at(ImVec2 pos, float dx);
    // The platform finished loading an image (texture invalid and size 0: it failed).
    // A picture arrived: a texture the canvas draws, or (another host's, links.h) none but its size, as
    // the text layer shows it; neither is a failure (its alt text stays).
    void image_loaded(const std::string& src, ImTextureID texture, float width, float height);
    void forget_textures(); // the GPU context was lost: every texture is gone
    // An article body the platform fetched (ok false: it could not; the opening paragraph stays).
    void body_arrived(const std::string& url, const std::string& tree_json,
                      bool ok); // a document tree (document_json.h)

    // A fold chunk the platform fetched (ok false: it could not; the book says so where the fold is).
    void fold_arrived(const std::string& url, const std::string& text, bool ok);
    // Asks the platform for fold i's chunk, unless it is here or on its way.
    void request_fold(int fold);

    // Draws one frame into the current ImGui frame (between NewFrame and Render), in the book's window.
    // Returns true when another frame is needed soon (an animation in flight).
    bool frame(float dt);
    // Draws one frame into lists: ImGui's (frame() above) or a quiet frame's (ui/frame.h).
    bool draw(float dt, const FrameLists& lists);
    // Lays the book out for the current display size if it must be, without drawing (inside an ImGui
    // frame or a quiet one): the platform runs the first layout ahead of the first frame, as a task of its own.
    void lay_out();

    // Geometry, for tests and the platform: the screen rectangle of page i at the current scroll.
    ImVec2 page_origin(int page) const;
    // How the book sits on the current screen, and the page it is laid out on: the reference page, or
    // a pocket page for a narrow screen.
    PagePlan plan() const;
    PageSpec page_spec() const;
    int first_visible_page() const;
    // The route's first view is whole: an article's body has arrived (or failed to), so the page on screen
    // is the page the build's proof shows, and the book may take the screen over.
    bool first_view_complete() const;
    // The CSS px size that text of ImGui size `size` in `face` reads at on screen now.
    float css_px(Face face, float size) const;
    float body_css_px() const { return css_px(Face::Serif, book.spec.body_size); }
    float smallest_css_px() const; // the smallest text of the current book, folios and running heads included
    // The main book's chapter at the reading line (a third down the screen; at the very end, the last
    // page on screen). Empty outside the main book.
    std::string reading_chapter() const;
    // Code panels drawn last frame whose lines reach past an edge (drawn with a fade and a mark there).
    struct CodeEdges {
        int code = -1;
        bool more_left = false, more_right = false;
    };
    std::vector<CodeEdges> code_edges_last_frame;
    int pages_drawn_last_frame = 0;
};

// The page the canvas shows instead of the book while an error is set (a failed fetch, check errors in
// preview): where it lies on screen (CSS px) and what it says, one problem per paragraph. draw_message
// draws it and the text layer announces it, from this one description.
struct MessagePage {
    float x = 0, y = 0, w = 0, h = 0, pad = 0;
    float title_size = 26, body_size = 16;
    std::string title;
    struct Paragraph {
        std::string text;
        float x = 0, y = 0, w = 0, h = 0;
    };
    std::vector<Paragraph> paragraphs;
};
// Empty (no paragraphs, no title) while no error is set. Wrapping needs the fonts: without them each
// paragraph is one line high.
MessagePage message_page(const App& a);

} // namespace folio
