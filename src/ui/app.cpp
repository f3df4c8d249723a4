// folio ui: the app and the book view. See app.h.
//
// Index of this file:
// [SECTION] Content and routes
// [SECTION] Scrolling
// [SECTION] Geometry
// [SECTION] Drawing a page
// [SECTION] The frame
#include "ui/app.h"

#include "core/book/scroll.h"
#include "core/model/bound.h"
#include "core/model/derive.h"
#include "core/model/links.h"
#include "core/wire/site_reader.h"
#include "ui/text_layer.h"

#include <imgui_internal.h> // the font density and the nav window

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <string_view>
#include <unordered_map>

namespace folio {

// Text sizes are CSS sizes (docs/layout.md, "Text sizes on screen"): the page plan and the desk's
// constants are core/book/view.h's, which the early page (site/proof.h) reads too.

//-----------------------------------------------------------------------------
// [SECTION] Content and routes
//-----------------------------------------------------------------------------

static void seek_route(App& a);

// A body the book has, in the site it now shows: its local images are the site's too.
static void adopt_body(Site& site, Article& a, Document&& body) {
    set_body_tree(a, std::move(body));
    for (const std::string& src : collect_local_images(a.body))
        if (std::find(site.local_images.begin(), site.local_images.end(), src) == site.local_images.end())
            site.local_images.push_back(src);
}

// A new site.json of the same site (the preview's, after an edit) keeps the bodies the book has: an
// article whose body's address is unchanged has that body still, and one whose body changed shows the
// last one until the new one arrives. Without this, every save showed the open article's "loading" line
// for a moment, and a body already asked for was never asked for again.
static void keep_loaded_bodies(Site& old_site, Site& next) {
    std::unordered_map<std::string_view, Article*> by_url, by_slug;
    for (Article& a : old_site.writing)
        if (a.body_loaded && !a.body_failed && !a.body_url.empty()) by_url[a.body_url] = by_slug[a.slug] = &a;
    for (Article& a : next.writing) {
        if (a.body_loaded || a.body_url.empty()) continue;
        if (auto same = by_url.find(a.body_url); same != by_url.end()) {
            a.body_loaded = true;
            adopt_body(next, a, std::move(same->second->body));
        } else if (auto last = by_slug.find(a.slug); last != by_slug.end()) {
            a.body = last->second->body; // a stand-in: body_loaded stays false, so the new one is asked for
        }
    }
}

void App::set_site(Site&& s) {
    std::string path = route.path.empty() ? "/" : route.path;
    if (has_site) keep_loaded_bodies(site, s);
    site = std::move(s);
    has_site = true;
    error.clear();
    // Keep the reader where they were: same route, same scroll (a preview reload must not jump).
    float keep = scroll;
    route = resolve_route(site, path);
    // Folds the reader had open stay open (a preview reload): their entries are asked for again.
    for (int id : compose.unfolded)
        request_fold(id - kArchiveFoldBase);
    seek_route(*this);
    title = route_title(site, route);
    requests.title_changed = true;
    book_dirty = true;
    pending_anchor = false;
    pending_scroll = keep;
}

void App::set_error(const std::string& message) { error = message; }

// A bounded archive holds part of the writing (core/model/bound.h). An address under /writing/ that names no
// article here may name one under a fold: fetch the chunk the page's HTML named (or every year's), and
// say "loading…" meanwhile. A tag's page lists every article with the tag: it needs every year.
static void seek_route(App& a) {
    a.route_waiting = false;
    if (!a.has_site || !has_unloaded_folds(a.site)) return;
    const bool article = a.route.path.rfind("/writing/", 0) == 0, tag = a.route.path.rfind("/tags/", 0) == 0;
    if (a.route.kind == RouteKind::NotFound ? !(article || tag) : a.route.kind != RouteKind::Tag) return;
    bool asked = false;
    for (size_t i = 0; i < a.site.folds.size(); ++i) {
        const Fold& f = a.site.folds[i];
        if (article && !f.loaded && !f.failed && f.url == a.fold_hint) {
            a.request_fold(static_cast<int>(i));
            asked = true;
        }
    }
    for (size_t i = 0; i < a.site.folds.size() && !asked; ++i)
        if (a.site.folds[i].kind == FoldKind::Writing && !a.site.folds[i].failed) a.request_fold(static_cast<int>(i));
    bool pending = false;
    for (const Fold& f : a.site.folds)
        pending = pending || f.requested;
    a.route_waiting = a.route.kind == RouteKind::NotFound && pending;
}

void App::request_fold(int i) {
    if (i < 0 || i >= static_cast<int>(site.folds.size())) return;
    Fold& f = site.folds[i];
    if (f.loaded || f.requested) return;
    f.requested = true;
    f.failed = false;
    requests.load_folds.push_back(f.url);
}

void App::fold_arrived(const std::string& url, const std::string& text, bool ok) {
    bool changed = false;
    for (size_t i = 0; i < site.folds.size(); ++i) {
        Fold& f = site.folds[i];
        if (f.url != url || f.loaded) continue;
        f.requested = false;
        if (!ok || !merge_fold(site, static_cast<int>(i), text)) f.failed = true;
        changed = true;
    }
    if (!changed) return;
    book_dirty = true;
    if (route_waiting || route.kind == RouteKind::NotFound) {
        // The address may name what just came: open it (at its top, or its #fragment).
        Route r = resolve_route(site, route.path);
        if (r.kind != RouteKind::NotFound) {
            route = r;
            title = route_title(site, route);
            requests.title_changed = true;
            pending_anchor = true;
            pending_scroll = -1;
        }
        seek_route(*this);
        return;
    }
    if (!pending_anchor) pending_scroll = scroll; // the entries open below what the reader is looking at
}

void App::open(const std::string& path, float restore_scroll) {
    size_t hash = path.find('#');
    fragment = hash == std::string::npos ? "" : decode_percent(path.substr(hash + 1));
    fragment_unresolved = false;
    route = has_site ? resolve_route(site, path) : Route{};
    if (!has_site) route.path = path;
    seek_route(*this);
    title = has_site ? route_title(site, route) : "";
    requests.title_changed = true;
    book_dirty = true;
    velocity = 0;
    if (restore_scroll >= 0 && (fragment.empty() || restore_scroll > 0)) {
        pending_scroll = restore_scroll;
        pending_anchor = false;
    } else {
        pending_scroll = -1;
        pending_anchor = true;
    }
}

void App::follow(const LinkAction& action) {
    if (action.kind == ActionKind::Fold) {
        if (!compose.unfolded.erase(action.fold)) {
            compose.unfolded.insert(action.fold);
            request_fold(action.fold - kArchiveFoldBase); // an archive fold's entries come when it opens
        }
        book_dirty = true;
        pending_scroll = scroll; // unfolding must not move what the reader is looking at
        return;
    }
    if (action.kind != ActionKind::Follow) return;
    // The link policy once more, whoever made the action: an unsafe address does nothing at all.
    const LinkKind kind = classify(action.href);
    if (kind == LinkKind::Unsafe) return;
    if (opens_in_new_tab(action.href)) {
        requests.open_external.push_back(action.href);
        return;
    }
    if (kind == LinkKind::Fragment) { // a heading on this page
        fragment = decode_percent(action.href.substr(1));
        pending_anchor = true;
    } else { // a route of the book changes the view
        open(action.href);
    }
    requests.push_history = true;
}

void App::image_loaded(const std::string& src, ImTextureID texture, float width, float height) {
    LoadedImage& img = images[src];
    const bool sized = width > 0 && height > 0;
    img.texture = texture;
    img.in_layer = sized && texture == ImTextureID_Invalid && other_host_image(src);
    img.failed = !sized || (texture == ImTextureID_Invalid && !img.in_layer);
    if (!img.failed) {
        compose.images[src] = ImageSize{width, height};
        book_dirty = true; // its box takes the image's own shape
        pending_scroll = scroll;
    }
}

void App::forget_textures() { images.clear(); }

void App::body_arrived(const std::string& url, const std::string& tree_json, bool ok) {
    for (size_t i = 0; i < site.writing.size(); ++i) {
        Article& a = site.writing[i];
        if (a.body_url != url || a.body_loaded) continue;
        a.body_loaded = true;
        Document body;
        std::string error;
        // A damaged chunk is a failed download: the page says so.
        a.body_failed = !ok || !read_built_tree(tree_json, body, error, "an article's body");
        const bool shown = route.kind == RouteKind::Article && route.article == static_cast<int>(i);
        if (a.body_failed && !shown) { // asked for ahead (App::prefetch): opening the article asks again
            a.body_loaded = a.body_failed = false;
            bodies_requested.erase(std::remove(bodies_requested.begin(), bodies_requested.end(), url),
                                   bodies_requested.end());
            continue;
        }
        if (a.body_failed)
            a.body = Document{}; // no stand-in: the page says it could not come
        else
            adopt_body(site, a, std::move(body));
        if (shown) {
            book_dirty = true;
            if (fragment_unresolved)
                pending_anchor = true; // the heading the URL names has arrived with the body
            else
                pending_scroll = scroll;
        }
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Scrolling
//-----------------------------------------------------------------------------

static float clampf(float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); }

// How far the widest line of code block `code` on this page reaches past its panel (page units).
// How far a code block's widest line reaches past its panel (page units). A line is several coloured
// runs starting at clip_x; a block split across pages scrolls as one.
static float code_overflow(const Book& book, int code) {
    float overflow = 0;
    for (const Page& page : book.pages)
        for (const Box& t : page.boxes)
            if (t.code == code && t.kind == BoxKind::Text)
                overflow = std::max(overflow, t.x + t.w - t.clip_x - t.clip_w);
    return overflow;
}

void App::scroll_by(float dy) {
    float max_scroll = std::max(0.0f, content_height - view_height);
    scroll = clampf(scroll + dy, 0, max_scroll);
    scroll_target = scroll;
    velocity = 0;
}

void App::fling(float v) { velocity = reduced_motion ? 0 : v; }

bool App::scroll_code_at(ImVec2 pos, float dx) {
    if (code_scroll.empty() || book_dirty) return false;
    for (int i = std::max(0, first_visible_page() - 2); i < static_cast<int>(book.pages.size()); ++i) {
        ImVec2 o = page_origin(i);
        if (o.y > view_height) break;
        for (const Box& b : book.pages[i].boxes) {
            if (b.kind != BoxKind::Panel || b.code < 0) continue;
            ImVec2 p0(o.x + b.x * page_scale, o.y + b.y * page_scale);
            if (pos.x < p0.x || pos.y < p0.y || pos.x > p0.x + b.w * page_scale || pos.y > p0.y + b.h * page_scale)
                continue;
            code_scroll[b.code] = clampf(code_scroll[b.code] + dx, 0, code_overflow(book, b.code) * page_scale);
            return true;
        }
    }
    return false;
}

static float row_height(const App& a); // Geometry, below

void App::scroll_key(ScrollKey k) {
    const ScrollSteps& steps = kScrollSteps; // the proof's keys read the same (core/book/scroll.h)
    float page = std::max(steps.min_page, view_height * steps.page);
    float base = scroll_target;
    // Spreads fit the screen whole: a page key brings the next (or previous) spread to the top of the
    // screen, as a book's page turns.
    const float rh = row_height(*this);
    const float next_row = (std::floor((scroll_target + steps.snap_slack) / rh) + 1) * rh;
    const float prev_row = (std::ceil((scroll_target - steps.snap_slack) / rh) - 1) * rh;
    switch (k) {
    case ScrollKey::LineUp: base -= steps.line; break;
    case ScrollKey::LineDown: base += steps.line; break;
    case ScrollKey::PageUp: base = spreads ? prev_row : base - page; break;
    case ScrollKey::PageDown: base = spreads ? next_row : base + page; break;
    case ScrollKey::Home: base = 0; break;
    case ScrollKey::End: base = content_height; break;
    }
    scroll_target = clampf(base, 0, std::max(0.0f, content_height - view_height));
    velocity = 0;
    if (reduced_motion) scroll = scroll_target;
}

//-----------------------------------------------------------------------------
// [SECTION] Geometry
//-----------------------------------------------------------------------------

static float row_height(const App& a) { return a.book.spec.height * a.page_scale + kRowGap; }

ImVec2 App::page_origin(int page) const {
    float pw = book.spec.width * page_scale;
    int row = spreads ? page / 2 : page;
    int col = spreads ? spread_column(book, page) : 0;
    float left = spreads ? view_width * 0.5f - pw : view_width * 0.5f - pw * 0.5f;
    // The row's offset minus the scroll first: at a route's opening scroll that is exactly 0, so the page
    // lies exactly kTopPad down, as the build's proof of the page does (float rounding could floor 28 to 27).
    return ImVec2(std::floor(left + static_cast<float>(col) * pw + kEdgeSnap),
                  std::floor(static_cast<float>(row) * row_height(*this) - scroll + kTopPad));
}

int App::first_visible_page() const {
    int row = static_cast<int>(std::max(0.0f, scroll - kTopPad) / row_height(*this));
    return spreads ? row * 2 : row;
}

bool App::first_view_complete() const {
    if (!has_site || route.kind != RouteKind::Article) return true;
    if (route.article < 0 || route.article >= static_cast<int>(site.writing.size())) return true;
    return site.writing[route.article].body_loaded;
}

PagePlan App::plan() const {
    return plan_pages(view_width, view_height, fonts.box_per_em[static_cast<int>(Face::Serif)]);
}

PageSpec App::page_spec() const { return plan().spec; }

float App::css_px(Face face, float size) const { return fonts.css_px(face, size, page_scale); }

float App::smallest_css_px() const {
    float least = css_px(Face::Serif, book.spec.folio_size()); // running heads and folios
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes)
            if (b.kind == BoxKind::Text && b.size > 0) least = std::min(least, css_px(b.face, b.size));
    return least;
}

static void compute_geometry(App& a) {
    const PagePlan plan = a.plan();
    // A one-page book (a short article, not-found) sits in the middle rather than on a lone left page.
    a.spreads = plan.spreads && a.book.pages.size() > 1;
    a.page_scale = a.spreads ? plan.spread_scale : plan.single_scale;
    int n = static_cast<int>(a.book.pages.size());
    int rows = a.spreads ? (n + 1) / 2 : n;
    a.content_height = kTopPad + static_cast<float>(rows) * row_height(a) + kTopPad;
}

static float anchor_scroll(App& a) {
    a.fragment_unresolved = false;
    if (!a.fragment.empty()) {
        if (const Book::Anchor* h = a.book.anchor(a.fragment)) {
            int row = a.spreads ? h->page / 2 : h->page;
            // The heading near the top of the screen, a little air above it.
            return static_cast<float>(row) * row_height(a) + (h->y - a.book.spec.body_size * 1.5f) * a.page_scale;
        }
        a.fragment_unresolved = true;
    }
    if (a.route.kind != RouteKind::Main || a.route.chapter == "front") return 0;
    const ChapterSpan* c = a.book.chapter(a.route.chapter);
    if (!c) return 0;
    int row = a.spreads ? c->first_page / 2 : c->first_page;
    return static_cast<float>(row) * row_height(a);
}

std::string App::reading_chapter() const {
    const int n = static_cast<int>(book.pages.size());
    if (route.kind != RouteKind::Main || n == 0) return "";
    const float max_scroll = std::max(0.0f, content_height - view_height);
    int page = -1;
    if (max_scroll > 0 && scroll >= max_scroll - 1) {
        // At the very end the last chapter may be too short to reach the reading line: the last page on
        // screen is what the reader came down to.
        for (int i = n - 1; i >= 0 && page < 0; --i)
            if (!book.pages[i].blank && page_origin(i).y < view_height) page = i;
    } else {
        int row = static_cast<int>(std::max(0.0f, scroll + view_height * 0.3f - kTopPad) / row_height(*this));
        page = std::min(n - 1, spreads ? row * 2 : row);
    }
    if (page < 0 || book.pages[page].blank) return ""; // between chapters: no change
    return book.pages[page].chapter;
}

// The address follows the reading: scrolled into another chapter of the main book, the route (and the
// title) become that chapter's, replacing the history entry so Back still leaves the book.
static void follow_reading(App& a) {
    if (a.route.kind != RouteKind::Main || std::fabs(a.scroll - a.address_scroll) < 1) return;
    a.address_scroll = a.scroll;
    const std::string id = a.reading_chapter();
    if (id.empty() || id == a.route.chapter) return;
    Route r = resolve_route(a.site, id == "front" ? "/" : chapter_path(id));
    if (r.kind != RouteKind::Main || r.chapter != id) return; // the title page and the like have no route
    a.route = r;
    a.title = route_title(a.site, r);
    a.requests.title_changed = true;
    a.requests.replace_history = true;
}

static double steady_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Asks once for an article's body of its own (site.json carries none of it: an article shows its title and a
// loading line until it arrives).
static void ask_for_body(App& a, int article) {
    const Article& art = a.site.writing[article];
    auto& asked = a.bodies_requested;
    if (art.body_loaded || std::find(asked.begin(), asked.end(), art.body_url) != asked.end()) return;
    asked.push_back(art.body_url);
    a.requests.load_bodies.push_back(art.body_url);
}

void App::prefetch(const std::string& path) {
    if (!has_site || classify(path) != LinkKind::SitePath) return;
    const Route to = resolve_route(site, path);
    if (to.kind == RouteKind::Article) ask_for_body(*this, to.article);
}

static void relayout(App& a) {
    a.layout_start_ms = steady_ms();
    a.measurer.fonts = &a.fonts;
    if (a.route.kind == RouteKind::Article) ask_for_body(a, a.route.article);
    const PageSpec spec = a.page_spec();
    switch (a.route.kind) {
    case RouteKind::Main: a.book = compose_site(a.site, a.measurer, a.compose, spec); break;
    case RouteKind::Article: a.book = compose_article(a.site, a.route.article, a.measurer, a.compose, spec); break;
    case RouteKind::Tag: a.book = compose_tag(a.site, a.route.tag, a.measurer, spec); break;
    case RouteKind::NotFound:
        a.book = a.route_waiting ? compose_loading(a.site, a.measurer, spec)
                                 : compose_not_found(a.site, a.route.path, a.measurer, spec);
        break;
    case RouteKind::Search: a.book = Book{}; break; // the platform shows the search panel over the desk
    }
    a.code_scroll.assign(static_cast<size_t>(a.book.code_blocks), 0.0f);
    a.book_dirty = false;
    ++a.layouts;
    find_after_layout(a);
    a.layout_end_ms = steady_ms();
}

//-----------------------------------------------------------------------------
// [SECTION] Drawing a page
//-----------------------------------------------------------------------------

namespace {

struct PageDraw {
    App& app;
    ImDrawList* dl;
    ImVec2 origin;
    float s;
    int page;
    bool answers_input; // ImGui's frame: links are ImGui items (ui/frame.h)
};

ImFont* font_of(const App& a, Face f) { return a.fonts.face[static_cast<int>(f)]; }

// The marks beside a code line that runs on past its panel, in the mono face: "‹" then "›", 3 bytes each.
constexpr const char* kCodeMarks = "\xE2\x80\xB9\xE2\x80\xBA";

// A run is drawn only whole: a partial face that lacks one of its characters leaves it to the whole face.
void draw_text(const PageDraw& d, Face face, float size, ImVec2 pos, ImU32 col, const std::string& t) {
    ImFont* f = font_of(d.app, face);
    if (f && d.app.fonts.draws(face, t.data(), t.data() + t.size()))
        d.dl->AddText(f, size * d.s, pos, col, t.data(), t.data() + t.size());
}

// A link on the canvas: hover and click. Keyboard focus lives in the text layer's <a> elements (the
// one focus model, see ui/text_layer.h), so these are not Tab stops.
bool link_item(PageDraw& d, const Box& b, int box_index, ImVec2 p0, ImVec2 p1) {
    App& a = d.app;
    if (!d.answers_input || p1.y <= 0 || p0.y >= a.view_height) return false;
    ImGui::PushID(d.page * 65536 + box_index);
    ImGui::SetCursorScreenPos(p0);
    bool pressed = ImGui::InvisibleButton("link", ImVec2(std::max(1.0f, p1.x - p0.x), std::max(1.0f, p1.y - p0.y)),
                                          ImGuiButtonFlags_NoNavFocus);
    bool hovered = ImGui::IsItemHovered();
    ImGui::PopID();
    if (hovered) {
        a.requests.cursor_hand = true;
        float y = p1.y - b.size * d.s * 0.28f;
        d.dl->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), a.theme.ink_of(Ink::Link), std::max(1.0f, d.s * 0.8f));
    }
    return pressed;
}

