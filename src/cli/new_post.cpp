// folio CLI: `folio new post "Title" [BUNDLE]`: a post file to start writing in, as `hugo new content`
// makes one. See build.h: new_post.
#include <cstdio>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/build.h"
#include "cli/output.h"
#include "core/bundle/front_matter.h"
#include "core/bundle/load.h"
#include "core/bundle/posts.h"
#include "core/text/names.h"

namespace fs = std::filesystem;

namespace folio {

namespace {

int refuse(const std::string& message) {
    std::fprintf(stderr, "folio new post: %s\n", message.c_str());
    return 1;
}

// Whether content.json lists an article with this slug already (a post file with it would be an error).
bool listed_in_content(const std::string& content_json, const std::string& slug) {
    std::string text;
    if (!read_whole_file(content_json, text)) return false;
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!doc.is_object() || !doc.contains("writing") || !doc["writing"].is_array()) return false;
    for (const nlohmann::json& e : doc["writing"])
        if (e.is_object() && e.value("slug", std::string()) == slug) return true;
    return false;
}

} // namespace

int new_post(const std::string& title, const std::string& bundle_dir) {
    const fs::path bundle(bundle_dir);
    if (!fs::exists(bundle / "content.json"))
        return refuse(bundle_dir +
                      " holds no content.json; run it in a bundle folder, or pass one (folio new DIR starts one)");
    const std::string slug = name_from_text(title);
    if (slug.empty()) return refuse("the title '" + title + "' has no letter or digit to make a file name of");
    const fs::path file = bundle / "writing" / (slug + ".md");
    if (fs::exists(file)) return refuse(file.string() + " already exists; edit it, or choose another title");
    if (listed_in_content((bundle / "content.json").string(), slug))
        return refuse("content.json already has an article with the slug '" + slug + "'; choose another title");
    // A draft, as Hugo makes one: the preview shows it, the built site holds it back until draft is false.
    const std::string text = yaml_front_matter({{"title", title},
                                                {"date", format_iso(local_today())},
                                                {"draft", true},
                                                {"description", ""},
                                                {"tags", nlohmann::json::array()}}) +
                             "\n";
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    if (!write_file(file, text)) return refuse("cannot write " + file.string());
    std::printf("%s\n", file.string().c_str());
    return 0;
}

} // namespace folio
