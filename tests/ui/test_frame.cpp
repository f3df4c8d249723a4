// The two ways of having a frame (ui/frame.h): a quiet frame draws what ImGui's frame draws, and ImGui's
// frames may follow quiet ones.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <utility>

#include "imgui.h"
#include "imgui_internal.h"
#include "support/book_harness.h"
#include "ui/app.h"
#include "ui/frame.h"
#include "ui/headless.h"

using namespace folio;

namespace {

// What a frame's draw data puts on the screen: its lists' vertices, indices and commands (FNV-1a), and
// their sizes, to say where two frames differ. A vertex's texture coordinates are taken as what they
// address: a glyph's corner (its face, size, density and character) or the atlas's white pixel, since
// two atlases may pack the same glyphs in another order (ImGui's frame bakes its own default font first).
struct Picture {
    int lists = 0, vertices = 0, indices = 0, commands = 0, glyph_corners = 0;
    uint64_t shape = 1469598103934665603ull; // positions, colours, indices
    uint64_t hash = shape;                   // and what each vertex's texture coordinates address, and the commands
    bool operator==(const Picture& o) const {
        return lists == o.lists && vertices == o.vertices && indices == o.indices && commands == o.commands &&
               glyph_corners == o.glyph_corners && shape == o.shape && hash == o.hash;
    }
};

void mix(uint64_t& h, const void* data, size_t n) {
    const unsigned char* b = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < n; ++i)
        h = (h ^ b[i]) * 1099511628211ull;
}

void mix(Picture& p, const void* data, size_t n) {
    mix(p.shape, data, n);
    mix(p.hash, data, n);
}

using Texels = std::map<std::pair<float, float>, std::string>;

Texels texels_of(const ImFontAtlas* atlas) {
    Texels t;
    t[{atlas->TexUvWhitePixel.x, atlas->TexUvWhitePixel.y}] = "white";
    ImStableVector<ImFontBaked, 32>& pool = atlas->Builder->BakedPool;
    for (int i = 0; i < pool.Size; ++i) {
        const ImFontBaked& baked = pool[i];
        const int face =
            atlas->Fonts.index_from_ptr(std::find(atlas->Fonts.begin(), atlas->Fonts.end(), baked.ContainerFont));
        for (const ImFontGlyph& g : baked.Glyphs) {
            if (!g.Visible) continue;
            const std::string id = std::to_string(face) + "/" + std::to_string(baked.Size) + "/" +
                                   std::to_string(baked.RasterizerDensity) + "/" + std::to_string(g.Codepoint);
            t[{g.U0, g.V0}] = id + "/00";
            t[{g.U1, g.V0}] = id + "/10";
            t[{g.U1, g.V1}] = id + "/11";
            t[{g.U0, g.V1}] = id + "/01";
        }
    }
    return t;
}

