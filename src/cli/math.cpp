// folio cli: formulas typeset at build time (math.h).
#include "cli/math.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>

#include "core/bundle/load.h"
#include "core/bundle/source_check.h"

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

} // namespace

void typeset_math(Site& site, const std::string& bundle_dir, Diagnostics& warnings) {
    site.mathml.clear();
    std::vector<Formula> formulas;
    std::set<std::string> seen;
    for (int i = 0; i < static_cast<int>(site.writing.size()); ++i)
        collect(site.writing[static_cast<size_t>(i)].body, i, seen, formulas);
    if (formulas.empty()) return;

    nlohmann::json request = nlohmann::json::array();
    for (const Formula& f : formulas)
        request.push_back({{"tex", f.tex}, {"display", f.display}});
    char in_path[] = "/tmp/folio-math-XXXXXX";
    const int fd = mkstemp(in_path);
    const std::string in_file = fd >= 0 ? in_path : "", out_file = in_file + ".out";
    bool ran = false;
    if (fd >= 0) {
        const std::string body = request.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        ran = ::write(fd, body.data(), body.size()) == static_cast<ssize_t>(body.size());
        ::close(fd);
        const std::string command =
            "node '" FOLIO_SOURCE_DIR "/tools/math.cjs' < '" + in_file + "' > '" + out_file + "' 2>/dev/null";
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
}

} // namespace folio
