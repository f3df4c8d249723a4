// folio core: what the model derives from what the author wrote (numbers, words, tags, links).
#pragma once

#include "core/model.h"

namespace folio {

// Sorts articles newest first and numbers them (newest = count), parses every Markdown body, counts
// words and reading time, links previous/next, builds the tag index, resolves timeline references and
// pull-request addresses. Assumes the site passed validation.
void derive(Site& site);

} // namespace folio
