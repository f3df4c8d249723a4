// folio core (native): HarfBuzz's subsetter and shaper, as the fonts' build uses them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

struct hb_face_t;
struct hb_font_t;

namespace folio {

// A face of a font file (a collection's face by number), owned.
class HbFace {
public:
    HbFace() = default;
    HbFace(const HbFace&) = delete;
    HbFace& operator=(const HbFace&) = delete;
    ~HbFace();
    // False with a reason when the file cannot be read or holds no such face.
    bool open(const std::string& path, unsigned face_number, std::string& error);
    bool open_bytes(const std::string& bytes, std::string& error); // the bytes must outlive the face
    hb_face_t* get() const { return face_; }
    hb_font_t* font() const { return font_; }
    unsigned glyph_count() const;
    unsigned units_per_em() const;
    // The glyph a code point maps to; 0 when none.
    uint32_t glyph_of(uint32_t c) const;
    bool maps(uint32_t c) const { return glyph_of(c) != 0; }
    int32_t advance(uint32_t glyph) const;  // horizontal, font units
    bool has_outline(uint32_t glyph) const; // false for an empty glyph (a space, a mark drawn elsewhere)
    // Every code point the face maps.
    std::vector<uint32_t> mapped() const;

private:
    hb_face_t* face_ = nullptr;
    hb_font_t* font_ = nullptr; // at its units per em
};

// Which layout tables a subset keeps.
enum class SubsetLayout {
    None,      // no GSUB, GPOS or GDEF: a face drawn character by character
    Shaping,   // all of them, for every glyph the characters' lookups reach (a shaped script)
    MarksOnly, // GPOS's mark positioning alone (Arabic, joined by its presentation forms)
};

struct SubsetRequest {
    std::vector<uint32_t> code_points; // the characters to keep (those the face maps)
    std::vector<uint32_t> glyphs;      // and these glyphs, by the face's numbers
    SubsetLayout layout = SubsetLayout::None;
    bool notdef_outline = false; // keep glyph 0's outline
    bool drop_vertical = false;  // vhea, vmtx and VORG: the book sets no text vertically
};

// The face cut to the request. old_to_new, when given, receives each kept glyph's new number by its old
// one (UINT32_MAX for a glyph not kept). False with a reason when HarfBuzz cannot.
bool subset_face(const HbFace& face, const SubsetRequest& request, std::string& out, std::vector<uint32_t>* old_to_new,
                 std::string& error);

// One glyph of a shaped run: its number, the byte offset of its cluster in the run, its offsets and advance
// (font units).
struct ShapedGlyph {
    uint32_t glyph = 0, cluster = 0;
    int32_t dx = 0, dy = 0, advance = 0;
};
// HarfBuzz's shaping of a UTF-8 run with the face (its script and direction guessed from the text, as hb-shape
// does, unless force_ltr).
std::vector<ShapedGlyph> shape_run(const HbFace& face, const std::string& run, bool force_ltr = false);

// A glyph's outline as HarfBuzz draws it (font units): contours of points, each point on or off the curve
// (quadratic); cubic curves are turned into quadratic ones within `tolerance` units.
struct OutlinePoint {
    int32_t x = 0, y = 0;
    bool on = true;
};
using Contour = std::vector<OutlinePoint>;
std::vector<Contour> glyph_outline(const HbFace& face, uint32_t glyph, double tolerance);
// A glyph's ink box as HarfBuzz measures it: x min, y max, width, height (font units); false when it has none.
bool glyph_box(const HbFace& face, uint32_t glyph, int32_t out[4]);

} // namespace folio
