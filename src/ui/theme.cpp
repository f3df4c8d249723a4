// folio ui: themes. See theme.h.
#include "ui/theme.h"

#include "core/text/numbers.h"

#include <cmath>
#include <initializer_list>
#include <iterator>

namespace folio {

static ImU32 rgb(unsigned hex, unsigned alpha = 255) {
    return IM_COL32((hex >> 16) & 0xFF, (hex >> 8) & 0xFF, hex & 0xFF, alpha);
}

static ImU32 with_alpha(ImU32 c, unsigned alpha) { return (c & ~IM_COL32_A_MASK) | (alpha << IM_COL32_A_SHIFT); }

// Keyword, type, string, number, comment, function, operator, preprocessor, added, removed; the static
// page's .tok-* spans get the same (palette_css). Each meets AA on the code panel.
static void set_code_inks(Theme& t, std::initializer_list<unsigned> hex) {
    int i = static_cast<int>(Ink::CodeKeyword);
    for (unsigned h : hex)
        t.ink[i++] = rgb(h);
}

static void set_inks(Theme& t, std::initializer_list<unsigned> hex) {
    int i = 0;
    for (unsigned h : hex)
        t.ink[i++] = rgb(h);
}

Theme theme_light() {
    Theme t;
    t.dark = false;
    t.desk = rgb(0xE7E1D6);
    t.paper = rgb(0xFCFAF5);
    t.shadow = rgb(0x5A4A32, 40);
    t.gutter = rgb(0x3C280A, 22);
    // text, muted, accent, link, rule, code panel
    set_inks(t, {0x1F1B16, 0x5F574C, 0x6E4B12, 0x8C2F12, 0xCFC5B3, 0xF1ECE2});
    set_code_inks(t,
                  {0x7A2E8A, 0x1F5F7A, 0x3A6B1E, 0x98460A, 0x655D52, 0x2450A0, 0x4A4440, 0x8A3A2A, 0x2F6B2F, 0xA3262A});
    t.ink[static_cast<int>(Ink::Mark)] = rgb(0xF6E27A); // a highlighter pen; text stays ink on it
    t.mark_text = t.ink[0];
    t.focus = rgb(0x1C5FB8);
    t.selection = with_alpha(t.ink_of(Ink::Accent), 66);
    t.find_all = IM_COL32(255, 214, 102, 120);
    t.find_current = IM_COL32(255, 158, 28, 200);
    t.find_edge = IM_COL32(190, 96, 0, 230);
    return t;
}

Theme theme_dark() {
    Theme t;
    t.dark = true;
    t.desk = rgb(0x121110);
    t.paper = rgb(0x1F1D1A);
    t.shadow = rgb(0x000000, 90);
    t.gutter = rgb(0x000000, 70);
    set_inks(t, {0xE9E3D7, 0xAAA192, 0xD9B66E, 0xEE9F74, 0x4B453C, 0x2A2824});
    set_code_inks(t,
                  {0xD7A6E8, 0x8FCFE0, 0xB5D98C, 0xF0B27A, 0xA89F90, 0x9DBEF5, 0xCFC6B8, 0xE8A090, 0x9ED69E, 0xF09A9A});
    t.ink[static_cast<int>(Ink::Mark)] = rgb(0x5E4E12);
    t.mark_text = t.ink[0];
    t.focus = rgb(0x7FB2FF);
    t.selection = with_alpha(t.ink_of(Ink::Accent), 97);
    t.find_all = IM_COL32(196, 150, 52, 84);
    t.find_current = IM_COL32(226, 140, 36, 190);
    t.find_edge = IM_COL32(255, 190, 90, 230);
    return t;
}

Theme theme_contrast(bool dark) {
    Theme t = dark ? theme_dark() : theme_light();
    if (!dark) {
        t.desk = rgb(0xD6D6D6);
        t.paper = rgb(0xFFFFFF);
        t.shadow = rgb(0x000000, 120);
        set_inks(t, {0x000000, 0x2E2A25, 0x4A2F00, 0x7A1F00, 0x5A5A5A, 0xF2F2F2});
        set_code_inks(
            t, {0x5C1670, 0x0D4257, 0x234A0C, 0x6B2F00, 0x3F3A33, 0x133A80, 0x2A2622, 0x66261A, 0x1B4D1B, 0x801417});
        t.ink[static_cast<int>(Ink::Mark)] = rgb(0xFFE94D);
        t.focus = rgb(0x0040A0);
    } else {
        t.desk = rgb(0x262626);
        t.paper = rgb(0x000000);
        t.shadow = rgb(0x000000, 0);
        set_inks(t, {0xFFFFFF, 0xD6D0C6, 0xF2CF85, 0xFFB992, 0x9A9A9A, 0x141414});
        set_code_inks(
            t, {0xE7C4F2, 0xAEE3F0, 0xCBEBA8, 0xF8CB9E, 0xC9C2B6, 0xBFD5FA, 0xE6E0D6, 0xF2BDB1, 0xBCE8BC, 0xF7BBBB});
        t.ink[static_cast<int>(Ink::Mark)] = rgb(0x4D3F00);
        t.focus = rgb(0xA8CCFF);
    }
    t.mark_text = t.ink[0];
    t.selection = with_alpha(t.ink_of(Ink::Accent), dark ? 97 : 66);
    return t;
}

Theme theme_forced(const SystemColors& c) {
    Theme t;
    // The system's Canvas is light or dark; the book's other choices (find's markers) follow it.
    t.dark = contrast_ratio(c.canvas, IM_COL32(0, 0, 0, 255)) < contrast_ratio(c.canvas, IM_COL32_WHITE);
    t.desk = t.paper = c.canvas;
    t.shadow = with_alpha(c.canvas, 0);
    t.gutter = with_alpha(c.canvas, 0);
    for (ImU32& ink : t.ink)
        ink = c.canvas_text; // every text, rule and code ink: the reader's text colour
    t.ink[static_cast<int>(Ink::Link)] = c.link_text;
    t.ink[static_cast<int>(Ink::Panel)] = c.canvas;
    t.ink[static_cast<int>(Ink::Mark)] = c.highlight;
    t.mark_text = c.highlight_text;
    t.focus = c.highlight;
    t.selection = c.highlight;
    t.find_all = with_alpha(c.highlight, 90);
    t.find_current = c.highlight;
    t.find_edge = c.canvas_text;
    return t;
}

Theme theme_for(const ColorPrefs& prefs) {
    if (prefs.forced) return theme_forced(prefs.system);
    if (prefs.more_contrast) return theme_contrast(prefs.dark);
    return prefs.dark ? theme_dark() : theme_light();
}

// A number as CSS writes a colour's channels: digits, and a fraction for alpha ("255", "0.8"). By hand:
// the wasm's first module would otherwise carry scanf for it.
static bool read_number(const char*& at, double& out) {
    while (*at == ' ')
        ++at;
    const char* start = at;
    double v = 0;
    while (*at >= '0' && *at <= '9')
        v = v * 10 + (*at++ - '0');
    if (*at == '.')
        for (double place = 0.1; *++at >= '0' && *at <= '9'; place /= 10)
            v += (*at - '0') * place;
    out = v;
    return at != start && v < 1e6;
}

bool parse_system_colors(const std::string& text, SystemColors& out) {
    ImU32* fields[] = {&out.canvas,    &out.canvas_text, &out.link_text,     &out.visited_text,
                       &out.gray_text, &out.highlight,   &out.highlight_text};
    const char* at = text.c_str();
    for (size_t i = 0; i < std::size(fields); ++i) {
        double c[4];
        for (double& v : c)
            if (!read_number(at, v)) return false;
        if (c[0] > 255 || c[1] > 255 || c[2] > 255 || c[3] > 1) return false;
        *fields[i] = IM_COL32(static_cast<unsigned>(c[0]), static_cast<unsigned>(c[1]), static_cast<unsigned>(c[2]),
                              static_cast<unsigned>(std::lround(c[3] * 255)));
        while (*at == ' ')
            ++at;
        if (i + 1 < std::size(fields) && *at++ != ';') return false;
    }
    return *at == '\0';
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

std::string css_colour(ImU32 c) {
    const unsigned r = (c >> IM_COL32_R_SHIFT) & 0xFF, g = (c >> IM_COL32_G_SHIFT) & 0xFF,
                   b = (c >> IM_COL32_B_SHIFT) & 0xFF, alpha = (c >> IM_COL32_A_SHIFT) & 0xFF;
    if (alpha == 255) return "#" + hex_digits(r, 2) + hex_digits(g, 2) + hex_digits(b, 2);
    return "rgba(" + std::to_string(r) + "," + std::to_string(g) + "," + std::to_string(b) + "," +
           short_decimal(alpha / 255.0, 3) + ")";
}

static std::string css_vars(const Theme& t) {
    static const char* tokens[] = {"kw", "ty", "st", "nu", "co", "fn", "op", "pp", "ad", "rm"};
    auto var = [](const std::string& name, ImU32 c) { return "--" + name + ":" + css_colour(c) + ";"; };
    std::string out = var("paper", t.paper) + var("desk", t.desk) + var("ink", t.ink_of(Ink::Text)) +
                      var("muted", t.ink_of(Ink::Muted)) + var("accent", t.ink_of(Ink::Link)) +
                      var("rule", t.ink_of(Ink::Rule)) + var("code-bg", t.ink_of(Ink::Panel)) +
                      var("mark", t.ink_of(Ink::Mark));
    for (int i = 0; i < 10; ++i)
        out += var(std::string("tok-") + tokens[i], t.ink[static_cast<int>(Ink::CodeKeyword) + i]);
    out += var("pf-desk", t.desk) + var("pf-paper", t.paper) + var("pf-shadow", t.shadow) + var("pf-gutter", t.gutter);
    for (int i = 0; i < kInkCount; ++i)
        out += var("pf-k" + std::to_string(i), t.ink[i]);
    return out;
}

std::string palette_css() {
    return "\n/*---- [SECTION] Colours: the book's palettes (written by folio build, src/ui/theme.cpp) ----*/\n\n"
           ":root{" +
           css_vars(theme_light()) + "}\n@media (prefers-color-scheme: dark){:root{" + css_vars(theme_dark()) +
           "}}\n@media (prefers-contrast: more){:root{" + css_vars(theme_contrast(false)) +
           "}}\n@media (prefers-contrast: more) and (prefers-color-scheme: dark){:root{" +
           css_vars(theme_contrast(true)) + "}}\n";
}

} // namespace folio
