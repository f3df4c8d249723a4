// A site's address patterns expanded for one post, as Jekyll and Hugo wrote the post's address
// (src/cli/import_permalinks.h). The import keeps each as an alias (tests/cli/import_cli.sh).
#include <catch2/catch_test_macros.hpp>

#include "cli/import_permalinks.h"

using namespace folio::import;

namespace {
PermalinkPost leap_day_post() {
    PermalinkPost p;
    p.year = 2020, p.month = 2, p.day = 29;
    p.name = "Leap-Day";
    p.title_slug = "a-leap-day";
    p.categories = {"Notes", "Deep Dives"};
    p.sections = {"posts"};
    return p;
}
} // namespace

TEST_CASE("Jekyll's permalink styles give the address Jekyll wrote", "[import][permalinks]") {
    PermalinkPost p = leap_day_post();
    CHECK(expand_jekyll(jekyll_pattern(""), p) == "/notes/deep%20dives/2020/02/29/Leap-Day.html"); // date, the default
    CHECK(expand_jekyll(jekyll_pattern("date"), p) == "/notes/deep%20dives/2020/02/29/Leap-Day.html");
    CHECK(expand_jekyll(jekyll_pattern("pretty"), p) == "/notes/deep%20dives/2020/02/29/Leap-Day/");
    CHECK(expand_jekyll(jekyll_pattern("ordinal"), p) == "/notes/deep%20dives/2020/060/Leap-Day.html");
    CHECK(expand_jekyll(jekyll_pattern("none"), p) == "/notes/deep%20dives/Leap-Day.html");
    p.categories.clear(); // no categories: no empty segment
    CHECK(expand_jekyll(jekyll_pattern("pretty"), p) == "/2020/02/29/Leap-Day/");
    CHECK(expand_jekyll(jekyll_pattern("ordinal"), p) == "/2020/060/Leap-Day.html");
}

TEST_CASE("a custom Jekyll pattern and a post's own slug", "[import][permalinks]") {
    PermalinkPost p = leap_day_post();
    p.categories = {"notes"};
    CHECK(expand_jekyll("/:year/:month/:title/", p) == "/2020/02/Leap-Day/");
    CHECK(expand_jekyll("/blog/:short_year/:i_month/:i_day/:slug.html", p) == "/blog/20/2/29/leap-day.html");
    CHECK(expand_jekyll("/:categories/:title:output_ext", p) == "/notes/Leap-Day.html");
    CHECK(expand_jekyll("/:year/:unknown/:title/", p) == "/2020/:unknown/Leap-Day/"); // left as written
    p.slug = "Chosen Name";
    CHECK(expand_jekyll("/:year/:title/", p) == "/2020/Chosen-Name/");
    p.month = 1, p.day = 5; // ordinal's day of the year, padded; short months too
    CHECK(expand_jekyll(jekyll_pattern("ordinal"), p) == "/notes/2020/005/Chosen-Name.html");
    p.year = 2021, p.month = 3, p.day = 1; // not a leap year
    CHECK(expand_jekyll(jekyll_pattern("ordinal"), p) == "/notes/2021/060/Chosen-Name.html");
}

TEST_CASE("Hugo's [permalinks] tokens, lowercased as Hugo writes addresses", "[import][permalinks]") {
    PermalinkPost p = leap_day_post();
    CHECK(expand_hugo("/:year/:month/:title/", p) == "/2020/02/a-leap-day/");
    CHECK(expand_hugo("/:section/:year/:monthname/:day/:slug/", p) == "/posts/2020/february/29/a-leap-day/");
    CHECK(expand_hugo("/:weekdayname/:weekday/:yearday/:filename/", p) == "/saturday/6/60/leap-day/");
    CHECK(expand_hugo("/:contentbasename/", p) == "/leap-day/");
    p.slug = "chosen";
    CHECK(expand_hugo("/:year/:slug/", p) == "/2020/chosen/");
    CHECK(expand_hugo("/:year/:title/", p) == "/2020/a-leap-day/"); // :title is the title whatever the slug
    CHECK(hugo_default_address(p) == "/posts/chosen/");
    p.slug.clear();
    p.sections = {"posts", "2020"};
    CHECK(hugo_default_address(p) == "/posts/2020/leap-day/");
    CHECK(expand_hugo("/:sections/:filename/", p) == "/posts/2020/leap-day/");
}
