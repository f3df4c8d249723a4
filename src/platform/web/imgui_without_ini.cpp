// folio web: Dear ImGui without its .ini file. The book keeps no window settings (main.cpp sets
// io.IniFilename to null and nothing loads settings from memory), but the settings handler imgui.cpp
// registers at start reads lines with sscanf, and that links the C library's whole scanf, with its float
// and long double parsing (about 7 KB gzip of wasm). Nothing else in the web build scans text
// (core/site_reader.h parses its own numbers), so here sscanf matches nothing, as for an unknown line.
extern "C" int sscanf(const char*, const char*, ...) { return 0; }
