// folio's Dear ImGui configuration (included by imgui.h through IMGUI_USER_CONFIG).
#pragma once

// We draw a book, not tools: no demo windows, no debug tools, no obsolete API.
#define IMGUI_DISABLE_DEMO_WINDOWS
#define IMGUI_DISABLE_DEBUG_TOOLS
#define IMGUI_DISABLE_OBSOLETE_FUNCTIONS
// Fonts always come from Debian font packages (subset at build time); the built-in bitmap font is
// never shown, so leave it out (~9.5 KB).
#define IMGUI_DISABLE_DEFAULT_FONT
