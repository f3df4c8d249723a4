// folio core: names in any script. See names.h.
#include "core/text/names.h"

#include <cstdio>
#include <cstdlib>

#include <utf8proc.h>

namespace folio {

namespace {

const char* const kHint = "use letters and digits of any script, and hyphens between them";

std::string code_point_label(utf8proc_int32_t cp) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
    return buf;
}

// Characters that draw nothing, or reorder what is around them: a name holding one looks like another.
bool invisible(utf8proc_int32_t cp, utf8proc_category_t cat) {
    return cat == UTF8PROC_CATEGORY_CF || cat == UTF8PROC_CATEGORY_CC || cat == UTF8PROC_CATEGORY_CO ||
           cat == UTF8PROC_CATEGORY_CS || cat == UTF8PROC_CATEGORY_CN || cp == 0x115F || cp == 0x1160 || cp == 0x3164 ||
           cp == 0xFFA0 || (cp >= 0xFE00 && cp <= 0xFE0F); // fillers, variation selectors
}

bool letter_mark_or_digit(utf8proc_category_t cat) {
    switch (cat) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:
    case UTF8PROC_CATEGORY_MN:
    case UTF8PROC_CATEGORY_MC:
    case UTF8PROC_CATEGORY_ME:
    case UTF8PROC_CATEGORY_ND:
    case UTF8PROC_CATEGORY_NL:
    case UTF8PROC_CATEGORY_NO: return true;
    default: return false;
    }
}

} // namespace

NameCheck check_name(const std::string& raw) {
    NameCheck out;
    if (raw.empty()) {
        out.problem = "is empty";
        out.hint = kHint;
        return out;
    }
    // The raw text first: an invisible character is named where the author wrote it, before folding.
    const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(raw.data());
    for (utf8proc_ssize_t i = 0, n = static_cast<utf8proc_ssize_t>(raw.size()); i < n;) {
        utf8proc_int32_t cp = -1;
        const utf8proc_ssize_t len = utf8proc_iterate(bytes + i, n - i, &cp);
        if (len <= 0) {
            out.problem = "is not valid UTF-8";
            out.hint = "save the file as UTF-8";
            return out;
        }
        i += len;
        const utf8proc_category_t cat = utf8proc_category(cp);
        if (invisible(cp, cat)) {
            out.problem = "holds " + code_point_label(cp) + ", an invisible character";
            out.hint = "remove it: a name with an invisible character looks like another name";
            return out;
        }
        if (cp == '-' || letter_mark_or_digit(cat)) continue;
        out.problem = cp == ' ' ? "holds a space" : "holds '" + raw.substr(i - len, len) + "'";
        out.hint = kHint;
        return out;
    }
    utf8proc_uint8_t* folded = nullptr;
    const utf8proc_ssize_t len =
        utf8proc_map(bytes, static_cast<utf8proc_ssize_t>(raw.size()), &folded,
                     static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD));
    if (len < 0) {
        out.problem = "cannot be normalised";
        out.hint = kHint;
        return out;
    }
    out.normal.assign(reinterpret_cast<const char*>(folded), static_cast<size_t>(len));
    std::free(folded);
    if (out.normal.front() == '-' || out.normal.back() == '-') {
        out.problem = "starts or ends with a hyphen";
        out.hint = kHint;
    }
    return out;
}

std::string name_from_text(const std::string& text) {
    std::string raw;
    bool gap = false;
    const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
    for (utf8proc_ssize_t i = 0, n = static_cast<utf8proc_ssize_t>(text.size()); i < n;) {
        utf8proc_int32_t cp = -1;
        const utf8proc_ssize_t len = utf8proc_iterate(bytes + i, n - i, &cp);
        if (len <= 0) return "";
        const utf8proc_category_t cat = utf8proc_category(cp);
        if (cp == '\'' || cp == 0x2019) { // "don't" is "dont"
        } else if (letter_mark_or_digit(cat) && !invisible(cp, cat)) {
            if (gap && !raw.empty()) raw += '-';
            raw.append(text, static_cast<size_t>(i), static_cast<size_t>(len));
            gap = false;
        } else {
            gap = true;
        }
        i += len;
    }
    if (raw.empty()) return "";
    NameCheck c = check_name(raw);
    return c.problem.empty() ? c.normal : "";
}

} // namespace folio
