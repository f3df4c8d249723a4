// Fonts for every script: the chain of script faces behind the book's own (core/fonts/script_chain.h) gives each
// character to its script's face, the build's subset of them draws it (core/font_build, run here as
// the build runs it), and the book measures and draws it with that face, merged behind every face
// (ui/fonts.h), at the face's em: a CJK character is one em wide, not the width of U+FFFD.
#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <imgui_internal.h>

#include "core/bundle/load.h"
#include "core/font_build/site_fonts.h"
#include "core/fonts/color_glyphs.h"
#include "core/fonts/font_partial.h"
#include "core/fonts/font_slices.h"
#include "core/fonts/script_chain.h"
#include "core/text/bidi.h"
#include "core/text/clusters.h"
#include "core/text/text.h"
#include "ui/emoji_loader.h"
#include "ui/fonts.h"
#include "ui/headless.h"

using namespace folio;
namespace fs = std::filesystem;

namespace {

std::string read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

std::vector<uint32_t> code_points(const std::string& text) {
    std::vector<uint32_t> out;
    for (size_t i = 0; i < text.size();) {
        uint32_t c = 0;
        const size_t n = utf8_decode(text, i, c);
        REQUIRE(n > 0);
        out.push_back(c);
        i += n;
    }
    return out;
}

// The script faces the build makes for a text (core/font_build/site_fonts.h), in a folder of their own:
// test cases run in parallel processes.
fs::path script_faces(const std::string& text, const std::string& language) {
    static int made = 0;
    const fs::path dir =
        fs::temp_directory_path() / ("folio-scripts-" + std::to_string(getpid()) + "-" + std::to_string(++made));
    fs::remove_all(dir);
    FontState state;
    bool made_now = false;
    std::string error;
    INFO(error);
    REQUIRE(ensure_site_fonts(text, language, dir.string(), state, made_now, error));
    REQUIRE(made_now);
    return dir;
}

// The book's faces (Debian's originals: for these characters they map what the subsets map) with the
// script faces of dir behind them, loaded as the CLI loads a fonts folder: the script faces first.
struct ScriptMeasuring {
    HeadlessImGui imgui;
    Fonts fonts;
    ImGuiMeasurer m;
    explicit ScriptMeasuring(const fs::path& dir) {
        for (const std::string& file : script_font_files(dir.string())) {
            const std::string bytes = read_file((dir / file).string());
            REQUIRE(add_script_font(fonts, bytes.data(), bytes.size()));
        }
        std::string paths[kFaceCount], error;
        for (int i = 0; i < kFaceCount; ++i)
            paths[i] = kDebianFontFiles[i];
        REQUIRE(load_fonts_from_files(fonts, paths, error));
        m.fonts = &fonts;
        imgui.begin_frame(1280, 860);
    }
    ~ScriptMeasuring() { imgui.end_frame(); }
    float width(Face f, float size, const std::string& t) { return m.width(f, size, t.data(), t.data() + t.size()); }
};

const std::string kScripts = "极光周刊，写给自己。 مرحبا بالعالم שלום नमस्ते สวัสดี ★ ♥ ⏎";

} // namespace

