// folio ui: themes. See theme.h.
#include "ui/theme.h"

#include <cmath>
#include <initializer_list>

namespace folio {

static ImU32 rgb(unsigned hex, unsigned alpha = 255) {
    return IM_COL32((hex >> 16) & 0xFF, (hex >> 8) & 0xFF, hex & 0xFF, alpha);
}

// Keyword, type, string, number, comment, function, operator, preprocessor, added, removed: the same
// colours web/folio.css gives the static page's .tok-* spans. Each meets AA on the code panel.
static void set_code_inks(Theme& t, std::initializer_list<unsigned> hex) {
    int i = static_cast<int>(Ink::CodeKeyword);
    for (unsigned h : hex)
        t.ink[i++] = rgb(h);
}

Theme theme_light() {
    Theme t;
    t.dark = false;
    t.desk = rgb(0xE7E1D6);
    t.paper = rgb(0xFCFAF5);
    t.shadow = rgb(0x5A4A32, 40);
    t.ink[0] = rgb(0x1F1B16); // text
    t.ink[1] = rgb(0x5F574C); // muted
    t.ink[2] = rgb(0x6E4B12); // accent
    t.ink[3] = rgb(0x8C2F12); // link
    t.ink[4] = rgb(0xCFC5B3); // rule
    t.ink[5] = rgb(0xF1ECE2); // code panel
    set_code_inks(t,
                  {0x7A2E8A, 0x1F5F7A, 0x3A6B1E, 0x98460A, 0x655D52, 0x2450A0, 0x4A4440, 0x8A3A2A, 0x2F6B2F, 0xA3262A});
    t.ink[static_cast<int>(Ink::Mark)] = rgb(0xF6E27A); // a highlighter pen; text stays ink on it
    t.focus = rgb(0x1C5FB8);
    return t;
}

Theme theme_dark() {
    Theme t;
    t.dark = true;
    t.desk = rgb(0x121110);
    t.paper = rgb(0x1F1D1A);
    t.shadow = rgb(0x000000, 90);
    t.ink[0] = rgb(0xE9E3D7);
    t.ink[1] = rgb(0xAAA192);
    t.ink[2] = rgb(0xD9B66E);
    t.ink[3] = rgb(0xEE9F74);
    t.ink[4] = rgb(0x4B453C);
    t.ink[5] = rgb(0x2A2824);
    set_code_inks(t,
                  {0xD7A6E8, 0x8FCFE0, 0xB5D98C, 0xF0B27A, 0xA89F90, 0x9DBEF5, 0xCFC6B8, 0xE8A090, 0x9ED69E, 0xF09A9A});
    t.ink[static_cast<int>(Ink::Mark)] = rgb(0x5E4E12);
    t.focus = rgb(0x7FB2FF);
    return t;
}

static float luminance(ImU32 c) {
    auto channel = [](unsigned v) {
        float s = static_cast<float>(v) / 255.0f;
        return s <= 0.03928f ? s / 12.92f : std::pow((s + 0.055f) / 1.055f, 2.4f);
    };
    return 0.2126f * channel((c >> IM_COL32_R_SHIFT) & 0xFF) + 0.7152f * channel((c >> IM_COL32_G_SHIFT) & 0xFF) +
           0.0722f * channel((c >> IM_COL32_B_SHIFT) & 0xFF);
}

float contrast_ratio(ImU32 a, ImU32 b) {
    float la = luminance(a), lb = luminance(b);
    if (la < lb) std::swap(la, lb);
    return (la + 0.05f) / (lb + 0.05f);
}

} // namespace folio
