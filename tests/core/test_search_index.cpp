// The search index `folio build` writes: terms, BM25 champions, inline cards, shards, article files.
#include <catch2/catch_test_macros.hpp>

#include <fstream>
#include <nlohmann/json.hpp>

#include "core/bundle/load.h"
#include "core/model/derive.h"
#include "core/site/search_index.h"
#include "support/parallel.h"
#include "support/seed.h"

using namespace folio;
using nlohmann::json;

namespace {

const OutputFile* file(const std::vector<OutputFile>& files, const std::string& path) {
    for (const OutputFile& f : files)
        if (f.path == path) return &f;
    return nullptr;
}

// The shard that holds `term`, by the manifest's first terms (what web/search.js does).
json shard_of(const std::vector<OutputFile>& files, const std::string& term) {
    json m = json::parse(file(files, "search/index.json")->contents);
    size_t at = 0;
    for (size_t i = 0; i < m["shards"].size(); ++i)
        if (m["shards"][i].get<std::string>() <= term) at = i;
    const OutputFile* f = file(files, "search/t/" + std::to_string(at) + ".json.gz"); // compressed by the cli
    REQUIRE(f);
    return json::parse(f->contents);
}

Article article(const std::string& slug, const std::string& title, const std::string& dek, const std::string& body) {
    Article a;
    a.slug = slug;
    a.title = title;
    a.dek = dek;
    a.opening = "Opening.";
    a.date = Date{2026, 1, 2};
    a.body_markdown = body;
    return a;
}

Site small_site() {
    Site s;
    s.info.title = "t";
    s.writing.push_back(article("a", "Caching at the edge", "About caches.", "The cache was cold. Then warm."));
    s.writing.push_back(article("b", "Locks", "About locks.", "A lock, and a café where the cache idea came up once."));
    s.writing.push_back(article("c", "Queues", "About queues.", "Nothing here is about that word."));
    for (Article& a : s.writing)
        set_body(a, a.body_markdown);
    return s;
}

} // namespace

TEST_CASE("search terms are folded words and digits", "[search]") {
    CHECK(search_terms("Café-Müller: 42 ways, don’t") ==
          std::vector<std::string>{"cafe", "muller", "42", "ways", "don", "t"});
    CHECK(search_terms("  ").empty());
    CHECK(search_terms(std::string(60, 'a') + " ok") == std::vector<std::string>{"ok"}); // too long to index
}

TEST_CASE("the index ranks by BM25 with the title weighing most, and cards carry a snippet", "[search]") {
    Site s = small_site();
    auto files = build_search_index(s);
    json m = json::parse(file(files, "search/index.json")->contents);
    CHECK(m["docs"] == 3);
    REQUIRE(!m["shards"].empty());
    json shard = shard_of(files, "cache");
    REQUIRE(shard.contains("cache"));
    json entry = shard["cache"];
    CHECK(entry[0] == 2); // in two articles
    json ids = entry[1];
    REQUIRE(ids.size() == 4);
    CHECK(ids[0] == 0); // "a" has it in its body once, like "b", but is shorter
    CHECK(ids[1].get<int>() >= ids[3].get<int>());
    json cards = entry[2];
    REQUIRE(cards.size() == 2);
    CHECK(cards[0][0] == "a");
    CHECK(cards[0][1] == "Caching at the edge");
    CHECK(cards[0][2] == "2026-01-02");
    CHECK(cards[0][3].get<std::string>().find("cache was cold") != std::string::npos);
    // The title's word outranks a body-only one: "caching" only in a's title.
    json caching = shard_of(files, "caching")["caching"];
    CHECK(caching[0] == 1);
    // A folded body word: "café" is indexed as "cafe".
    CHECK(shard_of(files, "cafe").contains("cafe"));
    // Words no article has are absent.
    CHECK_FALSE(shard_of(files, "zebra").contains("zebra"));
}

