// folio core (native): the fonts a site ships. See site_fonts.h.
#include "core/font_build/site_fonts.h"

#include <sys/stat.h>
#include <utf8proc.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "core/font_build/face_edits.h"
#include "core/font_build/harfbuzz.h"
#include "core/fonts/script_chain.h"
#include "core/text/bidi.h"
#include "core/text/text.h"

namespace folio {

namespace fs = std::filesystem;

namespace {

//-----------------------------------------------------------------------------
// [SECTION] The recipe
//-----------------------------------------------------------------------------

// Raise it whenever what this file makes changes: every folder's fonts are then made again.
constexpr const char* kRecipe = "folio fonts 2";

// The book's faces: Debian's file (after the source's stem) and the site's.
struct BookFace {
    const char* source_suffix;
    bool mono;
    const char* file;
};
constexpr BookFace kBookFaces[] = {
    {"-Regular.ttf", false, "serif-regular.ttf"}, {"-Italic.ttf", false, "serif-italic.ttf"},
    {"-Bold.ttf", false, "serif-bold.ttf"},       {"-BoldItalic.ttf", false, "serif-bolditalic.ttf"},
    {"-Regular.ttf", true, "mono-regular.ttf"},
};

// What every site's faces keep besides its text: ASCII, Latin-1's punctuation and signs, and the dashes,
// quotes, arrows and signs of the book's own labels (not every accented letter: that halves the faces,
// the largest part of the first view after the wasm).
constexpr uint32_t kAlwaysKept[][2] = {{0x20, 0x7E},     {0xA0, 0xBF},     {0xD7, 0xD7},     {0x2010, 0x2027},
                                       {0x2030, 0x203A}, {0x20AC, 0x20AC}, {0x2122, 0x2122}, {0x2190, 0x2193},
                                       {0x2212, 0x2212}, {0xFFFD, 0xFFFD}};

bool always_kept(uint32_t c) {
    for (const auto& r : kAlwaysKept)
        if (c >= r[0] && c <= r[1]) return true;
    return false;
}

// The book's ImGui keeps code points in 16 bits: the clusters' glyphs take the BMP's private area.
constexpr uint32_t kPrivateUseFirst = 0xE000, kPrivateUseEnd = 0xF900;

std::string source_of(const FontSources& s, const BookFace& f) { return (f.mono ? s.mono : s.serif) + f.source_suffix; }

std::string recipe_key(const FontSources& sources) {
    std::string key = kRecipe;
    struct stat st {};
    std::vector<std::string> files{sources.emoji};
    for (const BookFace& f : kBookFaces)
        files.push_back(source_of(sources, f));
    for (const ScriptSource& s : script_chain())
        files.push_back(s.file);
    for (const std::string& f : files) // a Debian upgrade of a face makes the fonts again
        key += " " + std::to_string(stat(f.c_str(), &st) == 0 ? static_cast<long long>(st.st_size) : -1);
    return key;
}

bool read_file(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream s;
    s << in.rdbuf();
    out = s.str();
    return true;
}

bool write_file(const fs::path& path, const std::string& bytes, std::string& error) {
    const fs::path tmp = path.string() + ".tmp";
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    std::error_code ec;
    if (!out || (fs::rename(tmp, path, ec), ec)) return error = "cannot write " + path.string(), false;
    return true;
}

std::vector<uint32_t> members(const CodePointSet& set) {
    std::vector<uint32_t> out;
    for (uint32_t c = 0; c < set.bits.size(); ++c)
        if (set.bits[c]) out.push_back(c);
    return out;
}

size_t code_point_count(std::string_view s) {
    size_t n = 0;
    for (unsigned char b : s)
        n += (b & 0xC0) != 0x80;
    return n;
}

//-----------------------------------------------------------------------------
// [SECTION] The state
//-----------------------------------------------------------------------------

void read_state(const std::string& dir, FontState& state) {
    state = FontState{};
    state.read = true;
    std::string text;
    if (!read_file(dir + "/" + kFontStateFile, text)) return;
    std::istringstream in(text);
    std::string line;
    auto numbers = [](const std::string& l, CodePointSet& into) {
        std::istringstream s(l);
        for (uint32_t c; s >> c;)
            into.add(c);
    };
    if (!std::getline(in, state.key) || !std::getline(in, line)) return state.key.clear();
    numbers(line, state.chars);
    if (!std::getline(in, line)) return state.key.clear();
    numbers(line, state.shaped);
    while (std::getline(in, line))
        if (!line.empty()) state.runs.insert(line);
}

std::string state_text(const FontState& state) {
    std::string out = state.key + "\n";
    for (const CodePointSet* set : {&state.chars, &state.shaped}) {
        std::string line;
        for (uint32_t c : members(*set))
            line += (line.empty() ? "" : " ") + std::to_string(c);
        out += line + "\n";
    }
    std::vector<std::string> runs(state.runs.begin(), state.runs.end());
    std::sort(runs.begin(), runs.end());
    for (const std::string& r : runs)
        out += r + "\n";
    return out;
}

// Every run of the texts the fonts shape: of the shaped faces' characters, emoji, pointed Arabic.
TextRuns runs_needed(const std::vector<std::string_view>& texts, const CodePointSet& shaped) {
    TextRuns runs;
    for (std::string_view t : texts) {
        add_runs_of(t, shaped, runs);
        add_emoji_runs(t, runs);
        add_pointed_arabic_runs(t, runs);
    }
    return runs;
}

//-----------------------------------------------------------------------------
// [SECTION] Shaped clusters
//-----------------------------------------------------------------------------

// A cluster's glyph to add: its parts (the face's own glyph numbers) and advance. Clusters that draw alike
// share one.
struct Composite {
    std::vector<ComposedGlyph::Part> parts;
    int32_t advance = 0;
    bool operator<(const Composite& o) const {
        auto key = [](const Composite& c) {
            std::vector<int64_t> k{c.advance};
            for (const ComposedGlyph::Part& p : c.parts)
                k.insert(k.end(), {p.glyph, p.x, p.y});
            return k;
        };
        return key(*this) < key(o);
    }
};

// Which clusters HarfBuzz draws otherwise than as their characters' glyphs: (text, its glyph, or none: drawn
// as its characters but still one cluster), in the order the text first has them; and the glyphs used.
// Each cluster is also shaped alone, and where that gives the same glyphs its places come from there, so no
// glyph keeps the kerning its letter had beside a neighbour where the text first has it.
struct ClusterPlan {
    std::vector<std::pair<std::string, std::optional<Composite>>> clusters;
    std::vector<uint32_t> used;
};

ClusterPlan plan_clusters(const HbFace& face, const std::vector<std::string>& runs) {
    ClusterPlan plan;
    std::vector<bool> used(face.glyph_count());
    std::map<std::string, std::vector<ShapedGlyph>> met;
    std::vector<std::string> order;
    for (const std::string& run : runs) {
        const std::vector<ShapedGlyph> glyphs = shape_run(face, run);
        std::vector<uint32_t> starts;
        for (const ShapedGlyph& g : glyphs) {
            if (g.glyph < used.size()) used[g.glyph] = true;
            starts.push_back(g.cluster);
        }
        std::sort(starts.begin(), starts.end());
        starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
        for (size_t k = 0; k < starts.size(); ++k) {
            const size_t end = k + 1 < starts.size() ? starts[k + 1] : run.size();
            std::string text = run.substr(starts[k], end - starts[k]);
            std::vector<ShapedGlyph> gs;
            bool missing = false;
            for (const ShapedGlyph& g : glyphs)
                if (g.cluster == starts[k]) gs.push_back(g), missing = missing || g.glyph == 0;
            if (missing || met.count(text)) continue; // a character the face lacks: drawn as it is
            order.push_back(text);
            met.emplace(std::move(text), std::move(gs));
        }
    }
    for (const std::string& text : order) {
        const std::vector<ShapedGlyph>& in_context = met[text];
        std::vector<ShapedGlyph> alone = shape_run(face, text);
        bool same = alone.size() == in_context.size();
        for (size_t i = 0; same && i < alone.size(); ++i)
            same = alone[i].glyph == in_context[i].glyph;
        const std::vector<ShapedGlyph>& gs = same ? alone : in_context;
        // Drawn as its characters' own glyphs, unmoved?
        std::vector<std::pair<int64_t, int32_t>> own;
        for (size_t i = 0; i < text.size();) {
            uint32_t c = 0;
            const size_t n = utf8_decode(text, i, c);
            i += n ? n : 1;
            if (is_joiner(c)) continue;
            const uint32_t g = face.glyph_of(c);
            own.push_back(g ? std::pair<int64_t, int32_t>{g, face.advance(g)} : std::pair<int64_t, int32_t>{-1, 0});
        }
        bool as_own = own.size() == gs.size();
        for (size_t i = 0; as_own && i < gs.size(); ++i)
            as_own = gs[i].glyph == own[i].first && gs[i].dx == 0 && gs[i].dy == 0 && gs[i].advance == own[i].second;
        if (as_own) {
            if (code_point_count(text) > 1) plan.clusters.push_back({text, std::nullopt});
            continue;
        }
        Composite c;
        int32_t pen = 0;
        for (const ShapedGlyph& g : gs) {
            if (face.has_outline(g.glyph)) c.parts.push_back({g.glyph, pen + g.dx, g.dy});
            pen += g.advance;
        }
        c.advance = pen;
        plan.clusters.push_back({text, c});
    }
    for (uint32_t g = 0; g < used.size(); ++g)
        if (used[g]) plan.used.push_back(g);
    return plan;
}

// Gives each planned composite a glyph at the next private-use code point (alike ones share it) and lists the
// clusters for FOLc. Clusters past the private area's end stay drawn as their characters.
void place_composites(const ClusterPlan& plan, const std::vector<uint32_t>& old_to_new, uint32_t& next_code_point,
                      std::vector<ComposedGlyph>& glyphs, std::vector<std::pair<std::string, uint32_t>>& folc,
                      size_t& left) {
    std::map<Composite, uint32_t> made;
    for (const auto& [text, composite] : plan.clusters) {
        if (!composite) {
            folc.push_back({text, 0});
            continue;
        }
        auto it = made.find(*composite);
        if (it == made.end()) {
            if (next_code_point >= kPrivateUseEnd) {
                ++left;
                continue;
            }
            ComposedGlyph g;
            for (ComposedGlyph::Part p : composite->parts) {
                p.glyph = p.glyph < old_to_new.size() ? old_to_new[p.glyph] : UINT32_MAX;
                if (p.glyph != UINT32_MAX) g.parts.push_back(p);
            }
            g.advance = composite->advance;
            g.code_point = next_code_point++;
            glyphs.push_back(g);
            it = made.emplace(*composite, g.code_point).first;
        }
        folc.push_back({text, it->second});
    }
}

//-----------------------------------------------------------------------------
// [SECTION] The faces
//-----------------------------------------------------------------------------

// The parts a shaper splits the characters into (Thai's sara am into nikhahit and sara aa, a two-part vowel
// sign into its two), as far as the face maps them, and the dotted circle a broken cluster is set on: the
// subset must map them too, or they are drawn as the missing glyph.
void add_decompositions(const HbFace& face, std::vector<uint32_t>& chars) {
    std::vector<uint32_t> more;
    if (face.maps(0x25CC)) more.push_back(0x25CC);
    for (uint32_t c : chars)
        for (utf8proc_option_t option :
             {UTF8PROC_DECOMPOSE, static_cast<utf8proc_option_t>(UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT)}) {
            utf8proc_int32_t parts[18];
            int last_boundclass = 0;
            const utf8proc_ssize_t n =
                utf8proc_decompose_char(static_cast<utf8proc_int32_t>(c), parts, 18, option, &last_boundclass);
            for (utf8proc_ssize_t i = 0; n > 1 && i < n && i < 18; ++i)
                if (face.maps(static_cast<uint32_t>(parts[i]))) more.push_back(static_cast<uint32_t>(parts[i]));
        }
    chars.insert(chars.end(), more.begin(), more.end());
    std::sort(chars.begin(), chars.end());
    chars.erase(std::unique(chars.begin(), chars.end()), chars.end());
}

// The Arabic presentation forms the face maps whose letters are all used: the layout draws Arabic joined
// by them (core/text/bidi.h), so the subset keeps the forms the text can need, not the whole two ranges.
void add_arabic_forms(const HbFace& face, const CodePointSet& used, std::vector<uint32_t>& chars) {
    for (uint32_t c = 0xFB50; c < 0xFF00; ++c) {
        if ((c >= 0xFE00 && c < 0xFE70) || !face.maps(c)) continue;
        std::string one, letters;
        utf8_append(one, c);
        utf8proc_uint8_t* nfkc = utf8proc_NFKC(reinterpret_cast<const utf8proc_uint8_t*>(one.c_str()));
        if (!nfkc) continue;
        letters = reinterpret_cast<const char*>(nfkc);
        std::free(nfkc);
        bool all = letters != one && !letters.empty();
        for (size_t i = 0; all && i < letters.size();) {
            uint32_t l = 0;
            const size_t n = utf8_decode(letters, i, l);
            all = n && used.has(l);
            i += n ? n : 1;
        }
        if (all) chars.push_back(c);
    }
    std::sort(chars.begin(), chars.end());
    chars.erase(std::unique(chars.begin(), chars.end()), chars.end());
}

struct FaceJob {
    std::string name, path;
    unsigned face_number = 0;
    std::vector<uint32_t> chars;
    std::optional<std::vector<std::string>> runs; // shaped (even if none of its runs need a glyph)
    bool marks_only = false;                      // Arabic: joined by its forms, its marks positioned
};

bool write_script_face(const FaceJob& job, const EmLineMetrics& metrics, const fs::path& out, uint32_t& next_code_point,
                       std::string& error) {
    HbFace face;
    if (!face.open(job.path, job.face_number, error)) return error = job.path + ": " + error, false;
    ClusterPlan plan;
    if (job.runs && !job.runs->empty()) {
        plan = plan_clusters(face, *job.runs);
        if (job.marks_only) // only a letter with its marks: a letter alone keeps the form the layout chose
            plan.clusters.erase(std::remove_if(plan.clusters.begin(), plan.clusters.end(),
                                               [](const auto& k) {
                                                   bool mark = false;
                                                   for (size_t i = 0; i < k.first.size();) {
                                                       uint32_t c = 0;
                                                       const size_t n = utf8_decode(k.first, i, c);
                                                       mark = mark || is_nonspacing_mark(c);
                                                       i += n ? n : 1;
                                                   }
                                                   return !mark;
                                               }),
                                plan.clusters.end());
    }
    SubsetRequest request;
    request.code_points = job.chars;
    request.glyphs = plan.used;
    request.layout = !job.runs ? SubsetLayout::None : job.marks_only ? SubsetLayout::MarksOnly : SubsetLayout::Shaping;
    request.notdef_outline = true;
    request.drop_vertical = true;
    std::string bytes;
    std::vector<uint32_t> old_to_new;
    if (!subset_face(face, request, bytes, &old_to_new, error) || !cff_to_glyf(bytes, error) ||
        !set_vertical_metrics(bytes, metrics, error))
        return error = job.path + ": " + error, false;
    if (job.runs) {
        std::vector<ComposedGlyph> glyphs;
        std::vector<std::pair<std::string, uint32_t>> folc;
        size_t left = 0;
        place_composites(plan, old_to_new, next_code_point, glyphs, folc, left);
        if (!add_composed_glyphs(bytes, glyphs, folc, error)) return error = job.path + ": " + error, false;
        if (left)
            std::fprintf(stderr, "folio: %s: %zu clusters drawn unshaped (no private-use code point left)\n",
                         out.filename().c_str(), left);
    }
    // What the face was asked for, it maps.
    HbFace check;
    if (!check.open_bytes(bytes, error)) return error = out.string() + ": " + error, false;
    for (uint32_t c : job.chars)
        if (!check.maps(c)) {
            char buf[64];
            std::snprintf(buf, sizeof buf, "the subset lost U+%04X", c);
            return error = out.string() + ": " + buf, false;
        }
    return write_file(out, bytes, error);
}

// The colour emoji face: Noto Color Emoji's glyphs for the runs' emoji, each at a private-use code point
// (nothing else mapped), with the FOLc table.
bool write_emoji_face(const std::string& path, const std::vector<std::string>& runs, const EmLineMetrics& metrics,
                      const fs::path& out, uint32_t& next_code_point, std::string& error) {
    HbFace face;
    if (!face.open(path, 0, error)) return error = path + ": " + error, false;
    std::map<std::string, uint32_t> glyph_of; // emoji text -> its glyph
    for (const std::string& run : runs) {
        const std::vector<ShapedGlyph> glyphs = shape_run(face, run, /*force_ltr=*/true);
        for (size_t k = 0; k < glyphs.size(); ++k) {
            const uint32_t start = glyphs[k].cluster;
            size_t same = 0;
            for (const ShapedGlyph& g : glyphs)
                same += g.cluster == start;
            uint32_t end = static_cast<uint32_t>(run.size());
            for (const ShapedGlyph& g : glyphs)
                if (g.cluster > start) end = std::min(end, g.cluster);
            if (same == 1 && glyphs[k].glyph != 0) glyph_of.emplace(run.substr(start, end - start), glyphs[k].glyph);
        }
        for (size_t i = 0; i < run.size();) { // a sequence the face does not join is drawn emoji by emoji
            uint32_t c = 0;
            const size_t n = utf8_decode(run, i, c);
            if (n && is_emoji(c) && face.maps(c)) glyph_of.emplace(run.substr(i, n), face.glyph_of(c));
            i += n ? n : 1;
        }
    }
    SubsetRequest request;
    for (const auto& [text, g] : glyph_of)
        request.glyphs.push_back(g);
    request.notdef_outline = true;
    request.drop_vertical = true;
    std::string bytes;
    std::vector<uint32_t> old_to_new;
    if (!subset_face(face, request, bytes, &old_to_new, error)) return error = path + ": " + error, false;
    std::map<uint32_t, uint32_t> code_point_of; // old glyph -> code point
    std::vector<std::pair<std::string, uint32_t>> folc;
    std::vector<std::pair<uint32_t, uint32_t>> cmap;
    for (const auto& [text, g] : glyph_of) {
        auto it = code_point_of.find(g);
        if (it == code_point_of.end()) {
            if (next_code_point >= kPrivateUseEnd || g >= old_to_new.size() || old_to_new[g] == UINT32_MAX) continue;
            it = code_point_of.emplace(g, next_code_point++).first;
            cmap.push_back({it->second, old_to_new[g]});
        }
        folc.push_back({text, it->second});
    }
    if (!remap_face(bytes, cmap, folc, error) || !set_vertical_metrics(bytes, metrics, error))
        return error = path + ": " + error, false;
    return write_file(out, bytes, error);
}

bool write_book_faces(const FontSources& sources, const std::vector<uint32_t>& chars, const fs::path& dir,
                      std::string& error) {
    for (const BookFace& f : kBookFaces) {
        const std::string path = source_of(sources, f);
        HbFace face;
        if (!face.open(path, 0, error)) return error = path + ": " + error, false;
        SubsetRequest request;
        request.code_points = chars;
        std::string bytes, stand_in;
        if (!subset_face(face, request, bytes, nullptr, error) || !make_stand_in(bytes, stand_in, error))
            return error = path + ": " + error, false;
        const std::string stem = fs::path(f.file).stem().string();
        if (!write_file(dir / f.file, bytes, error) || !write_file(dir / (stem + ".metrics.ttf"), stand_in, error))
            return false;
    }
    return true;
}

// Makes every face for the characters and the text (its runs), and records the state.
bool make_fonts(const CodePointSet& chars, const std::vector<std::string_view>& texts, const std::string& language,
                const fs::path& dir, const FontSources& sources, FontState& state, std::string& error) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    fs::remove(dir / kFontStateFile, ec); // a build stopped half-way leaves no state: made again next time
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string name = e.path().filename().string();
        if (name.rfind("script-", 0) == 0 && e.path().extension() == ".ttf") fs::remove(e.path(), ec);
    }
    CodePointSet asked = chars;
    for (const auto& r : kAlwaysKept)
        for (uint32_t c = r[0]; c <= r[1]; ++c)
            asked.add(c);
    const std::vector<uint32_t> text_chars = members(chars);
    if (!write_book_faces(sources, members(asked), dir, error)) return false;

