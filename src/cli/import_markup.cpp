// folio import: converting a post's body. See import_markup.h.
//
// One pass over the text, left to right, copying into the output. Generator tags (Hugo shortcodes,
// Liquid, Zola shortcodes) are recognised anywhere, as the generators themselves expand them before
// Markdown sees the text; image addresses are rewritten only outside code.
#include "cli/import_markup.h"

#include <algorithm>
#include <cctype>

namespace folio::import {

namespace {

std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t\n");
    if (b == std::string::npos) return "";
    size_t e = s.find_last_not_of(" \t\n");
    return s.substr(b, e - b + 1);
}

bool starts_with_at(const std::string& s, size_t i, const char* p) {
    return s.compare(i, std::char_traits<char>::length(p), p) == 0;
}

bool ieq_at(const std::string& s, size_t i, const char* p) {
    for (size_t k = 0; p[k]; ++k) {
        if (i + k >= s.size()) return false;
        char c = s[i + k];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != p[k]) return false;
    }
    return true;
}

bool remote(const std::string& url) {
    std::string l;
    for (char c : url.substr(0, 8))
        l += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return l.rfind("http://", 0) == 0 || l.rfind("https://", 0) == 0 || l.rfind("//", 0) == 0 ||
           l.rfind("data:", 0) == 0;
}

// A fence longer than any backtick run in the code, so the code cannot close it.
std::string fence_for(const std::string& code) {
    size_t longest = 0, run = 0;
    for (char c : code) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return std::string(std::max<size_t>(3, longest + 1), '`');
}

// Drops one newline after the opening tag and trailing blank space before the closing one.
std::string code_between(const std::string& s) {
    size_t b = 0;
    while (b < s.size() && (s[b] == ' ' || s[b] == '\t'))
        ++b;
    if (b < s.size() && s[b] == '\n')
        ++b;
    else
        b = 0;
    std::string code = s.substr(b);
    while (!code.empty() && (code.back() == '\n' || code.back() == ' ' || code.back() == '\t'))
        code.pop_back();
    return code;
}