// Code lines that go on past the panel's edge: they fade into the panel there, and a mark (› or ‹)
// beside each such line says there is more, to be had by scrolling sideways.
void draw_code_edges(PageDraw& d) {
    App& a = d.app;
    const Page& pg = a.book.pages[d.page];
    const float s = d.s;
    const ImU32 panel = a.theme.ink_of(Ink::Panel), clear = panel & ~IM_COL32_A_MASK;
    const ImU32 mark = a.theme.ink_of(Ink::Muted);
    for (const Box& p : pg.boxes) {
        if (p.kind != BoxKind::Panel || p.code < 0) continue;
        const float off = a.code_scroll[p.code];
        App::CodeEdges edges;
        edges.code = p.code;
        for (size_t i = 0; i < pg.boxes.size(); ++i) {
            const Box& run = pg.boxes[i];
            if (run.code != p.code || run.kind != BoxKind::Text || run.w <= 0) continue;
            // A line is several coloured runs: judge it once, at its last run, as one box from clip_x.
            const bool last =
                i + 1 == pg.boxes.size() || pg.boxes[i + 1].code != run.code || pg.boxes[i + 1].y != run.y;
            if (!last) continue;
            Box t = run;
            t.w = run.x + run.w - run.clip_x;
            t.x = run.clip_x;
            const bool right = (t.w - t.clip_w) * s - off > 0.5f, left = off > 0.5f;
            if (!right && !left) continue;
            edges.more_right = edges.more_right || right;
            edges.more_left = edges.more_left || left;
            const float x0 = std::round(d.origin.x + t.x * s), x1 = std::round(d.origin.x + (t.x + t.clip_w) * s);
            const float y0 = std::round(d.origin.y + t.y * s), y1 = std::round(d.origin.y + (t.y + t.h) * s);
            const float em = a.css_px(Face::Mono, t.size), fade = std::min(2.5f * em, (x1 - x0) * 0.25f);
            const float pad = t.x - p.x; // the panel's inner margin, page units
            ImFont* f = a.fonts.draws(Face::Mono, kCodeMarks, kCodeMarks + std::strlen(kCodeMarks))
                            ? font_of(a, Face::Mono)
                            : nullptr;
            const float fs = t.size * s * 0.9f;
            const float text_top = y0 + glyph_top(t) * s; // as the line itself is drawn
            const float ty = text_top + (t.size * s - fs) * 0.5f;
            if (right) {
                d.dl->AddRectFilledMultiColor(ImVec2(x1 - fade, y0), ImVec2(x1 + 1, y1), clear, panel, panel, clear);
                if (f) d.dl->AddText(f, fs, ImVec2(x1 + pad * s * 0.2f, ty), mark, kCodeMarks + 3); // ›
            }
            if (left) {
                d.dl->AddRectFilledMultiColor(ImVec2(x0 - 1, y0), ImVec2(x0 + fade, y1), panel, clear, clear, panel);
                if (f) {
                    float w = f->CalcTextSizeA(fs, FLT_MAX, 0, kCodeMarks, kCodeMarks + 3).x;
                    d.dl->AddText(f, fs, ImVec2(x0 - pad * s * 0.2f - w, ty), mark, kCodeMarks, kCodeMarks + 3); // ‹
                }
            }
        }
        a.code_edges_last_frame.push_back(edges);
    }
}

