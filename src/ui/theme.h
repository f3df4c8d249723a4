// folio ui: paper and ink, the one home of the site's colours.
//
// Four palettes (light, dark, and a higher-contrast one of each) and, under forced colours, one made of
// the system's colours. The platform reads the reader's preferences (prefers-color-scheme,
// prefers-contrast, forced-colors and the CSS system colours) and theme_for picks the palette; the build
// hands the same palettes to the static page and the early page as CSS (palette_css), so the three
// renderings never keep colours of their own. Every text ink meets WCAG AA (4.5:1) against its paper, and
// AAA (7:1) in the contrast palettes; tests/ui checks the ratios.
#pragma once

#include <imgui.h>

#include <string>

#include "core/book/layout.h"

namespace folio {

struct Theme {
    bool dark = false;
    ImU32 desk;           // behind the pages
    ImU32 paper;          // the page
    ImU32 shadow;         // under the page
    ImU32 gutter;         // the shade at the fold between facing pages
    ImU32 ink[kInkCount]; // by Ink: Text, Muted, Accent, Link, Rule, Panel, the code inks, Mark
    ImU32 mark_text;      // the text over a <mark> stroke
    ImU32 focus;          // the keyboard focus ring
    ImU32 selection;      // the text layer's selection (translucent, over the ink)
    ImU32 find_all;       // every match of find, under the ink
    ImU32 find_current;   // the current match
    ImU32 find_edge;      // the current match's outline
    ImU32 ink_of(Ink i) const { return ink[static_cast<int>(i)]; }
};

Theme theme_light();
Theme theme_dark();
// prefers-contrast: more: black on white, white on black, every ink at least 7:1.
Theme theme_contrast(bool dark);

// The CSS system colours a browser in forced colours mode (Windows high contrast) gives the page.
struct SystemColors {
    ImU32 canvas = 0, canvas_text = 0, link_text = 0, visited_text = 0, gray_text = 0, highlight = 0,
          highlight_text = 0;
};
// Under forced colours the book is drawn in the system's colours only: the reader chose them.
Theme theme_forced(const SystemColors& c);

// What the reader asked for; forced colours win over the rest.
struct ColorPrefs {
    bool dark = false;
    bool more_contrast = false;
    bool forced = false;
    SystemColors system;
};
Theme theme_for(const ColorPrefs& prefs);

// The system colours as the platform passes them: seven "r g b a" groups (a 0..1) in SystemColors' order,
// separated by ';'. False when the text is not that.
bool parse_system_colors(const std::string& text, SystemColors& out);

// WCAG relative-luminance contrast ratio of two colours (1..21).
float contrast_ratio(ImU32 a, ImU32 b);

std::string css_colour(ImU32 c);

// The palettes as CSS custom properties on :root, in media queries for dark and for more contrast: the
// static page's (--paper, --desk, --ink, --muted, --accent, --rule, --code-bg, --tok-*, --mark) and the
// early page's (--pf-*: desk, paper, shadow, gutter and each ink by number). Under forced colours the
// browser sets both pages in the system's colours itself.
std::string palette_css();

} // namespace folio
