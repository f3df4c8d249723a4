// Faces that come later: the book is laid out with a face's stand-in (its advances, no outlines; made by
// core/font_build, as the build makes them) exactly as with the face, asks for the face when a page
// near the view shows it, and draws it when it arrives without laying the book out again.
#include <catch2/catch_test_macros.hpp>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <algorithm>
#include <vector>

#include <imgui_internal.h> // ImTextCharFromUtf8

#include "core/book/compose.h"
#include "core/bundle/load.h"
#include "core/font_build/face_edits.h"
#include "core/fonts/face_metrics.h"
#include "core/fonts/font_partial.h"
#include "ui/app.h"
#include "ui/headless.h"

// stb_truetype, Dear ImGui's copy, read independently of the code under test (its own static copy here).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#define STBRP_STATIC // its rectangle packer too, as imgui_draw.cpp has it (imgui_internal.h names its node)
#define STB_RECT_PACK_IMPLEMENTATION
#include <imstb_rectpack.h>
#define STBTT_STATIC
#define STB_TRUETYPE_IMPLEMENTATION
#include <imstb_truetype.h>
#pragma GCC diagnostic pop

using namespace folio;

namespace {

std::string read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// The stand-in of a Debian face, as the build makes it (core/font_build/face_edits.h).
std::string stand_in(int face) {
    std::string bytes, error;
    INFO(error);
    REQUIRE(make_stand_in(read_file(kDebianFontFiles[face]), bytes, error));
    REQUIRE(bytes.size() > 0);
    return bytes;
}

void* heap_copy(const std::string& bytes) {
    void* p = IM_ALLOC(bytes.size());
    std::memcpy(p, bytes.data(), bytes.size());
    return p;
}

struct Book2 {
    HeadlessImGui imgui;
    App app;
    // whole: bit i set -> face i whole (or its partial, when partials[i] is one); the others as stand-ins.
    Book2(unsigned whole, const std::string (&stand_ins)[kFaceCount], const char* bundle, const char* route,
          const std::string* partials = nullptr) {
        for (int i = 0; i < kFaceCount; ++i) {
            const Face f = static_cast<Face>(i);
            if ((whole >> i & 1u) && partials && !partials[i].empty()) {
                REQUIRE(add_font_partial(app.fonts, f, heap_copy(partials[i]), partials[i].size()));
            } else if (whole >> i & 1u) {
                const std::string bytes = read_file(kDebianFontFiles[i]);
                REQUIRE(add_font(app.fonts, f, heap_copy(bytes), bytes.size()));
            } else {
                REQUIRE(add_font_metrics(app.fonts, f, heap_copy(stand_ins[i]), stand_ins[i].size()));
            }
        }
        Site site;
        Diagnostics d;
        REQUIRE(load_bundle(bundle, site, d));
        app.set_site(std::move(site));
        app.open(route);
        frame();
    }
    void frame() {
        imgui.begin_frame(1280, 860);
        app.frame(1.0f / 60.0f);
        imgui.end_frame();
    }
};

void require_same_layout(const Book& a, const Book& b) {
    REQUIRE(a.pages.size() == b.pages.size());
    for (size_t p = 0; p < a.pages.size(); ++p) {
        REQUIRE(a.pages[p].boxes.size() == b.pages[p].boxes.size());
        for (size_t i = 0; i < a.pages[p].boxes.size(); ++i) {
            const Box &x = a.pages[p].boxes[i], &y = b.pages[p].boxes[i];
            INFO("page " << p << " box " << i << " '" << x.text << "'");
            CHECK(x.text == y.text);
            CHECK(x.face == y.face);
            CHECK(x.x == y.x); // to the bit: the same advances through the same code
            CHECK(x.y == y.y);
            CHECK(x.w == y.w);
        }
    }
}

bool shows(const Book& book, Face f) {
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes)
            if (b.kind == BoxKind::Text && b.face == f) return true;
    return false;
}

} // namespace