TEST_CASE("the chain gives each character to its script's face, in chain order", "[scripts]") {
    const std::string serif = read_file(kDebianFontFiles[0]);
    // Latin the face draws; then Chinese, Arabic, Hebrew, Devanagari, Thai, a star, an emoji.
    const std::vector<uint32_t> cps = {'A', 0x6781, 0x0645, 0x05E9, 0x0928, 0x0E2A, 0x2605, 0x3002, 0x1F600};
    std::vector<ScriptPick> picks;
    std::vector<uint32_t> left;
    std::string error;
    const FontReader read = [](const std::string& path, std::string& bytes) { return read_whole_file(path, bytes); };
    REQUIRE(pick_script_faces(serif, cps, "zh", read, picks, left, error));
    std::vector<std::string> names;
    for (const ScriptPick& p : picks)
        names.push_back(p.name);
    CHECK(names == std::vector<std::string>{"arabic", "hebrew", "devanagari", "thai", "symbols2", "cjk"});
    REQUIRE(picks.size() == 6);
    CHECK(picks[0].code_points == std::vector<uint32_t>{0x0645});
    CHECK(picks[4].code_points == std::vector<uint32_t>{0x2605}); // the symbol face, before CJK's star
    CHECK(picks[5].code_points == std::vector<uint32_t>{0x3002, 0x6781});
    CHECK(picks[5].face_number == 2); // Simplified Chinese in the collection
    CHECK(picks[5].file.find("NotoSerifCJK") != std::string::npos);
    // Above U+FFFF the book draws nothing (16-bit ImWchar): left for `folio check --fonts` to warn about.
    CHECK(left == std::vector<uint32_t>{0x1F600});

    // A face that cannot be read is passed over: the next face that maps the character takes it.
    picks.clear();
    const FontReader no_symbols2 = [](const std::string& path, std::string& bytes) {
        return path.find("Symbols2") == std::string::npos && read_whole_file(path, bytes);
    };
    REQUIRE(pick_script_faces(serif, {0x2605}, "zh", no_symbols2, picks, left, error));
    REQUIRE(picks.size() == 1);
    CHECK(picks[0].name == "cjk");

    // Not a font: a reason, not a guess.
    CHECK_FALSE(pick_script_faces("not a font at all", cps, "zh", read, picks, left, error));
    CHECK_FALSE(error.empty());
}

TEST_CASE("the CJK face is the one of the site's language", "[scripts]") {
    CHECK(cjk_face_number("ja") == 0);
    CHECK(cjk_face_number("ko-KR") == 1);
    CHECK(cjk_face_number("zh") == 2);
    CHECK(cjk_face_number("zh-CN") == 2);
    CHECK(cjk_face_number("zh-TW") == 3);
    CHECK(cjk_face_number("zh-Hant") == 3);
    CHECK(cjk_face_number("zh-HK") == 4);
    CHECK(cjk_face_number("") == 2);
    CHECK(cjk_face_number("en") == 2);
}

TEST_CASE("after the subset every script's characters are drawn by their face, behind every face", "[scripts]") {
    const fs::path dir = script_faces(kScripts + " 😀", "zh");
    const std::vector<std::string> files = script_font_files(dir.string());
    CHECK(files == std::vector<std::string>{"script-arabic.ttf", "script-hebrew.ttf", "script-devanagari.ttf",
                                            "script-thai.ttf", "script-symbols2.ttf", "script-cjk.ttf",
                                            "script-emoji.ttf"});
    // Every subset but the emoji face (colour bitmaps) has TrueType outlines (the CJK one converted from
    // CFF): a partial can be made of it.
    for (const std::string& file : files) {
        INFO(file);
        if (file == "script-emoji.ttf") continue;
        const std::string bytes = read_file((dir / file).string());
        std::string partial, error;
        CHECK(make_partial_font(bytes, {0x20}, partial, error));
    }
    ScriptMeasuring s(dir);
    for (int f = 0; f < kFaceCount; ++f) {
        ImFontBaked* baked = s.fonts.face[f]->GetFontBaked(32);
        for (uint32_t c : code_points(kScripts)) {
            if (c == ' ') continue;
            INFO("face " << f << " U+" << std::hex << c);
            const ImFontGlyph* g = baked->FindGlyph(static_cast<ImWchar>(c));
            REQUIRE(g != nullptr);
            CHECK(g->Codepoint == c); // its own glyph, not the fallback's
            CHECK(g->Visible);        // with ink
        }
    }
    fs::remove_all(dir);
}

