// folio's Dear ImGui configuration (included by imgui.h through IMGUI_USER_CONFIG).
#pragma once

// We draw a book, not tools: no demo windows, no debug tools, no obsolete API.
#define IMGUI_DISABLE_DEMO_WINDOWS
#define IMGUI_DISABLE_DEBUG_TOOLS
#define IMGUI_DISABLE_OBSOLETE_FUNCTIONS
// Fonts always come from Debian font packages (subset at build time); the built-in bitmap font is
// never shown, so leave it out (~9.5 KB).
#define IMGUI_DISABLE_DEFAULT_FONT

#ifdef __EMSCRIPTEN__
// The browser has no files (the wasm is built without a file system): no .ini, no log files.
#define IMGUI_DISABLE_FILE_FUNCTIONS
// ImGui reports a misuse of its API (an End() too many, ...) with a message and a recovery. The book's
// calls are checked by the native tests, which keep the default; in the browser, the messages and the
// reporting are bytes every visitor downloads for an error that cannot reach them.
#define IM_ASSERT_USER_ERROR(_EXPR, _MSG) ((void)0)
#endif