TEST_CASE("a book laid out with stand-ins is the book laid out with the faces, box for box") {
    std::string stand_ins[kFaceCount];
    for (int i = 1; i < kFaceCount; ++i)
        stand_ins[i] = stand_in(i);
    const char* rich = FOLIO_SOURCE_DIR "/tests/fixtures/rich";
    for (const char* route : {"/", "/writing/everything-markdown"}) {
        INFO(route);
        Book2 whole(0b11111, stand_ins, rich, route);
        Book2 late(0b00001, stand_ins, rich, route);
        REQUIRE(!whole.app.book.pages.empty());
        require_same_layout(whole.app.book, late.app.book);
    }
    Book2 whole(0b11111, stand_ins, FOLIO_SOURCE_DIR, "/");
    Book2 late(0b00001, stand_ins, FOLIO_SOURCE_DIR, "/");
    require_same_layout(whole.app.book, late.app.book);
}

TEST_CASE("a face still to come is asked for near the view, and drawn when it arrives without a new layout") {
    std::string stand_ins[kFaceCount];
    for (int i = 1; i < kFaceCount; ++i)
        stand_ins[i] = stand_in(i);
    // The rich article shows every face; only the serif is whole at first.
    Book2 b(0b00001, stand_ins, FOLIO_SOURCE_DIR "/tests/fixtures/rich", "/writing/everything-markdown");
    for (Face f : {Face::Italic, Face::Bold, Face::BoldItalic, Face::Mono})
        REQUIRE(shows(b.app.book, f));
    // Asked for once each, the ones near the view first; the frame on screen lacks some of them.
    std::vector<Face> asked = b.app.requests.load_faces;
    CHECK(!asked.empty());
    CHECK(b.app.faces_missing_on_screen);
    b.app.requests.load_faces.clear();
    b.frame();
    CHECK(b.app.requests.load_faces.empty()); // not asked again
    // They arrive: the same layout, now drawable, nothing missing on screen.
    const int layouts = b.app.layouts;
    for (Face f : asked) {
        const std::string bytes = read_file(kDebianFontFiles[static_cast<int>(f)]);
        REQUIRE(add_font(b.app.fonts, f, heap_copy(bytes), bytes.size()));
        CHECK(b.app.fonts.drawable(f));
    }
    b.frame();
    CHECK(b.app.layouts == layouts);
    CHECK(!b.app.faces_missing_on_screen);
}

TEST_CASE("a stand-in is refused when it is not a font, like a face") {
    HeadlessImGui imgui;
    Fonts fonts;
    std::string junk = "not a font at all, just text";
    void* p = heap_copy(junk);
    CHECK(!add_font_metrics(fonts, Face::Italic, p, junk.size()));
    IM_FREE(p);
    CHECK(!fonts.measurable());
}

namespace {

// Debian's Noto Serif as the serif face, measured by ImGui in a headless frame (begun; the test ends it).
struct SerifMeasuring {
    HeadlessImGui imgui;
    Fonts fonts;
    ImGuiMeasurer m;
    SerifMeasuring() {
        const std::string bytes = read_file(kDebianFontFiles[0]);
        REQUIRE(add_font(fonts, Face::Serif, heap_copy(bytes), bytes.size()));
        m.fonts = &fonts;
        imgui.begin_frame(1280, 860);
    }
};

} // namespace

TEST_CASE("measuring loads advances only: the layout rasterises no glyph, and its widths are the drawn glyphs'") {
    SerifMeasuring s;
    HeadlessImGui& imgui = s.imgui;
    Fonts& fonts = s.fonts;
    ImGuiMeasurer& m = s.m;
    const std::string text = "Sphinx of black quartz, judge my vow: 0123456789";
    const float size = 13.7f;
    const float measured = m.width(Face::Serif, size, text.data(), text.data() + text.size());
    ImFontBaked* baked = fonts.face[0]->GetFontBaked(size); // baked at a size near 13.7, scaled to it
    for (char c : text)
        if (c != ' ') CHECK_FALSE(baked->IsGlyphLoaded(static_cast<ImWchar>(c))); // measured, not rasterised
    // Drawing loads the glyphs whole: their advances add up to the same width, to the bit.
    const float scale = size / baked->Size;
    float drawn = 0;
    for (char c : text)
        drawn += baked->FindGlyph(static_cast<ImWchar>(c))->AdvanceX * scale;
    CHECK(baked->IsGlyphLoaded('S'));
    CHECK(measured == drawn);
    CHECK(m.width(Face::Serif, size, text.data(), text.data() + text.size()) == measured);
    imgui.end_frame();
}