TEST_CASE("the native measurer gives a CJK character one em of its face, not U+FFFD's width", "[scripts]") {
    // Without the script faces, the same character measures as the mark (what the book did before them).
    {
        HeadlessImGui imgui;
        Fonts bare;
        const std::string mono = read_file(kDebianFontFiles[static_cast<int>(Face::Mono)]);
        void* data = IM_ALLOC(mono.size());
        std::memcpy(data, mono.data(), mono.size());
        REQUIRE(add_font(bare, Face::Mono, data, mono.size()));
        ImGuiMeasurer m;
        m.fonts = &bare;
        imgui.begin_frame(1280, 860);
        const std::string han = "极", mark = "\xEF\xBF\xBD";
        CHECK(m.width(Face::Mono, 18, han.data(), han.data() + han.size()) ==
              m.width(Face::Mono, 18, mark.data(), mark.data() + mark.size()));
        imgui.end_frame();
    }
    const fs::path dir = script_faces(kScripts, "zh");
    ScriptMeasuring s(dir);
    for (Face f : {Face::Serif, Face::Bold, Face::Mono}) {
        INFO("face " << static_cast<int>(f));
        const float size = 18;
        const float em = size / s.fonts.box_per_em[static_cast<int>(f)]; // ImGui size 18 in this face's em
        const float han = s.width(f, size, "极");
        CHECK(han == Catch::Approx(em).epsilon(0.001)); // Noto Serif CJK's ideographs are 1000 of 1000 units
        CHECK(s.width(f, size, "极光周刊") == Catch::Approx(4 * em).epsilon(0.001));
        // The fallback mark is a different width in the mono face (600 of 1000 units); in Noto Serif it is one
        // em too, so there the glyph itself tells (the case above: its code point's own, with ink).
        if (f == Face::Mono) CHECK(han != Catch::Approx(s.width(f, size, "\xEF\xBF\xBD")));
        // Mixed with the face's own letters: each measured by its own face.
        CHECK(s.width(f, size, "a极") == Catch::Approx(s.width(f, size, "a") + han).epsilon(0.001));
    }
    // Each other script measures with its face, not as the fallback mark.
    const float mark = s.width(Face::Serif, 18, "\xEF\xBF\xBD");
    for (const char* word : {"مرحبا", "שלום", "नमस्ते", "สวัสดี", "★"}) {
        INFO(word);
        CHECK(s.width(Face::Serif, 18, word) > 0);
        CHECK(s.width(Face::Serif, 18, word) != Catch::Approx(mark * static_cast<float>(code_points(word).size())));
    }
    fs::remove_all(dir);
}

TEST_CASE("the Arabic subset keeps the presentation forms its letters need, and only those", "[scripts]") {
    const fs::path dir = script_faces("السلام عليكم", "ar"); // alef, lam, seen, meem, ain, yeh, kaf
    const std::string arabic = read_file((dir / "script-arabic.ttf").string());
    const std::vector<uint32_t> wanted = {
        0xFEDF, // lam initial
        0xFEE0, // lam medial
        0xFE8E, // alef final
        0xFEE3, // meem initial
        0xFEE1, // meem isolated
        0xFEFB, // lam-alef isolated: both letters are used
        0xFEDB, // kaf initial
        0xFECB, // ain initial
    };
    std::vector<uint32_t> missing;
    std::string error;
    REQUIRE(unmapped_code_points(arabic, wanted, missing, error));
    CHECK(missing.empty());
    // Forms of letters the text does not use are left out: beh, teh, qaf.
    const std::vector<uint32_t> unused = {0xFE91, 0xFE97, 0xFED7};
    missing.clear();
    REQUIRE(unmapped_code_points(arabic, unused, missing, error));
    CHECK(missing == unused);
    fs::remove_all(dir);
}

namespace {

// HarfBuzz's own advance for a text in a face (hb-shape, Debian's libharfbuzz-bin), in font units: the
// oracle the book's shaped clusters are held to.
int harfbuzz_advance(const fs::path& face, const std::string& text, const std::string& features = "") {
    const fs::path in = face.parent_path() / "hb-in.txt";
    std::ofstream(in) << text << "\n";
    const std::string cmd = "hb-shape -O json --no-glyph-names " +
                            (features.empty() ? "" : "--features=" + features + " ") + "--text-file=" + in.string() +
                            " " + face.string();
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p);
    std::string out;
    char buf[4096];
    while (size_t n = fread(buf, 1, sizeof buf, p))
        out.append(buf, n);
    REQUIRE(pclose(p) == 0);
    int sum = 0;
    for (size_t at = out.find("\"ax\":"); at != std::string::npos; at = out.find("\"ax\":", at + 1))
        sum += std::atoi(out.c_str() + at + 5);
    return sum;
}

} // namespace

