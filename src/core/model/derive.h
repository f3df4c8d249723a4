// folio core: what the model derives from what the author wrote (numbers, words, tags, links).
#pragma once

#include <functional>
#include <set>

#include "core/model/model.h"
#include "core/text/parallel.h"

namespace folio {

struct DeriveOptions {
    ParallelFor parallel;      // parses the articles' bodies, each on its own (they share nothing)
    bool keep_markdown = true; // false: an article's Markdown is released once parsed, unless it is just
                               // the opening (folio build needs only the trees; an empty body_markdown
                               // still tells a body of its own from the opening)
    // Parses a Markdown body: the bundle's loader passes markdown.h's (bundle/load.h: derive_sources); the
    // browser's bodies arrive as trees, and null leaves a Markdown body unparsed.
    Document (*markdown)(const std::string& source) = nullptr;
    Site* previous = nullptr; // the same bundle loaded before (kept Markdown): an article whose Markdown
                              // is unchanged takes its parsed body from there (moved out), not parsed again
};

// Sorts articles newest first and numbers them (newest = count), parses every Markdown body, counts
// words and reading time, links previous/next, builds the tag index, resolves timeline references and
// pull-request addresses. Assumes the site passed validation.
void derive(Site& site, const DeriveOptions& options = {});

// The part of derive() that follows the bodies: what depends on the whole site (numbers, the images,
// previous/next, tags, the timeline's references, folds, the chapters). The preview's builder runs it
// again after replacing an article (load.h: reload_content). whole: the site came from a bundle (not a
// bounded site.json, whose numbers and folds are read, not derived).
void derive_site(Site& site, bool whole);

// Site paths of the images a document shows ("/images/x.png"), each once, percent-decoded: the files they
// name ("/images/a%20b.png" -> "/images/a b.png"). Other sites' images are not listed.
std::vector<std::string> collect_local_images(const Node& doc);
// The origins of the pictures on other hosts in a tree (links.h: image_origin), added to `out`.
void collect_image_origins(const Node& doc, std::set<std::string>& out);

// "%20" -> " ", "%C3%A9" -> "é"; malformed escapes stay as written. A site path names a file by its
// decoded name; a URL's #fragment names a heading id the same way.
std::string decode_percent(const std::string& s);

// A pull-request block's addresses and its "the rest (n)".
void derive_pulls(const Site& site, TimelineEntry& e);
// Relative links and images ("../x", "pic.png") become the site paths a browser would follow from route, so
// the book, the HTML and the feed all read the same address; a "#part" alone stays.
void resolve_relative_links(Node& doc, const std::string& route);

// Sets an article's body as a finished tree and counts its words and reading time.
void set_body_tree(Article& a, Document body);
// Sets an article's body from its Markdown and that Markdown parsed: relative links resolved, then as above.
void set_body_parsed(Article& a, const std::string& markdown, Document parsed);

} // namespace folio
