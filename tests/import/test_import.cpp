// folio import's parsing: text normalisation, front matter (YAML and TOML), dates, shortcodes and
// Liquid tags. The whole command on fixture sites is tests/cli/import_cli.sh.
#include <catch2/catch_test_macros.hpp>

#include "cli/import_markup.h"
#include "core/bundle/front_matter.h"

using namespace folio;
using namespace folio::import;
using nlohmann::json;

TEST_CASE("import: BOMs and CRLF line endings are normalised away", "[import]") {
    CHECK(normalize_text("\xEF\xBB\xBF---\r\ntitle: x\r\n---\r\nbody\r\n") == "---\ntitle: x\n---\nbody\n");
    CHECK(normalize_text("a\rb\r\n\r\nc") == "a\nb\n\nc");
    CHECK(normalize_text("no BOM \xEF\xBB\xBF inside") == "no BOM \xEF\xBB\xBF inside");
}

TEST_CASE("import: front matter is split at its fences", "[import]") {
    SplitPost p;
    SourceError err;
    REQUIRE(split_front_matter("---\ntitle: a\n---\nbody\n", p, err));
    CHECK(p.kind == FrontMatterKind::Yaml);
    CHECK(p.front_matter == "title: a\n");
    CHECK(p.body == "body\n");
    CHECK(p.body_line == 4);

    REQUIRE(split_front_matter("+++\ntitle = 'a'\n+++  \n\nbody", p, err));
    CHECK(p.kind == FrontMatterKind::Toml);
    CHECK(p.front_matter == "title = 'a'\n");
    CHECK(p.body == "\nbody");

    REQUIRE(split_front_matter("# Just Markdown\n\n---\nnot front matter\n---\n", p, err));
    CHECK(p.kind == FrontMatterKind::None);
    CHECK(p.body_line == 1);

    REQUIRE(split_front_matter("---\ntitle: a\n...\nbody", p, err)); // YAML's document end marker
    CHECK(p.body == "body");

    CHECK_FALSE(split_front_matter("---\ntitle: a\nbody\n", p, err));
    CHECK(err.line == 1);
    CHECK(err.message.find("never closed") != std::string::npos);
}

TEST_CASE("import: YAML front matter keeps quoted text, types plain scalars", "[import]") {
    json v;
    SourceError err;
    REQUIRE(yaml_to_json("title: \"Rust: the good parts\"\ndraft: true\nweight: 3\nslug: '007'\n"
                         "tags: [a, \"b c\"]\ndate: 2023-05-01T23:30:00-07:00\nauthor:\n  name: Jo\n",
                         1, v, err));
    CHECK(v["title"] == "Rust: the good parts");
    CHECK(v["draft"] == true);
    CHECK(v["weight"] == 3);
    CHECK(v["slug"] == "007"); // quoted: stays text
    CHECK(v["tags"] == json::array({"a", "b c"}));
    CHECK(v["date"] == "2023-05-01T23:30:00-07:00");
    CHECK(v["author"]["name"] == "Jo");
}

TEST_CASE("import: a YAML error is located in the file", "[import]") {
    json v;
    SourceError err;
    // Front matter starting on the file's line 2; the unquoted colon is on the file's line 3.
    REQUIRE_FALSE(yaml_to_json("date: 2020-01-01\ntitle: Colons: break YAML\n", 1, v, err));
    CHECK(err.line == 3);
    CHECK(err.column == 14);
    CHECK(err.message.find("YAML") == 0);
}

TEST_CASE("import: TOML front matter, dates with zones as written", "[import]") {
    json v;
    SourceError err;
    REQUIRE(toml_to_json("title = \"Zola: first\"\ndate = 2024-01-15T23:00:00-08:00\nday = 2024-02-29\n"
                         "draft = true\n[taxonomies]\ntags = [\"Zola\", \"Static Sites\"]\n",
                         1, v, err));
    CHECK(v["title"] == "Zola: first");
    CHECK(v["date"].get<std::string>().rfind("2024-01-15T23:00:00", 0) == 0);
    CHECK(v["day"] == "2024-02-29");
    CHECK(v["draft"] == true);
    CHECK(v["taxonomies"]["tags"] == json::array({"Zola", "Static Sites"}));

    REQUIRE_FALSE(toml_to_json("title = \"a\"\ntitle = \"b\"\n", 1, v, err)); // a duplicate key
    CHECK(err.line == 3);
    CHECK(err.message.find("TOML") == 0);
}

