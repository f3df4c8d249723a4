// folio core: right-to-left text through GNU FriBidi. See bidi.h.
#include "core/text/bidi.h"

#include <algorithm>
#include <cctype>

extern "C" {
#include <fribidi.h>
}

#include "core/text/text.h"

namespace folio {

namespace {

std::u32string decode(std::string_view s) {
    std::u32string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        uint32_t cp = 0;
        size_t n = utf8_decode(s, i, cp);
        if (n == 0) cp = 0xFFFD, n = 1;
        out.push_back(cp);
        i += n;
    }
    return out;
}

std::string encode(const std::u32string& s) {
    std::string out;
    out.reserve(s.size() * 2);
    for (char32_t c : s)
        utf8_append(out, static_cast<uint32_t>(c));
    return out;
}

bool rtl_or_control(uint32_t cp) {
    return (cp >= 0x0590 && cp <= 0x08FF) || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069) || (cp >= 0xFB1D && cp <= 0xFDFF) || (cp >= 0xFE70 && cp <= 0xFEFE) ||
           (cp >= 0x10800 && cp <= 0x10FFF) || (cp >= 0x1E800 && cp <= 0x1EFFF);
}

bool arabic(uint32_t cp) { return (cp >= 0x0600 && cp <= 0x08FF) || (cp >= 0xFB50 && cp <= 0xFEFE); }

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

} // namespace

bool rtl_language(std::string_view tag) {
    // The script subtag decides where there is one (pa-Arab is right to left, az-Latn is not).
    static const char* const kRtlScripts[] = {"arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg", "samr", "mand"};
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= tag.size()) {
        size_t end = tag.find_first_of("-_", start);
        if (end == std::string_view::npos) end = tag.size();
        parts.push_back(lower(tag.substr(start, end - start)));
        start = end + 1;
    }
    for (size_t i = 1; i < parts.size(); ++i)
        if (parts[i].size() == 4 && std::all_of(parts[i].begin(), parts[i].end(),
                                                [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }))
            return std::find_if(std::begin(kRtlScripts), std::end(kRtlScripts),
                                [&](const char* s) { return parts[i] == s; }) != std::end(kRtlScripts);
    static const char* const kRtlLanguages[] = {"ar", "arc", "azb", "bal", "ckb", "dv",  "fa",  "glk",
                                                "he", "iw",  "ks",  "lrc", "mzn", "nqo", "pnb", "prs",
                                                "ps", "sd",  "sdh", "syr", "ug",  "ur",  "yi",  "ji"};
    return !parts.empty() && std::find_if(std::begin(kRtlLanguages), std::end(kRtlLanguages),
                                          [&](const char* s) { return parts[0] == s; }) != std::end(kRtlLanguages);
}

bool needs_bidi(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        if (static_cast<unsigned char>(s[i]) < 0x80) {
            ++i;
            continue;
        }
        uint32_t cp = 0;
        size_t n = utf8_decode(s, i, cp);
        if (n == 0) {
            ++i;
            continue;
        }
        if (rtl_or_control(cp)) return true;
        i += n;
    }
    return false;
}

int first_strong_direction(std::string_view utf8) {
    const std::u32string text = decode(utf8);
    const FriBidiStrIndex len = static_cast<FriBidiStrIndex>(text.size());
    std::vector<FriBidiCharType> types(text.size());
    fribidi_get_bidi_types(reinterpret_cast<const FriBidiChar*>(text.data()), len, types.data());
    const FriBidiParType dir = fribidi_get_par_direction(types.data(), len);
    return dir == FRIBIDI_PAR_RTL ? -1 : dir == FRIBIDI_PAR_LTR ? 1 : 0;
}

