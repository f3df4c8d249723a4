// folio core: word boundaries of scripts written without spaces. See word_breaks.h.
#include "core/markup/word_breaks.h"

#include <thai/thbrk.h>
#include <thai/thwbrk.h>
#include <unicode/ubrk.h>
#include <unicode/utf16.h>

#include <memory>
#include <vector>

#include "core/text/text.h"

namespace folio {

namespace {

constexpr uint32_t kZeroWidthSpace = 0x200B;

bool thai(uint32_t c) { return c >= 0x0E01 && c <= 0x0E5B; }

// Lao, Myanmar (with its extensions) and Khmer (with its symbols): ICU's dictionaries find their words.
bool icu_script(uint32_t c) {
    return (c >= 0x0E80 && c <= 0x0EFF) || (c >= 0x1000 && c <= 0x109F) || (c >= 0xA9E0 && c <= 0xA9FF) ||
           (c >= 0xAA60 && c <= 0xAA7F) || (c >= 0x1780 && c <= 0x17FF) || (c >= 0x19E0 && c <= 0x19FF);
}

// Each script's run apart: a Lao run next to a Thai one is two runs.
int script_of(uint32_t c) { return thai(c) ? 1 : icu_script(c) ? 2 + (c >= 0x1000) + (c >= 0x1780 && c <= 0x19FF) : 0; }

// libthai's dictionary, one per thread: a ThBrk keeps state while it breaks, and the build parses
// articles on every core at once.
ThBrk* breaker() {
    struct Delete {
        void operator()(ThBrk* b) const { th_brk_delete(b); }
    };
    thread_local std::unique_ptr<ThBrk, Delete> brk(th_brk_new(nullptr));
    return brk.get();
}

// ICU's word iterator, one per thread (it holds its text); its dictionaries come with Debian's ICU data.
UBreakIterator* icu_words() {
    struct Close {
        void operator()(UBreakIterator* b) const { ubrk_close(b); }
    };
    thread_local std::unique_ptr<UBreakIterator, Close> it([] {
        UErrorCode status = U_ZERO_ERROR;
        UBreakIterator* b = ubrk_open(UBRK_WORD, "", nullptr, 0, &status);
        return U_SUCCESS(status) ? b : nullptr;
    }());
    return it.get();
}

// The places inside a run (character indexes, each > 0) where a word begins.
std::vector<size_t> boundaries(const std::vector<uint32_t>& run, bool is_thai) {
    std::vector<size_t> out;
    if (is_thai) {
        ThBrk* brk = breaker();
        if (!brk) return out;
        std::vector<thwchar_t> text(run.begin(), run.end());
        text.push_back(0);
        std::vector<int> pos(run.size());
        const int found = th_brk_wc_find_breaks(brk, text.data(), pos.data(), pos.size());
        for (int i = 0; i < found; ++i)
            if (pos[static_cast<size_t>(i)] > 0 && static_cast<size_t>(pos[static_cast<size_t>(i)]) < run.size())
                out.push_back(static_cast<size_t>(pos[static_cast<size_t>(i)]));
        return out;
    }
    UBreakIterator* it = icu_words();
    if (!it) return out;
    std::vector<UChar> text;
    std::vector<size_t> index; // the character each UTF-16 unit belongs to
    for (size_t k = 0; k < run.size(); ++k) {
        UChar units[2];
        int32_t n = 0;
        UBool error = false;
        U16_APPEND(units, n, 2, static_cast<UChar32>(run[k]), error);
        for (int32_t u = 0; u < n && !error; ++u)
            text.push_back(units[u]), index.push_back(k);
    }
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(it, text.data(), static_cast<int32_t>(text.size()), &status);
    if (U_FAILURE(status)) return out;
    for (int32_t p = ubrk_next(it); p != UBRK_DONE && static_cast<size_t>(p) < text.size(); p = ubrk_next(it))
        out.push_back(index[static_cast<size_t>(p)]);
    ubrk_setText(it, nullptr, 0, &status); // no pointer into a text about to go
    return out;
}

bool skipped(NodeKind k) {
    return k == NodeKind::Code || k == NodeKind::CodeBlock || k == NodeKind::HtmlBlock || k == NodeKind::HtmlInline ||
           k == NodeKind::Math;
}

} // namespace

bool mark_word_breaks(std::string& text) {
    // Decoded once; most text has none of these scripts and is left as it is.
    std::vector<uint32_t> cps;
    bool any = false;
    for (size_t i = 0; i < text.size();) {
        uint32_t c = 0xFFFD;
        const size_t n = utf8_decode(text, i, c);
        i += n ? n : 1;
        any = any || script_of(c) != 0;
        cps.push_back(n ? c : 0xFFFD);
    }
    if (!any) return false;
    std::string out;
    bool changed = false;
    size_t k = 0;
    while (k < cps.size()) {
        const int script = script_of(cps[k]);
        if (script == 0) {
            utf8_append(out, cps[k++]);
            continue;
        }
        size_t end = k;
        while (end < cps.size() && script_of(cps[end]) == script)
            ++end;
        const std::vector<uint32_t> run(cps.begin() + static_cast<long>(k), cps.begin() + static_cast<long>(end));
        const std::vector<size_t> at = boundaries(run, script == 1);
        size_t next = 0;
        for (size_t j = 0; j < run.size(); ++j) {
            // The mark goes before each word but the run's first.
            while (next < at.size() && at[next] < j)
                ++next;
            if (next < at.size() && at[next] == j && j > 0) {
                utf8_append(out, kZeroWidthSpace);
                changed = true;
            }
            utf8_append(out, run[j]);
        }
        k = end;
    }
    if (changed) text = std::move(out);
    return changed;
}

void mark_word_breaks(Node& n) {
    if (skipped(n.kind)) return;
    if (n.kind == NodeKind::Text) mark_word_breaks(n.text);
    for (Node& c : n.children)
        mark_word_breaks(c);
}

} // namespace folio
