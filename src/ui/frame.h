// folio ui: where a frame draws, and the two ways of having one.
//
// The book draws into two ImDrawLists: the desk behind the pages, and the book. ImGui's frame
// (NewFrame, the book's one window, Render) gives both and lets the book's items answer the pointer:
// a link's hover and click, the scrollbar's drag. A frame that has no input to answer needs none of
// that: a quiet frame gives the same two lists straight from ImGui's drawing layer (the font atlas,
// ImDrawList, ImDrawData) and draws the same picture. The platform draws quiet frames until the first
// input reaches ImGui (docs/first-view.md, "The first frames are quiet"), so the first view's code
// holds no window, item or navigation machinery.
#pragma once

#include "imgui.h"

namespace folio {

struct FrameLists {
    ImDrawList* desk;   // behind everything: the desk's colour
    ImDrawList* book;   // the pages, the messages, the scrollbar
    bool answers_input; // ImGui's frame: the book's links and scrollbar are ImGui items
};

// ImGui's frame (between NewFrame and Render): the background list and the book's window, begun here.
FrameLists begin_book_window();
void end_book_window();

// A frame without ImGui's frame. Build it once the ImGui context exists; begin and end it around the
// drawing as NewFrame and Render would be. It keeps ImGui's frame count and the font atlas's frame
// going, so ImGui's own frames may follow it at any time.
struct QuietFrame {
    explicit QuietFrame(ImDrawListSharedData* shared);
    QuietFrame(const QuietFrame&) = delete;
    QuietFrame& operator=(const QuietFrame&) = delete;

    FrameLists begin(ImVec2 display_size, ImVec2 framebuffer_scale);
    ImDrawData* end();

    ImDrawList desk, book;
    ImDrawData data;
};

// The textures every frame's draw data asks the renderer to create, update or destroy: the font
// atlas's (the book registers no texture of its own with ImGui).
ImVector<ImTextureData*>& frame_textures();

} // namespace folio