Picture picture_of(const ImDrawData* dd, const ImFontAtlas* atlas) {
    Picture p;
    REQUIRE(dd->Valid);
    const Texels texels = texels_of(atlas);
    mix(p, &dd->DisplaySize, sizeof dd->DisplaySize);
    mix(p, &dd->FramebufferScale, sizeof dd->FramebufferScale);
    for (const ImDrawList* list : dd->CmdLists) {
        ++p.lists;
        p.vertices += list->VtxBuffer.Size;
        p.indices += list->IdxBuffer.Size;
        for (const ImDrawVert& v : list->VtxBuffer) {
            mix(p, &v.pos, sizeof v.pos);
            mix(p, &v.col, sizeof v.col);
            auto at = texels.find({v.uv.x, v.uv.y});
            if (at == texels.end()) {
                mix(p.hash, &v.uv, sizeof v.uv);
            } else {
                p.glyph_corners += at->second != "white";
                mix(p.hash, at->second.data(), at->second.size());
            }
        }
        mix(p, list->IdxBuffer.Data, static_cast<size_t>(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
        for (const ImDrawCmd& c : list->CmdBuffer) {
            ++p.commands;
            const ImTextureID tex = c.GetTexID();
            mix(p.hash, &c.ClipRect, sizeof c.ClipRect);
            mix(p.hash, &tex, sizeof tex);
            mix(p.hash, &c.VtxOffset, sizeof c.VtxOffset);
            mix(p.hash, &c.IdxOffset, sizeof c.IdxOffset);
            mix(p.hash, &c.ElemCount, sizeof c.ElemCount);
        }
    }
    return p;
}

// The app with Debian's fonts in a headless context of its own, at a route of the seed or the rich fixture.
struct Side {
    HeadlessImGui imgui;
    App app;
    Side(const std::string& bundle, const std::string& route) { testing::load_app(app, bundle, route); }
};

constexpr float kWidth = 1280, kHeight = 800, kDensity = 2, kDt = 1.0f / 60.0f;

Picture imgui_frame(Side& s) {
    ImGui::SetCurrentContext(s.imgui.ctx);
    ImGui::GetIO().DisplayFramebufferScale = ImVec2(kDensity, kDensity);
    s.imgui.begin_frame(kWidth, kHeight, kDt);
    s.app.frame(kDt);
    s.imgui.end_frame();
    return picture_of(ImGui::GetDrawData(), ImGui::GetIO().Fonts);
}

Picture quiet_frame(Side& s, QuietFrame& quiet) {
    ImGui::SetCurrentContext(s.imgui.ctx);
    const FrameLists lists = quiet.begin(ImVec2(kWidth, kHeight), ImVec2(kDensity, kDensity));
    CHECK_FALSE(lists.answers_input);
    s.app.draw(kDt, lists);
    ImDrawData* dd = quiet.end();
    s.imgui.acknowledge_textures();
    return picture_of(dd, ImGui::GetIO().Fonts);
}

} // namespace

TEST_CASE("a quiet frame draws what ImGui's frame draws, and ImGui's frames follow it", "[ui][frame]") {
    struct Case {
        const char* bundle;
        const char* route;
    };
    const Case cases[] = {{FOLIO_SOURCE_DIR, "/"},
                          {FOLIO_SOURCE_DIR "/tests/fixtures/rich", "/writing/everything-markdown"}};
    for (const Case& c : cases) {
        INFO(c.bundle << " " << c.route);
        Side imgui(c.bundle, c.route), quiet_side(c.bundle, c.route);
        ImGui::SetCurrentContext(quiet_side.imgui.ctx);
        QuietFrame quiet(ImGui::GetDrawListSharedData());
        // As the platform starts: a frame that lays the book out and draws nothing (measuring bakes the
        // glyphs), then the frames that draw.
        ImGui::SetCurrentContext(imgui.imgui.ctx);
        ImGui::GetIO().DisplayFramebufferScale = ImVec2(kDensity, kDensity);
        imgui.imgui.begin_frame(kWidth, kHeight, kDt);
        imgui.app.lay_out();
        imgui.imgui.end_frame();
        ImGui::SetCurrentContext(quiet_side.imgui.ctx);
        quiet.begin(ImVec2(kWidth, kHeight), ImVec2(kDensity, kDensity));
        quiet_side.app.lay_out();
        quiet.end();
        quiet_side.imgui.acknowledge_textures();
        // The first drawn frame bakes the glyphs, and the atlas grows as it draws: what was drawn before a
        // growth addresses the texture it replaces (in commands of their own), which the texels above do
        // not know. So that frame is held to the same shapes, and the next ones to the same picture.
        const Picture a0 = imgui_frame(imgui), b0 = quiet_frame(quiet_side, quiet);
        CHECK(a0.lists == 2);
        CHECK(a0.vertices > 1000);
        CHECK(a0.vertices == b0.vertices);
        CHECK(a0.indices == b0.indices);
        CHECK(a0.commands == b0.commands);
        CHECK(a0.shape == b0.shape);
        for (int i = 1; i < 4; ++i) {
            INFO("frame " << i);
            const Picture a = imgui_frame(imgui), b = quiet_frame(quiet_side, quiet);
            CHECK(a.glyph_corners > 1000);
            CHECK(a == b);
        }
        // Then ImGui's frames, as after the reader's first input: the frame counts agree (ImGui asserts
        // they go on), and the picture is the same.
        for (int i = 0; i < 2; ++i) {
            const Picture a = imgui_frame(imgui), b = imgui_frame(quiet_side);
            CHECK(a == b);
        }
        CHECK(quiet_side.app.frames_drawn == imgui.app.frames_drawn);
    }
}