TEST_CASE("a character the face lacks measures as the mark drawn in its place, so its line stays on the page") {
    SerifMeasuring s;
    HeadlessImGui& imgui = s.imgui;
    Fonts& fonts = s.fonts;
    ImGuiMeasurer& m = s.m;
    const auto width = [&](const std::string& t) { return m.width(Face::Serif, 18, t.data(), t.data() + t.size()); };
    REQUIRE_FALSE(fonts.face[0]->IsGlyphInFont(0x5468)); // 周: Noto Serif has no CJK
    const float mark = width("\xEF\xBF\xBD");            // U+FFFD, what ImGui draws for it
    CHECK(mark > 5);
    CHECK(width("周") == mark);
    CHECK(width("周刊") == width("\xEF\xBF\xBD\xEF\xBF\xBD"));
    CHECK(width("a周b") == width("a\xEF\xBF\xBD"
                                 "b"));
    imgui.end_frame();

    // A paragraph of Chinese, with no space to break at, is cut between characters within the measure.
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(std::string(FOLIO_SOURCE_DIR) + "/tests/fixtures/scripts", site, d));
    imgui.begin_frame(1280, 860);
    PageSpec phone;
    phone.width = 330;
    phone.height = 560;
    const Book book = compose_article(site, site.find_article("极光"), m, ComposeState{}, phone);
    int runs = 0;
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes)
            if (b.kind == BoxKind::Text && !b.text.empty()) {
                ++runs;
                INFO(b.text);
                CHECK(b.x + b.w <= phone.width + 0.5f);
            }
    CHECK(runs > 10);
    // The second paragraph is wider than a phone's measure: it takes more than one line.
    const std::string sentence = "我们站在雪地里，谁也没有说话。相机的快门声在寂静中显得格外清晰。";
    int first_lines = 0;
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes)
            if (b.text.rfind("我们站在", 0) == 0) {
                ++first_lines;
                CHECK(b.text.size() < sentence.size());
            }
    CHECK(first_lines == 1);
    imgui.end_frame();
}

//-----------------------------------------------------------------------------
// Partial faces (core/fonts/font_partial.h): the face with outlines only for some characters.
//-----------------------------------------------------------------------------

namespace {

std::vector<uint32_t> code_points(const std::string& utf8) {
    std::vector<uint32_t> out;
    for (const char* s = utf8.data(); s < utf8.data() + utf8.size();) {
        unsigned c = 0;
        s += ImTextCharFromUtf8(&c, s, utf8.data() + utf8.size());
        out.push_back(c);
    }
    return out;
}

std::string partial_of(const std::string& font, const std::string& chars) {
    std::string out, error;
    REQUIRE(make_partial_font(font, code_points(chars), out, error));
    return out;
}

stbtt_fontinfo font_info(const std::string& bytes) {
    stbtt_fontinfo info;
    REQUIRE(stbtt_InitFont(&info, reinterpret_cast<const unsigned char*>(bytes.data()), 0) == 1);
    return info;
}

// A glyph's outline as stb_truetype reads it (composites flattened): empty for an emptied glyph.
std::vector<stbtt_vertex> outline(const stbtt_fontinfo& info, int glyph) {
    stbtt_vertex* v = nullptr;
    const int n = stbtt_GetGlyphShape(&info, glyph, &v);
    std::vector<stbtt_vertex> out(v, v + std::max(0, n));
    stbtt_FreeShape(&info, v);
    return out;
}

bool same_outline(const std::vector<stbtt_vertex>& a, const std::vector<stbtt_vertex>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].x != b[i].x || a[i].y != b[i].y || a[i].cx != b[i].cx || a[i].cy != b[i].cy || a[i].type != b[i].type)
            return false;
    return true;
}

