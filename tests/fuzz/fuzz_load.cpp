// libFuzzer target: any bytes as the text of content.json, through the whole loader.
//
// load_site_json() parses (json_source: UTF-8 check, the iterative position walk, nlohmann), validates
// every section, and, when the text is a clean bundle, derives (Markdown bodies, word counts, tags).
// No file reader is passed, so "body_file" is always an error here; inline "body" reaches the Markdown
// parser. Whatever the input, it must return normally: no crash, leak, sanitizer report or exception.
//
// Seeds: tests/fuzz/corpus/load. Run: tests/fuzz/run.sh.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/load.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    folio::Site site;
    folio::Diagnostics diags;
    bool ok = folio::load_site_json("content.json", std::move(text), site, diags);

    // The contract in load.h: clean exactly when no diagnostic was added.
    if (ok != diags.empty()) std::abort();
    for (const folio::Diagnostic& d : diags) {
        // Every diagnostic is printable and points inside the text (or nowhere).
        if (d.line < 0 || d.column < 0 || d.message.empty()) std::abort();
        if (folio::format_diagnostic(d).empty()) std::abort();
    }
    if (ok) {
        // A clean bundle serialises, and what it serialises loads again, cleanly.
        std::string again = folio::site_to_json(site);
        folio::Site site2;
        folio::Diagnostics diags2;
        if (!folio::load_site_json("site.json", again, site2, diags2)) std::abort();
        if (site2.writing.size() != site.writing.size()) std::abort();
    }
    return 0;
}
