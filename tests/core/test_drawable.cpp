// Never a silent black diamond: every character of a bundle that the site's fonts cannot draw is a
// located warning naming the Debian package whose fonts draw it (core/bundle/source_check.h, check_drawable).
#include <catch2/catch_test_macros.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/bundle/load.h"
#include "core/bundle/source_check.h"
#include "core/font_build/site_fonts.h"
#include "support/parallel.h"
#include "ui/headless.h"

using namespace folio;

namespace {

// The faces the site ships are subsets of these Debian originals, cut to the bundle's characters: for
// the bundle's characters they map exactly what the originals map.
std::vector<std::string> shipped_faces() {
    std::vector<std::string> faces;
    for (const char* file : kDebianFontFiles) {
        faces.emplace_back();
        REQUIRE(read_whole_file(file, faces.back()));
    }
    return faces;
}

Diagnostics undrawable(const std::string& bundle, const std::vector<std::string>& faces,
                       const ParallelFor& parallel = {}) {
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(bundle, site, d));
    Diagnostics out;
    check_drawable(site, bundle, faces, out, parallel);
    return out;
}
Diagnostics undrawable(const std::string& bundle) { return undrawable(bundle, shipped_faces()); }

// The faces with the script faces the build makes for the bundle behind them (core/font_build, on the
// bundle's files as text), as `folio check` reads them.
std::vector<std::string> shipped_faces_with_chain(const std::string& bundle) {
    namespace fs = std::filesystem;
    static int made = 0;
    const fs::path dir =
        fs::temp_directory_path() / ("folio-chain-" + std::to_string(getpid()) + "-" + std::to_string(++made));
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::string text;
    for (const auto& entry : fs::recursive_directory_iterator(bundle)) {
        std::string body;
        if (entry.is_regular_file() && read_whole_file(entry.path().string(), body)) text += body + "\n";
    }
    Site site;
    Diagnostics diags;
    REQUIRE(load_bundle(bundle, site, diags));
    FontState state;
    bool made_now = false;
    std::string error;
    INFO(error);
    REQUIRE(ensure_site_fonts(text, site.info.language, dir.string(), state, made_now, error));
    std::vector<std::string> faces = shipped_faces();
    for (const std::string& file : script_font_files(dir.string())) {
        faces.emplace_back();
        REQUIRE(read_whole_file((dir / file).string(), faces.back()));
    }
    fs::remove_all(dir);
    return faces;
}

std::string all(const Diagnostics& d) {
    std::string s;
    for (const Diagnostic& x : d)
        s += format_diagnostic(x) + "\n";
    return s;
}

} // namespace

TEST_CASE("the fonts the site ships draw every character of the seed and of the English fixtures") {
    for (const std::string& bundle :
         {std::string(FOLIO_SOURCE_DIR), std::string(FOLIO_SOURCE_DIR) + "/tests/fixtures/rich",
          std::string(FOLIO_SOURCE_DIR) + "/tests/fixtures/blog",
          std::string(FOLIO_SOURCE_DIR) + "/tests/fixtures/small"}) {
        INFO(bundle);
        const Diagnostics d = undrawable(bundle);
        INFO(all(d));
        CHECK(d.empty());
    }
}

TEST_CASE("without script faces, Chinese is a warning at its first character, per file, naming the package") {
    const std::string bundle = std::string(FOLIO_SOURCE_DIR) + "/tests/fixtures/scripts";
    const Diagnostics d = undrawable(bundle); // the book's faces alone
    INFO(all(d));
    // content.json's Chinese and its Hindi (a slug in the timeline); aurora.md's Chinese, its symbols and emoji,
    // its Arabic, Hebrew, Hindi and Thai; roshni.md's Hindi; rust.md.
    REQUIRE(d.size() == 7);
    CHECK(d[0].file == bundle + "/content.json");
    CHECK(d[0].line == 4); // "极光周刊", the site's title
    CHECK(d[0].column == 15);
    CHECK(d[0].warning);
    CHECK(d[0].message.rfind("the book's fonts cannot draw '极' (U+6781) and ", 0) == 0);
    CHECK(d[0].hint.find("fonts-noto-cjk") != std::string::npos);
    CHECK(d[1].file == bundle + "/content.json");
    CHECK(d[1].line == 12); // "उत्तरी-रोशनी" in the timeline
    CHECK(d[1].hint.find("fonts-noto-core") != std::string::npos);
    CHECK(d[2].file == bundle + "/writing/aurora.md");
    CHECK(d[2].line == 1);
    CHECK(d[2].column == 1);
    CHECK(d[3].hint.find("fonts-noto-color-emoji") != std::string::npos);
    CHECK(d[4].hint.find("fonts-noto-core") != std::string::npos);
    CHECK(d[5].file == bundle + "/writing/roshni.md");
    CHECK(d[5].hint.find("fonts-noto-core") != std::string::npos);
    CHECK(d[6].file == bundle + "/writing/rust.md");
}

