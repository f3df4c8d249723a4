// folio core: the book's long lists, bounded (docs/layout.md, "Long lists fold").
//
// A book is for reading: nobody pages through 600 pages of titles. Every list that grows with the
// archive shows its newest entries up to a bound, and folds the rest into groups the reader opens
// ("2019 (392)", "the rest (180)"), as the timeline already folds its pull requests. The folded entries
// are not in site.json: `folio build` writes each fold's entries into a content-hashed chunk file
// (fold_chunk), and the browser fetches it when the fold is opened (merge_fold) or when find needs it.
// So the first view costs the same for 30 articles as for 10,000. A site within the bounds has no folds:
// its book and its site.json are what they were.
#pragma once

#include <string>
#include <vector>

#include "core/model/model.h"

namespace folio {

constexpr int kWritingShown = 30;   // the writing chapter lists the newest 30; older ones fold by year
constexpr int kShelfShown = 48;     // a shelf of more than 48 items folds each of its groups ...
constexpr int kShelfGroupShown = 6; // ... after its first 6 items
constexpr int kTimelineShown = 60;  // the front page's timeline: whole years while it holds at most 60 entries
// Each FoldKind's name in site.json.
extern const char* const kFoldKinds[3];
constexpr int kArchiveFoldBase = 2000000; // ComposeState::unfolded id of Site::folds[i]: kArchiveFoldBase + i

// Folds every list of a whole site (read from its bundle) past its bound: fills Site::folds (all
// loaded) and Article::fold, ShelfGroup::fold, TimelineYear::fold. derive() calls it.
void assign_folds(Site& site);

// Links what depends on which articles are in the model: previous/next by article number (a neighbour
// still under a closed fold is not linked), the tag index (newest first) and the timeline's article
// references. derive() calls it, and merge_fold after adding articles.
void link_articles(Site& site);

// What a fold chunk holds: the records of the entries under one fold (bundle/schema.h writes it as
// fold_chunk, wire/site_reader.h reads it: merge_fold).
struct FoldEntries {
    std::vector<Article> writing;
    std::vector<ShelfItem> items;
    std::vector<TimelineYear> timeline;
};

// Adds a fold's entries to the model and marks the fold loaded. False (and the fold failed, the model
// unchanged) when they are not entries of that fold.
bool add_fold_entries(Site& site, int fold, FoldEntries got);

// The folds whose entries hold the (fold_text-folded) query, as the book would show them. Only loaded
// folds are searched.
std::vector<int> folds_matching(const Site& site, const std::string& folded_query);

// Any fold whose entries are not in the model yet.
bool has_unloaded_folds(const Site& site);

} // namespace folio
