// folio web platform: the only code that knows Emscripten.
//
// Our own Dear ImGui platform backend on html5.h + WebGL2 (rendering through our own renderer, render_gl):
// HiDPI canvas, mouse, wheel (all delta modes), touch with inertia, keyboard, History API, external
// links, clipboard through the browser's copy event, WebGL context loss, and drawing only when
// something changed. the page's scripts (web/downloads.js, web/start.js) fetch the content and fonts, hands them over
// and forwards the few DOM events html5.h does not cover (resize through ResizeObserver, popstate, media queries,
// copy).
//
// Index of this file:
// [SECTION] JS glue (EM_JS)
// [SECTION] Platform state
// [SECTION] Frames
// [SECTION] Input
// [SECTION] Exports to the page's scripts

#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "core/book/scroll.h"
#include "core/model/links.h"
#include "core/wire/site_reader.h"
#include "platform/web/boundary.h"
#include "platform/web/render_gl.h"
#include "ui/app.h"
#include "ui/text_layer.h"

//-----------------------------------------------------------------------------
// [SECTION] JS glue (EM_JS): strings are passed as data, never spliced into script text
//-----------------------------------------------------------------------------

// clang-format off
// History is web/page.js's (folio.pushRoute, folio.replaceRoute): the book says what changed, page.js writes it.
EM_JS(void, js_push_state, (const char* path, double old_scroll), {
    window.folio.pushRoute(UTF8ToString(path), old_scroll);
});
// The reader scrolled into another chapter: the address and the entry's scroll follow, in place.
EM_JS(void, js_replace_route, (const char* path, double scroll), {
    window.folio.replaceRoute(UTF8ToString(path), scroll);
});
EM_JS(void, js_replace_scroll, (double scroll), { window.folio.replaceRoute(undefined, scroll); });
// (Only when it changed: Chromium took 3 to 15 ms to set it, the same title again after a preview's edit.)
EM_JS(void, js_set_title, (const char* title), {
    const text = UTF8ToString(title);
    if (document.title !== text) document.title = text;
});
EM_JS(void, js_open_external, (const char* href), {
    const w = window.open(UTF8ToString(href), "_blank", "noopener,noreferrer");
    if (w) w.opener = null;
});
EM_JS(void, js_set_cursor, (int hand), { Module.canvas.style.cursor = hand ? "pointer" : "default"; });
// complete: the route's first view is whole (an article's body is in), so the book may take over the proof.
EM_JS(void, js_frame_drawn, (int count, int complete), { if (window.folio) window.folio.emit("frame", count, complete); });
// The text layer (web/textlayer.js): its content as one JSON document when it must be rebuilt, and the
// scroll offset whenever it moved (the layer then follows with a transform, no DOM rebuild).
EM_JS(void, js_text_layer, (const char* json), { if (window.folio) window.folio.emit("layer", UTF8ToString(json)); });
EM_JS(void, js_text_layer_scroll, (double scroll), { if (window.folio) window.folio.emit("layerScroll", scroll); });
// An article's body (a document tree, document_json.h), fetched when the article is opened (site.json
// leaves long bodies out). A "#offset-length" address is a byte range of a chunk file (`folio build`
// packs bodies): each chunk is fetched once and sliced.
EM_JS(void, js_fetch_body, (const char* url_ptr), {
    const url = UTF8ToString(url_ptr);
    const pass = (s) => { const n = lengthBytesUTF8(s) + 1, p = _malloc(n); stringToUTF8(s, p, n); return p; };
    const hash = url.indexOf("#"), file = hash < 0 ? url : url.slice(0, hash);
    // The chunk file, inflated, through the page's loader (web/downloads.js: folio.bodyChunk, which asks for
    // each once and counts the download for the stall rule); then this article's range of it.
    const chunk = window.folio && window.folio.bodyChunk ? window.folio.bodyChunk : (f) => fetch(f).then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(r.status)));
    chunk(file).then((buf) => {
        const range = hash < 0 ? [0, buf.byteLength] : url.slice(hash + 1).split("-").map(Number);
        return new TextDecoder().decode(new Uint8Array(buf, range[0], range[1]));
    }).then(
        (text) => { const u = pass(url), t = pass(text); _folio_body_arrived(u, t, 1); _free(u); _free(t); },
        () => { const u = pass(url), t = pass(""); _folio_body_arrived(u, t, 0); _free(u); _free(t); });
});
// A fold chunk of a bounded archive (core/model/bound.h), fetched when the reader opens the fold or find needs it.
// A failure is the book's to say (where the fold is); opening the fold again asks again.
EM_JS(void, js_fetch_fold, (const char* url_ptr), {
    const url = UTF8ToString(url_ptr);
    const pass = (s) => { const n = lengthBytesUTF8(s) + 1, p = _malloc(n); stringToUTF8(s, p, n); return p; };
    const reply = (text, ok) => { const u = pass(url), t = pass(text); _folio_fold_arrived(u, t, ok); _free(u); _free(t); };
    const inflate = window.folio && window.folio.inflate ? window.folio.inflate : (b) => b; // as a body's chunk
    fetch(url).then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error("HTTP " + r.status)))).then(inflate)
        .then((b) => new TextDecoder().decode(b)).then(
        (text) => reply(text, 1),
        (e) => { console.warn("folio: " + url + " could not be fetched (" + (e && e.message) + ")"); reply("", 0); });
});
// The fold chunk the page's HTML preloads (a folded article's page names the chunk its record is in).
EM_JS(int, js_fold_hint, (char* out, int size), {
    const link = document.querySelector('link[rel="preload"][href^="/assets/folds/"]');
    if (!link) return 0;
    stringToUTF8(link.getAttribute("href"), out, size);
    return 1;
});
// The site's own images (and embedded ones) come through the browser's decoder, then become WebGL
// textures registered with Emscripten's GL tables, so ImGui draws them like any other texture. Another
// host's picture is never a texture (a host that sends no CORS headers taints it): only its size is
// wanted, and the text layer shows it with an <img> from the same cache, asked for the same way.
EM_JS(void, js_load_image, (const char* src), {
    const url = UTF8ToString(src);
    const reply = (id, w, h) => {
        const n = lengthBytesUTF8(url) + 1, p = _malloc(n);
        stringToUTF8(url, p, n);
        _folio_image_loaded(p, id, w, h);
        _free(p);
    };
    const img = new Image();
    if (/^https?:/i.test(url)) {
        img.referrerPolicy = "no-referrer";
        img.onload = () => reply(0, img.naturalWidth, img.naturalHeight);
        img.onerror = () => reply(0, 0, 0);
        img.src = url;
        return;
    }
    img.onload = () => {
        const gl = GLctx;
        if (!gl || gl.isContextLost()) return reply(0, 0, 0);
        const tex = gl.createTexture();
        gl.bindTexture(gl.TEXTURE_2D, tex);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
        gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, img);
        const id = GL.getNewId(GL.textures);
        tex.name = id;
        GL.textures[id] = tex;
        reply(id, img.naturalWidth, img.naturalHeight);
    };
    img.onerror = () => reply(0, 0, 0);
    img.src = url;
});
// A face the first pages did not need, now wanted (web/start.js fetches it and calls folio_add_font).
EM_JS(void, js_load_face, (int face), { if (window.folio) window.folio.emit("wantFace", face); });
// A slice of a sliced script face, now wanted (web/start.js fetches it and calls folio_add_script_slice).
EM_JS(void, js_load_slice, (int script, int slice), { if (window.folio) window.folio.emit("wantSlice", script, slice); });
// The find bar (web/find.js) shows the count and the current match: tell it they changed.
EM_JS(void, js_find_changed, (), { if (window.folio) window.folio.emit("findChanged"); });
// The context's largest texture, for ImGui's atlas: a limit Chrome's WebGL knows without asking the GPU
// process (glGetIntegerv would also bring Emscripten's whole glGet table into the glue).
EM_JS(int, js_max_texture_size, (), { return GLctx.getParameter(GLctx.MAX_TEXTURE_SIZE) | 0; });
// A step of the first view (bench/page/firstview.mjs prints them): only until the book's first frame is shown.
EM_JS(void, js_mark, (const char* name), { if (performance.mark) performance.mark("folio:" + UTF8ToString(name)); });
// The same for a step timed in C++ (std::chrono::steady_clock is performance.now() here).
EM_JS(void, js_measure, (const char* name, double start, double end), {
    if (performance.measure) performance.measure("folio:" + UTF8ToString(name), {start: start, end: end});
});
// clang-format on

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Platform state: the one app state the main loop owns
//-----------------------------------------------------------------------------

