// folio CLI: the preview's static server. See serve.h.
#include "cli/serve.h"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <system_error>
#include <thread>

#include "core/bundle/load.h"

namespace folio {

namespace {

constexpr size_t kMaxHead = 64 * 1024; // a request's line and headers: browsers send a few hundred bytes
constexpr int kIdleSeconds = 30;       // a kept-alive connection with nothing asked is closed after this
constexpr int kMaxConnections = 128;   // a thread each; a browser opens about six
constexpr int kStopCheckMs = 200;      // how often serve() asks whether to stop

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

} // namespace

bool percent_decode(std::string_view in, std::string& out) {
    out.clear();
    for (size_t i = 0; i < in.size(); ++i) {
        char c = in[i];
        if (c == '%') {
            const int hi = i + 2 < in.size() ? hex_value(in[i + 1]) : -1;
            const int lo = hi >= 0 ? hex_value(in[i + 2]) : -1;
            if (lo < 0) return false;
            c = static_cast<char>(hi * 16 + lo);
            i += 2;
        }
        if (c == '\0') return false;
        out += c;
    }
    return true;
}

bool path_segments(const std::string& path, std::vector<std::string>& out) {
    out.clear();
    for (size_t at = 0; at <= path.size();) {
        size_t end = path.find('/', at);
        if (end == std::string::npos) end = path.size();
        const std::string segment = path.substr(at, end - at);
        at = end + 1;
        if (segment.empty() || segment == ".") continue;
        if (segment != "..") {
            out.push_back(segment);
            continue;
        }
        if (out.empty()) return false;
        out.pop_back();
    }
    return true;
}

const char* content_type(const std::string& file) {
    static constexpr struct {
        const char* ext;
        const char* type;
    } kTypes[] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".json", "application/json"},
        {".wasm", "application/wasm"},
        {".ttf", "font/ttf"},
        {".otf", "font/otf"},
        {".woff2", "font/woff2"},
        {".xml", "application/xml"},
        {".txt", "text/plain; charset=utf-8"},
        {".md", "text/markdown; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".jpg", "image/jpeg"},
        {".jpeg", "image/jpeg"},
        {".gif", "image/gif"},
        {".webp", "image/webp"},
        {".avif", "image/avif"},
        {".ico", "image/x-icon"},
    };
    const size_t slash = file.rfind('/'), dot = file.rfind('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "application/octet-stream";
    std::string ext = file.substr(dot);
    for (char& c : ext)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    for (const auto& t : kTypes)
        if (ext == t.ext) return t.type;
    return "application/octet-stream";
}

namespace {

bool is_file(const std::string& path) {
    struct stat st {};
    return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool is_folder(const std::string& path) {
    struct stat st {};
    return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string real_path(const std::string& path) {
    char buf[PATH_MAX];
    return realpath(path.c_str(), buf) ? std::string(buf) : std::string();
}

// The path part of a request target: origin-form ("/a/b?q") or absolute-form ("http://host/a/b?q").
// False for anything else ("*", a relative path).
bool target_path(const std::string& target, std::string& path) {
    size_t start = 0;
    const size_t scheme = target.find("://");
    if (!target.empty() && target[0] != '/') {
        if (scheme == std::string::npos) return false;
        start = target.find('/', scheme + 3);
        if (start == std::string::npos) return path = "/", true;
    }
    const size_t end = target.find_first_of("?#", start);
    path = target.substr(start, end == std::string::npos ? std::string::npos : end - start);
    return !path.empty() && path[0] == '/';
}

} // namespace

StaticAnswer resolve_target(const std::string& root, const std::string& target) {
    std::string raw, decoded;
    std::vector<std::string> segments;
    if (!target_path(target, raw) || !percent_decode(raw, decoded) || !path_segments(decoded, segments))
        return {400, ""};
    // Resolved again on every request: a full build replaces the root folder whole.
    const std::string real_root = real_path(root);
    if (real_root.empty()) return {404, ""};
    std::string file = real_root;
    for (const std::string& s : segments)
        file += "/" + s;
    if (is_folder(file)) file += "/index.html";
    const std::string real = real_path(file);
    const bool inside = real.size() > real_root.size() && real.compare(0, real_root.size(), real_root) == 0 &&
                        real[real_root.size()] == '/';
    if (inside && is_file(real)) return {200, real};
    const std::string not_found = real_root + "/404.html";
    return {404, is_file(not_found) ? not_found : ""};
}

namespace {

const char* reason(int status) {
    switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 431: return "Request Header Fields Too Large";
    default: return "Internal Server Error";
    }
}

bool send_all(int fd, const std::string& data) {
    for (size_t at = 0; at < data.size();) {
        // MSG_NOSIGNAL: a reader that went away is an error here, not the end of the process (SIGPIPE).
        const ssize_t n = send(fd, data.data() + at, data.size() - at, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        at += static_cast<size_t>(n);
    }
    return true;
}

struct Request {
    std::string method, target;
    bool keep_alive = true;
    bool has_body = false;     // not read: the connection closes after the answer
    bool accepts_gzip = false; // Accept-Encoding names gzip
};

std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

std::string trimmed(const std::string& s) {
    const size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// The request line and the headers that matter here. False when the line is not HTTP.
bool parse_request(const std::string& head, Request& r) {
    size_t eol = head.find("\r\n");
    const std::string line = head.substr(0, eol);
    const size_t sp1 = line.find(' '), sp2 = line.rfind(' ');
    if (sp1 == std::string::npos || sp2 == sp1) return false;
    r.method = line.substr(0, sp1);
    r.target = line.substr(sp1 + 1, sp2 - sp1 - 1);
    const std::string version = line.substr(sp2 + 1);
    if (version.compare(0, 5, "HTTP/") != 0) return false;
    r.keep_alive = version != "HTTP/1.0";
    while (eol != std::string::npos && eol + 2 < head.size()) {
        const size_t start = eol + 2;
        eol = head.find("\r\n", start);
        const std::string header = head.substr(start, eol == std::string::npos ? std::string::npos : eol - start);
        const size_t colon = header.find(':');
        if (colon == std::string::npos) continue;
        const std::string name = lower(trimmed(header.substr(0, colon))),
                          value = lower(trimmed(header.substr(colon + 1)));
        if (name == "connection" && value.find("close") != std::string::npos) r.keep_alive = false;
        if (name == "connection" && value.find("keep-alive") != std::string::npos) r.keep_alive = true;
        if ((name == "content-length" && value != "0") || name == "transfer-encoding") r.has_body = true;
        if (name == "accept-encoding" && value.find("gzip") != std::string::npos) r.accepts_gzip = true;
    }
    return true;
}

// A file folio stores compressed (a chunk or a search shard, "*.json.gz"): sent as its JSON with
// Content-Encoding gzip to a client that takes it, so the browser's network stack inflates it, not the
// page's own stream (web/downloads.js: folio.inflate passes bytes already inflated). That stream took
// several tasks, 2 to 5 ms of an edited article's body chunk in the preview.
bool stored_gzip(const std::string& file) {
    const std::string ext = ".json.gz";
    return file.size() > ext.size() && file.compare(file.size() - ext.size(), ext.size(), ext) == 0;
}

// Sends an answer: the file's bytes, or a line of the server's own; false when the connection is to close.
bool send_answer(int fd, StaticAnswer a, bool head_only, bool keep, bool accepts_gzip = false) {
    std::string body;
    if (!a.file.empty() && !read_whole_file(a.file, body)) a = {500, ""};
    const bool gzip = accepts_gzip && !a.file.empty() && stored_gzip(a.file);
    const char* type = gzip ? "application/json" : a.file.empty() ? "text/plain; charset=utf-8" : content_type(a.file);
    if (a.file.empty()) body = std::to_string(a.status) + " " + reason(a.status) + "\n";
    keep = keep && a.status != 400 && a.status != 431;
    std::string out =
        "HTTP/1.1 " + std::to_string(a.status) + " " + reason(a.status) + "\r\n" + "Content-Type: " + type +
        "\r\nContent-Length: " + std::to_string(body.size()) + (gzip ? "\r\nContent-Encoding: gzip" : "") +
        "\r\nCache-Control: no-store\r\nServer: folio-preview\r\n" + (a.status == 405 ? "Allow: GET, HEAD\r\n" : "") +
        (keep ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n");
    if (!head_only) out += body;
    return send_all(fd, out) && keep;
}

bool answer(int fd, const std::string& root, const Request& r, const std::function<void(const std::string&)>& before) {
    if (before) before(r.target);
    const bool head_only = r.method == "HEAD";
    const StaticAnswer a = r.method == "GET" || head_only ? resolve_target(root, r.target) : StaticAnswer{405, ""};
    return send_answer(fd, a, head_only, r.keep_alive && !r.has_body, r.accepts_gzip);
}

// One connection: its requests in turn (kept alive), until the client closes, stays idle, or errs.
void serve_connection(int fd, const std::string& root, const std::function<void(const std::string&)>& before) {
    timeval idle{kIdleSeconds, 0};
    // Each answer is sent whole at once: without Nagle's wait, an answer on a kept-alive connection is not
    // held until the browser acknowledges the one before (its delayed ACK: up to 40 ms). An edited
    // article's body chunk, 3 KB, took 30 to 70 ms to arrive after its site.json.
    const int no_delay = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &no_delay, sizeof no_delay);
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &idle, sizeof idle);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &idle, sizeof idle);
    std::string buffer;
    char chunk[8192];
    for (;;) {
        size_t end;
        while ((end = buffer.find("\r\n\r\n")) == std::string::npos) {
            if (buffer.size() > kMaxHead) {
                send_answer(fd, {431, ""}, false, false);
                return;
            }
            const ssize_t n = recv(fd, chunk, sizeof chunk, 0);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return;
            buffer.append(chunk, static_cast<size_t>(n));
        }
        const std::string head = buffer.substr(0, end + 2);
        buffer.erase(0, end + 4);
        Request r;
        if (!parse_request(head, r)) {
            send_answer(fd, {400, ""}, false, false);
            return;
        }
        if (!answer(fd, root, r, before)) return;
    }
}

std::string listen_error(int err, const std::string& host, int port) {
    const std::string where = host + ":" + std::to_string(port);
    if (err == EADDRINUSE)
        return "port " + std::to_string(port) + " on " + host +
               " is taken (another preview, or another server?); choose another with --port N";
    if (err == EACCES) return "not allowed to listen on " + where + "; choose a port above 1023 with --port N";
    if (err == EADDRNOTAVAIL) return host + " is not an address of this machine; try --host 127.0.0.1";
    return "cannot listen on " + where + ": " + std::strerror(err);
}

} // namespace

StaticServer::~StaticServer() {
    if (fd_ >= 0) close(fd_);
}

bool StaticServer::listen(const std::string& host, int port, std::string& error) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    addrinfo* found = nullptr;
    const int rc = getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
    if (rc != 0) {
        error = "cannot listen on " + host + ": " + gai_strerror(rc);
        return false;
    }
    std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> list(found, freeaddrinfo);
    int err = EADDRNOTAVAIL;
    for (addrinfo* ai = found; ai; ai = ai->ai_next) {
        const int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
        if (fd < 0) {
            err = errno;
            continue;
        }
        // A preview started again at once can take its port back (connections of the last one may linger).
        const int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, ai->ai_addr, ai->ai_addrlen) == 0 && ::listen(fd, 128) == 0) {
            sockaddr_storage bound{};
            socklen_t len = sizeof bound;
            getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &len);
            char port_text[NI_MAXSERV];
            getnameinfo(reinterpret_cast<sockaddr*>(&bound), len, nullptr, 0, port_text, sizeof port_text,
                        NI_NUMERICSERV);
            fd_ = fd;
            port_ = std::atoi(port_text);
            host_ = host;
            return true;
        }
        err = errno;
        close(fd);
    }
    error = listen_error(err, host, port);
    return false;
}

std::string StaticServer::url() const {
    const bool v6 = host_.find(':') != std::string::npos;
    return "http://" + (v6 ? "[" + host_ + "]" : host_) + ":" + std::to_string(port_) + "/";
}

void StaticServer::serve(const std::string& root, const std::function<bool()>& stop) {
    // Shared with the connections' threads, which may outlive this call (they are detached).
    auto open = std::make_shared<std::atomic<int>>(0);
    const std::function<void(const std::string&)> before = before_answer;
    while (!stop()) {
        pollfd p{fd_, POLLIN, 0};
        if (poll(&p, 1, kStopCheckMs) <= 0) continue;
        const int client = accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0) continue;
        if (open->load() >= kMaxConnections) {
            close(client);
            continue;
        }
        ++*open;
        try {
            std::thread([client, root, open, before] {
                serve_connection(client, root, before);
                close(client);
                --*open;
            }).detach();
        } catch (const std::system_error&) { // no thread to be had: drop this one, serve the next
            close(client);
            --*open;
        }
    }
}

} // namespace folio
