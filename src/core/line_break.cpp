// folio core: breaks between characters of runs without spaces (line_break.h).
#include "core/line_break.h"

#include <algorithm>
#include <iterator>

namespace folio {

namespace {

bool in(uint32_t c, uint32_t lo, uint32_t hi) { return c >= lo && c <= hi; }

// UAX #14's ID, H2/H3 and friends: characters a line may break before and after (ideographs, kana,
// Hangul syllables, fullwidth forms, emoji).
bool ideographic(uint32_t c) {
    return in(c, 0x2E80, 0x2FFF) || in(c, 0x3000, 0x303F) || in(c, 0x3040, 0x30FF) || in(c, 0x3100, 0x31FF) ||
           in(c, 0x3200, 0x4DBF) || in(c, 0x4E00, 0x9FFF) || in(c, 0xA960, 0xA97F) || in(c, 0xAC00, 0xD7FF) ||
           in(c, 0xF900, 0xFAFF) || in(c, 0xFE30, 0xFE4F) || in(c, 0xFF00, 0xFFEF) || in(c, 0x1F000, 0x1FAFF) ||
           in(c, 0x20000, 0x3FFFF) || in(c, 0x2600, 0x27BF);
}

// CL, CP, EX, IS, NS and IN: a line never starts with one (kinsoku's gyoto kinsoku). Closing brackets and
// quotes; stops, commas, colons, exclamation and question marks; ellipses, the dashes that stay with what
// precedes them, iteration marks and the prolonged sound mark; small kana.
constexpr uint32_t kNeverStartsLine[] = {
    ')',    ']',    '}',    0x201D, 0x2019, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019,
    0x301B, 0x301E, 0x301F, 0xFF09, 0xFF3D, 0xFF5D, 0xFF60, 0xFF63, ',',    '.',    ':',    ';',    '!',
    '?',    '%',    0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F, 0xFF05, 0xFF61, 0xFF64,
    0x203C, 0x2047, 0x2048, 0x2049, 0x2030, 0x2103, 0x2026, 0x2025, 0x2010, 0x2013, 0x301C, 0x30A0, 0x30FB,
    0x30FC, 0x3005, 0x303B, 0x309D, 0x309E, 0x30FD, 0x30FE, 0xFF65, 0xFF70, 0x3041, 0x3043, 0x3045, 0x3047,
    0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9,
    0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6};

// OP and the currency signs before amounts: a line never ends with one (gyomatsu kinsoku).
constexpr uint32_t kNeverEndsLine[] = {'(',    '[',    '{',    0x201C, 0x2018, 0x3008, 0x300A, 0x300C, 0x300E,
                                       0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D, 0xFF08, 0xFF3B, 0xFF5B,
                                       0xFF5F, 0xFF62, '$',    0xA3,   0xA5,   0xFF04, 0xFFE1, 0xFFE5};

template <size_t N> bool listed(const uint32_t (&list)[N], uint32_t c) {
    return std::find(std::begin(list), std::end(list), c) != std::end(list);
}

bool never_starts_line(uint32_t c) {
    return listed(kNeverStartsLine, c) || in(c, 0x31F0, 0x31FF) || in(c, 0xFF67, 0xFF6F); // small kana, halfwidth
}

bool never_ends_line(uint32_t c) { return listed(kNeverEndsLine, c); }

// What joins to the character before it: combining marks, variation selectors, emoji modifiers, and the
// characters around a zero-width joiner (UAX #14 LB8a, LB9, LB30b).
bool joins_before(uint32_t c) {
    return in(c, 0x0300, 0x036F) || in(c, 0x3099, 0x309A) || in(c, 0xFE00, 0xFE0F) || c == 0x200D ||
           in(c, 0x1F3FB, 0x1F3FF) || in(c, 0xE0020, 0xE007F) || in(c, 0xE0100, 0xE01EF) || c == 0x20E3;
}

} // namespace

bool may_break_between(uint32_t before, uint32_t after) {
    if (before < 0x2000 && after < 0x2000) return false; // alphabets: only at spaces (the common case first)
    if (joins_before(after) || before == 0x200D) return false;
    if (in(before, 0x1F1E6, 0x1F1FF) && in(after, 0x1F1E6, 0x1F1FF)) return false; // a flag's two letters
    if (!ideographic(before) && !ideographic(after)) return false;
    return !never_starts_line(after) && !never_ends_line(before);
}

} // namespace folio
