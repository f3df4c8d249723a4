// folio core: names that become part of an address (tags, article slugs, chapter ids), in any script.
//
// As Hugo allows: letters, marks and digits of any script, and inner hyphens; NFC-normalised and
// case-folded, so "Rust" and "rust", or a decomposed "é" and a composed one, are one tag. Invisible
// characters (bidi controls, zero-width characters, other format controls) are refused: two names
// that look the same must be the same name. Addresses carry them percent-encoded (url.h).
#pragma once

#include <string>

namespace folio {

struct NameCheck {
    std::string normal;  // the name as it is used: NFC, case-folded
    std::string problem; // empty when the name is fine; else what is wrong, for a diagnostic
    std::string hint;    // what to do about it
};

// Checks and normalises a name. Native only (utf8proc): names are checked when the bundle is read.
NameCheck check_name(const std::string& raw);

// A name made from text, a title in any script ("Parsing by hand" -> "parsing-by-hand", "日本語のメモ" ->
// "日本語のメモ"): its letters, marks and digits, each run of anything else a hyphen between them,
// apostrophes dropped, then normalised as check_name does. Empty when the text has no letter or digit.
// Native only, as check_name.
std::string name_from_text(const std::string& text);

} // namespace folio
