// folio core: Markdown (CommonMark + tables, strikethrough, autolinks) to a Document, through md4c.
#pragma once

#include <string>
#include <vector>

#include "core/document.h"

namespace folio {

// Something in the source an author should know about (raw HTML dropped or turned into a link).
struct SourceNote {
    int line = 0, column = 0; // 1-based, in the Markdown text
    std::string message;
};

// Never fails: any byte sequence is some Markdown. Raw HTML is mapped to a safe subset (raw_html.h),
// fenced code with a known language is highlighted (highlight.h), headings get ids. What the mapping
// dropped or changed goes to notes, when given.
// gumbo_only: every piece of raw HTML goes through gumbo, also where raw_html.h's simple_inline_html
// gives the same nodes without it (the reference the tests compare that with).
Document parse_markdown(const std::string& markdown, std::vector<SourceNote>* notes = nullptr, bool gumbo_only = false);

} // namespace folio