void draw_page(PageDraw& d) {
    App& a = d.app;
    const Page& pg = a.book.pages[d.page];
    const PageSpec& spec = a.book.spec;
    const float s = d.s;
    ImVec2 o = d.origin;
    ImVec2 size(spec.width * s, spec.height * s);
    d.dl->AddRectFilled(ImVec2(o.x + 2, o.y + 3), ImVec2(o.x + size.x + 2, o.y + size.y + 4), a.theme.shadow, 2.0f);
    d.dl->AddRectFilled(o, ImVec2(o.x + size.x, o.y + size.y), a.theme.paper);
    if (a.spreads) {
        // The gutter: a soft shade on both sides of the fold between facing pages.
        float w = 14.0f * s;
        ImU32 dark = a.theme.gutter, clear = dark & ~IM_COL32_A_MASK;
        if (spread_column(a.book, d.page) == 1) // the right page: the fold at its left edge
            d.dl->AddRectFilledMultiColor(o, ImVec2(o.x + w, o.y + size.y), dark, clear, clear, dark);
        else
            d.dl->AddRectFilledMultiColor(ImVec2(o.x + size.x - w, o.y), ImVec2(o.x + size.x, o.y + size.y), clear,
                                          dark, dark, clear);
    }
    if (pg.blank) return;
    draw_find_highlights(a, d.dl, d.page, o, s); // under the ink

    auto at = [&](float x, float y) { return ImVec2(std::round(o.x + x * s), std::round(o.y + y * s)); };
    LinkAction pending_link;
    for (int i = 0; i < static_cast<int>(pg.boxes.size()); ++i) {
        const Box& b = pg.boxes[i];
        ImVec2 p0 = at(b.x, b.y), p1 = at(b.x + b.w, b.y + b.h);
        switch (b.kind) {
        case BoxKind::Rule:
            d.dl->AddRectFilled(p0, ImVec2(p1.x, p0.y + std::max(1.0f, b.h * s)), a.theme.ink_of(b.ink));
            break;
        case BoxKind::Panel: d.dl->AddRectFilled(p0, p1, a.theme.ink_of(Ink::Panel), 4.0f * s); break;
        case BoxKind::Formula: break; // the text layer draws its picture over the page (ui/text_layer.h)
        case BoxKind::Image: {
            // Book::images holds only the pictures the site shows (links.h: shown_image).
            const std::string& src = b.image >= 0 ? a.book.images[b.image] : std::string();
            auto it = a.images.find(src);
            if (b.image >= 0 && it == a.images.end()) {
                a.images[src] = LoadedImage{}; // requested once; drawn as its alt text until it arrives
                a.requests.load_images.push_back(src);
            } else if (it != a.images.end() && it->second.in_layer) {
                break; // the layer's <img> is over this place
            } else if (it != a.images.end() && it->second.texture != ImTextureID_Invalid) {
                d.dl->AddImage(ImTextureRef(it->second.texture), p0, p1);
                break;
            }
            d.dl->AddRect(p0, p1, a.theme.ink_of(Ink::Rule), 4.0f * s);
            ImFont* f = font_of(a, Face::Italic);
            if (f && a.fonts.draws(Face::Italic, b.text.data(), b.text.data() + b.text.size())) {
                float fs = b.size * s;
                ImVec2 ts = f->CalcTextSizeA(fs, FLT_MAX, (p1.x - p0.x) - 24, b.text.c_str());
                d.dl->AddText(f, fs, ImVec2(p0.x + 12, (p0.y + p1.y - ts.y) * 0.5f), a.theme.ink_of(Ink::Muted),
                              b.text.c_str(), nullptr, (p1.x - p0.x) - 24);
            }
            break;
        }
        case BoxKind::Text: {
            float base_y = p0.y + glyph_top(b) * s;
            if (b.code >= 0) {
                // Code lines scroll sideways inside their panel and never draw past it.
                float off = a.code_scroll[b.code];
                float left = p0.x - (b.x - b.clip_x) * s; // the line's start: a line is several coloured runs
                ImVec2 c0(left - 1, p0.y - b.h * s), c1(left + b.clip_w * s + 1, p1.y + b.h * s);
                d.dl->PushClipRect(c0, c1, true);
                draw_text(d, b.face, b.size, ImVec2(p0.x - off, base_y), a.theme.ink_of(b.ink), drawn_text(b));
                d.dl->PopClipRect();
                break;
            }
            ImU32 ink = a.theme.ink_of(b.ink);
            if (b.ink == Ink::Mark) { // <mark>: a highlighter stroke behind the words, the text in ink
                d.dl->AddRectFilled(ImVec2(p0.x, p0.y + b.h * s * 0.12f), ImVec2(p1.x, p1.y - b.h * s * 0.08f), ink);
                ink = a.theme.mark_text;
            }
            draw_text(d, b.face, b.size, ImVec2(p0.x, base_y), ink, drawn_text(b));
            if (b.strike) {
                float y = std::round(p0.y + b.h * s * 0.52f);
                d.dl->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), ink, std::max(1.0f, s));
            }
            if (b.link >= 0 && link_item(d, b, i, p0, p1)) pending_link = a.book.links[b.link];
            break;
        }
        }
    }
    draw_code_edges(d);
    // (The running head and the folio are boxes like the rest: layout placed them.)
    if (pending_link.kind != ActionKind::None) a.follow(pending_link);
}

