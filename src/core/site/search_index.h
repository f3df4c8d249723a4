// folio core: the search index over all the writing, written by `folio build` and read by web/search.js.
//
// Built for the bytes a first query downloads, not for the bytes on disk:
//   search/index.json      the manifest: article count, and the first term of each shard (a few KB at 10,000
//                          articles); fetched once, when search is first used
//   search/t/<i>.json      term shards, by sorted term range: a query fetches only the shards of its words.
//                          Each term keeps its document frequency and its champion list: the articles where
//                          it weighs most (BM25 over title, dek, tags and body), best first, with the leading
//                          few carrying title, date, slug and a snippet, so the first results need nothing more
//   search/d/<k>.json      article cards (slug, title, date, dek), fetched for results beyond those
// Terms are folded (core/book/find.h: case and diacritics) and split at anything that is not a letter or a
// digit; web/search.js folds and splits the query the same way (tests/fixtures/fold.txt holds both to it).
#pragma once

#include <string>
#include <vector>

#include "core/model/model.h"
#include "core/site/emit.h"

namespace folio {

struct SearchIndexOptions {
    size_t champions = 100; // articles kept per term, best first (all of them for rarer terms)
    size_t cards = 10;      // of those, how many carry their title, date, slug and snippet inline (a page of results)
    size_t shard_bytes = 8000; // shards close after about this many bytes (a term is never split)
    size_t chunk = 16;         // articles per card file (small: a result without an inline card costs one)
    // On a site of pair_cards_from articles or more, a pair of CJK characters found in fewer than
    // pair_cards_df of them carries no inline cards. Most such pairs are the seam between two words (看极
    // in 看极光), which nobody looks up alone, and they are most of a CJK site's terms: with their cards,
    // 400 Chinese posts had an index 2.8 times an English one of as many posts (bench/site_build/cjk.sh). A query
    // holding one still finds its articles, with their card from the card files (the dek, not a snippet).
    // A smaller site keeps every card: its index is small anyway.
    size_t pair_cards_df = 4;
    size_t pair_cards_from = 100;
    float k1 = 1.2f, b = 0.75f;
};

// The folded terms of text, in order (what the index stores and the query looks up).
std::vector<std::string> search_terms(const std::string& text);

// Every file of the index, paths relative to the site root ("search/index.json", ...).
std::vector<OutputFile> build_search_index(const Site& site, const SearchIndexOptions& options = {});

} // namespace folio
