// folio import: address patterns expanded per post. See import_permalinks.h.
#include "cli/import_permalinks.h"

#include <cstdio>
#include <map>

namespace folio::import {

namespace {

std::string two_digits(int n) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%02d", n);
    return buf;
}

bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int day_of_year(int y, int m, int d) {
    static const int kBefore[] = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334};
    return kBefore[(m - 1) % 12] + d + (m > 2 && leap(y) ? 1 : 0);
}

int weekday(int y, int m, int d) { // 0 is Sunday (Sakamoto's method)
    static const int kShift[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
    if (m < 3) y -= 1;
    return (y + y / 4 - y / 100 + y / 400 + kShift[(m - 1) % 12] + d) % 7;
}

std::string lower_ascii(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

bool alnum_ascii(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// Jekyll's slugify: in "pretty" mode (its :title) runs of anything but letters, digits and ._~!$&'()+,;=@
// become one '-', case kept; in the default mode (its :slug) anything but letters and digits, lowercased.
// Bytes past ASCII are letters of another script, kept as they are.
std::string jekyll_slugify(const std::string& s, bool pretty) {
    static const std::string kPrettyKeeps = "._~!$&'()+,;=@";
    std::string out;
    bool hyphen = false;
    for (char c : s) {
        const bool keep = alnum_ascii(c) || static_cast<unsigned char>(c) >= 0x80 ||
                          (pretty && kPrettyKeeps.find(c) != std::string::npos);
        if (!keep) {
            hyphen = !out.empty();
            continue;
        }
        if (hyphen) out += '-';
        hyphen = false;
        out += c;
    }
    return pretty ? out : lower_ascii(out);
}

std::string join(const std::vector<std::string>& parts, const std::string& with) {
    std::string out;
    for (const std::string& p : parts)
        out += (out.empty() ? "" : with) + p;
    return out;
}

// The pattern with each ":name" a known value, the longest known name first (":title:output_ext" is two);
// an unknown one stays as written.
std::string substitute(const std::string& pattern, const std::map<std::string, std::string>& values) {
    std::string out;
    for (size_t i = 0; i < pattern.size();) {
        size_t end = i + 1;
        while (pattern[i] == ':' && end < pattern.size() && (alnum_ascii(pattern[end]) || pattern[end] == '_'))
            ++end;
        std::string name = pattern.substr(i + 1, end - i - 1);
        while (!name.empty() && !values.count(name))
            name.pop_back();
        if (pattern[i] != ':' || name.empty()) {
            out += pattern[i++];
            continue;
        }
        out += values.at(name);
        i += 1 + name.size();
    }
    return out;
}

// "//" as one '/', and spaces as %20, as the generators wrote addresses.
std::string tidy_path(const std::string& path) {
    std::string out;
    for (char c : path) {
        if (c == '/' && !out.empty() && out.back() == '/') continue;
        if (c == ' ')
            out += "%20";
        else
            out += c;
    }
    return out.empty() || out[0] != '/' ? "/" + out : out;
}

} // namespace

std::string jekyll_pattern(const std::string& setting) {
    static const std::map<std::string, std::string> kStyles = {
        {"date", "/:categories/:year/:month/:day/:title:output_ext"},
        {"pretty", "/:categories/:year/:month/:day/:title/"},
        {"ordinal", "/:categories/:year/:y_day/:title:output_ext"},
        {"none", "/:categories/:title:output_ext"},
    };
    auto style = kStyles.find(setting.empty() ? "date" : setting);
    return style != kStyles.end() ? style->second : setting;
}

std::string expand_jekyll(const std::string& pattern, const PermalinkPost& post) {
    std::vector<std::string> categories;
    for (const std::string& c : post.categories)
        if (!c.empty()) categories.push_back(lower_ascii(c));
    const std::string title = jekyll_slugify(post.slug.empty() ? post.name : post.slug, true);
    const std::map<std::string, std::string> values = {
        {"year", std::to_string(post.year)},
        {"short_year", two_digits(post.year % 100)},
        {"month", two_digits(post.month)},
        {"i_month", std::to_string(post.month)},
        {"day", two_digits(post.day)},
        {"i_day", std::to_string(post.day)},
        {"y_day",
         [&] {
             char buf[8];
             std::snprintf(buf, sizeof buf, "%03d", day_of_year(post.year, post.month, post.day));
             return std::string(buf);
         }()},
        {"title", title},
        {"slug", jekyll_slugify(post.slug.empty() ? post.name : post.slug, false)},
        {"categories", join(categories, "/")},
        {"output_ext", ".html"},
    };
    return tidy_path(substitute(pattern, values));
}

std::string expand_hugo(const std::string& pattern, const PermalinkPost& post) {
    static const char* const kMonths[] = {"january", "february", "march",     "april",   "may",      "june",
                                          "july",    "august",   "september", "october", "november", "december"};
    static const char* const kDays[] = {"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"};
    const int wd = weekday(post.year, post.month, post.day);
    const std::string slug = post.slug.empty() ? post.title_slug : post.slug;
    const std::map<std::string, std::string> values = {
        {"year", std::to_string(post.year)},
        {"month", two_digits(post.month)},
        {"monthname", kMonths[(post.month + 11) % 12]},
        {"day", two_digits(post.day)},
        {"weekday", std::to_string(wd)},
        {"weekdayname", kDays[wd]},
        {"yearday", std::to_string(day_of_year(post.year, post.month, post.day))},
        {"section", post.sections.empty() ? "" : post.sections.front()},
        {"sections", join(post.sections, "/")},
        {"title", post.title_slug},
        {"slug", slug},
        {"filename", post.name},
        {"contentbasename", post.name},
        {"slugorfilename", post.slug.empty() ? post.name : post.slug},
        {"slugorcontentbasename", post.slug.empty() ? post.name : post.slug},
    };
    return lower_ascii(tidy_path(substitute(pattern, values)));
}

std::string hugo_default_address(const PermalinkPost& post) {
    return lower_ascii(
        tidy_path("/" + join(post.sections, "/") + "/" + (post.slug.empty() ? post.name : post.slug) + "/"));
}

} // namespace folio::import
