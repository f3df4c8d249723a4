// folio cli: the script faces a build writes, a large one sliced by use (core/fonts/font_slices.h).
#pragma once

#include <string>
#include <vector>

#include "core/fonts/font_slices.h"
#include "core/model/model.h"
#include "core/site/proof.h"

namespace folio {

struct ScriptFaceFiles {
    std::string stem;                      // "script-cjk"
    std::string bytes;                     // the face whole, or a sliced face's stand-in
    std::vector<std::string> slices;       // a sliced face's slices, in order
    std::vector<std::string> slice_ranges; // each slice's characters as a CSS unicode-range
    SliceMap map;                          // a sliced face's map (empty for a whole face)
};

// The files of each script face (files: their names in the fonts folder, bytes: their contents), in order.
// slicing: a face above kSliceAboveBytes drawn without shaping (no clusters, no colour bitmaps) is sliced, its
// characters ordered by use: on the front page's first view (proofs), then by how many articles use them.
// False with a reason when a face cannot be cut.
bool script_face_files(const Site& site, ProofMaker& proofs, bool slicing, const std::vector<std::string>& files,
                       std::vector<std::string>& bytes, std::vector<ScriptFaceFiles>& out, std::string& error);

} // namespace folio
