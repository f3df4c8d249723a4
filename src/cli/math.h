// folio cli: the articles' formulas typeset at build time, TeX to MathML Core, by Temml (npm) through
// tools/math.cjs, once per build for every formula at once. Native only: the book sets a formula's TeX
// (compose.cpp); the static pages and the feed show the MathML (html_document.h).
#pragma once

#include <string>

#include "core/bundle/diagnostics.h"
#include "core/model/model.h"

namespace folio {

// Fills site.mathml (by math_key) for every formula of the articles. A formula Temml cannot parse is a
// warning where the Markdown writes it, and shows as its TeX. Without node or Temml the formulas show as
// TeX too, and one warning says how to get them typeset. Nothing runs for a site without formulas.
void typeset_math(Site& site, const std::string& bundle_dir, Diagnostics& warnings);

// Whether a body holds a formula.
bool has_formula(const Node& body);

} // namespace folio
