// folio core: text folded for matching. See fold.h.
#include "core/text/fold.h"

#include <utf8proc.h>

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

bool is_space(unsigned cp) { return cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || cp == 0xA0 || cp == 0x202F; }

// A code point of the folded text and the byte offset in `text` of the character it came from.
struct Unit {
    utf8proc_int32_t cp;
    int origin;
};

// Nonspacing marks go (é -> e, ớ -> o, έ -> ε, Й -> и), except where they spell the word: kana's voicing
// marks (が is not か), Thaana's vowels, and the vowel signs and tone marks of the scripts of India and
// Southeast Asia (है is not ह, ไก่ is not ไก). web/search.js has the same ranges.
bool dropped_mark(utf8proc_int32_t cp) {
    if (utf8proc_category(cp) != UTF8PROC_CATEGORY_MN) return false;
    const bool spells = (cp >= 0x780 && cp <= 0x7BF) || (cp >= 0x900 && cp <= 0x109F) ||
                        (cp >= 0x1700 && cp <= 0x1AAF) || (cp >= 0x1B00 && cp <= 0x1C4F) || cp == 0x3099 ||
                        cp == 0x309A || (cp >= 0xA800 && cp <= 0xABFF) || (cp >= 0x11000 && cp <= 0x11FFF);
    return !spells;
}

// Letters that neither decompose nor case-fold into plain ones, and the quotes and apostrophes typed as
// ASCII ones (web/search.js's SPECIAL).
const char* special(utf8proc_int32_t cp) {
    switch (cp) {
    case 0xF0: return "d"; // ð
    case 0x111: return "d";
    case 0xF8: return "o";
    case 0x127: return "h";
    case 0x131: return "i"; // dotless ı (İ decomposes to I and a dot)
    case 0x142: return "l";
    case 0x14B: return "n";
    case 0x138: return "k";
    case 0x167: return "t";
    case 0xFE: return "th";
    case 0xE6: return "ae";
    case 0x153: return "oe";
    case 0x2BC: return "'"; // ʼ, as in Ukrainian (and ŉ, which decomposes to it)
    case 0x2018: return "'";
    case 0x2019: return "'";
    case 0x201C: return "\"";
    case 0x201D: return "\"";
    default: return nullptr;
    }
}

bool is_cherokee_capital(utf8proc_int32_t cp) { return cp >= 0x13A0 && cp <= 0x13F5; }

// Whether cp neither decomposes nor case-folds, and is no mark and no special.
bool folds_to_itself(utf8proc_int32_t cp) {
    const utf8proc_property_t* p = utf8proc_get_property(cp);
    return p->decomp_seqindex == UINT16_MAX && p->casefold_seqindex == UINT16_MAX &&
           p->category != UTF8PROC_CATEGORY_MN && !(cp >= 0xAC00 && cp <= 0xD7A3) && !is_cherokee_capital(cp) &&
           !special(cp);
}

constexpr auto kDecompose = static_cast<utf8proc_option_t>(UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT);
constexpr auto kFold = static_cast<utf8proc_option_t>(UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD);
constexpr auto kCompose = static_cast<utf8proc_option_t>(UTF8PROC_COMPOSE | UTF8PROC_STABLE);

// Appends the folded code points of cp: its compatibility decomposition without the dropped marks, each
// part case-folded in full (ß -> ss, ς -> σ; decomposed again), then the specials.
void fold_code_point(utf8proc_int32_t cp, int origin, std::vector<Unit>& units) {
    if (folds_to_itself(cp)) { // most of Chinese, Japanese, Thai, ... text: one look-up
        units.push_back({cp, origin});
        return;
    }
    utf8proc_int32_t parts[32], folded[32]; // U+FDFA decomposes to 18
    int boundclass = 0;
    utf8proc_ssize_t n = utf8proc_decompose_char(cp, parts, 32, kDecompose, &boundclass);
    if (n < 1 || n > 32) {
        parts[0] = cp;
        n = 1;
    }
    for (utf8proc_ssize_t i = 0; i < n; ++i) {
        if (dropped_mark(parts[i])) continue;
        utf8proc_ssize_t m = utf8proc_decompose_char(parts[i], folded, 32, kFold, &boundclass);
        if (m < 1 || m > 32) {
            folded[0] = parts[i];
            m = 1;
        }
        for (utf8proc_ssize_t k = 0; k < m; ++k) {
            if (dropped_mark(folded[k])) continue;
            if (is_cherokee_capital(folded[k])) // Cherokee folds to its capitals; the page's to small letters
                folded[k] = utf8proc_tolower(folded[k]);
            if (const char* s = special(folded[k])) {
                for (; *s; ++s)
                    units.push_back({*s, origin});
            } else {
                units.push_back({folded[k], origin});
            }
        }
    }
}

