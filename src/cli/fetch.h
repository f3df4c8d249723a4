// folio cli: one file from the web, for `folio import --fetch-images` (libcurl). Native only: nothing the
// book or the build runs ever asks the network for anything.
#pragma once

#include <string>

namespace folio::cli {

struct Fetched {
    std::string body;
    std::string content_type; // as the server said it, lower-cased, without parameters ("image/png")
    std::string final_url;    // after redirects
};

// Downloads an http(s) address, following up to five redirects (never to another scheme), within
// `max_bytes` and a time limit. False with why ("HTTP 404", "timed out after 60 s", ...) on failure.
bool fetch_url(const std::string& url, Fetched& out, std::string& why, size_t max_bytes = 32u << 20);

} // namespace folio::cli
