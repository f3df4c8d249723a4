// folio ui: where a frame draws. See frame.h.
#include "ui/frame.h"

#include <cmath>

#include "imgui_internal.h"

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] ImGui's frame
//-----------------------------------------------------------------------------

FrameLists begin_book_window() {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoBringToFrontOnFocus;
    // The book is the only window: it has keyboard focus from the start.
    if (!GImGui->NavWindow) ImGui::SetNextWindowFocus();
    ImGui::Begin("folio", nullptr, flags);
    ImGui::PopStyleVar(2);
    return FrameLists{ImGui::GetBackgroundDrawList(), ImGui::GetWindowDrawList(), true};
}

void end_book_window() { ImGui::End(); }

ImVector<ImTextureData*>& frame_textures() { return ImGui::GetIO().Fonts->TexList; }

//-----------------------------------------------------------------------------
// [SECTION] A quiet frame
//-----------------------------------------------------------------------------
// What NewFrame, the background list, Begin for the book's window and Render do for drawing, and no
// more. tests/ui/test_book.cpp holds the two to the same vertices, indices and commands.

QuietFrame::QuietFrame(ImDrawListSharedData* shared) : desk(shared), book(shared) {}

FrameLists QuietFrame::begin(ImVec2 display_size, ImVec2 framebuffer_scale) {
    ImGuiContext& g = *GImGui;
    ImGuiIO& io = g.IO;
    io.DisplaySize = display_size;
    io.DisplayFramebufferScale = framebuffer_scale;
    // ImGui's frame count goes on, as if this were its frame, ended: the atlas's and ImGui's agree.
    ++g.FrameCount;
    g.FrameCountEnded = g.FrameCount;
    ImFontAtlas* atlas = io.Fonts;
    ImFontAtlasUpdateNewFrame(atlas, g.FrameCount, (io.BackendFlags & ImGuiBackendFlags_RendererHasTextures) != 0);
    // Glyphs are baked at the display's density, as the book's window would set it.
    g.FontRasterizerDensity = framebuffer_scale.x;

    ImDrawListSharedData& shared = *desk._Data;
    shared.ClipRectFullscreen = ImVec4(0, 0, display_size.x, display_size.y);
    shared.CurveTessellationTol = g.Style.CurveTessellationTol;
    shared.SetCircleTessellationMaxError(g.Style.CircleTessellationMaxError);
    shared.InitialFlags = ImDrawListFlags_None;
    if (g.Style.AntiAliasedLines) shared.InitialFlags |= ImDrawListFlags_AntiAliasedLines;
    if (g.Style.AntiAliasedLinesUseTex && !(atlas->Flags & ImFontAtlasFlags_NoBakedLines))
        shared.InitialFlags |= ImDrawListFlags_AntiAliasedLinesUseTex;
    if (g.Style.AntiAliasedFill) shared.InitialFlags |= ImDrawListFlags_AntiAliasedFill;
    if (io.BackendFlags & ImGuiBackendFlags_RendererHasVtxOffset) shared.InitialFlags |= ImDrawListFlags_AllowVtxOffset;
    shared.InitialFringeScale = 1.0f;
    // The atlas's white pixel and line texels, which the atlas keeps current from here on.
    shared.FontAtlas = atlas;
    if (!shared.Font && !atlas->Fonts.empty()) shared.Font = atlas->Fonts[0];
    ImFontAtlasUpdateDrawListsSharedData(atlas);

    // The desk as ImGui's background list, the book as its window: the whole display, then the
    // window's inner clip (no border, no padding).
    const ImVec2 origin(0, 0);
    desk._ResetForNewFrame();
    desk.PushTexture(atlas->TexRef);
    desk.PushClipRect(origin, display_size, false);
    book._ResetForNewFrame();
    book.PushTexture(atlas->TexRef);
    book.PushClipRect(origin, display_size, false);
    book.PushClipRect(origin, ImVec2(std::floor(display_size.x), std::floor(display_size.y)), true);
    return FrameLists{&desk, &book, false};
}

ImDrawData* QuietFrame::end() {
    data.Clear();
    data.Valid = true;
    data.DisplayPos = ImVec2(0, 0);
    data.DisplaySize = GImGui->IO.DisplaySize;
    data.FramebufferScale = GImGui->IO.DisplayFramebufferScale;
    data.Textures = &frame_textures();
    data.AddDrawList(&desk);
    data.AddDrawList(&book);
    return &data;
}

} // namespace folio