    // The script faces: the chain says which draws each character the book's face lacks.
    std::string main_face;
    const std::string main_path = source_of(sources, kBookFaces[0]);
    if (!read_file(main_path, main_face)) return error = "cannot read " + main_path, false;
    EmLineMetrics metrics;
    if (!read_vertical_metrics(main_face, metrics, error)) return error = main_path + ": " + error, false;
    std::vector<ScriptPick> picks;
    std::vector<uint32_t> left;
    if (!pick_script_faces(main_face, text_chars, language, read_file, picks, left, error))
        return error = main_path + ": " + error, false;
    FontState next;
    next.key = state.key;
    next.chars = asked;
    TextRuns pointed, emoji;
    for (std::string_view t : texts) {
        add_pointed_arabic_runs(t, pointed);
        add_emoji_runs(t, emoji);
    }
    uint32_t next_code_point = kPrivateUseFirst;
    std::string scripts;
    for (const ScriptPick& p : picks) {
        FaceJob job{p.name, p.file, p.face_number, p.code_points, std::nullopt, false};
        HbFace face;
        if (!face.open(p.file, p.face_number, error)) return error = p.file + ": " + error, false;
        if (p.name == "arabic") {
            add_arabic_forms(face, chars, job.chars);
            if (!pointed.list.empty()) {
                std::vector<std::string> joined; // as the layout joins them (core/text/bidi.h: the one home)
                for (const std::string& w : pointed.list)
                    joined.push_back(shape_arabic(w));
                job.runs = joined;
                job.marks_only = true;
                for (const std::string& w : pointed.list)
                    next.runs.insert(w);
            }
        }
        if (p.shaped) {
            CodePointSet mine;
            for (uint32_t c : job.chars)
                mine.add(c);
            TextRuns runs;
            for (std::string_view t : texts)
                add_runs_of(t, mine, runs);
            add_decompositions(face, job.chars);
            for (uint32_t c : job.chars)
                next.shaped.add(c);
            for (const std::string& r : runs.list)
                next.runs.insert(r);
            job.runs = std::move(runs.list);
        }
        const std::string file = "script-" + p.name + ".ttf";
        if (!write_script_face(job, metrics, dir / file, next_code_point, error)) return false;
        scripts += file + "\n";
    }
    if (!emoji.list.empty() && fs::exists(sources.emoji)) {
        if (!write_emoji_face(sources.emoji, emoji.list, metrics, dir / "script-emoji.ttf", next_code_point, error))
            return false;
        scripts += "script-emoji.ttf\n";
        for (const std::string& r : emoji.list)
            next.runs.insert(r);
    }
    if (!write_file(dir / "scripts.txt", scripts, error)) return false;
    next.read = true;
    if (!write_file(dir / kFontStateFile, state_text(next), error)) return false;
    state = std::move(next);
    return true;
}

} // namespace