TEST_CASE("a Greek and a Vietnamese word on a page are found by the query as the page folds it", "[search]") {
    Site s;
    s.info.title = "t";
    s.writing.push_back(article("g", "Letters", "From Athens.", "Καλημέρα από την Αθήνα."));
    s.writing.push_back(article("v", "Thư", "From Hanoi.", "Xin chào thế giới, bằng Tiếng Việt."));
    for (Article& a : s.writing)
        set_body(a, a.body_markdown);
    auto files = build_search_index(s);
    // web/search.js folds "Καλημέρα" to "καλημερα" and "giới" to "gioi" (tests/fixtures/fold.txt holds
    // fold_text to the same), and looks the folded words up.
    CHECK(search_terms("Καλημέρα") == std::vector<std::string>{"καλημερα"});
    CHECK(search_terms("GIỚI") == std::vector<std::string>{"gioi"});
    struct Case {
        std::string term, slug, on_page;
    };
    for (const Case& c : {Case{"καλημερα", "g", "Καλημέρα"}, Case{"αθηνα", "g", "Αθήνα"}, Case{"gioi", "v", "giới"},
                          Case{"tieng", "v", "Tiếng"}, Case{"viet", "v", "Việt"}}) {
        INFO(c.term);
        json entry = shard_of(files, c.term)[c.term];
        REQUIRE(entry.is_array());
        CHECK(entry[0] == 1);
        REQUIRE(entry[2].size() == 1);
        CHECK(entry[2][0][0] == c.slug);
        // The snippet quotes the page's own word, found through fold_text's origins.
        CHECK(entry[2][0][3].get<std::string>().find(c.on_page) != std::string::npos);
    }
}

TEST_CASE("article files hold cards and body text, a few articles each, in site order", "[search]") {
    Site s = small_site();
    SearchIndexOptions o;
    o.per_file = 2;
    auto files = build_search_index(s, o);
    CHECK(json::parse(file(files, "search/index.json")->contents)["per_file"] == 2);
    REQUIRE(file(files, "search/d/0.json.gz"));
    REQUIRE(file(files, "search/d/1.json.gz"));
    CHECK_FALSE(file(files, "search/d/2.json.gz"));
    json c1 = json::parse(file(files, "search/d/1.json.gz")->contents);
    REQUIRE(c1.size() == 1);
    CHECK(c1[0][0] == "c");
    CHECK(c1[0][3] == "About queues.");
    CHECK(c1[0][4].is_string()); // the body's plain text, for the page's snippet
    // A large site: more articles a file, so that the files stay few.
    o.most_doc_files = 1;
    files = build_search_index(s, o);
    CHECK(json::parse(file(files, "search/index.json")->contents)["per_file"] == s.writing.size());
    CHECK(json::parse(file(files, "search/d/0.json.gz")->contents).size() == s.writing.size());
    CHECK_FALSE(file(files, "search/d/1.json.gz"));
}

TEST_CASE("on the seed: shards are sorted, bounded, and every term is where the manifest says", "[search]") {
    const Site& site = folio::testing::seed_site();
    SearchIndexOptions o;
    auto files = build_search_index(site, o);
    json m = json::parse(file(files, "search/index.json")->contents);
    CHECK(m["docs"] == site.writing.size());
    std::string prev;
    size_t terms = 0;
    for (size_t i = 0; i < m["shards"].size(); ++i) {
        const OutputFile* f = file(files, "search/t/" + std::to_string(i) + ".json.gz");
        REQUIRE(f);
        json shard = json::parse(f->contents);
        CHECK(shard.begin().key() == m["shards"][i].get<std::string>());
        for (auto it = shard.begin(); it != shard.end(); ++it) {
            CHECK(prev < it.key());
            prev = it.key();
            ++terms;
            CHECK(it.value()[1].size() <= 2 * o.champions);
            CHECK(it.value()[2].size() <= o.cards);
        }
        // A shard closes soon after its budget (one term may overshoot it).
        CHECK(f->contents.size() < o.shard_bytes + 6000);
    }
    CHECK(terms > 500);
    // The oldest article's title words find it.
    const Article& oldest = site.writing.back();
    std::string word = search_terms(oldest.title).front();
    json entry = shard_of(files, word)[word];
    bool found = false;
    for (size_t i = 0; i < entry[1].size(); i += 2)
        found = found || entry[1][i] == site.writing.size() - 1;
    CHECK(found);
}

