// folio core (native): what of a text the fonts must shape. See text_runs.h.
#include "core/font_build/text_runs.h"

#include <utf8proc.h>

#include "core/text/text.h"

namespace folio {

namespace {

// Emoji_Presentation below U+10000 (Unicode 15's emoji-data.txt); above it, every pictograph counts.
constexpr uint32_t kEmojiPresentationBmp[][2] = {
    {0x231A, 0x231B}, {0x23E9, 0x23EC}, {0x23F0, 0x23F0}, {0x23F3, 0x23F3}, {0x25FD, 0x25FE}, {0x2614, 0x2615},
    {0x2648, 0x2653}, {0x267F, 0x267F}, {0x2693, 0x2693}, {0x26A1, 0x26A1}, {0x26AA, 0x26AB}, {0x26BD, 0x26BE},
    {0x26C4, 0x26C5}, {0x26CE, 0x26CE}, {0x26D4, 0x26D4}, {0x26EA, 0x26EA}, {0x26F2, 0x26F3}, {0x26F5, 0x26F5},
    {0x26FA, 0x26FA}, {0x26FD, 0x26FD}, {0x2705, 0x2705}, {0x270A, 0x270B}, {0x2728, 0x2728}, {0x274C, 0x274C},
    {0x274E, 0x274E}, {0x2753, 0x2755}, {0x2757, 0x2757}, {0x2795, 0x2797}, {0x27B0, 0x27B0}, {0x27BF, 0x27BF},
    {0x2B1B, 0x2B1C}, {0x2B50, 0x2B50}, {0x2B55, 0x2B55},
};

// What continues an emoji sequence: a joiner, the emoji presentation selector, a keycap (skin tones and tags
// are emoji themselves).
bool continues_emoji(uint32_t c) { return c == 0x200D || c == 0xFE0F || c == 0x20E3; }

// Calls f(code point) for each character of the text; an invalid byte is passed as U+FFFD.
template <class F> void each_code_point(std::string_view text, F&& f) {
    for (size_t i = 0; i < text.size();) {
        const unsigned char b = static_cast<unsigned char>(text[i]);
        if (b < 0x80) {
            f(static_cast<uint32_t>(b), i, size_t{1});
            ++i;
            continue;
        }
        uint32_t c = 0;
        const size_t n = utf8_decode(text, i, c);
        f(n ? c : 0xFFFDu, i, n ? n : size_t{1});
        i += n ? n : 1;
    }
}

} // namespace

bool is_joiner(uint32_t c) { return c == 0x200C || c == 0x200D; }

bool is_emoji(uint32_t c) {
    if ((c >= 0x1F000 && c <= 0x1FAFF) || (c >= 0xE0020 && c <= 0xE007F)) return true;
    if (c < 0x231A || c > 0x2B55) return false;
    for (const auto& r : kEmojiPresentationBmp)
        if (c >= r[0] && c <= r[1]) return true;
    return false;
}

bool is_arabic(uint32_t c) {
    return (c >= 0x0600 && c <= 0x06FF) || (c >= 0x0750 && c <= 0x077F) || (c >= 0x08A0 && c <= 0x08FF) ||
           (c >= 0xFB50 && c <= 0xFEFF);
}

bool is_nonspacing_mark(uint32_t c) {
    return c < 0x110000 && utf8proc_category(static_cast<utf8proc_int32_t>(c)) == UTF8PROC_CATEGORY_MN;
}

namespace {
bool is_mark(uint32_t c) {
    if (c >= 0x110000) return false;
    const utf8proc_category_t k = utf8proc_category(static_cast<utf8proc_int32_t>(c));
    return k == UTF8PROC_CATEGORY_MN || k == UTF8PROC_CATEGORY_MC || k == UTF8PROC_CATEGORY_ME;
}
} // namespace

void add_runs_of(std::string_view text, const CodePointSet& chars, TextRuns& out) {
    size_t start = 0, end = 0, count = 0;
    uint32_t first = 0;
    auto close = [&] {
        if (count && !(count == 1 && is_mark(first))) out.add(std::string(text.substr(start, end - start)));
        count = 0;
    };
    each_code_point(text, [&](uint32_t c, size_t at, size_t len) {
        if (chars.has(c) || (count && is_joiner(c))) {
            if (!count) start = at, first = c;
            end = at + len;
            ++count;
            return;
        }
        close();
    });
    close();
}

void add_emoji_runs(std::string_view text, TextRuns& out) {
    size_t start = 0, end = 0;
    uint32_t last = 0;
    bool in_run = false;
    // Each character is decided with the one after it in view (the presentation selector).
    auto step = [&](uint32_t c, size_t at, size_t len, uint32_t next) {
        const bool starts = is_emoji(c) || (next == 0xFE0F && c > 0x7F && !in_run);
        if (in_run && (is_emoji(c) || continues_emoji(c) || last == 0x200D)) {
            end = at + len;
        } else {
            if (in_run) out.add(std::string(text.substr(start, end - start)));
            in_run = starts;
            if (starts) start = at, end = at + len;
        }
        last = c;
    };
    bool have = false;
    uint32_t held = 0;
    size_t held_at = 0, held_len = 0;
    each_code_point(text, [&](uint32_t c, size_t at, size_t len) {
        if (have) step(held, held_at, held_len, c);
        have = true, held = c, held_at = at, held_len = len;
    });
    if (have) step(held, held_at, held_len, 0);
    if (in_run) out.add(std::string(text.substr(start, end - start)));
}

void add_pointed_arabic_runs(std::string_view text, TextRuns& out) {
    CodePointSet arabic;
    bool any = false;
    each_code_point(text, [&](uint32_t c, size_t, size_t) {
        if (is_arabic(c)) arabic.add(c), any = true;
    });
    if (!any) return;
    TextRuns words;
    add_runs_of(text, arabic, words);
    for (std::string& w : words.list) {
        bool pointed = false;
        each_code_point(w, [&](uint32_t c, size_t, size_t) { pointed = pointed || is_nonspacing_mark(c); });
        if (pointed) out.add(std::move(w));
    }
}

// The code points add_code_points counts: from U+0020 up, an invalid byte not.
static bool counted(uint32_t c, size_t len) { return c >= 0x20 && !(c == 0xFFFD && len == 1); }

void add_code_points(std::string_view text, CodePointSet& out) {
    each_code_point(text, [&](uint32_t c, size_t, size_t len) {
        if (counted(c, len)) out.add(c);
    });
}

bool code_points_in(std::string_view text, const CodePointSet& set) {
    bool all = true;
    each_code_point(text, [&](uint32_t c, size_t, size_t len) { all = all && (!counted(c, len) || set.has(c)); });
    return all;
}

} // namespace folio
