// folio ui: fonts. See fonts.h.
#include "ui/fonts.h"

#include <imgui_internal.h> // ImTextCharFromUtf8

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cstring>
#include <string>

#include "core/fonts/face_metrics.h"
#include "core/text/text.h"
#include "ui/emoji_loader.h"

namespace folio {

bool Fonts::complete() const {
    for (int i = 0; i < kFaceCount; ++i)
        if (!face[i] || partial[i]) return false;
    return true;
}

// White space draws nothing in any face; a partial need not have it.
static bool blank(unsigned c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0xA0 || (c >= 0x2000 && c <= 0x200B) ||
           c == 0x202F || c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

static bool source_has(const ImFont* font, int source, unsigned c) {
    const ImFontConfig* src = font->Sources[source];
    const ImFontLoader* loader = src->FontLoader ? src->FontLoader : font->ContainerAtlas->FontLoader;
    return loader->FontSrcContainsGlyph(font->ContainerAtlas, const_cast<ImFontConfig*>(src), static_cast<ImWchar>(c));
}

// A character of a partial face's ImFont that a script face behind it draws: the partial itself does not
// map it (a partial maps all the face maps, drawing only draws_chars), one of the merged sources does.
static bool script_draws(const ImFont* font, unsigned c) {
    if (c > 0xFFFF || font->Sources.Size < 2 || source_has(font, 0, c)) return false;
    for (int k = 1; k < font->Sources.Size; ++k)
        if (source_has(font, k, c)) return true;
    return false;
}

// Calls found(wanted) for each character of the text whose slice has not arrived, until it returns false.
template <typename Found>
static void each_missing_slice(const Fonts& fonts, const char* begin, const char* end, Found found) {
    if (fonts.pending_slices == 0) return;
    const std::vector<ScriptFace>& scripts = fonts.scripts;
    for (const char* s = begin; s < end;) {
        unsigned c = static_cast<unsigned char>(*s);
        if (c < 0x80) { // never in a script face: the book's faces hold ASCII
            ++s;
            continue;
        }
        s += ImTextCharFromUtf8(&c, s, end);
        for (size_t k = 0; k < scripts.size(); ++k) {
            const int slice = scripts[k].sliced() ? scripts[k].slice_map.slice_of(c) : -1;
            if (slice < 0) continue;
            if (!scripts[k].has_slice(static_cast<size_t>(slice)) && !found(SliceWanted{static_cast<int>(k), slice}))
                return;
            break;
        }
    }
}

void Fonts::missing_slices(const char* begin, const char* end, std::vector<SliceWanted>& out) const {
    each_missing_slice(*this, begin, end, [&out](SliceWanted w) {
        if (std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
        return true;
    });
}

bool Fonts::draws(Face f, const char* begin, const char* end) const {
    const int i = static_cast<int>(f);
    if (!face[i]) return false;
    bool missing = false;
    each_missing_slice(*this, begin, end, [&missing](SliceWanted) { return !(missing = true); });
    if (missing) return false;
    if (!partial[i]) return true;
    for (const char* s = begin; s < end;) {
        unsigned c = static_cast<unsigned char>(*s);
        s += c < 0x80 ? 1 : ImTextCharFromUtf8(&c, s, end);
        if (!blank(c) && !in_ranges(draws_chars[i], c) && !script_draws(face[i], c)) return false;
    }
    return true;
}

bool Fonts::measurable() const {
    for (int i = 0; i < kFaceCount; ++i)
        if (!face[i] && !metrics[i]) return false;
    return true;
}

static bool looks_like_font(const void* data, size_t size) {
    if (size < 12) return false;
    const auto* b = static_cast<const unsigned char*>(data);
    return (b[0] == 0 && b[1] == 1 && b[2] == 0 && b[3] == 0) || std::memcmp(b, "OTTO", 4) == 0 ||
           std::memcmp(b, "true", 4) == 0;
}

float glyph_box_per_em(const void* data, size_t size) {
    VerticalMetrics v;
    if (!looks_like_font(data, size) || !vertical_metrics(data, size, v)) return 0;
    return (v.ascender - v.descender) / v.units_per_em;
}

// ImGui sizes a merged source relative to its font's first source: scale times SizePixels over the first
// source's SizePixels (stb_truetype loader, FontSrcInit). The faces are added at size 0 (sizes are chosen
// per draw call), which turns that off; this reference size, set on the face's own source once it is
// added, turns it on. Nothing else reads it: our sources have no glyph offsets or advance limits.
constexpr float kMergeReferenceSize = 100.0f;

// Merges the script faces into the font just added (MergeMode merges into the atlas's last font). Each is
// scaled so that its em is the face's em: ImGui scales a source by its glyph box (ascender - descender),
// and the script faces' boxes are not the face's (Noto Serif CJK 1.437 em, Noto Serif 1.362 em).
// An atlas source's name (ImGui's, for its tools and messages).
static void name_font(ImFontConfig& cfg, const std::string& name) {
    const size_t n = std::min(name.size(), sizeof cfg.Name - 1);
    std::memcpy(cfg.Name, name.data(), n);
    cfg.Name[n] = '\0';
}

static void merge_scripts(const Fonts& fonts, ImFont* font, float face_box_per_em, int i) {
    if (fonts.scripts.empty()) return;
    font->Sources[0]->SizePixels = kMergeReferenceSize;
    int k = 0;
    auto merge = [&](const std::string& bytes, float box_per_em, int slice) {
        ImFontConfig cfg;
        cfg.MergeMode = true;
        cfg.FontDataOwnedByAtlas = false; // ImGui copies it
        cfg.PixelSnapH = false;
        name_font(cfg, "folio-script-" + std::to_string(k) + "-" + std::to_string(slice) + "-" + std::to_string(i));
        // A colour bitmap face (the emoji) through folio's own loader; outlines through stb_truetype.
        if (is_color_bitmap_face(bytes)) cfg.FontLoader = emoji_font_loader();
        void* data = const_cast<char*>(bytes.data());
        ImGui::GetIO().Fonts->AddFontFromMemoryTTF(data, static_cast<int>(bytes.size()),
                                                   kMergeReferenceSize * box_per_em / face_box_per_em, &cfg);
    };
    for (const ScriptFace& script : fonts.scripts) {
        // A sliced face's slices first: the stand-in behind them maps every character, without ink.
        for (size_t s = 0; s < script.slices.size(); ++s)
            if (script.slices[s]) merge(*script.slices[s], script.box_per_em, static_cast<int>(s));
        merge(*script.bytes, script.box_per_em, -1);
        ++k;
    }
}

static ImFont* add_to_atlas(Fonts& fonts, int i, void* data, size_t size, const char* name) {
    if (i < 0 || i >= kFaceCount || !looks_like_font(data, size)) return nullptr;
    const float ratio = glyph_box_per_em(data, size);
    if (ratio <= 0) return nullptr;
    fonts.box_per_em[i] = ratio;
    ImFontConfig cfg;
    cfg.FontDataOwnedByAtlas = true;
    // No hinting snaps in stb_truetype anyway; keep advances fractional so widths scale linearly
    // with size, which keeps the core's layout (measured at one size) true at every zoom.
    cfg.PixelSnapH = false;
    name_font(cfg, std::string(name) + "-" + std::to_string(i));
    ImFont* font = ImGui::GetIO().Fonts->AddFontFromMemoryTTF(data, static_cast<int>(size), 0.0f, &cfg);
    if (font) merge_scripts(fonts, font, ratio, i);
    return font;
}

// The same face again, as a new ImFont with every script face behind it (the atlas's old one stays, unused,
// as a face replaced by its whole does).
static ImFont* add_again(Fonts& fonts, int i, const ImFont* old, const char* name) {
    const ImFontConfig* src = old->Sources[0];
    void* data = IM_ALLOC(static_cast<size_t>(src->FontDataSize));
    std::memcpy(data, src->FontData, static_cast<size_t>(src->FontDataSize));
    ImFont* font = add_to_atlas(fonts, i, data, static_cast<size_t>(src->FontDataSize), name);
    if (!font) IM_FREE(data);
    return font;
}

// Every face again with the script faces as they are now behind it. The old fonts go (removing=true): a
// sliced face's slices arrive one by one, and each arrival would otherwise leave ten fonts in the atlas.
static void merge_again(Fonts& fonts, bool removing) {
    for (int i = 0; i < kFaceCount; ++i) {
        for (ImFont** slot : {&fonts.face[i], &fonts.metrics[i]}) {
            ImFont* old = *slot;
            if (!old) continue;
            const char* name = slot == &fonts.metrics[i] ? "folio-metrics"
                               : fonts.partial[i]        ? "folio-partial"
                                                         : "folio-face";
            if (ImFont* f = add_again(fonts, i, old, name)) {
                *slot = f;
                if (removing) ImGui::GetIO().Fonts->RemoveFont(old);
            }
        }
    }
}

bool add_script_font(Fonts& fonts, const void* data, size_t size) {
    const float ratio = looks_like_font(data, size) ? glyph_box_per_em(data, size) : 0;
    if (ratio <= 0) return false;
    std::string_view table;
    if (font_table(data, size, "FOLc", table) && !add_clusters(table, fonts.clusters))
        std::fprintf(stderr, "folio: a script face's FOLc table is malformed; its clusters are drawn unshaped\n");
    ScriptFace face{std::make_shared<const std::string>(static_cast<const char*>(data), size), ratio, {}, {}};
    if (read_slice_map(data, size, face.slice_map)) {
        face.slices.resize(face.slice_map.slices);
        fonts.pending_slices += face.slice_map.slices;
    }
    fonts.scripts.push_back(std::move(face));
    merge_again(fonts, false);
    return true;
}

bool add_script_slice(Fonts& fonts, size_t script, size_t slice, const void* data, size_t size) {
    if (script >= fonts.scripts.size() || !fonts.scripts[script].sliced() ||
        slice >= fonts.scripts[script].slices.size() || !looks_like_font(data, size) ||
        glyph_box_per_em(data, size) <= 0)
        return false;
    ScriptFace& face = fonts.scripts[script];
    if (face.slices[slice]) return true;
    face.slices[slice] = std::make_shared<const std::string>(static_cast<const char*>(data), size);
    --fonts.pending_slices;
    merge_again(fonts, true);
    return true;
}

bool add_font(Fonts& fonts, Face face, void* data, size_t size) {
    const int i = static_cast<int>(face);
    ImFont* f = add_to_atlas(fonts, i, data, size, "folio-face");
    if (!f) return false;
    fonts.face[i] = f;
    fonts.partial[i] = false;
    fonts.draws_chars[i].clear();
    return true;
}

bool add_font_partial(Fonts& fonts, Face face, void* data, size_t size) {
    const int i = static_cast<int>(face);
    std::vector<CodeRange> ranges;
    if (i < 0 || i >= kFaceCount || !partial_font_ranges(data, size, ranges)) return false;
    ImFont* f = add_to_atlas(fonts, i, data, size, "folio-partial");
    if (!f) return false;
    fonts.face[i] = f;
    fonts.partial[i] = true;
    fonts.draws_chars[i] = std::move(ranges);
    return true;
}

bool add_font_metrics(Fonts& fonts, Face face, void* data, size_t size) {
    const int i = static_cast<int>(face);
    ImFont* f = add_to_atlas(fonts, i, data, size, "folio-metrics");
    if (f) fonts.metrics[i] = f;
    return f != nullptr;
}

float ImGuiMeasurer::width(Face face, float size, const char* begin, const char* end) {
    ImFont* f = fonts ? fonts->measuring(face) : nullptr;
    if (!f) return size * 0.5f * static_cast<float>(end - begin);
    // Measuring loads each glyph's advance only, not its bitmap: the layout measures a whole book at page
    // sizes that are rarely the sizes drawn (page units times the scale and the pixel ratio), and
    // rasterising and packing every glyph of it made the first layout slow and the first atlas large. The
    // advance is the same number either way (stb_truetype's hmtx advance times the scale).
    f->GetFontBaked(size)->LoadNoRenderOnLayout = 1;
    // A character the face lacks is drawn as its fallback (U+FFFD), but in advance-only loading ImGui
    // measures it as 0 wide: measure the fallback in its place, or a line of them runs off the page.
    for (const char* s = begin; s < end;) {
        unsigned int c = static_cast<unsigned char>(*s);
        if (c < 0x80) { // the subset fonts always hold ASCII
            ++s;
            continue;
        }
        s += ImTextCharFromUtf8(&c, s, end);
        if (f->IsGlyphInFont(static_cast<ImWchar>(c))) continue;
        std::string drawn;
        for (const char* t = begin; t < end;) {
            unsigned int d = static_cast<unsigned char>(*t);
            const char* at = t;
            t += d < 0x80 ? 1 : ImTextCharFromUtf8(&d, t, end);
            if (d < 0x80 || f->IsGlyphInFont(static_cast<ImWchar>(d)))
                drawn.append(at, t);
            else
                utf8_append(drawn, f->FallbackChar);
        }
        return f->CalcTextSizeA(size, FLT_MAX, 0.0f, drawn.data(), drawn.data() + drawn.size()).x;
    }
    return f->CalcTextSizeA(size, FLT_MAX, 0.0f, begin, end).x;
}

} // namespace folio
