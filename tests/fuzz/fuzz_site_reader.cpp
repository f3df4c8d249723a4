// libFuzzer target: any bytes as what the browser downloads from the build (site_reader.h): site.json, an
// article's body tree, or a fold chunk. The first byte chooses which reader; the rest is the file.
//
// The browser trusts these files' shape but not their bytes (a truncated download, a hand-edited file),
// so whatever the input, each reader must return normally: no crash, leak, sanitizer report or hang. A
// failed read names its file and leaves its output empty (site_reader.h promises both). A tree that
// reads cleanly is written again (document_json_text) and must read back to the same bytes: the reader
// and the writer agree. A broken promise aborts with a message, so libFuzzer saves the input like any
// crash.
//
// Seeds: tests/fuzz/corpus/site_reader (a byte 's', 't' or 'f', then a file the build wrote).
// Replayed by ctest (fuzz_site_reader_replay). Run: tests/fuzz/run.sh fuzz_site_reader.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/wire/document_json.h"
#include "core/wire/site_reader.h"

namespace {

void require(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_site_reader: broken invariant: %s\n", what);
    std::abort();
}

void require_failure_named(const std::string& error, const char* file) {
    require(error.rfind(file, 0) == 0, "a failed read whose message does not start with the file's name");
}

void read_site(std::string_view text) {
    folio::Site site;
    std::string error;
    if (folio::read_built_site(text, site, error)) return;
    require_failure_named(error, "site.json");
    require(site.writing.empty() && site.contents.empty() && site.timeline.empty(), "a failed site.json left entries");
}

void read_tree(std::string_view text) {
    folio::Document d;
    std::string error;
    if (!folio::read_built_tree(text, d, error)) {
        require_failure_named(error, "body");
        require(d.children.empty() && d.text.empty(), "a failed tree left content");
        return;
    }
    const std::string written = folio::document_json_text(d);
    folio::Document again;
    require(folio::read_built_tree(written, again, error), "a tree read cleanly was written as one that does not read");
    require(folio::document_json_text(again) == written, "a tree changed when written and read again");
}

void read_fold(std::string_view text) {
    folio::FoldEntries entries;
    std::string error;
    if (folio::read_built_fold(text, entries, error)) return;
    require_failure_named(error, "fold chunk");
    require(entries.writing.empty() && entries.items.empty() && entries.timeline.empty(),
            "a failed fold chunk left entries");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const int reader = data[0] == 's' ? 0 : data[0] == 't' ? 1 : data[0] == 'f' ? 2 : data[0] % 3;
    if (reader == 0)
        read_site(text);
    else if (reader == 1)
        read_tree(text);
    else
        read_fold(text);
    return 0;
}
