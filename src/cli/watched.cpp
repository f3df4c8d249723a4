// folio CLI: what the preview's builder watches. See watched.h.
#include "cli/watched.h"

#include <poll.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <thread>

#include "core/bundle/posts.h"

namespace fs = std::filesystem;

namespace folio {

namespace {

// What tells that a file changed: its size and modification time ("-" when it is not there).
std::string file_stamp(const std::string& path) {
    struct stat st {};
    if (stat(path.c_str(), &st) != 0) return "-";
    return std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." +
           std::to_string(st.st_mtim.tv_nsec);
}

// Every post file's path, one a line.
std::string post_list_stamp(const std::string& bundle_dir) {
    std::string list;
    for (const std::string& path : find_post_files(bundle_dir))
        list += path + "\n";
    return list;
}

bool in_posts_tree(const std::string& path) { return path == "writing" || path.rfind("writing/", 0) == 0; }

// What changes a folder's files: written, touched, made, removed, renamed.
constexpr uint32_t kFolderEvents =
    IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ONLYDIR;
// An edit is read once its files have been quiet for a moment: 2 ms when each was closed after its last write
// (or renamed into place), up to 500 ms while one is still open for writing (a program that truncates a file,
// then takes 20 ms to write 7 MB into it, must not be read empty), 15 ms without inotify.
constexpr int kClosedSettleMs = 2;
constexpr int kOpenSettleMs = 500;
constexpr int kSettleMs = 15;
constexpr int kPollEveryMs = 50; // without inotify

} // namespace

Watched::Watched(std::string bundle_dir) : dir_(std::move(bundle_dir)) {
    fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    watch_folder("");
    watch_posts_tree("writing");
    watch({"content.json"});
}

Watched::~Watched() {
    if (fd_ >= 0) close(fd_);
}

void Watched::watch(const std::vector<std::string>& files) {
    std::map<std::string, std::string> stamps;
    std::set<std::string> folders;
    for (const auto& [wd, folder] : folders_)
        folders.insert(folder);
    for (const std::string& f : files) {
        auto old = stamps_.find(f);
        stamps[f] = old != stamps_.end() ? old->second : file_stamp(dir_ + "/" + f);
        const std::string folder = fs::path(f).parent_path().generic_string();
        if (folders.insert(folder).second) watch_folder(folder);
    }
    auto old = stamps_.find(kPostList);
    stamps[kPostList] = old != stamps_.end() ? old->second : post_list_stamp(dir_);
    stamps_ = std::move(stamps);
}

// A folder that is not there is left (its parent's events tell when it comes, under writing/); any other
// refusal (the user's inotify watches used up) turns the events off: the stamps are polled from then on.
void Watched::watch_folder(const std::string& folder) {
    if (!notified()) return;
    const int wd = inotify_add_watch(fd_, (folder.empty() ? dir_ : dir_ + "/" + folder).c_str(), kFolderEvents);
    if (wd >= 0) {
        folders_[wd] = folder;
    } else if (errno != ENOENT && errno != ENOTDIR) {
        close(fd_);
        fd_ = -1;
        folders_.clear();
    }
}

void Watched::watch_posts_tree(const std::string& folder) {
    std::error_code ec;
    if (!notified() || !fs::is_directory(dir_ + "/" + folder, ec)) return;
    watch_folder(folder);
    fs::recursive_directory_iterator it(dir_ + "/" + folder, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec))
        if (it->is_directory(ec)) {
            if (it->path().filename().string()[0] == '.') // as find_post_files: no posts in dot folders
                it.disable_recursion_pending();
            else
                watch_folder(it->path().lexically_relative(dir_).generic_string());
        }
}