struct Touch {
    bool active = false, moved = false;
    bool sideways = false; // a horizontal drag that started over a code panel scrolls the panel
    double last_x = 0;
    double start_x = 0, start_y = 0, last_y = 0, last_t = 0, velocity = 0;
    long id = -1;
};

// Frames are quiet (ui/frame.h) until input first reaches ImGui, and ImGui's own from then on: a frame
// with no input to answer needs none of ImGui's window machinery, so the first view's code holds none.
enum class Frames { Quiet, ImGui };

struct Platform {
    folio::App app;
    EMSCRIPTEN_WEBGL_CONTEXT_HANDLE gl = 0;
    bool gl_ready = false, context_lost = false;
    bool frame_pending = false;
    int frame_request = 0; // the pending animation frame's id
    int extra_frames = 0;  // ImGui settles hover/focus one frame after input
    double last_time = 0;
    double css_w = 0, css_h = 0, dpr = 1;
    bool cursor_hand = false;
    Touch touch;
    double history_scroll_saved = -1;
    folio::TextLayerKey layer_key; // what the text layer shows now
    double layer_scroll = -1;      // the scroll offset it was last moved to
    int find_version_seen = 0;     // FindState::version last told to the find bar
    bool shown = false;            // a frame was reported to the page (web/start.js) (the canvas is on)
    bool drawing = false;          // frames are drawn: the first by folio_draw_now, at the end of the start-up
    uint64_t picture_drawn = 0;    // picture_key of what the canvas shows (0: unknown, draw)
    Frames frames = Frames::Quiet;
    std::unique_ptr<folio::QuietFrame> quiet; // made with ImGui's context, in main()
};

Platform g_platform;

void request_frame(int extra = 1);

// Events that reach the book through the text layer (userData of the html5 callbacks on #layer).
int g_from_layer = 1;
bool from_layer(void* user_data) { return user_data == &g_from_layer; }

//-----------------------------------------------------------------------------
// [SECTION] Frames
//-----------------------------------------------------------------------------

void apply_canvas_size();

// The GL set-up in two steps, each a task of its own in web/start.js's start-up: the context, the renderer
// and the canvas's size, then the shaders. Neither reads anything from the GL, which would wait for the
// GPU process (render_gl.h). Returns false when WebGL2 is not available.
bool init_gl_context() {
    if (g_platform.gl > 0) return true;
    EmscriptenWebGLContextAttributes attrs;
    emscripten_webgl_init_context_attributes(&attrs);
    attrs.majorVersion = 2;
    attrs.minorVersion = 0;
    // As web/start.js made it (GL_ATTRIBUTES), which is the context this call returns.
    attrs.alpha = EM_FALSE;
    attrs.depth = EM_FALSE;     // ImGui draws in order, without a depth test
    attrs.antialias = EM_FALSE; // ImGui anti-aliases its own shapes
    attrs.premultipliedAlpha = EM_FALSE;
    // WebGL2 has all ImGui needs. Enabling every extension (Emscripten's default) asks the GPU process,
    // and waits for it, once per extension: with SwiftShader busy painting the proof, that took 0.5 s.
    attrs.enableExtensionsByDefault = EM_FALSE;
    js_mark("init-gl:create");
    g_platform.gl = emscripten_webgl_create_context("#book", &attrs);
    if (g_platform.gl <= 0) return false;
    js_mark("init-gl:current");
    emscripten_webgl_make_context_current(g_platform.gl);
    js_mark("init-gl:renderer");
    folio_web::render_gl_init(js_max_texture_size());
    js_mark("init-gl:canvas");
    apply_canvas_size(); // the drawing buffer at its size now, so the GPU process makes it while we go on
    return true;
}

