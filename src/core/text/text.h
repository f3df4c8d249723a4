// folio core: text utilities every emitter shares: one UTF-8 decoder, cleaning to what XML 1.0 allows,
// escaping for HTML and XML.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace folio {

// Decodes the UTF-8 sequence at s[i]. Returns its length, or 0 when it is malformed (overlong,
// truncated, a surrogate or past U+10FFFF), so the caller can replace it.
// Inline: the layout decodes every character it measures, several times over.
inline size_t utf8_decode(std::string_view s, size_t i, uint32_t& cp) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) return cp = b, 1;
    const size_t len = (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + len > s.size()) return 0;
    uint32_t c = b & (0x7Fu >> len);
    for (size_t k = 1; k < len; ++k) {
        const unsigned char t = static_cast<unsigned char>(s[i + k]);
        if ((t & 0xC0) != 0x80) return 0;
        c = (c << 6) | (t & 0x3F);
    }
    const uint32_t least = len == 2 ? 0x80 : len == 3 ? 0x800 : 0x10000;
    if (c < least || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
    return cp = c, len;
}

// Offset of the first byte that is not valid UTF-8 (overlong forms and surrogates included), or npos.
size_t find_invalid_utf8(std::string_view s);

// Whether s is a language tag as BCP 47 writes one ("fr", "pt-BR", "zh-Hant-TW", "x-klingon"): a first
// part of 1 to 8 letters, then parts of 1 to 8 letters or digits, joined by hyphens. Only the form is
// checked: a browser takes any such tag, and one it does not know reads as the page's language.
bool language_tag(std::string_view s);

// Index just past the character at s[i]; a malformed byte counts as one character.
size_t utf8_next(const std::string& s, size_t i);

// Appends cp as UTF-8; a NUL, a surrogate or anything past U+10FFFF becomes U+FFFD.
void utf8_append(std::string& out, uint32_t cp);

// XML 1.0's Char production: the code points a feed or page may contain.
bool xml_char(uint32_t cp);

// Valid UTF-8 with only XML 1.0 characters: malformed bytes become U+FFFD, forbidden characters
// (control characters other than tab, newline and carriage return; U+FFFE, U+FFFF) are dropped.
std::string clean_text(const std::string& s);
// The same, without a copy when s is clean already (a whole page usually is).
std::string clean_text(std::string&& s);

// Cleans, then escapes & < > " ' (the same escaping serves HTML text, attributes and XML).
std::string html_escape(const std::string& s);
// html_escape(s) appended to out.
void append_html_escaped(std::string& out, std::string_view s);

// Replaces every occurrence of `from` (non-empty) with `to`.
std::string replace_all(const std::string& s, const std::string& from, const std::string& to);

} // namespace folio
