// folio core: located checks of Markdown sources. See source_check.h.
#include "core/source_check.h"

#include <sys/stat.h>

#include <set>

#include "core/derive.h"
#include "core/load.h"
#include "core/markdown.h"

namespace folio {

namespace {

bool is_file(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// Where the article's source is, for messages: "writing/post.md" inside the bundle, or content.json.
std::string source_label(const Article& a, const std::string& bundle_dir) {
    std::string dir = bundle_dir == "." ? "" : bundle_dir + "/";
    return dir + (a.body_file.empty() ? "content.json" : a.body_file);
}

void locate(const std::string& text, size_t offset, int& line, int& column) {
    line = 1, column = 1;
    for (size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n')
            ++line, column = 1;
        else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
            ++column;
    }
}

void collect_image_nodes(const Node& n, std::vector<const Node*>& out) {
    if (n.kind == NodeKind::Image) out.push_back(&n);
    for (const Node& c : n.children)
        collect_image_nodes(c, out);
}

} // namespace

void check_images(const Site& site, const std::string& bundle_dir, Diagnostics& out) {
    for (const Article& a : site.writing)
        check_article_images(a, bundle_dir, out);
}

void check_article_images(const Article& a, const std::string& bundle_dir, Diagnostics& out) {
    std::vector<const Node*> images;
    collect_image_nodes(a.body, images);
    // folio build keeps no Markdown once parsed (DeriveOptions): read it again to place a message.
    std::string reread;
    if (a.body_markdown.empty() && !a.body_file.empty() && !images.empty())
        read_whole_file(bundle_dir + "/" + a.body_file, reread);
    const std::string& src = reread.empty() ? a.body_markdown : reread;
    std::set<std::string> reported;
    size_t search_from = 0;
    for (const Node* img : images) {
        std::vector<std::string> local = collect_local_images(*img);
        if (local.empty()) continue; // another site's image, or a path the link policy refuses
        const std::string file = local[0].substr(1);
        // Where the source names it: the next place its address is written (a.b.png may be
        // written twice; each mention is found in order).
        size_t at = src.find(img->href, search_from);
        if (at == std::string::npos) at = src.find(img->href);
        if (at != std::string::npos) search_from = at + img->href.size();
        if (is_file(bundle_dir + "/" + file) || !reported.insert(file).second) continue;
        Diagnostic d;
        d.file = source_label(a, bundle_dir);
        if (at != std::string::npos && !a.body_file.empty()) locate(src, at, d.line, d.column);
        if (a.body_file.empty()) d.path = "$.writing[" + a.slug + "].body";
        d.message = "the image '" + img->href + "' is not in the bundle (looked for " + file + ")";
        d.hint = "add the file, or fix the path (site paths start at the bundle folder; %20 is a space)";
        out.push_back(d);
    }
}

void check_raw_html(const Site& site, const std::string& bundle_dir, Diagnostics& out) {
    for (const Article& a : site.writing) {
        if (a.body_markdown.empty()) continue;
        std::vector<SourceNote> notes;
        parse_markdown(a.body_markdown, &notes);
        for (const SourceNote& n : notes) {
            Diagnostic d;
            d.warning = true;
            d.file = source_label(a, bundle_dir);
            if (!a.body_file.empty()) d.line = n.line, d.column = n.column;
            if (a.body_file.empty()) d.path = "$.writing[" + a.slug + "].body";
            d.message = n.message;
            out.push_back(d);
        }
    }
}

} // namespace folio
