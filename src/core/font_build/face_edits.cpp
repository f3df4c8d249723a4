// folio core (native): changes to a subset face. See face_edits.h.
#include "core/font_build/face_edits.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/fonts/sfnt.h"

namespace folio {

using namespace sfnt;

namespace {

const unsigned char* bytes_of(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }
int16_t s16(const unsigned char* p) { return static_cast<int16_t>(be16(p)); }

// The face's tables, TrueType or CFF.
bool tables_of(const std::string& font, std::vector<Table>& tables, std::string& error) {
    return read_tables(bytes_of(font), font.size(), tables, error, 0, /*cff=*/true);
}

// A table's bytes, or an error naming it.
bool table_bytes(const std::string& font, const std::vector<Table>& tables, const char* tag, size_t min_size,
                 std::string& out, std::string& error) {
    const Table* t = find(tables, tag);
    if (!t || t->length < min_size) return error = std::string("no usable ") + tag + " table", false;
    out.assign(font, t->offset, t->length);
    return true;
}

TableOut change(const char* tag, const std::string& data) {
    TableOut o;
    std::memcpy(o.tag, tag, 4);
    o.data = data;
    return o;
}

// A glyph's box: xMin, yMin, xMax, yMax.
struct Box {
    int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool empty = true;
    void add(int32_t x, int32_t y) {
        if (empty) {
            x0 = x1 = x, y0 = y1 = y, empty = false;
            return;
        }
        x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
    }
    void add(const Box& b) {
        if (b.empty) return;
        add(b.x0, b.y0);
        add(b.x1, b.y1);
    }
};

Box box_of_glyph(std::string_view g) {
    Box b;
    if (g.size() < 10) return b;
    const auto* p = reinterpret_cast<const unsigned char*>(g.data());
    b.add(s16(p + 2), s16(p + 4));
    b.add(s16(p + 6), s16(p + 8));
    return b;
}

// post as format 3 (no glyph names: nothing reads them, and added glyphs need none).
std::string post_without_names(const std::string& post) {
    std::string out = post.substr(0, 32);
    out.resize(32, '\0');
    set32(out, 0, 0x00030000);
    return out;
}

// A simple TrueType glyph: its contours as flags and coordinate deltas (repeated flags folded).
std::string encode_simple_glyph(const std::vector<Contour>& contours, Box& box) {
    std::string out;
    box = Box{};
    size_t points = 0;
    for (const Contour& k : contours)
        for (const OutlinePoint& p : k)
            box.add(p.x, p.y), ++points;
    if (!points) return out;
    put16(out, static_cast<uint32_t>(contours.size()));
    for (int32_t v : {box.x0, box.y0, box.x1, box.y1})
        put16(out, static_cast<uint32_t>(v) & 0xFFFF);
    size_t end = 0;
    for (const Contour& k : contours)
        put16(out, static_cast<uint32_t>((end += k.size()) - 1));
    put16(out, 0); // no instructions
    std::string flags, xs, ys;
    int32_t px = 0, py = 0;
    unsigned char last = 0;
    size_t repeat_at = std::string::npos;
    auto coord = [](int32_t d, unsigned char short_bit, unsigned char same_bit, unsigned char& flag, std::string& to) {
        if (d == 0) {
            flag |= same_bit;
        } else if (d >= -255 && d <= 255) {
            flag |= short_bit | (d > 0 ? same_bit : 0);
            to += static_cast<char>(d > 0 ? d : -d);
        } else {
            put16(to, static_cast<uint32_t>(d) & 0xFFFF);
        }
    };
    for (const Contour& k : contours)
        for (const OutlinePoint& p : k) {
            unsigned char flag = p.on ? 0x01 : 0x00;
            coord(p.x - px, 0x02, 0x10, flag, xs);
            coord(p.y - py, 0x04, 0x20, flag, ys);
            px = p.x, py = p.y;
            if (!flags.empty() && flag == last) {
                if (repeat_at == std::string::npos) {
                    flags.back() = static_cast<char>(flags.back() | 0x08);
                    flags += '\1';
                    repeat_at = flags.size() - 1;
                    continue;
                }
                if (static_cast<unsigned char>(flags[repeat_at]) < 255) {
                    flags[repeat_at] = static_cast<char>(static_cast<unsigned char>(flags[repeat_at]) + 1);
                    continue;
                }
            }
            flags += static_cast<char>(flag);
            last = flag;
            repeat_at = std::string::npos;
        }
    return out + flags + xs + ys;
}

void pad4(std::string& s) {
    while (s.size() % 4)
        s += '\0';
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Vertical metrics
//-----------------------------------------------------------------------------

bool read_vertical_metrics(const std::string& font, EmLineMetrics& out, std::string& error) {
    std::vector<Table> tables;
    std::string head, hhea, os2;
    if (!tables_of(font, tables, error) || !table_bytes(font, tables, "head", 54, head, error) ||
        !table_bytes(font, tables, "hhea", 36, hhea, error) || !table_bytes(font, tables, "OS/2", 78, os2, error))
        return false;
    const double em = be16(bytes_of(head) + 18);
    if (em <= 0) return error = "units per em is 0", false;
    const unsigned char *h = bytes_of(hhea), *o = bytes_of(os2);
    out = {s16(h + 4) / em,  s16(h + 6) / em,  s16(h + 8) / em,   s16(o + 68) / em,
           s16(o + 70) / em, s16(o + 72) / em, be16(o + 74) / em, be16(o + 76) / em};
    return true;
}

bool set_vertical_metrics(std::string& font, const EmLineMetrics& m, std::string& error) {
    std::vector<Table> tables;
    std::string head, hhea, os2;
    if (!tables_of(font, tables, error) || !table_bytes(font, tables, "head", 54, head, error) ||
        !table_bytes(font, tables, "hhea", 36, hhea, error) || !table_bytes(font, tables, "OS/2", 78, os2, error))
        return false;
    const double em = be16(bytes_of(head) + 18);
    // Rounded half to even, as the faces' first builder (Python's round) did.
    auto units = [&](double v) { return static_cast<uint32_t>(static_cast<int32_t>(std::nearbyint(v * em))) & 0xFFFF; };
    set16(hhea, 4, units(m[0]));
    set16(hhea, 6, units(m[1]));
    set16(hhea, 8, units(m[2]));
    for (size_t i = 0; i < 5; ++i)
        set16(os2, 68 + 2 * i, units(m[3 + i]));
    font = rewrite_font(font, tables, {change("hhea", hhea), change("OS/2", os2)});
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] CFF outlines to TrueType
//-----------------------------------------------------------------------------

bool cff_to_glyf(std::string& font, std::string& error) {
    std::vector<Table> tables;
    std::string head, maxp_old, post;
    if (!tables_of(font, tables, error) || !table_bytes(font, tables, "head", 54, head, error) ||
        !table_bytes(font, tables, "maxp", 6, maxp_old, error))
        return false;
    if (!find(tables, "CFF ")) return true; // TrueType already
    HbFace face;
    if (!face.open_bytes(font, error)) return false;
    const uint32_t glyphs = face.glyph_count();
    std::string glyf, loca;
    Box all;
    size_t max_points = 0, max_contours = 0;
    for (uint32_t g = 0; g < glyphs; ++g) {
        put32(loca, static_cast<uint32_t>(glyf.size()));
        std::vector<Contour> contours = glyph_outline(face, g, 1.0);
        size_t points = 0;
        for (Contour& k : contours) { // TrueType's outer contours run clockwise, CFF's counter-clockwise
            std::reverse(k.begin() + 1, k.end());
            points += k.size();
        }
        Box box;
        glyf += encode_simple_glyph(contours, box);
        pad4(glyf);
        all.add(box);
        max_points = std::max(max_points, points);
        max_contours = std::max(max_contours, contours.size());
    }
    put32(loca, static_cast<uint32_t>(glyf.size()));
    std::string maxp;
    put32(maxp, 0x00010000);
    put16(maxp, glyphs);
    put16(maxp, static_cast<uint32_t>(max_points));
    put16(maxp, static_cast<uint32_t>(max_contours));
    put16(maxp, 0);
    put16(maxp, 0);
    put16(maxp, 2); // maxZones
    maxp.resize(32, '\0');
    set16(head, 36, static_cast<uint32_t>(all.x0) & 0xFFFF);
    set16(head, 38, static_cast<uint32_t>(all.y0) & 0xFFFF);
    set16(head, 40, static_cast<uint32_t>(all.x1) & 0xFFFF);
    set16(head, 42, static_cast<uint32_t>(all.y1) & 0xFFFF);
    set16(head, 50, 1); // long loca
    set16(head, 52, 0);
    if (const Table* p = find(tables, "post")) post = post_without_names(font.substr(p->offset, p->length));
    std::vector<TableOut> outs;
    for (const Table& t : tables) {
        const std::string tag(t.tag, 4);
        if (tag == "CFF " || tag == "CFF2" || tag == "VORG" || tag == "head" || tag == "maxp" || tag == "post")
            continue;
        TableOut o;
        std::memcpy(o.tag, t.tag, 4);
        o.data = std::string_view(font).substr(t.offset, t.length);
        outs.push_back(o);
    }
    for (const TableOut& o : {change("glyf", glyf), change("loca", loca), change("maxp", maxp), change("head", head)})
        outs.push_back(o);
    if (!post.empty()) outs.push_back(change("post", post));
    font = write_font(0x00010000, std::move(outs));
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Stand-ins
//-----------------------------------------------------------------------------

bool make_stand_in(const std::string& font, std::string& out, std::string& error) {
    std::vector<Table> tables;
    std::string head, maxp;
    if (!tables_of(font, tables, error) || !table_bytes(font, tables, "head", 54, head, error) ||
        !table_bytes(font, tables, "maxp", 6, maxp, error))
        return false;
    const uint32_t glyphs = be16(bytes_of(maxp) + 4);
    const bool long_loca = be16(bytes_of(head) + 50) == 1;
    // Every glyph empty; glyf one byte, not none: font sanitizers refuse an empty glyf (fontTools does so too).
    const std::string loca((glyphs + 1) * (long_loca ? 4 : 2), '\0'), glyf(1, '\0');
    std::vector<TableOut> outs;
    for (const char* tag : {"head", "hhea", "maxp", "hmtx", "cmap"}) {
        const Table* t = find(tables, tag);
        if (!t) return error = std::string("no ") + tag + " table", false;
        TableOut o;
        std::memcpy(o.tag, tag, 4);
        o.data = std::string_view(font).substr(t->offset, t->length);
        outs.push_back(o);
    }
    outs.push_back(change("loca", loca));
    outs.push_back(change("glyf", glyf));
    out = write_font(0x00010000, std::move(outs));
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Added glyphs, cmap and FOLc
//-----------------------------------------------------------------------------

namespace {

std::string cluster_table(const std::vector<std::pair<std::string, uint32_t>>& clusters) {
    std::vector<std::pair<std::string, uint32_t>> sorted = clusters;
    std::sort(sorted.begin(), sorted.end());
    std::string out;
    char hex[16];
    for (const auto& [text, cp] : sorted) {
        std::snprintf(hex, sizeof hex, "%X\t", cp);
        out += hex + text + "\n";
    }
    return out;
}

// The face's cmap as pairs, from HarfBuzz's reading of it.
bool cmap_pairs(const std::string& font, std::vector<std::pair<uint32_t, uint32_t>>& out, std::string& error) {
    HbFace face;
    if (!face.open_bytes(font, error)) return false;
    for (uint32_t c : face.mapped())
        out.push_back({c, face.glyph_of(c)});
    return true;
}

} // namespace

bool add_composed_glyphs(std::string& font, const std::vector<ComposedGlyph>& added,
                         const std::vector<std::pair<std::string, uint32_t>>& clusters, std::string& error) {
    std::vector<Table> tables;
    std::string head, hhea, maxp, hmtx_old, post;
    if (!tables_of(font, tables, error) || !table_bytes(font, tables, "head", 54, head, error) ||
        !table_bytes(font, tables, "hhea", 36, hhea, error) || !table_bytes(font, tables, "maxp", 32, maxp, error) ||
        !table_bytes(font, tables, "hmtx", 4, hmtx_old, error))
        return false;
    Outlines outlines;
    if (!read_outlines(bytes_of(font), tables, outlines, error)) return false;
    const size_t glyphs = outlines.glyphs();
    const size_t metrics = be16(bytes_of(hhea) + 34);
    if (metrics == 0 || hmtx_old.size() < 4 * metrics + 2 * (glyphs - std::min(glyphs, metrics)))
        return error = "hmtx is shorter than its glyphs", false;
    std::vector<std::pair<uint32_t, uint32_t>> map;
    if (!cmap_pairs(font, map, error)) return false;
    // The glyphs as they are (their offsets kept), then the new ones; every glyph its own advance.
    std::string glyf(outlines.glyph(0).data(), outlines.starts.back() - outlines.starts.front()), loca, hmtx;
    for (size_t g = 0; g < glyphs; ++g) {
        put32(loca, static_cast<uint32_t>(outlines.starts[g] - outlines.starts.front()));
        const unsigned char* m = bytes_of(hmtx_old) + 4 * std::min(g, metrics - 1);
        put16(hmtx, be16(m));
        put16(hmtx, g < metrics ? be16(m + 2) : be16(bytes_of(hmtx_old) + 4 * metrics + 2 * (g - metrics)));
    }
    // No padding here: it would become the last glyph's bytes, and an empty glyph must have none.
    Box all = box_of_glyph(std::string_view(head).substr(34, 10)); // head's xMin.. sit where a glyph's do
    uint32_t most_parts = be16(bytes_of(maxp) + 28);
    for (const ComposedGlyph& a : added) {
        put32(loca, static_cast<uint32_t>(glyf.size()));
        Box box;
        if (!a.parts.empty()) {
            std::string g;
            for (const ComposedGlyph::Part& p : a.parts) {
                if (p.glyph >= glyphs) return error = "a cluster's part is not a glyph of the face", false;
                Box part = box_of_glyph(outlines.glyph(p.glyph));
                if (!part.empty) box.add({part.x0 + p.x, part.y0 + p.y, part.x1 + p.x, part.y1 + p.y, false});
            }
            put16(g, 0xFFFF); // numberOfContours -1: a composite
            for (int32_t v : {box.x0, box.y0, box.x1, box.y1})
                put16(g, static_cast<uint32_t>(v) & 0xFFFF);
            for (size_t i = 0; i < a.parts.size(); ++i) {
                // ARG_1_AND_2_ARE_WORDS | ARGS_ARE_XY_VALUES, and MORE_COMPONENTS but on the last
                put16(g, 0x0003 | (i + 1 < a.parts.size() ? 0x0020 : 0));
                put16(g, a.parts[i].glyph);
                put16(g, static_cast<uint32_t>(a.parts[i].x) & 0xFFFF);
                put16(g, static_cast<uint32_t>(a.parts[i].y) & 0xFFFF);
            }
            glyf += g;
            pad4(glyf);
            most_parts = std::max<uint32_t>(most_parts, static_cast<uint32_t>(a.parts.size()));
        }
        all.add(box);
        put16(hmtx, static_cast<uint32_t>(a.advance) & 0xFFFF);
        put16(hmtx, static_cast<uint32_t>(box.empty ? 0 : box.x0) & 0xFFFF);
        map.push_back({a.code_point, static_cast<uint32_t>(glyphs + (&a - added.data()))});
    }
    put32(loca, static_cast<uint32_t>(glyf.size()));
    const uint32_t total = static_cast<uint32_t>(glyphs + added.size());
    if (total > 0xFFFF) return error = "too many glyphs", false;
    set16(hhea, 34, total);
    set16(maxp, 4, total);
    if (!added.empty()) {
        set16(maxp, 28, most_parts);
        set16(maxp, 30, std::max<uint32_t>(1, be16(bytes_of(maxp) + 30) + 1)); // a part may itself be composite
    }
    set16(head, 36, static_cast<uint32_t>(all.x0) & 0xFFFF);
    set16(head, 38, static_cast<uint32_t>(all.y0) & 0xFFFF);
    set16(head, 40, static_cast<uint32_t>(all.x1) & 0xFFFF);
    set16(head, 42, static_cast<uint32_t>(all.y1) & 0xFFFF);
    set16(head, 50, 1);
    std::sort(map.begin(), map.end());
    const std::string cmap = write_cmap(map), folc = clusters.empty() ? std::string() : cluster_table(clusters);
    if (const Table* p = find(tables, "post")) post = post_without_names(font.substr(p->offset, p->length));
    font = rewrite_font(font, tables,
                        {change("glyf", glyf), change("loca", loca), change("hmtx", hmtx), change("hhea", hhea),
                         change("maxp", maxp), change("head", head), change("cmap", cmap), change("post", post),
                         change("FOLc", folc)});
    return true;
}

bool remap_face(std::string& font, std::vector<std::pair<uint32_t, uint32_t>> map,
                const std::vector<std::pair<std::string, uint32_t>>& clusters, std::string& error) {
    std::vector<Table> tables;
    if (!tables_of(font, tables, error)) return false;
    std::sort(map.begin(), map.end());
    std::string post;
    if (const Table* p = find(tables, "post")) post = post_without_names(font.substr(p->offset, p->length));
    font = rewrite_font(font, tables,
                        {change("cmap", write_cmap(map)), change("post", post),
                         change("FOLc", clusters.empty() ? std::string() : cluster_table(clusters))});
    return true;
}

} // namespace folio
