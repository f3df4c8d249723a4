// The case with the book's own measuring (Debian's Noto faces through ImGui, as `folio build` lays
// out its proofs): a shelf whose title and first item both hold a right-to-left override amid words made
// the phone-sized book add pages without end. Each layout runs in a child process with its memory capped.
#include <catch2/catch_test_macros.hpp>

#include <string>
#include <vector>

#include "core/book/compose.h"
#include "core/book/view.h"
#include "support/bounded.h"
#include "support/seed.h"
#include "ui/fonts.h"
#include "ui/headless.h"

using namespace folio;

namespace {

const std::string kOverride = "\xE2\x80\xA6 lorem ipsum dolor sit amet \xE2\x80\xAE"
                              "evil\xE2\x80\xAC consectetur adipiscing elit sed do";

Site seed_with_shelf_title(const std::string& title) {
    Site site = folio::testing::seed_site();
    Shelf& films = site.loves.shelves.at(2);
    films.title = title;
    films.groups.at(0).items.at(0).title = title;
    return site;
}

} // namespace

TEST_CASE("the issue's shelf, a bidi override amid words in its title and first item, lays out at every width",
          "[layout][bounds][ui]") {
    HeadlessImGui imgui;
    Fonts fonts;
    std::string paths[kFaceCount], error;
    for (int i = 0; i < kFaceCount; ++i)
        paths[i] = kDebianFontFiles[i];
    REQUIRE(load_fonts_from_files(fonts, paths, error));
    imgui.begin_frame(1280, 860);
    ImGuiMeasurer m;
    m.fonts = &fonts;
    const Site site = seed_with_shelf_title(kOverride), plain = seed_with_shelf_title("films and series");
    auto pages = [&](const Site& s, const PageSpec& spec) {
        const auto r = folio::testing::run_bounded(
            [&] { return std::to_string(compose_site(s, m, ComposeState{}, spec).pages.size()); }, 512, 60);
        return r.ok ? std::stol(r.output) : -1L;
    };
    std::vector<PageSpec> specs = {PageSpec{}}; // the reference page, and every pocket width the build lays out
    for (float w : kPocketWidths)
        specs.push_back(PageSpec::pocket(w));
    for (const PageSpec& spec : specs) {
        INFO("page width " << spec.width);
        const long before = pages(plain, spec), after = pages(site, spec);
        REQUIRE(before > 0);
        REQUIRE(after > 0); // it ran away before the fix at 190 (a page more without end: 24 GB, then OOM)
        CHECK(after <= before + 8);
    }
    imgui.end_frame();
}
