// folio import: a site's address patterns expanded for one post, as the old generator did, so that every
// old address can be kept as an alias (docs/import.md, "Old addresses").
//
// Jekyll's `permalink` (its styles date, pretty, ordinal and none, or a pattern of :year :month :day :title
// :categories ...) and Hugo's `[permalinks]` (a pattern per section, of :year :month :title :slug ...).
#pragma once

#include <string>
#include <vector>

namespace folio::import {

// What a pattern's placeholders are made of, for one post.
struct PermalinkPost {
    int year = 0, month = 0, day = 0;    // the post's date
    std::string name;                    // the file's name without extension and Jekyll's date (a bundle's folder)
    std::string slug;                    // the front matter's slug, or ""
    std::string title_slug;              // the title made a path segment (Hugo's :title)
    std::vector<std::string> categories; // Jekyll's categories, as written
    std::vector<std::string> sections;   // Hugo: the folders under content/ ("posts"), outermost first
};

// Jekyll's permalink setting as a pattern: a style's ("pretty" -> "/:categories/:year/:month/:day/:title/"),
// or the pattern as written; "" (unset) is Jekyll's default, "date".
std::string jekyll_pattern(const std::string& setting);

// The pattern with the post's values in place, as Jekyll writes the address: categories lowercased and
// joined with '/', empty segments dropped, spaces as %20.
std::string expand_jekyll(const std::string& pattern, const PermalinkPost& post);

// The pattern with the post's values in place, as Hugo writes the address (lowercased, as Hugo does by
// default).
std::string expand_hugo(const std::string& pattern, const PermalinkPost& post);

// Hugo's address for a post in a section without a pattern: its folders, then its slug or file name.
std::string hugo_default_address(const PermalinkPost& post);

} // namespace folio::import
