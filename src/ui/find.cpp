// folio ui: the book's find. See find.h.
#include "ui/find.h"

#include <algorithm>

#include "core/model/bound.h"
#include "ui/app.h"

namespace folio {

namespace {

// Find sees every entry of a bounded archive (core/model/bound.h), not only those on the pages: on the main
// book it fetches every fold's chunk (the bar says "searching…" meanwhile), then opens the folds that
// hold a match, once per query, so the matches are laid out and found like any other text.
void seek_in_folds(App& a) {
    FindState& f = a.find;
    f.waiting_for_folds = false;
    if (f.query.empty() || a.route.kind != RouteKind::Main || a.site.folds.empty()) return;
    for (size_t i = 0; i < a.site.folds.size(); ++i) {
        const Fold& fold = a.site.folds[i];
        if (fold.loaded || fold.failed) continue;
        f.waiting_for_folds = true;
        a.request_fold(static_cast<int>(i));
    }
    if (f.waiting_for_folds || f.folds_opened_for == f.query) return;
    f.folds_opened_for = f.query;
    for (int i : folds_matching(a.site, fold_text(f.query)))
        if (a.compose.unfolded.insert(kArchiveFoldBase + i).second) {
            a.book_dirty = true;
            if (a.pending_scroll < 0 && !a.pending_anchor) a.pending_scroll = a.scroll;
            f.stale = true; // matched again once the opened folds are laid out
        }
}

void rematch(App& a) {
    FindState& f = a.find;
    if (f.corpus_stale) {
        f.corpus = find_corpus(a.book);
        f.corpus_stale = false;
    }
    f.matches = f.query.empty() ? std::vector<FindMatch>{} : find_in_book(a.book, f.query, 50000, &f.corpus);
    f.stale = false;
    const bool article = a.route.kind == RouteKind::Article && a.route.article >= 0 &&
                         a.route.article < static_cast<int>(a.site.writing.size());
    f.waiting_for_body = article && !a.site.writing[a.route.article].body_loaded;
    seek_in_folds(a);
    ++f.version;
}

// The first match on or after the first page on screen (a new search starts where the reader is).
int first_from_view(const App& a) {
    const auto& m = a.find.matches;
    if (m.empty()) return -1;
    int first = a.book.pages.empty() ? 0 : a.first_visible_page();
    auto it = std::lower_bound(m.begin(), m.end(), first, [](const FindMatch& x, int p) { return x.page < p; });
    return it == m.end() ? 0 : static_cast<int>(it - m.begin());
}

} // namespace

void find_set_query(App& a, const std::string& query) {
    FindState& f = a.find;
    f.open = true;
    f.query = query;
    if (a.book_dirty || a.book.pages.empty()) {
        f.matches.clear();
        f.current = -1;
        f.stale = true;
        f.reveal = true;
        ++f.version;
        return;
    }
    rematch(a);
    f.current = first_from_view(a);
    f.reveal = f.current >= 0;
}

void find_step(App& a, int dir) {
    FindState& f = a.find;
    if (f.matches.empty()) return;
    int n = static_cast<int>(f.matches.size());
    f.current = f.current < 0 ? (dir > 0 ? 0 : n - 1) : ((f.current + (dir > 0 ? 1 : -1)) % n + n) % n;
    f.reveal = true;
    ++f.version;
}

void find_close(App& a) {
    FindState& f = a.find;
    float inset = f.top_inset;
    f = FindState{}; // the corpus goes too: made again when the bar next opens
    f.top_inset = inset;
    f.version = 1; // the platform's last-seen version is never 1 again after a change
}

void find_after_layout(App& a) {
    FindState& f = a.find;
    f.corpus_stale = true;
    f.corpus = FindCorpus{}; // made again when next needed
    if (!f.open || f.query.empty()) return;
    // Keep the reader's match when the book is laid out again (a body arrived, the page size changed):
    // the same ordinal match stays current if it still exists.
    int keep = f.current;
    bool had = !f.matches.empty();
    rematch(a);
    int n = static_cast<int>(f.matches.size());
    if (n == 0)
        f.current = -1;
    else if (!had || keep < 0)
        f.current = first_from_view(a), f.reveal = true;
    else
        f.current = std::min(keep, n - 1);
}

void find_reveal(App& a) {
    FindState& f = a.find;
    if (!f.reveal) return;
    f.reveal = false;
    if (f.current < 0 || f.current >= static_cast<int>(f.matches.size())) return;
    const FindMatch& m = f.matches[f.current];
    FindRect r = piece_rect(a.book, m.page, m.pieces.front(), a.measurer);
    float top = a.page_origin(m.page).y + r.y * a.page_scale; // on screen, at the current scroll
    float bottom = top + r.h * a.page_scale;
    // The bar sits over the top of the screen: a match counts as in view below it.
    const float margin_top = f.top_inset, margin_bottom = 24;
    if (top >= margin_top && bottom <= a.view_height - margin_bottom) return;
    float max_scroll = std::max(0.0f, a.content_height - a.view_height);
    float target = a.scroll + top - a.view_height * 0.35f;
    a.scroll_target = std::clamp(target, 0.0f, max_scroll);
    a.velocity = 0;
    // A jump, not a glide: the reader asked for that place (and long glides through a book are slow).
    a.scroll = a.scroll_target;
}

bool find_current_rect(const App& a, ImVec2& p0, ImVec2& p1) {
    const FindState& f = a.find;
    if (f.current < 0 || f.current >= static_cast<int>(f.matches.size())) return false;
    const FindMatch& m = f.matches[f.current];
    FindRect r = piece_rect(a.book, m.page, m.pieces.front(), const_cast<App&>(a).measurer);
    ImVec2 o = a.page_origin(m.page);
    p0 = ImVec2(o.x + r.x * a.page_scale, o.y + r.y * a.page_scale);
    p1 = ImVec2(p0.x + r.w * a.page_scale, p0.y + r.h * a.page_scale);
    return true;
}

void draw_find_highlights(App& a, ImDrawList* dl, int page, ImVec2 o, float s) {
    const FindState& f = a.find;
    if (f.matches.empty()) return;
    const auto& m = f.matches;
    auto it = std::lower_bound(m.begin(), m.end(), page, [](const FindMatch& x, int p) { return x.page < p; });
    // Marker colours under the ink: every match soft, the current one strong, in both themes.
    const ImU32 all = a.theme.find_all, cur = a.theme.find_current;
    for (; it != m.end() && it->page == page; ++it) {
        bool current = (it - m.begin()) == f.current;
        for (const FindPiece& p : it->pieces) {
            FindRect r = piece_rect(a.book, page, p, a.measurer);
            // The glyphs' band of the line box, slightly padded.
            const Box& b = a.book.pages[page].boxes[p.box];
            float band = b.size * 1.25f, y = r.y + (r.h - band) * 0.5f;
            ImVec2 p0(o.x + (r.x - 1) * s, o.y + y * s), p1(o.x + (r.x + r.w + 1) * s, o.y + (y + band) * s);
            dl->AddRectFilled(p0, p1, current ? cur : all, 2.0f * s);
            if (current) dl->AddRect(p0, p1, a.theme.find_edge, 2.0f * s, 0, std::max(1.0f, s));
        }
    }
}

} // namespace folio