void draw_message(App& a, ImDrawList* dl) {
    // A readable page for errors (failed fetch, check errors in preview), never a blank canvas: one
    // problem per paragraph, wrapped, in the mono face so paths and columns line up.
    ImFont* f = font_of(a, Face::Serif);
    ImFont* mono = font_of(a, Face::Mono);
    if (!f) return;
    const MessagePage m = message_page(a);
    dl->AddRectFilled(ImVec2(m.x, m.y), ImVec2(m.x + m.w, m.y + m.h), a.theme.paper, 2.0f);
    dl->AddText(f, m.title_size, ImVec2(m.x + m.pad, m.y + m.pad), a.theme.ink_of(Ink::Text), m.title.c_str());
    ImFont* body = mono ? mono : f;
    for (const MessagePage::Paragraph& p : m.paragraphs)
        dl->AddText(body, m.body_size, ImVec2(p.x, p.y), a.theme.ink_of(Ink::Accent), p.text.c_str(), nullptr, p.w);
}

// What a box draws in a face that may be partial or still to come, besides a run's own text: an image's alt
// text (set in italic until the picture is shown), and the marks of a code line that runs on past its
// panel (draw_code_edges). Each needs the face to have every character, as a run does.
bool box_drawable(const Fonts& fonts, const Box& b) {
    switch (b.kind) {
    case BoxKind::Text:
        if (!fonts.draws(b.face, drawn_text(b).data(), drawn_text(b).data() + drawn_text(b).size())) return false;
        if (b.code >= 0 && b.x + b.w > b.clip_x + b.clip_w)
            return fonts.draws(Face::Mono, kCodeMarks, kCodeMarks + std::strlen(kCodeMarks));
        return true;
    case BoxKind::Image: return fonts.draws(Face::Italic, b.text.data(), b.text.data() + b.text.size());
    default: return true;
    }
}

