// folio CLI: where a build's files go, and the article bodies' chunk files. See output.h.
#include "cli/output.h"

#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include "cli/build.h"
#include "core/bundle/load.h"

namespace fs = std::filesystem;

namespace folio {

// One open, one write, one close: a 10,000-page build writes as many files, and the folder is made only
// when the open says it is missing (no stat before every file).
bool write_file(const fs::path& path, const std::string& data) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0 && errno == ENOENT) {
        std::error_code ec;
        fs::create_directories(path.parent_path(), ec);
        fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    }
    if (fd < 0) return false;
    for (size_t at = 0; at < data.size();) {
        const ssize_t n = ::write(fd, data.data() + at, data.size() - at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            ::close(fd);
            return false;
        }
        at += static_cast<size_t>(n);
    }
    return ::close(fd) == 0;
}

bool replace_file(const fs::path& path, const std::string& data) {
    fs::path tmp = path;
    tmp += ".tmp";
    if (!write_file(tmp, data)) return false;
    std::error_code ec;
    fs::rename(tmp, path, ec);
    return !ec;
}

namespace {

unsigned long long fnv1a(const std::string& data) {
    unsigned long long h = 1469598103934665603ULL;
    for (unsigned char c : data)
        h = (h ^ c) * 1099511628211ULL;
    return h;
}

} // namespace

std::string gzip(const std::string& data) {
    z_stream z{};
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return data;
    std::string out(deflateBound(&z, data.size()), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int done = deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return done == Z_STREAM_END ? out : data;
}

std::string chunk_path(const char* folder, const std::string& data) {
    return std::string("assets/") + folder + "/" + content_hash(data) + ".json.gz";
}

std::string content_hash(const std::string& data) {
    const unsigned long long h = fnv1a(data);
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", h);
    return std::string(buf, 10);
}

//-----------------------------------------------------------------------------
// [SECTION] Output
//-----------------------------------------------------------------------------

Output::Output(fs::path root, bool in_place, bool track) : root_(std::move(root)), in_place_(in_place), track_(track) {
    if (in_place_) read_manifest();
}

bool Output::write(const std::string& path, const std::string& data) {
    if (track_) {
        const std::string hash = content_hash(data);
        std::lock_guard<std::mutex> lock(mutex_);
        written_[path] = hash;
        auto old = previous_.find(path);
        if (old != previous_.end() && old->second == hash) return true;
        ++changed_;
    } else {
        std::lock_guard<std::mutex> lock(mutex_);
        ++count_;
    }
    const fs::path file = root_ / path;
    if (!in_place_) return write_file(file, data);
    const bool ok = replace_file(file, data);
    if (ok && track_) { // written twice in one round (the preview's first pass, then the rest): not stale
        std::lock_guard<std::mutex> lock(mutex_);
        previous_[path] = written_[path];
    }
    return ok;
}

bool Output::keep(const std::string& path) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto old = previous_.find(path);
    if (old == previous_.end()) return false;
    written_[path] = old->second;
    return true;
}

void Output::start_round() {
    std::lock_guard<std::mutex> lock(mutex_);
    changed_ = count_ = 0;
}

size_t Output::count() const { return track_ && !written_.empty() ? written_.size() : count_; }

bool Output::finish() {
    if (!track_) return true;
    std::error_code ec;
    for (const auto& [path, hash] : previous_)
        if (!written_.count(path)) {
            fs::remove(root_ / path, ec);
            ++changed_;
            // and its folder, when nothing is left in it (a removed article's page)
            for (fs::path dir = (root_ / path).parent_path(); dir != root_ && fs::remove(dir, ec);)
                dir = dir.parent_path();
        }
    std::string text;
    for (const auto& [path, hash] : written_)
        text += hash + " " + path + "\n";
    const bool ok = write_file(root_ / ".folio-manifest", text);
    count_ = written_.size();
    previous_ = std::move(written_);
    written_.clear();
    return ok;
}

void Output::read_manifest() {
    std::string text;
    if (!read_whole_file((root_ / ".folio-manifest").string(), text)) return;
    std::istringstream in(text);
    std::string hash, path;
    while (in >> hash && std::getline(in >> std::ws, path))
        if (fs::exists(root_ / path)) previous_[path] = hash;
}

//-----------------------------------------------------------------------------
// [SECTION] Target
//-----------------------------------------------------------------------------

