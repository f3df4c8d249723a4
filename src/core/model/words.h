// folio core: the book's own words, the ones the author did not write ("contents", "older", "3 min read",
// "14 Feb"), in the site's language.
//
// One home for them: the book (compose), the static HTML (emit) and the model's derived wording (derive)
// read the same Words, and site.json carries them to the browser, so every rendering says the same thing
// in the same language. The tables for the languages folio knows are native only (words_table.cpp); the
// wasm reads its Words from site.json. An author can give any of them in content.json (site.words), which
// is also how a language without a table gets its own words.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace folio {

struct Date;

// Patterns hold named holes: {n}, {title}, {name}, {tag}, {repo}, {where}, {date}, {year}, {years},
// {label}, {path}, {link}, and {d} {m} {y} in dates. English is the default of every member.
struct Words {
    std::string contents = "contents";
    std::string writing = "writing"; // the writing chapter's name where the contents give it none
    std::string continued = "{title}, continued";
    std::string front_page = "{name}, the front page";
    std::string search_all = "search all writing";
    std::string search = "search";
    std::string search_note = "Search runs in the browser, with JavaScript. Every article is also listed under {link}.";
    std::string rss_feed = "rss feed";
    std::string projects = "projects";
    std::string newer = "newer";
    std::string older = "older";
    std::string more_writing = "more writing";
    std::string tags = "tags";
    std::string number = "no. {n}";
    std::string reading_time = "{n} min read";
    std::string tagged = "tagged {tag}";
    std::string merged_into = "merged into {repo}";
    std::string first_released = "first released on {where} {date}";
    std::string since = "on {where} since {date}";
    std::string project_first_release = "{where}, first release {date}";
    std::string project_since = "{where}, since {date}";
    std::string the_rest = "the rest";
    std::string the_rest_of = "the rest of {year}";
    std::string the_years = "the years {years}";
    std::string fold = "fold {label}";
    std::string count = " ({n})";
    std::string loading = "loading\xE2\x80\xA6";
    std::string not_downloaded = "These entries could not be downloaded. Fold them and open them again to retry.";
    std::string article_not_downloaded =
        "The rest of this article could not be downloaded. Reload the page to try again.";
    std::string loading_older = "loading the older articles\xE2\x80\xA6";
    std::string older_not_downloaded = "Some older articles could not be downloaded. Reload the page to try again.";
    std::string page_not_found = "page not found";
    std::string no_page_at = "There is no page at {path}.";
    std::string no_page_here = "There is no page at this address.";
    std::string months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec"; // twelve, split at spaces
    std::string day_month = "{d} {m}";
    std::string day_month_year = "{d} {m} {y}";
#ifndef FOLIO_TREES_ONLY
    // The page's scripts (web/): notices, find, search. The build hands them over in the boot script
    // (script_word_keys), never in site.json: the wasm has none of them.
    std::string notice_download =
        "The book could not be downloaded. This is the page as plain text; reload to try again.";
    std::string notice_start = "The book cannot start in this browser. This is the page as plain text.";
    std::string notice_stopped = "The book stopped working. This is the page as plain text; reload to open it again.";
    std::string notice_waiting = "The book is still loading. Meanwhile, here is this page as plain text.";
    std::string notice_arrived = "The book has loaded.";
    std::string open_book = "Open the book";
    std::string dismiss = "Dismiss this message";
    std::string find_label = "find in this book";
    std::string find_placeholder = "find in the book";
    std::string find_previous = "Previous match (Shift+Enter)";
    std::string find_next = "Next match (Enter)";
    std::string close = "Close (Esc)";
    std::string searching = "searching\xE2\x80\xA6";
    std::string no_matches = "no matches";
    std::string match_of = "{n} of {count}";
    std::string close_search = "Close search";
    std::string search_writing = "search the writing";
    std::string search_failed = "search could not load its index ({error}); try again";
    std::string no_articles = "no articles match";
    std::string best_matches = "the best of the articles that match";
    std::string one_article = "1 article";
    std::string articles = "{n} articles";
    std::string more_results = "more results";
    // The preview's mark on the title of a post the built site holds back (a draft, or dated after today):
    // the loader writes it into the title (bundle/load.h: Drafts), so neither site.json nor a script needs it.
    std::string draft = "{title} (draft)";
#endif
};

// Every member with its key in content.json's site.words, in declaration order; the first
// book_word_count() of them are the ones site.json carries (the book's and the pages'), the rest the
// scripts'.
const std::vector<std::pair<const char*, std::string Words::*>>& word_keys();
size_t book_word_count();

// The words the page's scripts show (web/): the build writes them into the boot script, the rest stay in
// site.json and the pages.
const std::vector<const char*>& script_word_keys();

// The pattern with each {hole} replaced; a hole not given stays as written.
std::string fill(const std::string& pattern, const std::vector<std::pair<const char*, std::string>>& holes);
// The pattern around its one hole: what comes before it and after it, for a hole that is a span of its
// own (a link inside a sentence).
std::pair<std::string, std::string> around_hole(const std::string& pattern, const char* hole);

// "14 Feb" or "14 Feb 2026" (with_year) in the words' language.
std::string day_month(const Words& w, const Date& d, bool with_year);

// The holes a pattern must keep (an author's site.words that drops {n} would lose the number); empty
// for a member without holes.
std::vector<std::string> required_holes(const char* key);

#ifndef FOLIO_TREES_ONLY
// The table for a BCP 47 tag ("zh-Hant-TW", "pt-BR"), by its language and script; nullptr for a language
// folio has no words for (the caller says so and keeps English).
const Words* words_for(const std::string& language);
// The languages with a table ("en", "zh", "zh-hant", ...), and any key a table leaves out ("ja: tags").
std::vector<std::string> languages_with_words();
std::vector<std::string> word_table_gaps();
#endif

} // namespace folio
