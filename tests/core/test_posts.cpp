// Posts as files (core/bundle/posts.h): Markdown files under writing/ with YAML or TOML front matter are
// articles; the timeline takes them by date; a slug given twice and every front-matter error are located;
// drafts and posts dated after today are held back from the built site and marked in the preview. The
// built site itself (pages, feed, sitemap, search) and `folio new post`: tests/cli/posts_cli.sh.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "core/bundle/front_matter.h"
#include "core/bundle/load.h"
#include "core/bundle/posts.h"
#include "core/text/names.h"

using namespace folio;
namespace fs = std::filesystem;

namespace {

const std::string kFixture = FOLIO_SOURCE_DIR "/tests/fixtures/posts";

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// The slugs of a timeline year's article entries, in order; empty when the year is not there.
std::vector<std::string> year_articles(const Site& site, int year) {
    std::vector<std::string> out;
    for (const TimelineYear& y : site.timeline)
        if (y.year == year)
            for (const TimelineEntry& e : y.entries)
                if (e.kind == EntryKind::Article) out.push_back(e.ref);
    return out;
}

// The fixture copied into a folder of its own, with `file` (a path under it) written as `text`.
fs::path fixture_with(const std::string& name, const std::string& file, const std::string& text) {
    const fs::path dir = fs::temp_directory_path() / ("folio-posts-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::copy(kFixture, dir, fs::copy_options::recursive);
    std::ofstream(dir / file) << text;
    return dir;
}

// The diagnostics of loading the fixture with one more post file, writing/extra.md.
Diagnostics load_with_post(const std::string& name, const std::string& text) {
    const fs::path dir = fixture_with(name, "writing/extra.md", text);
    Site site;
    Diagnostics d;
    load_bundle(dir.string(), site, d);
    fs::remove_all(dir);
    return d;
}

// The one diagnostic about writing/extra.md (a test fails when there is not exactly one).
Diagnostic about_extra(const Diagnostics& d) {
    std::vector<Diagnostic> found;
    for (const Diagnostic& x : d)
        if (has(x.file, "writing/extra.md")) found.push_back(x);
    REQUIRE(found.size() == 1);
    return found[0];
}

} // namespace

TEST_CASE("posts: Markdown files with YAML and TOML front matter are articles", "[posts]") {
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(kFixture, site, d));
    CHECK(d.empty());
    const int yaml = site.find_article("yaml-post");
    REQUIRE(yaml >= 0);
    const Article& y = site.writing[yaml];
    CHECK(y.title == "A post in YAML");
    CHECK(format_iso(y.date) == "2026-04-02");
    CHECK(y.tags == std::vector<std::string>{"notes", "yamltag"});
    CHECK(y.dek == "Front matter in YAML, as Hugo and Jekyll write it.");
    CHECK(y.aliases == std::vector<std::string>{"/2026/04/yaml-post/"});
    CHECK(y.opening == "The opening paragraph of the YAML post, over two lines."); // its words, one space apart, after the heading
    CHECK(y.post_file);
    CHECK(y.body_line == 10); // the line after the closing fence

    const int toml = site.find_article("toml-post");
    REQUIRE(toml >= 0);
    CHECK(site.writing[toml].title == "A post in TOML");
    CHECK(format_iso(site.writing[toml].date) == "2025-06-01");
    CHECK(site.writing[toml].dek == "Front matter in TOML, as Hugo writes it."); // summary is the dek
    CHECK(site.writing[toml].opening == "The opening paragraph of the TOML post.");

    // Jekyll's file name gives the date and slug; "tags: a b" is two tags.
    const int jekyll = site.find_article("jekyll-name");
    REQUIRE(jekyll >= 0);
    CHECK(format_iso(site.writing[jekyll].date) == "2024-02-03");
    CHECK(site.writing[jekyll].tags == std::vector<std::string>{"jekyll", "notes"});
    CHECK(site.writing[jekyll].dek.empty());

    // The file content.json names as a body is not a post of its own.
    CHECK(site.find_article("listed") >= 0);
    CHECK(site.writing.size() == 4);
    // The tag index counts the posts.
    REQUIRE(site.tags.count("notes"));
    CHECK(site.tags.at("notes").size() == 3);
    // The writing list is by date, newest first, whichever place an article came from.
    std::vector<std::string> order;
    for (const Article& a : site.writing)
        order.push_back(a.slug);
    CHECK(order == std::vector<std::string>{"yaml-post", "listed", "toml-post", "jekyll-name"});
}

