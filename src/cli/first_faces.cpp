// folio CLI: the faces on each route's first pages. See first_faces.h.
#include "cli/first_faces.h"

#include <algorithm>

#include "core/compose.h"
#include "ui/fonts.h"
#include "ui/headless.h"

namespace folio {

FaceSet FirstFaces::of(const Route& r) const {
    auto it = by_path.find(r.kind == RouteKind::NotFound ? std::string() : r.path);
    return it == by_path.end() ? kAllFaces : it->second;
}

namespace {

constexpr int kBefore = 1, kAfter = 3; // pages around the one a route opens at

FaceSet faces_near(const Book& book, int page) {
    FaceSet set = 1u << static_cast<int>(Face::Serif);
    const int n = static_cast<int>(book.pages.size());
    for (int i = std::max(0, page - kBefore); i < std::min(n, page + kAfter + 1); ++i)
        for (const Box& b : book.pages[i].boxes)
            if (b.kind == BoxKind::Text) set |= 1u << static_cast<int>(b.face);
    return set;
}

} // namespace

bool first_faces(const Site& site, const std::string& fonts_dir, FirstFaces& out, std::string& error) {
    HeadlessImGui imgui;
    Fonts fonts;
    if (!load_fonts_from_dir(fonts, fonts_dir, error)) return false;
    imgui.begin_frame(1280, 800);
    ImGuiMeasurer m;
    m.fonts = &fonts;
    const PageSpec spec;
    const Book main = compose_site(site, m, ComposeState{}, spec);
    for (const Route& r : all_routes(site)) {
        switch (r.kind) {
        case RouteKind::Main: {
            const ChapterSpan* c = r.chapter == "front" ? nullptr : main.chapter(r.chapter);
            out.by_path[r.path] = faces_near(main, c ? c->first_page : 0);
            break;
        }
        case RouteKind::Article: out.by_path[r.path] = faces_near(compose_article(site, r.article, m), 0); break;
        case RouteKind::Tag: out.by_path[r.path] = faces_near(compose_tag(site, r.tag, m), 0); break;
        case RouteKind::Search: out.by_path[r.path] = 1u << static_cast<int>(Face::Serif); break;
        case RouteKind::NotFound: break;
        }
    }
    out.by_path[""] = faces_near(compose_not_found(site, "/404", m), 0);
    imgui.end_frame();
    return true;
}

} // namespace folio
