// folio core: checks of what the Markdown sources refer to and contain, located in the Markdown files
// themselves (file:line:column), natively. load_bundle() runs check_images; `folio check` adds the
// raw-HTML warnings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/bundle/diagnostics.h"
#include "core/model/model.h"
#include "core/text/parallel.h"

namespace folio {

// Every image an article shows from the site's own paths must be a file in the bundle. The path is
// percent-decoded first: "/images/a%20b.png" and "/images/a b.png" both name "images/a b.png". One
// error per missing file, at the place the article names it; all of them at once.
void check_images(const Site& site, const std::string& bundle_dir, Diagnostics& out);
// The same for one article.
void check_article_images(const Article& a, const std::string& bundle_dir, Diagnostics& out);
// Warnings: each picture on another host ("https://cdn.example/cat.png") the site does not show (its
// site.other_host_images is false, or its host is no CSP source), with what the reader sees instead.
void check_other_host_images(const Site& site, const std::string& bundle_dir, Diagnostics& out);

// Characters the book cannot draw: those of content.json and of the Markdown files that none of the
// faces (the bytes of the font files the site ships) maps. They would draw as U+FFFD, a black diamond.
// One warning per file and per Debian font package that draws them, at the first such character,
// naming a few of them and how many there are. The files are read through parallel, when given.
void check_drawable(const Site& site, const std::string& bundle_dir, const std::vector<std::string>& faces,
                    Diagnostics& out, const ParallelFor& parallel = {});

// The Debian package whose fonts draw c, for the hint: fonts-noto-cjk, fonts-noto-color-emoji or
// fonts-noto-core.
const char* font_package_for(uint32_t c);

// A warning about what an article's Markdown writes as one of `snippets` (read from the bundle when the
// load kept none): at the first occurrence of the first snippet found, file:line:column, or at the file
// alone when none is there.
Diagnostic article_warning(const Article& a, const std::string& bundle_dir, const std::vector<std::string>& snippets,
                           std::string message, std::string hint);

// Warnings about raw HTML folio dropped or turned into a link (raw_html.h), at its place in the source.
void check_raw_html(const Site& site, const std::string& bundle_dir, Diagnostics& out);

} // namespace folio