TEST_CASE("posts: the timeline takes post files by date, in years made when missing", "[posts]") {
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(kFixture, site, d));
    CHECK(year_articles(site, 2026) == std::vector<std::string>{"yaml-post", "listed"});
    CHECK(year_articles(site, 2025) == std::vector<std::string>{"toml-post"});
    CHECK(year_articles(site, 2024) == std::vector<std::string>{"jekyll-name"});
    std::vector<int> years;
    for (const TimelineYear& y : site.timeline)
        years.push_back(y.year);
    CHECK(years == std::vector<int>{2026, 2025, 2024});
}

TEST_CASE("posts: drafts and scheduled posts are held back, and listed", "[posts][drafts]") {
    Site site;
    Diagnostics d;
    Drafts drafts;
    drafts.today = Date{2026, 12, 5};
    REQUIRE(load_bundle(kFixture, site, d, {}, nullptr, &drafts));
    CHECK(site.find_article("draft-post") < 0);
    CHECK(site.find_article("future-post") < 0);
    CHECK(site.find_article("entry-draft") < 0);
    CHECK(site.tags.count("draftonly") == 0);
    CHECK(site.tags.count("futureonly") == 0);
    CHECK(site.tags.count("entrydraftonly") == 0);
    CHECK(year_articles(site, 2026) == std::vector<std::string>{"yaml-post", "listed"}); // entry-draft's gone too
    CHECK(year_articles(site, 2999).empty());
    std::vector<std::string> held = drafts.held;
    std::sort(held.begin(), held.end());
    CHECK(held == std::vector<std::string>{"content.json 'entry-draft' (draft)", "writing/draft-post.md (draft)",
                                           "writing/future-post.md (dated 2999-01-01)"});

    // The day it comes: the scheduled post is published.
    Site later;
    Drafts then;
    then.today = Date{2999, 1, 1};
    REQUIRE(load_bundle(kFixture, later, d, {}, nullptr, &then));
    CHECK(later.find_article("future-post") >= 0);
    CHECK(year_articles(later, 2999) == std::vector<std::string>{"future-post"});
}

TEST_CASE("posts: the preview shows drafts, their titles marked in the site's language", "[posts][drafts]") {
    Site site;
    Diagnostics d;
    Drafts drafts;
    drafts.show = true;
    REQUIRE(load_bundle(kFixture, site, d, {}, nullptr, &drafts));
    const int k = site.find_article("draft-post");
    REQUIRE(k >= 0);
    CHECK(site.writing[k].title == "A draft (draft)");
    REQUIRE(site.find_article("entry-draft") >= 0);
    CHECK(site.writing[site.find_article("entry-draft")].title == "An entry held back (draft)");
    CHECK(site.writing[site.find_article("yaml-post")].title == "A post in YAML");
    CHECK(drafts.held.size() == 3);
    CHECK(site.tags.count("draftonly") == 1);
}

TEST_CASE("posts: a slug given by a post file and by content.json is an error naming both places", "[posts]") {
    const Diagnostic e =
        about_extra(load_with_post("dup", "---\ntitle: Again\ndate: 2026-05-01\nslug: listed\n---\n\nText.\n"));
    CHECK_FALSE(e.warning);
    CHECK(e.line == 4);
    CHECK(e.column == 1);
    const std::string text = format_diagnostic(e);
    INFO(text);
    CHECK(has(text, "writing/extra.md:4:1: error: "));
    CHECK(has(text, "content.json:22:15 ($.writing[0].slug)")); // the entry's slug, where it is written
    // Two post files: the file name gives the slug.
    const fs::path dir =
        fixture_with("dup2", "writing/notes/yaml-post.md", "---\ntitle: T\ndate: 2026-01-02\n---\n\nX.\n");
    Site site;
    Diagnostics d;
    CHECK_FALSE(load_bundle(dir.string(), site, d));
    fs::remove_all(dir);
    REQUIRE(d.size() == 1);
    CHECK(
        has(format_diagnostic(d[0]), "writing/yaml-post.md:1:1: error: slug: the slug 'yaml-post' is also given at "));
    CHECK(has(format_diagnostic(d[0]), "writing/notes/yaml-post.md:1:1"));
}