// Whether an image box shows its picture (then its alt text is not drawn).
bool picture_shown(const App& a, const Box& b) {
    if (b.kind != BoxKind::Image || b.image < 0) return false;
    auto it = a.images.find(a.book.images[b.image]);
    return it != a.images.end() && (it->second.texture != ImTextureID_Invalid || it->second.in_layer);
}

// The face box_drawable found lacking: the run's own, or the one its marks or alt text are set in.
Face face_wanted(const Fonts& fonts, const Box& b) {
    if (b.kind == BoxKind::Image) return Face::Italic;
    const std::string& drawn = drawn_text(b);
    return fonts.draws(b.face, drawn.data(), drawn.data() + drawn.size()) ? Face::Mono : b.face;
}

// The slices of sliced script faces a box lacks (ui/fonts.h), each asked for once when `ask`; false when it
// lacks none (then it lacks a face).
bool ask_for_slices(App& a, const Box& b, bool ask) {
    std::vector<SliceWanted> wanted;
    const std::string& text = b.kind == BoxKind::Image ? b.text : drawn_text(b);
    a.fonts.missing_slices(text.data(), text.data() + text.size(), wanted);
    if (!ask) return !wanted.empty();
    for (const SliceWanted& w : wanted)
        if (std::find(a.slices_asked.begin(), a.slices_asked.end(), w) == a.slices_asked.end()) {
            a.slices_asked.push_back(w);
            a.requests.load_slices.push_back(w);
        }
    return !wanted.empty();
}

