// folio core: partial faces. See font_partial.h.
#include "core/fonts/font_partial.h"

#include <algorithm>
#include <cstring>

#include "core/fonts/sfnt.h"

namespace folio {

using namespace sfnt;

namespace {

constexpr char kRangesTag[5] = "FOLi";

std::vector<CodeRange> to_ranges(std::vector<uint32_t> cps) {
    std::sort(cps.begin(), cps.end());
    std::vector<CodeRange> out;
    for (uint32_t c : cps) {
        if (!out.empty() && c <= out.back().last + 1)
            out.back().last = std::max(out.back().last, c);
        else
            out.push_back({c, c});
    }
    return out;
}

} // namespace

namespace {
bool unmapped_in(const unsigned char* b, const std::vector<Table>& tables, const std::vector<uint32_t>& code_points,
                 std::vector<uint32_t>& out, std::string& error) {
    const Table *cmap = find(tables, "cmap"), *maxp = find(tables, "maxp");
    if (!cmap || !maxp || maxp->length < 6) return error = "cmap or maxp is missing", false;
    const size_t glyphs = be16(b + maxp->offset + 4);
    const auto subtables = unicode_subtables(b + cmap->offset, cmap->length);
    if (subtables.empty()) return error = "no Unicode character map (cmap format 4 or 12)", false;
    for (uint32_t c : code_points)
        if (!glyphs_of(subtables, glyphs, c, nullptr)) out.push_back(c);
    return true;
}
} // namespace

bool unmapped_code_points(std::string_view font, const std::vector<uint32_t>& code_points, std::vector<uint32_t>& out,
                          std::string& error) {
    const auto* b = reinterpret_cast<const unsigned char*>(font.data());
    std::vector<Table> tables;
    if (!read_tables(b, font.size(), tables, error)) return false;
    return unmapped_in(b, tables, code_points, out, error);
}

bool unmapped_code_points_of_file(std::string_view file, unsigned face_number, const std::vector<uint32_t>& code_points,
                                  std::vector<uint32_t>& out, std::string& error) {
    const auto* b = reinterpret_cast<const unsigned char*>(file.data());
    size_t at = 0;
    if (file.size() >= 12 && std::memcmp(b, "ttcf", 4) == 0) { // a collection: its face's table directory
        const size_t faces = be32(b + 8);
        if (face_number >= faces || 12 + 4 * static_cast<size_t>(faces) > file.size())
            return error = "the collection has no face " + std::to_string(face_number), false;
        at = be32(b + 12 + 4 * face_number);
    } else if (face_number != 0) {
        return error = "not a font collection", false;
    }
    std::vector<Table> tables;
    if (!read_tables(b, file.size(), tables, error, at, true)) return false;
    return unmapped_in(b, tables, code_points, out, error);
}

bool make_partial_font(std::string_view font, const std::vector<uint32_t>& code_points, std::string& out,
                       std::string& error) {
    const auto* b = reinterpret_cast<const unsigned char*>(font.data());
    std::vector<Table> tables;
    if (!read_tables(b, font.size(), tables, error)) return false;
    const Table *head = find(tables, "head"), *cmap = find(tables, "cmap");
    Outlines outlines;
    if (!read_outlines(b, tables, outlines, error)) return false;
    if (!cmap) return error = "a table a TrueType face needs is missing", false;
    const bool long_loca = be16(b + head->offset + 50) != 0;
    const size_t glyphs = outlines.glyphs();

    // The glyphs to keep: glyph 0, the requested characters', and, transitively, their components.
    std::vector<bool> keep(glyphs, false);
    std::vector<uint32_t> work{0}, drawn;
    const auto subtables = unicode_subtables(b + cmap->offset, cmap->length);
    if (subtables.empty()) return error = "no Unicode character map (cmap format 4 or 12)", false;
    for (uint32_t c : code_points) {
        const bool mapped = glyphs_of(subtables, glyphs, c, &work);
        if (mapped) drawn.push_back(c);
    }
    while (!work.empty()) {
        const uint32_t g = work.back();
        work.pop_back();
        if (g >= glyphs || keep[g]) continue;
        keep[g] = true;
        const std::string_view data = outlines.glyph(g);
        const auto* d = reinterpret_cast<const unsigned char*>(data.data());
        if (data.size() >= 10 && static_cast<int16_t>(be16(d)) < 0 && !components(d, data.size(), work))
            return error = "a composite glyph is cut short", false;
    }

    // The new glyf and loca: kept glyphs as they were (padded so that each starts on an even offset, as
    // a short loca needs), the others empty.
    std::string new_glyf, new_loca;
    for (size_t g = 0; g < glyphs; ++g) {
        const size_t start = new_glyf.size();
        if (long_loca)
            put32(new_loca, static_cast<uint32_t>(start));
        else
            put16(new_loca, static_cast<uint32_t>(start / 2));
        if (!keep[g]) continue;
        new_glyf.append(outlines.glyph(g));
        while (new_glyf.size() % (long_loca ? 4 : 2))
            new_glyf += '\0';
    }
    if (!long_loca && new_glyf.size() / 2 > 0xFFFF) return error = "glyf too long for a short loca", false;
    if (long_loca)
        put32(new_loca, static_cast<uint32_t>(new_glyf.size()));
    else
        put16(new_loca, static_cast<uint32_t>(new_glyf.size() / 2));
    // No outline kept (the face's runs on the main pages are all in script faces: Japanese in italic): a
    // browser's font sanitizer refuses an empty table, and with it the face, so glyf gets padding past the
    // end its loca gives.
    if (new_glyf.empty()) new_glyf.assign(4, '\0');

    // The ranges it draws: count, then first and last of each.
    std::string ranges;
    const std::vector<CodeRange> drawn_ranges = to_ranges(drawn);
    put32(ranges, static_cast<uint32_t>(drawn_ranges.size()));
    for (const CodeRange& r : drawn_ranges) {
        put32(ranges, r.first);
        put32(ranges, r.last);
    }

    TableOut changes[3] = {{{'g', 'l', 'y', 'f'}, new_glyf}, {{'l', 'o', 'c', 'a'}, new_loca}, {{}, ranges}};
    std::memcpy(changes[2].tag, kRangesTag, 4); // a partial made again has its ranges replaced
    out = rewrite_font(font, tables, {changes, changes + 3});
    return true;
}

bool mapped_code_points(std::string_view font, std::vector<uint32_t>& out, std::string& error) {
    const auto* b = reinterpret_cast<const unsigned char*>(font.data());
    std::vector<Table> tables;
    if (!read_tables(b, font.size(), tables, error)) return false;
    const Table* cmap = find(tables, "cmap");
    if (!cmap) return error = "cmap is missing", false;
    const auto subtables = unicode_subtables(b + cmap->offset, cmap->length);
    if (subtables.empty()) return error = "no Unicode character map (cmap format 4 or 12)", false;
    out.clear();
    for (const auto& [s, len] : subtables) {
        if (be16(s) == 4) { // each segment's code points, asked of the subtable (its delta or glyph array)
            const size_t seg2 = len >= 14 ? be16(s + 6) : 0;
            if (14 + 4 * seg2 + 2 > len) continue;
            for (size_t i = 0; i < seg2; i += 2) {
                const uint32_t last = be16(s + 14 + i), first = be16(s + 14 + seg2 + 2 + i);
                for (uint32_t c = first; c <= last && c < 0xFFFF; ++c)
                    if (glyph_in_subtable(s, len, c)) out.push_back(c);
            }
        } else if (len >= 16) { // format 12: groups
            const size_t groups = be32(s + 12);
            if (groups > (len - 16) / 12) continue;
            for (size_t i = 0; i < groups; ++i) {
                const unsigned char* g = s + 16 + 12 * i;
                if (be32(g + 4) < be32(g) || be32(g + 4) - be32(g) > 0x20000) continue; // not a real face's
                for (uint32_t c = be32(g); c <= be32(g + 4) && c <= 0x10FFFF; ++c)
                    out.push_back(c);
            }
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return true;
}

// The browser reads this one: a scan of the directory, nothing more (it stays small in the wasm).
bool font_table(const void* data, size_t size, const char* tag, std::string_view& out) {
    const auto* b = static_cast<const unsigned char*>(data);
    if (size < 12) return false;
    const size_t tables = be16(b + 4);
    for (size_t i = 0; i < tables && 12 + 16 * (i + 1) <= size; ++i) {
        const unsigned char* rec = b + 12 + 16 * i;
        if (std::memcmp(rec, tag, 4) != 0) continue;
        const size_t offset = be32(rec + 8), length = be32(rec + 12);
        if (offset > size || length > size - offset) return false;
        out = std::string_view(reinterpret_cast<const char*>(b + offset), length);
        return true;
    }
    return false;
}

uint32_t glyph_of(std::string_view font, uint32_t c) {
    std::string_view cmap;
    if (!font_table(font.data(), font.size(), "cmap", cmap)) return 0;
    for (const auto& [s, len] : unicode_subtables(reinterpret_cast<const unsigned char*>(cmap.data()), cmap.size()))
        if (const uint32_t g = glyph_in_subtable(s, len, c)) return g;
    return 0;
}

bool partial_font_ranges(const void* data, size_t size, std::vector<CodeRange>& out) {
    std::string_view t;
    if (!font_table(data, size, kRangesTag, t) || t.size() < 4) return false;
    const auto* b = reinterpret_cast<const unsigned char*>(t.data());
    const size_t count = be32(b);
    if (count > (t.size() - 4) / 8) return false;
    out.resize(count);
    for (size_t k = 0; k < count; ++k)
        out[k] = {be32(b + 4 + 8 * k), be32(b + 8 + 8 * k)};
    return true;
}

bool in_ranges(const std::vector<CodeRange>& ranges, uint32_t c) {
    auto it =
        std::upper_bound(ranges.begin(), ranges.end(), c, [](uint32_t v, const CodeRange& r) { return v < r.first; });
    return it != ranges.begin() && c <= std::prev(it)->last;
}

} // namespace folio
