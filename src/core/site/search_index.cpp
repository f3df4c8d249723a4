// folio core: the search index. See search_index.h.
#include "core/site/search_index.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/text/fold.h"

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] Terms
//-----------------------------------------------------------------------------

namespace {

// Letters and digits make terms; everything else separates them. Non-ASCII counts as a letter except
// the signs, punctuation and symbols blocks (the same rule as isTermChar in web/search.js).
bool term_char(unsigned cp) {
    if (cp < 0x80) return (cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9');
    if (cp < 0xC0 || cp == 0xD7 || cp == 0xF7) return false;
    if (cp >= 0x2000 && cp <= 0x2BFF) return false;
    if (cp >= 0x3000 && cp <= 0x303F) return false;
    // Full-width punctuation (，！？：；（）「」): Chinese and Japanese text separates with these.
    if ((cp >= 0xFF00 && cp <= 0xFF0F) || (cp >= 0xFF1A && cp <= 0xFF20) || (cp >= 0xFF3B && cp <= 0xFF40) ||
        (cp >= 0xFF5B && cp <= 0xFF65))
        return false;
    return cp != 0xFFFD;
}

// Scripts written without spaces between words (Han, kana; Thai, Lao, Myanmar, Khmer) and Hangul: a run of
// them is indexed as its overlapping pairs of characters ("极光周刊" -> 极光 光周 周刊), as Lucene's CJK bigrams
// and Pagefind do, so a query of any two or more characters finds them inside a sentence, with no dictionary
// on either side (the browser's word segmenter and the build's libthai disagree on Thai's words: "ท้องฟ้า" is
// one to ICU, two to libthai). The same rule as isBigramChar in web/search.js.
bool bigram_char(unsigned cp) {
    return (cp >= 0x0E01 && cp <= 0x0E5B) || (cp >= 0x0E81 && cp <= 0x0EDF) || (cp >= 0x1000 && cp <= 0x109F) ||
           (cp >= 0x1780 && cp <= 0x17FF) || (cp >= 0x1100 && cp <= 0x11FF) || (cp >= 0x3040 && cp <= 0x30FF) ||
           (cp >= 0x3130 && cp <= 0x318F) || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) ||
           (cp >= 0xAC00 && cp <= 0xD7AF) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFF66 && cp <= 0xFF9F) ||
           (cp >= 0x20000 && cp <= 0x3FFFF);
}

unsigned next_cp(const std::string& s, size_t& i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
    if (i + n > s.size()) n = 1;
    unsigned cp = n == 1 ? c : c & (0x7F >> n);
    for (int k = 1; k < n; ++k)
        cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += static_cast<size_t>(n);
    return cp;
}

// Whether a term is a pair of bigram characters (each_term's pairs; a lone one is not).
bool is_pair(const std::string& term) {
    size_t i = 0;
    int count = 0;
    while (i < term.size()) {
        if (!bigram_char(next_cp(term, i))) return false;
        ++count;
    }
    return count == 2;
}

constexpr size_t kMaxTermBytes = 48; // longer runs (hashes, URLs without breaks) are not worth indexing

// Calls fn(term, byte offset in the folded text) for each term of already folded text: runs of letters
// and digits, and the pairs of each run of bigram characters (a lone one alone).
template <class Fn> void each_term(const std::string& folded, Fn fn) {
    const std::string_view text(folded);
    size_t i = 0, start = std::string::npos;                     // the run of other letters being read
    size_t pair = std::string::npos, single = std::string::npos; // the last bigram character; a lone one
    while (i <= folded.size()) {
        const size_t at = i;
        unsigned cp = 0;
        if (i < folded.size())
            cp = next_cp(folded, i);
        else
            ++i;
        const bool letter = cp != 0 && term_char(cp), paired = letter && bigram_char(cp);
        if (start != std::string::npos && (!letter || paired)) {
            if (at - start <= kMaxTermBytes) fn(text.substr(start, at - start), start);
            start = std::string::npos;
        }
        if (paired) {
            if (pair != std::string::npos) fn(text.substr(pair, i - pair), pair);
            single = pair == std::string::npos ? at : std::string::npos;
            pair = at;
            continue;
        }
        if (single != std::string::npos) fn(text.substr(single, at - single), single);
        pair = single = std::string::npos;
        if (letter && start == std::string::npos) start = at;
    }
}

} // namespace

std::vector<std::string> search_terms(const std::string& text) {
    std::vector<std::string> out;
    each_term(fold_text(text), [&](std::string_view t, size_t) { out.emplace_back(t); });
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] Index
//-----------------------------------------------------------------------------

