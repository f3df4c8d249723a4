// folio ui: the colour bitmap loader. See emoji_loader.h.
#include "ui/emoji_loader.h"

#include <imgui_internal.h> // ImFontLoader, the atlas's packing

#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/fonts/color_glyphs.h"
#include "core/fonts/face_metrics.h"
#include "core/fonts/font_partial.h"

namespace folio {

namespace {

struct EmojiSource {
    std::string_view font;
    float scale = 0; // font units to pixels at ImGui size 1 (ImGui sizes a face by its glyph box)
};

std::string_view font_of(const ImFontConfig* src) {
    return std::string_view(static_cast<const char*>(src->FontData), static_cast<size_t>(src->FontDataSize));
}

bool source_init(ImFontAtlas*, ImFontConfig* src) {
    const std::string_view font = font_of(src);
    VerticalMetrics v;
    if (!is_color_bitmap_face(font) || !vertical_metrics(font.data(), font.size(), v)) return false;
    const float box = (v.ascender - v.descender) / v.units_per_em; // in ems
    if (!(box > 0)) return false;
    auto* data = IM_NEW(EmojiSource)();
    data->font = font;
    data->scale = 1.0f / (box * v.units_per_em);
    // Merged, a source is sized relative to its font's first (as stb_truetype's loader does).
    const float ref = src->DstFont->Sources[0]->SizePixels;
    if (src->MergeMode && src->SizePixels == 0.0f) src->SizePixels = ref;
    if (src->MergeMode && src->SizePixels != 0.0f && ref != 0.0f) data->scale *= src->SizePixels / ref;
    src->FontLoaderData = data;
    return true;
}

void source_destroy(ImFontAtlas*, ImFontConfig* src) {
    IM_DELETE(static_cast<EmojiSource*>(src->FontLoaderData));
    src->FontLoaderData = nullptr;
}

bool contains(ImFontAtlas*, ImFontConfig* src, ImWchar c) {
    const auto* data = static_cast<const EmojiSource*>(src->FontLoaderData);
    return data && glyph_of(data->font, c) != 0;
}

bool baked_init(ImFontAtlas*, ImFontConfig*, ImFontBaked*, void*) { return true; }
void baked_destroy(ImFontAtlas*, ImFontConfig*, ImFontBaked*, void*) {}

// Scales straight-alpha RGBA down (or up) by area, weighting colour by alpha: no dark fringe at the edge.
void resample(const unsigned char* in, int iw, int ih, unsigned char* out, int ow, int oh) {
    const float sx = static_cast<float>(iw) / ow, sy = static_cast<float>(ih) / oh;
    for (int y = 0; y < oh; ++y)
        for (int x = 0; x < ow; ++x) {
            const int x0 = static_cast<int>(x * sx), x1 = std::max(x0 + 1, static_cast<int>((x + 1) * sx));
            const int y0 = static_cast<int>(y * sy), y1 = std::max(y0 + 1, static_cast<int>((y + 1) * sy));
            float r = 0, g = 0, b = 0, a = 0;
            int n = 0;
            for (int yy = y0; yy < std::min(y1, ih); ++yy)
                for (int xx = x0; xx < std::min(x1, iw); ++xx) {
                    const unsigned char* p = in + 4 * (yy * iw + xx);
                    const float pa = p[3] / 255.0f;
                    r += p[0] * pa, g += p[1] * pa, b += p[2] * pa, a += pa;
                    ++n;
                }
            unsigned char* o = out + 4 * (y * ow + x);
            if (n == 0 || a <= 0) {
                std::memset(o, 0, 4);
                continue;
            }
            o[0] = static_cast<unsigned char>(std::lround(r / a));
            o[1] = static_cast<unsigned char>(std::lround(g / a));
            o[2] = static_cast<unsigned char>(std::lround(b / a));
            o[3] = static_cast<unsigned char>(std::lround(255.0f * a / n));
        }
}

bool load_glyph(ImFontAtlas* atlas, ImFontConfig* src, ImFontBaked* baked, void*, ImWchar c, ImFontGlyph* out_glyph,
                float* out_advance_x) {
    const auto* data = static_cast<const EmojiSource*>(src->FontLoaderData);
    const uint32_t glyph = data ? glyph_of(data->font, c) : 0;
    int advance = 0, units_per_em = 0;
    if (glyph == 0 || !glyph_advance(data->font, glyph, advance, units_per_em)) return false;
    const float scale = data->scale * baked->Size; // font units to pixels
    if (out_advance_x) {                           // measuring only
        *out_advance_x = advance * scale;
        return true;
    }
    out_glyph->Codepoint = c;
    out_glyph->AdvanceX = advance * scale;
    ColorGlyph bitmap;
    int iw = 0, ih = 0, channels = 0;
    if (!color_glyph(data->font, glyph, bitmap)) return true; // nothing to draw: the advance only
    unsigned char* pixels = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(bitmap.png.data()),
                                                  static_cast<int>(bitmap.png.size()), &iw, &ih, &channels, 4);
    if (!pixels) return true;
    // Strike pixels to the pixels drawn: the strike's em to the face's em at this size, at the density drawn.
    const float em = scale * units_per_em;
    const float density = src->RasterizerDensity * baked->RasterizerDensity;
    const float k = em / bitmap.ppem;
    const int w = std::max(1, static_cast<int>(std::lround(iw * k * density)));
    const int h = std::max(1, static_cast<int>(std::lround(ih * k * density)));
    const ImFontAtlasRectId pack = ImFontAtlasPackAddRect(atlas, w, h);
    if (pack == ImFontAtlasRectId_Invalid) {
        stbi_image_free(pixels);
        return false;
    }
    ImTextureRect* r = ImFontAtlasPackGetRect(atlas, pack);
    std::vector<unsigned char> scaled(static_cast<size_t>(w) * h * 4);
    resample(pixels, iw, ih, scaled.data(), w, h);
    stbi_image_free(pixels);
    const float top = std::round(baked->Ascent) - bitmap.bearing_y * k; // the baseline, as stb_truetype's glyphs
    out_glyph->X0 = bitmap.bearing_x * k;
    out_glyph->Y0 = top;
    out_glyph->X1 = out_glyph->X0 + w / density;
    out_glyph->Y1 = top + h / density;
    out_glyph->Visible = true;
    out_glyph->Colored = true;
    out_glyph->PackId = pack;
    ImFontAtlasBakedSetFontGlyphBitmap(atlas, baked, src, out_glyph, r, scaled.data(), ImTextureFormat_RGBA32, w * 4);
    return true;
}

} // namespace

bool is_color_bitmap_face(std::string_view font) {
    std::string_view glyf;
    return has_color_bitmaps(font) && !font_table(font.data(), font.size(), "glyf", glyf);
}

const ImFontLoader* emoji_font_loader() {
    static ImFontLoader loader = [] {
        ImFontLoader l;
        l.Name = "folio-color-bitmaps";
        l.FontSrcInit = source_init;
        l.FontSrcDestroy = source_destroy;
        l.FontSrcContainsGlyph = contains;
        l.FontBakedInit = baked_init;
        l.FontBakedDestroy = baked_destroy;
        l.FontBakedLoadGlyph = load_glyph;
        return l;
    }();
    return &loader;
}

} // namespace folio