bool composite(const stbtt_fontinfo& info, int glyph) {
    const int at = stbtt__GetGlyfOffset(&info, glyph);
    return at >= 0 && static_cast<short>(info.data[at] << 8 | info.data[at + 1]) < 0;
}

// The sum of a font file as 32-bit big-endian words: 0xB1B0AFBA when head.checkSumAdjustment is right.
uint32_t file_sum(const std::string& s) {
    uint32_t sum = 0;
    for (size_t i = 0; i < s.size(); i += 4) {
        uint32_t w = 0;
        for (size_t k = 0; k < 4; ++k)
            w = w << 8 | (i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u);
        sum += w;
    }
    return sum;
}

} // namespace

TEST_CASE("a partial face measures as the face and keeps the outlines of its characters only") {
    // Noto Serif has a long loca, JetBrains Mono a short one.
    for (int face : {0, 4}) {
        INFO(kDebianFontFiles[face]);
        const std::string whole = read_file(kDebianFontFiles[face]);
        // A composite among the accented letters, drawn from its components.
        const stbtt_fontinfo w = font_info(whole);
        uint32_t accented = 0;
        for (uint32_t c = 0xC0; c < 0x180 && !accented; ++c)
            if (stbtt_FindGlyphIndex(&w, static_cast<int>(c)) &&
                composite(w, stbtt_FindGlyphIndex(&w, static_cast<int>(c))))
                accented = c;
        REQUIRE(accented != 0);
        std::vector<uint32_t> kept = code_points("Hello, world: 42");
        kept.push_back(accented);
        std::string part, error;
        REQUIRE(make_partial_font(whole, kept, part, error));
        CHECK(part.size() < whole.size() / 2);
        CHECK(file_sum(part) == 0xB1B0AFBAu);
        CHECK(part.size() % 4 == 0);
        const stbtt_fontinfo p = font_info(part);
        // What measuring reads is the face's.
        int wa, wd, wg, pa, pd, pg;
        stbtt_GetFontVMetrics(&w, &wa, &wd, &wg);
        stbtt_GetFontVMetrics(&p, &pa, &pd, &pg);
        CHECK((wa == pa && wd == pd && wg == pg));
        VerticalMetrics vw, vp;
        REQUIRE(vertical_metrics(whole.data(), whole.size(), vw));
        REQUIRE(vertical_metrics(part.data(), part.size(), vp));
        CHECK((vw.units_per_em == vp.units_per_em && vw.ascender == vp.ascender && vw.descender == vp.descender));
        CHECK(w.numGlyphs == p.numGlyphs);
        int checked = 0;
        for (int c = 0; c < 0x3000; ++c) {
            const int g = stbtt_FindGlyphIndex(&w, c);
            REQUIRE(stbtt_FindGlyphIndex(&p, c) == g);
            if (!g) continue;
            int wadv, wlsb, padv, plsb;
            stbtt_GetGlyphHMetrics(&w, g, &wadv, &wlsb);
            stbtt_GetGlyphHMetrics(&p, g, &padv, &plsb);
            REQUIRE(wadv == padv);
            REQUIRE(wlsb == plsb);
            const bool keep = std::find(kept.begin(), kept.end(), static_cast<uint32_t>(c)) != kept.end();
            if (keep) {
                INFO("U+" << std::hex << c);
                if (c != ' ') CHECK(!outline(w, g).empty());
                CHECK(same_outline(outline(w, g), outline(p, g)));
                ++checked;
            }
        }
        CHECK(checked >= 10);
        // The composite's components are kept (its outline above is theirs); glyphs of no kept character are
        // empty, even in the cmap.
        int emptied = 0;
        for (const char* c : {"Q", "z", "7", "#"}) {
            const int g = stbtt_FindGlyphIndex(&p, static_cast<int>(c[0]));
            CHECK(outline(p, g).empty());
            CHECK(!outline(w, g).empty());
            ++emptied;
        }
        CHECK(emptied == 4);
        // It records exactly what it draws.
        std::vector<CodeRange> ranges;
        REQUIRE(partial_font_ranges(part.data(), part.size(), ranges));
        for (uint32_t c : kept)
            CHECK((c == ' ' || in_ranges(ranges, c)));
        CHECK(!in_ranges(ranges, 'Q'));
        CHECK(!partial_font_ranges(whole.data(), whole.size(), ranges)); // a whole face records nothing
        // Made again from itself, it is the same file.
        std::string again;
        REQUIRE(make_partial_font(part, kept, again, error));
        CHECK(again == part);
    }
}

