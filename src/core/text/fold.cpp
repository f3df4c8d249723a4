// folio core: text folded for matching. See fold.h.
#include "core/text/fold.h"

namespace folio {

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
    if (cp == 0x200B) return; // a zero-width space (the build's mark between Thai words) is no character to find
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

} // namespace folio
