// folio CLI: where a build's files go (Output: the incremental manifest; Target: the folder a build writes,
// swapped in whole), and the article bodies packed into chunk files (pack_bodies), shared by `folio build`
// (build.cpp) and the preview's builder (watch.cpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <unordered_map>
#include <vector>

#include "core/model/model.h"

namespace folio {

// Creates the folders it needs; false when the file cannot be written.
bool write_file(const std::filesystem::path& path, const std::string& data);

// write_file through a temporary name beside path, then a rename: a reader sees the old file or the new
// one, never half of one.
bool replace_file(const std::filesystem::path& path, const std::string& data);

// FNV-1a, 64 bits, its first 10 hex digits: enough to tell versions of one file apart in a name.
std::string content_hash(const std::string& data);

// The data in gzip's format. The chunk files (article bodies, folds) are stored so, as Pagefind stores its
// fragments: the page inflates them (folio.inflate, web/downloads.js), and a host's own compression leaves
// them be (docs/first-view.md).
std::string gzip(const std::string& data);
// A chunk file's path for its (uncompressed) data: "assets/<folder>/<hash>.json.gz", folder "bodies" or
// "folds". Its contents are written through gzip.
std::string chunk_path(const char* folder, const std::string& data);

// Where the built files go. A full build writes into a fresh folder beside the target (swapped in whole
// at the end). An incremental build (the preview) writes into the target itself, and only the files
// whose contents changed, each through a temporary name: out/.folio-manifest remembers what it wrote.
// The preview's builder keeps one Output for all its rebuilds (the manifest stays in memory): each
// rebuild is a round of write()/keep() calls ended by finish(). write() and keep() may be called from
// several threads at once.
class Output {
public:
    // in_place: update root, which holds a previous build; track: keep a manifest for the next one.
    Output(std::filesystem::path root, bool in_place, bool track);

    bool write(const std::string& path, const std::string& data);
    // The file this round would write is the one the previous round wrote (the caller knows it is
    // unchanged without making it again). False when the previous round did not write it.
    bool keep(const std::string& path);
    // A new round's counts (changed(), count()) start from 0.
    void start_round();
    // Removes what the previous round wrote and this one did not; saves the manifest; starts a new round.
    bool finish();

    size_t changed() const { return changed_; }
    size_t count() const; // files in this round (or the last one, once finished)

private:
    void read_manifest();

    std::filesystem::path root_;
    bool in_place_, track_;
    std::mutex mutex_;
    std::map<std::string, std::string> previous_, written_;
    size_t changed_ = 0, count_ = 0;
};

// Where one build writes. A full build: a fresh folder beside out_dir, swapped in whole at the end
// (move_into_place), so out_dir is untouched until the build is complete. An incremental build over a
// previous incremental build (out_dir/.folio-manifest): out_dir itself, through the caller's Output when
// it keeps one (the preview's builder), else its own.
struct Target {
    std::filesystem::path out;    // out_dir, absolute
    std::filesystem::path folder; // where this build writes: out, or the temporary folder beside it
    bool in_place = false;
    std::optional<Output> own;
    Output* output = nullptr; // own, or the caller's
    bool ok = true;           // every write so far succeeded (after a failure the rest are not tried)
    std::error_code ec;       // the folder operations' last error (move_into_place reads it first)
};

// Sets t up for out_dir (the temporary folder of a full build emptied). incremental, kept: BuildMode's.
void open_target(Target& t, const std::string& out_dir, bool incremental, Output* kept);
// A full build's temporary folder removed (a failed or stopped build); an in-place build's files stay.
void discard_target(Target& t);
// A full build's folder moved into place of out; the previous output is removed only once the new one
// is there. False with a reason, out as it was.
bool move_into_place(Target& t, std::string& error);

// Article bodies (the document tree of every article longer than its opening, body_tree_json) packed in
// order into chunk files of about kChunkBytes, named by their content: a 10,000-article archive writes a
// few hundred files, not one file and one folder per article. Each article's body_url becomes
// "/assets/bodies/<hash>.json.gz#<offset>-<length>" (bytes of the inflated chunk); the browser fetches the chunk once
// and slices it. A chunk ends after an article whose slug is an anchor (one in four, by its hash) once it holds
// kChunkMinBytes, or after whichever article brings it to kChunkBytes. An edit that changes one body's
// size so moves only the ends of the chunks up to the next anchor both packings share (a chunk or two),
// not those of every chunk after it: the preview rewrites a few chunks, not half the archive.
constexpr size_t kChunkBytes = 64 * 1024, kChunkMinBytes = 16 * 1024;
bool chunk_ends_after(const std::string& slug, size_t bytes);

// What the preview's builder keeps between rebuilds: each article's tree as JSON with the Markdown it was
// made from, and the chunks last packed, so an edit makes again only the chunks whose members changed.
struct BodyChunkCache {
    struct Tree {
        std::string markdown, json;
        uint64_t version = 0; // unique to this text of this tree
    };
    struct Chunk {
        std::vector<uint64_t> members; // its trees' versions, in order (a version names one tree's text)
        std::string path;              // chunk_path("bodies", ...)
        size_t first = 0;              // its first article's place in `order`
    };
    std::unordered_map<std::string, Tree> trees; // by slug
    std::vector<Chunk> chunks;
    uint64_t next_version = 1;
    // The articles last packed, oldest first, their slugs' hashes and their trees: an edit that leaves them
    // where they were is packed from the edited article's chunk only (output.cpp: pack_edited).
    std::vector<const Article*> order;
    std::vector<unsigned long long> slug_hashes;
    std::vector<Tree*> order_trees;
    // When set, only these articles' bodies may differ from their cached trees (the preview's builder
    // read only them again): the others' Markdown is not compared. The next pack clears it.
    std::optional<std::set<std::string>> only_changed;
};

// One chunk file for the sink: contents empty and `kept` set when it is the cached chunk unchanged.
struct BodyChunk {
    std::string path, contents;
    bool kept = false;
};

// Packs the site's bodies (oldest first: a new article changes only the last chunk) and sets each
// article's body_url; each chunk goes to `sink` as soon as it is made. Without a cache the trees are
// written by every core a batch at a time, so only a batch's text is in memory.
void pack_bodies(Site& site, BodyChunkCache* cache, const std::function<void(BodyChunk&&)>& sink);

} // namespace folio
