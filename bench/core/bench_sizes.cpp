// folio benchmark: how large the text reads on each screen, measured from the layout.
//
//   folio_bench_sizes [BUNDLE]
//
// The App in a headless ImGui context with the real Debian fonts, on the seed (or BUNDLE), at the usual
// phone, tablet, laptop and desktop viewports. For each: the page it lays out on (the reference page or
// a pocket page, in page units), one page or spreads, the scale (page units to CSS px), and in CSS px
// (ImGui size x scale / the face's glyph box per em, read from the font):
//   body        the body text
//   lists       the pull-request lists and the shelves' entries (the smaller list settings)
//   smallest    the smallest text in the book (folios, running heads, pull-request numbers included)
//   chars/line  the median characters of a full line of running text in the main book
// Prints figures only.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/bundle/load.h"
#include "ui/app.h"
#include "ui/headless.h"

using namespace folio;

namespace {

struct Screen {
    const char* name;
    float w, h;
};

// Median characters of the full lines (reaching the right margin) of body-size running text.
size_t median_full_line(const Book& book) {
    std::map<std::pair<int, int>, std::pair<float, size_t>> lines;
    for (int p = 0; p < static_cast<int>(book.pages.size()); ++p)
        for (const Box& b : book.pages[p].boxes)
            if (b.kind == BoxKind::Text && b.size == book.spec.body_size && b.code < 0 && b.face != Face::Mono) {
                auto& l = lines[{p, static_cast<int>(b.y * 4)}];
                l.first = std::max(l.first, b.x + b.w);
                l.second += b.text.size();
            }
    std::vector<size_t> full;
    const float right = book.spec.width - book.spec.margin_outer - book.spec.body_size * 2;
    for (const auto& kv : lines)
        if (kv.second.first > right) full.push_back(kv.second.second);
    if (full.empty()) return 0;
    std::sort(full.begin(), full.end());
    return full[full.size() / 2];
}

// The smallest CSS size among the book's text boxes drawn in a list setting (smaller than the body).
float list_px(const App& a) {
    float least = 1e9f;
    for (const Page& p : a.book.pages)
        for (const Box& b : p.boxes)
            if (b.kind == BoxKind::Text && b.face != Face::Mono && b.size < a.book.spec.body_size)
                least = std::min(least, a.css_px(b.face, b.size));
    return least;
}

} // namespace

int main(int argc, char** argv) {
    const std::string bundle = argc > 1 ? argv[1] : FOLIO_SOURCE_DIR;
    HeadlessImGui imgui;
    App app;
    std::string paths[kFaceCount], error;
    for (int i = 0; i < kFaceCount; ++i)
        paths[i] = kDebianFontFiles[i];
    if (!load_fonts_from_files(app.fonts, paths, error)) {
        std::printf("sizes benchmark could not run: %s\n", error.c_str());
        return 0;
    }
    Site site;
    Diagnostics d;
    if (!load_bundle(bundle, site, d)) {
        std::printf("sizes benchmark could not run: %s does not load\n", bundle.c_str());
        return 0;
    }
    app.set_site(std::move(site));
    app.open("/");
    std::printf("glyph box per em (from the fonts): serif %.4f, mono %.4f\n", app.fonts.box_per_em[0],
                app.fonts.box_per_em[static_cast<int>(Face::Mono)]);
    std::printf("body text: ImGui size %.1f page units; CSS px = size x scale / glyph box per em\n\n",
                PageSpec{}.body_size);
    const Screen screens[] = {{"small phone", 320, 568}, {"phone", 390, 844},        {"large phone", 430, 932},
                              {"tablet", 768, 1024},     {"tablet wide", 1024, 768}, {"laptop", 1280, 800},
                              {"laptop", 1440, 900},     {"desktop", 1920, 1080},    {"desktop", 2560, 1440}};
    std::printf("%-12s %10s  %-18s %-7s %6s %8s %8s %9s %10s\n", "screen", "viewport", "page (units)", "shows", "scale",
                "body px", "lists px", "least px", "chars/line");
    for (const Screen& s : screens) {
        for (int i = 0; i < 3; ++i) {
            imgui.begin_frame(s.w, s.h);
            app.frame(1.0f / 60.0f);
            imgui.end_frame();
        }
        char viewport[32], page[32];
        std::snprintf(viewport, sizeof viewport, "%.0fx%.0f", s.w, s.h);
        std::snprintf(page, sizeof page, "%s %.0fx%.0f", app.plan().pocket ? "pocket" : "reference",
                      app.book.spec.width, app.book.spec.height);
        std::printf("%-12s %10s  %-18s %-7s %6.3f %8.2f %8.2f %9.2f %10zu\n", s.name, viewport, page,
                    app.spreads ? "spreads" : "1 page", app.page_scale, app.body_css_px(), list_px(app),
                    app.smallest_css_px(), median_full_line(app.book));
    }
    std::printf("\n(aims: body >= 16 px everywhere, lists and other secondary text >= 13 px, about 45-75 "
                "characters a line)\n");
    return 0;
}