TEST_CASE("terms split as the shared fixture says: words, and pairs of Chinese, Japanese and Korean", "[search]") {
    std::ifstream in(std::string(FOLIO_SOURCE_DIR) + "/tests/fixtures/terms.txt");
    REQUIRE(in);
    std::string line;
    int lines = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const size_t tab = line.find('\t');
        REQUIRE(tab != std::string::npos);
        INFO(line);
        std::string joined;
        for (const std::string& t : search_terms(line.substr(0, tab)))
            joined += (joined.empty() ? "" : " ") + t;
        CHECK(joined == line.substr(tab + 1));
        ++lines;
    }
    CHECK(lines >= 12);
}

TEST_CASE("on a large site a pair of CJK characters carries no inline cards; words do", "[search]") {
    // 极光 in one article, 周刊 in four, "aurora" (a word) in one: cards for all on a small site; on a
    // large one (pair_cards_from lowered to this site's size) not for the pairs, rare or common.
    Site s;
    s.info.title = "t";
    const char* bodies[] = {"在北方看极光 aurora，周刊。", "周刊第二期。", "周刊第三期。", "周刊第四期。"};
    for (int i = 0; i < 4; ++i) {
        s.writing.push_back(article("p" + std::to_string(i), "标题" + std::to_string(i), "一期。", bodies[i]));
        set_body(s.writing.back(), s.writing.back().body_markdown);
    }
    const auto cards = [](const std::vector<OutputFile>& files, const std::string& term) {
        json shard = shard_of(files, term);
        REQUIRE(shard.contains(term));
        return shard[term][2].size();
    };
    SearchIndexOptions small;
    auto files = build_search_index(s, small);
    CHECK(cards(files, "极光") == 1);
    CHECK(cards(files, "周刊") == 4);
    SearchIndexOptions large;
    large.pair_cards_from = 4;
    files = build_search_index(s, large);
    CHECK(cards(files, "极光") == 0); // still found: its article is in the entry
    CHECK(shard_of(files, "极光")["极光"][1] == json::array({0, shard_of(files, "极光")["极光"][1][1]}));
    CHECK(cards(files, "北方") == 0);
    CHECK(cards(files, "周刊") == 0);
    CHECK(shard_of(files, "周刊")["周刊"][0] == 4); // still in its four articles
    CHECK(cards(files, "aurora") == 1);             // a word keeps its card however rare
}

TEST_CASE("the index is the same bytes built on several threads as on one", "[search]") {
    // More articles than count_terms folds at once, and some snippets, pairs and article files of each.
    Site s;
    for (int i = 0; i < 600; ++i)
        s.writing.push_back(article("post-" + std::to_string(i), "Title " + std::to_string(i % 37),
                                    "dek " + std::to_string(i % 11),
                                    "Body of post " + std::to_string(i) + ": Καλημέρα giới 北方看极光 word" +
                                        std::to_string(i % 53) + " and the common words of every post."));
    SearchIndexOptions one, many;
    many.parallel = folio::testing::threads_from_the_end();
    for (const Site* site : std::vector<const Site*>{&s, &folio::testing::seed_site()}) {
        const std::vector<OutputFile> a = build_search_index(*site, one), b = build_search_index(*site, many);
        REQUIRE(a.size() == b.size());
        CHECK(a.size() > 3);
        for (size_t i = 0; i < a.size(); ++i) {
            INFO(a[i].path);
            CHECK(a[i].path == b[i].path);
            CHECK(a[i].contents == b[i].contents);
        }
    }
}
