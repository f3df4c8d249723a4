// folio ui: the early page's measuring (core/site/proof.h: ProofMeasuring) with the book's ImGui fonts.
//
// Measures as ImGuiMeasurer does, to the bit, without ImGui in the loop: a width is the sum of each
// character's advance at the rounded ("baked") size times size / baked size, in ImGui's order
// (ImFont::CalcTextSizeA). Each advance is asked of ImGui once per thread, face and baked size, under the
// lock (ImGui's context is one for all); every other width is a table look-up per character, so the
// layouts on every core never wait for one another.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/site/proof.h"
#include "ui/fonts.h"

namespace folio {

class ProofMeasurers {
public:
    explicit ProofMeasurers(Fonts& fonts);
    // What ProofMaker measures with: the body face's glyph box, and this object's measurer per thread.
    ProofMeasuring measuring();

private:
    struct Advances : Measurer {
        ImGuiMeasurer* imgui = nullptr;
        std::mutex* imgui_mutex = nullptr;
        std::unordered_map<int, std::vector<float>> tables; // by face and baked size: advance per code point
        int last_key = -1;                                  // the table asked for last (its node never moves)
        std::vector<float>* last_table = nullptr;
        float width(Face face, float size, const char* begin, const char* end) override;
        const GlyphClusters* clusters() const override { return imgui->clusters(); }
    };
    Measurer& for_this_thread();
    Fonts& fonts_;
    ImGuiMeasurer imgui_;
    std::mutex imgui_mutex_;
    std::mutex measurers_mutex_;
    std::map<std::thread::id, std::unique_ptr<Advances>> measurers_;
};

} // namespace folio
