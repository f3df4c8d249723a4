// folio core: UAX #14's line breaking (line_break.h).
#include "core/text/line_break.h"

#include <algorithm>
#include <array>
#include <iterator>

#include "core/text/text.h"

namespace folio {

namespace {

// The classes after rule LB1 (tools/line_break_classes.py resolves AI, SG, XX, SA and CJ), in its order.
// clang-format off
enum class Lb : uint8_t {
    BK, CR, LF, CM, NL, WJ, ZW, GL, SP, ZWJ, B2, BA, BB, HY, CB, CL, CP, EX, IN, NS, OP, QU, IS, NU, PO, PR, SY,
    AL, EB, EM, H2, H3, HL, ID, JL, JV, JT, RI, QI, QF, Count
};
// clang-format on

#include "core/text/line_break_classes.inc"
static_assert(static_cast<int>(Lb::Count) == kLbClassCount, "line_break_classes.py's classes and Lb differ");

constexpr uint8_t kWide = 0x40;         // East Asian Width F, W or H (LB30)
constexpr uint8_t kPictographic = 0x80; // an unassigned Extended_Pictographic code point (LB30b)

// The ranges unpacked once (first code point << 8 | bits, ascending), and ASCII's bits by code point.
struct Table {
    std::vector<uint32_t> ranges;
    std::array<uint8_t, 128> ascii{};
    uint8_t find(uint32_t c) const {
        return static_cast<uint8_t>(*(std::upper_bound(ranges.begin(), ranges.end(), (c << 8) | 0xFF) - 1) & 0xFF);
    }
    Table() {
        ranges.reserve(kLbRangeCount);
        uint32_t first = 0;
        for (size_t i = 0; i < sizeof kLbPacked;) {
            uint32_t gap = 0;
            for (int shift = 0;; shift += 7) {
                const unsigned char b = kLbPacked[i++];
                gap |= static_cast<uint32_t>(b & 0x7F) << shift;
                if (!(b & 0x80)) break;
            }
            first += gap;
            ranges.push_back(first << 8 | kLbPacked[i++]);
        }
        for (uint32_t k = 0; k < 128; ++k)
            ascii[k] = find(k);
    }
};

// The class and flags of one code point: ASCII from a table, the CJK ideographs at once, the rest by
// binary search.
uint8_t class_bits(uint32_t c) {
    static const Table table;
    if (c < 128) return table.ascii[c];
    if (c >= 0x4E00 && c <= 0x9FFF) return static_cast<uint8_t>(Lb::ID) | kWide; // most of Chinese text
    return table.find(c);
}

Lb lb(uint8_t bits) { return static_cast<Lb>(bits & 0x3F); }

template <typename... T> bool is(Lb c, T... any) { return ((c == any) || ...); }

// QU, and QI and QF, its opening and closing quotation marks (Pi, Pf).
bool quote(Lb c) { return is(c, Lb::QU, Lb::QI, Lb::QF); }

// LB9's X: a class a combining mark or a joiner after it belongs to.
bool takes_marks(Lb c) { return !is(c, Lb::BK, Lb::CR, Lb::LF, Lb::NL, Lb::SP, Lb::ZW); }

// One paragraph's characters as the rules see them, one record each (decoded in one pass, one
// allocation): where it starts, its class bits, the bits the rules read (its cluster's base's: LB9, "X CM*"
// is X; LB10, a mark with no base is AL), the index of that base, and whether that base ends an odd run of
// regional indicators (LB30a: counted once here, not again at each pair, which took a run of flags
// quadratic time).
struct Char {
    uint32_t byte, base;
    uint8_t raw, bits;
    bool odd_ri;
};

struct Chars {
    std::vector<Char> c;
    Lb raw_at(size_t k) const { return lb(c[k].raw); }
    Lb at(size_t k) const { return lb(c[k].bits); }
    // The base before the cluster of character k, or -1 at the start.
    long before(size_t k) const { return c[k].base == 0 ? -1 : static_cast<long>(c[c[k].base - 1].base); }
};

Chars classify(std::string_view utf8) {
    Chars ch;
    ch.c.reserve(utf8.size());
    for (size_t i = 0; i < utf8.size();) {
        uint32_t cp = 0xFFFD;
        const size_t n = utf8_decode(utf8, i, cp);
        Char x{static_cast<uint32_t>(i), static_cast<uint32_t>(ch.c.size()), class_bits(n == 0 ? 0xFFFD : cp), 0,
               false};
        const Lb c = lb(x.raw);
        if (is(c, Lb::CM, Lb::ZWJ) && !ch.c.empty() && takes_marks(lb(ch.c.back().raw))) {
            x.bits = ch.c.back().bits;
            x.base = ch.c.back().base;
            x.odd_ri = ch.c.back().odd_ri;
        } else {
            x.bits = is(c, Lb::CM, Lb::ZWJ) ? static_cast<uint8_t>(Lb::AL) : x.raw;
            const Char* before = ch.c.empty() ? nullptr : &ch.c[ch.c.back().base];
            x.odd_ri = lb(x.bits) == Lb::RI && !(before && lb(before->bits) == Lb::RI && before->odd_ri);
        }
        ch.c.push_back(x);
        i += std::max<size_t>(1, n);
    }
    return ch;
}

// The class of the last character before k that is not a space (LB14 to LB17's "X SP*"), or -1.
long before_spaces(const Chars& ch, size_t k) {
    long j = static_cast<long>(k) - 1;
    while (j >= 0 && ch.raw_at(static_cast<size_t>(j)) == Lb::SP)
        --j;
    return j;
}

// LB25 as LineBreakTest.txt tailors it (UAX #14, section 8.2, example 7): whether the text before k ends
// in a number "NU (NU | SY | IS)*", after skipping one closing bracket when `closing` says so.
bool number_before(const Chars& ch, size_t k, bool closing) {
    long j = ch.before(k);
    if (closing && j >= 0 && is(ch.at(static_cast<size_t>(j)), Lb::CL, Lb::CP)) j = ch.before(static_cast<size_t>(j));
    for (; j >= 0 && is(ch.at(static_cast<size_t>(j)), Lb::NU, Lb::SY, Lb::IS); j = ch.before(static_cast<size_t>(j)))
        if (ch.at(static_cast<size_t>(j)) == Lb::NU) return true;
    return false;
}

// The first base after the cluster of character k, or -1 at the end.
long next_base(const Chars& ch, size_t k) {
    for (size_t m = k + 1; m < ch.c.size(); ++m)
        if (ch.c[m].base == m) return static_cast<long>(m);
    return -1;
}

bool next_is(const Chars& ch, size_t k, Lb want) {
    const long m = next_base(ch, k);
    return m >= 0 && ch.at(static_cast<size_t>(m)) == want;
}

// Unicode 15.1's LB19a, ahead of the 15.0 data: an opening quotation mark may start a line, and a closing
// one end it, between East Asian wide characters ("他说 / “你好”然后"), as Chinese and Japanese set quotes;
// anywhere else a quotation mark holds to both its neighbours (LB19).
bool quote_between_wide(const Chars& ch, size_t k) {
    const Lb l = ch.at(k - 1), r = ch.at(k);
    const long before = ch.before(k - 1);
    const long after = next_base(ch, k);
    if (r == Lb::QI) return (ch.c[k - 1].bits & kWide) && after >= 0 && (ch.c[static_cast<size_t>(after)].bits & kWide);
    if (l == Lb::QF) return (ch.c[k].bits & kWide) && before >= 0 && (ch.c[static_cast<size_t>(before)].bits & kWide);
    return false;
}

// The rules, in UAX #14's order, for a break between character k - 1 and character k.
LineBreak rule(const Chars& ch, size_t k) {
    const Lb rl = ch.raw_at(k - 1), rr = ch.raw_at(k);
    if (rl == Lb::BK) return kMustBreak;                                         // LB4
    if (rl == Lb::CR && rr == Lb::LF) return kNoBreak;                           // LB5
    if (is(rl, Lb::CR, Lb::LF, Lb::NL)) return kMustBreak;                       // LB5
    if (is(rr, Lb::BK, Lb::CR, Lb::LF, Lb::NL, Lb::SP, Lb::ZW)) return kNoBreak; // LB6, LB7
    const long sp = before_spaces(ch, k);
    if (sp >= 0 && ch.raw_at(static_cast<size_t>(sp)) == Lb::ZW) return kMayBreak; // LB8
    if (rl == Lb::ZWJ) return kNoBreak;                                            // LB8a
    if (is(rr, Lb::CM, Lb::ZWJ) && takes_marks(rl)) return kNoBreak;               // LB9
    const Lb l = ch.at(k - 1), r = ch.at(k); // LB9, LB10: a cluster is its base; a lone mark AL
    const uint8_t lbits = ch.c[k - 1].bits, rbits = ch.c[k].bits;
    if (l == Lb::WJ || r == Lb::WJ) return kNoBreak;                    // LB11
    if (l == Lb::GL) return kNoBreak;                                   // LB12
    if (r == Lb::GL && !is(l, Lb::SP, Lb::BA, Lb::HY)) return kNoBreak; // LB12a
    if (is(r, Lb::CL, Lb::CP, Lb::EX, Lb::IS, Lb::SY)) return kNoBreak; // LB13
    const Lb ls = sp >= 0 ? ch.at(static_cast<size_t>(sp)) : Lb::SP;
    if (ls == Lb::OP) return kNoBreak;                                         // LB14
    if (quote(ls) && r == Lb::OP) return kNoBreak;                             // LB15
    if (is(ls, Lb::CL, Lb::CP) && r == Lb::NS) return kNoBreak;                // LB16
    if (ls == Lb::B2 && r == Lb::B2) return kNoBreak;                          // LB17
    if (l == Lb::SP) return kMayBreak;                                         // LB18
    if ((quote(l) || quote(r)) && !quote_between_wide(ch, k)) return kNoBreak; // LB19, LB19a
    if (l == Lb::CB || r == Lb::CB) return kMayBreak;                          // LB20
    if (is(r, Lb::BA, Lb::HY, Lb::NS) || l == Lb::BB) return kNoBreak;         // LB21
    if (is(l, Lb::HY, Lb::BA)) {                                               // LB21a
        const long b = ch.before(k - 1);
        if (b >= 0 && ch.at(static_cast<size_t>(b)) == Lb::HL) return kNoBreak;
    }
    if (l == Lb::SY && r == Lb::HL) return kNoBreak; // LB21b
    if (r == Lb::IN) return kNoBreak;                // LB22
    const bool letter_l = is(l, Lb::AL, Lb::HL), letter_r = is(r, Lb::AL, Lb::HL);
    if ((letter_l && r == Lb::NU) || (l == Lb::NU && letter_r)) return kNoBreak;                     // LB23
    if (l == Lb::PR && is(r, Lb::ID, Lb::EB, Lb::EM)) return kNoBreak;                               // LB23a
    if (is(l, Lb::ID, Lb::EB, Lb::EM) && r == Lb::PO) return kNoBreak;                               // LB23a
    if ((is(l, Lb::PR, Lb::PO) && letter_r) || (letter_l && is(r, Lb::PR, Lb::PO))) return kNoBreak; // LB24
    // LB25, tailored: (PR | PO) × (OP | HY)? NU; (OP | HY) × NU; NU (NU | SY | IS)* × (NU | SY | IS | CL | CP);
    // NU (NU | SY | IS)* (CL | CP)? × (PO | PR).
    if (is(l, Lb::PR, Lb::PO) && (r == Lb::NU || (is(r, Lb::OP, Lb::HY) && next_is(ch, k, Lb::NU)))) return kNoBreak;
    if (is(l, Lb::OP, Lb::HY) && r == Lb::NU) return kNoBreak;
    if (is(r, Lb::NU, Lb::SY, Lb::IS, Lb::CL, Lb::CP) && number_before(ch, k, false)) return kNoBreak;
    if (is(r, Lb::PO, Lb::PR) && number_before(ch, k, true)) return kNoBreak;
    if (l == Lb::JL && is(r, Lb::JL, Lb::JV, Lb::H2, Lb::H3)) return kNoBreak;         // LB26
    if (is(l, Lb::JV, Lb::H2) && is(r, Lb::JV, Lb::JT)) return kNoBreak;               // LB26
    if (is(l, Lb::JT, Lb::H3) && r == Lb::JT) return kNoBreak;                         // LB26
    if (is(l, Lb::JL, Lb::JV, Lb::JT, Lb::H2, Lb::H3) && r == Lb::PO) return kNoBreak; // LB27
    if (l == Lb::PR && is(r, Lb::JL, Lb::JV, Lb::JT, Lb::H2, Lb::H3)) return kNoBreak; // LB27
    if (letter_l && letter_r) return kNoBreak;                                         // LB28
    if (l == Lb::IS && letter_r) return kNoBreak;                                      // LB29
    if ((letter_l || l == Lb::NU) && r == Lb::OP && !(rbits & kWide)) return kNoBreak; // LB30
    if (l == Lb::CP && !(lbits & kWide) && (letter_r || r == Lb::NU)) return kNoBreak; // LB30
    if (l == Lb::RI && r == Lb::RI && ch.c[k - 1].odd_ri) return kNoBreak;             // LB30a
    if (r == Lb::EM && (l == Lb::EB || (lbits & kPictographic))) return kNoBreak;      // LB30b
    return kMayBreak;                                                                  // LB31
}

} // namespace

std::vector<uint8_t> line_breaks(std::string_view utf8) {
    std::vector<uint8_t> out(utf8.size(), kNoBreak);
    const Chars ch = classify(utf8);
    for (size_t k = 1; k < ch.c.size(); ++k)
        out[ch.c[k].byte] = rule(ch, k);
    return out;
}

// Combining marks of the scripts folio's faces draw (Latin, Greek, Cyrillic, Hebrew, Arabic, the Indic
// scripts, Thai, Lao, kana), variation selectors, emoji modifiers and tags, and the zero-width joiner.
bool joins_previous(uint32_t c) {
    static const uint32_t kMarks[][2] = {
        {0x0300, 0x036F},   {0x0483, 0x0489},  {0x0591, 0x05BD}, {0x05BF, 0x05C7}, {0x0610, 0x061A}, {0x064B, 0x065F},
        {0x0670, 0x0670},   {0x06D6, 0x06DC},  {0x06DF, 0x06E4}, {0x06E7, 0x06ED}, {0x0900, 0x0903}, {0x093A, 0x093C},
        {0x093E, 0x094F},   {0x0951, 0x0957},  {0x0962, 0x0963}, {0x0981, 0x0983}, {0x09BC, 0x09BC}, {0x09BE, 0x09CD},
        {0x09D7, 0x09D7},   {0x09E2, 0x09E3},  {0x0A01, 0x0A03}, {0x0A3C, 0x0A51}, {0x0A70, 0x0A71}, {0x0A81, 0x0A83},
        {0x0ABC, 0x0ABC},   {0x0ABE, 0x0ACD},  {0x0B01, 0x0B03}, {0x0B3C, 0x0B3C}, {0x0B3E, 0x0B57}, {0x0B82, 0x0B82},
        {0x0BBE, 0x0BCD},   {0x0BD7, 0x0BD7},  {0x0C00, 0x0C04}, {0x0C3E, 0x0C56}, {0x0C81, 0x0C83}, {0x0CBC, 0x0CBC},
        {0x0CBE, 0x0CD6},   {0x0D00, 0x0D03},  {0x0D3E, 0x0D4D}, {0x0D57, 0x0D57}, {0x0E31, 0x0E31}, {0x0E34, 0x0E3A},
        {0x0E47, 0x0E4E},   {0x0EB1, 0x0EB1},  {0x0EB4, 0x0EBC}, {0x0EC8, 0x0ECD}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF},
        {0x200C, 0x200D},   {0x20D0, 0x20FF},  {0x3099, 0x309A}, {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F}, {0x1F3FB, 0x1F3FF},
        {0xE0020, 0xE007F}, {0xE0100, 0xE01EF}};
    if (c < 0x0300) return false;
    for (const auto& r : kMarks)
        if (c >= r[0] && c <= r[1]) return true;
    return false;
}

} // namespace folio
