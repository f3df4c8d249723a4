// Faces that come later: the book is laid out with a face's stand-in (its advances, no outlines; made by
// tools/metrics_font.py, as ./folio makes them) exactly as with the face, asks for the face when a page
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

#include "core/load.h"
#include "ui/app.h"
#include "ui/headless.h"

using namespace folio;

namespace {

std::string read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// The stand-in of a Debian face, made by the tool ./folio uses.
std::string stand_in(int face) {
    // A file of its own: test cases run in parallel processes.
    static int made = 0;
    const std::string out = (std::filesystem::temp_directory_path() /
                             ("folio-stand-in-" + std::to_string(getpid()) + "-" + std::to_string(++made) + ".ttf"))
                                .string();
    const std::string cmd = std::string("/usr/bin/python3 ") + FOLIO_SOURCE_DIR + "/tools/metrics_font.py " +
                            kDebianFontFiles[face] + " " + out;
    REQUIRE(std::system(cmd.c_str()) == 0);
    std::string bytes = read_file(out);
    std::remove(out.c_str());
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
    // whole: bit i set -> face i whole; the others as stand-ins.
    Book2(unsigned whole, const std::string (&stand_ins)[kFaceCount], const char* bundle, const char* route) {
        for (int i = 0; i < kFaceCount; ++i) {
            const Face f = static_cast<Face>(i);
            if (whole >> i & 1u) {
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

TEST_CASE("measuring loads advances only: the layout rasterises no glyph, and its widths are the drawn glyphs'") {
    HeadlessImGui imgui;
    Fonts fonts;
    const std::string bytes = read_file(kDebianFontFiles[0]);
    REQUIRE(add_font(fonts, Face::Serif, heap_copy(bytes), bytes.size()));
    ImGuiMeasurer m;
    m.fonts = &fonts;
    imgui.begin_frame(1280, 860);
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
