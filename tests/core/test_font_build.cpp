// The fonts' build (core/font_build): runs to shape, HarfBuzz's subsets, CFF outlines as TrueType ones,
// stand-ins, the emoji face, and the folder's state that says when the fonts must be made again.
#include <catch2/catch_test_macros.hpp>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/font_build/face_edits.h"
#include "core/font_build/harfbuzz.h"
#include "core/font_build/site_fonts.h"
#include "core/font_build/text_runs.h"
#include "core/fonts/font_partial.h"
#include "support/parallel.h"

using namespace folio;
namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

fs::path fresh_dir(const char* name) {
    static int made = 0;
    const fs::path dir = fs::temp_directory_path() /
                         ("folio-" + std::string(name) + "-" + std::to_string(getpid()) + "-" + std::to_string(++made));
    fs::remove_all(dir);
    return dir;
}

bool has_line(const std::string& text, const std::string& line) {
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        if (l == line) return true;
    return false;
}

const char* const kCjk = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc";
const char* const kSerif = "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf";

} // namespace

TEST_CASE("runs: emoji sequences, ✅ among them, shaped scripts' runs and pointed Arabic words", "[font_build]") {
    TextRuns emoji;
    add_emoji_runs("done ✅, family 👨‍👩‍👧 ok ❤️ and ★ and 🇯🇵!", emoji);
    // ✅ has emoji presentation by default; ★ does not; ❤ does with its selector.
    REQUIRE(emoji.list == std::vector<std::string>{"✅", "👨‍👩‍👧", "❤️", "🇯🇵"});
    CodePointSet devanagari;
    for (uint32_t c = 0x900; c < 0x980; ++c)
        devanagari.add(c);
    TextRuns runs;
    add_runs_of("नमस्ते दुनिया नमस्ते ि", devanagari, runs);
    REQUIRE(runs.list == std::vector<std::string>{"नमस्ते", "दुनिया"}); // each once; a mark alone is no run
    TextRuns pointed;
    add_pointed_arabic_runs("كتاب كَتَبَ", pointed);
    REQUIRE(pointed.list == std::vector<std::string>{"كَتَبَ"});
}

TEST_CASE("CFF outlines become TrueType ones that keep the glyphs' shapes and advances", "[font_build]") {
    HbFace cjk;
    std::string error;
    REQUIRE(cjk.open(kCjk, 0, error));
    SubsetRequest r;
    r.code_points = {0x4E2D, 0x6587, 0x5B57}; // 中文字
    r.drop_vertical = true;
    std::string bytes;
    REQUIRE(subset_face(cjk, r, bytes, nullptr, error));
    std::string_view cff;
    REQUIRE(font_table(bytes.data(), bytes.size(), "CFF ", cff));
    HbFace before;
    REQUIRE(before.open_bytes(bytes, error));
    std::string converted = bytes;
    REQUIRE(cff_to_glyf(converted, error));
    std::string_view table;
    REQUIRE_FALSE(font_table(converted.data(), converted.size(), "CFF ", table));
    REQUIRE(font_table(converted.data(), converted.size(), "glyf", table));
    HbFace after;
    REQUIRE(after.open_bytes(converted, error));
    REQUIRE(after.glyph_count() == before.glyph_count());
    for (uint32_t c : r.code_points) {
        const uint32_t g = after.glyph_of(c);
        REQUIRE(g == before.glyph_of(c));
        REQUIRE(after.advance(g) == before.advance(g));
        // Quadratic within a unit of the cubic curves: the same contours, the same box within a unit or two.
        REQUIRE(glyph_outline(after, g, 1.0).size() == glyph_outline(before, g, 1.0).size());
        int32_t box_before[4], box_after[4];
        REQUIRE(glyph_box(before, g, box_before));
        REQUIRE(glyph_box(after, g, box_after));
        for (int k = 0; k < 4; ++k)
            REQUIRE(std::abs(box_before[k] - box_after[k]) <= 2);
    }
    // And partial faces, made by rewriting glyf, can be made of it.
    std::string partial;
    REQUIRE(make_partial_font(converted, {0x4E2D}, partial, error));
}

TEST_CASE("a stand-in measures as its face and draws nothing", "[font_build]") {
    const std::string face = read_file(kSerif);
    std::string stand_in, error;
    REQUIRE(make_stand_in(face, stand_in, error));
    REQUIRE(stand_in.size() < face.size() / 10);
    HbFace a, b;
    REQUIRE(a.open_bytes(face, error));
    REQUIRE(b.open_bytes(stand_in, error));
    REQUIRE(a.glyph_count() == b.glyph_count());
    for (uint32_t c : {0x41u, 0x6Du, 0xE9u, 0x2014u}) {
        REQUIRE(b.glyph_of(c) == a.glyph_of(c));
        REQUIRE(b.advance(b.glyph_of(c)) == a.advance(a.glyph_of(c)));
        REQUIRE_FALSE(b.has_outline(b.glyph_of(c)));
        REQUIRE(a.has_outline(a.glyph_of(c)));
    }
}