// Shaping (docs/fonts.md): Devanagari's conjuncts and its vowel sign drawn before the consonant, Thai's tone
// mark over a vowel above. The build gives each such cluster a glyph of its own (core/font_build);
// the book measures a word as HarfBuzz does, and draws each cluster as one glyph with ink.
TEST_CASE("shaped scripts: each cluster is one glyph, and a word measures as HarfBuzz shapes it", "[scripts]") {
    const fs::path dir = script_faces("क्षत्रिय विद्यार्थी श्रद्धा ที่นี่ น้ำ", "hi");
    ScriptMeasuring s(dir);
    const GlyphClusters& c = s.fonts.clusters;
    for (const char* cluster : {"क्ष", "त्रि", "श्र", "ที่", "นี่"}) {
        INFO(cluster);
        REQUIRE(c.code_point.count(cluster) == 1);
        const uint32_t cp = c.code_point.at(cluster);
        CHECK(cp >= 0xE000);
        CHECK(cp < 0xF900);
        const ImFontGlyph* g = s.fonts.face[0]->GetFontBaked(32)->FindGlyph(static_cast<ImWchar>(cp));
        REQUIRE(g != nullptr);
        CHECK(g->Codepoint == cp);
        CHECK(g->Visible);
    }
    // Each word measures what HarfBuzz gives it (to the font unit), and otherwise than its characters do.
    const float size = 30;
    const float em = size / s.fonts.box_per_em[0];
    for (const auto& [word, face] : {std::pair<std::string, const char*>{"क्षत्रिय", "script-devanagari.ttf"},
                                     {"विद्यार्थी", "script-devanagari.ttf"},
                                     {"ที่นี่", "script-thai.ttf"}}) {
        INFO(word);
        REQUIRE(may_have_clusters(word, c));
        const std::string drawn = apply_clusters(word, c);
        const float shaped = s.width(Face::Serif, size, drawn);
        const float expected = static_cast<float>(harfbuzz_advance(dir / face, word)) / 1000.0f * em;
        CHECK(shaped == Catch::Approx(expected).margin(em / 1000));
        if (std::string(word) != "ที่นี่")
            CHECK(shaped != Catch::Approx(s.width(Face::Serif, size, word)).margin(em / 100));
    }
    fs::remove_all(dir);
}

// Hebrew's points (niqqud) sit under and over their letters where the face's marks put them: each pointed
// letter is a cluster drawn as one glyph, the face's composite of the letter and its points, as wide as the
// letter (points take no room), reaching below or above it; a pointed word measures as HarfBuzz shapes it.
TEST_CASE("Hebrew points sit on their letters: a pointed letter is one glyph, as wide as the letter", "[scripts]") {
    // bet with sheva and dagesh, resh with tsere, shin with hiriq and its shin dot, he with hiriq
    const std::string bet = "\u05D1\u05B0\u05BC", resh = "\u05E8\u05B5", shin = "\u05E9\u05B4\u05C1",
                      he = "\u05D4\u05B4";
    const std::string word = bet + resh + "\u05D0" + shin + "\u05D9\u05EA";
    const fs::path dir =
        script_faces(word + " \u05D0\u05B1\u05DC\u05B9" + he + "\u05D9\u05DD \u05E9\u05DC\u05D5\u05DD", "he");
    ScriptMeasuring s(dir);
    const GlyphClusters& c = s.fonts.clusters;
    const float size = 30, em = size / s.fonts.box_per_em[0];
    ImFontBaked* baked = s.fonts.face[0]->GetFontBaked(32);
    for (const std::string& cluster : {bet, resh, shin, he}) {
        INFO(cluster);
        REQUIRE(c.code_point.count(cluster) == 1);
        const uint32_t cp = c.code_point.at(cluster);
        CHECK(cp >= 0xE000);
        CHECK(cp < 0xF900);
        const ImFontGlyph* g = baked->FindGlyph(static_cast<ImWchar>(cp));
        const ImFontGlyph* letter = baked->FindGlyph(static_cast<ImWchar>(code_points(cluster)[0]));
        REQUIRE(g != nullptr);
        REQUIRE(letter != nullptr);
        CHECK(g->Visible);
        // The points take no room: the cluster's ink lies within its letter's place (give or take the
        // kerning HarfBuzz gives the letter beside its neighbour), and reaches below it.
        CHECK(g->X0 >= letter->X0 - 1.5f);
        CHECK(g->X1 <= letter->AdvanceX + 1.5f);
        CHECK(g->AdvanceX == Catch::Approx(letter->AdvanceX).margin(1.0));
        CHECK(g->Y1 > letter->Y1 + 1);
    }
    const ImFontGlyph* shin_glyph = baked->FindGlyph(static_cast<ImWchar>(c.code_point.at(shin)));
    const ImFontGlyph* shin_letter = baked->FindGlyph(static_cast<ImWchar>(0x05E9));
    CHECK(shin_glyph->Y0 < shin_letter->Y0 - 1); // and the shin dot over it
    // The word measures as HarfBuzz shapes it, less kerning (each cluster is one glyph, shaped alone: docs/fonts.md).
    const std::string drawn = apply_clusters(word, c);
    CHECK(s.width(Face::Serif, size, drawn) ==
          Catch::Approx(static_cast<float>(harfbuzz_advance(dir / "script-hebrew.ttf", word, "-kern")) / 1000.0f * em)
              .margin(em / 1000));
    // A letter kerned against its neighbour where the text first has it is no glyph of its own.
    CHECK(c.code_point.count("\u05E8") == 0);
    fs::remove_all(dir);
}

