// folio core: sliced faces. See font_slices.h.
#include "core/fonts/font_slices.h"

#include <algorithm>
#include <cstring>

#include "core/fonts/font_partial.h"
#include "core/fonts/sfnt.h"

namespace folio {

using namespace sfnt;

namespace {

constexpr char kSlicesTag[5] = "FOLs";

// The tables a slice keeps besides those it rewrites: what drawing and measuring read, and the hinting
// programs (global, not per glyph). Layout tables name glyphs by their old numbers: left out.
bool kept_as_is(const char* tag) {
    for (const char* t : {"OS/2", "cvt ", "fpgm", "prep", "gasp"})
        if (std::memcmp(tag, t, 4) == 0) return true;
    return false;
}

// A name table of one family and style, as font sanitizers require one: "folio slice", "Regular".
std::string slice_name_table() {
    const std::u16string names[] = {u"folio slice", u"Regular"};
    std::string strings, out;
    put16(out, 0); // format
    put16(out, 2); // records
    put16(out, 6 + 12 * 2);
    for (uint32_t id = 0; id < 2; ++id) {
        put16(out, 3);      // Windows
        put16(out, 1);      // Unicode BMP
        put16(out, 0x409);  // English
        put16(out, id + 1); // family, subfamily
        put16(out, static_cast<uint32_t>(2 * names[id].size()));
        put16(out, static_cast<uint32_t>(strings.size()));
        for (char16_t ch : names[id])
            put16(strings, ch);
    }
    return out + strings;
}

void put_varint(std::string& out, uint32_t v) {
    while (v >= 0x80) {
        out += static_cast<char>(0x80 | (v & 0x7F));
        v >>= 7;
    }
    out += static_cast<char>(v);
}

} // namespace

std::vector<std::vector<uint32_t>> plan_slices(std::vector<CharUse> uses) {
    // One use per character: the uses of a repeat together.
    std::sort(uses.begin(), uses.end(), [](const CharUse& a, const CharUse& b) { return a.c < b.c; });
    std::vector<CharUse> merged;
    for (const CharUse& u : uses) {
        if (!merged.empty() && merged.back().c == u.c) {
            merged.back().opening = merged.back().opening || u.opening;
            merged.back().routes = std::max(merged.back().routes, u.routes);
            merged.back().first_route = std::min(merged.back().first_route, u.first_route);
        } else {
            merged.push_back(u);
        }
    }
    uses.swap(merged);
    std::sort(uses.begin(), uses.end(), [](const CharUse& a, const CharUse& b) {
        if (a.opening != b.opening) return a.opening;
        if (a.routes != b.routes) return a.routes > b.routes;
        if (a.first_route != b.first_route) return a.first_route < b.first_route;
        return a.c < b.c;
    });
    const size_t common = std::min(uses.size(), kCommonChars);
    const size_t common_slices = (common + kCommonSliceChars - 1) / kCommonSliceChars;
    const size_t rare = uses.size() - common;
    // Never more than kMaxSlices: a face with very many rare characters gets larger rare slices.
    const size_t rare_size =
        std::max(kRareSliceChars, (rare + (kMaxSlices - common_slices) - 1) / (kMaxSlices - common_slices));
    std::vector<std::vector<uint32_t>> out;
    for (size_t i = 0; i < uses.size(); ++i) {
        const size_t size = i < common ? kCommonSliceChars : rare_size;
        const size_t start_of_part = i < common ? 0 : common;
        if ((i - start_of_part) % size == 0) out.emplace_back();
        out.back().push_back(uses[i].c);
    }
    return out;
}

bool make_font_slice(std::string_view font, const std::vector<uint32_t>& chars, std::string& out, std::string& error) {
    const auto* b = reinterpret_cast<const unsigned char*>(font.data());
    std::vector<Table> tables;
    if (!read_tables(b, font.size(), tables, error)) return false;
    Outlines outlines;
    if (!read_outlines(b, tables, outlines, error)) return false;
    const Table *head = find(tables, "head"), *hhea = find(tables, "hhea"), *hmtx = find(tables, "hmtx"),
                *maxp = find(tables, "maxp"), *post = find(tables, "post"), *cmap = find(tables, "cmap");
    if (!hhea || !hmtx || !cmap || hhea->length < 36) return error = "hhea, hmtx or cmap is missing", false;
    const size_t glyphs = outlines.glyphs();
    const size_t metrics = be16(b + hhea->offset + 34);
    if (metrics == 0 || metrics > glyphs || hmtx->length < 4 * metrics + 2 * (glyphs - metrics))
        return error = "hmtx is cut short", false;
    const auto subtables = unicode_subtables(b + cmap->offset, cmap->length);
    if (subtables.empty()) return error = "no Unicode character map (cmap format 4 or 12)", false;

    // The new glyph order: glyph 0, the characters' glyphs in code point order, then components.
    std::vector<uint32_t> sorted(chars);
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    std::vector<uint32_t> order{0};
    std::vector<uint32_t> renumbered(glyphs, 0);
    std::vector<bool> taken(glyphs, false);
    taken[0] = true;
    std::vector<std::pair<uint32_t, uint32_t>> map; // code point, new glyph
    for (uint32_t c : sorted) {
        std::vector<uint32_t> g;
        if (!glyphs_of(subtables, glyphs, c, &g)) continue;
        if (!taken[g[0]]) {
            taken[g[0]] = true;
            renumbered[g[0]] = static_cast<uint32_t>(order.size());
            order.push_back(g[0]);
        }
        map.push_back({c, renumbered[g[0]]});
    }
    for (size_t i = 0; i < order.size(); ++i) { // grows as components are found
        const std::string_view data = outlines.glyph(order[i]);
        const auto* d = reinterpret_cast<const unsigned char*>(data.data());
        if (data.size() < 10 || static_cast<int16_t>(be16(d)) >= 0) continue;
        std::vector<uint32_t> parts;
        if (!components(d, data.size(), parts)) return error = "a composite glyph is cut short", false;
        for (uint32_t p : parts) {
            if (p >= glyphs) return error = "a composite glyph names a glyph the face lacks", false;
            if (taken[p]) continue;
            taken[p] = true;
            renumbered[p] = static_cast<uint32_t>(order.size());
            order.push_back(p);
        }
    }
    if (order.size() > 0xFFFF) return error = "too many glyphs", false;

    // glyf and a long loca; composites point at their components' new numbers. hmtx: one full record each.
    std::string new_glyf, new_loca, new_hmtx;
    for (uint32_t g : order) {
        put32(new_loca, static_cast<uint32_t>(new_glyf.size()));
        // Glyph 0 draws nothing: a slice is asked only for its own characters (the stand-in has the rest).
        const std::string_view data = g == 0 ? std::string_view() : outlines.glyph(g);
        const size_t at = new_glyf.size();
        new_glyf.append(data);
        const auto* d = reinterpret_cast<const unsigned char*>(data.data());
        if (data.size() >= 10 && static_cast<int16_t>(be16(d)) < 0) {
            std::vector<uint32_t> parts;
            std::vector<size_t> where;
            components(d, data.size(), parts, &where);
            for (size_t k = 0; k < parts.size(); ++k)
                set16(new_glyf, at + where[k], renumbered[parts[k]]);
        }
        while (new_glyf.size() % 4)
            new_glyf += '\0';
        const unsigned char* h = b + hmtx->offset;
        const uint32_t advance = be16(h + 4 * std::min(static_cast<size_t>(g), metrics - 1));
        const uint32_t lsb = g < metrics ? be16(h + 4 * g + 2) : be16(h + 4 * metrics + 2 * (g - metrics));
        put16(new_hmtx, advance);
        put16(new_hmtx, lsb);
    }
    put32(new_loca, static_cast<uint32_t>(new_glyf.size()));
    const uint32_t n = static_cast<uint32_t>(order.size());
    std::string new_head(font.substr(head->offset, head->length)), new_hhea(font.substr(hhea->offset, hhea->length)),
        new_maxp(font.substr(maxp->offset, maxp->length)), new_cmap = write_cmap(map), new_post;
    set16(new_head, 50, 1); // long loca
    set16(new_hhea, 34, n);
    set16(new_maxp, 4, n);
    if (post && post->length >= 32) { // version 3: no glyph names (they were the old glyphs')
        new_post.assign(font.substr(post->offset, 32));
        set32(new_post, 0, 0x00030000);
    }
    std::vector<TableOut> outs;
    auto add = [&outs](const char* tag, std::string_view data) {
        TableOut o;
        std::memcpy(o.tag, tag, 4);
        o.data = data;
        outs.push_back(o);
    };
    add("head", new_head);
    add("hhea", new_hhea);
    add("maxp", new_maxp);
    add("cmap", new_cmap);
    add("hmtx", new_hmtx);
    add("loca", new_loca);
    add("glyf", new_glyf);
    if (!new_post.empty()) add("post", new_post);
    const std::string name = slice_name_table();
    add("name", name);
    for (const Table& t : tables)
        if (kept_as_is(t.tag)) add(t.tag, font.substr(t.offset, t.length));
    out = write_font(0x00010000, std::move(outs));
    return true;
}

bool make_sliced_stand_in(std::string_view font, const std::vector<std::vector<uint32_t>>& slices, std::string& out,
                          std::string& error) {
    if (slices.size() > kMaxSlices) return error = "too many slices", false;
    std::string emptied;
    if (!make_partial_font(font, {}, emptied, error)) return false;
    // FOLs: the count, then for each character in code point order the distance from the last and its slice
    // (varints).
    std::vector<std::pair<uint32_t, uint32_t>> all;
    for (size_t k = 0; k < slices.size(); ++k)
        for (uint32_t c : slices[k])
            all.push_back({c, static_cast<uint32_t>(k)});
    std::sort(all.begin(), all.end());
    std::string table;
    put32(table, static_cast<uint32_t>(all.size()));
    uint32_t last = 0;
    for (const auto& [c, k] : all) {
        put_varint(table, c - last);
        put_varint(table, k);
        last = c;
    }
    // It is on every page of the site: its glyphs, empty, have no side bearings (a sixth of it, compressed).
    const auto* b = reinterpret_cast<const unsigned char*>(emptied.data());
    std::vector<Table> tables;
    if (!read_tables(b, emptied.size(), tables, error)) return false;
    const Table *hhea = find(tables, "hhea"), *hmtx_table = find(tables, "hmtx");
    std::string hmtx;
    if (hhea && hmtx_table && hhea->length >= 36) {
        hmtx.assign(emptied, hmtx_table->offset, hmtx_table->length);
        const size_t metrics = be16(b + hhea->offset + 34);
        for (size_t m = 0; m < metrics && 4 * m + 4 <= hmtx.size(); ++m) // each record's side bearing
            set16(hmtx, 4 * m + 2, 0);
        for (size_t at = 4 * metrics; at + 2 <= hmtx.size(); at += 2) // then the bearings alone
            set16(hmtx, at, 0);
    }
    // No partial's ranges (it draws nothing); the slices' map.
    std::vector<TableOut> changes = {{{'F', 'O', 'L', 'i'}, {}}, {{}, table}};
    std::memcpy(changes[1].tag, kSlicesTag, 4);
    if (!hmtx.empty()) changes.push_back({{'h', 'm', 't', 'x'}, hmtx});
    out = rewrite_font(emptied, tables, changes);
    return true;
}

bool read_slice_map(const void* data, size_t size, SliceMap& out) {
    std::string_view t;
    if (!font_table(data, size, kSlicesTag, t) || t.size() < 4) return false;
    const auto* p = reinterpret_cast<const unsigned char*>(t.data());
    const size_t count = be32(p), len = t.size();
    size_t at = 4;
    auto varint = [&](uint32_t& v) {
        v = 0;
        for (int shift = 0;; shift += 7) {
            if (at >= len || shift > 28) return false;
            const unsigned char byte = p[at++];
            v |= static_cast<uint32_t>(byte & 0x7F) << shift;
            if (!(byte & 0x80)) return true;
        }
    };
    uint32_t c = 0;
    out = SliceMap{};
    for (size_t i = 0; i < count; ++i) {
        uint32_t delta = 0, k = 0;
        if (!varint(delta) || !varint(k)) return false;
        c += delta;
        if (c > 0x10FFFF || k >= kMaxSlices) return false;
        if (c < 0x10000) {
            if (out.bmp.empty()) out.bmp.assign(0x10000, SliceMap::kNone);
            out.bmp[c] = static_cast<uint16_t>(k);
        } else {
            out.astral[c] = static_cast<uint16_t>(k);
        }
        out.slices = std::max<size_t>(out.slices, k + 1u);
    }
    return true;
}

} // namespace folio
