// folio core: text layout and pagination. See layout.h.
#include "core/book/layout.h"

#include "core/text/clusters.h"

#include <algorithm>
#include <utility>

#include "core/model/links.h"
#include "core/text/bidi.h"
#include "core/text/line_break.h"
#include "core/text/text.h"

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] Helpers
//-----------------------------------------------------------------------------

float FixedMeasurer::width(Face, float size, const char* begin, const char* end) {
    const std::string s(begin, end);
    int chars = 0;
    for (size_t i = 0; i < s.size(); i = utf8_next(s, i))
        ++chars;
    return static_cast<float>(chars) * size * ratio;
}

LinkAction follow_link(const std::string& href) {
    LinkAction a;
    if (!followable(href)) return a;
    a.kind = ActionKind::Follow;
    a.href = href;
    return a;
}

LinkAction fold_link(int block) {
    LinkAction a;
    a.kind = ActionKind::Fold;
    a.fold = block;
    return a;
}

Ink ink_of_token(Token t) {
    return t == Token::Plain ? Ink::Text
                             : static_cast<Ink>(static_cast<int>(Ink::CodeKeyword) + static_cast<int>(t) - 1);
}

const Book::Anchor* Book::anchor(const std::string& id) const {
    auto it = anchors.find(id);
    return it == anchors.end() ? nullptr : &it->second;
}

const ChapterSpan* Book::chapter(const std::string& id) const {
    for (const ChapterSpan& c : chapters)
        if (c.id == id) return &c;
    return nullptr;
}

// A run set whole, outside a paragraph's lines (a running head, a date set right): reordered for display
// by itself (bidi.h), in its own direction, its first strong character's, else the one given.
void Flow::set_shown(Box& b, bool rtl_default) const {
    if (!needs_bidi(b.text)) return;
    const int dir = first_strong_direction(b.text);
    b.rtl = dir < 0 || (dir == 0 && rtl_default);
    b.shown = visual_line(b.rtl ? clustered(b.text) : b.text, b.rtl);
}

// A right-to-left run's shaped clusters (Hebrew's pointed letters, Arabic's letters with their vowel
// marks: clusters.h) become their glyphs before it is reversed for display, each then one character;
// finish() gives left-to-right runs theirs. Arabic is joined first: its clusters are of joined forms.
std::string Flow::clustered(std::string_view logical) const {
    const GlyphClusters* clusters = m_.clusters();
    if (!clusters || clusters->empty()) return std::string(logical);
    std::string joined = shape_arabic(logical);
    if (!may_have_clusters(joined, *clusters)) return joined;
    return apply_clusters(joined, *clusters);
}

std::string to_roman(int n) {
    static const struct {
        int v;
        const char* s;
    } table[] = {{1000, "m"}, {900, "cm"}, {500, "d"}, {400, "cd"}, {100, "c"}, {90, "xc"}, {50, "l"},
                 {40, "xl"},  {10, "x"},   {9, "ix"},  {5, "v"},    {4, "iv"},  {1, "i"}};
    std::string out;
    for (const auto& t : table)
        while (n >= t.v)
            out += t.s, n -= t.v;
    return out;
}

std::string folio_label(const Page& p) { return p.roman ? to_roman(p.folio) : std::to_string(p.folio); }

//-----------------------------------------------------------------------------
// [SECTION] Pages
//-----------------------------------------------------------------------------

Flow::Flow(Book& book, Measurer& m) : book_(book), m_(m) {}

int Flow::link_id(const LinkAction& action) {
    if (action.kind == ActionKind::None) return -1;
    book_.links.push_back(action);
    return static_cast<int>(book_.links.size()) - 1;
}

int Flow::begin_block(BlockKind kind, int level) {
    book_.blocks.push_back({kind, level, open_lists_.empty() ? -1 : open_lists_.back().item});
    block_ = static_cast<int>(book_.blocks.size()) - 1;
    return block_;
}

void Flow::begin_list(bool ordered) { open_lists_.push_back({book_.lists++, -1, ordered}); }

void Flow::list_item() {
    if (open_lists_.empty()) return;
    OpenList& l = open_lists_.back();
    const int outer = open_lists_.size() > 1 ? open_lists_[open_lists_.size() - 2].item : -1;
    book_.items.push_back({l.list, outer, l.ordered});
    l.item = static_cast<int>(book_.items.size()) - 1;
}

void Flow::end_list() {
    if (!open_lists_.empty()) open_lists_.pop_back();
}

void Flow::new_page() {
    Page p;
    p.roman = roman_;
    p.folio = roman_ ? ++roman_folio_ : ++folio_;
    p.chapter = chapter_;
    bool first_of_chapter =
        book_.chapters.empty() || book_.chapters.back().first_page == static_cast<int>(book_.pages.size());
    // Move a pending heading (and what followed it on the same line group) to the new page.
    // Not one that already heads its page (keep_from_ 0): on the next it would stand where it stands, and
    // what did not fit below it would not fit there either, page after page.
    std::vector<Box> carried;
    float carried_top = 0;
    int first_moving = book_.pages.empty() ? 0 : static_cast<int>(page().boxes.size());
    if (carries_heading()) {
        std::vector<Box>& old = page().boxes;
        carried.assign(old.begin() + keep_from_, old.end());
        old.erase(old.begin() + keep_from_, old.end());
        carried_top = keep_y_;
        first_moving = keep_from_;
    }
    keep_from_ = -1; // a heading left behind keeps with nothing on the new page
    // A section whose start lands on the new page does not head it "<section>, continued".
    const bool section_starts_here =
        section_page_ == static_cast<int>(book_.pages.size()) - 1 && section_box_ >= first_moving;
    if (!first_of_chapter) p.running_head = section_starts_here ? head_before_section_ : continued_head_;
    section_page_ = -1;
    book_.pages.push_back(std::move(p));
    if (!book_.chapters.empty()) book_.chapters.back().last_page = static_cast<int>(book_.pages.size()) - 1;
    y_ = book_.spec.margin_top;
    if (!carried.empty()) {
        float dy = y_ - carried_top;
        float bottom = y_;
        for (Box& b : carried) {
            b.y += dy;
            bottom = std::max(bottom, b.y + b.h);
        }
        page().boxes = std::move(carried);
        keep_from_ = 0;
        keep_y_ = y_;
        y_ = bottom;
    }
}

bool Flow::carries_heading() const {
    return keep_from_ > 0 && !book_.pages.empty() && keep_from_ < static_cast<int>(book_.pages.back().boxes.size());
}

// Whether a new page would set what follows higher than here: not on a page that holds only the heading kept
// with it, which stays put (new_page).
bool Flow::page_begun() const { return !book_.pages.empty() && y_ > book_.spec.margin_top + 0.5f && keep_from_ != 0; }