namespace {

// Twelve bytes: a large archive holds millions of these at once.
struct Posting {
    int doc = 0;
    int first = -1; // byte offset of the first occurrence in the body text (-1: not in the body)
    union {
        float weight = 0; // field-weighted term frequency, while the terms are counted
        int score;        // then BM25, times 100, rounded, in its place
    };
};

// Field weights: a word in the title says more about an article than one in its body.
constexpr float kTitle = 3, kDek = 2, kTags = 2, kBody = 1;

std::string body_text(const Article& a) { return plain_text(a.body); }

// About 160 bytes of the body around byte `at`, cut at spaces, with ellipses where it was cut.
std::string snippet_at(const std::string& text, size_t at) {
    const size_t before = 50, after = 110;
    // Cut at a space near the place; text without spaces (Chinese, Japanese) at a character's edge.
    const size_t near = 24;
    const auto edge = [&](size_t i) {
        while (i > 0 && i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80)
            --i;
        return i;
    };
    size_t b = at > before ? text.rfind(' ', at - before) : 0;
    if (at > before && (b == std::string::npos || at - before - b > near)) b = edge(at - before);
    if (b == std::string::npos) b = 0;
    size_t e = std::min(text.size(), at + after);
    if (e < text.size()) {
        size_t sp = text.find(' ', e);
        e = sp != std::string::npos && sp - e <= near ? sp : edge(e);
    }
    std::string out = (b > 0 ? "\xE2\x80\xA6" : "");
    bool space = false;
    for (size_t i = b; i < e; ++i) {
        char c = text[i];
        bool ws = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (ws) {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
    }
    if (e < text.size()) out += "\xE2\x80\xA6";
    return out;
}

// One line of JSON; a stray invalid UTF-8 byte becomes U+FFFD instead of an exception.
std::string compact(const nlohmann::json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string hash_hex(const std::string& data) {
    unsigned long long h = 1469598103934665603ULL;
    for (unsigned char c : data)
        h = (h ^ c) * 1099511628211ULL;
    static const char* d = "0123456789abcdef";
    std::string s;
    for (int i = 0; i < 10; ++i)
        s += d[(h >> (i * 4)) & 15];
    return s;
}

// Term -> id, by open addressing: every word of every article is looked up here, so the look-up is a hash
// of the view and a probe or two, with no string made unless the term is new (terms[id] holds it).
class TermTable {
public:
    explicit TermTable(std::vector<std::string>& terms) : terms_(terms), slots_(1 << 16, -1) {}
    int find_or_add(std::string_view t) {
        uint64_t h = 1469598103934665603ULL; // FNV-1a
        for (unsigned char c : t)
            h = (h ^ c) * 1099511628211ULL;
        size_t mask = slots_.size() - 1;
        for (size_t i = static_cast<size_t>(h ^ (h >> 29)) & mask;; i = (i + 1) & mask) {
            const int id = slots_[i];
            if (id < 0) {
                const int added = static_cast<int>(terms_.size());
                terms_.emplace_back(t);
                slots_[i] = added;
                hashes_.push_back(h);
                if (terms_.size() * 2 > slots_.size()) grow();
                return added;
            }
            if (hashes_[static_cast<size_t>(id)] == h && terms_[static_cast<size_t>(id)] == t) return id;
        }
    }

private:
    void grow() {
        std::vector<int> bigger(slots_.size() * 2, -1);
        const size_t mask = bigger.size() - 1;
        for (size_t id = 0; id < terms_.size(); ++id) {
            const uint64_t h = hashes_[id];
            size_t i = static_cast<size_t>(h ^ (h >> 29)) & mask;
            while (bigger[i] >= 0)
                i = (i + 1) & mask;
            bigger[i] = static_cast<int>(id);
        }
        slots_.swap(bigger);
    }
    std::vector<std::string>& terms_;
    std::vector<int> slots_;       // term ids; -1: empty
    std::vector<uint64_t> hashes_; // by term id
};

// What step 1 counts: every term, and each term's postings.
struct Counted {
    std::vector<std::string> terms;             // by term id
    std::vector<std::vector<Posting>> postings; // by term id
    std::vector<float> length;                  // by article: the terms it holds, in all its fields
};

// Articles whose bodies are folded at once by count_terms: enough for parallel_for to use every core.
constexpr int kFoldBatch = 256;

// 1. Term frequencies, by field, per article. An article's postings are gathered in `here`, found by
// term through `slot` (valid where `stamp` is the article's number): no map made per article.
void count_terms(const Site& site, Counted& c, const ParallelFor& parallel) {
    const int n = static_cast<int>(site.writing.size());
    TermTable term_id(c.terms);
    c.length.assign(static_cast<size_t>(n), 0);
    std::vector<Posting> here;
    std::vector<int> here_term, slot, stamp;
    // The bodies are folded a batch at a time on every core (most of the work), and counted in order: the
    // term table is one, and the term ids follow the articles' order.
    std::vector<std::string> folded_bodies;
    for (int d = 0; d < n; ++d) {
        const int batch = d % kFoldBatch;
        if (batch == 0) {
            folded_bodies.assign(static_cast<size_t>(std::min(kFoldBatch, n - d)), std::string());
            for_each_index(parallel, folded_bodies.size(), [&](size_t k) {
                folded_bodies[k] = fold_text(body_text(site.writing[static_cast<size_t>(d) + k]));
            });
        }
        const Article& a = site.writing[d];
        here.clear();
        here_term.clear();
        float len = 0;
        auto add_folded = [&](const std::string& folded, float w, bool body) {
            each_term(folded, [&](std::string_view t, size_t at) {
                const int id = term_id.find_or_add(t);
                if (id == static_cast<int>(c.postings.size())) { // a new term
                    c.postings.emplace_back();
                    slot.push_back(-1);
                    stamp.push_back(-1);
                }
                if (stamp[id] != d) {
                    stamp[id] = d;
                    slot[id] = static_cast<int>(here.size());
                    here.push_back(Posting{d, -1, {0.0f}});
                    here_term.push_back(id);
                }
                Posting& p = here[slot[id]];
                p.weight += w;
                if (body && p.first < 0) p.first = static_cast<int>(at);
                len += 1;
            });
        };
        add_folded(fold_text(a.title), kTitle, false);
        add_folded(fold_text(a.dek), kDek, false);
        std::string tags;
        for (const std::string& t : a.tags)
            tags += t + " ";
        add_folded(fold_text(tags), kTags, false);
        add_folded(folded_bodies[static_cast<size_t>(batch)], kBody, true);
        c.length[d] = len;
        for (size_t k = 0; k < here.size(); ++k)
            c.postings[here_term[k]].push_back(here[k]);
    }
}

// 2. BM25 per posting; champions first.
void score(Counted& c, const SearchIndexOptions& opt) {
    const int n = static_cast<int>(c.length.size());
    double total = 0;
    for (float l : c.length)
        total += l;
    const float avg = n > 0 ? static_cast<float>(total / n) : 1.0f;
    for (auto& list : c.postings) {
        const float df = static_cast<float>(list.size());
        const float idf = std::log(1.0f + (static_cast<float>(n) - df + 0.5f) / (df + 0.5f));
        for (Posting& p : list) {
            float norm = opt.k1 * (1 - opt.b + opt.b * c.length[p.doc] / std::max(1.0f, avg));
            const float s = idf * p.weight * (opt.k1 + 1) / (p.weight + norm);
            p.score = std::max(1, static_cast<int>(std::lround(s * 100))); // the weight is not read again
        }
        std::sort(list.begin(), list.end(), [](const Posting& a, const Posting& b) {
            return a.score != b.score ? a.score > b.score : a.doc < b.doc;
        });
    }
}

// 3. Snippets for the inline cards, by term and rank: the body text is made again per article, once.
std::vector<std::vector<std::string>> snippets(const Site& site, const Counted& c, const SearchIndexOptions& opt) {
    const int n = static_cast<int>(site.writing.size());
    const auto& postings = c.postings;
    std::vector<size_t> cards(postings.size());
    for (size_t t = 0; t < postings.size(); ++t)
        cards[t] = static_cast<size_t>(n) >= opt.pair_cards_from && is_pair(c.terms[t])
                       ? 0
                       : std::min(opt.cards, postings[t].size());
    std::vector<std::vector<std::pair<int, size_t>>> wanted(static_cast<size_t>(n)); // doc -> (term, rank)
    for (size_t t = 0; t < postings.size(); ++t)
        for (size_t r = 0; r < cards[t]; ++r)
            wanted[postings[t][r].doc].push_back({static_cast<int>(t), r});
    std::vector<std::vector<std::string>> snippet(postings.size());
    for (size_t t = 0; t < postings.size(); ++t)
        snippet[t].resize(cards[t]);
    // Each article's snippets are its own (a term's rank is one article's), so the articles go on every core.
    for_each_index(opt.parallel, static_cast<size_t>(n), [&](size_t d) {
        if (wanted[d].empty()) return;
        const Article& a = site.writing[d];
        std::string text = body_text(a);
        std::vector<int> origin;
        fold_text(text, &origin);
        for (auto [t, r] : wanted[d]) {
            const Posting& p = postings[t][r];
            snippet[t][r] = p.first < 0 ? a.dek : snippet_at(text, static_cast<size_t>(origin[p.first]));
        }
    });
    return snippet;
}

// 4. Shards of sorted terms, added to files (their text to `all`, for the version hash); returns each
// shard's first term.
nlohmann::json write_shards(const Site& site, const Counted& c, const std::vector<std::vector<std::string>>& snippet,
                            const SearchIndexOptions& opt, std::vector<OutputFile>& files, std::string& all) {
    const std::vector<std::string>& terms = c.terms;
    std::vector<int> order(terms.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return terms[a] < terms[b]; });
    nlohmann::json firsts = nlohmann::json::array();
    // A shard is one JSON object, its keys in sorted order: each entry is written once, as nlohmann's
    // object (a std::map) would write it, and joined.
    std::string shard;
    size_t shard_size = 0;
    auto close_shard = [&]() {
        if (shard.empty()) return;
        shard += '}';
        all += shard;
        files.push_back({"search/t/" + std::to_string(firsts.size() - 1) + ".json.gz", shard + "\n"});
        shard.clear();
        shard_size = 0;
    };
    for (int id : order) {
        const auto& list = c.postings[id];
        nlohmann::json ids = nlohmann::json::array(), cards = nlohmann::json::array();
        for (size_t r = 0; r < std::min(opt.champions, list.size()); ++r) {
            ids.push_back(list[r].doc);
            ids.push_back(list[r].score);
        }
        for (size_t r = 0; r < snippet[id].size(); ++r) {
            const Article& a = site.writing[list[r].doc];
            cards.push_back({a.slug, a.title, format_iso(a.date), snippet[id][r]});
        }
        const std::string entry = compact(nlohmann::json{list.size(), std::move(ids), std::move(cards)});
        const size_t bytes = entry.size() + terms[id].size() + 4;
        if (shard.empty()) {
            firsts.push_back(terms[id]);
            shard += '{';
        } else {
            shard += ',';
        }
        shard += compact(nlohmann::json(terms[id]));
        shard += ':';
        shard += entry;
        shard_size += bytes;
        if (shard_size >= opt.shard_bytes) close_shard();
    }
    close_shard();
    return firsts;
}

// 5. Article files, articles_per_file each: each article's card (slug, title, date, dek) and its body's
// plain text, from which the page cuts the snippet of a result without an inline card. The text is stored
// once, not once per term: inline snippets of CJK pairs were most of a Chinese site's index (docs/search.md).
size_t articles_per_file(const Site& site, const SearchIndexOptions& opt) {
    const size_t n = site.writing.size(), most = std::max<size_t>(1, opt.most_doc_files);
    return std::max<size_t>({1, opt.per_file, (n + most - 1) / most});
}

void write_docs(const Site& site, const SearchIndexOptions& opt, std::vector<OutputFile>& files, std::string& all) {
    const size_t n = site.writing.size(), per = articles_per_file(site, opt);
    std::vector<std::string> texts((n + per - 1) / per);
    for_each_index(opt.parallel, texts.size(), [&](size_t k) {
        nlohmann::json group = nlohmann::json::array();
        for (size_t d = k * per; d < std::min(n, (k + 1) * per); ++d) {
            const Article& a = site.writing[d];
            group.push_back({a.slug, a.title, format_iso(a.date), a.dek, body_text(a)});
        }
        texts[k] = compact(group);
    });
    for (size_t k = 0; k < texts.size(); ++k) {
        all += texts[k];
        files.push_back({"search/d/" + std::to_string(k) + ".json.gz", std::move(texts[k]) + "\n"});
    }
}

} // namespace

std::vector<OutputFile> build_search_index(const Site& site, const SearchIndexOptions& opt) {
    Counted counted;
    count_terms(site, counted, opt.parallel);
    score(counted, opt);
    const std::vector<std::vector<std::string>> snippet = snippets(site, counted, opt);
    std::vector<OutputFile> files;
    std::string all; // for the version hash
    nlohmann::json firsts = write_shards(site, counted, snippet, opt, files, all);
    write_docs(site, opt, files, all);
    nlohmann::json manifest = {{"version", hash_hex(all)},
                               {"docs", static_cast<int>(site.writing.size())},
                               {"per_file", articles_per_file(site, opt)},
                               {"champions", opt.champions},
                               {"shards", std::move(firsts)}};
    files.insert(files.begin(), OutputFile{"search/index.json", compact(manifest) + "\n"});
    return files;
}

} // namespace folio
