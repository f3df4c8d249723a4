// folio core: the book's own words. See words.h.
#include "core/model/words.h"

#include <cstring>

#include "core/model/model.h"

namespace folio {

const std::vector<std::pair<const char*, std::string Words::*>>& word_keys() {
    static const std::vector<std::pair<const char*, std::string Words::*>> keys = {
        {"contents", &Words::contents},
        {"writing", &Words::writing},
        {"continued", &Words::continued},
        {"front_page", &Words::front_page},
        {"search_all", &Words::search_all},
        {"search", &Words::search},
        {"search_note", &Words::search_note},
        {"rss_feed", &Words::rss_feed},
        {"projects", &Words::projects},
        {"newer", &Words::newer},
        {"older", &Words::older},
        {"more_writing", &Words::more_writing},
        {"tags", &Words::tags},
        {"number", &Words::number},
        {"reading_time", &Words::reading_time},
        {"tagged", &Words::tagged},
        {"merged_into", &Words::merged_into},
        {"first_released", &Words::first_released},
        {"since", &Words::since},
        {"project_first_release", &Words::project_first_release},
        {"project_since", &Words::project_since},
        {"the_rest", &Words::the_rest},
        {"the_rest_of", &Words::the_rest_of},
        {"the_years", &Words::the_years},
        {"fold", &Words::fold},
        {"count", &Words::count},
        {"loading", &Words::loading},
        {"not_downloaded", &Words::not_downloaded},
        {"article_not_downloaded", &Words::article_not_downloaded},
        {"loading_older", &Words::loading_older},
        {"older_not_downloaded", &Words::older_not_downloaded},
        {"page_not_found", &Words::page_not_found},
        {"no_page_at", &Words::no_page_at},
        {"no_page_here", &Words::no_page_here},
        {"months", &Words::months},
        {"day_month", &Words::day_month},
        {"day_month_year", &Words::day_month_year},
#ifndef FOLIO_TREES_ONLY
        {"notice_download", &Words::notice_download},
        {"notice_start", &Words::notice_start},
        {"notice_stopped", &Words::notice_stopped},
        {"notice_waiting", &Words::notice_waiting},
        {"notice_arrived", &Words::notice_arrived},
        {"open_book", &Words::open_book},
        {"dismiss", &Words::dismiss},
        {"find_label", &Words::find_label},
        {"find_placeholder", &Words::find_placeholder},
        {"find_previous", &Words::find_previous},
        {"find_next", &Words::find_next},
        {"close", &Words::close},
        {"searching", &Words::searching},
        {"no_matches", &Words::no_matches},
        {"match_of", &Words::match_of},
        {"close_search", &Words::close_search},
        {"search_writing", &Words::search_writing},
        {"search_failed", &Words::search_failed},
        {"no_articles", &Words::no_articles},
        {"best_matches", &Words::best_matches},
        {"one_article", &Words::one_article},
        {"articles", &Words::articles},
        {"more_results", &Words::more_results},
        {"draft", &Words::draft},
#endif
    };
    return keys;
}

size_t book_word_count() {
    size_t n = 0;
    while (n < word_keys().size() && std::strcmp(word_keys()[n].first, "day_month_year") != 0)
        ++n;
    return n + 1;
}

const std::vector<const char*>& script_word_keys() {
    static const std::vector<const char*> keys = {
        "contents",       "search",         "search_all",    "notice_download", "notice_start", "notice_stopped",
        "notice_waiting", "notice_arrived", "open_book",     "dismiss",         "find_label",   "find_placeholder",
        "find_previous",  "find_next",      "close",         "searching",       "no_matches",   "match_of",
        "close_search",   "search_writing", "search_failed", "no_articles",     "best_matches", "one_article",
        "articles",       "more_results"};
    return keys;
}

std::string fill(const std::string& pattern, const std::vector<std::pair<const char*, std::string>>& holes) {
    std::string out;
    out.reserve(pattern.size() + 16);
    for (size_t i = 0; i < pattern.size();) {
        bool filled = false;
        if (pattern[i] == '{')
            for (const auto& [name, value] : holes) {
                const size_t n = std::strlen(name);
                if (pattern.compare(i + 1, n, name) == 0 && i + 1 + n < pattern.size() && pattern[i + 1 + n] == '}') {
                    out += value;
                    i += n + 2;
                    filled = true;
                    break;
                }
            }
        if (!filled) out += pattern[i++];
    }
    return out;
}

std::pair<std::string, std::string> around_hole(const std::string& pattern, const char* hole) {
    const std::string mark = std::string("{") + hole + "}";
    const size_t at = pattern.find(mark);
    if (at == std::string::npos) return {pattern, ""};
    return {pattern.substr(0, at), pattern.substr(at + mark.size())};
}

std::string day_month(const Words& w, const Date& d, bool with_year) {
    // The month's name is the month-th word of the list; a list an author shortened falls back to the number.
    std::string month = std::to_string(d.month);
    size_t start = 0;
    for (int k = 1; start <= w.months.size(); ++k) {
        size_t end = w.months.find(' ', start);
        if (end == std::string::npos) end = w.months.size();
        if (k == d.month) {
            if (end > start) month = w.months.substr(start, end - start);
            break;
        }
        start = end + 1;
    }
    return fill(with_year ? w.day_month_year : w.day_month,
                {{"d", std::to_string(d.day)}, {"m", month}, {"y", std::to_string(d.year)}});
}

std::vector<std::string> required_holes(const char* key) {
    static const std::vector<std::pair<const char*, std::vector<std::string>>> kHoles = {
        {"continued", {"title"}},
        {"front_page", {"name"}},
        {"search_note", {"link"}},
        {"number", {"n"}},
        {"reading_time", {"n"}},
        {"tagged", {"tag"}},
        {"merged_into", {"repo"}},
        {"first_released", {"where", "date"}},
        {"since", {"where", "date"}},
        {"project_first_release", {"where", "date"}},
        {"project_since", {"where", "date"}},
        {"the_rest_of", {"year"}},
        {"the_years", {"years"}},
        {"fold", {"label"}},
        {"count", {"n"}},
        {"no_page_at", {"path"}},
        {"day_month", {"d", "m"}},
        {"day_month_year", {"d", "m", "y"}},
        {"match_of", {"n", "count"}},
        {"search_failed", {"error"}},
        {"articles", {"n"}},
    };
    for (const auto& [k, holes] : kHoles)
        if (std::strcmp(k, key) == 0) return holes;
    return {};
}

} // namespace folio