TEST_CASE("a partial face is refused, never read past its end, when it is not a well-formed face") {
    const std::string whole = read_file(kDebianFontFiles[4]);
    const std::vector<uint32_t> chars = code_points("abc");
    std::string out, error;
    CHECK(!make_partial_font("", chars, out, error));
    CHECK(!make_partial_font("not a font at all, just some text", chars, out, error));
    CHECK(!error.empty());
    // Every cut of the directory, and cuts through the tables: a table that no longer fits is an error.
    for (size_t n = 0; n < 12 + 16 * 20; ++n)
        CHECK(!make_partial_font(std::string_view(whole).substr(0, n), chars, out, error));
    for (size_t n = whole.size() / 2; n + 4 <= whole.size(); n += whole.size() / 97)
        CHECK(!make_partial_font(std::string_view(whole).substr(0, n), chars, out, error));
    // Bytes changed in the directory and the tables: an answer either way, never a crash (the sanitizers
    // of the fuzz build would say).
    const std::string part = partial_of(whole, "abc");
    for (size_t i = 0; i < part.size(); i += 13) {
        std::string bad = part;
        bad[i] = static_cast<char>(bad[i] ^ 0xFF);
        (void)make_partial_font(bad, chars, out, error);
        std::vector<CodeRange> ranges;
        (void)partial_font_ranges(bad.data(), bad.size(), ranges);
    }
    std::vector<CodeRange> ranges;
    CHECK(!partial_font_ranges("junk", 4, ranges));
    // Adding one to the atlas asks for its record of what it draws.
    HeadlessImGui imgui;
    Fonts fonts;
    void* p = heap_copy(whole);
    CHECK(!add_font_partial(fonts, Face::Mono, p, whole.size()));
    IM_FREE(p);
}

TEST_CASE("a book laid out with partial faces is the book laid out with the faces; runs they lack ask for the face") {
    std::string stand_ins[kFaceCount];
    for (int i = 1; i < kFaceCount; ++i)
        stand_ins[i] = stand_in(i);
    // Partials that draw a few letters only: every run with another character needs the whole face.
    std::string partials[kFaceCount];
    for (int i = 0; i < kFaceCount; ++i)
        partials[i] = partial_of(read_file(kDebianFontFiles[i]), "abcdefghijklmnopqrstuvwxyz");
    const char* rich = FOLIO_SOURCE_DIR "/tests/fixtures/rich";
    for (const char* route : {"/", "/writing/everything-markdown"}) {
        INFO(route);
        Book2 whole(0b11111, stand_ins, rich, route);
        Book2 part(0b11111, stand_ins, rich, route, partials);
        REQUIRE(!whole.app.book.pages.empty());
        require_same_layout(whole.app.book, part.app.book);
        CHECK(!whole.app.faces_missing_on_screen);
        CHECK(part.app.faces_missing_on_screen);
        CHECK(!part.app.requests.load_faces.empty());
        // The whole faces replace the partials: drawn, not laid out again.
        const int layouts = part.app.layouts;
        for (Face f : part.app.requests.load_faces) {
            CHECK(part.app.fonts.drawable(f));
            CHECK(!part.app.fonts.whole(f));
            const std::string bytes = read_file(kDebianFontFiles[static_cast<int>(f)]);
            REQUIRE(add_font(part.app.fonts, f, heap_copy(bytes), bytes.size()));
            CHECK(part.app.fonts.whole(f));
        }
        part.app.requests.load_faces.clear();
        part.frame();
        CHECK(part.app.layouts == layouts);
        CHECK(!part.app.faces_missing_on_screen);
        require_same_layout(whole.app.book, part.app.book);
    }
    // Partials that draw every character of the seed's main book: nothing is asked for on the front page.
    std::string all;
    {
        Book2 whole(0b11111, stand_ins, FOLIO_SOURCE_DIR, "/");
        for (const Page& pg : whole.app.book.pages)
            for (const Box& b : pg.boxes)
                if (b.kind == BoxKind::Text) all += b.text;
    }
    for (int i = 0; i < kFaceCount; ++i)
        partials[i] = partial_of(read_file(kDebianFontFiles[i]), all);
    Book2 whole(0b11111, stand_ins, FOLIO_SOURCE_DIR, "/");
    Book2 part(0b11111, stand_ins, FOLIO_SOURCE_DIR, "/", partials);
    require_same_layout(whole.app.book, part.app.book);
    CHECK(!part.app.faces_missing_on_screen);
    CHECK(part.app.requests.load_faces.empty());
    CHECK(part.app.fonts.draws(Face::Serif, "a b", "a b" + 3));
    CHECK(!part.app.fonts.draws(Face::Serif, "\xE2\x82\xAC", "\xE2\x82\xAC" + 3)); // no euro sign in the seed
}

