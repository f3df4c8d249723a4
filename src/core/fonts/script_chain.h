// folio core: the script faces behind the book's own (docs/fonts.md).
//
// The book's faces (Noto Serif, JetBrains Mono) draw Latin, Greek and Cyrillic. Every other character is
// drawn by the first face of the chain that maps it: Debian's Noto faces for each script (serif where Noto
// has one), symbols, then CJK. The build subsets the faces a bundle uses (core/font_build/site_fonts.h asks
// pick_script_faces which characters go to which face), and the book merges them, in chain order, behind
// each of its faces (ui/fonts.h); the early page and the text layer list them after the face in their
// font stacks. This is the one home of the chain's order.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace folio {

struct ScriptSource {
    const char* name;    // the subset's file is script-<name>.ttf
    const char* file;    // the Debian file
    const char* package; // the Debian package that ships it
    // Whether its script needs OpenType shaping to be drawn right (conjuncts, reordered vowels, stacked
    // marks, Hebrew's points): the build shapes its runs with HarfBuzz and gives the face a glyph for each cluster that
    // does not draw as its characters' own glyphs (core/text/clusters.h). Arabic is joined by its
    // presentation forms instead (core/text/bidi.h); CJK and the symbols draw each character's glyph.
    bool shaped = false;
};

// The chain, in fallback order.
const std::vector<ScriptSource>& script_chain();

// The face of Noto Serif CJK's collection for the site's language (BCP 47): each draws Han characters the
// way its language writes them. Simplified Chinese for any other language.
unsigned cjk_face_number(std::string_view language);

// The characters one face of the chain draws for a text.
struct ScriptPick {
    std::string name, file;
    unsigned face_number = 0; // in a collection (.ttc)
    bool shaped = false;      // ScriptSource::shaped
    std::vector<uint32_t> code_points;
};

// Reads a font file by its path; false when it cannot (that face of the chain is then skipped).
using FontReader = std::function<bool(const std::string& path, std::string& bytes)>;

// Gives each of code_points that main_face does not map to the first face of the chain that maps it, and
// lists the faces that got some, in chain order. Above U+FFFF nothing is given: the book's ImGui keeps
// code points in 16 bits, so it cannot draw them (`folio check --fonts` warns about them). left: what no
// face maps. False with a reason in error when main_face is not a font.
bool pick_script_faces(std::string_view main_face, const std::vector<uint32_t>& code_points, std::string_view language,
                       const FontReader& read_font, std::vector<ScriptPick>& out, std::vector<uint32_t>& left,
                       std::string& error);

} // namespace folio
