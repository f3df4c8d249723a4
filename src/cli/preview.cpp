// folio CLI: `folio preview`. See preview.h.
#include "cli/preview.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli/output.h"
#include "cli/serve.h"
#include "core/bundle/load.h"

namespace fs = std::filesystem;

namespace folio {

namespace {

// The folder, absolute, without a trailing slash ("." is the current folder's own name).
fs::path absolute_folder(const std::string& dir) {
    fs::path abs = fs::absolute(dir).lexically_normal();
    return abs.filename().empty() && abs.has_parent_path() ? abs.parent_path() : abs;
}

} // namespace

std::string preview_folder(const std::string& bundle) {
    const fs::path abs = absolute_folder(bundle);
    const std::string path = abs.string();
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    const char* home = std::getenv("HOME");
    fs::path cache = xdg && *xdg     ? fs::path(xdg)
                     : home && *home ? fs::path(home) / ".cache"
                                     : fs::temp_directory_path();
    // The name says whose preview it is; the hash keeps two bundles of the same name apart.
    const std::string name = abs.filename().empty() ? "site" : abs.filename().string();
    return (cache / "folio" / ("preview-" + name + "-" + content_hash(path).substr(0, 10))).string();
}

namespace {

// Waits for the builder's first round to write preview-status.json (removed before it started), or for
// the builder to stop. True when the status is there.
bool wait_first_build(const fs::path& status, const std::atomic<bool>& stopped) {
    std::error_code ec;
    while (!stopped.load()) {
        if (fs::exists(status, ec)) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return fs::exists(status, ec);
}

// The errors preview-status.json holds ("" when the bundle built).
std::string status_errors(const fs::path& status) {
    std::string text;
    if (!read_whole_file(status.string(), text)) return "";
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    return j.is_object() && j.contains("errors") && j["errors"].is_string() ? j["errors"].get<std::string>() : "";
}

// The version of preview-status.json the builder wrote last. The page asks the server for news after the
// version it has ("/preview-news.json?after=N", web/preview.js), and the server holds the question until
// the builder writes the next one: the page hears of an edit once it is built, not at its next poll. The
// page asks again once it has shown what it heard (its new site.json set, the edit's body chunks handed
// over): that question says it took version N, and the builder's work behind the page waits for it.
class StatusBoard {
public:
    void set(long version) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            version_ = version;
        }
        moved_.notify_all();
    }
    // Waits until the version is another than `seen`, or `most` has passed (the page then asks again).
    void wait_past(long seen, std::chrono::seconds most) {
        std::unique_lock<std::mutex> lock(mutex_);
        moved_.wait_for(lock, most, [&] { return version_ != seen; });
    }
    void taken(long seen) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            taken_ = std::max(taken_, seen);
        }
        moved_.notify_all();
    }
    // Waits until a page has taken `version` (true), or `most` has passed (no page is open, or it is slow).
    bool wait_taken(long version, std::chrono::milliseconds most) {
        std::unique_lock<std::mutex> lock(mutex_);
        return moved_.wait_for(lock, most, [&] { return taken_ >= version; });
    }

private:
    std::mutex mutex_;
    std::condition_variable moved_;
    long version_ = -1, taken_ = -1;
};

// N in "/preview-news.json?after=N" (what the page asks: the news with the new site.json and body chunks
// in it, cli/watch.cpp: write_status) or "/preview-status.json?after=N"; false for any other target.
bool asks_after(const std::string& target, long& seen) {
    for (const std::string prefix : {"/preview-news.json?after=", "/preview-status.json?after="}) {
        if (target.rfind(prefix, 0) != 0) continue;
        char* end = nullptr;
        seen = std::strtol(target.c_str() + prefix.size(), &end, 10);
        return end != target.c_str() + prefix.size() && *end == '\0';
    }
    return false;
}

// How long the builder's work behind the page waits for a page to take an edit: an open page takes it
// within tens of milliseconds; without one, the pages are late by this much.
constexpr std::chrono::milliseconds kPageTakesIt{100};

int builder_stopped(int rc) {
    if (rc != 0) std::fprintf(stderr, "folio preview: the builder stopped (see above)\n");
    return rc;
}

} // namespace

int run_preview(const PreviewOptions& o) {
    std::error_code ec;
    if (!fs::is_regular_file(fs::path(o.bundle) / "content.json", ec)) {
        std::fprintf(stderr, "folio preview: no content.json in %s (folio new DIR starts a bundle)\n",
                     o.bundle.c_str());
        return 1;
    }
    // Listen first: a port that is taken is said at once, before any building.
    StaticServer server;
    std::string error;
    if (!server.listen(o.host, o.port, error)) {
        std::fprintf(stderr, "folio preview: %s\n", error.c_str());
        return 1;
    }
    const fs::path out = fs::absolute(o.out.empty() ? preview_folder(o.bundle) : o.out).lexically_normal();
    const fs::path status = out / "preview-status.json";
    fs::remove(status, ec);
    BuildMode mode;
    mode.preview = mode.incremental = mode.watch = true;
    auto board = std::make_shared<StatusBoard>(); // the connections' threads may outlive this call
    mode.on_status = [board](long version) { board->set(version); };
    mode.wait_for_page = [board](long version) { return board->wait_taken(version, kPageTakesIt); };
    server.before_answer = [board](const std::string& target) {
        long seen = 0;
        if (!asks_after(target, seen)) return;
        board->taken(seen);
        board->wait_past(seen, std::chrono::seconds(25));
    };
    std::atomic<bool> stopped{false};
    int rc = 0;
    std::thread builder([&] {
        rc = watch_site(o.bundle, out.string(), o.web, o.fonts, o.shell, mode);
        stopped = true;
    });
    if (!wait_first_build(status, stopped)) {
        builder.join();
        return builder_stopped(rc);
    }
    // A bundle with errors and no earlier preview to show them on: nothing to serve yet.
    if (!status_errors(status).empty() && !fs::exists(out / "index.html", ec)) {
        std::fprintf(stderr, "folio preview: the bundle has errors (see above); fix them and run again\n");
        builder.detach(); // it waits for edits until the process ends
        return 1;
    }
    const std::string bundle = absolute_folder(o.bundle).string();
    std::printf("folio preview: serving %s at %s  (Ctrl-C to stop; edits to content.json, its Markdown and the "
                "posts under writing/ show up live)\n",
                bundle.c_str(), server.url().c_str());
    std::fflush(stdout);
    server.serve(out.string(), [&] { return stopped.load(); });
    builder.join();
    return builder_stopped(rc);
}

} // namespace folio