TEST_CASE("a folder's fonts say whether their text changes a line's order: the page then has the later code first",
          "[font_build]") {
    const fs::path dir = fresh_dir("site-fonts-bidi");
    FontState state;
    bool made = false;
    std::string error;
    INFO(error);
    REQUIRE(ensure_site_fonts("Hello, caf\u00e9 \u2014 na\u00efve", "en", dir.string(), state, made, error));
    CHECK_FALSE(fonts_made_for_bidi(dir.string())); // Latin, beyond ASCII too
    // An override amid Latin words (no face of a script behind the book's): the line's order is changed.
    REQUIRE(ensure_site_fonts("lorem \u202Eevil\u202C ipsum", "en", dir.string(), state, made, error));
    CHECK(fonts_made_for_bidi(dir.string()));
    fs::remove_all(dir);
    CHECK_FALSE(fonts_made_for_bidi(dir.string())); // no state: no such text
}

TEST_CASE("the site's fonts: made for the text, kept while they cover it, made again for new text", "[font_build]") {
    const fs::path dir = fresh_dir("site-fonts");
    FontState state;
    bool made = false;
    std::string error;
    const std::string text = "Hello ✅ 中文 नमस्ते";
    INFO(error);
    REQUIRE(ensure_site_fonts(text, "en", dir.string(), state, made, error));
    REQUIRE(made);
    const std::string scripts = read_file(dir / "scripts.txt");
    REQUIRE(has_line(scripts, "script-emoji.ttf"));
    REQUIRE(has_line(scripts, "script-cjk.ttf"));
    REQUIRE(has_line(scripts, "script-devanagari.ttf"));
    // ✅ is drawn in colour: the emoji face lists it as a cluster at a private-use code point it maps.
    const std::string emoji = read_file(dir / "script-emoji.ttf");
    std::string_view folc;
    REQUIRE(font_table(emoji.data(), emoji.size(), "FOLc", folc));
    REQUIRE(folc.find("\t✅\n") != std::string_view::npos);
    const uint32_t code_point = static_cast<uint32_t>(std::stoul(std::string(folc.substr(0, 4)), nullptr, 16));
    REQUIRE(code_point >= 0xE000);
    REQUIRE(glyph_of(emoji, code_point) != 0);
    // The CJK face is TrueType (the slices rewrite glyf) with the book's face's vertical metrics.
    const std::string cjk = read_file(dir / "script-cjk.ttf"), serif = read_file(kSerif);
    std::string_view glyf;
    REQUIRE(font_table(cjk.data(), cjk.size(), "glyf", glyf));
    EmLineMetrics ours, book;
    REQUIRE(read_vertical_metrics(cjk, ours, error));
    REQUIRE(read_vertical_metrics(serif, book, error));
    for (size_t i = 0; i < ours.size(); ++i)
        REQUIRE(std::abs(ours[i] - book[i]) < 0.002);

    // The same text again, from a fresh read of the folder: covered, nothing made.
    FontState again;
    REQUIRE(ensure_site_fonts(text, "en", dir.string(), again, made, error));
    REQUIRE_FALSE(made);
    // A new word of a shaped script made of characters it has still needs its clusters: made again, and the
    // old characters stay.
    REQUIRE_FALSE(fonts_cover(again, {"नमस्ते स्तेनम"}));
    // Checked a text per thread, the answer is the same: one uncovered text among covered ones is enough.
    const ParallelFor threads = folio::testing::threads_from_the_end();
    std::vector<std::string_view> texts(100, text);
    CHECK(fonts_cover(again, texts, threads));
    texts[37] = "नमस्ते स्तेनम";
    CHECK_FALSE(fonts_cover(again, texts, threads));
    CHECK_FALSE(fonts_cover(again, texts));
    REQUIRE(ensure_site_fonts("Hello स्तेनम", "en", dir.string(), again, made, error));
    REQUIRE(made);
    REQUIRE(fonts_cover(again, {text}));
    const std::string cjk2 = read_file(dir / "script-cjk.ttf");
    REQUIRE(glyph_of(cjk2, 0x4E2D) != 0);
    fs::remove_all(dir);
}
