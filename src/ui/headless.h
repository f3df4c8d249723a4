// folio ui: a Dear ImGui context without a GPU, for the CLI (`folio pages` measures with the real fonts)
// and for tests that drive the real views with synthetic input.
#pragma once

#include <string>
#include <vector>

#include "ui/fonts.h"

namespace folio {

struct HeadlessImGui {
    HeadlessImGui();
    ~HeadlessImGui();
    HeadlessImGui(const HeadlessImGui&) = delete;
    HeadlessImGui& operator=(const HeadlessImGui&) = delete;

    void begin_frame(float width, float height, float dt = 1.0f / 60.0f);
    void end_frame();            // renders and marks every texture request as done, as a real renderer would
    void acknowledge_textures(); // marks every texture request as done (after a quiet frame, ui/frame.h)

    ImGuiContext* ctx = nullptr;
};

// Loads the five faces from dir (serif-regular.ttf, serif-italic.ttf, serif-bold.ttf,
// serif-bolditalic.ttf, mono-regular.ttf), and behind them the script faces dir/scripts.txt lists, one
// file name a line, in chain order (core/font_build/site_fonts.h; no list, no script faces). Returns false and
// names the missing or unusable file in error.
bool load_fonts_from_dir(Fonts& fonts, const std::string& dir, std::string& error);

// The script faces' file names dir/scripts.txt lists (none without it), in chain order.
std::vector<std::string> script_font_files(const std::string& dir);

// The same, from explicit paths (e.g. the unsubset Debian originals: the metrics are identical).
bool load_fonts_from_files(Fonts& fonts, const std::string (&paths)[kFaceCount], std::string& error);

extern const char* const kFontFiles[kFaceCount];
extern const char* const kDebianFontFiles[kFaceCount];

} // namespace folio
