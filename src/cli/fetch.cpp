// folio cli: one file from the web (fetch.h), with libcurl's easy interface.
#include "cli/fetch.h"

#include <curl/curl.h>

namespace folio::cli {

namespace {

struct Sink {
    std::string* body;
    size_t max;
    bool too_big = false;
};

size_t take(char* data, size_t size, size_t count, void* user) {
    Sink& s = *static_cast<Sink*>(user);
    const size_t n = size * count;
    if (s.body->size() + n > s.max) {
        s.too_big = true;
        return 0; // stops the transfer
    }
    s.body->append(data, n);
    return n;
}

std::string lower_type(const char* type) {
    std::string out;
    for (const char* c = type ? type : ""; *c && *c != ';' && *c != ' '; ++c)
        out += static_cast<char>(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    return out;
}

} // namespace

bool fetch_url(const std::string& url, Fetched& out, std::string& why, size_t max_bytes) {
    static const bool ready = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
    CURL* curl = ready ? curl_easy_init() : nullptr;
    if (!curl) {
        why = "the download library could not start";
        return false;
    }
    out = Fetched{};
    Sink sink{&out.body, max_bytes};
    char error[CURL_ERROR_SIZE] = "";
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 15L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "folio-import");
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, ""); // whatever the library can decode
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, take);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &sink);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    const CURLcode rc = curl_easy_perform(curl);
    long status = 0;
    char* type = nullptr;
    char* final_url = nullptr;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &type);
    curl_easy_getinfo(curl, CURLINFO_EFFECTIVE_URL, &final_url);
    out.content_type = lower_type(type);
    out.final_url = final_url ? final_url : url;
    curl_easy_cleanup(curl);
    if (sink.too_big) {
        why = "it is larger than " + std::to_string(max_bytes >> 20) + " MB";
        return false;
    }
    if (rc == CURLE_OPERATION_TIMEDOUT) {
        why = "the host did not answer in time";
        return false;
    }
    if (rc != CURLE_OK) {
        why = error[0] ? error : curl_easy_strerror(rc);
        return false;
    }
    if (status < 200 || status >= 300) {
        why = "the host answered HTTP " + std::to_string(status);
        return false;
    }
    return true;
}

} // namespace folio::cli
