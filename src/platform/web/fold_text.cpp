// folio web platform: fold_text (core/text/fold.h) in the browser, through the page's own fold
// (web/fold.js, String.prototype.normalize): the book's find bar folds its pages and the query by the one
// rule the search index and the search panel use, complete for Unicode, with no Unicode table in the wasm.
// web/find_keys.js loads fold.js before the find bar, whose matching is the only caller.
#include "core/text/fold.h"

#include <emscripten/emscripten.h>

namespace {

// Folds `size` bytes of UTF-8 at `text`, keeping the result (and, when `mapped`, each byte's origin: the
// byte offset in the text of the character it came from) for js_fold_take. Its length in bytes, or -1
// when web/fold.js is not there.
// clang-format off
EM_JS(int, js_fold, (const char* text, int size, int mapped), {
    const f = window.folio;
    if (!f || !f.foldMapped) return -1;
    const s = new TextDecoder().decode(HEAPU8.subarray(text, text + size));
    const utf8 = (cp) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);
    if (!mapped) {
        Module.folioFolded = { bytes: new TextEncoder().encode(f.fold(s)), origin: null };
        return Module.folioFolded.bytes.length;
    }
    const byteAt = new Int32Array(s.length + 1); // each UTF-16 unit of s: its character's byte offset
    let b = 0;
    for (let i = 0; i < s.length;) {
        const cp = s.codePointAt(i), units = cp > 0xffff ? 2 : 1;
        for (let k = 0; k < units; k++) byteAt[i + k] = b;
        b += utf8(cp);
        i += units;
    }
    const m = f.foldMapped(s), bytes = new TextEncoder().encode(m.text), origin = new Int32Array(bytes.length);
    let o = 0;
    for (let j = 0; j < m.text.length;) {
        const cp = m.text.codePointAt(j);
        for (let k = utf8(cp); k > 0; k--) origin[o++] = byteAt[m.at[j]];
        j += cp > 0xffff ? 2 : 1;
    }
    Module.folioFolded = { bytes: bytes, origin: origin };
    return bytes.length;
});

// Copies what js_fold kept: the bytes, and the origins when it kept them.
EM_JS(void, js_fold_take, (char* out, int* origin), {
    const kept = Module.folioFolded;
    Module.folioFolded = null;
    HEAPU8.set(kept.bytes, out);
    if (origin && kept.origin) HEAP32.set(kept.origin, origin >> 2);
});
// clang-format on

} // namespace

namespace folio {

std::string fold_text(const std::string& text, std::vector<int>* origin) {
    const int n = js_fold(text.data(), static_cast<int>(text.size()), origin != nullptr);
    if (n < 0) { // unreachable: the bar loads fold.js first; the text as it is then matches itself
        if (origin) {
            origin->resize(text.size() + 1);
            for (size_t i = 0; i <= text.size(); ++i)
                (*origin)[i] = static_cast<int>(i);
        }
        return text;
    }
    std::string out(static_cast<size_t>(n), '\0');
    if (origin) origin->assign(static_cast<size_t>(n) + 1, static_cast<int>(text.size()));
    js_fold_take(out.data(), origin ? origin->data() : nullptr);
    return out;
}

} // namespace folio
