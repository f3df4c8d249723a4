// The seed site: content.json holds the whole seed, faithfully.
#include <catch2/catch_test_macros.hpp>

#include <fstream>
#include <set>
#include <sstream>

#include "core/bundle/load.h"
#include "support/seed.h"

using namespace folio;

namespace {
const Site& seed() { return folio::testing::seed_site(); }
std::string read(const std::string& path) {
    std::ifstream f(path);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}
} // namespace

TEST_CASE("the seed checks clean and holds the seed's counts", "[seed]") {
    const Site& s = seed();
    CHECK(s.writing.size() == 28);
    CHECK(s.projects.size() == 5);
    int books = 0, songs = 0, films = 0, series = 0;
    for (const Shelf& sh : s.loves.shelves)
        for (const ShelfGroup& g : sh.groups) {
            int n = static_cast<int>(g.items.size());
            if (sh.id == "books") books += n;
            if (sh.id == "songs") songs += n;
            if (sh.id == "films") (g.heading == "series" ? series : films) += n;
        }
    CHECK(books == 29);
    CHECK(songs == 16);
    CHECK(films == 5);
    CHECK(series == 2);
    CHECK(s.contents.size() == 7);
}

TEST_CASE("articles are numbered 28 (newest) to 1 with the seed's order", "[seed]") {
    const Site& s = seed();
    CHECK(s.writing.front().number == 28);
    CHECK(s.writing.front().slug == "three-hundred-processes-waited-for-one-pid");
    CHECK(s.writing.back().number == 1);
    CHECK(s.writing.back().title == "std::move doesn't move anything");
    // Same-date articles keep the seed's numbers.
    CHECK(s.writing[s.find_article("my-canary-got-bigger")].number == 24);
    CHECK(s.writing[s.find_article("one-hundred-events-became-one")].number == 23);
    CHECK(s.writing[s.find_article("idle-gaps-are-not-compute")].number == 19);
    CHECK(s.writing[s.find_article("the-page-that-was-not-there")].number == 17);
    const Article& a = s.writing[s.find_article("the-tensor-was-only-the-handle")];
    CHECK(a.tags == std::vector<std::string>{"pytorch", "systems", "python", "ml-systems"});
    CHECK(a.prev == s.find_article("one-collective-call-used-two-generations"));
    CHECK(a.next == s.find_article("three-hundred-processes-waited-for-one-pid"));
    CHECK(s.tags.at("cpp").size() == 8);
}

TEST_CASE("every pull request of the seed, in the seed's order and grouping", "[seed]") {
    // The numbers as they appear in the seed's home page, block by block (copied into the fixture).
    std::istringstream facts(read(FOLIO_SOURCE_DIR "/tests/fixtures/seed-pull-requests.txt"));
    std::vector<int> seed_numbers;
    for (std::string line; std::getline(facts, line);)
        if (!line.empty() && line[0] != '#') seed_numbers.push_back(std::stoi(line));
    REQUIRE(seed_numbers.size() == 60);

    std::vector<int> ours;
    int blocks = 0, hpx = 0;
    for (const TimelineYear& y : seed().timeline)
        for (const TimelineEntry& e : y.entries)
            if (e.kind == EntryKind::Pulls) {
                ++blocks;
                CHECK(e.show == 3);
                for (const PullRequest& p : e.pulls) {
                    ours.push_back(p.number);
                    if (e.ref == "TheHPXProject/hpx") ++hpx;
                    CHECK(p.url == "https://github.com/" + e.ref + "/pull/" + std::to_string(p.number));
                }
            }
    CHECK(blocks == 7);
    CHECK(ours == seed_numbers);
    CHECK(hpx == 51);
    CHECK(seed().find_contribution("TheHPXProject/hpx")->merged_total == 51);
}

TEST_CASE("links the seed does not give stay link-less", "[seed]") {
    const Site& s = seed();
    REQUIRE(s.info.links.size() == 1);
    CHECK(s.info.links[0].text == "buy me a coffee");
    CHECK(s.info.links[0].href.empty());
    CHECK(s.projects[s.find_project("baton")].links.empty());
}