// Arabic's vowel marks (harakat) and its shadda sit on their letters where the face's marks put them: the
// layout joins Arabic into its presentation forms (core/text/bidi.h), and each joined letter that carries
// a mark is a cluster drawn as one glyph, the composite HarfBuzz's mark positioning makes of that form and
// its marks, as wide as the form. A pointed word is as wide as the same word unpointed.
TEST_CASE("Arabic marks sit on their joined letters: a letter with its harakat is one glyph", "[scripts]") {
    // kataba (each letter with a fatha), muhammadun (a damma, a fatha, a shadda with a fatha, tanween),
    // bi-smi (a kasra below)
    const std::string kataba = "\u0643\u064E\u062A\u064E\u0628\u064E";
    const std::string muhammad = "\u0645\u064F\u062D\u064E\u0645\u0651\u064E\u062F\u064C";
    const std::string bismi = "\u0628\u0650\u0633\u0652\u0645\u0650";
    const fs::path dir = script_faces(kataba + " " + muhammad + " " + bismi + " \u0643\u062A\u0628", "ar");
    ScriptMeasuring s(dir);
    const GlyphClusters& c = s.fonts.clusters;
    ImFontBaked* baked = s.fonts.face[0]->GetFontBaked(32);
    // Each joined letter with its marks, as the layout joins it: kaf initial, teh medial, beh final with a
    // fatha above; beh initial with a kasra below.
    // (The kaf's own stroke rises above its fatha: that one is held only to its place and width.)
    enum Where { Above, Below, Within };
    const struct {
        std::string cluster;
        uint32_t form;
        Where mark;
    } cases[] = {{"\uFEDB\u064E", 0xFEDB, Within},
                 {"\uFE98\u064E", 0xFE98, Above},
                 {"\uFE90\u064E", 0xFE90, Above},
                 {"\uFE91\u0650", 0xFE91, Below}};
    for (const auto& k : cases) {
        INFO("U+" << std::hex << k.form);
        REQUIRE(shape_arabic(k.cluster) == k.cluster); // joining leaves the joined forms as they are
        REQUIRE(c.code_point.count(k.cluster) == 1);
        const uint32_t cp = c.code_point.at(k.cluster);
        CHECK(cp >= 0xE000);
        CHECK(cp < 0xF900);
        const ImFontGlyph* g = baked->FindGlyph(static_cast<ImWchar>(cp));
        const ImFontGlyph* letter = baked->FindGlyph(static_cast<ImWchar>(k.form));
        REQUIRE(g != nullptr);
        REQUIRE(letter != nullptr);
        CHECK(g->Visible);
        CHECK(g->AdvanceX == Catch::Approx(letter->AdvanceX).margin(0.5)); // the mark takes no room
        if (k.mark == Above) CHECK(g->Y0 < letter->Y0 - 1);                // the fatha over the letter
        if (k.mark == Below) CHECK(g->Y1 > letter->Y1 + 1);                // the kasra under it
        CHECK(g->X0 >= letter->X0 - 2.0f);                                 // and within its place
        CHECK(g->X1 <= letter->AdvanceX + 2.0f);
    }
    // The layout's drawn form of the pointed word: joined, then each pointed letter one glyph; as wide as the
    // word without its marks, and no mark left to be drawn on its own.
    const std::string drawn = apply_clusters(shape_arabic(kataba), c);
    for (uint32_t cp : code_points(drawn))
        CHECK((cp >= 0xE000 && cp < 0xF900));
    const std::string plain = shape_arabic("\u0643\u062A\u0628");
    CHECK(s.width(Face::Serif, 30, drawn) == Catch::Approx(s.width(Face::Serif, 30, plain)).margin(0.05));
    // The shadda and its fatha on one letter: one glyph reaching higher than the fatha alone.
    const std::string joined = shape_arabic(muhammad);
    const std::vector<uint32_t> forms = code_points(joined);
    REQUIRE(forms.size() == 9);
    const std::string shadda_fatha = joined.substr(joined.find("\u0651") - 3, 3 + 2 + 2);
    REQUIRE(c.code_point.count(shadda_fatha) == 1);
    fs::remove_all(dir);
}

