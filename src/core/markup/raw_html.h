// folio core: raw HTML in Markdown, mapped into the document tree (a safe subset), with the gumbo
// HTML5 tokenizer. Native only: the browser receives the finished trees (document_json.h).
//
// Nothing raw ever reaches a page: every element becomes a node kind of document.h or goes away.
// Media (iframe, video, audio, embed, object) become a link to their source; script, style, forms,
// event handlers and style attributes are dropped, each with a note the author sees in `folio check`.
#pragma once

#include <string>
#include <vector>

#include "core/model/document.h"

namespace folio {

// Where a stretch of the HTML text came from: bytes from `at` (up to the next origin's `at`) begin at
// byte `source` of the Markdown. A source of -1: text folio wrote itself (Markdown around the HTML).
struct HtmlOrigin {
    size_t at = 0;
    int source = -1;
};

// Something the mapping dropped or changed, at a byte offset of the Markdown source (-1: unknown).
struct HtmlNote {
    int source = -1;
    std::string message;
};

// An HTML block (blocks out), or a paragraph's content with HTML in it (inline nodes out).
std::vector<Node> html_to_nodes(const std::string& html, bool inline_content, const std::vector<HtmlOrigin>& origin,
                                std::vector<HtmlNote>* notes);

// A paragraph's run of inline nodes [from, to) whose raw HTML (NodeKind::HtmlInline) is only bare,
// balanced tags of a few kinds (<kbd>, <sup>, <sub>, <em>, <b>, ...): mapped into out without gumbo, to
// exactly what html_to_nodes gives for the run written out as HTML (markdown.cpp). Gumbo parsed a whole
// paragraph for one <kbd>: a tenth of a build of real posts. False (out untouched) for anything else: an
// attribute, another tag, an image, a tag left open or closed twice.
bool simple_inline_html(const std::vector<Node>& run, size_t from, size_t to, std::vector<Node>& out);

// The host of an absolute URL ("www.youtube.com"), or "" for a relative one.
std::string url_host(const std::string& url);

} // namespace folio
