// folio core: find in the book. See find.h.
#include "core/find.h"

#include "core/bidi.h"

#include <algorithm>
#include <cmath>

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] Folding
//-----------------------------------------------------------------------------

namespace {

// Decodes one UTF-8 character at i; returns U+FFFD for a malformed byte (which then counts as one byte).
unsigned decode(const std::string& s, size_t i, size_t& len) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) {
        len = 1;
        return 0xFFFD;
    }
    unsigned cp = n == 1 ? c : c & (0x7F >> n);
    for (int k = 1; k < n; ++k) {
        unsigned char cc = static_cast<unsigned char>(s[i + k]);
        if ((cc & 0xC0) != 0x80) {
            len = 1;
            return 0xFFFD;
        }
        cp = (cp << 6) | (cc & 0x3F);
    }
    len = static_cast<size_t>(n);
    return cp;
}

void encode(unsigned cp, std::string& out) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Base letters of U+00C0..U+00FF and U+0100..U+017F. '0': keep the character (x, ÷); digits 1-5 stand
// for the two-letter folds below. web/search.js folds the same way (NFD, marks dropped, then its own map
// of the letters that do not decompose), so the index and the query agree.
const char kLatin1[] = "aaaaaa3ceeeeiiiidnooooo0ouuuuy45aaaaaa3ceeeeiiiidnooooo0ouuuuy4y";
const char kLatinA[] =
    "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii11jjkkkllllllllllnnnnnnnnnoooooo22rrrrrrsssssss"
    "sttttttuuuuuuuuuuuuwwyyyzzzzzzs";
const char* const kPairs[] = {"", "ij", "oe", "ae", "th", "ss"};

void fold_char(unsigned cp, std::string& out) {
    if (cp < 0x80) {
        out += static_cast<char>(cp >= 'A' && cp <= 'Z' ? cp + 32 : cp);
        return;
    }
    char f = 0;
    if (cp >= 0xC0 && cp <= 0xFF) f = kLatin1[cp - 0xC0];
    if (cp >= 0x100 && cp <= 0x17F) f = kLatinA[cp - 0x100];
    if (f >= '1' && f <= '5') {
        out += kPairs[f - '0'];
        return;
    }
    if (f && f != '0') {
        out += f;
        return;
    }
    if (cp >= 0x300 && cp <= 0x36F) return; // a combining mark (decomposed text): dropped
    if (cp == 0x2018 || cp == 0x2019) {
        out += '\'';
        return;
    }
    if (cp == 0x201C || cp == 0x201D) {
        out += '"';
        return;
    }
    if (cp >= 0x391 && cp <= 0x3A9 && cp != 0x3A2)
        cp += 32; // Greek capitals
    else if (cp >= 0x410 && cp <= 0x42F)
        cp += 32; // Cyrillic capitals
    else if (cp >= 0x400 && cp <= 0x40F)
        cp += 80;
    encode(cp, out);
}

bool is_space(unsigned cp) { return cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || cp == 0xA0 || cp == 0x202F; }

} // namespace

std::string fold_text(const std::string& text, std::vector<int>* origin) {
    std::string out;
    out.reserve(text.size());
    if (origin) {
        origin->clear();
        origin->reserve(text.size() + 1);
    }
    size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) { // ASCII, as below without the decoding (the search index folds every word and the
                        // text of every article it quotes)
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                if (!out.empty() && out.back() == ' ') {
                    ++i;
                    continue;
                }
                out += ' ';
            } else {
                out += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
            }
            if (origin) origin->push_back(static_cast<int>(i));
            ++i;
            continue;
        }
        size_t len = 1;
        unsigned cp = decode(text, i, len);
        size_t before = out.size();
        if (is_space(cp)) {
            if (out.empty() || out.back() != ' ') out += ' ';
        } else {
            fold_char(cp, out);
        }
        if (origin)
            for (size_t k = before; k < out.size(); ++k)
                origin->push_back(static_cast<int>(i));
        i += len;
    }
    if (origin) origin->push_back(static_cast<int>(text.size()));
    return out;
}

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
    // As drawn: Arabic joined (bidi.h), and a right-to-left run's text starts at its right edge.
    const std::string before = shape_arabic(std::string_view(s, static_cast<size_t>(piece.begin)));
    const std::string match =
        shape_arabic(std::string_view(s + piece.begin, static_cast<size_t>(piece.end - piece.begin)));
    const float before_w = m.width(b.face, b.size, before.data(), before.data() + before.size());
    r.w = m.width(b.face, b.size, match.data(), match.data() + match.size());
    r.x = b.rtl ? b.x + b.w - before_w - r.w : b.x + before_w;
    r.y = b.y;
    r.h = b.h;
    return r;
}

} // namespace folio