void open_target(Target& t, const std::string& out_dir, bool incremental, Output* kept) {
    t.out = fs::absolute(out_dir).lexically_normal();
    if (t.out.filename().empty()) t.out = t.out.parent_path();
    t.in_place = incremental && fs::exists(t.out / ".folio-manifest");
    t.folder =
        t.in_place ? t.out : t.out.parent_path() / (t.out.filename().string() + ".tmp-" + std::to_string(getpid()));
    if (!t.in_place) fs::remove_all(t.folder, t.ec);
    if (!t.in_place || !kept) t.own.emplace(t.folder, t.in_place, incremental);
    t.output = t.own ? &*t.own : kept;
}

void discard_target(Target& t) {
    if (!t.in_place) fs::remove_all(t.folder, t.ec);
}

bool move_into_place(Target& t, std::string& error) {
    const fs::path old = t.out.parent_path() / (t.out.filename().string() + ".old-" + std::to_string(getpid()));
    const bool had_old = fs::exists(t.out);
    if (had_old) fs::rename(t.out, old, t.ec);
    if (t.ec) {
        fs::remove_all(t.folder, t.ec);
        error = "cannot move the previous output aside: " + t.out.string();
        return false;
    }
    fs::rename(t.folder, t.out, t.ec);
    if (t.ec) {
        if (had_old) fs::rename(old, t.out, t.ec);
        error = "cannot move the new output into place: " + t.out.string();
        return false;
    }
    if (had_old) fs::remove_all(old, t.ec);
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Article bodies in chunk files
//-----------------------------------------------------------------------------

bool chunk_ends_after(const std::string& slug, size_t bytes) {
    return bytes >= kChunkBytes || (bytes >= kChunkMinBytes && (fnv1a(slug) >> 32) % 4 == 0);
}

namespace {

// The articles whose body has a tree of its own, oldest first. (folio build has released the Markdown
// once parsed, DeriveOptions; an empty body is still not the opening.)
std::vector<Article*> bodies_oldest_first(Site& site) {
    std::vector<Article*> oldest_first;
    for (auto it = site.writing.rbegin(); it != site.writing.rend(); ++it)
        if (it->body_markdown != it->opening) oldest_first.push_back(&*it);
    return oldest_first;
}

// Sets the members' body_url: their byte ranges in the chunk at path. Made in one buffer and assigned only
// where it differs: the preview addresses all 10,000 articles every edit, and most keep theirs.
void address_members(const std::vector<std::pair<Article*, size_t>>& members, const std::string& path) {
    std::string url = "/" + path + "#";
    const size_t prefix = url.size();
    size_t at = 0;
    for (const auto& [a, size] : members) {
        url.resize(prefix);
        url.append(std::to_string(at)).append("-").append(std::to_string(size));
        if (a->body_url != url) a->body_url = url;
        at += size;
    }
}

// A whole build: the trees are written by every core, a batch at a time (the batch's text only is in
// memory), then packed in order.
void pack_streaming(Site& site, const std::function<void(BodyChunk&&)>& sink) {
    std::vector<std::pair<Article*, size_t>> members; // article, bytes of its tree
    std::string data;
    auto flush = [&]() {
        if (data.empty()) return;
        const std::string path = chunk_path("bodies", data);
        address_members(members, path);
        sink(BodyChunk{path, std::move(data)});
        data.clear();
        members.clear();
    };
    const std::vector<Article*> oldest_first = bodies_oldest_first(site);
    constexpr size_t kBatch = 256;
    std::vector<std::string> trees(kBatch);
    for (size_t start = 0; start < oldest_first.size(); start += kBatch) {
        const size_t count = std::min(kBatch, oldest_first.size() - start);
        parallel_for(count, [&](size_t i) { trees[i] = body_tree_json(*oldest_first[start + i]); });
        for (size_t i = 0; i < count; ++i) {
            members.push_back({oldest_first[start + i], trees[i].size()});
            data += trees[i];
            std::string().swap(trees[i]);
            if (chunk_ends_after(oldest_first[start + i]->slug, data.size())) flush();
        }
    }
    flush();
}

// The cached tree of each article (a new one empty); articles no longer there (or no longer with a body of
// their own) are forgotten. One look-up an article when the articles are those of the last pack.
std::vector<BodyChunkCache::Tree*> cached_trees(BodyChunkCache& cache, const std::vector<Article*>& oldest_first) {
    std::vector<BodyChunkCache::Tree*> trees(oldest_first.size(), nullptr);
    bool same = cache.trees.size() == oldest_first.size();
    for (size_t i = 0; same && i < oldest_first.size(); ++i) {
        auto it = cache.trees.find(oldest_first[i]->slug);
        same = it != cache.trees.end();
        trees[i] = same ? &it->second : nullptr;
    }
    if (same) return trees;
    std::unordered_map<std::string, BodyChunkCache::Tree> kept;
    for (const Article* a : oldest_first) {
        auto old = cache.trees.find(a->slug);
        kept[a->slug] = old != cache.trees.end() ? std::move(old->second) : BodyChunkCache::Tree{};
    }
    cache.trees = std::move(kept);
    for (size_t i = 0; i < oldest_first.size(); ++i)
        trees[i] = &cache.trees[oldest_first[i]->slug];
    return trees;
}

// Makes the trees of the articles at `stale` again from their Markdown, each with a new version.
void make_trees(const std::vector<Article*>& order, const std::vector<BodyChunkCache::Tree*>& trees,
                const std::vector<size_t>& stale, BodyChunkCache& cache) {
    parallel_for(stale.size(), [&](size_t k) {
        const size_t i = stale[k];
        trees[i]->markdown = order[i]->body_markdown;
        trees[i]->json = body_tree_json(*order[i]);
    });
    for (size_t i : stale)
        trees[i]->version = cache.next_version++;
}

// Cuts the trees from `from` on into chunks as a whole pack does: each chunk to the sink (kept when a cached
// chunk has the same trees, in order), its members addressed, and appended to `out`. Stops at the first
// chunk end that `resume` takes (the chunks from there on are the cached ones) and returns it; else the end.
size_t cut_chunks(const std::vector<Article*>& order, const std::vector<BodyChunkCache::Tree*>& trees, size_t from,
                  const std::unordered_map<uint64_t, const BodyChunkCache::Chunk*>& cached,
                  std::vector<BodyChunkCache::Chunk>& out, const std::function<void(BodyChunk&&)>& sink,
                  const std::function<bool(size_t)>& resume) {
    std::vector<std::pair<Article*, size_t>> members;
    BodyChunkCache::Chunk chunk;
    chunk.first = from;
    size_t bytes = 0;
    for (size_t i = from; i < order.size(); ++i) {
        members.push_back({order[i], trees[i]->json.size()});
        chunk.members.push_back(trees[i]->version);
        bytes += trees[i]->json.size();
        if (i + 1 < order.size() && !chunk_ends_after(order[i]->slug, bytes)) continue;
        auto old = cached.find(chunk.members.front());
        if (old != cached.end() && old->second->members == chunk.members) {
            chunk.path = old->second->path;
            sink(BodyChunk{chunk.path, {}, true});
        } else {
            std::string data;
            data.reserve(bytes);
            for (size_t k = chunk.first; k <= i; ++k)
                data += trees[k]->json;
            chunk.path = chunk_path("bodies", data);
            sink(BodyChunk{chunk.path, std::move(data)});
        }
        address_members(members, chunk.path);
        out.push_back(std::move(chunk));
        chunk = {};
        chunk.first = i + 1;
        members.clear();
        bytes = 0;
        if (i + 1 < order.size() && resume(i + 1)) return i + 1;
    }
    return order.size();
}

// The cached chunks by their first tree, not by their place: an edit that splits a chunk in two (or joins
// two) shifts every chunk after it by one, and those would all be made and compressed again (1,387 of
// 2,787 at 10,000 articles: seconds, not milliseconds).
std::unordered_map<uint64_t, const BodyChunkCache::Chunk*> chunks_by_first_tree(const BodyChunkCache& cache) {
    std::unordered_map<uint64_t, const BodyChunkCache::Chunk*> cached;
    for (const BodyChunkCache::Chunk& c : cache.chunks)
        cached[c.members.front()] = &c;
    return cached;
}

// The preview's edit of a few articles (cache.only_changed), every article where the last pack left it:
// only the chunks from the first edited article's to where the chunk ends meet the cached ones again are
// cut (a chunk or two); the others are kept, their members' addresses as they were, rather than all
// 10,000 articles cut, addressed and compared again on every edit. False when the articles moved.
bool pack_edited(const std::vector<Article*>& order, BodyChunkCache& cache,
                 const std::function<void(BodyChunk&&)>& sink) {
    const size_t n = order.size();
    if (n == 0 || n != cache.order.size() || cache.chunks.empty()) return false;
    std::vector<unsigned long long> edited;
    for (const std::string& slug : *cache.only_changed)
        edited.push_back(fnv1a(slug));
    std::vector<size_t> stale;
    for (size_t i = 0; i < n; ++i) {
        const unsigned long long h = fnv1a(order[i]->slug);
        if (order[i] != cache.order[i] || h != cache.slug_hashes[i]) return false;
        if (std::find(edited.begin(), edited.end(), h) == edited.end() || !cache.only_changed->count(order[i]->slug))
            continue;
        const BodyChunkCache::Tree& t = *cache.order_trees[i];
        if (t.version == 0 || t.markdown != order[i]->body_markdown) stale.push_back(i);
    }
    std::vector<BodyChunkCache::Chunk> chunks;
    auto keep_from = [&](size_t c) {
        for (; c < cache.chunks.size(); ++c) {
            sink(BodyChunk{cache.chunks[c].path, {}, true});
            chunks.push_back(std::move(cache.chunks[c]));
        }
    };
    if (stale.empty()) { // saved as it was
        keep_from(0);
        cache.chunks = std::move(chunks);
        return true;
    }
    make_trees(order, cache.order_trees, stale, cache);
    auto cached_chunk_at = [&](size_t at) { // the place of the cached chunk that starts at `at`, else their count
        auto c = std::lower_bound(cache.chunks.begin(), cache.chunks.end(), at,
                                  [](const BodyChunkCache::Chunk& chunk, size_t i) { return chunk.first < i; });
        return c != cache.chunks.end() && c->first == at ? static_cast<size_t>(c - cache.chunks.begin())
                                                         : cache.chunks.size();
    };
    // The cached chunk holding the first edited article: those before it are kept.
    size_t first = std::upper_bound(cache.chunks.begin(), cache.chunks.end(), stale.front(),
                                    [](size_t i, const BodyChunkCache::Chunk& chunk) { return i < chunk.first; }) -
                   cache.chunks.begin() - 1;
    for (size_t c = 0; c < first; ++c)
        sink(BodyChunk{cache.chunks[c].path, {}, true});
    const auto cached = chunks_by_first_tree(cache);
    std::vector<BodyChunkCache::Chunk> cut;
    const size_t resumed =
        cut_chunks(order, cache.order_trees, cache.chunks[first].first, cached, cut, sink,
                   [&](size_t at) { return at > stale.back() && cached_chunk_at(at) < cache.chunks.size(); });
    for (size_t c = 0; c < first; ++c)
        chunks.push_back(std::move(cache.chunks[c]));
    for (BodyChunkCache::Chunk& c : cut)
        chunks.push_back(std::move(c));
    keep_from(cached_chunk_at(resumed));
    cache.chunks = std::move(chunks);
    return true;
}

// The preview: every tree is cached; a chunk whose members are the cached chunk's, tree for tree, is kept.
void pack_cached(Site& site, BodyChunkCache& cache, const std::function<void(BodyChunk&&)>& sink) {
    const std::vector<Article*> oldest_first = bodies_oldest_first(site);
    const bool edited = cache.only_changed && pack_edited(oldest_first, cache, sink);
    if (!edited) {
        const std::vector<BodyChunkCache::Tree*> trees = cached_trees(cache, oldest_first);
        std::vector<size_t> stale;
        for (size_t i = 0; i < oldest_first.size(); ++i) {
            const Article& a = *oldest_first[i];
            const BodyChunkCache::Tree& t = *trees[i];
            const bool may_differ = !cache.only_changed || cache.only_changed->count(a.slug);
            if (t.version == 0 || (may_differ && t.markdown != a.body_markdown)) stale.push_back(i);
        }
        make_trees(oldest_first, trees, stale, cache);
        std::vector<BodyChunkCache::Chunk> chunks;
        cut_chunks(oldest_first, trees, 0, chunks_by_first_tree(cache), chunks, sink, [](size_t) { return false; });
        cache.chunks = std::move(chunks);
        cache.order.assign(oldest_first.begin(), oldest_first.end());
        cache.order_trees = trees;
        cache.slug_hashes.clear();
        for (const Article* a : oldest_first)
            cache.slug_hashes.push_back(fnv1a(a->slug));
    }
    cache.only_changed.reset();
}

} // namespace

void pack_bodies(Site& site, BodyChunkCache* cache, const std::function<void(BodyChunk&&)>& sink) {
    if (cache)
        pack_cached(site, *cache, sink);
    else
        pack_streaming(site, sink);
}

} // namespace folio
