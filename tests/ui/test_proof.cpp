// The proof's markup (core/site/proof.h, docs/first-view.md "The proof"): what each run of the route's first page
// carries. Where the runs land on screen is the browser tests' part (tests/browser/proof.test.mjs compares
// the proof with the canvas pixel for pixel); this is what keeps the proofs, most of a large site's page
// bytes, small: runs of one size share a wrapper that holds the size, a run that draws nothing (spaces, code
// past its panel's edge) is left out, and a code run carries its panel's edge only when it reaches it.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <map>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include "core/bundle/load.h"
#include "core/model/routes.h"
#include "core/site/proof.h"
#include "ui/headless.h"
#include "ui/proof_measure.h"

using namespace folio;

namespace {

struct Run {
    std::string face, style, text;
    bool clipped = false;
    int variant = -1;
    bool next_page = false; // on a pocket page's next page, whose top shows below it
    float page_height = 0;  // the variant's, in page units
    std::string block;      // the first run of a block: what the block is (data-b: block_tag)
    std::string link;       // a link's run (<a>): its attributes after the style
};

float field(const std::string& style, const std::string& name) {
    std::smatch m;
    const std::regex re("--" + name + ":(-?[0-9.]+)");
    return std::regex_search(style, m, re) ? std::stof(m[1].str()) : -1.0f;
}

// The proof with every attribute's value quoted (proof.cpp leaves the quotes out where HTML allows).
std::string quoted(const std::string& html) {
    static const std::regex bare(R"re(( [a-z-]+)=([^ "'=<>`]+))re");
    return std::regex_replace(html, bare, "$1=\"$2\"");
}

// The proof's runs, each checked to sit in a size wrapper that never spans pages; counts the wrappers.
std::vector<Run> runs_of(const std::string& proof, int& groups) {
    std::vector<Run> runs;
    const std::string html = quoted(proof);
    const std::regex tag(R"(<(/?)(div|p|b|a|i)\b([^>]*)>([^<]*))");
    bool in_group = false, next_page = false;
    std::string group_face, group_x;
    int variant = -1;
    float page_height = 0;
    groups = 0;
    for (auto it = std::sregex_iterator(html.begin(), html.end(), tag); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        const bool closing = m[1] == "/";
        const std::string name = m[2], attrs = m[3];
        if (name == "div") {
            INFO("a size wrapper left open across a page: " << attrs);
            CHECK_FALSE(in_group);
            if (!closing && attrs.find("class=\"pv ") != std::string::npos) {
                ++variant;
                page_height = field(attrs, "ph");
            }
            if (!closing && attrs.find("class=\"pg ") != std::string::npos)
                next_page = attrs.find(" next\"") != std::string::npos;
        } else if (name == "p") {
            if (!closing) {
                CHECK_FALSE(in_group);
                // The wrapper: the size, and the face, ink and left edge its runs inherit.
                std::smatch g;
                static const std::regex group_attrs(
                    R"re(^ class="(f[0-9]) k[0-9]+" style="--s:[0-9.]+;--t:-?[0-9.]+;--x:(-?[0-9.]+)"$)re");
                REQUIRE(std::regex_search(attrs, g, group_attrs));
                group_face = g[1];
                group_x = g[2];
                ++groups;
            }
            in_group = !closing;
        } else if ((name == "b" || name == "a") && !closing) {
            INFO("a run outside a size wrapper: " << attrs);
            CHECK(in_group);
            std::smatch c;
            static const std::regex run_attrs(
                R"re(^(?: class="(f[0-9])?(?: ?k[0-9]+)?( ?cd)?")? style="([^"]*)"(?: data-b="([^"]*)")?(.*))re");
            REQUIRE(std::regex_search(attrs, c, run_attrs));
            const std::string style =
                c[3].str().rfind("--x:", 0) == 0 ? c[3].str() : "--x:" + group_x + ";" + c[3].str();
            runs.push_back({c[1].matched ? c[1].str() : group_face, style, m[4], c[2].matched, variant, next_page,
                            page_height, c[4], c[5]});
            CHECK((name == "a") == !runs.back().link.empty());
        }
    }
    CHECK_FALSE(in_group);
    return runs;
}

// The proof of the rich fixture's long article, as `folio build` makes it (the Debian faces: the same
// metrics as the subsets). Its first page has a code block: "int main() {", an indented line too long for
// the panel, "    return 0;"; its second page is full to the foot at every page size.
// A route's proof as `folio build` makes it, for a bundle of the repository.
std::string proof_of(const std::string& bundle, const std::string& route) {
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(bundle, site, d));
    HeadlessImGui imgui;
    Fonts fonts;
    std::string paths[kFaceCount], error;
    for (int i = 0; i < kFaceCount; ++i)
        paths[i] = kDebianFontFiles[i];
    REQUIRE(load_fonts_from_files(fonts, paths, error));
    imgui.begin_frame(1280, 800);
    ProofMeasurers measurers(fonts);
    ProofMaker proofs(site, measurers.measuring());
    return proofs.html(resolve_route(site, route));
}

std::string long_article_proof() {
    return proof_of(FOLIO_SOURCE_DIR "/tests/fixtures/rich", "/writing/everything-markdown");
}

} // namespace

TEST_CASE("a proof's runs: one wrapper per size, no runs of spaces, a code run clipped only at its panel's edge",
          "[ui][proof]") {
    int groups = 0;
    const std::vector<Run> runs = runs_of(long_article_proof(), groups);
    REQUIRE(runs.size() > 100);
    CHECK(groups * 3 < static_cast<int>(runs.size())); // the runs of a paragraph, a code block, share one

    int clipped = 0, code = 0;
    for (const Run& r : runs) {
        INFO("run: " << r.text << " (" << r.style << ")");
        CHECK(r.text.find_first_not_of(' ') != std::string::npos);
        CHECK(field(r.style, "x") >= 0);
        CHECK(field(r.style, "y") >= 0);
        CHECK((field(r.style, "c") > 0) == r.clipped); // the edge comes with the clip, and shows some of the run
        code += r.face == "f4";
        clipped += r.clipped;
    }
    std::map<std::string, int> blocks;
    for (const Run& r : runs)
        ++blocks[r.block];
    CHECK(blocks["h1"] == 4); // the title, on each of the four page sizes (view.h: the reference and three pockets)
    CHECK(blocks["p"] > 10);
    CHECK(blocks[""] > blocks["p"]); // the other runs of a block say nothing
    CHECK(clipped > 0);              // the long line's runs reach the edge
    CHECK(clipped < code / 2);       // the short lines' do not

    // The indentation is kept in the runs' places: "return" starts right of "int", on the same page.
    int sizes_with_block = 0; // the page sizes checked here: the loop must not skip them all
    for (int v = 0; v <= runs.back().variant; ++v) {
        const Run *int_run = nullptr, *return_run = nullptr;
        for (const Run& r : runs)
            if (r.variant == v && r.face == "f4") {
                if (r.text == "int" && !int_run) int_run = &r;
                if (r.text == "return" && !return_run) return_run = &r;
            }
        if (!int_run || !return_run) continue; // this page size shows the block further on
        INFO("variant " << v);
        ++sizes_with_block;
        CHECK_FALSE(int_run->clipped);
        CHECK(field(return_run->style, "x") > field(int_run->style, "x") + 1);
        // Copy tells the blocks apart by their first runs (folio.copyOf): the code block begins at "int",
        // and its next line goes on in it.
        CHECK(int_run->block == "pre");
        CHECK(return_run->block.empty());
    }
    // The block starts the first page at the reference size; on the pocket widths, further on.
    CHECK(sizes_with_block == 1);
}

TEST_CASE("a pocket page's proof carries the top of the next page, as much of it as a phone shows", "[ui][proof]") {
    int groups = 0;
    const std::vector<Run> runs = runs_of(long_article_proof(), groups);
    float lowest_next = 0, lowest_first = 0;
    int next_runs = 0;
    for (const Run& r : runs) {
        REQUIRE(r.page_height > 0);
        const float share = field(r.style, "y") / r.page_height;
        if (r.next_page) {
            ++next_runs;
            lowest_next = std::max(lowest_next, share);
        } else {
            lowest_first = std::max(lowest_first, share);
        }
    }
    CHECK(next_runs > 3 * 3);   // each of the three pocket widths shows the next page's first lines
    CHECK(lowest_first > 0.8f); // the first page is whole, to its foot
    CHECK(lowest_next < 0.6f);  // the next one down to 60% of its height (docs/first-view.md)
    CHECK(lowest_next > 0.45f);
}

// Before the book has drawn, the proof is what the reader sees, so its links are links (docs/first-view.md,
// "The proof answers the reader"): where the book would go, in the tab the book would use, and out of the
// tab order (the proof is aria-hidden; #text holds the page's links for the keyboard and screen readers).
TEST_CASE("a link's runs in the proof are links: the book's address and tab, out of the tab order", "[ui][proof]") {
    int groups = 0;
    const std::vector<Run> runs = runs_of(long_article_proof(), groups);
    auto link_of = [&](const std::string& text) -> std::string {
        for (const Run& r : runs)
            if (r.text == text) return r.link;
        FAIL("no run " << text);
        return "";
    };
    // A route of the site opens in this tab; the web in a new one, which cannot reach back to this page.
    CHECK(link_of("A short note") == R"( href="/writing/short-note" tabindex="-1")");
    CHECK(link_of("#cpp") == R"( href="/tags/cpp" tabindex="-1")");
    CHECK(link_of("link to the") ==
          R"( href="https://spec.commonmark.org/" tabindex="-1" target="_blank" rel="noopener noreferrer")");
    // A wrapped link is a link in each of its runs; the text around it is not.
    int long_address = 0;
    for (const Run& r : runs) {
        if (r.text.rfind("https://example.org/", 0) == 0) {
            ++long_address;
            CHECK(r.link.find("href=\"https://example.org/a/very/long/") != std::string::npos);
        }
        if (r.text == "int" || r.text == "return") CHECK(r.link.empty());
    }
    CHECK(long_address > 0);
}

// The early page sets a spread as the book does (ui/app.h, spread_column): a right-to-left site's first
// page on the right (c1), the next on the left (c0); a left-to-right one's the other way round.
TEST_CASE("a right-to-left site's proof puts the spread's first page on the right, as the book does",
          "[ui][proof][rtl]") {
    for (const auto& [bundle, first, second] :
         {std::tuple{std::string(FOLIO_SOURCE_DIR "/tests/fixtures/rtl"), "<div class=\"pg c1 ", "<div class=\"pg c0 "},
          std::tuple{std::string(FOLIO_SOURCE_DIR "/tests/fixtures/rich"), "<div class=\"pg c0 ",
                     "<div class=\"pg c1 "}}) {
        INFO("bundle: " << bundle);
        const std::string html = proof_of(bundle, "/");
        const std::string ref = html.substr(html.find("pv-ref"));
        const size_t a = ref.find(first), b = ref.find(second);
        REQUIRE(a != std::string::npos);
        REQUIRE(b != std::string::npos);
        CHECK(a < b); // the route's first page, then the other page of its spread
    }
}
