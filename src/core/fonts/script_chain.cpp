// folio core: the script faces' chain. See script_chain.h.
#include "core/fonts/script_chain.h"

#include <algorithm>
#include <cctype>
#include <iterator>

#include "core/fonts/font_partial.h"

namespace folio {

namespace {
#define NOTO "/usr/share/fonts/truetype/noto/"
constexpr const char* kCore = "fonts-noto-core";
} // namespace

const std::vector<ScriptSource>& script_chain() {
    // Naskh is the Arabic face that maps the presentation forms (611 + 141 of U+FB50-FDFF and U+FE70-FEFF;
    // Kufi maps 17, Nastaliq 24), which the layout draws Arabic with. Symbols come after the scripts (a
    // script's own face draws its own punctuation) and before CJK, which maps many symbols too (★ ♥ ⏎):
    // a Latin site with a star ships a symbol face, not a CJK one.
    static const std::vector<ScriptSource> chain = {
        {"arabic", NOTO "NotoNaskhArabic-Regular.ttf", kCore},
        {"hebrew", NOTO "NotoSerifHebrew-Regular.ttf", kCore, true},
        {"devanagari", NOTO "NotoSerifDevanagari-Regular.ttf", kCore, true},
        {"bengali", NOTO "NotoSerifBengali-Regular.ttf", kCore, true},
        {"gurmukhi", NOTO "NotoSerifGurmukhi-Regular.ttf", kCore, true},
        {"gujarati", NOTO "NotoSerifGujarati-Regular.ttf", kCore, true},
        {"tamil", NOTO "NotoSerifTamil-Regular.ttf", kCore, true},
        {"telugu", NOTO "NotoSerifTelugu-Regular.ttf", kCore, true},
        {"kannada", NOTO "NotoSerifKannada-Regular.ttf", kCore, true},
        {"malayalam", NOTO "NotoSerifMalayalam-Regular.ttf", kCore, true},
        {"sinhala", NOTO "NotoSerifSinhala-Regular.ttf", kCore, true},
        {"thai", NOTO "NotoSerifThai-Regular.ttf", kCore, true},
        {"lao", NOTO "NotoSerifLao-Regular.ttf", kCore, true},
        {"khmer", NOTO "NotoSerifKhmer-Regular.ttf", kCore, true},
        {"myanmar", NOTO "NotoSerifMyanmar-Regular.ttf", kCore, true},
        {"tibetan", NOTO "NotoSerifTibetan-Regular.ttf", kCore, true},
        {"armenian", NOTO "NotoSerifArmenian-Regular.ttf", kCore},
        {"georgian", NOTO "NotoSerifGeorgian-Regular.ttf", kCore},
        {"ethiopic", NOTO "NotoSerifEthiopic-Regular.ttf", kCore},
        {"symbols2", NOTO "NotoSansSymbols2-Regular.ttf", kCore},
        {"symbols", NOTO "NotoSansSymbols-Regular.ttf", kCore},
        {"math", NOTO "NotoSansMath-Regular.ttf", kCore},
        {"cjk", "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", "fonts-noto-cjk"},
    };
    return chain;
}
#undef NOTO

unsigned cjk_face_number(std::string_view language) {
    std::string l(language);
    std::transform(l.begin(), l.end(), l.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    // The collection's faces: 0 Japanese, 1 Korean, 2 Simplified Chinese, 3 Traditional, 4 Hong Kong.
    if (l == "ja" || l.rfind("ja-", 0) == 0) return 0;
    if (l == "ko" || l.rfind("ko-", 0) == 0) return 1;
    if (l == "zh-hk" || l == "zh-hant-hk") return 4;
    if (l == "zh-tw" || l.rfind("zh-hant", 0) == 0) return 3;
    return 2;
}

bool pick_script_faces(std::string_view main_face, const std::vector<uint32_t>& code_points, std::string_view language,
                       const FontReader& read_font, std::vector<ScriptPick>& out, std::vector<uint32_t>& left,
                       std::string& error) {
    std::vector<uint32_t> wanted(code_points);
    std::sort(wanted.begin(), wanted.end());
    wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
    std::vector<uint32_t> unmapped;
    if (!unmapped_code_points(main_face, wanted, unmapped, error)) return false;
    left.clear();
    std::vector<uint32_t> rest;
    for (uint32_t c : unmapped)
        if (c >= 0x20) (c <= 0xFFFF ? rest : left).push_back(c);
    for (const ScriptSource& source : script_chain()) {
        if (rest.empty()) break;
        std::string bytes, ignored;
        if (!read_font(source.file, bytes)) continue;
        const std::string file = source.file;
        const unsigned face =
            file.size() > 4 && file.compare(file.size() - 4, 4, ".ttc") == 0 ? cjk_face_number(language) : 0;
        std::vector<uint32_t> still;
        if (!unmapped_code_points_of_file(bytes, face, rest, still, ignored)) continue;
        if (still.size() == rest.size()) continue;
        ScriptPick pick{source.name, file, face, source.shaped, {}};
        std::set_difference(rest.begin(), rest.end(), still.begin(), still.end(), std::back_inserter(pick.code_points));
        out.push_back(std::move(pick));
        rest.swap(still);
    }
    left.insert(left.end(), rest.begin(), rest.end());
    std::sort(left.begin(), left.end());
    return true;
}

} // namespace folio
