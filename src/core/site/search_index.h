// folio core: the search index over all the writing, written by `folio build` and read by web/search.js.
//
// Built for the bytes a first query downloads and, on a Chinese site, for the bytes and files on disk:
//   search/index.json      the manifest: article count, and the first term of each shard (a few KB at 10,000
//                          articles); fetched once, when search is first used
//   search/t/<i>.json.gz   term shards, by sorted term range: a query fetches only the shards of its words.
//                          Each term keeps its document frequency and its champion list: the articles where
//                          it weighs most (BM25 over title, dek, tags and body), best first, with the leading
//                          few carrying title, date, slug and a snippet, so the first results need nothing more
//   search/d/<k>.json.gz   the cards (slug, title, date, dek) and body texts of a few articles, fetched for
//                          a result without an inline card (the page cuts the snippet from the text)
// Files named *.gz hold plain JSON here; `folio build` stores them gzip-compressed (src/cli/build.cpp), as
// Pagefind stores its fragments, and web/search.js inflates them. Core stays free of zlib.
// Terms are folded (core/book/find.h: case and diacritics) and split at anything that is not a letter or a
// digit; web/search.js folds and splits the query the same way (tests/fixtures/fold.txt holds both to it).
#pragma once

#include <string>
#include <vector>

#include "core/model/model.h"
#include "core/site/emit.h"
#include "core/text/parallel.h"

namespace folio {

struct SearchIndexOptions {
    size_t champions = 100; // articles kept per term, best first (all of them for rarer terms)
    size_t cards = 10;      // of those, how many carry their title, date, slug and snippet inline (a page of results)
    // Shards close after about this many bytes of JSON (a term is never split). Stored compressed (about a
    // third of it), so larger than a plain file would be: a Chinese site's index in fewer files than
    // Pagefind's, for some 20 KB a query's word.
    size_t shard_bytes = 64000;
    // Articles per article file (search/d/): two halve the files (Pagefind writes one a page) for twice the
    // text a result without an inline card fetches.
    size_t per_file = 2;
    // ... and more a file where that would make more than this many files: 10,000 articles in 1,000 files,
    // not 5,000 (a static host counts files: Cloudflare Pages takes 20,000 at most).
    size_t most_doc_files = 1000;
    // On a site of pair_cards_from articles or more, a pair of CJK characters carries no inline cards. Most
    // pairs are the seam between two words (看极 in 看极光), and they are most of a CJK site's terms: with
    // their cards (even only those in 4 articles or more) 400 Chinese posts had an index 5.5 times
    // Pagefind's (bench/site_build/cjk.sh). A query holding one still finds its articles; their cards and
    // snippets come from the article files (search/d/). A smaller site keeps every card: its index is small.
    size_t pair_cards_from = 100;
    float k1 = 1.2f, b = 0.75f;
    // Folds the articles' text, cuts their snippets and makes their article files on every core, when
    // given (the index is the same bytes either way).
    ParallelFor parallel;
};

// The folded terms of text, in order (what the index stores and the query looks up).
std::vector<std::string> search_terms(const std::string& text);

// Every file of the index, paths relative to the site root ("search/index.json", ...).
std::vector<OutputFile> build_search_index(const Site& site, const SearchIndexOptions& options = {});

} // namespace folio