// Faces that so far only measure (Fonts::metrics), or that are partial and lack a character a box draws,
// are asked for whole when a page within a few pages of the view shows them, so they usually arrive before
// the reader gets there; one on screen now marks the frame.
void ask_for_faces(App& a, int first) {
    constexpr int kAhead = 4; // pages beyond the screen, either way
    const int n = static_cast<int>(a.book.pages.size());
    int last = first;
    while (last + 1 < n && a.page_origin(last + 1).y < a.view_height)
        ++last;
    for (int i = std::max(0, first - kAhead); i < std::min(n, last + 1 + kAhead); ++i)
        for (const Box& b : a.book.pages[i].boxes) {
            if (box_drawable(a.fonts, b) || picture_shown(a, b)) continue;
            // The slices of the pages near the view wait until the book has been shown: the first view asks
            // only for those on screen (a CJK page's neighbours can need most of the face).
            const bool on_screen = i >= first && i <= last;
            if (ask_for_slices(a, b, on_screen || a.first_frame_shown)) {
                if (on_screen) a.faces_missing_on_screen = true;
                continue;
            }
            const Face face = face_wanted(a.fonts, b);
            const int f = static_cast<int>(face);
            if (i >= first && i <= last) a.faces_missing_on_screen = true;
            if (a.faces_asked[f]) continue;
            a.faces_asked[f] = true;
            a.requests.load_faces.push_back(face);
        }
}

} // namespace