// Emoji in colour (docs/fonts.md): each sequence (a ZWJ sequence, a skin tone, a flag, an emoji
// presentation) is one glyph of the emoji face, Noto Color Emoji's, at a private-use code point; the
// book's loader (ui/emoji_loader.h) bakes it in colour, the width Noto gives it.
TEST_CASE("emoji: each sequence is one glyph, drawn in colour at the face's advance", "[scripts]") {
    const fs::path dir = script_faces("I ❤️ it 🔴 and 🤷🏽‍♀️ in 🇯🇵", "en");
    const std::vector<std::string> files = script_font_files(dir.string());
    REQUIRE(std::find(files.begin(), files.end(), "script-emoji.ttf") != files.end());
    const std::string face = read_file((dir / "script-emoji.ttf").string());
    CHECK(is_color_bitmap_face(face));
    ScriptMeasuring s(dir);
    const GlyphClusters& c = s.fonts.clusters;
    for (const char* sequence : {"❤️", "🔴", "🤷🏽‍♀️", "🇯🇵"}) {
        INFO(sequence);
        REQUIRE(c.code_point.count(sequence) == 1);
        const uint32_t cp = c.code_point.at(sequence);
        const uint32_t glyph = glyph_of(face, cp);
        REQUIRE(glyph != 0);
        ColorGlyph bitmap;
        REQUIRE(color_glyph(face, glyph, bitmap));
        CHECK(bitmap.png.substr(0, 8) == std::string_view("\x89PNG\r\n\x1a\n", 8));
        CHECK(bitmap.ppem == 109);
        CHECK(bitmap.width == 136);
        // One glyph for the whole sequence, an em and a quarter wide (2550 of 2048 units), as in a browser.
        const std::string drawn = apply_clusters(sequence, c);
        CHECK(code_points(drawn) == std::vector<uint32_t>{cp});
        const float em = 30 / s.fonts.box_per_em[0];
        CHECK(s.width(Face::Serif, 30, drawn) == Catch::Approx(2550.0f / 2048.0f * em).epsilon(0.001));
    }
    // Baked in colour: the red circle's pixels are red.
    const uint32_t red = c.code_point.at("🔴");
    ImFontBaked* baked = s.fonts.face[0]->GetFontBaked(40);
    const ImFontGlyph* g = baked->FindGlyph(static_cast<ImWchar>(red));
    REQUIRE(g != nullptr);
    CHECK(g->Codepoint == red);
    CHECK(g->Visible);
    CHECK(g->Colored);
    ImTextureData* tex = ImGui::GetIO().Fonts->TexData;
    REQUIRE(tex->Format == ImTextureFormat_RGBA32);
    const int x0 = static_cast<int>(g->U0 * tex->Width), x1 = static_cast<int>(g->U1 * tex->Width);
    const int y0 = static_cast<int>(g->V0 * tex->Height), y1 = static_cast<int>(g->V1 * tex->Height);
    double r = 0, gr = 0, a = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const unsigned char* p = static_cast<const unsigned char*>(tex->GetPixelsAt(x, y));
            r += p[0] * p[3], gr += p[1] * p[3], a += p[3];
        }
    REQUIRE(a > 0);
    CHECK(r / a > 180);  // red
    CHECK(gr / a < 100); // not grey, not the ink
    fs::remove_all(dir);
}