// Reads the events that come within timeout_ms (-1: waits for the first); false when none came.
bool Watched::read_events(int timeout_ms, Touched& touched) {
    pollfd p{fd_, POLLIN, 0};
    const int ready = poll(&p, 1, timeout_ms);
    if (ready < 0 && errno == EINTR) return true; // asked again
    if (ready <= 0) return false;
    alignas(inotify_event) char buffer[64 * 1024];
    bool any = false;
    for (;;) {
        const ssize_t n = read(fd_, buffer, sizeof buffer);
        if (n <= 0) {
            if (n < 0 && errno != EAGAIN && errno != EINTR) { // the events are gone: poll from now on
                close(fd_);
                fd_ = -1;
                folders_.clear();
                touched.all = true;
            }
            return any || touched.all;
        }
        any = true;
        for (ssize_t at = 0; at < n;) {
            const auto* e = reinterpret_cast<const inotify_event*>(buffer + at);
            at += static_cast<ssize_t>(sizeof(inotify_event) + e->len);
            if (e->mask & IN_Q_OVERFLOW) touched.all = true;
            auto folder = folders_.find(e->wd);
            if (folder == folders_.end()) continue;
            if (e->mask & IN_IGNORED) { // the folder is gone (its files' events came before)
                folders_.erase(folder);
                continue;
            }
            if (e->len == 0) continue;
            const std::string path = folder->second.empty() ? e->name : folder->second + "/" + e->name;
            // (an editor's swap file stays open as long as the editor: only the files read count)
            const bool read =
                !(e->mask & IN_ISDIR) && (stamps_.count(path) || (in_posts_tree(path) && post_file_name(path)));
            if (e->mask & (IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM))
                touched.open.erase(path);
            else if (read && (e->mask & (IN_MODIFY | IN_CREATE)))
                touched.open.insert(path);
            if (!in_posts_tree(path)) {
                touched.files.insert(path);
            } else if (e->mask & IN_ISDIR) { // a folder of posts came or went
                if (e->mask & (IN_CREATE | IN_MOVED_TO)) watch_posts_tree(path);
                touched.post_list = touched.post_list || e->name[0] != '.';
            } else {
                touched.files.insert(path);
                if ((e->mask & (IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)) && post_file_name(path))
                    touched.post_list = true;
            }
        }
    }
}

// The stamps now of the files the events name that are watched (of all, when they were lost).
std::map<std::string, std::string> Watched::stamps(const Touched& touched) const {
    std::map<std::string, std::string> now;
    if (touched.all) {
        for (const auto& [f, stamp] : stamps_)
            now[f] = f == kPostList ? post_list_stamp(dir_) : file_stamp(dir_ + "/" + f);
        return now;
    }
    for (const std::string& f : touched.files) // (a few: not a walk of 10,000 stamps)
        if (stamps_.count(f)) now[f] = file_stamp(dir_ + "/" + f);
    if (touched.post_list) now[kPostList] = post_list_stamp(dir_);
    return now;
}

std::vector<std::string> Watched::take_changes(const std::map<std::string, std::string>& now) {
    std::vector<std::string> changed;
    for (const auto& [f, stamp] : now) {
        std::string& before = stamps_[f];
        if (before == stamp) continue;
        before = stamp;
        changed.push_back(f);
    }
    // content.json first: it may name other files
    std::stable_partition(changed.begin(), changed.end(), [](const std::string& f) { return f == "content.json"; });
    return changed;
}

std::vector<std::string> Watched::wait_for_change() {
    for (;;) {
        Touched touched;
        if (notified()) {
            read_events(-1, touched);
            while (notified() && read_events(touched.open.empty() ? kClosedSettleMs : kOpenSettleMs, touched)) {
            }
        } else { // every stamp, until one moves and then stays
            touched.all = true;
            std::map<std::string, std::string> now, then = stamps_;
            while ((now = stamps(touched)) == then)
                std::this_thread::sleep_for(std::chrono::milliseconds(kPollEveryMs));
            for (; now != then; now = stamps(touched)) {
                std::this_thread::sleep_for(std::chrono::milliseconds(kSettleMs));
                then = std::move(now);
            }
        }
        std::vector<std::string> changed = take_changes(stamps(touched));
        if (!changed.empty()) return changed;
    }
}

} // namespace folio