std::string escape_brackets(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '[' || c == ']' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

class Converter {
public:
    Converter(const std::string& s, const MarkupContext& ctx, std::vector<Finding>& warnings, bool tags_only = false)
        : s_(s), ctx_(ctx), warnings_(warnings), tags_only_(tags_only) {}

    std::string run() {
        while (i_ < s_.size()) {
            if (i_ == 0 || s_[i_ - 1] == '\n') line_start();
            if (generator_tag()) continue;
            if (!in_fence_ && !tags_only_ && i_ >= code_until_) {
                if (s_[i_] == '`' && inline_code()) continue;
                if (starts_with_at(s_, i_, "![") && markdown_image()) continue;
                if (ieq_at(s_, i_, "<img") && html_image()) continue;
                if (starts_with_at(s_, i_, "<!--more-->")) {
                    i_ += 11; // the summary divider: folio's opening is the first paragraph
                    continue;
                }
                if (ctx_.generator == Generator::Zola && starts_with_at(s_, i_, "](@/") && zola_link()) continue;
                if (starts_with_at(s_, i_, "\\\\") && escaped_math_delimiters()) continue;
                if (ctx_.generator == Generator::Jekyll && starts_with_at(s_, i_, "$$") && kramdown_inline_math())
                    continue;
            }
            out_ += s_[i_++];
        }
        return out_;
    }

private:
    const std::string& s_;
    const MarkupContext& ctx_;
    std::vector<Finding>& warnings_;
    const bool tags_only_; // only generator tags: for an address that holds some
    std::string out_;
    size_t i_ = 0;
    bool in_fence_ = false;
    char fence_char_ = 0;
    size_t fence_len_ = 0;
    size_t code_until_ = 0; // inside an inline code span until here

    void warn(size_t pos, const std::string& message) {
        int line = ctx_.body_line, col = 1;
        size_t start = 0;
        for (size_t k = 0; k < pos && k < s_.size(); ++k)
            if (s_[k] == '\n') ++line, start = k + 1;
        for (size_t k = start; k < pos; ++k)
            if ((static_cast<unsigned char>(s_[k]) & 0xC0) != 0x80) ++col;
        warnings_.push_back({line, col, message});
    }

    // A picture on another host, where the import downloads them (ctx_.fetch_image): true with the copy's
    // address. A failed download is a warning at `pos`, and the address stays as written (false).
    bool fetched(size_t pos, const std::string& src, std::string& address) {
        const bool web = remote(src) && (src.rfind("//", 0) == 0 || src[0] == 'h' || src[0] == 'H'); // not data:
        if (!ctx_.fetch_image || !web) return false;
        std::string why;
        if (ctx_.fetch_image(src.rfind("//", 0) == 0 ? "https:" + src : src, address, why)) return true;
        warn(pos, "the picture '" + src + "' could not be downloaded (" + why + "); kept as written, on its host");
        return false;
    }

    void line_start() {
        if (!in_fence_) strip_heading_attributes();
        size_t k = i_, indent = 0;
        while (k < s_.size() && s_[k] == ' ' && indent < 4)
            ++k, ++indent;
        if (indent > 3 || k >= s_.size() || (s_[k] != '`' && s_[k] != '~')) return;
        char c = s_[k];
        size_t run = 0;
        while (k + run < s_.size() && s_[k + run] == c)
            ++run;
        if (run < 3) return;
        size_t eol = s_.find('\n', k);
        std::string rest = s_.substr(k + run, eol == std::string::npos ? std::string::npos : eol - k - run);
        if (!in_fence_) {
            if (c == '`' && rest.find('`') != std::string::npos) return; // not a fence: an inline code span
            in_fence_ = true, fence_char_ = c, fence_len_ = run;
        } else if (c == fence_char_ && run >= fence_len_ && trim(rest).empty()) {
            in_fence_ = false;
        }
    }

    // "## Why {#why}": Hugo's and Zola's heading attributes. folio gives headings ids of its own; the
    // braces would otherwise show. The line is copied without them.
    void strip_heading_attributes() {
        size_t eol = s_.find('\n', i_);
        if (eol == std::string::npos) eol = s_.size();
        std::string line = s_.substr(i_, eol - i_);
        size_t hash = line.find_first_not_of(' ');
        if (hash == std::string::npos || hash > 3 || line[hash] != '#') return;
        size_t close = line.find_last_not_of(" \t");
        if (close == std::string::npos || line[close] != '}') return;
        size_t open = line.rfind('{', close);
        if (open == std::string::npos || open + 1 >= close || (line[open + 1] != '#' && line[open + 1] != '.')) return;
        size_t keep = line.find_last_not_of(" \t", open - 1);
        out_.append(line, 0, keep == std::string::npos ? 0 : keep + 1);
        i_ = eol;
    }

    // A backtick run opens an inline code span when the same run closes it later in the paragraph.
    bool inline_code() {
        size_t run = 0;
        while (i_ + run < s_.size() && s_[i_ + run] == '`')
            ++run;
        size_t k = i_ + run;
        while (k < s_.size()) {
            if (starts_with_at(s_, k, "\n\n")) break;
            if (s_[k] == '`') {
                size_t r = 0;
                while (k + r < s_.size() && s_[k + r] == '`')
                    ++r;
                if (r == run) {
                    code_until_ = k + r;
                    out_.append(s_, i_, run);
                    i_ += run;
                    return true;
                }
                k += r;
            } else {
                ++k;
            }
        }
        out_.append(s_, i_, run); // no closing run: literal backticks
        i_ += run;
        return true;
    }

    //---- Generator tags ----

    bool generator_tag() {
        switch (ctx_.generator) {
        case Generator::Hugo:
            if (starts_with_at(s_, i_, "{{<") || starts_with_at(s_, i_, "{{%")) return hugo_shortcode();
            return false;
        case Generator::Jekyll:
            if (starts_with_at(s_, i_, "{%")) return liquid_tag();
            if (starts_with_at(s_, i_, "{{")) return liquid_output();
            return false;
        case Generator::Zola:
            if (starts_with_at(s_, i_, "{{/*") || starts_with_at(s_, i_, "{%/*")) return zola_escape();
            if (starts_with_at(s_, i_, "{{") || starts_with_at(s_, i_, "{%")) return zola_shortcode();
            return false;
        }
        return false;
    }

    void emit_fence(const std::string& lang, const std::string& code) {
        std::string fence = fence_for(code);
        if (!out_.empty() && out_.back() != '\n') out_ += '\n';
        out_ += fence + lang + "\n" + code + "\n" + fence;
        if (i_ < s_.size() && s_[i_] != '\n') out_ += '\n';
    }

    void keep(size_t end, const std::string& message) {
        warn(i_, message);
        out_.append(s_, i_, end - i_);
        i_ = end;
    }

    bool route_for(const std::string& ref, std::string& route) {
        size_t hash = ref.find('#');
        std::string target = ref.substr(0, hash);
        if (target.empty() && hash != std::string::npos) {
            route = ref; // "#part": within this post
            return true;
        }
        if (!ctx_.post_route || !ctx_.post_route(target, route)) return false;
        if (hash != std::string::npos) route += ref.substr(hash);
        return true;
    }

    // Hugo: {{< name params >}} and {{% name params %}}, closing {{< /name >}}; {{</* x */>}} escapes.
    bool hugo_shortcode() {
        const bool percent = s_[i_ + 2] == '%';
        const std::string close = percent ? "%}}" : ">}}";
        if (starts_with_at(s_, i_ + 3, "/*")) {
            size_t e = s_.find("*/" + close, i_ + 5);
            if (e == std::string::npos) return false;
            out_ += s_.substr(i_, 3) + s_.substr(i_ + 5, e - i_ - 5) + close;
            i_ = e + 2 + close.size();
            return true;
        }
        size_t e = s_.find(close, i_ + 3);
        if (e == std::string::npos) {
            keep(i_ + 3, "shortcode never closed with '" + close + "'; left as written");
            return true;
        }
        std::string inner = trim(s_.substr(i_ + 3, e - i_ - 3));
        if (!inner.empty() && inner.back() == '/') inner = trim(inner.substr(0, inner.size() - 1));
        size_t after = e + close.size();
        ShortcodeCall c = parse_shortcode(inner);
        if (c.name == "figure") return figure(c, after);
        if (c.name == "youtube") return youtube(c.get("id", 0), c.get("title"), after);
        if (c.name == "vimeo" || c.name == "gist" || c.name == "tweet" || c.name == "instagram") return embed(c, after);
        if (c.name == "ref" || c.name == "relref") {
            std::string target = c.get("path", 0), route;
            if (!route_for(target, route)) {
                keep(after, c.name + " '" + target + "' names no imported post; left as written");
                return true;
            }
            out_ += route;
            i_ = after;
            return true;
        }
        if (c.name == "highlight") {
            size_t close_start = 0, close_end = 0;
            if (!find_hugo_closing("highlight", after, close_start, close_end)) {
                keep(after, "highlight has no closing {{< /highlight >}}; left as written");
                return true;
            }
            std::string code = code_between(s_.substr(after, close_start - after));
            i_ = close_end;
            emit_fence(c.get("lang", 0), code);
            return true;
        }
        keep(after, "shortcode '" + (c.name.empty() ? inner : c.name) +
                        "' has no Markdown equivalent; left as written (edit it by hand)");
        return true;
    }

    bool find_hugo_closing(const std::string& name, size_t from, size_t& start, size_t& end) {
        for (size_t k = s_.find("{{", from); k != std::string::npos; k = s_.find("{{", k + 2)) {
            if (k + 2 >= s_.size() || (s_[k + 2] != '<' && s_[k + 2] != '%')) continue;
            const std::string close = s_[k + 2] == '%' ? "%}}" : ">}}";
            size_t e = s_.find(close, k + 3);
            if (e == std::string::npos) return false;
            if (trim(s_.substr(k + 3, e - k - 3)) == "/" + name) {
                start = k;
                end = e + close.size();
                return true;
            }
        }
        return false;
    }

    bool figure(const ShortcodeCall& c, size_t after) {
        std::string src = c.get("src"), alt = c.get("alt"), title = c.get("title"), caption = c.get("caption");
        std::string text = !alt.empty() ? alt : !caption.empty() ? caption : title;
        std::string address = src, why;
        if (!src.empty() && remote(src)) fetched(i_, src, address);
        if (src.empty() || (!remote(src) && !(ctx_.image && ctx_.image(src, address, why)))) {
            warn(i_, "figure image '" + src + "' " + (src.empty() ? "is not given" : why) + "; kept as its caption");
            out_ += text.empty() ? src : text;
            i_ = after;
            return true;
        }
        std::string md =
            "![" + escape_brackets(text) + "](<" + address + ">" + (title.empty() ? "" : " \"" + title + "\"") + ")";
        std::string link = c.get("link");
        if (!link.empty()) md = "[" + md + "](<" + link + ">)";
        std::string under = title.empty() ? caption : caption.empty() ? title : title + " \xE2\x80\x94 " + caption;
        if (!under.empty()) md += "\n\n*" + under + "*";
        out_ += md;
        i_ = after;
        return true;
    }

    bool youtube(const std::string& id, const std::string& title, size_t after) {
        if (id.empty()) {
            keep(after, "youtube without a video id; left as written");
            return true;
        }
        out_ += "[" + escape_brackets(title.empty() ? "Video on YouTube" : title) +
                "](https://www.youtube.com/watch?v=" + id + ")";
        i_ = after;
        return true;
    }

    // Hugo's other built-in embeds become links to what they embed (the page loads nothing from elsewhere).
    bool embed(const ShortcodeCall& c, size_t after) {
        std::string label, url;
        if (c.name == "vimeo" && !c.get("id", 0).empty()) {
            label = "Video on Vimeo";
            url = "https://vimeo.com/" + c.get("id", 0);
        } else if (c.name == "gist" && !c.get("", 1).empty()) {
            label = "Gist" + (c.get("", 2).empty() ? "" : " " + c.get("", 2));
            url = "https://gist.github.com/" + c.get("", 0) + "/" + c.get("", 1);
        } else if (c.name == "tweet" && !c.get("user").empty() && !c.get("id").empty()) {
            label = "Post by @" + c.get("user");
            url = "https://twitter.com/" + c.get("user") + "/status/" + c.get("id");
        } else if (c.name == "instagram" && !c.get("id", 0).empty()) {
            label = "Post on Instagram";
            url = "https://www.instagram.com/p/" + c.get("id", 0) + "/";
        } else {
            keep(after, c.name + " without the parameters it needs; left as written");
            return true;
        }
        out_ += "[" + escape_brackets(label) + "](" + url + ")";
        i_ = after;
        return true;
    }

    // Liquid: {% name args %} (with optional {%- -%} whitespace control).
    bool liquid_parts(size_t at, std::string& name, std::string& args, size_t& end) {
        size_t e = s_.find("%}", at + 2);
        if (e == std::string::npos) return false;
        std::string inner = s_.substr(at + 2, e - at - 2);
        if (!inner.empty() && inner.front() == '-') inner.erase(0, 1);
        if (!inner.empty() && inner.back() == '-') inner.pop_back();
        inner = trim(inner);
        size_t sp = inner.find_first_of(" \t\n");
        name = inner.substr(0, sp);
        args = sp == std::string::npos ? "" : trim(inner.substr(sp));
        end = e + 2;
        return true;
    }

    bool find_liquid_end(const std::string& name, size_t from, size_t& start, size_t& end) {
        for (size_t k = s_.find("{%", from); k != std::string::npos; k = s_.find("{%", k + 2)) {
            std::string n, a;
            size_t e = 0;
            if (!liquid_parts(k, n, a, e)) return false;
            if (n == name) {
                start = k;
                end = e;
                return true;
            }
        }
        return false;
    }

    bool liquid_tag() {
        std::string name, args;
        size_t after = 0;
        if (!liquid_parts(i_, name, args, after)) {
            keep(i_ + 2, "Liquid tag never closed with '%}'; left as written");
            return true;
        }
        size_t start = 0, end = 0;
        if (name == "raw" || name == "comment" || name == "highlight") {
            if (!find_liquid_end("end" + name, after, start, end)) {
                keep(after, "{% " + name + " %} has no {% end" + name + " %}; left as written");
                return true;
            }
            std::string inside = s_.substr(after, start - after);
            i_ = end;
            if (name == "raw") out_ += inside;
            if (name == "highlight") {
                std::string lang = args.substr(0, args.find_first_of(" \t"));
                emit_fence(lang, code_between(inside));
            }
            return true; // a comment vanishes
        }
        if (name == "post_url" || name == "link") {
            std::string route;
            if (!route_for(args, route)) {
                keep(after, name + " '" + args + "' names no imported post; left as written");
                return true;
            }
            out_ += route;
            i_ = after;
            return true;
        }
        keep(after, "Liquid tag '" + name + "' has no Markdown equivalent; left as written (edit it by hand)");
        return true;
    }

    // {{ site.baseurl }} is the site root; {{ "/x" | relative_url }} is "/x". Anything else stays.
    bool liquid_output() {
        size_t e = s_.find("}}", i_ + 2);
        if (e == std::string::npos) return false;
        std::string inner = trim(s_.substr(i_ + 2, e - i_ - 2));
        if (!inner.empty() && inner.front() == '-') inner = trim(inner.substr(1));
        if (!inner.empty() && inner.back() == '-') inner = trim(inner.substr(0, inner.size() - 1));
        size_t after = e + 2;
        if (inner == "site.baseurl" || inner == "site.url" || inner == "site.url | append: site.baseurl") {
            i_ = after;
            return true;
        }
        size_t bar = inner.find('|');
        if (bar != std::string::npos) {
            std::string literal = trim(inner.substr(0, bar)), filter = trim(inner.substr(bar + 1));
            bool quoted =
                literal.size() >= 2 && (literal[0] == '"' || literal[0] == '\'') && literal.back() == literal[0];
            if (quoted && (filter == "relative_url" || filter == "absolute_url")) {
                out_ += literal.substr(1, literal.size() - 2);
                i_ = after;
                return true;
            }
        }
        keep(after, "Liquid output '{{ " + inner + " }}' has no Markdown equivalent; left as written");
        return true;
    }

    // Zola: {{/* x */}} writes "{{ x }}".
    bool zola_escape() {
        const bool block = s_[i_ + 1] == '%';
        const std::string close = block ? "*/%}" : "*/}}";
        size_t e = s_.find(close, i_ + 4);
        if (e == std::string::npos) return false;
        out_ += std::string(block ? "{%" : "{{") + s_.substr(i_ + 4, e - i_ - 4) + (block ? "%}" : "}}");
        i_ = e + close.size();
        return true;
    }

    // Zola shortcodes: {{ name(args) }} and {% name(args) %} ... {% end %}.
    bool zola_shortcode() {
        const bool block = s_[i_ + 1] == '%';
        const std::string close = block ? "%}" : "}}";
        size_t e = s_.find(close, i_ + 2);
        if (e == std::string::npos) return false;
        std::string inner = trim(s_.substr(i_ + 2, e - i_ - 2));
        size_t paren = inner.find('(');
        if (paren == std::string::npos || inner.back() != ')') return false; // not a shortcode: plain text
        std::string name = trim(inner.substr(0, paren));
        size_t after = e + close.size();
        if (!block && name == "youtube") {
            ShortcodeCall c = parse_shortcode(name + " " + inner.substr(paren + 1, inner.size() - paren - 2));
            return youtube(c.get("id"), c.get("title"), after);
        }
        keep(after, "shortcode '" + name + "' has no Markdown equivalent; left as written (edit it by hand)");
        return true;
    }

    // Zola internal links: [text](@/blog/post.md#part).
    bool zola_link() {
        size_t b = i_ + 2, e = s_.find(')', b);
        if (e == std::string::npos) return false;
        std::string ref = s_.substr(b + 2, e - b - 2), route;
        out_ += "](";
        i_ = b;
        if (!route_for(ref, route)) {
            keep(e, "internal link '@/" + ref + "' names no imported post; left as written");
            return true;
        }
        out_ += route;
        i_ = e;
        return true;
    }

    //---- Images ----

    // An image address may hold generator tags ({{ site.baseurl }}/x.png): expanded before it is looked up.
    std::string expand_tags(const std::string& src) {
        if (src.find("{{") == std::string::npos && src.find("{%") == std::string::npos) return src;
        std::vector<Finding> ignored; // reported where the image is
        return Converter(src, ctx_, ignored, true).run();
    }

    // ![alt](dest "title"): the destination is rewritten; a missing file leaves the alt text.
    bool markdown_image() {
        size_t k = i_ + 2;
        int depth = 1;
        for (; k < s_.size() && depth > 0; ++k) {
            if (s_[k] == '\\')
                ++k;
            else if (s_[k] == '[')
                ++depth;
            else if (s_[k] == ']')
                --depth;
            else if (starts_with_at(s_, k, "\n\n"))
                return false;
        }
        if (depth != 0 || k >= s_.size() || s_[k] != '(') return false;
        std::string alt = s_.substr(i_ + 2, k - 1 - (i_ + 2));
        size_t d = k + 1;
        while (d < s_.size() && (s_[d] == ' ' || s_[d] == '\t'))
            ++d;
        size_t dest_begin = d, dest_end = d;
        if (d < s_.size() && s_[d] == '<') {
            dest_end = s_.find('>', d);
            if (dest_end == std::string::npos) return false;
            ++dest_begin;
        } else {
            int parens = 0;
            while (dest_end < s_.size() && s_[dest_end] != ' ' && s_[dest_end] != '\n' && s_[dest_end] != '\t') {
                if (starts_with_at(s_, dest_end, "{{") || starts_with_at(s_, dest_end, "{%")) { // a tag, spaces and all
                    size_t close = s_.find(s_[dest_end + 1] == '{' ? "}}" : "%}", dest_end + 2);
                    if (close != std::string::npos && close < s_.find('\n', dest_end)) {
                        dest_end = close + 2;
                        continue;
                    }
                }
                if (s_[dest_end] == '(') ++parens;
                if (s_[dest_end] == ')' && parens-- == 0) break;
                ++dest_end;
            }
        }
        size_t close = s_.find(')', dest_end);
        if (close == std::string::npos) return false;
        std::string src = expand_tags(s_.substr(dest_begin, dest_end - dest_begin)), address, why;
        if (src.empty() || (remote(src) && !fetched(i_, src, address))) return false;
        if (!remote(src) && (!ctx_.image || !ctx_.image(src, address, why))) {
            warn(i_, "image '" + src + "' " + why + "; kept as its alt text");
            out_ += alt.empty() ? src : alt;
            i_ = close + 1;
            return true;
        }
        out_.append(s_, i_, dest_begin - i_);
        out_ += address;
        i_ = dest_end;
        return true;
    }

    //---- Math written for a typesetter in the browser ----

    // Where the paragraph holding i ends: the next blank line, or the end.
    size_t paragraph_end(size_t i) const {
        for (size_t k = s_.find('\n', i); k != std::string::npos; k = s_.find('\n', k + 1)) {
            const size_t next = s_.find_first_not_of(" \t\r", k + 1);
            if (next == std::string::npos || s_[next] == '\n') return k;
        }
        return s_.size();
    }

    // "\\( x \\)" and "\\[ x \\]": Markdown turns the doubled backslash into one, so the page held "\( x \)" for
    // MathJax or KaTeX to typeset (what kramdown, Hugo's and Zola's Markdown all did). folio reads TeX's own
    // delimiters itself (docs/content.md, "Math"): the pair becomes "\( x \)", its TeX as the page held it
    // (Markdown's escapes applied: "\\{" was "\{", "\\\\" a new line).
    bool escaped_math_delimiters() {
        if (i_ + 2 >= s_.size() || (s_[i_ + 2] != '(' && s_[i_ + 2] != '[')) return false;
        if (i_ > 0 && (s_[i_ - 1] == '\\' || std::isalnum(static_cast<unsigned char>(s_[i_ - 1])))) return false;
        const std::string close = s_[i_ + 2] == '(' ? "\\\\)" : "\\\\]";
        const size_t from = i_ + 3, end = paragraph_end(i_);
        size_t found = std::string::npos;
        for (size_t k = from; k < end && found == std::string::npos; ++k) {
            if (s_[k] == '`' || s_[k] == '$') return false;
            if (s_.compare(k, close.size(), close) == 0)
                found = k;
            else if (s_[k] == '\\')
                ++k; // an escape takes the next character with it
        }
        if (found == std::string::npos) return false;
        const std::string tex = markdown_unescaped(s_.substr(from, found - from));
        if (std::none_of(tex.begin(), tex.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); }))
            return false;
        out_ += std::string("\\") + s_[i_ + 2] + tex + "\\" + close.back();
        i_ = found + close.size();
        return true;
    }

    // Markdown's backslash escapes, as the page the typesetter read had them: "\\" before ASCII punctuation
    // drops (kramdown's fewer: "\\," stays TeX's thin space). "\$" stays, so the formula holds no dollar
    // (folio's \( \) pair never does).
    std::string markdown_unescaped(const std::string& s) const {
        static const std::string kKramdownEscapes = "\\.*_+`<>()[]{}#!:|\"'=-";
        const bool kramdown = ctx_.generator == Generator::Jekyll;
        std::string out;
        for (size_t k = 0; k < s.size(); ++k) {
            const char next = k + 1 < s.size() ? s[k + 1] : '\0';
            const bool escapable = kramdown ? next != '\0' && kKramdownEscapes.find(next) != std::string::npos
                                            : std::ispunct(static_cast<unsigned char>(next)) != 0;
            if (s[k] == '\\' && escapable && next != '$') ++k;
            out += s[k];
        }
        return out;
    }

    // kramdown: "$$ x $$" within a line of text is an inline formula (its only math delimiter; one on lines
    // of its own is displayed). folio's $$ is always displayed, so the inline one becomes "\( x \)".
    bool kramdown_inline_math() {
        if (i_ > 0 && s_[i_ - 1] == '\\') return false;
        const size_t end = paragraph_end(i_), close = s_.find("$$", i_ + 2);
        if (close == std::string::npos || close >= end) return false;
        const std::string tex = s_.substr(i_ + 2, close - i_ - 2);
        if (tex.find('$') != std::string::npos || tex.find_first_not_of(" \t\n") == std::string::npos) return false;
        const size_t line_begin = s_.rfind('\n', i_) == std::string::npos ? 0 : s_.rfind('\n', i_) + 1;
        const size_t line_end = std::min(s_.find('\n', close), s_.size());
        const bool alone =
            s_.find_first_not_of(" \t", line_begin) == i_ && s_.find_first_not_of(" \t\r", close + 2) >= line_end;
        if (alone) return false; // displayed: folio's own $$ says the same
        out_ += "\\(" + tex + "\\)";
        i_ = close + 2;
        return true;
    }

    // <img ... src="x" ...>: the src is rewritten; a missing file leaves the alt text.
    bool html_image() {
        size_t end = s_.find('>', i_);
        if (end == std::string::npos) return false;
        std::string tag = s_.substr(i_, end + 1 - i_);
        auto attribute = [&](const char* name, size_t& vb, size_t& ve) {
            for (size_t p = 4; p < tag.size(); ++p) {
                if (!ieq_at(tag, p, name) || (tag[p - 1] != ' ' && tag[p - 1] != '\n' && tag[p - 1] != '\t')) continue;
                size_t q = p + std::char_traits<char>::length(name);
                while (q < tag.size() && tag[q] == ' ')
                    ++q;
                if (q >= tag.size() || tag[q] != '=') continue;
                ++q;
                while (q < tag.size() && tag[q] == ' ')
                    ++q;
                char quote = q < tag.size() && (tag[q] == '"' || tag[q] == '\'') ? tag[q] : 0;
                vb = quote ? q + 1 : q;
                ve = quote ? tag.find(quote, vb) : tag.find_first_of(" >/", vb);
                return ve != std::string::npos;
            }
            return false;
        };
        size_t vb = 0, ve = 0;
        if (!attribute("src", vb, ve)) return false;
        std::string src = expand_tags(tag.substr(vb, ve - vb)), address, why;
        if (src.empty() || (remote(src) && !fetched(i_, src, address))) return false;
        if (!remote(src) && (!ctx_.image || !ctx_.image(src, address, why))) {
            size_t ab = 0, ae = 0;
            std::string alt = attribute("alt", ab, ae) ? tag.substr(ab, ae - ab) : "";
            warn(i_, "image '" + src + "' " + why + "; kept as its alt text");
            out_ += alt.empty() ? src : alt;
            i_ = end + 1;
            return true;
        }
        out_ += tag.substr(0, vb) + address + tag.substr(ve);
        i_ = end + 1;
        return true;
    }
};

} // namespace