TEST_CASE("slices: the most used characters first, then by use; rare ones in small slices", "[scripts][slices]") {
    std::vector<CharUse> uses;
    for (uint32_t c = 0x4E00; c < 0x4E00 + 1000; ++c)
        uses.push_back({c, false, 0x4E00 + 1000 - c}); // the lower the code point, the more routes
    uses.push_back({0x9F99, true, 1});                 // on the front page's first view: first of all
    uses.push_back({0x4E05, false, 2000});             // a repeat (by code point) is one character
    const auto slices = plan_slices(uses);
    REQUIRE(!slices.empty());
    CHECK(slices[0][0] == 0x9F99);
    CHECK(slices[0][1] == 0x4E05); // then by routes
    CHECK(slices[0][2] == 0x4E00);
    size_t total = 0;
    for (size_t k = 0; k < slices.size(); ++k) {
        INFO("slice " << k);
        CHECK(slices[k].size() == (k < 7                   ? kCommonSliceChars
                                   : k + 1 < slices.size() ? kRareSliceChars
                                                           : 301 % kRareSliceChars));
        total += slices[k].size();
    }
    CHECK(total == 1001);
    // Never more slices than the book can number: rare slices grow instead.
    std::vector<CharUse> many;
    for (uint32_t c = 0x4E00; c < 0x4E00 + 20000; ++c)
        many.push_back({c, false, 1});
    CHECK(plan_slices(many).size() <= kMaxSlices);
}

