// folio CLI: which faces each route's first pages show, so that its page asks for those faces whole and
// for the others only their stand-ins (ui/fonts.h), which the book replaces when it nears a page in them.
#pragma once

#include <map>
#include <string>

#include "core/model.h"
#include "core/routes.h"

namespace folio {

// Bit i set: Face i. The serif is always among them (folios, running heads, messages).
using FaceSet = unsigned;
constexpr FaceSet kAllFaces = (1u << 5) - 1;

struct FirstFaces {
    std::map<std::string, FaceSet> by_path; // Route::path -> faces; the not-found page under ""
    FaceSet of(const Route& r) const;       // kAllFaces for a route not laid out
};

// Lays out every route as the browser first does at the reference page size, with the subset fonts in
// fonts_dir, and collects the faces on its first pages (the spread it opens at and the pages either side;
// a phone's pocket pages hold less, so they show no face these do not). Returns false (and every route
// then asks for every face) when the fonts cannot be read.
bool first_faces(const Site& site, const std::string& fonts_dir, FirstFaces& out, std::string& error);

} // namespace folio
