// folio core: what the model derives from what the author wrote (numbers, words, tags, links).
#pragma once

#include "core/model.h"

namespace folio {

// Sorts articles newest first and numbers them (newest = count), parses every Markdown body, counts
// words and reading time, links previous/next, builds the tag index, resolves timeline references and
// pull-request addresses. Assumes the site passed validation.
void derive(Site& site);

// Site paths of the images a document shows ("/images/x.png"), each once, percent-decoded: the files they
// name ("/images/a%20b.png" -> "/images/a b.png"). Other sites' images are not listed.
std::vector<std::string> collect_local_images(const Node& doc);

// "%20" -> " ", "%C3%A9" -> "é"; malformed escapes stay as written. A site path names a file by its
// decoded name; a URL's #fragment names a heading id the same way.
std::string decode_percent(const std::string& s);

// Relative links and images ("../x", "pic.png") become the site paths a browser would follow from route, so
// the book, the HTML and the feed all read the same address; a "#part" alone stays.
void resolve_relative_links(Node& doc, const std::string& route);

// Sets an article's body as a finished tree and counts its words and reading time.
void set_body_tree(Article& a, Document body);
#ifndef FOLIO_TREES_ONLY
// Sets an article's Markdown body: parses it (natively: the browser only receives trees), then as above.
void set_body(Article& a, const std::string& markdown);
#endif

} // namespace folio
