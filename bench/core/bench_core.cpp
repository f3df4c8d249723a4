// folio benchmark: the native core and the headless book view, per bundle.
//
//   folio_bench_core [--tsv FILE] [NAME=]BUNDLE...
//
// For each bundle:
//   load     folio::load_bundle (read + validate + Markdown to document trees + derive), wall time,
//            median of 5 runs
//   layout   folio::compose_site of the main book with ImGuiMeasurer and the real Debian fonts
//            (kDebianFontFiles), wall time, median of 5 runs
//   frames   the App at 1280x800 in a headless ImGui context, route /writing: 300 frames, each after
//            scroll_by(37) (the direction reverses at either end of the book), thread CPU time of
//            begin_frame + App::frame + end_frame; median, p95 and max; the first frame after open()
//            (which lays the book out) is timed apart, and vtx/frame is the mean vertex count drawn
// Prints figures only; never fails on a timing. With --tsv, also appends one tab-separated line per bundle
// (name articles pages load_ms layout_ms frame_med_ms frame_p95_ms) to FILE for scripts.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/book/compose.h"
#include "core/bundle/load.h"
#include "ui/app.h"
#include "ui/headless.h"

using namespace folio;

namespace {

constexpr int kRuns = 5;
constexpr int kFrames = 300;
constexpr float kStep = 37.0f;

double now_ms() {
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

double thread_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Nearest-rank percentile.
double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    size_t rank = static_cast<size_t>(p / 100.0 * static_cast<double>(v.size()) + 0.999999);
    if (rank < 1) rank = 1;
    if (rank > v.size()) rank = v.size();
    return v[rank - 1];
}

struct Result {
    std::string name;
    size_t articles = 0, pages = 0;
    double load_ms = 0, layout_ms = 0, frame_med = 0, frame_p95 = 0, frame_max = 0, first_frame_ms = 0, vertices = 0;
    bool ok = false;
};

bool run_bundle(const std::string& name, const std::string& dir, Result& r) {
    r.name = name;

    // 1. load + check + Markdown conversion.
    std::vector<double> loads;
    Site site;
    for (int i = 0; i < kRuns; ++i) {
        Site s;
        Diagnostics d;
        double t0 = now_ms();
        bool ok = load_bundle(dir, s, d);
        double t1 = now_ms();
        if (!ok) {
            std::fprintf(stderr, "folio_bench_core: %s does not load cleanly (%zu problems)", dir.c_str(), d.size());
            if (!d.empty()) std::fprintf(stderr, "; first: %s", format_diagnostic(d.front()).c_str());
            std::fprintf(stderr, "\n");
            return false;
        }
        loads.push_back(t1 - t0);
        if (i == kRuns - 1) site = std::move(s);
    }
    r.load_ms = median(loads);
    r.articles = site.writing.size();

    // 2. layout of the main book with the real fonts.
    HeadlessImGui imgui;
    App app;
    std::string paths[kFaceCount], error;
    for (int i = 0; i < kFaceCount; ++i)
        paths[i] = kDebianFontFiles[i];
    if (!load_fonts_from_files(app.fonts, paths, error)) {
        std::fprintf(stderr, "folio_bench_core: %s\n", error.c_str());
        return false;
    }
    ImGuiMeasurer measurer;
    measurer.fonts = &app.fonts;
    std::vector<double> layouts;
    for (int i = 0; i < kRuns; ++i) {
        imgui.begin_frame(1280, 800);
        double t0 = now_ms();
        Book book = compose_site(site, measurer, ComposeState{});
        double t1 = now_ms();
        imgui.end_frame();
        layouts.push_back(t1 - t0);
        r.pages = book.pages.size();
    }
    r.layout_ms = median(layouts);

    // 3. frames while scrolling.
    auto frame = [&] {
        imgui.begin_frame(1280, 800);
        app.frame(1.0f / 60.0f);
        imgui.end_frame();
    };
    app.set_site(std::move(site));
    app.open("/writing");
    double f0 = now_ms();
    frame(); // lays out the book
    r.first_frame_ms = now_ms() - f0;
    for (int i = 0; i < 5; ++i)
        frame();
    std::vector<double> frames;
    frames.reserve(kFrames);
    long long vertices = 0;
    float dir_sign = 1.0f;
    for (int i = 0; i < kFrames; ++i) {
        float max_scroll = std::max(0.0f, app.content_height - app.view_height);
        if (dir_sign > 0 && app.scroll + kStep > max_scroll)
            dir_sign = -1.0f;
        else if (dir_sign < 0 && app.scroll - kStep < 0)
            dir_sign = 1.0f;
        app.scroll_by(dir_sign * kStep);
        double t0 = thread_cpu_ms();
        frame();
        double t1 = thread_cpu_ms();
        frames.push_back(t1 - t0);
        vertices += ImGui::GetDrawData() ? ImGui::GetDrawData()->TotalVtxCount : 0;
    }
    r.frame_med = median(frames);
    r.frame_p95 = percentile(frames, 95);
    r.frame_max = *std::max_element(frames.begin(), frames.end());
    r.vertices = static_cast<double>(vertices) / kFrames;
    r.ok = true;
    return true;
}

} // namespace

