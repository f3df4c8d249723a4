// folio web: the book's WebGL2 renderer for Dear ImGui's draw data (see render_gl.h for why it is ours).
//
// Index of this file:
// [SECTION] Program
// [SECTION] Textures
// [SECTION] Frames

#include "platform/web/render_gl.h"

#include <GLES3/gl3.h>
#include <imgui.h>

#include <cstddef>
#include <cstdint>

namespace folio_web {
namespace {

// Attribute locations, fixed in the shader (no glGetAttribLocation, a read). The projection is a
// constant attribute (glVertexAttrib4f, with its array off) rather than a uniform: a uniform's location
// would have to be read from the linked program.
constexpr GLuint kPosition = 0, kUV = 1, kColor = 2, kProjection = 3;

struct Renderer {
    GLuint program = 0, vertex_array = 0, vertices = 0, indices = 0;
};
Renderer g_renderer;

//-----------------------------------------------------------------------------
// [SECTION] Program
//-----------------------------------------------------------------------------

// The same arithmetic as ImGui's OpenGL3 back end for GLSL ES 3.00 (an orthographic projection of
// ImGui's pixels; colour times texture; highp vertices, mediump fragments), so the pixels are the same.
const char* const kVertexShader = R"(#version 300 es
precision highp float;
layout (location = 0) in vec2 Position;
layout (location = 1) in vec2 UV;
layout (location = 2) in vec4 Color;
layout (location = 3) in vec4 Projection; // scale xy, offset zw
out vec2 Frag_UV;
out vec4 Frag_Color;
void main() {
    Frag_UV = UV;
    Frag_Color = Color;
    gl_Position = vec4(Position * Projection.xy + Projection.zw, 0.0, 1.0);
}
)";

const char* const kFragmentShader = R"(#version 300 es
precision mediump float;
uniform sampler2D Texture; // unit 0, a uniform's initial value: never set
in vec2 Frag_UV;
in vec4 Frag_Color;
layout (location = 0) out vec4 Out_Color;
void main() {
    Out_Color = Frag_Color * texture(Texture, Frag_UV.st);
}
)";

GLuint shader(GLenum kind, const char* source) {
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &source, nullptr);
    glCompileShader(s);
    return s;
}

} // namespace

void render_gl_init(int max_texture_size) {
    ImGuiIO& io = ImGui::GetIO();
    io.BackendRendererName = "folio_webgl2";
    io.BackendFlags |= ImGuiBackendFlags_RendererHasTextures;
    ImGuiPlatformIO& platform = ImGui::GetPlatformIO();
    platform.Renderer_TextureMaxWidth = platform.Renderer_TextureMaxHeight = max_texture_size;
}

void render_gl_create() {
    Renderer& r = g_renderer;
    if (r.program) return;
    // Compiled and linked in the GPU process while the main thread goes on; nothing here waits.
    const GLuint vs = shader(GL_VERTEX_SHADER, kVertexShader), fs = shader(GL_FRAGMENT_SHADER, kFragmentShader);
    r.program = glCreateProgram();
    glAttachShader(r.program, vs);
    glAttachShader(r.program, fs);
    glLinkProgram(r.program);
    glDeleteShader(vs); // freed with the program
    glDeleteShader(fs);

    glGenVertexArrays(1, &r.vertex_array);
    glGenBuffers(1, &r.vertices);
    glGenBuffers(1, &r.indices);
    glBindVertexArray(r.vertex_array);
    glBindBuffer(GL_ARRAY_BUFFER, r.vertices);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, r.indices); // part of the vertex array's state
    const GLsizei stride = sizeof(ImDrawVert);
    glEnableVertexAttribArray(kPosition);
    glEnableVertexAttribArray(kUV);
    glEnableVertexAttribArray(kColor);
    glVertexAttribPointer(kPosition, 2, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(offsetof(ImDrawVert, pos)));
    glVertexAttribPointer(kUV, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offsetof(ImDrawVert, uv)));
    glVertexAttribPointer(kColor, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                          reinterpret_cast<const void*>(offsetof(ImDrawVert, col)));
    glBindVertexArray(0);
}

bool render_gl_linked() {
    if (!g_renderer.program) return false;
    GLint linked = GL_FALSE;
    glGetProgramiv(g_renderer.program, GL_LINK_STATUS, &linked);
    return linked == GL_TRUE;
}

void render_gl_forget() { g_renderer = Renderer{}; }

//-----------------------------------------------------------------------------
// [SECTION] Textures
//-----------------------------------------------------------------------------