bool init_gl() {
    if (g_platform.gl_ready) return true;
    if (!init_gl_context()) return false;
    js_mark("init-gl:shaders");
    // The shaders now rather than in the first frame: the GPU process compiles them during the next steps.
    folio_web::render_gl_create();
    js_mark("init-gl:done");
    g_platform.gl_ready = true;
    return true;
}

void apply_canvas_size() {
    Platform& p = g_platform;
    int w = static_cast<int>(std::lround(p.css_w * p.dpr)), h = static_cast<int>(std::lround(p.css_h * p.dpr));
    if (w < 1 || h < 1) return;
    int cw = 0, ch = 0;
    emscripten_get_canvas_element_size("#book", &cw, &ch);
    if (cw != w || ch != h) emscripten_set_canvas_element_size("#book", w, h);
}

void handle_requests() {
    Platform& p = g_platform;
    folio::AppRequests& r = p.app.requests;
    if (r.push_history) {
        std::string where = p.app.route.path + (p.app.fragment.empty() ? "" : "#" + p.app.fragment);
        js_push_state(where.c_str(), p.history_scroll_saved >= 0 ? p.history_scroll_saved : 0);
        r.push_history = false;
        r.replace_history = false; // the new entry already has the route
    }
    if (r.replace_history) {
        js_replace_route(p.app.route.path.c_str(), p.app.scroll);
        r.replace_history = false;
    }
    if (r.title_changed) {
        if (!p.app.title.empty()) js_set_title(p.app.title.c_str());
        r.title_changed = false;
    }
    for (const std::string& href : r.open_external)
        if (folio::followable(href)) js_open_external(href.c_str()); // the link policy, at the last door
    r.open_external.clear();
    for (const std::string& src : r.load_images)
        js_load_image(src.c_str());
    r.load_images.clear();
    for (const std::string& url : r.load_bodies)
        js_fetch_body(url.c_str());
    r.load_bodies.clear();
    for (const std::string& url : r.load_folds)
        js_fetch_fold(url.c_str());
    r.load_folds.clear();
    for (folio::Face f : r.load_faces)
        js_load_face(static_cast<int>(f));
    r.load_faces.clear();
    for (const folio::SliceWanted& w : r.load_slices)
        js_load_slice(w.script, w.slice);
    r.load_slices.clear();
    if (p.app.find.version != p.find_version_seen) {
        p.find_version_seen = p.app.find.version;
        js_find_changed();
    }
    if (r.cursor_hand != p.cursor_hand) {
        p.cursor_hand = r.cursor_hand;
        js_set_cursor(p.cursor_hand ? 1 : 0);
    }
}

// Rebuilt only when the pages on screen, the layout, the scale or the theme changed; otherwise moved.
void update_text_layer() {
    Platform& p = g_platform;
    // Laid out again next frame: the boxes are stale (but the error page has none, and the book under it
    // stays dirty until the error goes).
    if (p.app.book_dirty && p.app.error.empty()) return;
    folio::TextLayerKey key = folio::text_layer_key(p.app);
    if (key != p.layer_key) {
        p.layer_key = key;
        std::string json = folio::text_layer_json(p.app);
        js_text_layer(json.c_str());
        p.layer_scroll = p.app.scroll;
    } else if (p.layer_scroll != p.app.scroll) {
        p.layer_scroll = p.app.scroll;
        js_text_layer_scroll(p.app.scroll);
    }
}

