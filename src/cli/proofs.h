// folio cli: the build's compose stage: each route's first page (its proof, core/site/proof.h) laid out
// natively with the book's own fonts, measured as ImGui measures them (ui/proof_measure.h), for the early
// page, the main book's partial faces and the order a large script face is sliced in.
#pragma once

#include <optional>
#include <string>

#include "core/model/model.h"
#include "core/site/proof.h"
#include "ui/fonts.h"
#include "ui/headless.h"
#include "ui/proof_measure.h"

namespace folio {

// Built in place, in this order: the ImGui context, the fonts in it, their measurers, the proof maker.
struct Proofs {
    HeadlessImGui imgui;
    Fonts fonts;
    bool usable = false; // the fonts are the book's (stand-ins, in tests, build the pages without proofs)
    std::optional<ProofMeasurers> measurers;
    std::optional<ProofMaker> maker;
};

// Loads fonts_dir's faces when the build found them usable (fonts_usable), says on stderr when they are
// not, and opens the frame the proofs measure in.
void start_proofs(Proofs& p, const Site& site, const std::string& fonts_dir, bool fonts_usable);

// Closes that frame, once every page is made.
void end_proofs(Proofs& p);

} // namespace folio
