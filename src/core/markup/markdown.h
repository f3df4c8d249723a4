// folio core: Markdown (CommonMark + tables, strikethrough, autolinks, GFM footnotes) to a Document, through
// md4c. Footnotes, and <xmp>/<plaintext> that hold blank lines, are read around md4c (markdown.cpp).
#pragma once

#include <string>
#include <vector>

#include "core/model/document.h"

namespace folio {

// Something in the source an author should know about (raw HTML dropped or turned into a link).
struct SourceNote {
    int line = 0, column = 0; // 1-based, in the Markdown text
    std::string message;
};

// Never fails: any byte sequence is some Markdown. Raw HTML is mapped to a safe subset (raw_html.h),
// fenced code with a known language is highlighted (highlight.h), headings get ids, footnotes become
// superscript links to notes listed at the end (docs/content.md, "Footnotes"). What the mapping dropped or
// changed, and footnotes referred to but not defined or defined but not referred to, go to notes, when given.
// gumbo_only: every piece of raw HTML goes through gumbo, also where raw_html.h's simple_inline_html
// gives the same nodes without it (the reference the tests compare that with).
Document parse_markdown(const std::string& markdown, std::vector<SourceNote>* notes = nullptr, bool gumbo_only = false);

} // namespace folio