TEST_CASE("import: the calendar date is the author's own day, whatever the zone", "[import]") {
    int y = 0, m = 0, d = 0;
    CHECK(calendar_date("2022-12-31T23:59:59+14:00", y, m, d));
    CHECK((y == 2022 && m == 12 && d == 31));
    CHECK(calendar_date("2020-02-29 08:00:00 -0500", y, m, d));
    CHECK((y == 2020 && m == 2 && d == 29));
    CHECK(calendar_date("2024-01-15", y, m, d));
    CHECK_FALSE(calendar_date("2021-02-29", y, m, d)); // not a leap year
    CHECK_FALSE(calendar_date("2021-13-01", y, m, d));
    CHECK_FALSE(calendar_date("2021-1-1", y, m, d));
    CHECK_FALSE(calendar_date("+202-01-01", y, m, d));
    CHECK_FALSE(calendar_date("2021-01-01x", y, m, d));
    CHECK_FALSE(calendar_date("yesterday", y, m, d));
}

TEST_CASE("import: tags as a list or as Jekyll's space-separated string", "[import]") {
    CHECK(string_list(json("jekyll liquid"), true) == std::vector<std::string>{"jekyll", "liquid"});
    CHECK(string_list(json("Static Sites"), false) == std::vector<std::string>{"Static Sites"});
    CHECK(string_list(json::array({"a", 2, "b"}), true) == std::vector<std::string>{"a", "2", "b"});
    CHECK(string_list(json(nullptr), true).empty());
}

TEST_CASE("import: shortcode parameters, positional and named", "[import]") {
    ShortcodeCall c = parse_shortcode("figure src=\"/a b.png\" alt='x' width=300 `raw \"q\"`");
    CHECK(c.name == "figure");
    CHECK(c.get("src") == "/a b.png");
    CHECK(c.get("alt") == "x");
    CHECK(c.get("width") == "300");
    CHECK(c.get("missing") == "");
    CHECK(c.get("nothing", 0) == "raw \"q\"");
}

namespace {

struct Converted {
    std::string text;
    std::vector<Finding> warnings;
};

Converted convert(Generator g, const std::string& body, int body_line = 1) {
    MarkupContext ctx;
    ctx.generator = g;
    ctx.body_line = body_line;
    ctx.post_route = [](const std::string& ref, std::string& route) {
        if (ref != "posts/other.md" && ref != "2019-01-01-other" && ref != "_posts/2019-01-01-other.md" &&
            ref != "blog/other.md")
            return false;
        route = "/writing/other";
        return true;
    };
    ctx.image = [](const std::string& src, std::string& site_path, std::string& why) {
        if (src.find("missing") != std::string::npos) {
            why = "not found";
            return false;
        }
        site_path = "/images/copied.png";
        return true;
    };
    Converted c;
    c.text = convert_markup(body, ctx, c.warnings);
    return c;
}

} // namespace

TEST_CASE("import: Hugo shortcodes become Markdown", "[import]") {
    Converted c = convert(Generator::Hugo, "{{< figure src=\"/x.png\" alt=\"A\" caption=\"C\" >}}\n");
    CHECK(c.text == "![A](</images/copied.png>)\n\n*C*\n");
    c = convert(Generator::Hugo, "{{< highlight go \"linenos=table\" >}}\nfunc main() {}\n{{< /highlight >}}\nafter\n");
    CHECK(c.text == "```go\nfunc main() {}\n```\nafter\n");
    c = convert(Generator::Hugo, "{{< highlight md >}}\n```\nfenced\n```\n{{< /highlight >}}\n");
    CHECK(c.text == "````md\n```\nfenced\n```\n````\n"); // a longer fence around fences
    c = convert(Generator::Hugo, "{{< youtube dQw4w9WgXcQ >}}");
    CHECK(c.text == "[Video on YouTube](https://www.youtube.com/watch?v=dQw4w9WgXcQ)");
    c = convert(Generator::Hugo, "[o]({{< ref \"posts/other.md#part\" >}}) [p]({{% relref posts/other.md %}})");
    CHECK(c.text == "[o](/writing/other#part) [p](/writing/other)");
    CHECK(c.warnings.empty());
    c = convert(Generator::Hugo, "{{< vimeo 146022717 >}} {{< gist spf13 7896402 \"img.html\" >}}");
    CHECK(c.text ==
          "[Video on Vimeo](https://vimeo.com/146022717) [Gist img.html](https://gist.github.com/spf13/7896402)");
    c = convert(Generator::Hugo, "`{{</* figure src=\"x\" */>}}`");
    CHECK(c.text == "`{{< figure src=\"x\" >}}`");
}

