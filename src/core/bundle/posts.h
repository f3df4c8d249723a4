// folio core: posts as files. Every Markdown file under the bundle's writing/ folder (at any depth, as
// Hugo's content/posts/) that no content.json entry names as its body_file is an article of its own: its
// front matter (YAML between "---" lines or TOML between "+++" lines, with the keys Hugo and Jekyll
// authors write) says what an entry would. Drafts and posts dated after today are held back from the
// built site and shown, marked, in the preview. docs/content.md, "Posts as files" and "Drafts".
//
// Native only (front_matter.h: yaml-cpp and toml++).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/bundle/diagnostics.h"
#include "core/bundle/front_matter.h"
#include "core/model/model.h"

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] Post files
//-----------------------------------------------------------------------------

// One post file, read.
struct PostFile {
    Article article;  // body_file is its path in the bundle ("writing/x.md"), post_file is set
    std::string file; // as diagnostics name it: the bundle folder, "/", the path
    KeyPlaces places; // where each front-matter key was written
    std::string lang; // its front matter's lang, if any (a site has one language: load.cpp warns)

    // Where `key` was written; the file's first line when it was not.
    void place(const char* key, int& line, int& column) const;
};

// A problem at the place `key` is written in a post's front matter (the file's first line when it is not
// written there: a slug the file name gives), said after the key: "writing/x.md:3:1: error: date: ...".
void post_error(Diagnostics& out, const PostFile& post, const char* key, std::string message, std::string hint,
                bool warning = false);

// Whether a file under writing/ is a post by its name: Markdown, not Hugo's _index.md, not an editor's dot file.
bool post_file_name(const std::filesystem::path& p);

// The Markdown files under bundle_dir/writing (those post_file_name takes, outside dot folders), as bundle
// paths ("writing/2026/x.md"), sorted.
std::vector<std::string> find_post_files(const std::string& bundle_dir);

// Reads a post file's text: its front matter, its body, its first paragraph (the opening). file is the
// name diagnostics give it. Every problem goes to out, located (file:line:column) with what to do; false
// when there was an error.
bool read_post(const std::string& path, const std::string& file, const std::string& text, PostFile& post,
               Diagnostics& out);

// A post's opening: the words of its body's first paragraph, without their markup (the feed's description,
// the lists' line). `folio import` writes what this reads, and takes the dek from it.
std::string opening_of(const std::string& body);

// Puts each post file's article the timeline does not name into its year's block (made when missing, the
// years newest first), before the first entry of that year dated earlier.
void place_posts_in_timeline(Site& site);

//-----------------------------------------------------------------------------
// [SECTION] Drafts and scheduled posts
//-----------------------------------------------------------------------------

// What a load does with drafts (a post's "draft: true", an entry's "draft": true) and posts dated after
// today, and what it held back.
struct Drafts {
    bool show = false; // the preview, build --drafts: kept, each title marked with the site's word (Words::draft)
    Date today;        // later dates are scheduled; left zero, the local date when the bundle is loaded
    std::vector<std::string> held; // filled: "writing/x.md (draft)", "content.json 'slug' (dated 2027-01-01)"
};

// The local date today.
Date local_today();

// Whether the built site holds `a` back: a draft, or dated after today.
bool held_back(const Article& a, const Date& today);

// Drops the held-back articles (and their timeline entries, and years left empty) from site, or, with
// drafts.show, marks their titles; lists them in drafts.held either way.
void apply_drafts(Site& site, Drafts& drafts);

} // namespace folio