void Flow::ensure(float h) {
    if (book_.pages.empty() || (y_ + h > book_.spec.bottom() && y_ > book_.spec.margin_top + 0.5f)) new_page();
}

void Flow::set_continued_head(const std::string& head) {
    head_before_section_ = continued_head_;
    continued_head_ = head;
    section_page_ = static_cast<int>(book_.pages.size()) - 1;
    section_box_ = book_.pages.empty() ? 0 : static_cast<int>(page().boxes.size());
}

void Flow::begin_chapter(const std::string& id, const std::string& title, const std::string& continued_head,
                         bool on_even, bool roman) {
    keep_from_ = -1;
    roman_ = roman;
    chapter_ = id;
    continued_head_ = continued_head;
    section_page_ = -1;
    int next = (roman ? roman_folio_ : folio_) + 1;
    if (on_even && next % 2 == 1 && !book_.pages.empty()) {
        new_page(); // a blank verso keeps the chapter on a left page
        page().blank = true;
    }
    ChapterSpan c;
    c.id = id;
    c.title = title;
    c.first_page = static_cast<int>(book_.pages.size());
    c.last_page = c.first_page;
    book_.chapters.push_back(c);
    new_page();
}

void Flow::end_on_odd_page() {
    keep_from_ = -1;
    if ((roman_ ? roman_folio_ : folio_) % 2 == 1) return;
    new_page();
    page().blank = true;
}

// A head longer than the measure (a long title on a phone) ends in "…" where it would leave it: the longest
// beginning of whole characters (less its trailing spaces) that fits with it, at least one character. Found
// by halving, as a beginning only grows wider with more of the text (dropping one character at a time
// measured a long head once per character, on every page). w: the result's width.
std::string Flow::fit_head(const std::string& text, Face face, float size, float& w) {
    w = run_width(face, size, text.data(), text.data() + text.size());
    std::vector<size_t> ends; // each character's end
    for (size_t i = 0; w > book_.spec.measure() && i < text.size();)
        ends.push_back(i = utf8_next(text, i));
    if (ends.size() < 2) return text;
    auto cut = [&](size_t k) {
        std::string t = text.substr(0, ends[k]);
        while (!t.empty() && t.back() == ' ')
            t.pop_back();
        return t + "\xE2\x80\xA6";
    };
    size_t lo = 0, hi = ends.size() - 1; // cut(lo) is taken; cut(hi) is known not to fit (the whole text)
    while (hi - lo > 1) {
        const size_t mid = lo + (hi - lo) / 2;
        const std::string t = cut(mid);
        if (run_width(face, size, t.data(), t.data() + t.size()) <= book_.spec.measure())
            lo = mid;
        else
            hi = mid;
    }
    std::string out = cut(lo);
    w = run_width(face, size, out.data(), out.data() + out.size());
    return out;
}

// A line of page furniture, centred at y: its line box is exactly the glyph box, so the renderer draws it where
// placed.
Box Flow::furniture_box(BoxRole role, Face face, const std::string& text, float y) {
    const PageSpec& s = book_.spec;
    Box b;
    b.role = role;
    b.face = face;
    b.size = s.folio_size();
    b.ink = Ink::Muted;
    b.text = fit_head(text, face, b.size, b.w);
    set_shown(b, rtl_site);
    b.h = b.size * 1.32f;
    b.x = (s.width - b.w) * 0.5f;
    b.y = y;
    return b;
}

// The running head sits centred in the top margin and the folio in the bottom one, a size below the body
// text. heads: the running heads made so far, each set once however many pages it heads.
void Flow::place_furniture(Page& p, std::map<std::string, Box>& heads) {
    const PageSpec& s = book_.spec;
    if (!p.running_head.empty()) {
        auto it = heads.find(p.running_head);
        if (it == heads.end())
            it = heads
                     .emplace(p.running_head,
                              furniture_box(BoxRole::RunningHead, Face::Italic, p.running_head, s.margin_top * 0.42f))
                     .first;
        p.boxes.insert(p.boxes.begin(), it->second);
    }
    p.boxes.push_back(furniture_box(BoxRole::Folio, Face::Serif, folio_label(p), s.height - s.margin_bottom * 0.55f));
}

void Flow::finish() {
    keep_from_ = -1;
    std::map<std::string, Box> heads;
    for (Page& p : book_.pages)
        if (!p.blank) place_furniture(p, heads);
    // Shaped clusters drawn as their glyphs (clusters.h), in runs left to right: measured so (run_width),
    // drawn so. A right-to-left run has its own already (clustered), set before it was reversed.
    const GlyphClusters* clusters = m_.clusters();
    if (!clusters || clusters->empty()) return;
    for (Page& p : book_.pages)
        for (Box& b : p.boxes)
            if (b.kind == BoxKind::Text && !b.rtl && b.code < 0 && may_have_clusters(drawn_text(b), *clusters))
                b.shown = apply_clusters(drawn_text(b), *clusters);
}

//-----------------------------------------------------------------------------
// [SECTION] Line breaking
//-----------------------------------------------------------------------------

float drawn_width(Measurer& m, Face face, float size, std::string_view text) {
    const GlyphClusters* clusters = m.clusters();
    const bool shaped = clusters && may_have_clusters(text, *clusters);
    const bool bidi = needs_bidi(text);
    if (!shaped && !bidi) return m.width(face, size, text.data(), text.data() + text.size());
    const std::string drawn = !shaped ? shape_arabic(text)
                              : bidi  ? apply_clusters(shape_arabic(text), *clusters)
                                      : apply_clusters(text, *clusters);
    return m.width(face, size, drawn.data(), drawn.data() + drawn.size());
}

float Flow::run_width(Face face, float size, const char* begin, const char* end) {
    return drawn_width(m_, face, size, std::string_view(begin, static_cast<size_t>(end - begin)));
}

bool Flow::rtl_paragraph(const std::vector<Span>& spans) const {
    std::string all;
    bool any = false;
    for (const Span& sp : spans) {
        any = any || needs_bidi(sp.text);
        all += sp.text;
    }
    if (!any) return rtl_site && first_strong_direction(all) == 0;
    const int dir = first_strong_direction(all);
    return dir < 0 || (dir == 0 && rtl_site);
}

