// folio ui: the early page's measuring. See proof_measure.h.
#include "ui/proof_measure.h"

#include <imgui_internal.h> // ImTextCharFromUtf8: the decoding CalcTextSizeA does

#include <algorithm>

namespace folio {

ProofMeasurers::ProofMeasurers(Fonts& fonts) : fonts_(fonts) { imgui_.fonts = &fonts_; }

ProofMeasuring ProofMeasurers::measuring() {
    return {fonts_.box_per_em[static_cast<int>(Face::Serif)], [this]() -> Measurer& { return for_this_thread(); }};
}

Measurer& ProofMeasurers::for_this_thread() {
    std::lock_guard<std::mutex> lock(measurers_mutex_);
    std::unique_ptr<Advances>& m = measurers_[std::this_thread::get_id()];
    if (!m) {
        m = std::make_unique<Advances>();
        m->imgui = &imgui_;
        m->imgui_mutex = &imgui_mutex_;
    }
    return *m;
}

float ProofMeasurers::Advances::width(Face face, float size, const char* begin, const char* end) {
    const ImFont* font = imgui->fonts ? imgui->fonts->measuring(face) : nullptr;
    if (!font) return imgui->width(face, size, begin, end);
    const float baked = static_cast<float>(static_cast<int>(size + 0.5f)); // ImFont::GetFontBaked's (IM_ROUND)
    const int key = static_cast<int>(face) << 16 | static_cast<int>(baked);
    if (key != last_key) { // a run of one face and size asks many times over: one look-up for all of them
        last_table = &tables[key];
        last_key = key;
    }
    std::vector<float>& advance = *last_table;
    const float scale = size / baked;
    float widest = 0, line = 0;
    for (const char* s = begin; s < end;) {
        unsigned int c = static_cast<unsigned char>(*s);
        const char* at = s;
        s += c < 0x80 ? 1 : ImTextCharFromUtf8(&c, s, end);
        if (c == '\n') { // CalcTextSizeA's lines (the layout measures none, but the width stays ImGui's)
            widest = std::max(widest, line);
            line = 0;
            continue;
        }
        if (c == '\r') continue;
        if (c >= advance.size()) advance.resize(std::max<size_t>(c + 1, 256), -1.0f);
        if (advance[c] < 0) { // ImGui's own answer for the one character at the baked size: its advance
            std::lock_guard<std::mutex> lock(*imgui_mutex);
            advance[c] = imgui->width(face, baked, at, s);
        }
        line += advance[c] * scale;
    }
    return std::max(widest, line);
}

} // namespace folio
