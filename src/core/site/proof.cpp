// folio core: the early page (the proof). See proof.h.
#include "core/site/proof.h"

#include "core/book/scroll.h"
#include "core/book/view.h"
#include "core/model/links.h"
#include "core/text/bidi.h"
#include "core/text/text.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

namespace folio {

namespace {

// The share of a pocket page's next page that its proof carries (variant_html).
constexpr float kNextPageShown = 0.6f;

// A number for CSS: at most three decimals, no trailing zeros (integer arithmetic: the proofs of a large
// site write millions of them).
void put_num(std::string& out, float v) {
    long long milli = std::isfinite(v) ? std::llround(static_cast<double>(v) * 1000.0) : 0;
    if (milli < 0) {
        out += '-';
        milli = -milli;
    }
    char whole[24];
    const auto end = std::to_chars(whole, whole + sizeof whole, milli / 1000).ptr;
    out.append(whole, end);
    int frac = static_cast<int>(milli % 1000);
    if (frac == 0) return;
    char digits[4] = {static_cast<char>('0' + frac / 100), static_cast<char>('0' + frac / 10 % 10),
                      static_cast<char>('0' + frac % 10), 0};
    int len = 3;
    while (digits[len - 1] == '0')
        --len;
    out += '.';
    out.append(digits, static_cast<size_t>(len));
}

std::string num(float v) {
    std::string s;
    put_num(s, v);
    return s;
}

// A box's place on its page, in page units: the stylesheet scales and rounds it as the canvas does.
void put_place(std::string& out, const Box& b) {
    out += "--x:";
    put_num(out, b.x);
    out += ";--y:";
    put_num(out, b.y);
    out += ";--w:";
    put_num(out, b.w);
    out += ";--h:";
    put_num(out, b.h);
}

// <i class="..." style="place"></i>: a rectangle of ink.
void put_rect(std::string& out, const char* kind, Ink ink, const Box& b) {
    out += "<i class=\"";
    out += kind;
    out += " k";
    out += std::to_string(static_cast<int>(ink));
    out += "\" style=";
    put_place(out, b);
    out += "></i>";
}

// <i class="fm kK" style="place;--m:url(picture)"></i>: a formula (layout.h: BoxKind::Formula).
void put_formula(std::string& out, const Book& book, const Box& b) {
    if (b.image < 0 || b.image >= static_cast<int>(book.formulas.size())) return;
    out += "<i class=\"fm k";
    out += std::to_string(static_cast<int>(b.ink));
    out += "\" style=\"";
    put_place(out, b);
    out += ";--m:url(";
    append_html_escaped(out, book.formulas[static_cast<size_t>(b.image)].picture);
    out += ")\"></i>";
}

// Runs set at one size share a wrapper (<p>, which has no box: display: contents) that holds the size, and
// the face, ink and left edge of its first run, which the runs after it inherit unless they say otherwise:
// a large site's proofs are most of its pages' bytes, and a code line is a run per token.
struct RunGroup {
    bool open = false;
    float size = 0, top = 0;
    int face = -1, ink = -1;
    long long x_milli = 0; // the left edge, as written (put_num's thousandths)
};

long long milli(float v) { return std::isfinite(v) ? std::llround(static_cast<double>(v) * 1000.0) : 0; }

void end_group(std::string& out, RunGroup& g) {
    if (g.open) out += "</p>";
    g.open = false;
}

// The wrapper for a run of face `face` and ink `ink` starting at x: the open one when the size and the glyph
// top match, else a new one whose defaults are this run's.
void group_for(std::string& out, RunGroup& g, const Box& b, int face, int ink, float x) {
    const float top = glyph_top(b);
    if (g.open && g.size == b.size && g.top == top) return;
    end_group(out, g);
    g = {true, b.size, top, face, ink, milli(x)};
    out += "<p class=\"f";
    out += static_cast<char>('0' + face);
    out += " k" + std::to_string(ink) + "\" style=--s:";
    put_num(out, b.size);
    out += ";--t:";
    put_num(out, top);
    out += ";--x:";
    put_num(out, x);
    out += ">";
}

// A run of spaces draws no ink (a strike or mark over it is a rectangle of its own), nor does a code run
// past its panel's edge (the rest of a line wider than the panel, shown when it scrolls).
bool draws_nothing(const Box& b) {
    return b.text.find_first_not_of(' ') == std::string::npos || (b.code >= 0 && b.x >= b.clip_x + b.clip_w);
}

// A code line's run needs its panel's edge only when it reaches it (lines wider than the panel scroll).
bool reaches_panel_edge(const Box& b) { return b.code >= 0 && b.x + b.w + 0.1f * b.size > b.clip_x + b.clip_w; }

// The address a run of a link goes to, where a reader can follow it: the proof answers a click before
// the book has loaded (docs/first-view.md, "The proof answers the reader"). Folds open inside the book
// only, so their runs stay plain.
const std::string* run_href(const Book& book, const Box& b) {
    if (b.link < 0 || b.link >= static_cast<int>(book.links.size())) return nullptr;
    const LinkAction& act = book.links[b.link];
    return act.kind == ActionKind::Follow && followable(act.href) ? &act.href : nullptr;
}

// In the tab the book would use (opens_in_new_tab). Out of the tab order: #text holds the page's links for
// the keyboard and screen readers until the book's text layer does (the proof is aria-hidden).
void put_link_attributes(std::string& out, const std::string& href) {
    out += " href=\"";
    append_html_escaped(out, href);
    out += "\" tabindex=\"-1\"";
    if (opens_in_new_tab(href)) out += " target=\"_blank\" rel=\"noopener noreferrer\"";
}

// What a route's proof shows: its faces, and (when a face is sliced) the text of its runs as drawn.
struct Shown {
    bool faces[kFaceCount] = {};
    bool keep_text = false;
    std::string text, pair_text; // the page the route opens on (and the next's top); the other of its spread
};

// One page's ink, as the canvas draws it (ui/app.cpp, draw_page): rules, code panels, image frames, runs
// of text (marks under their text, strikes over it).
// Boxes whose top is at or below `shown` (page units) are left out: no screen shows them at first.
// The first drawn run of each block says what the block is (data-b: block_tag; "-": the page's furniture),
// so that copy separates the blocks as the book's layer does (folio.copyOf); marked is the block marked
// last, over the pages shown.
// Compact, since a large site's proofs are most of its pages' bytes: a run is a <b> (folio.css undoes its
// weight), and a value of numbers and names is written unquoted, as HTML allows when it has no space, quote,
// =, <, > or `.
void put_page(std::string& out, const Book& book, const Page& pg, int index, const char* role, Shown& used, int& marked,
              float shown = std::numeric_limits<float>::infinity()) {
    out += "<div class=\"pg c";
    out += spread_column(book, index) ? '1' : '0';
    out += ' ';
    out += role;
    out += std::strcmp(role, "next") == 0 ? "\" style=--o:1>" : "\">";
    RunGroup group;
    if (!pg.blank)
        for (const Box& b : pg.boxes) {
            if (b.y >= shown) continue;
            switch (b.kind) {
            case BoxKind::Rule:
                end_group(out, group);
                put_rect(out, "rl", b.ink, b);
                break;
            case BoxKind::Panel:
                end_group(out, group);
                put_rect(out, "pn", Ink::Panel, b);
                break;
            case BoxKind::Image:
                end_group(out, group);
                put_rect(out, "im", Ink::Rule, b);
                break;
            case BoxKind::Formula: // its picture as a mask, in its ink, as the book's layer draws it
                end_group(out, group);
                put_formula(out, book, b);
                break;
            case BoxKind::Text: {
                Ink ink = b.ink;
                if (ink == Ink::Mark) {
                    put_rect(out, "mk", Ink::Mark, b);
                    ink = Ink::Text;
                }
                if (!draws_nothing(b)) {
                    used.faces[static_cast<int>(b.face)] = true;
                    if (used.keep_text) (std::strcmp(role, "pair") == 0 ? used.pair_text : used.text) += drawn_text(b);
                    const int face = static_cast<int>(b.face), ink_index = static_cast<int>(ink);
                    // A right-to-left run is placed by its right edge, where its text starts (folio.css).
                    const float x = b.rtl ? b.x + b.w : b.x;
                    group_for(out, group, b, face, ink_index, x);
                    const std::string* href = run_href(book, b);
                    out += href ? "<a" : "<b"; // a run needs no width: its glyphs make it
                    const bool clipped = reaches_panel_edge(b);
                    std::string cls;
                    if (face != group.face) cls += "f" + std::to_string(face);
                    if (ink_index != group.ink) cls += (cls.empty() ? "k" : " k") + std::to_string(ink_index);
                    if (clipped) cls += cls.empty() ? "cd" : " cd";
                    if (!cls.empty())
                        out += cls.find(' ') == std::string::npos ? " class=" + cls : " class=\"" + cls + "\"";
                    out += " style=";
                    if (milli(x) != group.x_milli) {
                        out += "--x:";
                        put_num(out, x);
                        out += ';';
                    }
                    out += "--y:";
                    put_num(out, b.y);
                    if (clipped) { // the panel's right edge
                        out += ";--c:";
                        put_num(out, b.clip_x + b.clip_w - b.x);
                    }
                    if (b.block != marked) {
                        marked = b.block;
                        // Furniture (a running head, a folio) is no block: copy leaves it out, as the layer does.
                        out += " data-b=" + (b.block < 0 ? std::string("-") : block_tag(book, b.block));
                    }
                    if (b.rtl) out += " dir=rtl"; // logical text, which the browser sets from the right
                    if (href) put_link_attributes(out, *href);
                    out += '>';
                    append_html_escaped(out, b.text);
                    out += href ? "</a>" : "</b>";
                }
                if (b.strike) put_rect(out, "sk", b.ink, b);
                break;
            }
            }
        }
    end_group(out, group);
    out += "</div>";
}

// One variant: the page the route opens on (and, on the reference page, the other page of its spread).
// cut: the book was laid out only so far (ComposeState::page_limit), so its length is unknown: no scrollbar.
// Appended to out: a route's variants are written one after another into one string.
void variant_html(std::string& out, const Book& book, int page, const ProofVariant& v, Shown& used, bool cut) {
    const int n = static_cast<int>(book.pages.size());
    if (n == 0) return;
    page = std::clamp(page, 0, n - 1);
    const bool solo = n == 1; // a one-page book sits in the middle, never on a lone left page
    out += "<div class=\"pv pv-" + v.name + (solo ? " solo" : "") + (cut ? " cut" : "") +
           "\" style=--pw:" + num(book.spec.width) + ";--ph:" + num(book.spec.height) +
           ";--ps:" + std::to_string(page) + ";--ns:" + std::to_string(n) + ";--pd:" + std::to_string(page / 2) +
           ";--nd:" + std::to_string((n + 1) / 2) + ">";
    const int first = v.pocket || solo ? page : page - page % 2;
    const int last = v.pocket || solo ? page : std::min(n - 1, first + 1);
    int marked = -1;
    for (int i = first; i <= last; ++i)
        put_page(out, book, book.pages[i], i, i == page ? "here" : "pair", used, marked);
    // A pocket page is shorter than a phone's screen: the top of the next one shows below it. How much of
    // it a screen shows grows with its height for its width: the first 60% is all of it up to a height of
    // about 2.7 times the width (a 344 x 882 CSS px phone, among the narrowest and tallest made, shows 46%);
    // a window taller still gets the rest at the book's first frame.
    if (v.pocket && page + 1 < n)
        put_page(out, book, book.pages[page + 1], page + 1, "next", used, marked, kNextPageShown * book.spec.height);
    out += "</div>";
}

float scale_for(float px, float body_box_per_em) { return px * body_box_per_em / PageSpec{}.body_size; }

// The smallest screen (CSS px) that shows the reference page as spreads (plan_pages): the stylesheet's and
// the slices' media queries.
struct SpreadScreen {
    float width, height;
};
SpreadScreen spread_screen(float body_box_per_em) {
    const PageSpec ref;
    const float s18 = scale_for(kSpreadMinBodyPx, body_box_per_em);
    return {std::max(1280.0f, 2 * kSpreadSide + kScrollbarWidth + 2 * ref.width * s18), 2 * kTopPad + ref.height * s18};
}

} // namespace

std::vector<ProofVariant> proof_variants(float body_box_per_em) {
    // plan_pages: the reference page wherever it fits at the minimum body size; below that, the widest
    // pocket width that fits at that size (the target size is the minimum everywhere in that range).
    const float least = scale_for(kMinBodyPx, body_box_per_em);
    const float reference_from = 2 * kPageSide + kScrollbarWidth + PageSpec{}.width * least;
    std::vector<ProofVariant> out;
    out.push_back({"ref", PageSpec{}, false, reference_from, 0});
    const size_t n = sizeof kPocketWidths / sizeof kPocketWidths[0];
    for (size_t i = 0; i < n; ++i) {
        const float w = kPocketWidths[i];
        ProofVariant v{"p" + num(w), PageSpec::pocket(w), true, i == 0 ? 0 : 2 * kPocketSide + w * least,
                       i + 1 < n ? 2 * kPocketSide + kPocketWidths[i + 1] * least : reference_from};
        out.push_back(v);
    }
    return out;
}

std::string desk_css() {
    return ":root{--top-pad:" + num(kTopPad) + "px;--row-gap:" + num(kRowGap) + "px;--snap:" + num(kEdgeSnap) +
           "px;--word-gap:" + num(kWordGap) + ";--reveal:" + num(kTextRevealSeconds) + "s}\n";
}

std::string proof_css(float body_box_per_em, size_t script_faces, const FaceMetrics (&faces)[kFaceCount]) {
    const float bpe = body_box_per_em;
    const PageSpec ref;
    const std::string k = num(bpe / ref.body_size * 1000) + " / 1000"; // page units per CSS px of body text
    const SpreadScreen spread = spread_screen(bpe);
    const float spread_w = spread.width, spread_h = spread.height;
    // body_px_for_width as CSS of the viewport, then times the page units per body px.
    const std::string target =
        "calc(clamp(" + num(kMinBodyPx) + "px, 18px + (100vw - 1280px) / 320, " + num(kMaxBodyPx) + "px) * " + k + ")";
    std::string css = "\n/*---- [SECTION] The proof: the first page as the book sets it (written by folio build, "
                      "src/core/site/proof.cpp) ----*/\n\n";
    // Each face, then the script faces behind it in chain order (ui/fonts.h: the book merges them so).
    std::string scripts;
    for (size_t k = 0; k < script_faces; ++k)
        scripts += ",\"folio-script-" + std::to_string(k) + "\"";
    for (int i = 0; i < kFaceCount; ++i)
        css += "#proof .f" + std::to_string(i) + "{font-family:\"folio-face-" + std::to_string(i) + "\"" + scripts +
               ";--em:" + num(faces[i].em) + ";--asc:" + num(faces[i].ascent) + ";--mid:" + num(faces[i].mid) + "}\n";
    for (int i = 0; i < kInkCount; ++i)
        css += "#proof .k" + std::to_string(i) + "{color:var(--pf-k" + std::to_string(i) + ")}\n";
    // The variants: each page size shows in its own range of widths; the scale is plan_pages' (one page
    // centred, spreads, or a pocket page filling the width up to the largest body size).
    for (const ProofVariant& v : proof_variants(bpe)) {
        std::string range;
        if (v.min_width > 0) range += "(min-width: " + num(v.min_width) + "px)";
        if (v.max_width > 0)
            range += std::string(range.empty() ? "" : " and ") + "(max-width: " + num(v.max_width - 0.001f) + "px)";
        css += "@media " + range + "{#proof .pv-" + v.name + "{display:block;--u:";
        if (v.pocket)
            css += "min((100vw - " + num(2 * kPocketSide) + "px) / " + num(v.spec.width) + ", " + num(kMaxBodyPx) +
                   "px * " + k + ")";
        else
            css += "min(" + target + ", (100vw - " + num(2 * kPageSide + kScrollbarWidth) + "px) / " + num(ref.width) +
                   ")";
        css += "}}\n";
    }
    css += "@media (min-width: " + num(spread_w) + "px) and (min-height: " + num(spread_h) +
           "px){#proof .pv-ref:not(.solo){--u:min(" + target + ", (100vw - " + num(2 * kSpreadSide + kScrollbarWidth) +
           "px) / " + num(2 * ref.width) + ", (100vh - " + num(2 * kTopPad) + "px) / " + num(ref.height) +
           ");--row:var(--pd);--rows:var(--nd)}"
           "#proof .pv-ref:not(.solo) .pg.pair{display:block}"
           "#proof .pv-ref:not(.solo) .pg.c0{left:round(down, calc(50% - var(--pwp) + var(--snap)), 1px)}"
           "#proof .pv-ref:not(.solo) .pg.c1{left:round(down, calc(50% + var(--snap)), 1px)}"
           "#proof .pv-ref:not(.solo) .pg::after{content:\"\";position:absolute;top:0;bottom:0;width:calc(14 * "
           "var(--u))}"
           "#proof .pv-ref:not(.solo) .pg.c0::after{right:0;background:linear-gradient(to right,transparent,var(--pf-"
           "gutter))}"
           "#proof .pv-ref:not(.solo) .pg.c1::after{left:0;background:linear-gradient(to left,transparent,var(--pf-"
           "gutter))}}\n";
    return css;
}

std::string proof_noscript_css(const std::vector<std::string>& font_urls, const std::vector<std::string>& script_urls,
                               const std::vector<std::vector<std::string>>& slices,
                               const std::vector<std::vector<std::string>>& ranges) {
    std::string css;
    for (size_t i = 0; i < font_urls.size(); ++i)
        css += "@font-face{font-family:\"folio-face-" + std::to_string(i) + "\";src:url(\"" + font_urls[i] +
               "\") format(\"truetype\")}\n";
    for (size_t k = 0; k < script_urls.size(); ++k) {
        const std::string family = "@font-face{font-family:\"folio-script-" + std::to_string(k) + "\";src:url(\"";
        if (k >= slices.size() || slices[k].empty()) { // whole (a sliced face's stand-in draws nothing)
            css += family + script_urls[k] + "\") format(\"truetype\")}\n";
            continue;
        }
        for (size_t j = 0; j < slices[k].size(); ++j)
            css += family + slices[k][j] + "\") format(\"truetype\");unicode-range:" +
                   (k < ranges.size() && j < ranges[k].size() ? ranges[k][j] : std::string("U+0-10FFFF")) + "}\n";
    }
    return css;
}

ProofMaker::ProofMaker(const Site& site, ProofMeasuring measuring, bool enabled)
    : site_(site), measuring_(std::move(measuring)), enabled_(enabled) {
    variants_ = proof_variants(measuring_.body_box_per_em);
    main_.resize(variants_.size());
}

const Book& ProofMaker::main_book(size_t v) {
    std::lock_guard<std::mutex> lock(main_mutex_);
    if (!main_[v]) {
        const auto t0 = std::chrono::steady_clock::now();
        main_[v] = std::make_unique<Book>(
            compose_site(site_, measuring_.for_this_thread(), ComposeState{}, variants_[v].spec));
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        std::lock_guard<std::mutex> stats(mutex_);
        ++layouts_;
        main_ms_ += ms;
    }
    return *main_[v];
}

std::vector<uint32_t> ProofMaker::main_characters(Face face) {
    std::vector<bool> seen;
    for (size_t v = 0; v < variants_.size(); ++v)
        for (const Page& pg : main_book(v).pages)
            for (const Box& b : pg.boxes) {
                // An image's alt text is set in italic (until its picture shows), as the book draws it.
                const Face drawn_in = b.kind == BoxKind::Image ? Face::Italic : b.face;
                if ((b.kind != BoxKind::Text && b.kind != BoxKind::Image) || drawn_in != face) continue;
                const std::string& drawn = drawn_text(b); // Arabic in its joined forms
                for (size_t i = 0; i < drawn.size();) {
                    uint32_t c = 0xFFFD; // a malformed byte draws as the replacement character, as in ImGui
                    const size_t n = utf8_decode(drawn, i, c);
                    i += n ? n : 1;
                    if (!n) c = 0xFFFD;
                    if (c >= seen.size()) seen.resize(c + 1, false);
                    seen[c] = true;
                }
            }
    std::vector<uint32_t> out;
    for (size_t c = 0; c < seen.size(); ++c)
        if (seen[c]) out.push_back(static_cast<uint32_t>(c));
    return out;
}

std::string ProofMaker::html(const Route& route) {
    if (!enabled_ ||
        (route.kind != RouteKind::Main && route.kind != RouteKind::Article && route.kind != RouteKind::Tag))
        return "";
    Measurer& measure = measuring_.for_this_thread();
    const auto t0 = std::chrono::steady_clock::now();
    int layouts = 0;
    Shown used;
    used.keep_text = !slice_maps_.empty();
    std::string variants;
    variants.reserve(1 << 16); // an article's four variants take some kilobytes
    std::vector<SliceUse> slice_uses;
    // Each variant says which slices it shows (data-slices on its element): a page fetches those of the variant
    // its screen shows (web/downloads.js) and preloads each for the screens that show it (slice_media).
    auto note_slices = [&](size_t v, size_t opened_at) {
        if (!used.keep_text) return;
        const size_t tag_end = variants.find('>', opened_at);
        if (tag_end == std::string::npos) return;
        const std::vector<std::pair<int, int>> here = slices_of(used.text);
        std::vector<std::pair<int, int>> pair;
        for (const auto& p : slices_of(used.pair_text))
            if (!std::binary_search(here.begin(), here.end(), p)) pair.push_back(p);
        // The page opened on (bit v) and the other page of its spread, shown on a screen wide for spreads
        // (bit kSpreadBit + v): data-slices and data-pair-slices.
        std::string attrs;
        for (const std::vector<std::pair<int, int>>* list :
             {&here, const_cast<const std::vector<std::pair<int, int>>*>(&pair)}) {
            std::string names;
            for (const std::pair<int, int>& used_slice : *list) {
                // (a plain pair, not a structured binding: C++17 lets no lambda capture one, and clang refuses)
                const int script = used_slice.first, slice = used_slice.second;
                names += (names.empty() ? "" : " ") + std::to_string(script) + "." + std::to_string(slice);
                auto it = std::find_if(slice_uses.begin(), slice_uses.end(),
                                       [&](const SliceUse& u) { return u.script == script && u.slice == slice; });
                if (it == slice_uses.end()) it = slice_uses.insert(slice_uses.end(), SliceUse{script, slice, 0});
                it->variants |= 1u << (list == &here ? v : kSpreadBit + v);
            }
            if (list == &here || !names.empty())
                attrs += (list == &here ? " data-slices=\"" : " data-pair-slices=\"") + names + "\"";
        }
        variants.insert(tag_end, attrs);
        used.text.clear();
        used.pair_text.clear();
    };
    for (size_t v = 0; v < variants_.size(); ++v) {
        const PageSpec& spec = variants_[v].spec;
        const size_t opened_at = variants.size();
        if (route.kind == RouteKind::Main) {
            // The page the route opens on (App's anchor_scroll): the front matter's first, or the chapter's.
            const Book& book = main_book(v);
            const ChapterSpan* c = route.chapter == "front" ? nullptr : book.chapter(route.chapter);
            variant_html(variants, book, c ? c->first_page : 0, variants_[v], used, false);
            note_slices(v, opened_at);
            continue;
        }
        // An article or a tag page is a book of its own: its first page (and the next, for a spread or
        // the top of the next pocket page). The rest is not laid out.
        ComposeState first;
        first.page_limit = 2;
        const Book book = route.kind == RouteKind::Article ? compose_article(site_, route.article, measure, first, spec)
                                                           : compose_tag(site_, route.tag, measure, spec, first);
        ++layouts;
        variant_html(variants, book, 0, variants_[v], used, book.pages.size() > 2);
        note_slices(v, opened_at);
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::lock_guard<std::mutex> lock(mutex_);
    layouts_ += layouts;
    layout_ms_ += ms;
    if (variants.empty()) return "";
    std::string faces;
    unsigned bits = 1u << static_cast<int>(Face::Serif); // folios, running heads, messages
    for (int i = 0; i < kFaceCount; ++i)
        if (used.faces[i]) {
            faces += (faces.empty() ? "" : ",") + std::to_string(i);
            bits |= 1u << i;
        }
    faces_[route.path] = bits;
    if (used.keep_text) {
        std::sort(slice_uses.begin(), slice_uses.end(), [](const SliceUse& a, const SliceUse& b) {
            return a.script != b.script ? a.script < b.script : a.slice < b.slice;
        });
        slices_[route.path] = std::move(slice_uses);
    }
    // data-scroll: the book's key and wheel steps, so the proof answers them as the book will (core/book/scroll.h).
    // Runs are placed from the left, in a right-to-left page too; a right-to-left run says so itself.
    const char* dir = rtl_language(site_.info.language) ? " dir=\"ltr\"" : "";
    return "<div id=\"proof\"" + std::string(dir) + " aria-hidden=\"true\" data-faces=\"" + faces + "\" data-scroll='" +
           scroll_steps_json() + "'>" + variants + "</div>";
}

// The slices (script face, slice) of the sliced faces' characters in text, sorted, each once.
std::vector<std::pair<int, int>> ProofMaker::slices_of(const std::string& text) const {
    std::vector<std::pair<int, int>> out;
    for (size_t i = 0; i < text.size();) {
        uint32_t c = 0;
        const size_t n = utf8_decode(text, i, c);
        i += n ? n : 1;
        for (size_t k = 0; k < slice_maps_.size(); ++k)
            if (const int slice = slice_maps_[k].slice_of(c); slice >= 0) {
                out.push_back({static_cast<int>(k), slice});
                break;
            }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<uint32_t> ProofMaker::opening_characters(const Route& route) {
    std::vector<uint32_t> out;
    if (!enabled_ || route.kind != RouteKind::Main) return out;
    Shown used;
    used.keep_text = true;
    std::string ignored;
    for (size_t v = 0; v < variants_.size(); ++v) {
        const Book& book = main_book(v);
        const ChapterSpan* c = route.chapter == "front" ? nullptr : book.chapter(route.chapter);
        variant_html(ignored, book, c ? c->first_page : 0, variants_[v], used, false);
        ignored.clear();
    }
    for (size_t i = 0; i < used.text.size();) {
        uint32_t c = 0;
        const size_t n = utf8_decode(used.text, i, c);
        i += n ? n : 1;
        if (n) out.push_back(c);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<SliceUse> ProofMaker::slices(const Route& route) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = slices_.find(route.path);
    return it == slices_.end() ? std::vector<SliceUse>{} : it->second;
}

std::string ProofMaker::slice_media(unsigned variant_bits) const {
    // The variants' ranges of widths, in order of width, joined where they touch: a media query list.
    std::vector<std::pair<float, float>> ranges; // [min, max); max 0: no upper bound
    for (size_t v = 0; v < variants_.size() && v < kSpreadBit; ++v)
        if (variant_bits >> v & 1u) ranges.push_back({variants_[v].min_width, variants_[v].max_width});
    // Only the spread's other page: the screens that show spreads (only the reference page has them).
    std::string spread;
    if ((variant_bits >> kSpreadBit) != 0) {
        const SpreadScreen screen = spread_screen(measuring_.body_box_per_em);
        spread = "(min-width: " + num(screen.width) + "px) and (min-height: " + num(screen.height) + "px)";
    }
    std::sort(ranges.begin(), ranges.end());
    std::vector<std::pair<float, float>> joined;
    for (const auto& r : ranges) {
        if (!joined.empty() && joined.back().second > 0 && joined.back().second >= r.first)
            joined.back().second = r.second == 0 ? 0 : std::max(joined.back().second, r.second);
        else
            joined.push_back(r);
    }
    if (joined.size() == 1 && joined[0].first <= 0 && joined[0].second == 0) return ""; // every screen
    std::string media = spread;
    for (const auto& [lo, hi] : joined) {
        std::string q;
        if (lo > 0) q += "(min-width: " + num(lo) + "px)";
        if (hi > 0) q += std::string(q.empty() ? "" : " and ") + "(max-width: " + num(hi - 0.001f) + "px)";
        media += (media.empty() ? "" : ", ") + q;
    }
    return media;
}

unsigned ProofMaker::faces(const Route& route) {
    if (route.kind == RouteKind::Search) return 1u << static_cast<int>(Face::Serif);
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = route.kind == RouteKind::NotFound ? faces_.end() : faces_.find(route.path);
    return it == faces_.end() ? (1u << kFaceCount) - 1 : it->second;
}

} // namespace folio
