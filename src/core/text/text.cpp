// folio core: text utilities. See text.h.
#include "core/text/text.h"

#include <cstdint>
#include <cstring>

namespace folio {

bool xml_char(uint32_t cp) {
    return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) ||
           (cp >= 0x10000 && cp <= 0x10FFFF);
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

// Where the bytes from i stop being kept as written: the first byte that is not an XML character, or
// not valid UTF-8, or one that escape(b) replaces. Plain ASCII goes eight bytes at a time (a page is mostly
// markup, and every page passes through here whole).
template <class Escape> size_t kept_until(std::string_view s, size_t i, Escape escape) {
    const size_t n = s.size();
    const char* d = s.data();
    while (i < n) {
        for (uint64_t w; i + 8 <= n; i += 8) {
            std::memcpy(&w, d + i, 8);
            const uint64_t high = 0x8080808080808080ULL, spaces = 0x2020202020202020ULL;
            if ((w & high) || ((w - spaces) & ~w & high)) break; // a byte from 0x80, or one below the space
            if (escape.any(w)) break;
        }
        if (i >= n) break;
        const unsigned char b = static_cast<unsigned char>(d[i]);
        if (b < 0x80) {
            if (!xml_ascii(b) || escape(b)) return i;
            ++i;
            continue;
        }
        uint32_t cp = 0;
        const size_t len = utf8_decode(s, i, cp);
        if (len == 0 || !xml_char(cp)) return i;
        i += len;
    }
    return n;
}

// Appends s to out with what XML 1.0 forbids dropped, invalid UTF-8 as U+FFFD, and each allowed ASCII byte
// b replaced by escape(b) when that is not null. The runs that stay as written are copied whole.
template <class Escape> void clean_into(std::string& out, std::string_view s, size_t from, Escape escape) {
    for (size_t i = from; i < s.size();) {
        const size_t kept = kept_until(s, i, escape);
        out.append(s.substr(i, kept - i));
        if (kept >= s.size()) break;
        const unsigned char b = static_cast<unsigned char>(s[kept]);
        size_t len = 1;
        if (b < 0x80) {
            const char* with = xml_ascii(b) ? escape(b) : nullptr; // not allowed: dropped
            if (with) out += with;
        } else {
            uint32_t cp = 0;
            len = utf8_decode(s, kept, cp);
            if (len == 0) out += "\xEF\xBF\xBD", len = 1; // else not an XML character: dropped
        }
        i = kept + len;
    }
}

// No escaping: clean_text's.
struct KeepAscii {
    const char* operator()(unsigned char) const { return nullptr; }
    static bool any(uint64_t) { return false; }
};

// & < > " ' escaped: html_escape's.
struct EscapeHtml {
    const char* operator()(unsigned char c) const {
        switch (c) {
        case '&': return "&amp;";
        case '<': return "&lt;";
        case '>': return "&gt;";
        case '"': return "&quot;";
        case '\'': return "&#39;";
        default: return nullptr;
        }
    }
    // Whether any of the eight (ASCII) bytes of w is one of them.
    static bool any(uint64_t w) {
        const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
        auto has = [&](unsigned char c) {
            const uint64_t x = w ^ (ones * c);
            return ((x - ones) & ~x & high) != 0;
        };
        return has('&') || has('<') || has('>') || has('"') || has('\'');
    }
};

} // namespace

std::string clean_text(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    clean_into(out, s, 0, KeepAscii{});
    return out;
}

std::string clean_text(std::string&& s) {
    const size_t kept = kept_until(s, 0, KeepAscii{});
    if (kept == s.size()) return std::move(s); // the common case: nothing to clean, nothing to copy
    std::string out;
    out.reserve(s.size());
    out.append(s, 0, kept);
    clean_into(out, s, kept, KeepAscii{});
    return out;
}

// &#39; rather than &apos;: valid in HTML and XML alike.
std::string html_escape(const std::string& s) {
    std::string out;
    out.reserve(s.size() + s.size() / 8);
    clean_into(out, s, 0, EscapeHtml{});
    return out;
}

void append_html_escaped(std::string& out, std::string_view s) { clean_into(out, s, 0, EscapeHtml{}); }

std::string replace_all(const std::string& s, const std::string& from, const std::string& to) {
    std::string out;
    size_t at = 0;
    for (size_t hit; (hit = s.find(from, at)) != std::string::npos; at = hit + from.size())
        out.append(s, at, hit - at) += to;
    return out.append(s, at, std::string::npos);
}

bool language_tag(std::string_view s) {
    size_t part = 0; // length of the part being read
    bool first = true;
    for (size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || s[i] == '-') {
            if (part == 0 || part > 8) return false;
            part = 0;
            first = false;
            continue;
        }
        const char c = s[i];
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (!letter && (first || c < '0' || c > '9')) return false;
        ++part;
    }
    return true;
}

} // namespace folio
