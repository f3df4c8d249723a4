// folio cli: the build's compose stage. See proofs.h.
#include "cli/proofs.h"

#include <cstdio>

namespace folio {

void start_proofs(Proofs& p, const Site& site, const std::string& fonts_dir, bool fonts_usable) {
    std::string font_error;
    p.usable = fonts_usable && load_fonts_from_dir(p.fonts, fonts_dir, font_error);
    if (!p.usable)
        std::fprintf(stderr, "folio build: %s are not fonts the book can use; the pages go without their proof\n",
                     fonts_dir.c_str());
    if (p.usable) p.imgui.begin_frame(1280, 800);
    p.measurers.emplace(p.fonts);
    p.maker.emplace(site, p.measurers->measuring(), p.usable);
}

void end_proofs(Proofs& p) {
    if (p.usable) p.imgui.end_frame();
}

} // namespace folio