int main(int argc, char** argv) {
    std::string tsv;
    std::vector<std::pair<std::string, std::string>> bundles;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--tsv" && i + 1 < argc) {
            tsv = argv[++i];
            continue;
        }
        if (a == "-h" || a == "--help") {
            std::printf("usage: folio_bench_core [--tsv FILE] [NAME=]BUNDLE...\n");
            return 0;
        }
        size_t eq = a.find('=');
        if (eq != std::string::npos && eq > 0)
            bundles.emplace_back(a.substr(0, eq), a.substr(eq + 1));
        else
            bundles.emplace_back(a, a);
    }
    if (bundles.empty()) {
        std::fprintf(stderr, "usage: folio_bench_core [--tsv FILE] [NAME=]BUNDLE...\n");
        return 2;
    }

    std::printf("folio core: load, layout and scrolling frames (native, headless ImGui, Debian fonts)\n");
    std::printf("  load   = load_bundle (read + check + Markdown + derive), wall, median of %d\n", kRuns);
    std::printf("  layout = compose_site of the main book with ImGuiMeasurer, wall, median of %d\n", kRuns);
    std::printf("  frame  = begin_frame + App::frame + end_frame at 1280x800 on /writing, thread CPU, %d frames of "
                "scroll_by(%g)\n",
                kFrames, static_cast<double>(kStep));
    std::printf("\n%-10s %9s %7s %10s %11s %13s %13s %13s %14s %11s\n", "bundle", "articles", "pages", "load ms",
                "layout ms", "frame med ms", "frame p95 ms", "frame max ms", "1st frame ms", "vtx/frame");
    std::fflush(stdout);
    std::vector<Result> results;
    int status = 0;
    for (const auto& b : bundles) {
        Result r;
        if (!run_bundle(b.first, b.second, r)) {
            std::printf("%-10s (failed to load; see above)\n", b.first.c_str());
            status = 1;
            continue;
        }
        std::printf("%-10s %9zu %7zu %10.1f %11.1f %13.3f %13.3f %13.3f %14.1f %11.0f\n", r.name.c_str(), r.articles,
                    r.pages, r.load_ms, r.layout_ms, r.frame_med, r.frame_p95, r.frame_max, r.first_frame_ms,
                    r.vertices);
        std::fflush(stdout);
        results.push_back(r);
        if (!tsv.empty()) {
            if (FILE* f = std::fopen(tsv.c_str(), "a")) {
                std::fprintf(f, "%s\t%zu\t%zu\t%.3f\t%.3f\t%.4f\t%.4f\n", r.name.c_str(), r.articles, r.pages,
                             r.load_ms, r.layout_ms, r.frame_med, r.frame_p95);
                std::fclose(f);
            }
        }
    }
    if (results.size() > 1 && results[0].frame_p95 > 0) {
        std::printf("\n");
        for (size_t i = 1; i < results.size(); ++i)
            std::printf("frame p95 %s / %s: %.2fx    load %s / %s: %.1fx    layout %s / %s: %.1fx\n",
                        results[i].name.c_str(), results[0].name.c_str(), results[i].frame_p95 / results[0].frame_p95,
                        results[i].name.c_str(), results[0].name.c_str(),
                        results[i].load_ms / std::max(1e-9, results[0].load_ms), results[i].name.c_str(),
                        results[0].name.c_str(), results[i].layout_ms / std::max(1e-9, results[0].layout_ms));
    }
    return status;
}
