// folio CLI: the preview's static server (`folio preview`): a built site served the way a static host
// serves it, so what the preview shows is what the published site shows (docs/hosting.md).
//
// - A folder's index.html answers for the folder, with or without the trailing slash, without a redirect.
// - A path that is not in the site answers 404.html with status 404, so the book shows its own page.
// - The types a browser insists on (application/wasm for streaming compilation, text/javascript, font/ttf).
// - Nothing is cached (Cache-Control: no-store): the preview rewrites site.json while the page is open.
// - Paths are percent-decoded as bytes (routes may be Chinese or Arabic: UTF-8 file names); a path that
//   would climb out of the root ("..", "%2e%2e") is refused, as is a symbolic link leading out of it.
// HTTP/1.1, GET and HEAD, keep-alive; a thread per connection. No ranges, no compression: a preview.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace folio {

// Decodes %XX escapes into bytes ('+' stays '+': this is a path). False on a malformed escape or a NUL.
bool percent_decode(std::string_view in, std::string& out);

// The segments of a decoded path, "" and "." dropped and ".." taking back the one before it. False when
// a ".." would leave the root.
bool path_segments(const std::string& path, std::vector<std::string>& out);

// The Content-Type for a file, by its extension (application/octet-stream when unknown).
const char* content_type(const std::string& file);

// What a static host answers for a request target: the status and the file whose bytes are the body
// ("" for a short text of the server's own: no 404.html, or a bad request).
struct StaticAnswer {
    int status = 404;
    std::string file;
};
StaticAnswer resolve_target(const std::string& root, const std::string& target);

class StaticServer {
public:
    StaticServer() = default;
    ~StaticServer();
    StaticServer(const StaticServer&) = delete;
    StaticServer& operator=(const StaticServer&) = delete;

    // Binds and listens on host:port (port 0: any free port). False, with a sentence for the author in
    // `error`, when it cannot (the port is taken, the host is not this machine's).
    bool listen(const std::string& host, int port, std::string& error);
    int port() const { return port_; }
    std::string url() const; // http://HOST:PORT/

    // Answers requests from the files under root until stop() says so (asked a few times a second).
    void serve(const std::string& root, const std::function<bool()>& stop);

    // Called, on the connection's thread, with each request's target before it is answered: the preview
    // holds a question for news there (preview.cpp: "/preview-status.json?after=N" waits for version N+1).
    std::function<void(const std::string& target)> before_answer;

private:
    int fd_ = -1;
    int port_ = 0;
    std::string host_;
};

} // namespace folio
