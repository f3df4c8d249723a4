// folio ui: headless ImGui. See headless.h.
#include "ui/headless.h"

#include "ui/frame.h"

#include <cstdio>
#include <fstream>

namespace folio {

const char* const kFontFiles[kFaceCount] = {"serif-regular.ttf", "serif-italic.ttf", "serif-bold.ttf",
                                            "serif-bolditalic.ttf", "mono-regular.ttf"};

HeadlessImGui::HeadlessImGui() {
    ctx = ImGui::CreateContext();
    ImGui::SetCurrentContext(ctx); // CreateContext keeps a previous context current
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    // Pretend to be a 1.92 renderer: glyphs are baked on demand into textures we "upload" in end_frame.
    io.BackendFlags |= ImGuiBackendFlags_RendererHasTextures;
    io.DisplaySize = ImVec2(1280, 800);
}

HeadlessImGui::~HeadlessImGui() { ImGui::DestroyContext(ctx); }

void HeadlessImGui::begin_frame(float width, float height, float dt) {
    ImGui::SetCurrentContext(ctx);
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(width, height);
    io.DeltaTime = dt > 0 ? dt : 1.0f / 60.0f;
    ImGui::NewFrame();
}

void HeadlessImGui::end_frame() {
    ImGui::Render();
    acknowledge_textures();
}

void HeadlessImGui::acknowledge_textures() {
    for (ImTextureData* tex : frame_textures()) {
        if (tex->Status == ImTextureStatus_WantCreate) {
            tex->SetTexID(static_cast<ImTextureID>(1));
            tex->SetStatus(ImTextureStatus_OK);
        } else if (tex->Status == ImTextureStatus_WantUpdates) {
            tex->SetStatus(ImTextureStatus_OK);
        } else if (tex->Status == ImTextureStatus_WantDestroy && tex->UnusedFrames > 0) {
            tex->SetTexID(ImTextureID_Invalid);
            tex->SetStatus(ImTextureStatus_Destroyed);
        }
    }
}

const char* const kDebianFontFiles[kFaceCount] = {
    "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSerif-Italic.ttf",
    "/usr/share/fonts/truetype/noto/NotoSerif-Bold.ttf", "/usr/share/fonts/truetype/noto/NotoSerif-BoldItalic.ttf",
    "/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Regular.ttf"};

std::vector<std::string> script_font_files(const std::string& dir) {
    std::vector<std::string> files;
    std::ifstream list(dir + "/scripts.txt");
    for (std::string line; std::getline(list, line);)
        if (!line.empty()) files.push_back(line);
    return files;
}

bool load_fonts_from_dir(Fonts& fonts, const std::string& dir, std::string& error) {
    // The script faces first: each face added after them has them merged behind it at once.
    for (const std::string& file : script_font_files(dir)) {
        const std::string path = dir + "/" + file;
        std::ifstream in(path, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (!in.good() && !in.eof()) {
            error = "cannot read font " + path;
            return false;
        }
        if (bytes.empty()) {
            error = "cannot open font " + path + " (listed in " + dir + "/scripts.txt)";
            return false;
        }
        if (!add_script_font(fonts, bytes.data(), bytes.size())) {
            error = "not a usable font: " + path;
            return false;
        }
    }
    std::string paths[kFaceCount];
    for (int i = 0; i < kFaceCount; ++i)
        paths[i] = dir + "/" + kFontFiles[i];
    return load_fonts_from_files(fonts, paths, error);
}

bool load_fonts_from_files(Fonts& fonts, const std::string (&paths)[kFaceCount], std::string& error) {
    for (int i = 0; i < kFaceCount; ++i) {
        const std::string& path = paths[i];
        FILE* f = std::fopen(path.c_str(), "rb");
        if (!f) {
            error = "cannot open font " + path;
            return false;
        }
        std::fseek(f, 0, SEEK_END);
        long size = std::ftell(f);
        std::fseek(f, 0, SEEK_SET);
        void* data = IM_ALLOC(static_cast<size_t>(size > 0 ? size : 1));
        size_t got = size > 0 ? std::fread(data, 1, static_cast<size_t>(size), f) : 0;
        std::fclose(f);
        if (size <= 0 || got != static_cast<size_t>(size) || !add_font(fonts, static_cast<Face>(i), data, got)) {
            IM_FREE(data);
            error = "not a usable font: " + path;
            return false;
        }
    }
    return true;
}

} // namespace folio
