// folio core: URLs as a browser reads them. See url.h.
#include "core/text/url.h"

namespace folio {

namespace {

bool alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool digit(char c) { return c >= '0' && c <= '9'; }

int hex_value(char c) {
    if (digit(c)) return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// RFC 3986 unreserved and reserved characters, and '%' (escapes are kept as written). '[' and ']' are
// reserved only for an IPv6 host, which the caller handles.
bool literal_in_url(char c) {
    if (alpha(c) || digit(c)) return true;
    switch (c) {
    case '-':
    case '.':
    case '_':
    case '~': // unreserved
    case ':':
    case '/':
    case '?':
    case '#':
    case '@': // gen-delims
    case '!':
    case '$':
    case '&':
    case '\'':
    case '(':
    case ')':
    case '*':
    case '+':
    case ',':
    case ';':
    case '=':
    case '%': return true;
    default: return false;
    }
}

// The authority's extent in an absolute "scheme://host/..." URL: [begin, end), or begin == end.
void authority_extent(const std::string& url, size_t& begin, size_t& end) {
    begin = end = 0;
    std::string scheme = url_scheme(url);
    size_t after = scheme.empty() ? 0 : scheme.size() + 1;
    if (url.compare(after, 2, "//") != 0) return;
    begin = after + 2;
    end = url.find_first_of("/?#", begin);
    if (end == std::string::npos) end = url.size();
}

struct Reference {
    std::string path, query, fragment; // query and fragment keep their '?' / '#'
};

Reference split(const std::string& s) {
    Reference r;
    size_t hash = s.find('#');
    std::string rest = s.substr(0, hash);
    if (hash != std::string::npos) r.fragment = s.substr(hash);
    size_t q = rest.find('?');
    r.path = rest.substr(0, q);
    if (q != std::string::npos) r.query = rest.substr(q);
    return r;
}

} // namespace

std::string url_scheme(const std::string& url) {
    if (url.empty() || !alpha(url[0])) return "";
    for (size_t i = 1; i < url.size(); ++i) {
        char c = url[i];
        if (c == ':') {
            std::string s = url.substr(0, i);
            for (char& ch : s)
                if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
            return s;
        }
        if (!(alpha(c) || digit(c) || c == '+' || c == '-' || c == '.')) return "";
    }
    return "";
}

bool relative_reference(const std::string& ref) {
    if (!ref.empty() && (ref[0] == '/' || ref[0] == '\\')) return false;
    return url_scheme(ref).empty();
}

std::string percent_encode_url(const std::string& url) {
    static const char hex[] = "0123456789ABCDEF";
    size_t host_begin = 0, host_end = 0;
    authority_extent(url, host_begin, host_end);
    std::string out;
    out.reserve(url.size());
    for (size_t i = 0; i < url.size(); ++i) {
        char c = url[i];
        bool bracket_in_host = (c == '[' || c == ']') && i >= host_begin && i < host_end;
        if (literal_in_url(c) || bracket_in_host) {
            out += c;
        } else {
            unsigned char b = static_cast<unsigned char>(c);
            out += '%';
            out += hex[b >> 4];
            out += hex[b & 15];
        }
    }
    return out;
}

std::string percent_decode(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
            out += static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

std::string remove_dot_segments(const std::string& path) {
    // Segment by segment: "." is dropped, ".." drops the last kept segment (never past the root).
    bool absolute = !path.empty() && path[0] == '/';
    std::string out;
    size_t i = absolute ? 1 : 0;
    while (i <= path.size()) {
        size_t slash = path.find('/', i);
        bool last = slash == std::string::npos;
        std::string seg = path.substr(i, last ? std::string::npos : slash - i);
        if (seg == "..") {
            size_t cut = out.rfind('/');
            out.erase(cut == std::string::npos ? 0 : cut);
            if (last) out += '/';
        } else if (seg == ".") {
            if (last) out += '/';
        } else {
            out += '/';
            out += seg;
        }
        if (last) break;
        i = slash + 1;
    }
    if (!absolute && !out.empty() && out[0] == '/') out.erase(0, 1);
    if (absolute && out.empty()) out = "/";
    return out;
}

std::string resolve_reference(const std::string& base, const std::string& ref) {
    if (!url_scheme(ref).empty() || ref.compare(0, 2, "//") == 0) return ref;
    Reference b = split(base), r = split(ref);
    std::string path, query = r.query;
    if (r.path.empty()) {
        path = b.path;
        if (r.query.empty()) query = b.query;
    } else if (r.path[0] == '/') {
        path = remove_dot_segments(r.path);
    } else {
        size_t slash = b.path.rfind('/');
        std::string dir = slash == std::string::npos ? "/" : b.path.substr(0, slash + 1);
        path = remove_dot_segments(dir + r.path);
    }
    if (path.empty() || path[0] != '/') path.insert(0, "/");
    return path + query + r.fragment;
}

} // namespace folio
