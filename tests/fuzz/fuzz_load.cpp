// libFuzzer target: any bytes as the text of content.json, through the whole loader.
//
// load_site_json() parses (json_source: UTF-8 check, the iterative position walk, nlohmann), validates
// every section, and, when the text is a clean bundle, derives (Markdown bodies, word counts, tags).
// No file reader is passed, so "body_file" is always an error here; an inline "body" reaches the
// Markdown parser. Whatever the input, it must return normally: no crash, leak, sanitizer report or
// escaping exception. The promises of load.h are checked too (a broken one aborts with a message, so
// libFuzzer saves the input like any crash).
//
// Seeds: tests/fuzz/corpus/load, replayed by ctest (fuzz_load_replay). Run: tests/fuzz/run.sh.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/bundle/load.h"
#include "core/wire/site_reader.h"

namespace {

void require(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_load: broken invariant: %s\n", what);
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    folio::Site site;
    folio::Diagnostics diags;
    bool ok = folio::load_site_json("content.json", std::move(text), site, diags);

    // Clean exactly when no diagnostic was added; every diagnostic printable, with a sane position.
    require(ok == diags.empty(), "the result disagrees with the diagnostics");
    for (const folio::Diagnostic& d : diags) {
        require(d.line >= 1 && d.column >= 1, "a diagnostic without a line and column");
        require(!d.message.empty(), "a diagnostic without a message");
        require(folio::format_diagnostic(d).rfind("content.json", 0) == 0, "a diagnostic that names another file");
    }
    if (ok) {
        // nlohmann reads a NUL byte outside a string as the end of the input; a clean load must not
        // have ignored whatever followed one.
        require(std::memchr(data, 0, size) == nullptr, "a text with a NUL byte loaded cleanly");
        // What the browser gets (one JSON document, bodies inlined) loads again, cleanly.
        folio::Site again;
        std::string error;
        require(folio::read_built_site(folio::site_to_json(site), again, error),
                "site_to_json() wrote a site.json the browser cannot read");
        require(again.writing.size() == site.writing.size() && again.projects.size() == site.projects.size() &&
                    again.timeline.size() == site.timeline.size() && again.contents.size() == site.contents.size(),
                "site_to_json() lost entries");
    }
    return 0;
}