std::string ShortcodeCall::get(const std::string& key, size_t position) const {
    for (const auto& [k, v] : named)
        if (k == key) return v;
    return position < positional.size() ? positional[position] : "";
}

ShortcodeCall parse_shortcode(const std::string& inner) {
    ShortcodeCall c;
    size_t i = 0;
    auto skip_space = [&] {
        while (i < inner.size() && (inner[i] == ' ' || inner[i] == '\t' || inner[i] == '\n'))
            ++i;
    };
    auto word = [&] {
        std::string w;
        if (i < inner.size() && (inner[i] == '"' || inner[i] == '`' || inner[i] == '\'')) {
            char q = inner[i++];
            while (i < inner.size() && inner[i] != q) {
                if (q == '"' && inner[i] == '\\' && i + 1 < inner.size()) ++i;
                w += inner[i++];
            }
            ++i;
            return w;
        }
        while (i < inner.size() && inner[i] != ' ' && inner[i] != '\t' && inner[i] != '\n' && inner[i] != '=')
            w += inner[i++];
        return w;
    };
    skip_space();
    c.name = word();
    while (true) {
        skip_space();
        if (i >= inner.size()) break;
        std::string w = word();
        if (i < inner.size() && inner[i] == '=') {
            ++i;
            c.named.emplace_back(w, word());
        } else {
            c.positional.push_back(w);
        }
    }
    return c;
}

std::string convert_markup(const std::string& body, const MarkupContext& ctx, std::vector<Finding>& warnings) {
    return Converter(body, ctx, warnings).run();
}

} // namespace folio::import
