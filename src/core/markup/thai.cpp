// folio core: Thai word boundaries. See thai.h.
#include "core/markup/thai.h"

#include <thai/thbrk.h>
#include <thai/thwbrk.h>

#include <memory>
#include <vector>

#include "core/text/text.h"

namespace folio {

namespace {

constexpr uint32_t kZeroWidthSpace = 0x200B;

bool thai(uint32_t c) { return c >= 0x0E01 && c <= 0x0E5B; }

// libthai's dictionary, one per thread: a ThBrk keeps state while it breaks, and the build parses
// articles on every core at once.
ThBrk* breaker() {
    struct Delete {
        void operator()(ThBrk* b) const { th_brk_delete(b); }
    };
    thread_local std::unique_ptr<ThBrk, Delete> brk(th_brk_new(nullptr));
    return brk.get();
}

bool skipped(NodeKind k) {
    return k == NodeKind::Code || k == NodeKind::CodeBlock || k == NodeKind::HtmlBlock || k == NodeKind::HtmlInline ||
           k == NodeKind::Math;
}

} // namespace

bool mark_thai_words(std::string& text) {
    // Decoded once; most text has no Thai at all and is left as it is.
    std::vector<uint32_t> cps;
    bool any = false;
    for (size_t i = 0; i < text.size();) {
        uint32_t c = 0xFFFD;
        const size_t n = utf8_decode(text, i, c);
        i += n ? n : 1;
        any = any || thai(c);
        cps.push_back(n ? c : 0xFFFD);
    }
    ThBrk* brk = any ? breaker() : nullptr;
    if (!brk) return false;
    std::string out;
    bool changed = false;
    size_t k = 0;
    while (k < cps.size()) {
        if (!thai(cps[k])) {
            utf8_append(out, cps[k++]);
            continue;
        }
        size_t end = k;
        while (end < cps.size() && thai(cps[end]))
            ++end;
        std::vector<thwchar_t> run(cps.begin() + static_cast<long>(k), cps.begin() + static_cast<long>(end));
        run.push_back(0);
        std::vector<int> pos(end - k);
        const int found = th_brk_wc_find_breaks(brk, run.data(), pos.data(), pos.size());
        int next = 0;
        for (size_t j = k; j < end; ++j) {
            // A boundary inside the run (libthai also reports its end): the mark goes before the word.
            if (next < found && pos[static_cast<size_t>(next)] == static_cast<int>(j - k) && j > k) {
                utf8_append(out, kZeroWidthSpace);
                changed = true;
            }
            while (next < found && pos[static_cast<size_t>(next)] <= static_cast<int>(j - k))
                ++next;
            utf8_append(out, cps[j]);
        }
        k = end;
    }
    if (changed) text = std::move(out);
    return changed;
}

void mark_thai_words(Node& n) {
    if (skipped(n.kind)) return;
    if (n.kind == NodeKind::Text) mark_thai_words(n.text);
    for (Node& c : n.children)
        mark_thai_words(c);
}

} // namespace folio
