// folio core: composing the site into books (what goes on which page, in the seed's words and order).
//
// compose_* turn the model into Flows (layout.h). They are platform-free so the CLI's `folio pages`,
// the native tests and the browser all paginate with the same code.
#pragma once

#include <map>
#include <set>
#include <string>

#include "core/book/layout.h"
#include "core/model/model.h"

namespace folio {

// What the reader has changed that alters the layout (unfolded "the rest" blocks).
struct ComposeState {
    std::set<int> unfolded;                  // timeline pull-request blocks, numbered in page order from 0
    std::map<std::string, ImageSize> images; // natural sizes of the images loaded so far
    int page_limit = 0;                      // lay out only the first pages (Flow::page_limit): the build's proof
};

// The main book: front matter (roman folios: name, tagline, timeline), then the main matter from page 1
// (title page, contents, every chapter of the contents on a left page).
Book compose_site(const Site& site, Measurer& m, const ComposeState& state, const PageSpec& spec = PageSpec{});
// One article: title, date, tags, reading time, body, previous/next.
Book compose_article(const Site& site, int article, Measurer& m, const ComposeState& state = ComposeState{},
                     const PageSpec& spec = PageSpec{});
// The articles with one tag.
Book compose_tag(const Site& site, const std::string& tag, Measurer& m, const PageSpec& spec = PageSpec{},
                 const ComposeState& state = ComposeState{});
// While a route's record is on its way (an article under a fold of a bounded archive, bound.h).
Book compose_loading(const Site& site, Measurer& m, const PageSpec& spec = PageSpec{});
// The not-found page, with a way home.
Book compose_not_found(const Site& site, const std::string& path, Measurer& m, const PageSpec& spec = PageSpec{});

// The contents as printed (title, folio label) from a laid-out main book.
struct ContentsLine {
    std::string title, chapter, folio;
};
std::vector<ContentsLine> contents_folios(const Site& site, const Book& book);

} // namespace folio