TEST_CASE("posts: every front-matter error is located, with what to do", "[posts]") {
    SECTION("YAML that does not parse") {
        const Diagnostic e = about_extra(load_with_post("yaml", "---\ntitle: A\ndate: [2026\n---\n\nText.\n"));
        CHECK(e.line >= 3);
        CHECK(has(e.message, "YAML"));
    }
    SECTION("TOML that does not parse") {
        const Diagnostic e =
            about_extra(load_with_post("toml", "+++\ntitle = \"A\"\ndate = = 2026-01-01\n+++\n\nText.\n"));
        CHECK(e.line == 3);
        CHECK(has(e.message, "TOML"));
    }
    SECTION("no title") {
        const Diagnostic e = about_extra(load_with_post("title", "---\ndate: 2026-01-01\n---\n\nText.\n"));
        CHECK(e.line == 1);
        CHECK(has(format_diagnostic(e), "the post has no title; add title: \"...\" to its front matter"));
    }
    SECTION("no date") {
        const Diagnostic e = about_extra(load_with_post("date", "+++\ntitle = \"A\"\n+++\n\nText.\n"));
        CHECK(has(e.message, "no date"));
        CHECK(has(e.hint, "date = ")); // in TOML's own form
    }
    SECTION("a day that does not exist") {
        const Diagnostic e =
            about_extra(load_with_post("day", "---\ntitle: A\ntags: [x]\ndate: 2026-02-30\n---\n\nText.\n"));
        CHECK(e.line == 4);
        CHECK(e.column == 1);
        CHECK(has(e.message, "'2026-02-30' is not a date"));
        CHECK(has(e.hint, "YYYY-MM-DD"));
    }
    SECTION("a draft that is not true or false") {
        const Diagnostic e =
            about_extra(load_with_post("draft", "---\ntitle: A\ndate: 2026-01-01\ndraft: \"yes\"\n---\n"));
        CHECK(e.line == 4);
        CHECK(has(e.message, "true or false"));
    }
    SECTION("a tag that is not a name") {
        const Diagnostic e =
            about_extra(load_with_post("tag", "---\ntitle: A\ndate: 2026-01-01\ntags: [\"two words\"]\n---\n"));
        CHECK(e.line == 4);
        CHECK(has(e.message, "holds a space"));
    }
    SECTION("no front matter at all") {
        const Diagnostic e = about_extra(load_with_post("none", "# Just Markdown\n\nText.\n"));
        CHECK(e.line == 1);
        CHECK(has(e.hint, "body_file")); // or name it as a body
    }
    SECTION("a key that looks like a typo is a warning; Hugo's and Jekyll's other keys pass quietly") {
        Diagnostics d =
            load_with_post("typo", "---\ntitle: A\ndate: 2026-01-01\ntgas: [x]\nlayout: post\nweight: 3\n---\n");
        const Diagnostic e = about_extra(d);
        CHECK(e.warning);
        CHECK(e.line == 4);
        CHECK(has(e.hint, "did you mean 'tags'?"));
    }
    SECTION("a lang other than the site's is a warning") {
        const Diagnostic e = about_extra(load_with_post("lang", "---\ntitle: A\ndate: 2026-01-01\nlang: de\n---\n"));
        CHECK(e.warning);
        CHECK(e.line == 4);
        CHECK(has(e.message, "'de' is not the site's language 'en'"));
        CHECK(load_with_post("lang-en", "---\ntitle: A\ndate: 2026-01-01\nlang: en-GB\n---\n").empty());
    }
}

TEST_CASE("posts: a changed post file is read again alone", "[posts]") {
    const fs::path dir =
        fixture_with("reload", "writing/yaml-post.md",
                     "---\ntitle: \"A post in YAML, renamed\"\ndate: 2026-04-02\ntags: [notes, yamltag]\n"
                     "aliases: [\"/2026/04/yaml-post/\"]\n---\n\nA new opening.\n");
    Site site;
    Diagnostics d;
    // Loaded as the fixture was, then the file changed on disk: reload_markdown reads it alone.
    REQUIRE(load_bundle(kFixture, site, d));
    std::vector<std::string> changed;
    REQUIRE(reload_markdown(dir.string(), "writing/yaml-post.md", site, changed) == Reload::Done);
    CHECK(changed == std::vector<std::string>{"yaml-post"});
    const Article& a = site.writing[site.find_article("yaml-post")];
    CHECK(a.title == "A post in YAML, renamed");
    CHECK(a.opening == "A new opening.");
    // A new date moves it: the whole load places it.
    std::ofstream(dir / "writing/yaml-post.md") << "---\ntitle: T\ndate: 2020-01-01\n---\n\nX.\n";
    CHECK(reload_markdown(dir.string(), "writing/yaml-post.md", site, changed) == Reload::Whole);
    fs::remove_all(dir);
}

TEST_CASE("posts: a name from a title in any script", "[posts][names]") {
    CHECK(name_from_text("Parsing by hand") == "parsing-by-hand");
    CHECK(name_from_text("  Don't panic: a guide!  ") == "dont-panic-a-guide");
    CHECK(name_from_text("日本語のメモ") == "日本語のメモ");
    CHECK(name_from_text("Ünïcode, Straße") == "ünïcode-strasse");
    CHECK(name_from_text("!!!").empty());
}
