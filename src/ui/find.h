// folio ui: the book's find. The platform owns the bar (a real text input); this holds what was found
// (core/book/find.h matches every page of the open book), steps through it, brings the current match into
// view and draws the highlights under the text.
#pragma once

#include <string>
#include <vector>

#include <imgui.h>

#include "core/book/find.h"

namespace folio {

struct App;

struct FindState {
    bool open = false;
    std::string query;
    std::vector<FindMatch> matches; // in page order
    int current = -1;               // index into matches, -1: none
    bool stale = false;             // the book changed (or will): match again after the next layout
    bool reveal = false;            // bring the current match into view on the next frame
    bool waiting_for_body = false;  // an article whose body is still loading: more may come
    bool waiting_for_folds =
        false;                    // fold chunks of a bounded archive still loading (core/model/bound.h): more may come
    std::string folds_opened_for; // the query the folds holding a match were opened for
    int version = 0;              // changes whenever count, current or waiting change (the bar shows them)
    FindCorpus corpus;            // the open book's folded text (core/book/find.h)
    bool corpus_stale = true;     // the book was laid out again since it was made
    float top_inset = 72;         // CSS px at the top of the screen covered by the bar (the platform measures it)
};

// The bar's text changed: find every match and make the first one at or after the screen current.
void find_set_query(App& a, const std::string& query);
// Enter / Shift+Enter / F3: the next (dir > 0) or previous match, wrapping around.
void find_step(App& a, int dir);
// The bar closed: no highlights.
void find_close(App& a);

// Hooks for App::frame.
void find_after_layout(App& a); // the book was laid out again: match again, keep the place
void find_reveal(App& a);       // after the geometry is known: scroll the current match into view
bool find_current_rect(const App& a, ImVec2& p0, ImVec2& p1); // the current match's first piece, on screen
void draw_find_highlights(App& a, ImDrawList* dl, int page, ImVec2 origin, float scale);

} // namespace folio