BidiLine bidi_line(const std::u32string& line, bool rtl) {
    BidiLine out;
    const FriBidiStrIndex len = static_cast<FriBidiStrIndex>(line.size());
    const FriBidiChar* str = reinterpret_cast<const FriBidiChar*>(line.data());
    std::vector<FriBidiCharType> types(line.size());
    std::vector<FriBidiBracketType> brackets(line.size());
    std::vector<FriBidiLevel> levels(line.size());
    fribidi_get_bidi_types(str, len, types.data());
    fribidi_get_bracket_types(str, len, types.data(), brackets.data());
    FriBidiParType base = rtl ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR;
    std::vector<FriBidiStrIndex> map(line.size());
    for (FriBidiStrIndex i = 0; i < len; ++i)
        map[static_cast<size_t>(i)] = i;
    // L1 and L2 after the levels. Each run is reversed whole: display_text keeps a combining mark after its letter.
    const bool ordered =
        len > 0 && fribidi_get_par_embedding_levels_ex(types.data(), brackets.data(), len, &base, levels.data()) &&
        fribidi_reorder_line(0, types.data(), len, 0, base, levels.data(), nullptr, map.data());
    if (!ordered) { // out of memory in FriBidi (or an empty line): one run in the paragraph's direction
        for (FriBidiStrIndex i = 0; i < len; ++i)
            map[static_cast<size_t>(i)] = i;
        std::fill(levels.begin(), levels.end(), static_cast<FriBidiLevel>(rtl ? 1 : 0));
        if (rtl) std::reverse(map.begin(), map.end());
    }
    out.visual_to_logical.assign(map.begin(), map.end());
    out.levels.assign(levels.begin(), levels.end());
    return out;
}

std::string shape_arabic(std::string_view logical) {
    bool any = false;
    for (size_t i = 0; i < logical.size() && !any;) {
        if (static_cast<unsigned char>(logical[i]) < 0x80) {
            ++i;
            continue;
        }
        uint32_t cp = 0;
        size_t n = utf8_decode(logical, i, cp);
        any = n > 0 && arabic(cp);
        i += n > 0 ? n : 1;
    }
    if (!any) return std::string(logical);
    std::u32string text = decode(logical);
    const FriBidiStrIndex len = static_cast<FriBidiStrIndex>(text.size());
    FriBidiChar* str = reinterpret_cast<FriBidiChar*>(text.data());
    std::vector<FriBidiCharType> types(text.size());
    std::vector<FriBidiArabicProp> props(text.size());
    // One run of one direction: every letter at the same (right-to-left) level, so they join one another.
    std::vector<FriBidiLevel> levels(text.size(), 1);
    fribidi_get_bidi_types(str, len, types.data());
    fribidi_get_joining_types(str, len, props.data());
    fribidi_join_arabic(types.data(), len, levels.data(), props.data());
    fribidi_shape_arabic(FRIBIDI_FLAG_SHAPE_ARAB_PRES | FRIBIDI_FLAG_SHAPE_ARAB_LIGA, levels.data(), len, props.data(),
                         str);
    // A ligature takes the place of its second letter and leaves a filler in its first's: drop the filler.
    text.erase(std::remove(text.begin(), text.end(), static_cast<char32_t>(FRIBIDI_CHAR_FILL)), text.end());
    return encode(text);
}

std::string display_text(std::string_view logical, bool rtl) {
    if (!rtl) return shape_arabic(logical);
    std::u32string text = decode(shape_arabic(logical));
    for (char32_t& c : text) {
        FriBidiChar mirrored = 0;
        if (fribidi_get_mirror_char(static_cast<FriBidiChar>(c), &mirrored)) c = static_cast<char32_t>(mirrored);
    }
    // Reversed by character, except that a combining mark stays after the letter it sits on.
    std::u32string out;
    out.reserve(text.size());
    size_t end = text.size();
    while (end > 0) {
        size_t begin = end - 1;
        while (begin > 0 && fribidi_get_bidi_type(static_cast<FriBidiChar>(text[begin])) == FRIBIDI_TYPE_NSM)
            --begin;
        out.append(text, begin, end - begin);
        end = begin;
    }
    return encode(out);
}

std::string visual_line(std::string_view logical, bool rtl) {
    const std::u32string text = decode(logical);
    const BidiLine line = bidi_line(text, rtl);
    std::string out;
    size_t v = 0;
    while (v < line.visual_to_logical.size()) {
        // A run: visually adjacent code points at one level, logically adjacent too.
        const int first = line.visual_to_logical[v];
        const uint8_t level = line.levels[static_cast<size_t>(first)];
        const int step = level % 2 ? -1 : 1;
        size_t n = 1;
        while (v + n < line.visual_to_logical.size() &&
               line.visual_to_logical[v + n] == first + step * static_cast<int>(n) &&
               line.levels[static_cast<size_t>(line.visual_to_logical[v + n])] == level)
            ++n;
        const int lo = step > 0 ? first : first - static_cast<int>(n) + 1;
        out += display_text(encode(text.substr(static_cast<size_t>(lo), n)), level % 2 == 1);
        v += n;
    }
    return out;
}

} // namespace folio
