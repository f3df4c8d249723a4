// folio web: the book's WebGL2 renderer for Dear ImGui's draw data.
//
// Why not ImGui's OpenGL3 back end: that back end shares its GL context with an application, so it reads
// the context's state before every frame and puts it back after (sixteen glGet and glIsEnabled calls), and
// at start it reads the GL version and the extensions. In a browser each of those reads is a round trip
// to the GPU process that waits until the GPU process has done everything asked of it before: with WebGL
// on the CPU (SwiftShader) the first frame's reads waited 20-50 ms for the canvas's new drawing buffer and
// the atlas upload, on the main thread. The book owns its context, so this renderer sets the state it
// needs and never reads any: a frame only queues work. The one read, whether the shaders linked, is made
// once, when the GPU process has caught up (web/start.js's fence), where it does not wait.
//
//   render_gl_create()   the program, vertex array and buffers (queued, nothing read)
//   render_gl_linked()   whether the program linked (a read: call it once the GPU has caught up)
//   render_gl_draw()     one frame: textures ImGui asked for, the desk colour, then every draw command
//   render_gl_forget()   after a lost context: every GL name is gone
#pragma once

struct ImDrawData;

namespace folio_web {

// Declares to ImGui what the renderer does (textures on request; 16-bit indices without a base vertex,
// which WebGL2 lacks) and the largest texture, which the caller reads from the context.
void render_gl_init(int max_texture_size);
void render_gl_create();
bool render_gl_linked();
void render_gl_draw(ImDrawData* draw_data, int framebuffer_width, int framebuffer_height, unsigned desk_colour);
void render_gl_forget();

} // namespace folio_web
