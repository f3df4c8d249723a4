// folio core: find in the book: matching over a laid-out Book (text/fold.h folds the text).
//
// The book's own find bar (issue 9) must see every page, not only those on screen, so matching runs on
// the layout's boxes: each page's text runs are joined in reading order (a gap or a new line reads as
// one space), folded, and searched; a match maps back to byte ranges of the boxes it covers, so it may
// span several runs (a link inside a sentence, a line break). The ui turns those ranges into rectangles.
#pragma once

#include <string>
#include <vector>

#include "core/book/layout.h"
#include "core/text/fold.h"

namespace folio {

// A piece of a match inside one text box: bytes [begin, end) of Box::text.
struct FindPiece {
    int box = 0;
    int begin = 0, end = 0;
};

struct FindMatch {
    int page = 0;
    std::vector<FindPiece> pieces; // in reading order; at least one
};

// The book's text, folded, page by page: made once per layout, so each keystroke only searches.
struct FindCorpus {
    std::vector<std::string> folded; // by page
};
FindCorpus find_corpus(const Book& book);

// Every match of query in the book, in page order. An empty (or all-space) query matches nothing; a
// query is plain text (no pattern syntax). At most `limit` matches are returned. The corpus, when
// given, must be the book's (find_corpus).
std::vector<FindMatch> find_in_book(const Book& book, const std::string& query, size_t limit = 50000,
                                    const FindCorpus* corpus = nullptr);

// The rectangle of one piece, in page units (x, y, w, h), measured with the book's faces.
struct FindRect {
    float x = 0, y = 0, w = 0, h = 0;
};
FindRect piece_rect(const Book& book, int page, const FindPiece& piece, Measurer& m);

} // namespace folio