TEST_CASE("import: what cannot be converted stays visible and is located", "[import]") {
    Converted c =
        convert(Generator::Hugo, "line one\n\nsay {{< notice user=\"a\" id=\"1\" >}} and {{< ref \"nope.md\" >}}\n", 5);
    CHECK(c.text == "line one\n\nsay {{< notice user=\"a\" id=\"1\" >}} and {{< ref \"nope.md\" >}}\n");
    REQUIRE(c.warnings.size() == 2);
    CHECK(c.warnings[0].line == 7);
    CHECK(c.warnings[0].column == 5);
    CHECK(c.warnings[0].message.find("'notice'") != std::string::npos);
    CHECK(c.warnings[1].line == 7);
    CHECK(c.warnings[1].column == 40);
    // Columns count characters, not bytes.
    c = convert(Generator::Hugo, "\xC3\xA9\xC3\xA9 {{< x >}}");
    REQUIRE(c.warnings.size() == 1);
    CHECK(c.warnings[0].column == 4);
}

TEST_CASE("import: Jekyll's Liquid tags become Markdown", "[import]") {
    Converted c = convert(Generator::Jekyll, "{% highlight ruby linenos %}\nputs 1\n{% endhighlight %}\n");
    CHECK(c.text == "```ruby\nputs 1\n```\n");
    c = convert(Generator::Jekyll, "{% raw %}{{ page.title }} {% if %}{% endraw %}");
    CHECK(c.text == "{{ page.title }} {% if %}");
    c = convert(Generator::Jekyll, "[a]({% post_url 2019-01-01-other %}) [b]({% link _posts/2019-01-01-other.md %})");
    CHECK(c.text == "[a](/writing/other) [b](/writing/other)");
    c = convert(Generator::Jekyll,
                "x{% comment %}gone{% endcomment %}y {{ site.baseurl }}/p {{ \"/q\" | relative_url }}");
    CHECK(c.text == "xy /p /q");
    CHECK(c.warnings.empty());
    c = convert(Generator::Jekyll, "![p]({{ site.baseurl }}/assets/p.png)");
    CHECK(c.text == "![p](/images/copied.png)");
    c = convert(Generator::Jekyll, "{% include note.html %} {{ page.date }}");
    CHECK(c.text == "{% include note.html %} {{ page.date }}");
    CHECK(c.warnings.size() == 2);
}

TEST_CASE("import: Zola shortcodes and internal links", "[import]") {
    Converted c =
        convert(Generator::Zola, "{{ youtube(id=\"abc\") }} [o](@/blog/other.md#x) {{/* youtube(id=\"y\") */}}");
    CHECK(c.text ==
          "[Video on YouTube](https://www.youtube.com/watch?v=abc) [o](/writing/other#x) {{ youtube(id=\"y\") }}");
    CHECK(c.warnings.empty());
    c = convert(Generator::Zola, "{{ not a shortcode }} {% note() %}x{% end %}");
    CHECK(c.text == "{{ not a shortcode }} {% note() %}x{% end %}");
    CHECK(c.warnings.size() == 1); // only the shortcode: plain braces are text in Zola
}

TEST_CASE("import: images are rewritten outside code; a missing one leaves its alt text", "[import]") {
    Converted c =
        convert(Generator::Hugo, "![a](pic.png \"t\") <img src=\"pic.png\" width=3> ![gone](missing.png)\n"
                                 "`![code](pic.png)`\n```\n![fenced](pic.png)\n```\n![r](https://ex.org/r.png)\n");
    CHECK(c.text == "![a](/images/copied.png \"t\") <img src=\"/images/copied.png\" width=3> gone\n"
                    "`![code](pic.png)`\n```\n![fenced](pic.png)\n```\n![r](https://ex.org/r.png)\n");
    REQUIRE(c.warnings.size() == 1);
    CHECK(c.warnings[0].column == 47);
    c = convert(Generator::Hugo, "intro\n<!--more-->\n## Why {#why}\n");
    CHECK(c.text == "intro\n\n## Why\n");
}
