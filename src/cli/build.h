// folio CLI: `folio build`: the static site, written atomically.
#pragma once

#include <string>

#include "core/model.h"

namespace folio {

// Writes the whole site for `site` into out_dir: HTML per route, feed, sitemap, site.json and the
// content-hashed assets (renderer from web_dir, fonts from fonts_dir, boot script and stylesheet from
// the source tree). Everything goes to a temporary folder first, which replaces out_dir whole only when
// complete; on failure out_dir is untouched. preview: the page watches preview-status.json for content
// changes and errors (./folio preview). Returns the exit code.
int build_site(const Site& site, const std::string& bundle_dir, const std::string& out_dir, const std::string& web_dir,
               const std::string& fonts_dir, const std::string& shell_file, bool preview);

// Writes a small, valid starting bundle into dir (created if needed). Refuses to overwrite a content.json.
int new_bundle(const std::string& dir);

// build/fonts next to the build folder that holds this executable.
std::string default_fonts_dir();

} // namespace folio