TEST_CASE("the files read on several threads give the same warnings, in the same order") {
    const std::string bundle = std::string(FOLIO_SOURCE_DIR) + "/tests/fixtures/scripts";
    const std::vector<std::string> faces = shipped_faces();
    const std::string one = all(undrawable(bundle, faces));
    CHECK(one.find("aurora.md") != std::string::npos);
    CHECK(all(undrawable(bundle, faces, folio::testing::threads_from_the_end())) == one);
}

TEST_CASE("each script's characters are named with the package that draws them, at their own place") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "folio-drawable-test";
    fs::remove_all(dir);
    fs::create_directories(dir / "writing");
    std::ofstream(dir / "content.json") << R"({
  "schema": 1,
  "site": {"title": "Notes", "author": "A", "tagline": "t", "base_url": "https://a.example/", "language": "en",
           "description": "d"},
  "timeline": [],
  "writing": [{"slug": "p", "title": "Notes", "date": "2026-03-01", "dek": "d", "opening": "o",
               "body_file": "writing/p.md"}],
  "contents": [{"title": "writing", "chapter": "writing"}]
})";
    // Latin with accents the fonts draw; then Arabic, an emoji and Thai, each on its own line.
    std::ofstream(dir / "writing/p.md") << "Café, naïve, Ω.\n\nمرحبا بالعالم\n\nI ❤ it 🔴\n\nสวัสดี\n";
    const Diagnostics d = undrawable(dir.string());
    INFO(all(d));
    REQUIRE(d.size() == 2); // fonts-noto-color-emoji and fonts-noto-core (Arabic and Thai together)
    const Diagnostic& emoji = d[0].hint.find("fonts-noto-color-emoji") != std::string::npos ? d[0] : d[1];
    const Diagnostic& core = &emoji == &d[0] ? d[1] : d[0];
    CHECK(emoji.line == 5);
    CHECK(emoji.column == 3);
    CHECK(emoji.message.rfind("the book's fonts cannot draw '❤' (U+2764) and 1 other character of this file (🔴)", 0) ==
          0);
    CHECK(core.line == 3);
    CHECK(core.column == 1);
    CHECK(core.hint.find("fonts-noto-core") != std::string::npos);
    CHECK(core.message.find("(U+0645)") != std::string::npos); // م, the first Arabic letter
    fs::remove_all(dir);
}

TEST_CASE("with the script faces behind them, every character of the scripts fixture is drawn, emoji too") {
    const std::string bundle = std::string(FOLIO_SOURCE_DIR) + "/tests/fixtures/scripts";
    // Chinese, Arabic, Hebrew, Devanagari, Thai, ★ ♥ ⏎ by the chain; the sticker's emoji (U+1F30C) by the
    // emoji face (its FOLc clusters).
    const std::vector<std::string> faces = shipped_faces_with_chain(bundle);
    const Diagnostics d = undrawable(bundle, faces);
    INFO(all(d));
    CHECK(d.empty());
    // Without the emoji face, the emoji is the one warning, located, naming the package.
    std::vector<std::string> no_emoji;
    for (const std::string& face : faces) {
        std::string_view t;
        if (!font_table(face.data(), face.size(), "CBDT", t)) no_emoji.push_back(face);
    }
    REQUIRE(no_emoji.size() + 1 == faces.size());
    const Diagnostics e = undrawable(bundle, no_emoji);
    INFO(all(e));
    REQUIRE(e.size() == 1);
    CHECK(e[0].file == bundle + "/writing/aurora.md");
    CHECK(e[0].line == 20);
    CHECK(e[0].column == 39);
    CHECK(e[0].message.rfind("the book's fonts cannot draw '🌌' (U+1F30C): ", 0) == 0);
    CHECK(e[0].hint.find("fonts-noto-color-emoji draws them in colour: install it") != std::string::npos);
}

TEST_CASE("the package named for a character follows its script") {
    CHECK(std::string(font_package_for(0x5468)) == "fonts-noto-cjk"); // 周
    CHECK(std::string(font_package_for(0x3042)) == "fonts-noto-cjk"); // あ
    CHECK(std::string(font_package_for(0xD55C)) == "fonts-noto-cjk"); // 한
    CHECK(std::string(font_package_for(0x1F525)) == "fonts-noto-color-emoji");
    CHECK(std::string(font_package_for(0x2605)) == "fonts-noto-color-emoji"); // ★
    CHECK(std::string(font_package_for(0x0627)) == "fonts-noto-core");        // ا
    CHECK(std::string(font_package_for(0x0915)) == "fonts-noto-core");        // क
    CHECK(std::string(font_package_for(0x0E01)) == "fonts-noto-core");        // ก
}
