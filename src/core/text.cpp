// folio core: text utilities. See text.h.
#include "core/text.h"

namespace folio {

bool xml_char(uint32_t cp) {
    return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) ||
           (cp >= 0x10000 && cp <= 0x10FFFF);
}

size_t utf8_decode(std::string_view s, size_t i, uint32_t& cp) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    size_t len = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + len > s.size()) return 0;
    static const uint32_t lead_mask[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    static const uint32_t min_cp[] = {0, 0, 0x80, 0x800, 0x10000};
    cp = b & lead_mask[len];
    for (size_t k = 1; k < len; ++k) {
        const unsigned char c = static_cast<unsigned char>(s[i + k]);
        if ((c & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (c & 0x3F);
    }
    if (cp < min_cp[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return len;
}

size_t find_invalid_utf8(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        uint32_t cp = 0;
        size_t len = utf8_decode(s, i, cp); // overlong forms, surrogates and past U+10FFFF are malformed
        if (len == 0) return i;
        i += len;
    }
    return std::string::npos;
}

size_t utf8_next(const std::string& s, size_t i) {
    uint32_t cp = 0;
    size_t len = utf8_decode(s, i, cp);
    return i + (len == 0 ? 1 : len);
}

void utf8_append(std::string& out, uint32_t cp) {
    if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
    if (cp < 0x80) {
        out += static_cast<char>(cp);
        return;
    }
    const int len = cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    static const unsigned char lead[] = {0, 0, 0xC0, 0xE0, 0xF0};
    out += static_cast<char>(lead[len] | (cp >> (6 * (len - 1))));
    for (int k = len - 2; k >= 0; --k)
        out += static_cast<char>(0x80 | ((cp >> (6 * k)) & 0x3F));
}

namespace {

// An ASCII byte that XML 1.0 allows: tab, newline, carriage return and everything from the space up.
bool xml_ascii(unsigned char b) { return b >= 0x20 || b == 0x9 || b == 0xA || b == 0xD; }

// s with what XML 1.0 forbids dropped, invalid UTF-8 as U+FFFD, and each allowed ASCII byte b replaced
// by escape(b) when that is not null. The runs that stay as written are copied whole, not byte by byte.
template <class Escape> std::string clean_with(const std::string& s, size_t extra, Escape escape) {
    std::string out;
    out.reserve(s.size() + extra);
    size_t run = 0; // the first byte not yet copied
    for (size_t i = 0; i < s.size();) {
        const unsigned char b = static_cast<unsigned char>(s[i]);
        const char* with = nullptr;
        size_t len = 1;
        if (b < 0x80) {
            with = xml_ascii(b) ? escape(b) : "";
        } else {
            uint32_t cp = 0;
            len = utf8_decode(s, i, cp);
            if (len == 0)
                with = "\xEF\xBF\xBD", len = 1;
            else if (!xml_char(cp))
                with = "";
        }
        if (with) {
            out.append(s, run, i - run);
            out += with;
            run = i + len;
        }
        i += len;
    }
    return out.append(s, run, std::string::npos);
}

} // namespace

std::string clean_text(const std::string& s) {
    return clean_with(s, 0, [](unsigned char) -> const char* { return nullptr; });
}

// &#39; rather than &apos;: valid in HTML and XML alike.
std::string html_escape(const std::string& s) {
    return clean_with(s, s.size() / 8, [](unsigned char c) -> const char* {
        switch (c) {
        case '&': return "&amp;";
        case '<': return "&lt;";
        case '>': return "&gt;";
        case '"': return "&quot;";
        case '\'': return "&#39;";
        default: return nullptr;
        }
    });
}

std::string replace_all(const std::string& s, const std::string& from, const std::string& to) {
    std::string out;
    size_t at = 0;
    for (size_t hit; (hit = s.find(from, at)) != std::string::npos; at = hit + from.size())
        out.append(s, at, hit - at) += to;
    return out.append(s, at, std::string::npos);
}

} // namespace folio
