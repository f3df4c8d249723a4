// folio cli: script faces, sliced by use. See script_slices.h.
#include "cli/script_slices.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "core/fonts/font_partial.h"
#include "core/model/routes.h"
#include "core/text/text.h"

namespace folio {

namespace {

// Only a face drawn character by character is sliced: a shaped face's clusters and the emoji's sequences
// are glyphs of their own, which a slice by character would part from their characters.
bool sliceable(const std::string& face) {
    std::string_view table;
    return face.size() > kSliceAboveBytes && !font_table(face.data(), face.size(), "FOLc", table) &&
           !font_table(face.data(), face.size(), "CBDT", table);
}

// How many articles use each code point (title, dek, tags and body, each article counted once), and the
// first of them.
struct ArticleUse {
    std::vector<uint32_t> count, first;
};
ArticleUse article_uses(const Site& site) {
    ArticleUse use{std::vector<uint32_t>(0x110000, 0), std::vector<uint32_t>(0x110000, UINT32_MAX)};
    std::vector<uint32_t>& count = use.count;
    std::vector<uint32_t> last(0x110000, 0);
    uint32_t stamp = 0;
    auto note = [&](const std::string& text) {
        for (size_t i = 0; i < text.size();) {
            const unsigned char b = static_cast<unsigned char>(text[i]);
            if (b < 0x80) {
                ++i;
                continue;
            }
            uint32_t c = 0;
            const size_t n = utf8_decode(text, i, c);
            i += n ? n : 1;
            if (!n || c >= count.size() || last[c] == stamp) continue;
            last[c] = stamp;
            if (count[c]++ == 0) use.first[c] = stamp - 1;
        }
    };
    for (const Article& a : site.writing) {
        ++stamp;
        note(a.title);
        note(a.dek);
        for (const std::string& t : a.tags)
            note(t);
        note(a.body_markdown);
    }
    return use;
}

// A slice's characters as CSS's unicode-range: "U+4E00-4E02,U+4E05".
std::string unicode_range(std::vector<uint32_t> chars) {
    std::sort(chars.begin(), chars.end());
    std::string out;
    char buf[32];
    for (size_t i = 0; i < chars.size();) {
        size_t j = i;
        while (j + 1 < chars.size() && chars[j + 1] == chars[j] + 1)
            ++j;
        if (j == i)
            std::snprintf(buf, sizeof buf, "%sU+%X", out.empty() ? "" : ",", chars[i]);
        else
            std::snprintf(buf, sizeof buf, "%sU+%X-%X", out.empty() ? "" : ",", chars[i], chars[j]);
        out += buf;
        i = j + 1;
    }
    return out;
}

} // namespace

bool script_face_files(const Site& site, ProofMaker& proofs, bool slicing, const std::vector<std::string>& files,
                       std::vector<std::string>& bytes, std::vector<ScriptFaceFiles>& out, std::string& error) {
    ArticleUse use;
    std::vector<uint32_t> opening;
    bool counted = false;
    for (size_t k = 0; k < files.size(); ++k) {
        ScriptFaceFiles face;
        face.stem = std::filesystem::path(files[k]).stem().string();
        if (!slicing || !sliceable(bytes[k])) {
            face.bytes = std::move(bytes[k]);
            out.push_back(std::move(face));
            continue;
        }
        if (!counted) {
            counted = true;
            use = article_uses(site);
            for (const Route& r : all_routes(site))
                if (r.kind == RouteKind::Main && r.chapter == "front") {
                    opening = proofs.opening_characters(r);
                    break;
                }
        }
        std::vector<uint32_t> mapped;
        if (!mapped_code_points(bytes[k], mapped, error)) return error = files[k] + ": " + error, false;
        std::vector<CharUse> uses;
        for (uint32_t c : mapped)
            uses.push_back({c, std::binary_search(opening.begin(), opening.end(), c),
                            c < use.count.size() ? use.count[c] : 0, c < use.first.size() ? use.first[c] : UINT32_MAX});
        const std::vector<std::vector<uint32_t>> plan = plan_slices(uses);
        if (!make_sliced_stand_in(bytes[k], plan, face.bytes, error)) return error = files[k] + ": " + error, false;
        for (const std::vector<uint32_t>& chars : plan) {
            std::string slice;
            if (!make_font_slice(bytes[k], chars, slice, error)) return error = files[k] + ": " + error, false;
            face.slices.push_back(std::move(slice));
            face.slice_ranges.push_back(unicode_range(chars));
        }
        read_slice_map(face.bytes.data(), face.bytes.size(), face.map);
        std::string().swap(bytes[k]);
        out.push_back(std::move(face));
    }
    return true;
}

} // namespace folio