bool fonts_made_for_bidi(const std::string& dir) {
    FontState state;
    read_state(dir, state);
    std::string text; // every character beyond ASCII, for the one rule (needs_bidi)
    for (uint32_t c = 0x80; c < state.chars.bits.size(); ++c)
        if (state.chars.bits[c]) utf8_append(text, c);
    return needs_bidi(text);
}

bool fonts_cover(const FontState& state, const std::vector<std::string_view>& texts, const ParallelFor& parallel) {
    if (state.key.empty()) return false;
    std::vector<char> covered(texts.size(), 0);
    for_each_index(parallel, texts.size(), [&](size_t i) {
        // (a set of the text's own and a walk of all Unicode took 1 ms at least)
        if (!code_points_in(texts[i], state.chars)) return;
        for (const std::string& r : runs_needed({texts[i]}, state.shaped).list)
            if (!state.runs.count(r)) return;
        covered[i] = 1;
    });
    return std::all_of(covered.begin(), covered.end(), [](char c) { return c != 0; });
}

bool ensure_site_fonts(const std::vector<std::string_view>& texts, const std::string& language, const std::string& dir,
                       FontState& state, bool& made, std::string& error, const FontSources& sources,
                       const ParallelFor& parallel) {
    made = false;
    if (!state.read) read_state(dir, state);
    const std::string key = recipe_key(sources);
    if (state.key == key && fonts_cover(state, texts, parallel)) return true;
    // The new text, every character asked for before, each alone (run together they would be shaped as
    // words), and every run shaped before, a line each: the fonts only grow, so an undone edit costs nothing.
    CodePointSet chars;
    for (std::string_view t : texts)
        add_code_points(t, chars);
    std::string before;
    if (state.key == key) {
        for (uint32_t c = 0; c < state.chars.bits.size(); ++c)
            if (state.chars.bits[c] && !chars.has(c) && !always_kept(c)) { // (those the book's faces only)
                before += ' ';
                utf8_append(before, c);
            }
        for (const std::string& run : state.runs)
            before += "\n" + run;
    }
    add_code_points(before, chars);
    if (state.key != key) state = FontState{};
    state.key = key;
    made = true;
    std::vector<std::string_view> all = texts;
    all.push_back(before);
    return make_fonts(chars, all, language, dir, sources, state, error);
}

} // namespace folio