void Flow::reorder_line(Line& line, const std::vector<Span>& spans, float size, bool rtl) {
    // The line's code points in logical order, each with its fragment and byte offset in it; the gap between
    // two fragments (a space between spans) is a space of its own (fragment -1) as wide as the gap.
    std::u32string cps;
    struct Origin {
        int frag;
        size_t byte, end;
        float gap;
    };
    std::vector<Origin> origin;
    for (size_t k = 0; k < line.frags.size(); ++k) {
        const Fragment& f = line.frags[k];
        if (k > 0) {
            const Fragment& prev = line.frags[k - 1];
            const float gap = f.x - (prev.x + prev.w);
            if (gap > 0.01f) {
                cps.push_back(U' ');
                origin.push_back({-1, 0, 0, gap});
            }
        }
        if (spans[static_cast<size_t>(f.span)].math) { // a formula: one object, U+FFFC (neutral), as browsers see it
            cps.push_back(U'\uFFFC');
            origin.push_back({static_cast<int>(k), 0, f.text.size(), 0});
            continue;
        }
        for (size_t i = 0; i < f.text.size();) {
            uint32_t cp = 0;
            size_t n = utf8_decode(f.text, i, cp);
            if (n == 0) cp = 0xFFFD, n = 1;
            cps.push_back(static_cast<char32_t>(cp));
            origin.push_back({static_cast<int>(k), i, i + n, 0});
            i += n;
        }
    }
    const BidiLine order = bidi_line(cps, rtl);
    // Runs in visual order: visually adjacent code points of one fragment and level, logically adjacent too.
    struct Run {
        int frag;
        size_t byte0, byte1; // its bytes in the fragment's text
        int first;           // its first code point in logical order
        bool rtl;
        float gap;
    };
    std::vector<Run> runs;
    int last = -1;
    for (const int l : order.visual_to_logical) {
        const Origin& o = origin[static_cast<size_t>(l)];
        const bool odd = order.levels[static_cast<size_t>(l)] % 2 == 1;
        if (o.frag < 0) {
            runs.push_back({-1, 0, 0, l, odd, o.gap});
            last = -1;
            continue;
        }
        Run* r = runs.empty() ? nullptr : &runs.back();
        if (r && r->frag == o.frag && r->rtl == odd && last >= 0 && l == last + (odd ? -1 : 1) &&
            order.levels[static_cast<size_t>(l)] == order.levels[static_cast<size_t>(last)]) {
            r->byte0 = std::min(r->byte0, o.byte);
            r->byte1 = std::max(r->byte1, o.end);
            r->first = std::min(r->first, l);
        } else {
            runs.push_back({o.frag, o.byte, o.end, l, odd, 0});
        }
        last = l;
    }
    // Placed left to right, then made fragments again in logical order.
    std::vector<std::pair<int, Fragment>> placed;
    float x = 0;
    for (const Run& r : runs) {
        if (r.frag < 0) {
            x += r.gap;
            continue;
        }
        const Fragment& from = line.frags[static_cast<size_t>(r.frag)];
        const Span& sp = spans[static_cast<size_t>(from.span)];
        Fragment f{from.span, from.text.substr(r.byte0, r.byte1 - r.byte0), x, 0, r.rtl, {}};
        if (sp.math) {
            f.w = from.w; // as break_lines set it (scaled to the measure)
            f.rtl = false;
        } else {
            f.w = run_width(sp.face, span_size(sp, size), f.text.data(), f.text.data() + f.text.size());
            std::string shown = display_text(r.rtl ? clustered(f.text) : f.text, r.rtl);
            if (shown != f.text) f.shown = std::move(shown);
        }
        x += f.w;
        placed.emplace_back(r.first, std::move(f));
    }
    std::stable_sort(placed.begin(), placed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    line.frags.clear();
    for (auto& p : placed)
        line.frags.push_back(std::move(p.second));
    line.width = x;
}

// A script is 0.72 of the line's size. Every renderer centres a run's glyph box (1.32 of its size) in its
// line box and puts the baseline at the face's ascent in it (Noto Serif: 0.785 of the box), so a smaller
// run's baseline sits 0.376 * (1 - 0.72) of the line's size above the line's; the offset moves it on to
// 0.36 of the size above (Super) or 0.16 below (Sub). Canvas, proof and text layer all place a run by its
// box, so all three follow.
constexpr float kScriptScale = 0.72f, kBaselineInBox = 1.32f * 0.785f - 0.66f, kSuperRise = 0.36f, kSubDrop = 0.16f;

float span_size(const Span& sp, float size) { return sp.script == Script::None ? size : size * kScriptScale; }

float script_offset(const Span& sp, float size) {
    const float centred = kBaselineInBox * (1 - kScriptScale) * size; // the smaller run's own rise
    switch (sp.script) {
    case Script::Super: return centred - kSuperRise * size;
    case Script::Sub: return centred + kSubDrop * size;
    case Script::None: break;
    }
    return 0;
}

float Flow::piece_width(const Span& sp, float size, const char* begin, const char* end) {
    return sp.math ? formula_box(*sp.math).width * size : run_width(sp.face, size, begin, end);
}

// Where a line box's baseline is, below its top: the glyph box centred in it, the baseline at its ascent.
static float baseline_in_line(float size, float line_height) { return line_height * 0.5f + kBaselineInBox * size; }

// A formula's picture in its line: on the line's baseline (a script's, for one in <sup>/<sub>), at the span's
// size, or smaller when break_lines narrowed it to fit the measure.
void Flow::place_formula(Box& b, const Span& sp, float size, float line_top, float line_height) {
    const FormulaBox f = formula_box(*sp.math);
    const float natural = f.width * span_size(sp, size);
    const float em = natural > 0 ? span_size(sp, size) * std::min(1.0f, b.w / natural) : 0;
    const float baseline = line_top + baseline_in_line(size, line_height) + script_offset(sp, size);
    b.kind = BoxKind::Formula;
    b.y = baseline - f.ascent * em;
    b.h = (f.ascent + f.depth) * em;
    b.image = static_cast<int>(book_.formulas.size());
    book_.formulas.push_back({sp.math->href, sp.math->info});
}

// How much further than the line box a line's tallest formula reaches above it, and below: the line is set
// that much lower, and the next that much lower again, so a fraction never overlaps the lines around it.
Flow::Reach Flow::formula_reach(const Line& ln, const std::vector<Span>& spans, float size, float line_height) const {
    Reach r;
    const float base = baseline_in_line(size, line_height);
    for (const Fragment& fr : ln.frags) {
        const Span& sp = spans[static_cast<size_t>(fr.span)];
        if (!sp.math) continue;
        const FormulaBox f = formula_box(*sp.math);
        const float em = fr.w / std::max(1e-3f, f.width), baseline = base + script_offset(sp, size);
        r.above = std::max(r.above, f.ascent * em - baseline);
        r.below = std::max(r.below, baseline + f.depth * em - line_height);
    }
    return r;
}

// A word runs on across spans until a space ("emphasis," is one word though its comma is another span's):
// when its next piece does not fit, the word's pieces already on the line go to the next line with it.
// word: where it began, as break_lines tracks it. Returns the next line's width.
float Flow::carry_word(std::vector<Line>& lines, const WordStart& word, const std::vector<Span>& spans, float size) {
    Line next;
    Line& from = lines.back();
    size_t moved_from = static_cast<size_t>(word.frag);
    if (word.offset > 0) { // the word began inside a fragment (after a space in one span's text): split it
        Fragment& head = from.frags[moved_from];
        Fragment tail{head.span, head.text.substr(word.offset), 0, 0, false, {}};
        const Span& sp = spans[static_cast<size_t>(head.span)];
        const float at = span_size(sp, size);
        tail.w = run_width(sp.face, at, tail.text.data(), tail.text.data() + tail.text.size());
        head.text.resize(word.offset - (word.after_space ? 1 : 0)); // less the space before the word
        head.w = run_width(sp.face, at, head.text.data(), head.text.data() + head.text.size());
        next.frags.push_back(std::move(tail));
        ++moved_from;
    }
    for (size_t k = moved_from; k < from.frags.size(); ++k) {
        next.frags.push_back(std::move(from.frags[k]));
        next.frags.back().x -= word.x;
    }
    from.frags.resize(moved_from);
    from.width = word.line_width;
    next.width = next.frags.back().x + next.frags.back().w;
    lines.push_back(std::move(next));
    return lines.back().width;
}

// U+200B ZERO WIDTH SPACE at t[i]: a place a line may break that draws nothing (the build marks the words of
// Thai, Lao, Khmer and Myanmar so, core/markup/word_breaks.h). The layout breaks there and leaves it out of
// what it sets.
static bool zero_width_space(const std::string& t, size_t i) {
    return i + 2 < t.size() && t[i] == '\xE2' && t[i + 1] == '\x80' && t[i + 2] == '\x8B';
}

// The end of the cluster that starts at byte k of s: a character and the marks that join it (line_break.h).
static size_t next_cluster(std::string_view s, size_t k) {
    uint32_t c = 0;
    const size_t n = utf8_decode(s, k, c);
    k += n == 0 ? 1 : n;
    for (size_t m; k < s.size() && (m = utf8_decode(s, k, c)) > 0 && joins_previous(c);)
        k += m;
    return k;
}

// The bytes of the longest beginning of `word` in whole clusters (a line is never cut before a combining mark)
// no wider than `limit`, possibly none. Found by doubling the clusters tried, then halving between: a beginning
// only grows wider with more of the word, so a word far longer than a line is measured only about a line's
// length at a time (measuring it whole for every line it fills took time as its length squared).
size_t Flow::clusters_fitting(const Span& sp, float size, std::string_view word, float limit) {
    std::vector<size_t> ends = {0}; // ends[i]: the end of the first i clusters, found as far as asked
    auto reach = [&](size_t i) {
        while (ends.size() <= i && ends.back() < word.size())
            ends.push_back(next_cluster(word, ends.back()));
        return i < ends.size();
    };
    auto fits = [&](size_t i) { return run_width(sp.face, size, word.data(), word.data() + ends[i]) <= limit; };
    size_t lo = 0, hi = 1; // lo clusters fit; hi do not, or are more than the word has
    while (reach(hi) && fits(hi)) {
        lo = hi;
        hi *= 2;
    }
    hi = std::min(hi, ends.size());
    if (hi == ends.size() && fits(hi - 1)) return word.size(); // the doubling passed the end: the whole, if it fits
    while (hi - lo > 1) {
        const size_t mid = lo + (hi - lo) / 2;
        if (fits(mid))
            lo = mid;
        else
            hi = mid;
    }
    return ends[lo];
}

// Where a line may break in a paragraph of spans (line_break.h), the spans read as one text: a space,
// a tab or a soft line break is a space; a formula is one object that holds to its neighbours as a
// word does ("$x$-th", "($x$)").
struct ParagraphBreaks {
    std::vector<size_t> start; // each span's first byte in the paragraph's text
    std::vector<uint8_t> at;   // line_breaks of the paragraph's text
    bool may_break(int span, size_t i) const {
        const size_t k = start[static_cast<size_t>(span)] + i;
        return k < at.size() && at[k] != kNoBreak;
    }
};

static ParagraphBreaks paragraph_breaks(const std::vector<Span>& spans) {
    ParagraphBreaks out;
    std::string text;
    for (const Span& sp : spans) {
        out.start.push_back(text.size());
        if (sp.math) {
            text.append(sp.text.size(), 'x');
            continue;
        }
        for (char c : sp.text)
            text += c == '\n' || c == '\t' ? ' ' : c;
    }
    out.at = line_breaks(text);
    return out;
}

// Greedy breaking across spans: words are measured in their own face; a word wider than the measure
// (a long URL) is cut between characters so nothing ever overflows.
std::vector<Flow::Line> Flow::break_lines(const std::vector<Span>& spans, float size, float measure) {
    std::vector<Line> lines(1);
    WordStart word;            // the word being set: a line breaks only before it, never inside it
    float space_w[kFaceCount]; // a space's width by face, measured once per paragraph
    std::fill(std::begin(space_w), std::end(space_w), -1.0f);
    auto space_width = [&](Face face) {
        float& w = space_w[static_cast<int>(face)];
        static const char kSpace[] = " ";
        if (w < 0) w = m_.width(face, size, kSpace, kSpace + 1);
        return w;
    };
    float x = 0;
    bool pending_space = false;
    int pending_space_span = 0;
    const ParagraphBreaks breaks = paragraph_breaks(spans);
    for (int si = 0; si < static_cast<int>(spans.size()); ++si) {
        const Span& sp = spans[si];
        const std::string& t = sp.text;
        const float at = span_size(sp, size);    // a space between words keeps the line's size
        const bool formula = sp.math != nullptr; // one piece, however its TeX is spaced
        size_t i = 0;
        while (i < t.size()) {
            if (!formula && t[i] == '\n' && sp.text == "\n") { // a hard line break
                lines.emplace_back();
                x = 0;
                pending_space = false;
                word = {};
                ++i;
                continue;
            }
            if (!formula && (t[i] == ' ' || t[i] == '\n' || t[i] == '\t')) {
                pending_space = x > 0;
                pending_space_span = si;
                ++i;
                continue;
            }
            if (!formula && zero_width_space(t, i)) { // a break that draws nothing (the table has it)
                i += 3;
                continue;
            }
            // The piece: up to the next space, or to the next place a line may break (line_break.h: UAX #14,
            // between Chinese characters but never before "。", after a hyphen). A piece that begins at such a
            // place begins a word of its own; one after a space where no break is allowed (French "mot !") does not.
            const bool at_break = x > 0 && breaks.may_break(si, i);
            size_t j = formula ? t.size() : utf8_next(t, i);
            while (!formula && j < t.size() && t[j] != ' ' && t[j] != '\n' && t[j] != '\t' && !zero_width_space(t, j) &&
                   !breaks.may_break(si, j))
                j = utf8_next(t, j);
            // The word is [ws, we) of the span's text: copied once, into its fragment.
            size_t ws = i;
            const size_t we = j;
            i = j;
            while (ws < we) {
                const char* wb = t.data() + ws;
                const char* wend = t.data() + we;
                // A piece that starts a line and is wider than the measure (a long URL) is cut: as many
                // clusters as fit go on a line of their own (at least one), the rest is tried again after it.
                if (!formula && x == 0) {
                    const std::string_view rest(wb, we - ws);
                    if (clusters_fitting(sp, at, rest, measure + 0.01f) < rest.size()) {
                        const size_t cut = std::max(next_cluster(rest, 0), clusters_fitting(sp, at, rest, measure));
                        const float hw = run_width(sp.face, at, wb, wb + cut);
                        lines.back().frags.push_back({si, std::string(wb, cut), 0, hw, false, {}});
                        lines.back().width = hw;
                        ws += cut;
                        lines.emplace_back();
                        pending_space = false;
                        word = {};
                        continue;
                    }
                }
                // A formula wider than the measure is set smaller to fit it (place_formula scales it so).
                float w = formula ? std::min(piece_width(sp, at, wb, wend), measure) : run_width(sp.face, at, wb, wend);
                float sw = pending_space ? space_width(spans[pending_space_span].face) : 0;
                if (x + sw + w <= measure + 0.01f || x == 0) {
                    Line& ln = lines.back();
                    const bool starts_word = ln.frags.empty() || at_break;
                    if ((pending_space || at_break) && !ln.frags.empty() && ln.frags.back().span == si) {
                        Fragment& f = ln.frags.back();
                        if (at_break)
                            word = {static_cast<int>(ln.frags.size()) - 1, f.text.size() + (pending_space ? 1 : 0),
                                    x + sw, x, pending_space};
                        if (pending_space) f.text += ' ';
                        f.text.append(wb, wend);
                        f.w += sw + w;
                    } else {
                        // A space between spans is a gap, not text: a link's underline stops at its word.
                        float fx =
                            ln.frags.empty() ? 0 : ln.frags.back().x + ln.frags.back().w + (pending_space ? sw : 0);
                        if (starts_word) word = {static_cast<int>(ln.frags.size()), 0, fx, x};
                        ln.frags.push_back({si, std::string(wb, wend), fx, w, false, {}});
                    }
                    x += sw + w;
                    ln.width = x;
                    pending_space = false;
                    ws = we;
                } else if (!at_break && word.x > 0) {
                    x = carry_word(lines, word, spans, size); // then this piece is tried again after it
                    word = {};
                } else {
                    lines.emplace_back();
                    x = 0;
                    pending_space = false;
                    word = {};
                }
            }
        }
    }
    if (lines.size() > 1 && lines.back().frags.empty()) lines.pop_back();
    return lines;
}

//-----------------------------------------------------------------------------
// [SECTION] Blocks
//-----------------------------------------------------------------------------

// The places a line may break inside a run written without spaces (line_break.h), as byte offsets of the
// characters a line may start with.
static std::vector<size_t> breaks_inside(const std::string& t) {
    if (t.find_first_of(" \n\t") != std::string::npos) return {}; // a run with spaces is not one
    const std::vector<uint8_t> at = line_breaks(t);
    std::vector<size_t> out;
    for (size_t i = 0; i < at.size(); ++i)
        if (at[i] != kNoBreak) out.push_back(i);
    return out;
}

// Chinese and Japanese typesetting's rule (W3C clreq, jlreq): a paragraph does not end in a line of one
// character ("迹。", its stop carried with it) when the line before can give it a companion: the last
// character that may start a line there moves down. Lines with spaces (alphabets) are left as they are.
void Flow::avoid_runt(std::vector<Line>& lines, const std::vector<Span>& spans, float size, float measure) {
    if (lines.size() < 2) return;
    Line &prev = lines[lines.size() - 2], &last = lines.back();
    if (prev.frags.empty() || last.frags.size() != 1 || spans[static_cast<size_t>(last.frags[0].span)].math) return;
    Fragment& from = prev.frags.back();
    const Span& sp = spans[static_cast<size_t>(from.span)];
    if (sp.math || from.span != last.frags[0].span) return;
    const std::string& tail = last.frags[0].text;
    // The last line is one piece: it began where a run without spaces may break, and holds no such place.
    const std::vector<size_t> joined = breaks_inside(from.text + tail);
    if (joined.empty() || joined.back() != from.text.size()) return;
    const std::vector<size_t> cuts(joined.begin(), joined.end() - 1);
    if (cuts.empty()) return;
    const size_t cut = cuts.back();
    const float at = span_size(sp, size);
    std::string moved = from.text.substr(cut) + tail;
    const float w = run_width(sp.face, at, moved.data(), moved.data() + moved.size());
    if (w > measure + 0.01f) return;
    from.text.resize(cut);
    from.w = run_width(sp.face, at, from.text.data(), from.text.data() + from.text.size());
    prev.width = from.x + from.w;
    last.frags[0].text = std::move(moved);
    last.frags[0].w = w;
    last.width = w;
}

// How many of the lines from `from` on fit below y_ on this page (heights: each line's, formulas included).
size_t Flow::lines_fitting(const std::vector<float>& heights, size_t from) const {
    float y = y_;
    size_t n = 0;
    for (size_t k = from; k < heights.size() && y + heights[k] <= book_.spec.bottom(); ++k, ++n)
        y += heights[k];
    return n;
}

// A book's rules for a paragraph that a page ends, decided where a page of it starts (its first line, or a
// line a new page begins with): no first line alone at a page's foot (an orphan: the paragraph starts the
// next page) and no last line alone at a page's head (a widow: the line before it goes along, if that leaves
// two on the page, else the paragraph starts the next page whole). Returns the line that is to start the
// next page early, or heights.size() for none; may begin the next page itself.
size_t Flow::widow_break(const std::vector<float>& heights, size_t from) {
    const size_t n = heights.size(), rest = n - from, fit = lines_fitting(heights, from);
    if (fit >= rest || fit == 0) return n;
    // Each move below is made once: on the new page the paragraph starts at the top or below a carried
    // heading, where page_begun() is false.
    if (from == 0 && fit == 1 && page_begun()) { // an orphan
        new_page();
        return widow_break(heights, 0);
    }
    if (rest - fit != 1) return n;
    if (fit >= 3 || (from > 0 && fit >= 2)) return from + fit - 1; // a widow: one more line goes along
    if (from == 0 && page_begun()) {                               // too short to share: it moves whole
        new_page();
        return widow_break(heights, 0);
    }
    return n;
}

static bool displayed_formula(const Span& sp) { return sp.math && sp.math->level != 0; }

static bool blank(const std::vector<Span>& spans) {
    for (const Span& sp : spans)
        if (sp.math || sp.text.find_first_not_of(" \n\t") != std::string::npos) return false;
    return true;
}

// A displayed formula is a line of its own, centred, with space around it, as a browser sets <math
// display="block">: the paragraph is set in pieces around each. False when p has none to set apart.
bool Flow::set_apart_formulas(const Paragraph& p) {
    const bool only = p.spans.size() == 1 && p.centered;
    if (only || std::none_of(p.spans.begin(), p.spans.end(), displayed_formula)) return false;
    std::vector<std::vector<Span>> pieces(1);
    for (const Span& sp : p.spans) {
        if (displayed_formula(sp)) {
            pieces.push_back({sp});
            pieces.emplace_back();
        } else {
            pieces.back().push_back(sp);
        }
    }
    pieces.erase(std::remove_if(pieces.begin(), pieces.end(), blank), pieces.end());
    for (size_t i = 0; i < pieces.size(); ++i) {
        Paragraph q = p;
        q.spans = std::move(pieces[i]);
        const bool first = i == 0, last = i + 1 == pieces.size();
        if (!first) q.marker.clear(), q.anchor.clear(), q.space_before = 0;
        if (!last) q.right.clear(), q.right_unseen.clear();
        if (q.spans.size() == 1 && displayed_formula(q.spans[0])) {
            q.centered = true;
            q.space_before = std::max(q.space_before, p.size * 0.5f);
            q.space_after = last ? std::max(q.space_after, p.size * 0.5f) : p.size * 0.5f;
        } else if (!last) {
            q.space_after = 0;
        }
        paragraph(q);
    }
    return true;
}

void Flow::paragraph(const Paragraph& p) {
    if (past_limit()) return;
    if (set_apart_formulas(p)) return;
    const PageSpec& s = book_.spec;
    const bool rtl = rtl_paragraph(p.spans);
    // What is set right (a date, a count): each span a box of its own, in its own order (set_shown).
    std::vector<Box> right;
    float right_w = 0;
    for (const Span& r : p.right) {
        Box b;
        b.text = r.text;
        set_shown(b, rtl);
        const std::string& drawn = b.shown.empty() ? b.text : b.shown;
        b.w = run_width(r.face, p.size, drawn.data(), drawn.data() + drawn.size());
        right_w += b.w;
        right.push_back(std::move(b));
    }
    float gap = right_w > 0 ? p.size * 1.2f : 0;
    float measure = s.measure() - p.indent - right_w - gap;
    std::vector<Line> lines = break_lines(p.spans, p.size, measure);
    avoid_runt(lines, p.spans, p.size, measure);
    // Broken in logical order, then each line reordered for display (bidi.h); a right-to-left paragraph
    // starts at the right: its lines align there, and its indent, list marker and quote bar are on the right.
    bool reorder = rtl;
    for (const Span& sp : p.spans)
        reorder = reorder || needs_bidi(sp.text);
    if (reorder)
        for (Line& ln : lines)
            reorder_line(ln, p.spans, p.size, rtl);
    // The start edge of the lines (the end of the measure for right to left), and which way is inward.
    const float start_edge = rtl ? s.margin_inner + s.measure() - p.indent : s.margin_inner + p.indent;
    const float inward = rtl ? -1.0f : 1.0f;
    float lh = p.size * p.leading;
    begin_block(p.heading > 0 ? BlockKind::Heading : BlockKind::Paragraph, p.heading);

    if (!book_.pages.empty() && y_ > s.margin_top + 0.5f) y_ += p.space_before;
    std::vector<float> heights;
    for (const Line& ln : lines) {
        const Reach r = formula_reach(ln, p.spans, p.size, lh);
        heights.push_back(r.above + lh + r.below);
    }
    size_t early_break = lines.size(); // widow control: the line that starts the next page, though it fits
    for (size_t li = 0; li < lines.size(); ++li) {
        const Reach reach = formula_reach(lines[li], p.spans, p.size, lh);
        const float rise = reach.above, drop = reach.below;
        if (li == early_break && y_ > s.margin_top + 0.5f) new_page();
        if (li == 0) early_break = widow_break(heights, 0);
        const size_t pages = book_.pages.size();
        ensure(lh + rise + drop); // a new page here carries a pending heading along (new_page)
        if (li > 0 && book_.pages.size() != pages) early_break = widow_break(heights, li);
        if (li == 0 && !p.anchor.empty()) book_.anchors[p.anchor] = {static_cast<int>(book_.pages.size()) - 1, y_};
        if (past_limit()) { // a page the proof never shows: only where the lines end counts
            y_ += rise + lh + drop;
            if (li == 0 && !p.keep_with_next) keep_from_ = -1;
            continue;
        }
        y_ += rise;
        Line& ln = lines[li];
        const float inset = p.centered ? (measure - ln.width) * 0.5f : 0;
        float x0 = rtl ? start_edge - inset - ln.width : start_edge + inset;
        if (li == 0 && !p.marker.empty()) {
            float mw = run_width(p.marker_face, p.size, p.marker.data(), p.marker.data() + p.marker.size());
            Box b;
            b.x = rtl ? start_edge + p.size * 0.6f : start_edge - mw - p.size * 0.6f;
            b.y = y_;
            b.w = mw;
            b.h = lh;
            b.face = p.marker_face;
            b.size = p.size;
            b.ink = p.marker_ink;
            b.text = p.marker;
            b.block = block_;
            page().boxes.push_back(std::move(b));
        }
        if (p.bar) {
            Box b;
            b.kind = BoxKind::Rule;
            b.x = start_edge - inward * p.size * 0.9f - (rtl ? 2.0f : 0.0f);
            b.y = y_;
            b.w = 2.0f;
            b.h = lh;
            b.ink = Ink::Rule;
            page().boxes.push_back(std::move(b));
        }
        int prev_span = -1; // the span of the line's previous box: one link's runs on a line share its id
        for (Fragment& f : ln.frags) {
            const Span& sp = p.spans[f.span];
            Box b;
            b.x = x0 + f.x;
            b.rtl = f.rtl;
            b.shown = std::move(f.shown);
            b.y = y_ + script_offset(sp, p.size);
            b.w = f.w;
            b.h = lh;
            b.face = sp.face;
            b.size = span_size(sp, p.size);
            b.ink = sp.link.kind == ActionKind::None ? sp.ink : Ink::Link;
            b.text = std::move(f.text); // the line is done with it
            b.strike = sp.strike;
            b.lang = sp.lang;
            if (sp.link.kind != ActionKind::None) {
                // Fragments of one span share a link id, so a wrapped link is one link.
                bool same = !book_.links.empty() && !page().boxes.empty() && page().boxes.back().link >= 0 &&
                            book_.links[page().boxes.back().link] == sp.link && (li > 0 || prev_span == f.span);
                b.link = same ? page().boxes.back().link : link_id(sp.link);
            }
            b.block = block_;
            if (sp.math) place_formula(b, sp, p.size, y_, lh);
            page().boxes.push_back(std::move(b));
            prev_span = f.span;
        }
        if (li + 1 == lines.size() && right_w > 0) {
            float rx = rtl ? s.margin_inner : s.margin_inner + s.measure() - right_w; // the end edge
            for (size_t k = 0; k < p.right.size(); ++k) {
                const Span& r = p.right[k];
                Box b = right[k];
                b.x = rx;
                b.y = y_;
                b.h = lh;
                b.face = r.face;
                b.size = p.size;
                b.ink = r.link.kind == ActionKind::None ? r.ink : Ink::Link;
                if (&r == &p.right.back()) b.unseen = p.right_unseen;
                b.link = link_id(r.link);
                b.block = block_;
                page().boxes.push_back(std::move(b));
                rx += b.w;
            }
        }
        y_ += lh + drop;
        if (li == 0 && !p.keep_with_next) keep_from_ = -1;
    }
    if (p.keep_with_next) {
        // Find where this heading's boxes start on the current page (it may have moved): its runs, its marker,
        // what it sets right, and its quote bar, one a line.
        int count = 0;
        for (const Line& ln : lines)
            count += static_cast<int>(ln.frags.size());
        if (!p.marker.empty()) ++count;
        if (right_w > 0) count += static_cast<int>(p.right.size());
        if (p.bar) count += static_cast<int>(lines.size());
        const int from = static_cast<int>(page().boxes.size()) - count;
        // A heading that set no box (an empty "#") has nothing to keep with what follows.
        if (count > 0 && (keep_from_ < 0 || keep_from_ > from)) {
            keep_from_ = std::max(0, from);
            keep_y_ = page().boxes.empty() ? y_ : page().boxes[keep_from_].y - p.space_before;
            keep_y_ = std::max(keep_y_, s.margin_top);
        }
    }
    y_ += p.space_after;
}

void Flow::rule(float space_before, float space_after) {
    if (past_limit()) return;
    ensure(space_before + 1);
    keep_from_ = -1;
    y_ += space_before;
    Box b;
    b.kind = BoxKind::Rule;
    b.x = book_.spec.margin_inner;
    b.y = y_;
    b.w = book_.spec.measure();
    b.h = 0.75f;
    b.ink = Ink::Rule;
    page().boxes.push_back(std::move(b));
    y_ += space_after;
}

void Flow::space(float h) {
    if (!past_limit()) y_ += h;
}

void Flow::code_block(const std::string& code, float size) { code_block(code, {}, size); }

void Flow::code_block(const std::string& code, const std::vector<CodeRun>& runs, float size) {
    if (past_limit()) return;
    const PageSpec& s = book_.spec;
    // Lines of (ink, text) pieces; plain code is one piece per line.
    struct Piece {
        Ink ink;
        std::string text;
    };
    std::vector<std::vector<Piece>> lines(1);
    each_code_run(code, runs, [&](Token token, std::string_view text) {
        Ink ink = ink_of_token(token);
        size_t start = 0;
        while (start <= text.size()) {
            size_t nl = text.find('\n', start);
            size_t end = nl == std::string_view::npos ? text.size() : nl;
            if (end > start) {
                std::string t;
                t.reserve(end - start);
                for (size_t c = start; c < end; ++c)
                    if (text[c] == '\t')
                        t += "    ";
                    else
                        t += text[c];
                if (!lines.back().empty() && lines.back().back().ink == ink)
                    lines.back().back().text += t;
                else
                    lines.back().push_back({ink, t});
            }
            if (nl == std::string_view::npos) break;
            lines.emplace_back();
            start = nl + 1;
        }
    });
    while (!lines.empty() && lines.back().empty())
        lines.pop_back();
    if (lines.empty()) return;
    int id = book_.code_blocks++;
    begin_block(BlockKind::Code);
    float lh = size * 1.45f, pad = size * 0.7f;
    y_ += s.body_size * 0.5f;
    // A short listing that would be cut here starts the next page, unless that leaves much of this one blank.
    const float whole = pad * 2 + lh * static_cast<float>(lines.size());
    const float area = s.bottom() - s.margin_top;
    if (lines.size() <= static_cast<size_t>(kWholeListingLines) && whole <= area &&
        s.bottom() - y_ <= area * kListingBlankShare)
        ensure(whole);
    size_t i = 0;
    while (i < lines.size()) {
        const size_t left = lines.size() - i;
        // No panel starts with one line of several at the foot of a page (three lines go together: two
        // here would leave one there)...
        ensure(lh * static_cast<float>(left == 3 ? 3 : std::min<size_t>(left, 2)) + 2 * pad);
        keep_from_ = -1;
        // As many lines as fit on this page, in one panel.
        float top = y_;
        size_t n = 0;
        while (i + n < lines.size() && top + pad * 2 + lh * static_cast<float>(n + 1) <= s.bottom())
            ++n;
        if (n == 0) n = 1;
        // ...or leaves its last line alone at the top of the next one (a closing brace on a page of its own).
        if (left - n == 1 && n >= 3) --n;
        if (past_limit()) { // a page the proof never shows: only its length counts (the book's page count)
            i += n;
            y_ = top + pad * 2 + lh * static_cast<float>(n);
            continue;
        }
        Box panel;
        panel.kind = BoxKind::Panel;
        panel.x = s.margin_inner;
        panel.y = top;
        panel.w = s.measure();
        panel.h = pad * 2 + lh * static_cast<float>(n);
        panel.ink = Ink::Panel;
        panel.code = id;
        page().boxes.push_back(panel);
        for (size_t k = 0; k < n; ++k) {
            float x = s.margin_inner + pad;
            for (Piece& piece : lines[i + k]) {
                Box b;
                b.x = x;
                b.y = top + pad + lh * static_cast<float>(k);
                b.w = drawn_width(m_, Face::Mono, size, piece.text);
                b.h = lh;
                b.face = Face::Mono;
                b.size = size;
                b.ink = piece.ink;
                b.text = std::move(piece.text); // each line is laid out once
                // Code runs left to right; a string or a comment in Arabic or Hebrew inside it reads right to
                // left within the line, joined, as the browser sets it (bidi.h).
                if (needs_bidi(b.text)) b.shown = visual_line(b.text, false);
                b.code = id;
                b.clip_x = s.margin_inner + pad;
                b.clip_w = s.measure() - 2 * pad;
                b.block = block_;
                page().boxes.push_back(std::move(b));
                x += b.w;
            }
        }
        i += n;
        y_ = top + panel.h;
    }
    y_ += s.body_size * 0.6f;
}

// An image taller than what is left of the page is set smaller to fit there, down to kImageFitScale of
// its size, rather than moved whole to the next page with the rest of this one left blank (a phone's page
// holds little more than one picture).
void Flow::fit_image_to_page(float& w, float& h) const {
    const PageSpec& s = book_.spec;
    float room = s.bottom() - y_;
    if (book_.pages.empty() || y_ <= s.margin_top + 0.5f || h <= room || room < h * kImageFitScale) return;
    w *= room / h;
    h = room;
}

void Flow::image(const std::string& src, const std::string& alt, float size, int width, int height) {
    if (past_limit()) return;
    const PageSpec& s = book_.spec;
    // Natural size (one CSS pixel = one page unit), never wider than the measure nor taller than the page.
    // The author's width and height (HTML's <img width height>) stand in until the image loads.
    float nat_w = static_cast<float>(width), nat_h = static_cast<float>(height);
    if (image_sizes) {
        auto it = image_sizes->find(src);
        if (it != image_sizes->end() && it->second.width > 0 && it->second.height > 0) {
            if (width > 0 && height <= 0) nat_h = it->second.height * nat_w / it->second.width;
            if (width <= 0) nat_w = it->second.width, nat_h = it->second.height;
        }
    }
    float w = s.measure(), h = s.measure() * 0.5f;
    if (nat_w > 0 && nat_h > 0) {
        w = std::min(s.measure(), nat_w);
        h = w * nat_h / nat_w;
        float max_h = s.bottom() - s.margin_top - size * 2;
        if (h > max_h) w *= max_h / h, h = max_h;
    } else if (nat_w > 0) {
        w = std::min(s.measure(), nat_w);
        h = w * 0.5f;
    }
    fit_image_to_page(w, h);
    ensure(h);
    keep_from_ = -1;
    begin_block(BlockKind::Image);
    Box b;
    b.kind = BoxKind::Image;
    b.x = s.margin_inner + (s.measure() - w) * 0.5f;
    b.y = y_;
    b.w = w;
    b.h = h;
    b.size = size;
    b.text = alt;
    b.ink = Ink::Muted;
    if (shown_image(src, other_host_images)) {
        book_.images.push_back(src);
        b.image = static_cast<int>(book_.images.size()) - 1;
    }
    b.block = block_;
    page().boxes.push_back(std::move(b));
    y_ += h + size * 0.6f;
}

//-----------------------------------------------------------------------------
// [SECTION] Tables: columns sized to their content, cells wrapped, rows never split
//-----------------------------------------------------------------------------

void Flow::table(const std::vector<TableRow>& rows, float size) {
    if (past_limit()) return;
    const PageSpec& s = book_.spec;
    if (rows.empty()) return;
    size_t cols = 0;
    for (const TableRow& r : rows)
        cols = std::max(cols, r.size());
    if (cols == 0) return;
    float pad = size * 0.6f;
    // Natural width of each column (its widest cell on one line), then scaled down to the measure.
    std::vector<float> natural(cols, size * 2);
    for (const TableRow& r : rows)
        for (size_t c = 0; c < r.size(); ++c) {
            float w = 0;
            for (const Span& sp : r[c].spans)
                w += run_width(sp.face, span_size(sp, size), sp.text.data(), sp.text.data() + sp.text.size());
            natural[c] = std::max(natural[c], w + 2 * pad);
        }
    float total = 0;
    for (float w : natural)
        total += w;
    float scale = total > s.measure() ? s.measure() / total : 1.0f;
    std::vector<float> colx(cols + 1, s.margin_inner);
    for (size_t c = 0; c < cols; ++c)
        colx[c + 1] = colx[c] + natural[c] * scale;
    float lh = size * 1.4f;
    y_ += s.body_size * 0.4f;
    const int table = book_.tables++;
    int row = -1;
    for (const TableRow& r : rows) {
        ++row;
        std::vector<std::vector<Line>> cell_lines(cols);
        size_t height_lines = 1;
        for (size_t c = 0; c < r.size(); ++c) {
            cell_lines[c] = break_lines(r[c].spans, size, colx[c + 1] - colx[c] - 2 * pad);
            const bool rtl = rtl_paragraph(r[c].spans); // once a cell, not once a line: it reads the whole cell
            bool reorder = rtl;
            for (const Span& sp : r[c].spans)
                reorder = reorder || needs_bidi(sp.text);
            if (reorder)
                for (Line& ln : cell_lines[c])
                    reorder_line(ln, r[c].spans, size, rtl);
            height_lines = std::max(height_lines, cell_lines[c].size());
        }
        float row_h = lh * static_cast<float>(height_lines) + pad * 0.6f;
        ensure(row_h);
        keep_from_ = -1;
        for (size_t c = 0; c < r.size(); ++c) {
            const TableCell& cell = r[c];
            begin_block(BlockKind::TableCell);
            Book::Block& place = book_.blocks[block_];
            place.table = table;
            place.row = row;
            place.col = static_cast<int>(c);
            place.header = cell.header;
            float cw = colx[c + 1] - colx[c] - 2 * pad;
            // A right-to-left cell without an alignment of its own starts at the right.
            const bool end_aligned =
                cell.align == Align::Right || (cell.align == Align::Default && rtl_paragraph(cell.spans));
            for (size_t li = 0; li < cell_lines[c].size(); ++li) {
                Line& ln = cell_lines[c][li];
                float shift = end_aligned ? cw - ln.width : cell.align == Align::Center ? (cw - ln.width) * 0.5f : 0;
                for (Fragment& fr : ln.frags) {
                    const Span& sp = cell.spans[fr.span];
                    Box b;
                    b.x = colx[c] + pad + shift + fr.x;
                    b.rtl = fr.rtl;
                    b.shown = std::move(fr.shown);
                    b.y = y_ + pad * 0.3f + lh * static_cast<float>(li) + script_offset(sp, size);
                    b.w = fr.w;
                    b.h = lh;
                    b.face = sp.face;
                    b.size = span_size(sp, size);
                    b.ink = sp.link.kind == ActionKind::None ? sp.ink : Ink::Link;
                    b.text = fr.text;
                    b.strike = sp.strike;
                    b.lang = sp.lang;
                    b.link = link_id(sp.link);
                    b.block = block_;
                    page().boxes.push_back(std::move(b));
                }
            }
        }
        y_ += row_h;
        Box rule;
        rule.kind = BoxKind::Rule;
        rule.x = s.margin_inner;
        rule.y = y_;
        rule.w = colx[cols] - s.margin_inner;
        rule.h = r.empty() || !r[0].header ? 0.5f : 1.0f;
        rule.ink = Ink::Rule;
        page().boxes.push_back(rule);
    }
    y_ += s.body_size * 0.8f;
}

} // namespace folio
