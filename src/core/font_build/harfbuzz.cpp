// folio core (native): HarfBuzz's subsetter and shaper. See harfbuzz.h.
#include "core/font_build/harfbuzz.h"

#include <hb-ot.h>
#include <hb-subset.h>
#include <hb.h>

#include <array>
#include <cmath>
#include <cstring>

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] Faces
//-----------------------------------------------------------------------------

HbFace::~HbFace() {
    if (font_) hb_font_destroy(font_);
    if (face_) hb_face_destroy(face_);
}

namespace {
bool adopt(hb_blob_t* blob, unsigned face_number, hb_face_t*& face, hb_font_t*& font, std::string& error) {
    if (!blob) return error = "cannot read it", false;
    hb_face_t* f = hb_face_create(blob, face_number);
    hb_blob_destroy(blob);
    if (!f || hb_face_get_glyph_count(f) == 0) {
        if (f) hb_face_destroy(f);
        return error = "not a font (or no face " + std::to_string(face_number) + " in it)", false;
    }
    if (font) hb_font_destroy(font);
    if (face) hb_face_destroy(face);
    face = f;
    font = hb_font_create(f); // at its units per em: every figure in font units
    return true;
}

} // namespace

bool HbFace::open(const std::string& path, unsigned face_number, std::string& error) {
    return adopt(hb_blob_create_from_file_or_fail(path.c_str()), face_number, face_, font_, error);
}

bool HbFace::open_bytes(const std::string& bytes, std::string& error) {
    return adopt(hb_blob_create_or_fail(bytes.data(), static_cast<unsigned>(bytes.size()), HB_MEMORY_MODE_READONLY,
                                        nullptr, nullptr),
                 0, face_, font_, error);
}

unsigned HbFace::glyph_count() const { return face_ ? hb_face_get_glyph_count(face_) : 0; }
unsigned HbFace::units_per_em() const { return face_ ? hb_face_get_upem(face_) : 1000; }

uint32_t HbFace::glyph_of(uint32_t c) const {
    hb_codepoint_t g = 0;
    return font_ && hb_font_get_nominal_glyph(font_, c, &g) ? g : 0;
}

int32_t HbFace::advance(uint32_t glyph) const { return font_ ? hb_font_get_glyph_h_advance(font_, glyph) : 0; }

bool HbFace::has_outline(uint32_t glyph) const {
    hb_glyph_extents_t e{};
    return font_ && hb_font_get_glyph_extents(font_, glyph, &e) && (e.width != 0 || e.height != 0);
}

bool glyph_box(const HbFace& face, uint32_t glyph, int32_t out[4]) {
    hb_glyph_extents_t e{};
    if (!face.font() || !hb_font_get_glyph_extents(face.font(), glyph, &e)) return false;
    out[0] = e.x_bearing, out[1] = e.y_bearing, out[2] = e.width, out[3] = e.height;
    return true;
}

std::vector<uint32_t> HbFace::mapped() const {
    std::vector<uint32_t> out;
    if (!face_) return out;
    hb_set_t* set = hb_set_create();
    hb_face_collect_unicodes(face_, set);
    for (hb_codepoint_t c = HB_SET_VALUE_INVALID; hb_set_next(set, &c);)
        out.push_back(c);
    hb_set_destroy(set);
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] Subsetting
//-----------------------------------------------------------------------------

namespace {
hb_tag_t tag(const char* t) { return HB_TAG(t[0], t[1], t[2], t[3]); }

void configure(hb_subset_input_t* in, const SubsetRequest& r) {
    hb_set_t* unicodes = hb_subset_input_unicode_set(in);
    for (uint32_t c : r.code_points)
        hb_set_add(unicodes, c);
    hb_set_t* glyphs = hb_subset_input_glyph_set(in);
    for (uint32_t g : r.glyphs)
        hb_set_add(glyphs, g);
    // No hinting: stb_truetype and the browsers' rasterizers at these sizes do without it, and the files
    // stay small.
    hb_subset_input_set_flags(in, HB_SUBSET_FLAGS_NO_HINTING |
                                      (r.notdef_outline ? HB_SUBSET_FLAGS_NOTDEF_OUTLINE : HB_SUBSET_FLAGS_DEFAULT));
    hb_set_t* drop = hb_subset_input_set(in, HB_SUBSET_SETS_DROP_TABLE_TAG);
    hb_set_add(drop, tag("DSIG"));
    if (r.drop_vertical)
        for (const char* t : {"vhea", "vmtx", "VORG"})
            hb_set_add(drop, tag(t));
    hb_set_t* features = hb_subset_input_set(in, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG);
    switch (r.layout) {
    case SubsetLayout::None:
        for (const char* t : {"GSUB", "GPOS", "GDEF"})
            hb_set_add(drop, tag(t));
        hb_set_clear(features);
        break;
    case SubsetLayout::MarksOnly:
        // The browser joins the early page's Arabic by its presentation forms when the face has no GSUB
        // (HarfBuzz's fallback), as the layout does; the marks stay where the face's GPOS puts them.
        hb_set_add(drop, tag("GSUB"));
        hb_set_clear(features);
        hb_set_add(features, tag("mark"));
        hb_set_add(features, tag("mkmk"));
        break;
    case SubsetLayout::Shaping: // HarfBuzz's default features, and every glyph their lookups reach
        break;
    }
}
} // namespace

