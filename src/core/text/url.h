// folio core: URLs as a browser reads them. Percent-encoding what a URL may not hold literally, and
// resolving a relative reference ("../other", "other#part") against the route of the page it is on.
//
// Platform-free and policy-free: whether an address may become a link at all is links.h's decision.
#pragma once

#include <string>

namespace folio {

// The scheme of an absolute URL, lower-cased ("https", "mailto", "javascript"), or "" when there is none.
// RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) followed by ':'.
std::string url_scheme(const std::string& url);

// A relative reference in RFC 3986's sense that is not a site path: no scheme, no "//authority", not
// starting with '/' or '\'. "other", "../x", "./y", "#part", "?q" and "" are; "/x", "//h/x", "a:b" are not.
bool relative_reference(const std::string& ref);

// Percent-encodes every byte a URL may not hold literally: spaces, control characters, non-ASCII (UTF-8
// bytes each as %XX), and ASCII characters outside RFC 3986's unreserved and reserved sets (" < > \ ^ `
// { | } and [ ] outside an IPv6 host). Existing %XX escapes, and a lone '%', stay: encoding is idempotent,
// so "/my%20uri" and "/my uri" both give "/my%20uri".
std::string percent_encode_url(const std::string& url);

// Decodes %XX escapes (malformed ones stay as written). For matching a site path to a file.
std::string percent_decode(const std::string& s);

// RFC 3986 section 5.2.4: "/a/b/../c/./d" -> "/a/c/d". Never climbs above the root.
std::string remove_dot_segments(const std::string& path);

// Resolves a reference against a base site path (a route such as "/writing/post", with or without a
// query or fragment), as a browser resolves a link on the page at that route (RFC 3986 section 5.2).
// References with a scheme or an authority come back unchanged; "" gives the base without its fragment.
//   resolve_reference("/writing/post", "other")      == "/writing/other"
//   resolve_reference("/writing/post", "../about")   == "/about"
//   resolve_reference("/writing/post", "#part")      == "/writing/post#part"
//   resolve_reference("/writing/post", "x?q=1#f")    == "/writing/x?q=1#f"
std::string resolve_reference(const std::string& base, const std::string& ref);

} // namespace folio
