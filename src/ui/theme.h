// folio ui: paper and ink. Two themes; the platform picks one from prefers-color-scheme.
//
// Every text ink meets WCAG AA (4.5:1) against its paper; tests/ui checks the ratios.
#pragma once

#include <imgui.h>

#include "core/layout.h"

namespace folio {

struct Theme {
    bool dark = false;
    ImU32 desk;           // behind the pages
    ImU32 paper;          // the page
    ImU32 shadow;         // under the page
    ImU32 ink[kInkCount]; // by Ink: Text, Muted, Accent, Link, Rule, Panel, the code inks, Mark
    ImU32 focus;          // the keyboard focus ring
    ImU32 ink_of(Ink i) const { return ink[static_cast<int>(i)]; }
};

Theme theme_light();
Theme theme_dark();

// WCAG relative-luminance contrast ratio of two colours (1..21).
float contrast_ratio(ImU32 a, ImU32 b);

} // namespace folio
