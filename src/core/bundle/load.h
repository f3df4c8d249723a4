// folio core: loading a content bundle into the model.
//
// Two entry points: load_bundle() reads a folder from disk (the CLI and tests); load_site_json() reads
// content.json's text already in memory (tests, the fuzzer). Both report every problem at once; the Site is
// complete only when no diagnostic was added. The browser reads what `folio build` writes (site.json)
// with site_reader.h instead: that was validated here before it was written.
#pragma once

#include <string>
#include <vector>

#include "core/bundle/diagnostics.h"
#include "core/model/derive.h"
#include "core/model/model.h"

namespace folio {

struct Drafts; // posts.h

// content.json as the preview's builder keeps it between rebuilds, so that an edit inside one article's
// entry is read again alone (reload_content).
struct BundleText {
    std::string text;                       // content.json as loaded
    std::vector<size_t> writing_at;         // where each "writing" entry (its '{') starts in text
    std::vector<std::string> writing_slugs; // each entry's slug, in the author's order (post files' are not)
};

// derive() for a site read from its sources: the Markdown bodies and the loves' and work's intros parsed
// (the build's side: the browser receives trees, wire/site_reader.h).
void derive_sources(Site& site, DeriveOptions options = {});

// Sets an article's body from Markdown: parsed, then as derive.h's set_body_parsed.
void set_body(Article& a, const std::string& markdown);

// Reads BUNDLE/content.json, the Markdown files it names and the post files under BUNDLE/writing that it
// does not name (posts.h); validates; derives. Returns true if clean. The Markdown files are read and
// parsed through options.parallel (derive.h). When kept is given and the bundle loads clean, it is filled
// for reload_content. Drafts and posts dated after today are left out, or kept and marked with
// drafts->show; drafts->held lists them (null: left out, by the local date).
bool load_bundle(const std::string& bundle_dir, Site& site, Diagnostics& out, const DeriveOptions& options = {},
                 BundleText* kept = nullptr, Drafts* drafts = nullptr);

// What a partial reload did.
enum class Reload {
    Done,   // the model is up to date; `changed` names the articles read again
    Errors, // the edit has errors, in `out` exactly as a whole load reports them; site and kept unchanged
    Whole,  // not an edit this can read alone (or its errors need the whole text to place): load_bundle
};

// content.json changed from kept.text to text. When the bytes that differ lie inside one "writing" entry
// and its slug stays, only that entry is read (its positions are those of the whole file) and, with its
// Markdown file, replaces the article in site (loaded clean from kept, derived); only what that article
// can change is derived again (its order, neighbours and folds when its date moved, the tag index when
// its tags changed; derive_site whole when its images changed). When the entry is read alone, text is
// given the old text's buffer in exchange: the next edit's read fills memory already in use.
Reload reload_content(const std::string& bundle_dir, std::string& text, BundleText& kept, Site& site, Diagnostics& out,
                      std::vector<std::string>& changed);

// The Markdown file body_file changed: the articles it is the body of are parsed again (a post file's
// front matter read again too: Whole when its slug, date, aliases or being held back changed).
Reload reload_markdown(const std::string& bundle_dir, const std::string& body_file, Site& site,
                       std::vector<std::string>& changed);

// Validates and derives from JSON text. Markdown files named by body_file are read through read_file
// (may be null: then body_file is an error). file_label is used in messages. There are no post files;
// drafts as for load_bundle.
using ReadFile = bool (*)(const std::string& path, std::string& contents, void* user);
// read_file must be safe to call from several threads at once when options.parallel is given.
bool load_site_json(const std::string& file_label, std::string text, Site& site, Diagnostics& out,
                    ReadFile read_file = nullptr, void* user = nullptr, const DeriveOptions& options = {},
                    Drafts* drafts = nullptr);

// Reads a whole file (native only). False if it cannot be opened.
bool read_whole_file(const std::string& path, std::string& contents);
// The same into buffer, in the memory it holds (it grows only for a longer file): false, and buffer
// cleared, when the file cannot be read.
bool read_whole_file_into(const std::string& path, std::string& buffer);

// One JSON document: what the browser loads (site_reader.h reads it). With separate_bodies, an article whose body is
// more than its opening paragraph carries a body_url instead (its document tree, fetched when the article is opened),
// so the first view of a large archive does not download every article. The address is the article's
// body_url when set (`folio build` packs bodies into a few chunk files), else body_url(a).
std::string site_to_json(const Site& site, bool separate_bodies = false);
// An article's body on its own, as a document tree (document_json.h): "/writing/<slug>/body.json".
std::string body_url(const Article& a);
// That file's contents.
std::string body_tree_json(const Article& a);

} // namespace folio
