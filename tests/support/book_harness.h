// Shared by the ui tests: the app in a headless ImGui context, with Debian's fonts, a bundle loaded at
// "/", and the reader's input (clicks, keys) fed through ImGui's IO as the platform feeds it.
#pragma once

#include <catch2/catch_test_macros.hpp>

#include <string>

#include "core/bundle/load.h"
#include "imgui.h"
#include "ui/app.h"
#include "ui/fonts.h"
#include "ui/headless.h"

namespace folio::testing {

// The app with Debian's fonts (in the current ImGui context's atlas) and a bundle, at a route: no frame yet.
inline void load_app(App& app, const std::string& bundle, const std::string& route) {
    std::string paths[kFaceCount], error;
    for (int i = 0; i < kFaceCount; ++i)
        paths[i] = kDebianFontFiles[i];
    REQUIRE(load_fonts_from_files(app.fonts, paths, error));
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(bundle, site, d));
    app.set_site(std::move(site));
    app.open(route);
}

struct Harness {
    HeadlessImGui imgui;
    App app;
    float w, h;
    explicit Harness(float width = 1280, float height = 860, const std::string& bundle = FOLIO_SOURCE_DIR)
        : w(width), h(height) {
        load_app(app, bundle, "/");
        frame();
    }
    // The fixture bundle with every Markdown element, at its long article.
    void open_rich_article() {
        Site rich;
        Diagnostics d;
        REQUIRE(load_bundle(FOLIO_SOURCE_DIR "/tests/fixtures/rich", rich, d));
        app.set_site(std::move(rich));
        app.open("/writing/everything-markdown");
        frame();
    }
    void frame() {
        imgui.begin_frame(w, h);
        app.frame(1.0f / 60.0f);
        imgui.end_frame();
    }
    void frames(int n) {
        for (int i = 0; i < n; ++i)
            frame();
    }
    // Screen position of the first text box whose text starts with `text` on a visible page.
    bool find_box(const std::string& text, ImVec2& at) {
        for (int p = 0; p < static_cast<int>(app.book.pages.size()); ++p) {
            ImVec2 o = app.page_origin(p);
            if (o.y > h || o.y + app.book.spec.height * app.page_scale < 0) continue;
            for (const Box& b : app.book.pages[p].boxes)
                if (b.kind == BoxKind::Text && b.text.rfind(text, 0) == 0) {
                    at = ImVec2(o.x + (b.x + b.w * 0.5f) * app.page_scale, o.y + (b.y + b.h * 0.5f) * app.page_scale);
                    return true;
                }
        }
        return false;
    }
    void click(ImVec2 p) {
        ImGuiIO& io = ImGui::GetIO();
        io.AddMousePosEvent(p.x, p.y);
        frame();
        io.AddMouseButtonEvent(0, true);
        frame();
        io.AddMouseButtonEvent(0, false);
        frame();
    }
    void key(ImGuiKey k, bool shift = false) {
        ImGuiIO& io = ImGui::GetIO();
        io.AddKeyEvent(ImGuiMod_Shift, shift);
        io.AddKeyEvent(k, true);
        frame();
        io.AddKeyEvent(k, false);
        io.AddKeyEvent(ImGuiMod_Shift, false);
        frame();
    }
};

} // namespace folio::testing
