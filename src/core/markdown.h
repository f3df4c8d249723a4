// folio core: Markdown (CommonMark + tables, strikethrough, autolinks) to a Document, through md4c.
#pragma once

#include <string>

#include "core/document.h"

namespace folio {

// Never fails: any byte sequence is some Markdown. Raw HTML becomes text.
Document parse_markdown(const std::string& markdown);

} // namespace folio