int combining_class(utf8proc_int32_t cp) { return utf8proc_get_property(cp)->combining_class; }

// The canonical order of the marks that stay (NFKD's last step, across the characters they came from).
void reorder(std::vector<Unit>& units) {
    for (size_t i = 1; i < units.size(); ++i)
        for (size_t j = i; j > 0; --j) {
            const int c = combining_class(units[j].cp);
            if (c == 0 || combining_class(units[j - 1].cp) <= c) break;
            std::swap(units[j], units[j - 1]);
        }
}

// Whether cp may compose onto a starter before it: a mark, or a Hangul vowel or final (not a Han character).
bool may_compose_onto(utf8proc_int32_t cp) {
    if (cp < 0x300) return false;
    const utf8proc_property_t* p = utf8proc_get_property(cp);
    return p->combining_class != 0 || p->category == UTF8PROC_CATEGORY_MN || p->category == UTF8PROC_CATEGORY_MC ||
           (cp >= 0x1161 && cp <= 0x11C2);
}

// The composition of a starter and a following character, or -1.
utf8proc_int32_t compose(utf8proc_int32_t starter, utf8proc_int32_t next) {
    if (!may_compose_onto(next)) return -1;
    utf8proc_int32_t pair[2] = {starter, next};
    return utf8proc_normalize_utf32(pair, 2, kCompose) == 1 ? pair[0] : -1;
}

// NFC's composition, in place: what NFKD took apart and no dropped mark held (Hangul syllables, が) comes
// back together; a composed character keeps its starter's origin.
void recompose(std::vector<Unit>& units) {
    size_t kept = 0, starter = 0;
    bool have_starter = false;
    int last_class = 0; // of the last unit kept after the starter
    for (size_t i = 0; i < units.size(); ++i) {
        const int c = combining_class(units[i].cp);
        const bool adjacent = have_starter && kept == starter + 1;
        if (have_starter && (adjacent || (last_class != 0 && last_class < c))) {
            const utf8proc_int32_t both = compose(units[starter].cp, units[i].cp);
            if (both >= 0) {
                units[starter].cp = both;
                continue;
            }
        }
        if (c == 0) {
            starter = kept;
            have_starter = true;
        }
        last_class = c;
        units[kept++] = units[i];
    }
    units.resize(kept);
}

// Writes the folded units: the zero-width space goes, runs of white space are one space.
void emit(std::vector<Unit>& units, std::string& out, std::vector<int>* origin) {
    if (units.empty()) return;
    reorder(units);
    recompose(units);
    for (const Unit& u : units) {
        const size_t before = out.size();
        const unsigned cp = static_cast<unsigned>(u.cp);
        if (cp == 0x200B) continue;
        if (is_space(cp)) {
            if (out.empty() || out.back() != ' ') out += ' ';
        } else {
            encode(cp, out);
        }
        if (origin)
            for (size_t k = before; k < out.size(); ++k)
                origin->push_back(u.origin);
    }
    units.clear();
}

} // namespace

// Compatibility decomposition, marks dropped, full case folding, specials, composition (fold.h): utf8proc
// per character, so that each folded byte knows its source. ASCII, most of most text, takes a short cut.
std::string fold_text(const std::string& text, std::vector<int>* origin) {
    std::string out;
    out.reserve(text.size());
    if (origin) {
        origin->clear();
        origin->reserve(text.size() + 1);
    }
    std::vector<Unit> units; // of the run of non-ASCII text being folded: nothing composes onto ASCII
    size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) {
            size_t len = 1;
            const unsigned cp = decode(text, i, len);
            const auto u = static_cast<utf8proc_int32_t>(cp);
            if (folds_to_itself(u) && !may_compose_onto(u)) emit(units, out, origin); // nothing before changes
            fold_code_point(u, static_cast<int>(i), units);
            i += len;
            continue;
        }
        emit(units, out, origin);
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
    }
    emit(units, out, origin);
    if (origin) origin->push_back(static_cast<int>(text.size()));
    return out;
}

} // namespace folio
