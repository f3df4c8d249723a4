// folio core: the link policy. See links.h.
#include "core/model/links.h"

namespace folio {

namespace {

bool scheme_char(char c, bool first) {
    bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    return first ? alpha : alpha || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
}

// The scheme in lower case ("https"), or "" when the address has none (a path, relative or not).
std::string scheme_of(const std::string& s) {
    size_t i = 0;
    while (i < s.size() && scheme_char(s[i], i == 0))
        ++i;
    if (i == 0 || i >= s.size() || s[i] != ':') return "";
    std::string out = s.substr(0, i);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

} // namespace

// What a URL parser sees: tab, LF and CR removed; C0 controls and spaces trimmed at both ends.
std::string parsed_form(const std::string& href) {
    std::string s;
    for (char c : href)
        if (c != '\t' && c != '\n' && c != '\r') s += c;
    size_t b = 0, e = s.size();
    while (b < e && static_cast<unsigned char>(s[b]) <= 0x20)
        ++b;
    while (e > b && static_cast<unsigned char>(s[e - 1]) <= 0x20)
        --e;
    return s.substr(b, e - b);
}

LinkKind classify(const std::string& href) {
    const std::string s = parsed_form(href);
    if (s.empty()) return LinkKind::Unsafe;
    if (s[0] == '#') return s.size() > 1 ? LinkKind::Fragment : LinkKind::Unsafe;
    // "//host" and "/\host" (and "\\host") name another host: browsers read a backslash as a slash.
    if (s[0] == '/' || s[0] == '\\') {
        bool other_host = s[0] == '\\' || (s.size() > 1 && (s[1] == '/' || s[1] == '\\'));
        return other_host ? LinkKind::Unsafe : LinkKind::SitePath;
    }
    const std::string scheme = scheme_of(s);
    if (scheme == "https" || scheme == "http") return LinkKind::Web;
    if (scheme == "mailto") return LinkKind::Mail;
    return LinkKind::Unsafe;
}

std::string image_origin(const std::string& src) {
    if (!other_host_image(src)) return "";
    const std::string s = parsed_form(src);
    const size_t start = s.find("://");
    if (start == std::string::npos) return "";
    std::string authority = s.substr(start + 3, s.find_first_of("/?#\\", start + 3) - start - 3);
    authority.erase(0, authority.rfind('@') + 1); // user:password@ is no part of an origin
    if (authority.empty()) return "";
    std::string out;
    for (char c : s.substr(0, start + 3) + authority) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        // A CSP host source is ASCII: a host written in another script needs its punycode form.
        const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == ':' ||
                        c == '/' || c == '[' || c == ']';
        if (!ok) return "";
        out += c;
    }
    return out;
}

bool embedded_image(const std::string& src) {
    // "jpg" is no registered type, but pasted pictures often say it and browsers draw them.
    static const char* const kTypes[] = {"png", "jpeg", "jpg", "gif", "webp", "avif"};
    const size_t comma = src.find(',');
    if (comma == std::string::npos || comma > 40) return false;
    std::string head = src.substr(0, comma);
    for (char& c : head)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    bool known = false;
    for (const char* t : kTypes)
        known = known || head == std::string("data:image/") + t + ";base64";
    if (!known || comma + 1 >= src.size()) return false;
    for (size_t i = comma + 1; i < src.size(); ++i) {
        const char c = src[i];
        const bool base64 = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
                            c == '/' || c == '=';
        if (!base64) return false;
    }
    return true;
}

bool site_file(const std::string& path) {
    std::string p = path.substr(0, path.find_first_of("?#"));
    size_t slash = p.rfind('/');
    return p.find('.', slash == std::string::npos ? 0 : slash) != std::string::npos;
}

} // namespace folio
