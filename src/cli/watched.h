// folio CLI: what the preview's builder watches (watch.cpp): content.json, the Markdown files it names and
// the post files under writing/. Linux tells of each change (inotify on the folders that hold them), so
// waiting costs nothing and an edit is seen at once; where it cannot (no inotify, its watches used up, its
// queue overflowed) every file's size and time are compared again, every 50 ms.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace folio {

class Watched {
public:
    explicit Watched(std::string bundle_dir);
    ~Watched();
    Watched(const Watched&) = delete;
    Watched& operator=(const Watched&) = delete;

    // Watches these files (bundle paths) from now on; those watched already keep their stamps.
    void watch(const std::vector<std::string>& files);

    // Waits until a watched file changes, or a post file is added or removed, and then stays as it is for a
    // moment (an editor may still be writing). Returns the files that changed, content.json first, and
    // kPostList when the list of post files did; takes their stamps as they are to be read.
    std::vector<std::string> wait_for_change();

    // What wait_for_change returns when a post file was added, removed or renamed.
    static constexpr const char* kPostList = "writing/*.md";

private:
    struct Touched {
        std::set<std::string> files; // bundle paths named by the events
        std::set<std::string> open;  // those written and not yet closed: an editor may still be writing
        bool post_list = false;      // a post file (or a folder under writing/) came or went
        bool all = false;            // the events were lost: compare every stamp
    };
    bool notified() const { return fd_ >= 0; }
    void watch_folder(const std::string& folder);
    void watch_posts_tree(const std::string& folder);
    bool read_events(int timeout_ms, Touched& touched);
    std::map<std::string, std::string> stamps(const Touched& touched) const;
    std::vector<std::string> take_changes(const std::map<std::string, std::string>& now);

    std::string dir_;
    std::map<std::string, std::string> stamps_; // each watched file's stamp, and kPostList's: the list
    int fd_ = -1;                               // inotify's, or -1: poll the stamps
    std::map<int, std::string> folders_;        // inotify's watch descriptors: the folder (bundle path)
};

} // namespace folio
