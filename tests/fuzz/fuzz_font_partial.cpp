// libFuzzer target: any bytes as a font for partial faces (font_partial.h). The first byte chooses the
// characters the partial keeps; the rest is the font.
//
// `folio build` makes partials from the fonts it is given, and the browser reads a partial's FOLi table
// from a download, so whatever the bytes: no crash, leak, sanitizer report or hang. Beyond that, what
// the header promises: a refusal gives a reason; a partial made says which characters it draws, sorted
// and disjoint, only characters that were asked for, and in_ranges agrees with a plain scan of them; a
// partial is itself a face a partial can be made of, and making it again changes nothing. A broken
// promise aborts with a message, so libFuzzer saves the input like any crash.
//
// Corpus: made at test time by tests/fuzz/font_corpus.py (fonts are never committed): Debian's faces, the
// subset fonts ./folio makes (build/fonts) and a tiny face, whole, truncated and corrupted, each after a
// byte. ctest replays it (fuzz_font_partial_replay). Run: tests/fuzz/run.sh fuzz_font_partial.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/fonts/font_partial.h"

namespace {

void require(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_font_partial: broken invariant: %s\n", what);
    std::abort();
}

// The characters to keep: printable ASCII, some of it, or that and a few beyond (accents made of
// components, a dash, an astral character), by the choice byte's bits.
std::vector<uint32_t> characters(uint8_t choice) {
    std::vector<uint32_t> out;
    for (uint32_t c = 0x20; c < 0x7F; ++c)
        if ((choice & 1) || c % 3 == 0) out.push_back(c);
    if (choice & 2)
        for (uint32_t c : {0xE9u, 0xC5u, 0x2014u, 0xFFFDu, 0x1F600u, 0x10FFFFu})
            out.push_back(c);
    if (choice & 4) out.push_back(out.empty() ? 0x41 : out.front()); // a repeat
    return out;
}

void check_ranges(const std::vector<folio::CodeRange>& ranges, const std::vector<uint32_t>& asked) {
    for (size_t i = 0; i < ranges.size(); ++i) {
        require(ranges[i].first <= ranges[i].last, "a range ends before it starts");
        if (i > 0) require(ranges[i].first > ranges[i - 1].last + 1, "ranges not sorted, apart and merged");
        for (uint32_t c = ranges[i].first;; ++c) {
            bool was_asked = false;
            for (uint32_t a : asked)
                was_asked = was_asked || a == c;
            require(was_asked, "the partial claims a character nobody asked for");
            if (c == ranges[i].last) break;
        }
    }
    for (uint32_t c : asked) {
        bool scanned = false;
        for (const folio::CodeRange& r : ranges)
            scanned = scanned || (c >= r.first && c <= r.last);
        require(folio::in_ranges(ranges, c) == scanned, "in_ranges disagrees with a scan");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const std::vector<uint32_t> asked = characters(data[0]);
    const std::string_view font(reinterpret_cast<const char*>(data + 1), size - 1);

    // The browser's reader, on whatever arrives.
    std::vector<folio::CodeRange> raw;
    (void)folio::partial_font_ranges(font.data(), font.size(), raw);

    std::string partial, error;
    if (!folio::make_partial_font(font, asked, partial, error)) {
        require(!error.empty(), "a refusal without a reason");
        return 0;
    }
    std::vector<folio::CodeRange> ranges;
    require(folio::partial_font_ranges(partial.data(), partial.size(), ranges), "a partial without its FOLi table");
    check_ranges(ranges, asked);

    std::string again;
    error.clear();
    require(folio::make_partial_font(partial, asked, again, error), "a partial is not a face a partial can be made of");
    require(again == partial, "making a partial of a partial changed it");
    return 0;
}