TEST_CASE("an image's alt text and a code line's marks ask for the face they are set in, as runs do") {
    std::string stand_ins[kFaceCount];
    for (int i = 1; i < kFaceCount; ++i)
        stand_ins[i] = stand_in(i);
    const char* rich = FOLIO_SOURCE_DIR "/tests/fixtures/rich";
    const char* route = "/writing/everything-markdown";
    Book2 whole(0b11111, stand_ins, rich, route);
    // Partials that draw every character of every run in the book, so no run asks: what asks is the rest.
    std::string runs[kFaceCount], alt;
    int alt_page = -1, overflow_page = -1;
    const auto& pages = whole.app.book.pages;
    for (size_t p = 0; p < pages.size(); ++p)
        for (const Box& b : pages[p].boxes) {
            if (b.kind == BoxKind::Text) runs[static_cast<int>(b.face)] += b.text;
            if (b.kind == BoxKind::Image && alt.empty()) alt = b.text, alt_page = static_cast<int>(p);
            if (b.kind == BoxKind::Text && b.code >= 0 && b.x + b.w > b.clip_x + b.clip_w && overflow_page < 0)
                overflow_page = static_cast<int>(p);
        }
    // Near the view when the article opens (ask_for_faces looks four pages past the screen).
    REQUIRE(alt_page >= 0);
    REQUIRE(alt_page < 5);
    REQUIRE(overflow_page >= 0);
    REQUIRE(overflow_page < 5);
    // The italic partial: its runs' characters, without one the alt text has and no italic run has.
    std::string italic;
    char missing = 0;
    for (char c : alt)
        if (c > ' ' && c < 0x7F && runs[static_cast<int>(Face::Italic)].find(c) == std::string::npos) missing = c;
    REQUIRE(missing != 0);
    std::string partials[kFaceCount];
    for (int i = 0; i < kFaceCount; ++i)
        partials[i] = partial_of(read_file(kDebianFontFiles[i]), runs[i].empty() ? std::string("a") : runs[i]);
    Book2 part(0b11111, stand_ins, rich, route, partials);
    require_same_layout(whole.app.book, part.app.book);
    const Fonts& fonts = part.app.fonts;
    for (const Page& pg : part.app.book.pages) // every run can be drawn: only the alt text and the marks ask
        for (const Box& b : pg.boxes)
            if (b.kind == BoxKind::Text) REQUIRE(fonts.draws(b.face, b.text.data(), b.text.data() + b.text.size()));
    INFO("alt text '" << alt << "' on page " << alt_page << ", lacking '" << missing
                      << "'; a code line overflows on page " << overflow_page);
    CHECK(!fonts.draws(Face::Italic, alt.data(), alt.data() + alt.size()));
    CHECK(!fonts.draws(Face::Mono, "\xE2\x80\xB9", "\xE2\x80\xB9" + 3)); // no run has the marks
    const auto& asked = part.app.requests.load_faces;
    CHECK(std::find(asked.begin(), asked.end(), Face::Italic) != asked.end());
    CHECK(std::find(asked.begin(), asked.end(), Face::Mono) != asked.end());
}