bool subset_face(const HbFace& face, const SubsetRequest& request, std::string& out, std::vector<uint32_t>* old_to_new,
                 std::string& error) {
    hb_subset_input_t* in = hb_subset_input_create_or_fail();
    if (!in) return error = "out of memory", false;
    configure(in, request);
    hb_subset_plan_t* plan = hb_subset_plan_create_or_fail(face.get(), in);
    hb_subset_input_destroy(in);
    if (!plan) return error = "HarfBuzz could not plan the subset", false;
    hb_face_t* result = hb_subset_plan_execute_or_fail(plan);
    if (old_to_new) {
        const hb_map_t* map = hb_subset_plan_old_to_new_glyph_mapping(plan);
        old_to_new->assign(face.glyph_count(), UINT32_MAX);
        for (uint32_t g = 0; g < old_to_new->size(); ++g)
            if (hb_map_has(map, g)) (*old_to_new)[g] = hb_map_get(map, g);
    }
    hb_subset_plan_destroy(plan);
    if (!result) return error = "HarfBuzz could not subset the face", false;
    hb_blob_t* blob = hb_face_reference_blob(result);
    unsigned length = 0;
    const char* data = hb_blob_get_data(blob, &length);
    out.assign(data ? data : "", length);
    hb_blob_destroy(blob);
    hb_face_destroy(result);
    if (out.empty()) return error = "HarfBuzz wrote an empty face", false;
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Shaping
//-----------------------------------------------------------------------------

std::vector<ShapedGlyph> shape_run(const HbFace& face, const std::string& run, bool force_ltr) {
    hb_buffer_t* buf = hb_buffer_create();
    hb_buffer_add_utf8(buf, run.data(), static_cast<int>(run.size()), 0, static_cast<int>(run.size()));
    hb_buffer_guess_segment_properties(buf);
    if (force_ltr) hb_buffer_set_direction(buf, HB_DIRECTION_LTR);
    hb_shape(face.font(), buf, nullptr, 0);
    unsigned n = 0;
    const hb_glyph_info_t* info = hb_buffer_get_glyph_infos(buf, &n);
    const hb_glyph_position_t* pos = hb_buffer_get_glyph_positions(buf, &n);
    std::vector<ShapedGlyph> out(n);
    for (unsigned i = 0; i < n; ++i)
        out[i] = {info[i].codepoint, info[i].cluster, pos[i].x_offset, pos[i].y_offset, pos[i].x_advance};
    hb_buffer_destroy(buf);
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] Outlines (cubic curves as quadratic ones)
//-----------------------------------------------------------------------------

namespace {

struct Pt {
    double x = 0, y = 0;
};
Pt lerp(Pt a, Pt b, double t) { return {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}; }
Pt cubic_at(const Pt c[4], double t) {
    const double u = 1 - t;
    const double a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t;
    return {a * c[0].x + b * c[1].x + d * c[2].x + e * c[3].x, a * c[0].y + b * c[1].y + d * c[2].y + e * c[3].y};
}
Pt quad_at(Pt a, Pt q, Pt b, double t) {
    const double u = 1 - t;
    return {u * u * a.x + 2 * u * t * q.x + t * t * b.x, u * u * a.y + 2 * u * t * q.y + t * t * b.y};
}
// The piece of a cubic between t0 and t1 (de Casteljau, twice).
void cubic_piece(const Pt c[4], double t0, double t1, Pt out[4]) {
    auto split_after = [](const Pt in[4], double t, Pt o[4]) { // the part from t to 1
        const Pt ab = lerp(in[0], in[1], t), bc = lerp(in[1], in[2], t), cd = lerp(in[2], in[3], t);
        const Pt abc = lerp(ab, bc, t), bcd = lerp(bc, cd, t);
        o[0] = lerp(abc, bcd, t), o[1] = bcd, o[2] = cd, o[3] = in[3];
    };
    auto split_before = [](const Pt in[4], double t, Pt o[4]) { // the part from 0 to t
        const Pt ab = lerp(in[0], in[1], t), bc = lerp(in[1], in[2], t), cd = lerp(in[2], in[3], t);
        const Pt abc = lerp(ab, bc, t), bcd = lerp(bc, cd, t);
        o[0] = in[0], o[1] = ab, o[2] = abc, o[3] = lerp(abc, bcd, t);
    };
    Pt tail[4];
    split_after(c, t0, tail);
    split_before(tail, t0 >= 1 ? 1 : (t1 - t0) / (1 - t0), out);
}

// A cubic as n quadratic curves whose on-curve points between them lie midway between their controls (so a
// TrueType outline leaves them implied), or false when that strays more than tolerance from the cubic.
bool quadratic_spline(const Pt c[4], int n, double tolerance, std::vector<Pt>& controls) {
    controls.clear();
    std::vector<std::array<Pt, 4>> pieces(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
        cubic_piece(c, static_cast<double>(i) / n, static_cast<double>(i + 1) / n,
                    pieces[static_cast<size_t>(i)].data());
        const Pt* p = pieces[static_cast<size_t>(i)].data();
        controls.push_back(
            {(3 * (p[1].x + p[2].x) - p[0].x - p[3].x) / 4, (3 * (p[1].y + p[2].y) - p[0].y - p[3].y) / 4});
    }
    for (int i = 0; i < n; ++i) {
        const size_t k = static_cast<size_t>(i);
        const Pt start = i == 0 ? c[0] : lerp(controls[k - 1], controls[k], 0.5);
        const Pt end = i == n - 1 ? c[3] : lerp(controls[k], controls[k + 1], 0.5);
        for (int s = 1; s < 8; ++s) {
            const Pt a = cubic_at(pieces[k].data(), s / 8.0), b = quad_at(start, controls[k], end, s / 8.0);
            if (std::hypot(a.x - b.x, a.y - b.y) > tolerance) return false;
        }
    }
    return true;
}

struct OutlineBuilder {
    std::vector<Contour> contours;
    Pt at;
    double tolerance = 1;
    void point(Pt p, bool on) {
        contours.back().push_back({static_cast<int32_t>(std::lround(p.x)), static_cast<int32_t>(std::lround(p.y)), on});
    }
};

void move_to(hb_draw_funcs_t*, void* data, hb_draw_state_t*, float x, float y, void*) {
    auto* b = static_cast<OutlineBuilder*>(data);
    b->contours.emplace_back();
    b->at = {x, y};
    b->point(b->at, true);
}
void line_to(hb_draw_funcs_t*, void* data, hb_draw_state_t*, float x, float y, void*) {
    auto* b = static_cast<OutlineBuilder*>(data);
    b->at = {x, y};
    b->point(b->at, true);
}
void quadratic_to(hb_draw_funcs_t*, void* data, hb_draw_state_t*, float cx, float cy, float x, float y, void*) {
    auto* b = static_cast<OutlineBuilder*>(data);
    b->point({cx, cy}, false);
    b->at = {x, y};
    b->point(b->at, true);
}
void cubic_to(hb_draw_funcs_t*, void* data, hb_draw_state_t*, float c1x, float c1y, float c2x, float c2y, float x,
              float y, void*) {
    auto* b = static_cast<OutlineBuilder*>(data);
    const Pt c[4] = {b->at, {c1x, c1y}, {c2x, c2y}, {x, y}};
    std::vector<Pt> controls;
    int n = 1;
    while (n < 32 && !quadratic_spline(c, n, b->tolerance, controls))
        ++n;
    if (n == 32) quadratic_spline(c, n, 1e9, controls); // the finest there is, whatever it strays
    for (const Pt& q : controls)
        b->point(q, false);
    b->at = c[3];
    b->point(b->at, true);
}
void close_path(hb_draw_funcs_t*, void* data, hb_draw_state_t*, void*) {
    auto* b = static_cast<OutlineBuilder*>(data);
    Contour& k = b->contours.back();
    // A contour closes itself: the point that returns to its start goes.
    if (k.size() > 1 && k.back().on && k.back().x == k.front().x && k.back().y == k.front().y) k.pop_back();
}

} // namespace

std::vector<Contour> glyph_outline(const HbFace& face, uint32_t glyph, double tolerance) {
    hb_draw_funcs_t* funcs = hb_draw_funcs_create();
    hb_draw_funcs_set_move_to_func(funcs, move_to, nullptr, nullptr);
    hb_draw_funcs_set_line_to_func(funcs, line_to, nullptr, nullptr);
    hb_draw_funcs_set_quadratic_to_func(funcs, quadratic_to, nullptr, nullptr);
    hb_draw_funcs_set_cubic_to_func(funcs, cubic_to, nullptr, nullptr);
    hb_draw_funcs_set_close_path_func(funcs, close_path, nullptr, nullptr);
    OutlineBuilder b;
    b.tolerance = tolerance;
    hb_font_get_glyph_shape(face.font(), glyph, funcs, &b);
    hb_draw_funcs_destroy(funcs);
    std::vector<Contour> out;
    for (Contour& k : b.contours)
        if (k.size() > 1) out.push_back(std::move(k));
    return out;
}

} // namespace folio
