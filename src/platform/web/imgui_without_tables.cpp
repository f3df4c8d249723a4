// folio web: Dear ImGui without its tables and legacy columns. The book never begins a table or a columns
// set, so imgui_tables.cpp is left out of the web build (about 20 KB of wasm); imgui.cpp and
// imgui_widgets.cpp still name these functions, for frames that would have tables: here they do nothing,
// and the one called at start (the settings handler) registers nothing.
#include <imgui.h>
#include <imgui_internal.h>

void ImGui::TableSettingsAddSettingsHandler() {}
void ImGui::TableGcCompactSettings() {}
void ImGui::TableGcCompactTransientBuffers(ImGuiTable*) {}
void ImGui::TableGcCompactTransientBuffers(ImGuiTableTempData*) {}
void ImGui::EndTable() {}
void ImGui::TableEndRow(ImGuiTable*) {}
void ImGui::TableEndCell(ImGuiTable*) {}
void ImGui::TablePushBackgroundChannel() {}
void ImGui::TablePopBackgroundChannel() {}
void ImGui::TablePushColumnChannel(int) {}
void ImGui::TablePopColumnChannel() {}
void ImGui::EndColumns() {}
void ImGui::PushColumnsBackground() {}
void ImGui::PopColumnsBackground() {}