MessagePage message_page(const App& a) {
    MessagePage m;
    if (a.error.empty()) return m;
    m.w = std::min(a.view_width - 24, 820.0f);
    m.x = std::floor((a.view_width - m.w) * 0.5f);
    m.y = 24;
    m.h = std::max(200.0f, a.view_height - 48);
    m.pad = m.w < 500 ? 18 : 32;
    m.title = "This page could not be shown";
    const float wrap = m.w - 2 * m.pad;
    ImFont* mono = font_of(a, Face::Mono);
    ImFont* body = mono ? mono : font_of(a, Face::Serif);
    float y = m.y + m.pad + 52;
    size_t start = 0;
    while (start < a.error.size()) {
        size_t nl = a.error.find('\n', start);
        if (nl == std::string::npos) nl = a.error.size();
        if (nl > start) {
            const char* b = a.error.c_str() + start;
            const char* e = a.error.c_str() + nl;
            float h = body ? body->CalcTextSizeA(m.body_size, FLT_MAX, wrap, b, e).y : m.body_size;
            m.paragraphs.push_back({std::string(b, e), m.x + m.pad, y, wrap, h});
            y += h + 14;
        }
        start = nl + 1;
    }
    return m;
}

//-----------------------------------------------------------------------------
// [SECTION] The frame
//-----------------------------------------------------------------------------

// We draw with fonts that are never made "current" through PushFont, so tell each one the density
// (device pixel ratio) to bake its glyphs at; otherwise they stay at 1x and look blurred on HiDPI.
static void bake_at_screen_density(Fonts& fonts) {
    for (ImFont* f : fonts.face)
        if (f) f->CurrentRasterizerDensity = GImGui->FontRasterizerDensity;
}

void App::lay_out() {
    ImGuiIO& io = ImGui::GetIO();
    view_width = io.DisplaySize.x;
    view_height = io.DisplaySize.y;
    if (!book_dirty || !error.empty() || !has_site || !fonts.measurable()) return;
    bake_at_screen_density(fonts);
    relayout(*this);
}

bool App::frame(float dt) {
    const FrameLists lists = begin_book_window();
    const bool more = draw(dt, lists);
    end_book_window();
    return more;
}

