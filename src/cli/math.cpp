// folio cli: formulas typeset at build time (math.h).
#include "cli/math.h"
#include "cli/resources.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>

#include "cli/output.h"
#include "core/bundle/load.h"
#include "core/bundle/source_check.h"
#include "core/text/text.h"

namespace folio {

namespace {

struct Formula {
    std::string key, tex;
    bool display = false;
    int article = -1; // the first article that writes it, for a warning's place
};

void collect(const Node& n, int article, std::set<std::string>& seen, std::vector<Formula>& out) {
    if (n.kind == NodeKind::Math && !n.text.empty() && seen.insert(math_key(n)).second)
        out.push_back({math_key(n), n.text, n.level != 0, article});
    for (const Node& c : n.children)
        collect(c, article, seen, out);
}

// MathML with every character past ASCII as a character reference (&#x2202;): the book's copy of a formula
// (in its body file) then asks the book's faces for nothing; only the browser reads it.
std::string ascii_markup(const std::string& markup) {
    std::string out;
    out.reserve(markup.size());
    for (size_t i = 0; i < markup.size();) {
        uint32_t cp = 0;
        const size_t n = static_cast<unsigned char>(markup[i]) < 0x80 ? 1 : utf8_decode(markup, i, cp);
        if (n <= 1) {
            out += markup[i++];
            continue;
        }
        char ref[16];
        std::snprintf(ref, sizeof ref, "&#x%X;", cp);
        out += ref;
        i += n;
    }
    return out;
}

// Markdown's escapes where TeX has no reading of its own: in a formula, a backslash before one of these is
// Markdown's escape, as a browser typesetter saw it after Markdown ran ("\\left\\(" was "\\left("). Temml
// refuses each of them in math mode; every other "\\" + punctuation ("\\{", "\\,", "\\\\", "\\|") means
// something to TeX, and TeX wins (docs/content.md, "Math").
std::string tex_for_typesetting(const std::string& tex) {
    static const std::string kMarkdownOnly = "()[]*+-/<?@";
    std::string out;
    out.reserve(tex.size());
    for (size_t i = 0; i < tex.size(); ++i) {
        if (tex[i] == '\\' && i + 1 < tex.size()) {
            if (kMarkdownOnly.find(tex[i + 1]) == std::string::npos) out += tex[i];
            out += tex[++i]; // "\\\\" is TeX's new line: its second backslash escapes nothing
            continue;
        }
        out += tex[i];
    }
    return out;
}

// The largest picture side kept, in thousandths of an em: what the body file's reader takes for a node's
// numbers (site_reader.cpp); a larger formula is set as its TeX.
constexpr int kLargestFormula = 100000;

// Every typeset formula's node in the tree gets its picture and MathML (document.h: NodeKind::Math).
void attach_pictures(Node& n, const std::map<std::string, MathPicture>& pictures,
                     const std::map<std::string, std::string>& mathml) {
    if (n.kind == NodeKind::Math) {
        const std::string key = math_key(n);
        auto p = pictures.find(key);
        auto m = mathml.find(key);
        if (p != pictures.end() && m != mathml.end()) {
            n.href = p->second.path;
            n.info = ascii_markup(m->second);
            n.width = p->second.width;
            n.height = p->second.ascent;
            n.start = p->second.depth;
        }
    }
    for (Node& c : n.children)
        attach_pictures(c, pictures, mathml);
}

} // namespace

bool has_formula(const Node& body) {
    if (body.kind == NodeKind::Math && !body.text.empty()) return true;
    for (const Node& c : body.children)
        if (has_formula(c)) return true;
    return false;
}

void typeset_math(Site& site, const std::string& bundle_dir, Diagnostics& warnings) {
    site.mathml.clear();
    site.math_pictures.clear();
    std::map<std::string, MathPicture> pictures; // by math_key
    std::vector<Formula> formulas;
    std::set<std::string> seen;
    for (int i = 0; i < static_cast<int>(site.writing.size()); ++i)
        collect(site.writing[static_cast<size_t>(i)].body, i, seen, formulas);
    if (formulas.empty()) return;

    nlohmann::json request = nlohmann::json::array();
    for (const Formula& f : formulas)
        request.push_back({{"tex", tex_for_typesetting(f.tex)}, {"display", f.display}});
    char in_path[] = "/tmp/folio-math-XXXXXX";
    const int fd = mkstemp(in_path);
    const std::string in_file = fd >= 0 ? in_path : "", out_file = in_file + ".out";
    bool ran = false;
    if (fd >= 0) {
        const std::string body = request.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        ran = ::write(fd, body.data(), body.size()) == static_cast<ssize_t>(body.size());
        ::close(fd);
        const std::string command =
            "node '" + find_resources().tools + "/math.cjs' < '" + in_file + "' > '" + out_file + "' 2>/dev/null";
        ran = ran && std::system(command.c_str()) == 0;
    }
    nlohmann::json reply;
    std::string replied;
    if (ran && read_whole_file(out_file, replied)) reply = nlohmann::json::parse(replied, nullptr, false);
    if (!in_file.empty()) std::remove(in_file.c_str()), std::remove(out_file.c_str());
    if (!ran || !reply.is_array() || reply.size() != formulas.size()) {
        Diagnostic d;
        d.warning = true;
        d.file = (bundle_dir == "." ? "" : bundle_dir + "/") + "content.json";
        d.message = "the articles' " + std::to_string(formulas.size()) +
                    " formulas show as TeX: node and npm's temml typeset them, and they did not run";
        d.hint = "run ./folio bootstrap, which installs both";
        warnings.push_back(d);
        return;
    }
    for (size_t k = 0; k < formulas.size(); ++k) {
        const nlohmann::json& r = reply[k];
        if (r.contains("mathml") && r["mathml"].is_string()) {
            site.mathml[formulas[k].key] = r["mathml"].get<std::string>();
            // Its picture, for the book and the early page: a file named by its content (the same formula
            // in two articles is one file). One MathJax cannot draw, or too large to keep, is set as TeX there.
            if (r.contains("svg") && r["svg"].is_string()) {
                const int w = r.value("w", 0), a = r.value("a", 0), d = r.value("d", 0);
                if (w > 0 && w <= kLargestFormula && a >= 0 && a <= kLargestFormula && d >= 0 && d <= kLargestFormula &&
                    a + d > 0) {
                    std::string svg = r["svg"].get<std::string>();
                    MathPicture p{"/math/" + content_hash(svg) + ".svg", w, a, d};
                    site.math_pictures[p.path] = std::move(svg);
                    pictures[formulas[k].key] = std::move(p);
                }
            }
            continue;
        }
        const Formula& f = formulas[k];
        const std::string why = r.value("error", std::string("it does not parse"));
        // At its opening delimiter where it has one (a math fence has none: at its TeX).
        const std::string dollars = f.display ? "$$" : "$", open = f.display ? "\\[" : "\\(",
                          close = f.display ? "\\]" : "\\)";
        warnings.push_back(
            article_warning(site.writing[static_cast<size_t>(f.article)], bundle_dir,
                            {dollars + f.tex + dollars, open + f.tex + close, f.tex},
                            "the formula '" + f.tex + "' does not parse (" + why + "): it shows as its TeX",
                            "fix the TeX; a dollar sign that is no formula is written \\$"));
    }
    for (Article& a : site.writing)
        attach_pictures(a.body, pictures, site.mathml);
}

} // namespace folio