TEST_CASE("a sliced face: slices draw their characters, the stand-in measures all, the book asks for the rest",
          "[scripts][slices]") {
    std::string text;
    for (uint32_t c = 0x4E00; c < 0x4E00 + 800; ++c)
        utf8_append(text, c);
    const fs::path dir = script_faces(text, "zh");
    const std::string whole = read_file((dir / "script-cjk.ttf").string());
    REQUIRE(!whole.empty());
    std::string error;
    std::vector<uint32_t> unmapped;
    REQUIRE(unmapped_code_points(whole, code_points(text), unmapped, error));
    std::vector<CharUse> uses;
    for (uint32_t c : code_points(text))
        if (std::find(unmapped.begin(), unmapped.end(), c) == unmapped.end()) uses.push_back({c, false, c % 7});
    REQUIRE(uses.size() > 750);
    const auto slices = plan_slices(uses);
    REQUIRE(slices.size() >= 10); // seven of 100, then of 12
    std::string stand_in;
    REQUIRE(make_sliced_stand_in(whole, slices, stand_in, error));
    CHECK(stand_in.size() < whole.size() / 4);
    SliceMap map;
    REQUIRE(read_slice_map(stand_in.data(), stand_in.size(), map));
    CHECK(map.slices == slices.size());
    for (size_t k = 0; k < slices.size(); ++k)
        for (uint32_t c : slices[k])
            CHECK(map.slice_of(c) == static_cast<int>(k));
    CHECK(map.slice_of('A') == -1);
    // It maps every character the face maps, to the same glyph (it measures as the face).
    std::vector<uint32_t> face_chars, stand_in_chars;
    REQUIRE(mapped_code_points(whole, face_chars, error));
    REQUIRE(mapped_code_points(stand_in, stand_in_chars, error));
    CHECK(stand_in_chars == face_chars);
    size_t same_glyph = 0;
    for (uint32_t c : face_chars)
        same_glyph += glyph_of(stand_in, c) == glyph_of(whole, c);
    CHECK(same_glyph == face_chars.size());

    // Each slice maps its characters only, each to the whole face's outline.
    std::vector<std::string> cut(slices.size());
    size_t sliced_bytes = 0;
    for (size_t k = 0; k < slices.size(); ++k) {
        REQUIRE(make_font_slice(whole, slices[k], cut[k], error));
        sliced_bytes += cut[k].size();
        unmapped.clear();
        REQUIRE(unmapped_code_points(cut[k], slices[k], unmapped, error));
        CHECK(unmapped.empty());
        const std::vector<uint32_t> others = slices[(k + 1) % slices.size()];
        unmapped.clear();
        REQUIRE(unmapped_code_points(cut[k], others, unmapped, error));
        CHECK(unmapped == others);
    }
    CHECK(sliced_bytes < whole.size() + slices.size() * 2048);

    // The book: measured with the stand-in exactly as with the whole face; drawn once a run's slices are in.
    HeadlessImGui imgui;
    Fonts with_whole, with_slices;
    REQUIRE(add_script_font(with_whole, whole.data(), whole.size()));
    REQUIRE(add_script_font(with_slices, stand_in.data(), stand_in.size()));
    CHECK(with_slices.pending_slices == slices.size());
    std::string paths[kFaceCount];
    for (int i = 0; i < kFaceCount; ++i)
        paths[i] = kDebianFontFiles[i];
    REQUIRE(load_fonts_from_files(with_whole, paths, error));
    REQUIRE(load_fonts_from_files(with_slices, paths, error));
    imgui.begin_frame(1280, 860);
    ImGuiMeasurer a, b;
    a.fonts = &with_whole;
    b.fonts = &with_slices;
    std::string run;
    utf8_append(run, slices[0][0]);
    utf8_append(run, slices[3][0]);
    run += "a,";
    const char* end = run.data() + run.size();
    CHECK(b.width(Face::Serif, 18, run.data(), end) == a.width(Face::Serif, 18, run.data(), end));
    CHECK(with_whole.draws(Face::Serif, run.data(), end));
    CHECK_FALSE(with_slices.draws(Face::Serif, run.data(), end));
    std::vector<SliceWanted> wanted;
    with_slices.missing_slices(run.data(), end, wanted);
    CHECK(wanted == std::vector<SliceWanted>{{0, 0}, {0, 3}});
    imgui.end_frame();
    REQUIRE(add_script_slice(with_slices, 0, 0, cut[0].data(), cut[0].size()));
    CHECK_FALSE(with_slices.draws(Face::Serif, run.data(), end)); // slice 3 still to come
    REQUIRE(add_script_slice(with_slices, 0, 3, cut[3].data(), cut[3].size()));
    CHECK_FALSE(add_script_slice(with_slices, 0, 99, cut[3].data(), cut[3].size())); // no such slice
    CHECK(with_slices.pending_slices == slices.size() - 2);
    imgui.begin_frame(1280, 860);
    CHECK(with_slices.draws(Face::Serif, run.data(), end));
    CHECK(b.width(Face::Serif, 18, run.data(), end) == a.width(Face::Serif, 18, run.data(), end));
    // The slice's glyph draws, with ink, as the whole face's; a character of a slice not in is the stand-in's:
    // its advance, no ink.
    ImFontBaked* sliced = with_slices.face[0]->GetFontBaked(32);
    ImFontBaked* full = with_whole.face[0]->GetFontBaked(32);
    const ImFontGlyph* g = sliced->FindGlyph(static_cast<ImWchar>(slices[3][0]));
    const ImFontGlyph* w = full->FindGlyph(static_cast<ImWchar>(slices[3][0]));
    REQUIRE(g);
    REQUIRE(w);
    CHECK(g->Visible);
    CHECK(g->Codepoint == slices[3][0]);
    CHECK(g->AdvanceX == w->AdvanceX);
    CHECK(g->X1 - g->X0 == w->X1 - w->X0);
    const ImFontGlyph* blank = sliced->FindGlyph(static_cast<ImWchar>(slices[5][0]));
    REQUIRE(blank);
    CHECK_FALSE(blank->Visible);
    CHECK(blank->AdvanceX == full->FindGlyph(static_cast<ImWchar>(slices[5][0]))->AdvanceX);
    imgui.end_frame();
    fs::remove_all(dir);
}
