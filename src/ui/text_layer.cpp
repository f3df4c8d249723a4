// folio ui: the text layer's data and its link stops. See text_layer.h.
#include "ui/text_layer.h"

#include "core/model/links.h"
#include "core/text/numbers.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace folio {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] A small JSON writer (strings are data: escaped, never evaluated)
//-----------------------------------------------------------------------------

void put_string(std::string& out, const std::string& s) {
    out += '"';
    for (unsigned char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20) {
                out += "\\u" + hex_digits(c, 4);
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += '"';
}

void put_number(std::string& out, float v) {
    out += short_decimal(v, 2); // "12.5", "3": the document stays small
}

void put_field(std::string& out, const char* key, float v) {
    out += ",\"";
    out += key;
    out += "\":";
    put_number(out, v);
}

// The lists a block is in, outermost first: "L": [list, item, ordered (0|1), ...] (Book::items).
void put_list_path(std::string& out, const Book& book, int item) {
    std::vector<int> chain;
    for (int i = item; i >= 0 && i < static_cast<int>(book.items.size()); i = book.items[i].outer)
        chain.push_back(i);
    out += ",\"L\":[";
    for (size_t k = chain.size(); k-- > 0;) {
        const Book::ListItem& it = book.items[chain[k]];
        out += std::to_string(it.list) + "," + std::to_string(chain[k]) + "," + (it.ordered ? "1" : "0");
        if (k) out += ',';
    }
    out += ']';
}

// The layer's own colours, as its JSON's "colors" object (the theme's selection, focus ring and link).
std::string layer_colors(const Theme& t) {
    std::string out = "{\"selection\":";
    put_string(out, css_colour(t.selection));
    out += ",\"focus\":";
    put_string(out, css_colour(t.focus));
    out += ",\"link\":";
    put_string(out, css_colour(t.ink_of(Ink::Link)));
    return out + "}";
}

// The box before (page, box) among the text boxes, in reading order; nullptr at the start of the book.
const Box* previous_text_box(const Book& book, int page, int box) {
    for (int p = page; p >= 0; --p) {
        const std::vector<Box>& boxes = book.pages[p].boxes;
        int from = p == page ? box - 1 : static_cast<int>(boxes.size()) - 1;
        for (int i = std::min(from, static_cast<int>(boxes.size()) - 1); i >= 0; --i)
            if (boxes[i].kind == BoxKind::Text) return &boxes[i];
    }
    return nullptr;
}

bool is_link_box(const Box& b) { return b.kind == BoxKind::Text && b.link >= 0; }

// A wrapped link is several boxes with one link id: only the first is a stop.
bool continues_link(const Book& book, int page, int box) {
    const Box& b = book.pages[page].boxes[box];
    const Box* prev = previous_text_box(book, page, box);
    return prev && prev->link >= 0 && prev->link == b.link;
}

// What the block of a run is (block_tag) and the lists it is in: the layer builds the page's tree by them.
void put_block(std::string& out, const Book& book, const Box& b) {
    if (b.block < 0 || b.block >= static_cast<int>(book.blocks.size())) return;
    const Book::Block& block = book.blocks[b.block];
    out += ",\"k\":\"" + block_tag(book, b.block) + '"';
    if (block.item >= 0) put_list_path(out, book, block.item);
}

void put_item(std::string& out, const App& a, int page, int index, const Box& b) {
    const float s = a.page_scale;
    // The canvas rounds box corners to whole pixels within the page (its origin is whole): so do we.
    float x0 = std::round(b.x * s), y0 = std::round(b.y * s);
    float x1 = std::round((b.x + b.w) * s), y1 = std::round((b.y + b.h) * s);
    if (b.kind == BoxKind::Formula) {
        // A formula: the layer draws its picture in its ink and gives assistive technology its MathML;
        // its TeX is what copy gives.
        const Book::Formula& f = a.book.formulas[static_cast<size_t>(b.image)];
        out += "{\"fm\":";
        put_string(out, f.picture);
        out += ",\"ml\":";
        put_string(out, f.mathml);
        out += ",\"tx\":";
        put_string(out, b.text);
        put_field(out, "ink", static_cast<float>(static_cast<int>(b.ink)));
        put_block(out, a.book, b);
        if (b.link >= 0 && b.link < static_cast<int>(a.book.links.size())) {
            const LinkAction& act = a.book.links[b.link];
            if (act.kind == ActionKind::Follow && followable(act.href)) {
                out += ",\"href\":";
                put_string(out, act.href);
                put_field(out, "l", static_cast<float>(b.link));
            }
        }
    } else if (b.kind == BoxKind::Image) {
        out += "{\"img\":";
        put_string(out, b.text);
        // Another host's picture, loaded: the layer shows it here (the canvas leaves the place empty).
        auto loaded = b.image >= 0 ? a.images.find(a.book.images[b.image]) : a.images.end();
        if (loaded != a.images.end() && loaded->second.in_layer) {
            out += ",\"src\":";
            put_string(out, loaded->first);
        }
    } else {
        out += "{\"t\":";
        put_string(out, b.text);
        if (!b.unseen.empty()) {
            out += ",\"u\":";
            put_string(out, b.unseen);
        }
        put_field(out, "g", y0 + glyph_top(b) * s);
        put_field(out, "s", b.size * s);
        put_field(out, "f", static_cast<float>(static_cast<int>(b.face)));
        if (b.rtl) out += ",\"d\":1"; // a right-to-left run (its text is logical: the browser orders it)
        if (!b.lang.empty()) {
            out += ",\"lang\":";
            put_string(out, b.lang);
        }
        put_block(out, a.book, b);
        if (b.link >= 0 && b.link < static_cast<int>(a.book.links.size())) {
            const LinkAction& act = a.book.links[b.link];
            if (act.kind == ActionKind::Fold) {
                out += ",\"fold\":";
                put_string(out, fold_key(act.fold));
            } else if (act.kind == ActionKind::Follow && followable(act.href)) {
                out += ",\"href\":";
                put_string(out, act.href);
            }
            put_field(out, "l", static_cast<float>(b.link));
            if (continues_link(a.book, page, index)) out += ",\"c\":1";
        }
        if (b.code >= 0 && b.code < static_cast<int>(a.code_scroll.size())) {
            // Code lines scroll sideways inside their panel: shift by the offset, clip to the panel
            // (a line is several coloured runs; the panel's visible part starts at clip_x).
            float off = std::round(a.code_scroll[b.code]);
            float visible0 = std::round(b.clip_x * s), visible1 = std::round((b.clip_x + b.clip_w) * s);
            x0 -= off;
            x1 -= off;
            out += ",\"clip\":[";
            put_number(out, std::clamp(visible0 - x0, 0.0f, x1 - x0));
            out += ',';
            put_number(out, std::clamp(x1 - visible1, 0.0f, x1 - x0));
            out += ']';
        }
    }
    put_field(out, "x", x0);
    put_field(out, "y", y0);
    put_field(out, "w", x1 - x0);
    put_field(out, "h", y1 - y0);
    put_field(out, "b", static_cast<float>(b.block));
    out += ",\"i\":";
    out += std::to_string(index);
    out += '}';
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] The layer
//-----------------------------------------------------------------------------

std::vector<int> pages_on_screen(const App& a) {
    std::vector<int> out;
    if (a.book_dirty || !a.has_site || !a.error.empty() || !a.fonts.measurable()) return out;
    const float ph = a.book.spec.height * a.page_scale;
    for (int i = 0; i < static_cast<int>(a.book.pages.size()); ++i) {
        ImVec2 o = a.page_origin(i);
        if (o.y >= a.view_height) break;
        if (o.y + ph > 0) out.push_back(i);
    }
    return out;
}

TextLayerKey text_layer_key(const App& a) {
    TextLayerKey k;
    k.layouts = a.layouts;
    k.pages = pages_on_screen(a);
    k.scale = a.page_scale;
    k.view_width = a.view_width;
    k.view_height = a.view_height;
    k.colors = layer_colors(a.theme);
    k.code_scroll = a.code_scroll;
    k.error = a.error;
    return k;
}

std::string fold_key(int fold) { return "fold:" + std::to_string(fold); }

LinkAction layer_link_action(const std::string& key) {
    const std::string prefix = "fold:";
    if (key.compare(0, prefix.size(), prefix) == 0) {
        const std::string n = key.substr(prefix.size());
        if (n.empty() || n.size() > 9 || n.find_first_not_of("0123456789") != std::string::npos) return LinkAction{};
        return fold_link(std::stoi(n));
    }
    return follow_link(key);
}

namespace {

// What a page's items depend on besides where the pages lie: the theme and the code panels' offsets.
// The layer keeps a page it filled while this (and the geometry) stays.
std::string fill_key(const App& a) {
    uint32_t h = 2166136261u;
    auto mix = [&h](const void* p, size_t n) {
        const unsigned char* c = static_cast<const unsigned char*>(p);
        for (size_t i = 0; i < n; ++i)
            h = (h ^ c[i]) * 16777619u;
    };
    mix(&a.layouts, sizeof a.layouts);
    mix(&a.page_scale, sizeof a.page_scale);
    mix(&a.view_width, sizeof a.view_width);
    // The theme field by field: its bytes whole would hash the padding after `dark`, which two equal themes
    // need not share, and the layer would rebuild for nothing.
    const unsigned char dark = a.theme.dark ? 1 : 0;
    mix(&dark, 1);
    mix(&a.theme.desk, sizeof(Theme) - offsetof(Theme, desk)); // every colour, none of them padded
    static_assert(sizeof(Theme) - offsetof(Theme, desk) == (kInkCount + 10) * sizeof(ImU32), "Theme gained a field");
    if (!a.code_scroll.empty()) mix(a.code_scroll.data(), a.code_scroll.size() * sizeof(float));
    return hex_digits(h, 8);
}

// The landmark a page belongs to, for a screen reader's landmark list: the contents are the book's
// navigation (as the static page's <nav>), an article's pages its <article>; the whole layer is the main.
const char* page_landmark(const Page& pg) {
    if (pg.chapter == "contents") return "navigation";
    if (pg.chapter == "article") return "article";
    return nullptr;
}

void put_page(std::string& out, const App& a, int p, bool with_items) {
    const Page& pg = a.book.pages[p];
    ImVec2 o = a.page_origin(p);
    out += "{\"i\":" + std::to_string(p);
    put_field(out, "x", o.x);
    put_field(out, "y", o.y + a.scroll);
    put_field(out, "w", a.book.spec.width * a.page_scale);
    put_field(out, "h", a.book.spec.height * a.page_scale);
    if (const char* lm = page_landmark(pg)) out += std::string(",\"lm\":\"") + lm + '"';
    if (!with_items) {
        out += ",\"later\":1}";
        return;
    }
    out += ",\"items\":[";
    bool first_item = true;
    if (!pg.blank)
        for (int i = 0; i < static_cast<int>(pg.boxes.size()); ++i) {
            const Box& b = pg.boxes[i];
            bool text = b.kind == BoxKind::Text && !b.text.empty();
            bool image = b.kind == BoxKind::Image && !b.text.empty();
            bool formula =
                b.kind == BoxKind::Formula && b.image >= 0 && b.image < static_cast<int>(a.book.formulas.size());
            // Running heads and folios are drawn but are not the chapter's text: copy never picks them up.
            if ((!text && !image && !formula) || b.role != BoxRole::Content) continue;
            if (!first_item) out += ',';
            first_item = false;
            put_item(out, a, p, i, b);
        }
    out += "]}";
}

// The error page (MessagePage), the layer's one page while an error is set: an alert.
void put_message_page(std::string& out, const App& a) {
    const MessagePage m = message_page(a);
    out += "{\"i\":-1,\"alert\":1";
    put_field(out, "x", m.x);
    put_field(out, "y", m.y); // on screen, whatever the scroll: the layer does not scroll it either
    put_field(out, "w", m.w);
    put_field(out, "h", m.h);
    out += ",\"title\":";
    put_string(out, m.title);
    put_field(out, "ts", m.title_size);
    put_field(out, "ty", m.pad);
    put_field(out, "bs", m.body_size);
    out += ",\"items\":[";
    for (size_t i = 0; i < m.paragraphs.size(); ++i) {
        const MessagePage::Paragraph& p = m.paragraphs[i];
        out += i ? ",{\"t\":" : "{\"t\":";
        put_string(out, p.text);
        put_field(out, "x", p.x - m.x);
        put_field(out, "y", p.y - m.y);
        put_field(out, "w", p.w);
        put_field(out, "h", p.h);
        out += '}';
    }
    out += "]}";
}

} // namespace

std::string text_layer_json(const App& a) {
    std::string out = "{\"path\":";
    put_string(out, a.route.path);
    put_field(out, "scroll", a.scroll);
    put_field(out, "scale", a.page_scale);
    put_field(out, "gen", static_cast<float>(a.layouts)); // with scale and width: where every page lies
    put_field(out, "vw", a.view_width);
    out += ",\"fill\":";
    put_string(out, fill_key(a));
    out += ",\"colors\":" + layer_colors(a.theme) + ",\"pages\":[";
    if (!a.error.empty()) {
        put_message_page(out, a);
    } else {
        const std::vector<int> shown = pages_on_screen(a);
        // Every page, once the book is laid out.
        const bool laid_out = !a.book_dirty && a.has_site && a.fonts.measurable();
        const int n = laid_out ? static_cast<int>(a.book.pages.size()) : 0;
        for (int p = 0; p < n; ++p) {
            if (p) out += ',';
            put_page(out, a, p, std::find(shown.begin(), shown.end(), p) != shown.end());
        }
    }
    out += "]}";
    return out;
}

std::string text_layer_page_json(const App& a, int page) {
    std::string out = "{\"fill\":";
    put_string(out, fill_key(a));
    put_field(out, "gen", static_cast<float>(a.layouts));
    out += ",\"page\":";
    bool laid_out = !a.book_dirty && a.has_site && a.error.empty() && a.fonts.measurable();
    if (laid_out && page >= 0 && page < static_cast<int>(a.book.pages.size()))
        put_page(out, a, page, true);
    else
        out += "null";
    out += '}';
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] Link stops
//-----------------------------------------------------------------------------

LinkStop next_link_stop(const Book& book, int page, int box, int dir) {
    const int n = static_cast<int>(book.pages.size());
    if (dir >= 0) {
        for (int p = std::max(0, page); p < n; ++p) {
            const std::vector<Box>& boxes = book.pages[p].boxes;
            for (int i = p == page ? box + 1 : 0; i < static_cast<int>(boxes.size()); ++i)
                if (is_link_box(boxes[i]) && !continues_link(book, p, i)) return {p, i};
        }
        return {};
    }
    for (int p = std::min(page, n - 1); p >= 0; --p) {
        const std::vector<Box>& boxes = book.pages[p].boxes;
        int from = p == page ? box - 1 : static_cast<int>(boxes.size()) - 1;
        for (int i = std::min(from, static_cast<int>(boxes.size()) - 1); i >= 0; --i)
            if (is_link_box(boxes[i]) && !continues_link(book, p, i)) return {p, i};
    }
    return {};
}

bool reveal_box(App& a, int page, int box) {
    if (a.book_dirty || page < 0 || page >= static_cast<int>(a.book.pages.size())) return false;
    const std::vector<Box>& boxes = a.book.pages[page].boxes;
    if (box < 0 || box >= static_cast<int>(boxes.size())) return false;
    const Box& b = boxes[box];
    // In content coordinates (scroll 0): the top of the line and the bottom of a wrapped link's last line.
    float page_top = a.page_origin(page).y + a.scroll;
    float top = page_top + b.y * a.page_scale, bottom = top + b.h * a.page_scale;
    for (size_t i = static_cast<size_t>(box) + 1; i < boxes.size(); ++i) {
        if (boxes[i].kind != BoxKind::Text) continue;
        if (boxes[i].link != b.link) break;
        bottom = std::max(bottom, page_top + (boxes[i].y + boxes[i].h) * a.page_scale);
    }
    float room = std::min(64.0f, a.view_height * 0.15f);
    float max_scroll = std::max(0.0f, a.content_height - a.view_height);
    float target = a.scroll_target;
    if (top - room < target)
        target = top - room;
    else if (bottom + room > target + a.view_height)
        target = bottom + room - a.view_height;
    target = std::clamp(target, 0.0f, max_scroll);
    a.velocity = 0;
    a.scroll_target = target;
    if (a.reduced_motion) a.scroll = target;
    return true;
}

} // namespace folio