// What a frame would put on the canvas: its draw lists, the canvas size and the desk colour (FNV-1a).
// 0 when a texture is to be created, updated or destroyed: that frame is drawn, whatever its lists.
uint64_t picture_key(const ImDrawData* dd, int fw, int fh, ImU32 desk) {
    if (dd->Textures)
        for (const ImTextureData* t : *dd->Textures)
            if (t->Status != ImTextureStatus_OK && t->Status != ImTextureStatus_Destroyed) return 0;
    uint64_t h = 1469598103934665603ull;
    auto mix = [&h](const void* data, size_t n) {
        const unsigned char* b = static_cast<const unsigned char*>(data);
        for (size_t i = 0; i < n; ++i)
            h = (h ^ b[i]) * 1099511628211ull;
    };
    const int head[3] = {fw, fh, static_cast<int>(desk)};
    mix(head, sizeof head);
    mix(&dd->DisplayPos, sizeof dd->DisplayPos);
    mix(&dd->DisplaySize, sizeof dd->DisplaySize);
    mix(&dd->FramebufferScale, sizeof dd->FramebufferScale);
    for (const ImDrawList* list : dd->CmdLists) {
        mix(list->VtxBuffer.Data, static_cast<size_t>(list->VtxBuffer.Size) * sizeof(ImDrawVert));
        mix(list->IdxBuffer.Data, static_cast<size_t>(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
        for (const ImDrawCmd& c : list->CmdBuffer) {
            const ImTextureID tex = c.GetTexID();
            mix(&c.ClipRect, sizeof c.ClipRect);
            mix(&tex, sizeof tex);
            mix(&c.VtxOffset, sizeof c.VtxOffset);
            mix(&c.IdxOffset, sizeof c.IdxOffset);
            mix(&c.ElemCount, sizeof c.ElemCount);
            mix(&c.UserCallback, sizeof c.UserCallback);
        }
    }
    return h == 0 ? 1 : h;
}

// ImGui's frame with the book's window, begun and ended. Out of line (and the web build's inlining limit,
// CMakeLists.txt, keeps them so): were they inlined into begin_frame and end_frame, which every quiet frame
// runs, ImGui's frame would be first-view code again.
[[gnu::noinline]] folio::FrameLists begin_imgui_frame(ImVec2 size, ImVec2 scale, float dt) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = size;
    io.DisplayFramebufferScale = scale;
    io.DeltaTime = dt;
    ImGui::NewFrame();
    return folio::begin_book_window();
}

[[gnu::noinline]] ImDrawData* end_imgui_frame() {
    folio::end_book_window();
    ImGui::Render();
    return ImGui::GetDrawData();
}

// Starts a frame at the canvas's size: a quiet one, or ImGui's.
folio::FrameLists begin_frame(float dt) {
    Platform& p = g_platform;
    apply_canvas_size();
    const ImVec2 size(static_cast<float>(p.css_w), static_cast<float>(p.css_h));
    const ImVec2 scale(static_cast<float>(p.dpr), static_cast<float>(p.dpr));
    p.history_scroll_saved = p.app.scroll;
    return p.frames == Frames::Quiet ? p.quiet->begin(size, scale) : begin_imgui_frame(size, scale, dt);
}

// Ends the frame begun: what it draws.
ImDrawData* end_frame() {
    Platform& p = g_platform;
    return p.frames == Frames::Quiet ? p.quiet->end() : end_imgui_frame();
}

// The IO input goes to: from the first input on, frames are ImGui's, whose items answer it.
ImGuiIO& input_io() {
    g_platform.frames = Frames::ImGui;
    return ImGui::GetIO();
}

EM_BOOL on_animation_frame(double time_ms, void*) {
    Platform& p = g_platform;
    p.frame_pending = false;
    // Before the first frame (folio_draw_now), web/start.js's start-up steps run: no frame in between.
    if (!p.gl_ready || p.context_lost || !p.drawing) return EM_FALSE;
    float dt = p.last_time > 0 ? static_cast<float>((time_ms - p.last_time) / 1000.0) : 1.0f / 60.0f;
    dt = dt <= 0 ? 1.0f / 60.0f : (dt > 0.1f ? 0.1f : dt);
    p.last_time = time_ms;

    const bool first = !p.shown;
    if (first) js_mark("frame:start");
    const folio::FrameLists lists = begin_frame(dt);
    if (first) js_mark("frame:new-frame");
    const int layouts = p.app.layouts;
    bool animating = p.app.draw(dt, lists);
    if (first) {
        js_mark("frame:layout-and-draw");
        if (p.app.layouts != layouts) js_measure("layout", p.app.layout_start_ms, p.app.layout_end_ms);
    }
    ImDrawData* dd = end_frame();

    int fw = 0, fh = 0;
    emscripten_get_canvas_element_size("#book", &fw, &fh);
    ImU32 desk = p.app.theme.desk;
    // A frame whose picture is already on the canvas is not drawn again (the canvas keeps showing it):
    // with WebGL on the CPU, a frame drawn while the GPU process still works on the ones before waits for
    // them, 150 ms for the frames that settle the book after its first.
    const uint64_t picture = picture_key(dd, fw, fh, desk);
    if (picture == 0 || picture != p.picture_drawn) {
        folio_web::render_gl_draw(dd, fw, fh, desk);
        // The textures are up to date now: the key of what was drawn.
        p.picture_drawn = picture != 0 ? picture : picture_key(dd, fw, fh, desk);
    }
    if (first) {
        js_mark("frame:gl-submitted");
        for (ImTextureData* t : folio::frame_textures())
            js_mark(("atlas " + std::to_string(t->Width) + "x" + std::to_string(t->Height)).c_str());
    }
    // The book's first frame is not one with text left out for a face still on its way.
    const bool was_shown = p.shown;
    if (p.shown || !p.app.faces_missing_on_screen) {
        p.shown = true;
        p.app.first_frame_shown = true;
        js_frame_drawn(p.app.frames_drawn, p.app.first_view_complete() ? 1 : 0);
    }
    handle_requests();
    // The text layer of the first frame shown is built by the next frame, a task of its own: the book's
    // start-up keeps its tasks short (docs/first-view.md).
    if (was_shown || !p.shown)
        update_text_layer();
    else
        request_frame(1);

    // Font glyphs baked this frame, or a texture still waiting: draw once more.
    bool textures_pending = false;
    for (ImTextureData* t : folio::frame_textures())
        if (t->Status != ImTextureStatus_OK && t->Status != ImTextureStatus_Destroyed) textures_pending = true;
    if (animating || textures_pending || p.extra_frames > 0) {
        if (p.extra_frames > 0) --p.extra_frames;
        request_frame(0);
    } else {
        js_replace_scroll(p.app.scroll); // back/forward come back to this position
    }
    return EM_FALSE;
}

void request_frame(int extra) {
    Platform& p = g_platform;
    if (extra > p.extra_frames) p.extra_frames = extra;
    if (p.frame_pending || p.context_lost) return;
    p.frame_pending = true;
    p.frame_request = emscripten_request_animation_frame(on_animation_frame, nullptr);
}

// Draws the frame that is pending now rather than at the next animation frame (a canvas drawn between
// them is shown at the next composite all the same).
void draw_pending_now() {
    Platform& p = g_platform;
    if (p.frame_pending) emscripten_cancel_animation_frame(p.frame_request);
    p.frame_pending = false;
    on_animation_frame(emscripten_get_now(), nullptr);
}

// What new data (the site, a body, a fold) changed: drawn in the task that brought it once the book is
// showing, else with the start-up's frames. While the browser is busy (the preview's builder writing
// pages after an edit) the next animation frame came 7 to 80 ms after the data, and the fetches the new
// layout asks for (an edited article's body chunk) waited for that frame too.
void show_arrival() {
    Platform& p = g_platform;
    if (!p.shown || !p.drawing || p.context_lost) {
        request_frame(2);
        return;
    }
    if (p.extra_frames < 2) p.extra_frames = 2; // the frames that settle it, as request_frame(2)
    draw_pending_now();
}

//-----------------------------------------------------------------------------
// [SECTION] Input
//-----------------------------------------------------------------------------

void update_modifiers(const EmscriptenKeyboardEvent* e) {
    ImGuiIO& io = input_io();
    io.AddKeyEvent(ImGuiMod_Ctrl, e->ctrlKey);
    io.AddKeyEvent(ImGuiMod_Shift, e->shiftKey);
    io.AddKeyEvent(ImGuiMod_Alt, e->altKey);
    io.AddKeyEvent(ImGuiMod_Super, e->metaKey);
}

// Scrolling keys go to the view (a page scrolls); Tab/Enter/Escape go to ImGui (focus, activate).
bool scroll_key(const EmscriptenKeyboardEvent* e) {
    folio::App& a = g_platform.app;
    const char* c = e->code;
    if (e->ctrlKey || e->altKey || e->metaKey) return false;
    if (!std::strcmp(c, "ArrowDown"))
        a.scroll_key(folio::ScrollKey::LineDown);
    else if (!std::strcmp(c, "ArrowUp"))
        a.scroll_key(folio::ScrollKey::LineUp);
    else if (!std::strcmp(c, "PageDown"))
        a.scroll_key(folio::ScrollKey::PageDown);
    else if (!std::strcmp(c, "PageUp"))
        a.scroll_key(folio::ScrollKey::PageUp);
    else if (!std::strcmp(c, "Space"))
        a.scroll_key(e->shiftKey ? folio::ScrollKey::PageUp : folio::ScrollKey::PageDown);
    else if (!std::strcmp(c, "Home"))
        a.scroll_key(folio::ScrollKey::Home);
    else if (!std::strcmp(c, "End"))
        a.scroll_key(folio::ScrollKey::End);
    else
        return false;
    return true;
}

// Only the scrolling keys belong to the book. Tab, Enter and the rest stay with the browser: focus moves
// through the text layer's links (web/layer_links.js) and Enter follows the focused one like any link.
EM_BOOL on_key(int type, const EmscriptenKeyboardEvent* e, void*) {
    bool down = type == EMSCRIPTEN_EVENT_KEYDOWN;
    update_modifiers(e);
    if (down && scroll_key(e)) {
        request_frame(2);
        return EM_TRUE;
    }
    return EM_FALSE;
}

EM_BOOL on_mouse(int type, const EmscriptenMouseEvent* e, void*) {
    ImGuiIO& io = input_io();
    io.AddMouseSourceEvent(ImGuiMouseSource_Mouse);
    io.AddMousePosEvent(static_cast<float>(e->targetX), static_cast<float>(e->targetY));
    if (type == EMSCRIPTEN_EVENT_MOUSEDOWN || type == EMSCRIPTEN_EVENT_MOUSEUP) {
        int b = e->button == 0 ? 0 : e->button == 2 ? 1 : e->button == 1 ? 2 : -1;
        if (b >= 0) io.AddMouseButtonEvent(b, type == EMSCRIPTEN_EVENT_MOUSEDOWN);
    }
    if (type == EMSCRIPTEN_EVENT_MOUSELEAVE) io.AddMousePosEvent(-FLT_MAX, -FLT_MAX);
    request_frame(2);
    return type == EMSCRIPTEN_EVENT_MOUSEDOWN ? EM_FALSE : EM_TRUE;
}

EM_BOOL on_wheel(int, const EmscriptenWheelEvent* e, void*) {
    // Normalise delta modes: pixels as they are, lines and pages as core/book/scroll.h says (the proof's too).
    const folio::ScrollSteps& steps = folio::kScrollSteps;
    double unit = e->deltaMode == DOM_DELTA_LINE   ? steps.wheel_line
                  : e->deltaMode == DOM_DELTA_PAGE ? g_platform.css_h * steps.wheel_page
                                                   : 1.0;
    double dx = e->deltaX * unit, dy = e->deltaY * unit;
    if (e->mouse.shiftKey && dx == 0) std::swap(dx, dy);
    ImGuiIO& io = input_io();
    io.AddMousePosEvent(static_cast<float>(e->mouse.targetX), static_cast<float>(e->mouse.targetY));
    if (dx != 0) io.AddMouseWheelEvent(static_cast<float>(-dx / 40.0), 0.0f);
    if (dy != 0) g_platform.app.scroll_by(static_cast<float>(dy));
    request_frame(2);
    return EM_TRUE;
}

// One finger drags the page (with inertia on release); a short touch without movement is a click.
// Over the text layer the browser keeps what a touch means on text: a tap clicks the element under the
// finger (a link follows) and a long press selects a word, so only a drag is taken (and prevented).
EM_BOOL on_touch(int type, const EmscriptenTouchEvent* e, void* user_data) {
    const bool layer = from_layer(user_data);
    Touch& t = g_platform.touch;
    ImGuiIO& io = input_io();
    if (e->numTouches < 1) return EM_FALSE;
    const EmscriptenTouchPoint* pt = nullptr;
    for (int i = 0; i < e->numTouches; ++i)
        if (e->touches[i].isChanged) pt = &e->touches[i];
    if (!pt) return EM_FALSE;
    double now = emscripten_get_now();
    if (type == EMSCRIPTEN_EVENT_TOUCHSTART) {
        if (e->numTouches > 1) return EM_FALSE; // pinch zoom belongs to the browser
        t = Touch{};
        t.active = true;
        t.id = pt->identifier;
        t.start_x = t.last_x = pt->targetX;
        t.start_y = t.last_y = pt->targetY;
        t.last_t = now;
        g_platform.app.fling(0);
        if (layer) return EM_FALSE; // a tap or a long press may follow: the browser's
        io.AddMouseSourceEvent(ImGuiMouseSource_TouchScreen);
        io.AddMousePosEvent(static_cast<float>(pt->targetX), static_cast<float>(pt->targetY));
    } else if (type == EMSCRIPTEN_EVENT_TOUCHMOVE && t.active && pt->identifier == t.id) {
        double dy = t.last_y - pt->targetY, dx = t.last_x - pt->targetX;
        if (!t.moved && (std::fabs(pt->targetY - t.start_y) > 8 || std::fabs(pt->targetX - t.start_x) > 8)) {
            t.moved = true;
            t.sideways =
                std::fabs(pt->targetX - t.start_x) > std::fabs(pt->targetY - t.start_y) &&
                g_platform.app.scroll_code_at(ImVec2(static_cast<float>(t.start_x), static_cast<float>(t.start_y)), 0);
        }
        if (t.moved && t.sideways) {
            g_platform.app.scroll_code_at(ImVec2(static_cast<float>(t.start_x), static_cast<float>(t.start_y)),
                                          static_cast<float>(dx));
        } else if (t.moved) {
            g_platform.app.scroll_by(static_cast<float>(dy));
            double dt = (now - t.last_t) / 1000.0;
            if (dt > 0) t.velocity = 0.7 * (dy / dt) + 0.3 * t.velocity;
        }
        t.last_x = pt->targetX;
        t.last_y = pt->targetY;
        t.last_t = now;
    } else if ((type == EMSCRIPTEN_EVENT_TOUCHEND || type == EMSCRIPTEN_EVENT_TOUCHCANCEL) && t.active &&
               pt->identifier == t.id) {
        t.active = false;
        if (layer && !t.moved) return EM_FALSE; // the browser clicks (or keeps its selection)
        if (!t.moved && type == EMSCRIPTEN_EVENT_TOUCHEND) {
            io.AddMouseSourceEvent(ImGuiMouseSource_TouchScreen);
            io.AddMousePosEvent(static_cast<float>(pt->targetX), static_cast<float>(pt->targetY));
            io.AddMouseButtonEvent(0, true);
            io.AddMouseButtonEvent(0, false);
        } else if (!t.sideways && now - t.last_t < 80) {
            g_platform.app.fling(static_cast<float>(t.velocity));
        }
    }
    request_frame(2);
    if (layer && !t.moved) return EM_FALSE; // still a tap or a long press
    return EM_TRUE;                         // the canvas scrolls itself; no synthetic mouse events, no browser scroll
}

EM_BOOL on_context_lost(int, const void*, void*) {
    g_platform.context_lost = true;
    return EM_TRUE;
}

EM_BOOL on_context_restored(int, const void*, void*) {
    Platform& p = g_platform;
    // Every GL object is gone: rebuild the renderer; font textures are re-created and re-uploaded.
    folio_web::render_gl_forget();
    for (ImTextureData* t : folio::frame_textures())
        if (t->Status != ImTextureStatus_Destroyed) {
            t->SetTexID(ImTextureID_Invalid);
            t->SetStatus(ImTextureStatus_WantCreate);
        }
    p.app.forget_textures(); // images are loaded again as they come into view
    p.context_lost = false;
    p.picture_drawn = 0; // the canvas was cleared
    emscripten_webgl_make_context_current(p.gl);
    folio_web::render_gl_create();
    request_frame(2);
    return EM_TRUE;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Exports to the page's scripts (declared, and exported, in boundary.h)
//-----------------------------------------------------------------------------

extern "C" {

// The bundle as one JSON document (from `folio build`: site.json, core/wire/site_reader.h). A damaged file
// becomes a readable page.
int folio_set_site(const char* json, int len) {
    folio::Site site;
    std::string error;
    if (!folio::read_built_site(std::string_view(json, static_cast<size_t>(len)), site, error)) {
        g_platform.app.set_error(error);
        request_frame(2);
        return 0;
    }
    g_platform.app.set_site(std::move(site));
    show_arrival();
    return 1;
}

// What every font hand-over does once the atlas has taken the bytes, or refused them (then they are still
// ours to free). A font that only adds ink (the book was laid out with its stand-in or partial) asks for
// the pages to be drawn again, not laid out.
static int font_added(bool ok, void* data, bool lay_out_again) {
    if (!ok) {
        std::free(data);
        return 0;
    }
    if (lay_out_again) g_platform.app.book_dirty = true;
    request_frame(2);
    return 1;
}

// A font file (malloc'd by the caller; ownership passes to ImGui). face: folio::Face.
int folio_add_font(int face, void* data, int len) {
    folio::Fonts& fonts = g_platform.app.fonts;
    const bool measured = face >= 0 && face < folio::kFaceCount && (fonts.metrics[face] || fonts.face[face]);
    return font_added(folio::add_font(fonts, static_cast<folio::Face>(face), data, static_cast<size_t>(len)), data,
                      !measured);
}

// A script face (Fonts::scripts), merged behind every face; web/start.js hands them over before the faces. The
// data stays the caller's (malloc'd): the atlas copies it.
int folio_add_script_font(void* data, int len) {
    const bool ok = folio::add_script_font(g_platform.app.fonts, data, static_cast<size_t>(len));
    std::free(data);
    if (ok) g_platform.app.book_dirty = true;
    request_frame(2);
    return ok ? 1 : 0;
}

// A slice of a sliced script face (ui/fonts.h): it draws its characters, which the layout has measured with
// the face's stand-in, so the pages are drawn again, not laid out. The data stays the caller's (malloc'd).
int folio_add_script_slice(int script, int slice, void* data, int len) {
    const bool ok = script >= 0 && slice >= 0 &&
                    folio::add_script_slice(g_platform.app.fonts, static_cast<size_t>(script),
                                            static_cast<size_t>(slice), data, static_cast<size_t>(len));
    std::free(data);
    request_frame(2);
    return ok ? 1 : 0;
}

// A face's partial (Fonts::partial): it measures as the face and draws the main book's characters.
int folio_add_font_partial(int face, void* data, int len) {
    return font_added(
        folio::add_font_partial(g_platform.app.fonts, static_cast<folio::Face>(face), data, static_cast<size_t>(len)),
        data, true);
}

// A face's stand-in (Fonts::metrics): its advances without outlines, for a face the first pages do not show.
int folio_add_font_metrics(int face, void* data, int len) {
    return font_added(
        folio::add_font_metrics(g_platform.app.fonts, static_cast<folio::Face>(face), data, static_cast<size_t>(len)),
        data, true);
}

void folio_set_error(const char* message) {
    g_platform.app.set_error(message);
    request_frame(2);
}

// Starts drawing at path: at restore_scroll (history) when >= 0, else where the route opens, then proof_scroll CSS px
// further (how far the reader scrolled the proof, so the book's first frame is where they are). Returns 0 when WebGL2
// is not available (web/loader.js keeps the HTML text then).
int folio_start(const char* path, double restore_scroll, double proof_scroll) {
    if (!init_gl()) return 0;
    char hint[512];
    if (js_fold_hint(hint, sizeof hint)) g_platform.app.fold_hint = hint;
    js_mark("open");
    g_platform.app.open(path, restore_scroll);
    g_platform.app.pending_offset = static_cast<float>(proof_scroll);
    request_frame(2);
    return 1;
}

// DOM events that html5.h does not cover: kind is a folio_web::PageEvent (boundary.h says what a, b, c and s
// carry; the system colours are as ui/theme.h's parse_system_colors reads them).
void folio_dispatch(int kind, double a, double b, double c, const char* s) {
    Platform& p = g_platform;
    switch (kind) {
    case folio_web::kResize:
        p.css_w = a;
        p.css_h = b;
        p.dpr = c > 0 ? c : 1;
        break;
    case folio_web::kRoute: p.app.open(s ? s : "/", a); break;
    case folio_web::kColours: {
        folio::ColorPrefs prefs;
        prefs.dark = a != 0;
        prefs.more_contrast = b != 0;
        prefs.forced = s && folio::parse_system_colors(s, prefs.system);
        p.app.theme = folio::theme_for(prefs);
        break;
    }
    case folio_web::kReducedMotion: p.app.reduced_motion = a != 0; break;
    case folio_web::kProofScrolled: p.app.pending_offset += static_cast<float>(a); break;
    case folio_web::kLinkRested: p.app.prefetch(s ? s : ""); break;
    default: return;
    }
    request_frame(2);
}

// A link in the text layer was clicked (or Enter pressed on it) without a modifier: the book's policy
// decides (a route of the book turns the page through the History API; anything else opens a new tab).
void folio_follow(const char* href) {
    g_platform.app.follow(folio::layer_link_action(href ? href : ""));
    request_frame(2);
}

// The focus model: the link stop after (dir 1) or before (dir -1) the box at (page, box), in reading
// order over the whole book, written to out[2]; returns 0 at either end of the book.
int folio_link_stop(int page, int box, int dir, folio_web::IntPair* out) {
    folio::LinkStop s = folio::next_link_stop(g_platform.app.book, page, box, dir);
    out->first = s.page;
    out->second = s.box;
    return s.valid() ? 1 : 0;
}

// Scrolls the book so that the box at (page, box) is wholly on screen (a focused link).
int folio_reveal(int page, int box) {
    int ok = folio::reveal_box(g_platform.app, page, box) ? 1 : 0;
    request_frame(2);
    return ok;
}

// The text layer's items of one page that it holds as a stub (text_layer_page_json), built while idle
// after the first view. The string lives until the next call.
const char* folio_layer_page(int page) {
    static std::string json;
    json = folio::text_layer_page_json(g_platform.app, page);
    return json.c_str();
}

// The browser scrolled the text layer (a screen reader's cursor or focus reached a node off screen):
// the book scrolls there, at once, as the browser's own scroll-into-view would.
void folio_scroll_to(double y) {
    folio::App& a = g_platform.app;
    float max_scroll = std::max(0.0f, a.content_height - a.view_height);
    a.velocity = 0;
    a.scroll = a.scroll_target = std::clamp(static_cast<float>(y), 0.0f, max_scroll);
    request_frame(2);
}

// The index of the first page on screen and how many pages the book has, written to out[2].
void folio_pages(folio_web::IntPair* out) {
    out->first = g_platform.app.first_visible_page();
    out->second = static_cast<int>(g_platform.app.book.pages.size());
}

// For tests: the CSS-pixel rectangle of the first visible text box that starts with `text`, written to
// out[4] (x, y, w, h). Returns 0 when none is on screen.
int folio_find_box(const char* text, folio_web::BoxRect* out) {
    const folio::App& a = g_platform.app;
    std::string t(text);
    for (int p = 0; p < static_cast<int>(a.book.pages.size()); ++p) {
        ImVec2 o = a.page_origin(p);
        if (o.y > a.view_height || o.y + a.book.spec.height * a.page_scale < 0) continue;
        for (const folio::Box& b : a.book.pages[p].boxes)
            if (b.kind == folio::BoxKind::Text && b.text.compare(0, t.size(), t) == 0) {
                float y = o.y + b.y * a.page_scale;
                if (y < 0 || y + b.h * a.page_scale > a.view_height) continue; // only what is on screen
                *out = {o.x + b.x * a.page_scale, o.y + b.y * a.page_scale, b.w * a.page_scale, b.h * a.page_scale};
                return 1;
            }
    }
    return 0;
}

// For tests and benchmarks: how the text reads now, measured from the layout (ImGui size times the page
// scale, in CSS px through the face's glyph box per em). out[0] body px, out[1] smallest text px,
// out[2] page scale, out[3] 1 when showing spreads, out[4] the page's width in page units,
// out[5] 1 on a pocket page.
void folio_metrics(folio_web::ReadingMetrics* out) {
    const folio::App& a = g_platform.app;
    *out = {a.body_css_px(),         a.smallest_css_px(), a.page_scale,
            a.spreads ? 1.0f : 0.0f, a.book.spec.width,   a.plan().pocket ? 1.0f : 0.0f};
}

// An image finished loading (texture 0: it failed). The texture is a GL name from Emscripten's tables.
void folio_image_loaded(const char* src, int texture, double width, double height) {
    g_platform.app.image_loaded(src, static_cast<ImTextureID>(texture), static_cast<float>(width),
                                static_cast<float>(height));
    request_frame(2);
}

// An article body arrived (ok 0: the fetch failed; the opening paragraph stays).
void folio_body_arrived(const char* url, const char* markdown, int ok) {
    g_platform.app.body_arrived(url, markdown, ok != 0);
    show_arrival();
}

// A fold chunk arrived (ok 0: the fetch failed; the book says so where the fold is).
void folio_fold_arrived(const char* url, const char* text, int ok) {
    g_platform.app.fold_arrived(url, text, ok != 0);
    show_arrival();
}

// The error the page shows instead of the book ("" when none), for tests and the shell.
const char* folio_error() { return g_platform.app.error.c_str(); }

//--- The book's find bar (web/find.js): the matching and the highlights are in core and ui (ui/find.h).

// top: CSS px covered by the bar at the top of the window; a match is brought into view below it.
void folio_find(const char* query, double top) {
    g_platform.app.find.top_inset = static_cast<float>(top);
    folio::find_set_query(g_platform.app, query ? query : "");
    request_frame(2);
}

void folio_find_step(int dir) {
    folio::find_step(g_platform.app, dir);
    request_frame(2);
}

void folio_find_close() {
    folio::find_close(g_platform.app);
    request_frame(2);
}

// out[0] matches, out[1] current (-1: none), out[2] 1 while an article body is still to come (or the
// book is being laid out), out[3..6] the current match on screen (x0, y0, x1, y1; CSS px).
void folio_find_status(folio_web::FindStatus* out) {
    const folio::App& a = g_platform.app;
    ImVec2 p0(0, 0), p1(0, 0);
    folio::find_current_rect(a, p0, p1);
    *out = {static_cast<float>(a.find.matches.size()),
            static_cast<float>(a.find.current),
            a.find.waiting_for_body || a.find.waiting_for_folds || a.find.stale ? 1.0f : 0.0f,
            p0.x,
            p0.y,
            p1.x,
            p1.y};
}

// Draws the frame that is pending now, instead of at the next animation frame: the book's first frame
// (web/start.js). While the browser composites the proof, animation frames can be 100 ms and more apart,
// and a canvas drawn outside of one is shown at the next composite all the same.
void folio_draw_now() {
    g_platform.drawing = true;
    draw_pending_now();
}

// The GL set-up, one step per call (web/start.js runs each in a task of its own): 0 the context, the
// renderer and the canvas's size, 1 the shaders, 2 ImGui's first (empty) frame, 3 whether the shaders
// linked (web/start.js asks once the GPU process has caught up, so the answer does not wait). Returns 0 when
// WebGL2 is not available or the shaders did not link.
int folio_init_gl(int step) {
    if (step == 0) return init_gl_context() ? 1 : 0;
    if (!init_gl()) return 0;
    if (step == 3) return folio_web::render_gl_linked() ? 1 : 0;
    if (step == 2) { // the first frame, empty: it sets the font atlas up, ahead of the layout's step
        begin_frame(1.0f / 60.0f);
        end_frame();
    }
    return 1;
}

// Lays the book out at the canvas's size ahead of the first frame, in a task of its own (web/start.js): that
// frame then only draws. A frame without drawing, since measuring needs the font atlas's frame.
void folio_lay_out() {
    Platform& p = g_platform;
    if (!p.gl_ready || p.context_lost) return;
    begin_frame(1.0f / 60.0f);
    const int layouts = p.app.layouts;
    p.app.lay_out();
    if (p.app.layouts != layouts) js_measure("layout", p.app.layout_start_ms, p.app.layout_end_ms);
    end_frame();
}

int folio_frames_drawn() { return g_platform.app.frames_drawn; }
double folio_scroll() { return g_platform.app.scroll; }
// wasm-ld's bounds of the section later_data.h fills.
extern "C" const unsigned char __start_folio_later[], __stop_folio_later[];
uintptr_t folio_later_data(int end) {
    return reinterpret_cast<uintptr_t>(end ? __stop_folio_later : __start_folio_later);
}

} // extern "C"

int main() {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    io.BackendPlatformName = "folio_web";
    // The book's frame makes its ImGui calls in one shape every time, with no Begin left unended to recover
    // from: ImGui's recovery, 10 KB of code End() would otherwise run every frame, stays in the later module.
    io.ConfigErrorRecovery = false;
    ImGui::GetStyle().AntiAliasedLinesUseTex = false;
    g_platform.quiet = std::make_unique<folio::QuietFrame>(ImGui::GetDrawListSharedData());

    const char* canvas = "#book";
    emscripten_set_mousemove_callback(canvas, nullptr, EM_FALSE, on_mouse);
    emscripten_set_mousedown_callback(canvas, nullptr, EM_FALSE, on_mouse);
    emscripten_set_mouseup_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, nullptr, EM_FALSE, on_mouse);
    emscripten_set_mouseleave_callback(canvas, nullptr, EM_FALSE, on_mouse);
    emscripten_set_wheel_callback(canvas, nullptr, EM_FALSE, on_wheel);
    emscripten_set_keydown_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, nullptr, EM_FALSE, on_key);
    emscripten_set_keyup_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, nullptr, EM_FALSE, on_key);
    emscripten_set_touchstart_callback(canvas, nullptr, EM_FALSE, on_touch);
    emscripten_set_touchmove_callback(canvas, nullptr, EM_FALSE, on_touch);
    emscripten_set_touchend_callback(canvas, nullptr, EM_FALSE, on_touch);
    emscripten_set_touchcancel_callback(canvas, nullptr, EM_FALSE, on_touch);
    // The text layer (created by web/textlayer.js before this runs) lies over the pages: the wheel and
    // touch drags that land on it still scroll the book. Mouse buttons stay with it (selection, links).
    const char* layer = "#layer";
    emscripten_set_wheel_callback(layer, &g_from_layer, EM_FALSE, on_wheel);
    emscripten_set_touchstart_callback(layer, &g_from_layer, EM_FALSE, on_touch);
    emscripten_set_touchmove_callback(layer, &g_from_layer, EM_FALSE, on_touch);
    emscripten_set_touchend_callback(layer, &g_from_layer, EM_FALSE, on_touch);
    emscripten_set_touchcancel_callback(layer, &g_from_layer, EM_FALSE, on_touch);
    emscripten_set_webglcontextlost_callback(canvas, nullptr, EM_FALSE, on_context_lost);
    emscripten_set_webglcontextrestored_callback(canvas, nullptr, EM_FALSE, on_context_restored);
    return 0;
}
