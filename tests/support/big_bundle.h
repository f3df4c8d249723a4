// Shared by the Catch2 tests: a generated bundle big enough that its long lists fold (core/model/bound.h).
#pragma once

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace folio::testing {

// A bundle of n articles (one every ~4 days back from 2025, each with a body longer than its opening: all
// of them in the past, none a scheduled post the loader holds back), a shelf of `books` books in one group,
// and a timeline naming six articles a year.
inline std::string big_bundle(int n, int books) {
    nlohmann::json writing = nlohmann::json::array();
    std::map<int, std::vector<std::string>> by_year;
    for (int i = 0; i < n; ++i) {
        const int days = i * 4, year = 2025 - days / 365, month = 1 + (days % 365) / 31 % 12, day = 1 + days % 28;
        char date[16];
        std::snprintf(date, sizeof date, "%04d-%02d-%02d", year, month, day);
        const std::string slug = "entry-" + std::to_string(i);
        writing.push_back({{"slug", slug},
                           {"title", "entry number " + std::to_string(i) + " of the archive"},
                           {"date", date},
                           {"dek", "the dek of entry " + std::to_string(i)},
                           {"opening", "The opening of entry " + std::to_string(i) + "."},
                           {"body", "The opening of entry " + std::to_string(i) + ".\n\nAnd the rest of it."},
                           {"tags", {i % 2 ? "odd" : "even"}}});
        by_year[year].push_back(slug);
    }
    nlohmann::json timeline = nlohmann::json::array();
    for (auto it = by_year.rbegin(); it != by_year.rend(); ++it) {
        nlohmann::json entries = nlohmann::json::array();
        for (size_t k = 0; k < it->second.size() && k < 6; ++k)
            entries.push_back({{"article", it->second[k]}});
        timeline.push_back({{"year", it->first}, {"entries", entries}});
    }
    nlohmann::json items = nlohmann::json::array();
    for (int b = 0; b < books; ++b)
        items.push_back({{"title", "book number " + std::to_string(b) + " on the shelf"}, {"by", {"Some Author"}}});
    nlohmann::json content = {
        {"schema", 1},
        {"site",
         {{"title", "Big"},
          {"author", "Big Archive"},
          {"tagline", "many words"},
          {"base_url", "https://big.example/"},
          {"language", "en"},
          {"description", "a big archive"},
          {"links", nlohmann::json::array()}}},
        {"timeline", timeline},
        {"writing", writing},
        {"loves",
         {{"title", "things I love"},
          {"intro", "Some things."},
          {"shelves", {{{"id", "books"}, {"title", "books"}, {"groups", {{{"heading", "all"}, {"items", items}}}}}}}}},
        {"find_me", {{"title", "find me"}, {"links", nlohmann::json::array()}}},
        {"contents",
         {{{"title", "books"}, {"chapter", "books"}},
          {{"title", "writing"}, {"chapter", "writing"}},
          {{"title", "find me"}, {"chapter", "find-me"}}}}};
    return content.dump();
}

} // namespace folio::testing