namespace {

// ImGui's texture requests (its font atlas: created, grown by rectangles, destroyed). Pixels are RGBA32,
// ImGui's default for a renderer that does not ask for another format.
void update_texture(ImTextureData* tex) {
    if (tex->Status == ImTextureStatus_WantCreate) {
        GLuint id = 0;
        glGenTextures(1, &id);
        glBindTexture(GL_TEXTURE_2D, id);
        // Bilinear: ImGui's anti-aliased lines sample its atlas between texels.
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, tex->Width, tex->Height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                     tex->GetPixels());
        tex->SetTexID(static_cast<ImTextureID>(id));
        tex->SetStatus(ImTextureStatus_OK);
    } else if (tex->Status == ImTextureStatus_WantUpdates) {
        glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(tex->TexID));
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glPixelStorei(GL_UNPACK_ROW_LENGTH, tex->Width); // each rectangle straight from the atlas's rows
        for (const ImTextureRect& r : tex->Updates)
            glTexSubImage2D(GL_TEXTURE_2D, 0, r.x, r.y, r.w, r.h, GL_RGBA, GL_UNSIGNED_BYTE,
                            tex->GetPixelsAt(r.x, r.y));
        glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
        tex->SetStatus(ImTextureStatus_OK);
    } else if (tex->Status == ImTextureStatus_WantDestroy && tex->UnusedFrames > 0) {
        const GLuint id = static_cast<GLuint>(tex->TexID);
        glDeleteTextures(1, &id);
        tex->SetTexID(ImTextureID_Invalid);
        tex->SetStatus(ImTextureStatus_Destroyed);
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Frames
//-----------------------------------------------------------------------------

// Everything a frame relies on, set rather than assumed: images are uploaded from JS between frames
// (main.cpp, js_load_image), which binds textures and sets the unpack alignment.
void set_state(const ImDrawData* dd, int fw, int fh) {
    const Renderer& r = g_renderer;
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_SCISSOR_TEST);
    glViewport(0, 0, fw, fh);
    glUseProgram(r.program);
    glBindVertexArray(r.vertex_array);
    glBindBuffer(GL_ARRAY_BUFFER, r.vertices);
    glActiveTexture(GL_TEXTURE0);
    // ImGui's display rectangle onto clip space, y down.
    const float left = dd->DisplayPos.x, right = left + dd->DisplaySize.x;
    const float top = dd->DisplayPos.y, bottom = top + dd->DisplaySize.y;
    glVertexAttrib4f(kProjection, 2.0f / (right - left), 2.0f / (top - bottom), (right + left) / (left - right),
                     (top + bottom) / (bottom - top));
}

} // namespace

void render_gl_draw(ImDrawData* dd, int fw, int fh, unsigned desk) {
    if (dd->Textures)
        for (ImTextureData* tex : *dd->Textures)
            if (tex->Status != ImTextureStatus_OK) update_texture(tex);
    if (fw <= 0 || fh <= 0 || !g_renderer.program) return;
    glDisable(GL_SCISSOR_TEST); // the whole canvas (the last frame's last scissor is still set)
    glClearColor(static_cast<float>((desk >> IM_COL32_R_SHIFT) & 0xFF) / 255.0f,
                 static_cast<float>((desk >> IM_COL32_G_SHIFT) & 0xFF) / 255.0f,
                 static_cast<float>((desk >> IM_COL32_B_SHIFT) & 0xFF) / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    set_state(dd, fw, fh);

    const ImVec2 clip_off = dd->DisplayPos, clip_scale = dd->FramebufferScale;
    const GLenum index_type = sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
    for (const ImDrawList* list : dd->CmdLists) {
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->VtxBuffer.Size) * sizeof(ImDrawVert),
                     list->VtxBuffer.Data, GL_STREAM_DRAW);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->IdxBuffer.Size) * sizeof(ImDrawIdx),
                     list->IdxBuffer.Data, GL_STREAM_DRAW);
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.UserCallback) {
                if (cmd.UserCallback == ImDrawCallback_ResetRenderState)
                    set_state(dd, fw, fh);
                else
                    cmd.UserCallback(list, &cmd);
                continue;
            }
            // The clip rectangle in framebuffer pixels; GL's scissor counts from the bottom.
            const float x0 = (cmd.ClipRect.x - clip_off.x) * clip_scale.x;
            const float y0 = (cmd.ClipRect.y - clip_off.y) * clip_scale.y;
            const float x1 = (cmd.ClipRect.z - clip_off.x) * clip_scale.x;
            const float y1 = (cmd.ClipRect.w - clip_off.y) * clip_scale.y;
            if (x1 <= x0 || y1 <= y0) continue;
            glScissor(static_cast<GLint>(x0), static_cast<GLint>(fh - y1), static_cast<GLsizei>(x1 - x0),
                      static_cast<GLsizei>(y1 - y0));
            glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(cmd.GetTexID()));
            glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(cmd.ElemCount), index_type,
                           reinterpret_cast<const void*>(static_cast<uintptr_t>(cmd.IdxOffset * sizeof(ImDrawIdx))));
        }
    }
    glBindVertexArray(0);
}

} // namespace folio_web
