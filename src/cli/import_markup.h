// folio import: a post's body from Hugo, Jekyll or Zola Markdown to folio's CommonMark.
//
// Shortcodes and Liquid tags that have a Markdown meaning are converted: Hugo figure, highlight,
// youtube, ref and relref; Jekyll highlight, raw, link, post_url, comment and site.baseurl; Zola's
// youtube shortcode and "@/" internal links. Image addresses are rewritten to where the importer
// copied the file. Anything else stays as written (visible) and is reported with its line and column.
// Fenced code and inline code are never touched.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace folio::import {

enum class Generator { Hugo, Jekyll, Zola };

struct Finding {
    int line = 1, column = 1; // in the source file
    std::string message;
};

struct MarkupContext {
    Generator generator = Generator::Hugo;
    int body_line = 1; // the body's first line in the source file
    // A reference to another post (Hugo ref/relref target, Jekyll post_url name or link path, Zola "@/"
    // path, each without a "#fragment") to its route; false when it names no imported post.
    std::function<bool(const std::string& ref, std::string& route)> post_route;
    // An image address as written to the address of the copied file; false (with why) when there is no
    // file for it. Addresses on other hosts are not passed here (fetch_image).
    std::function<bool(const std::string& src, std::string& site_path, std::string& why)> image;
    // A picture on another host (http, https or "//host") to the address of a downloaded copy; false (with
    // why) when it could not be had: it then stays as written. Null: such pictures are left as they are.
    std::function<bool(const std::string& url, std::string& site_path, std::string& why)> fetch_image;
};

// The converted body. Problems are appended to warnings.
std::string convert_markup(const std::string& body, const MarkupContext& ctx, std::vector<Finding>& warnings);

// Hugo shortcode parameters: `name a "b c" key="v" k2=v2` -> name, positional {a, b c}, named {key: v}.
struct ShortcodeCall {
    std::string name;
    std::vector<std::string> positional;
    std::vector<std::pair<std::string, std::string>> named;
    std::string get(const std::string& key, size_t position = static_cast<size_t>(-1)) const;
};
ShortcodeCall parse_shortcode(const std::string& inner);

} // namespace folio::import