bool App::draw(float dt, const FrameLists& lists) {
    ImGuiIO& io = ImGui::GetIO();
    view_width = io.DisplaySize.x;
    view_height = io.DisplaySize.y;
    requests.cursor_hand = false;
    ++frames_drawn;

    lists.desk->AddRectFilled(ImVec2(0, 0), io.DisplaySize, theme.desk);
    ImDrawList* dl = lists.book;

    bool animating = false;
    bake_at_screen_density(fonts);
    faces_missing_on_screen = false;
    if (!error.empty() || !has_site || !fonts.measurable()) {
        if (!error.empty()) draw_message(*this, dl);
        return false;
    }
    // Crossing between phone and larger widths changes the page itself: lay out again, same place.
    if (!book_dirty && !book.pages.empty() && page_spec().width != book.spec.width) {
        book_dirty = true;
        if (pending_scroll < 0 && !pending_anchor)
            pending_fraction = scroll / std::max(1.0f, content_height - view_height);
    }
    if (book_dirty) relayout(*this);
    compute_geometry(*this);
    float max_scroll = std::max(0.0f, content_height - view_height);
    const bool placed = pending_anchor || pending_scroll >= 0 || pending_fraction >= 0;
    if (pending_anchor) {
        scroll = scroll_target = clampf(anchor_scroll(*this), 0, max_scroll);
        pending_anchor = false;
    }
    if (pending_scroll >= 0) {
        scroll = scroll_target = clampf(pending_scroll, 0, max_scroll);
        pending_scroll = -1;
    }
    if (pending_fraction >= 0) {
        scroll = scroll_target = clampf(pending_fraction * max_scroll, 0, max_scroll);
        pending_fraction = -1;
    }
    // Once the route has its place and its first view (an article's body: before it, the page may be too short).
    if (pending_offset != 0 && (placed || address_scroll >= 0) && first_view_complete()) {
        scroll = scroll_target = clampf(scroll + pending_offset, 0, max_scroll);
        pending_offset = 0;
    }
    if (placed) address_scroll = scroll; // placed for the route: the address already says where we are

    // Wheel over a code panel scrolls it sideways; io.MouseWheel is handled by the platform as page scroll.
    if (velocity != 0) {
        scroll_target = clampf(scroll_target + velocity * dt, 0, max_scroll);
        scroll = scroll_target;
        velocity *= std::exp(-3.5f * dt);
        if (std::fabs(velocity) < 15 || scroll_target <= 0 || scroll_target >= max_scroll) velocity = 0;
        animating = true;
    }
    scroll_target = clampf(scroll_target, 0, max_scroll);
    if (scroll != scroll_target) {
        if (reduced_motion)
            scroll = scroll_target;
        else
            scroll += (scroll_target - scroll) * std::min(1.0f, dt * 14.0f);
        if (std::fabs(scroll - scroll_target) < 0.5f) scroll = scroll_target;
        animating = animating || scroll != scroll_target;
    }
    scroll = clampf(scroll, 0, max_scroll);
    find_reveal(*this);
    follow_reading(*this);

    // Draw only the visible pages: frame cost does not grow with the book.
    int n = static_cast<int>(book.pages.size());
    int first = first_visible_page();
    pages_drawn_last_frame = 0;
    code_edges_last_frame.clear();
    for (int i = std::max(0, first - 2); i < n; ++i) {
        ImVec2 o = page_origin(i);
        if (o.y > view_height) break;
        if (o.y + book.spec.height * page_scale < 0) continue;
        PageDraw d{*this, dl, o, page_scale, i, lists.answers_input};
        draw_page(d);
        ++pages_drawn_last_frame;
        if (book_dirty) break; // a link changed the route: the rest is stale
    }

    if (!book_dirty) ask_for_faces(*this, first);

    // Code panels: the horizontal wheel (or shift+wheel) scrolls the one under the pointer.
    if (!book_dirty && io.MouseWheelH != 0) scroll_code_at(io.MousePos, -io.MouseWheelH * 40.0f);

    // The scrollbar: thin, on the right, draggable.
    if (content_height > view_height + 1) {
        float track_h = view_height;
        float thumb_h = std::max(36.0f, track_h * view_height / content_height);
        float t = max_scroll > 0 ? scroll / max_scroll : 0;
        ImVec2 p0(view_width - kScrollbarWidth, t * (track_h - thumb_h));
        ImVec2 p1(view_width - 2, p0.y + thumb_h);
        bool active = false, hovered = false;
        if (lists.answers_input) {
            ImGui::SetCursorScreenPos(ImVec2(view_width - kScrollbarWidth - 2, 0));
            ImGui::InvisibleButton("scrollbar", ImVec2(kScrollbarWidth + 2, track_h), ImGuiButtonFlags_NoNavFocus);
            active = ImGui::IsItemActive();
            hovered = ImGui::IsItemHovered();
            if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f))
                scroll_by(io.MouseDelta.y * content_height / view_height);
        }
        ImU32 col = theme.ink_of(active || hovered ? Ink::Muted : Ink::Rule);
        dl->AddRectFilled(p0, p1, col, 4.0f);
    }
    return animating || book_dirty;
}

} // namespace folio
