// folio core: find in the book. See find.h.
#include "core/book/find.h"

#include "core/text/fold.h"

#include <algorithm>
#include <cmath>

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] Matching over the boxes of a book
//-----------------------------------------------------------------------------

namespace {

// One page's text in reading order, and where each box's text sits in it.
struct PageText {
    std::string text;
    std::vector<int> box, start; // for each text box: its index in Page::boxes, its offset in text
};

PageText page_text(const Page& pg) {
    PageText t;
    const Box* prev = nullptr;
    for (int i = 0; i < static_cast<int>(pg.boxes.size()); ++i) {
        const Box& b = pg.boxes[i];
        // Page furniture (running heads, folios) is not the text: find skips it, as a reader would.
        if (b.kind != BoxKind::Text || b.role != BoxRole::Content || b.text.empty()) continue;
        if (prev) {
            // A new line, or a gap between runs on one line (the layout does not keep spaces between
            // spans): either reads as a space. Runs that touch (a word half in bold) join directly.
            // Runs of a right-to-left line come in logical order, so from right to left.
            const bool rtl = b.rtl || prev->rtl;
            bool new_line = std::fabs(b.y - prev->y) > 0.5f || (b.x < prev->x && !rtl);
            const float slack = prev->size * kWordGap;
            bool gap = rtl ? std::fabs(b.x + b.w - prev->x) > slack && std::fabs(b.x - prev->x - prev->w) > slack
                           : b.x > prev->x + prev->w + slack;
            if (new_line || gap) t.text += ' ';
        }
        t.box.push_back(i);
        t.start.push_back(static_cast<int>(t.text.size()));
        t.text += b.text;
        prev = &b;
    }
    return t;
}

// Boyer-Moore-Horspool over bytes: linear in practice, so a long or repetitive query cannot make it crawl.
// (Emscripten's libc++ has no std::boyer_moore_horspool_searcher.)
struct Horspool {
    const std::string& needle;
    size_t skip[256];
    explicit Horspool(const std::string& n) : needle(n) {
        for (size_t& s : skip)
            s = n.size();
        for (size_t i = 0; i + 1 < n.size(); ++i)
            skip[static_cast<unsigned char>(n[i])] = n.size() - 1 - i;
    }
    size_t find(const std::string& hay, size_t from) const {
        const size_t m = needle.size();
        while (from + m <= hay.size()) {
            if (hay.compare(from, m, needle) == 0) return from;
            from += skip[static_cast<unsigned char>(hay[from + m - 1])];
        }
        return std::string::npos;
    }
};

void add_pieces(const PageText& t, const Page& pg, int hb, int he, FindMatch& m) {
    for (size_t k = 0; k < t.box.size(); ++k) {
        int s = t.start[k], e = s + static_cast<int>(pg.boxes[t.box[k]].text.size());
        int b = std::max(hb, s), en = std::min(he, e);
        if (b < en) m.pieces.push_back(FindPiece{t.box[k], b - s, en - s});
    }
}

} // namespace

FindCorpus find_corpus(const Book& book) {
    FindCorpus c;
    c.folded.reserve(book.pages.size());
    for (const Page& pg : book.pages)
        c.folded.push_back(fold_text(page_text(pg).text));
    return c;
}

std::vector<FindMatch> find_in_book(const Book& book, const std::string& query, size_t limit,
                                    const FindCorpus* corpus) {
    std::vector<FindMatch> out;
    std::string q = fold_text(query);
    while (!q.empty() && q.back() == ' ')
        q.pop_back();
    size_t lead = q.find_first_not_of(' ');
    if (lead == std::string::npos) return out;
    q.erase(0, lead);
    const Horspool searcher(q);
    std::vector<int> origin;
    for (int p = 0; p < static_cast<int>(book.pages.size()) && out.size() < limit; ++p) {
        const Page& pg = book.pages[p];
        std::string own;
        if (!corpus) own = fold_text(page_text(pg).text);
        const std::string& folded = corpus ? corpus->folded[p] : own;
        if (folded.size() < q.size() || searcher.find(folded, 0) == std::string::npos) continue;
        // A page with a match: fold it again, keeping where each byte came from.
        PageText t = page_text(pg);
        std::string hay = fold_text(t.text, &origin);
        size_t from = 0;
        while (out.size() < limit) {
            size_t fb = searcher.find(hay, from);
            if (fb == std::string::npos) break;
            size_t fe = fb + q.size();
            // A match that ends inside a folded character (the "s" of "ß") still covers all of it.
            int hb = origin[fb], he = origin[fe];
            if (fe < hay.size() && origin[fe] == origin[fe - 1]) {
                size_t k = fe;
                while (k < hay.size() && origin[k] == origin[fe - 1])
                    ++k;
                he = origin[k];
            }
            FindMatch m;
            m.page = p;
            add_pieces(t, pg, hb, he, m);
            if (!m.pieces.empty()) out.push_back(std::move(m));
            from = fe;
        }
    }
    return out;
}

FindRect piece_rect(const Book& book, int page, const FindPiece& piece, Measurer& m) {
    const Box& b = book.pages[page].boxes[piece.box];
    const char* s = b.text.data();
    FindRect r;
    // As drawn (layout.h: drawn_width), and a right-to-left run's text starts at its right edge.
    const float before_w = drawn_width(m, b.face, b.size, std::string_view(s, static_cast<size_t>(piece.begin)));
    r.w =
        drawn_width(m, b.face, b.size, std::string_view(s + piece.begin, static_cast<size_t>(piece.end - piece.begin)));
    r.x = b.rtl ? b.x + b.w - before_w - r.w : b.x + before_w;
    r.y = b.y;
    r.h = b.h;
    return r;
}

} // namespace folio
