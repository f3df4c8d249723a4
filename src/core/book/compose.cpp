// folio core: composing the site into books. See compose.h.
#include "core/book/compose.h"
#include "core/model/routes.h"

#include <algorithm>
#include <map>

#include "core/model/bound.h"
#include "core/model/links.h"
#include "core/model/routes.h"
#include "core/text/bidi.h"

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] Typographic scale (page units; body text is PageSpec::body_size)
//-----------------------------------------------------------------------------

namespace {

struct Scale {
    float body, small, title, subtitle, name, heading;
    explicit Scale(const PageSpec& s)
        : body(s.body_size), small(s.body_size * 0.86f), title(s.body_size * 1.85f), subtitle(s.body_size * 1.0f),
          name(s.body_size * 2.6f), heading(s.body_size * 1.0f) {}
};

// A book being composed: its pages, the flow that fills them and the type scale, for one page size.
struct Composer {
    Book book;
    Flow f;
    Scale k;
    Composer(const Site& site, Measurer& m, const PageSpec& spec) : f(book, m), k(spec) {
        book.spec = spec;
        book.rtl = f.rtl_site = rtl_language(site.info.language);
        f.other_host_images = site.info.other_host_images;
    }
    Book finish() {
        f.finish();
        return std::move(book);
    }
};

Span text(const std::string& t, Face f = Face::Serif, Ink ink = Ink::Text) {
    return Span{f, ink, t, {}, false, {}, {}};
}
// A link the reader can follow; an address the link policy refuses is plain text.
Span link(const std::string& t, const std::string& href, Face f = Face::Serif) {
    LinkAction action = follow_link(href);
    return Span{f, action.kind == ActionKind::None ? Ink::Text : Ink::Link, t, action, false, {}, {}};
}

Paragraph para(std::vector<Span> spans, float size, float after = 0) {
    Paragraph p;
    p.spans = std::move(spans);
    p.size = size;
    p.space_after = after;
    return p;
}

void chapter_title(Flow& f, const Scale& k, const std::string& title, const std::string& subtitle) {
    Paragraph t = para({text(title, Face::Serif)}, k.title, subtitle.empty() ? k.body * 1.4f : k.body * 0.2f);
    t.leading = 1.2f;
    t.keep_with_next = true;
    t.heading = 1;
    f.paragraph(t);
    if (!subtitle.empty()) {
        Paragraph s = para({text(subtitle, Face::Italic, Ink::Muted)}, k.subtitle, k.body * 1.4f);
        s.keep_with_next = true;
        f.paragraph(s);
    }
}

// A line set like a table of contents: its number in the hang, a link, and a note set right (a folio, a date).
Paragraph entry_line(int number, Span title, const std::string& right, float size, float indent, float after,
                     const std::string& right_unseen = "") {
    Paragraph p = para({std::move(title)}, size, after);
    p.marker = std::to_string(number);
    p.indent = indent;
    p.right = {text(right, Face::Serif, Ink::Muted)};
    p.right_unseen = right_unseen;
    return p;
}

// A chapter of the main book: on a left page, its title set large, "<title>, continued" heading the
// pages after its first.
void open_chapter(Flow& f, const Scale& k, const Words& w, const std::string& id, const std::string& title) {
    f.begin_chapter(id, title, fill(w.continued, {{"title", title}}), true, false);
    chapter_title(f, k, title, "");
}

// A date in a list without year headings: the eye has the year from the dates around, so it is left to
// assistive technology (Paragraph::right_unseen), where the language says the year last ("14 Feb" and
// " 2026"); where it says it first ("2026年2月14日") the date shows whole.
std::pair<std::string, std::string> date_in_list(const Words& w, const Date& d) {
    const std::string whole = day_month(w, d, true), part = day_month(w, d, false);
    if (whole.compare(0, part.size(), part) == 0) return {part, whole.substr(part.size())};
    return {whole, ""};
}

// "« writing" (the writing chapter's own name) above an article or a tag's list.
Paragraph back_to_writing(const Site& site, const Scale& k) {
    return para({link(back_to(writing_title(site)), chapter_path("writing"), Face::Italic)}, k.small, k.body * 1.2f);
}

std::string to_front_page(const Words& w, const Site& site) {
    return back_to(fill(w.front_page, {{"name", site.info.author}}));
}

void small_heading(Flow& f, const Scale& k, std::vector<Span> spans, float before, int level) {
    Paragraph h = para(std::move(spans), k.small, k.body * 0.15f);
    h.space_before = before;
    h.keep_with_next = true;
    h.heading = level;
    f.paragraph(h);
}

//-----------------------------------------------------------------------------
// [SECTION] Markdown document trees into blocks
//-----------------------------------------------------------------------------

Face face_for(bool italic, bool bold) {
    if (italic && bold) return Face::BoldItalic;
    if (italic) return Face::Italic;
    if (bold) return Face::Bold;
    return Face::Serif;
}

// The inline Markdown under n as styled spans: emphasis, strong, strikethrough, code, scripts and links. Every
// caller (paragraphs, headings, list items, quotes, table cells) gets the same rendering.
void collect_spans(const Node& n, bool italic, bool bold, const LinkAction& link, std::vector<Span>& out,
                   bool strike = false, Ink ink = Ink::Text, Script script = Script::None,
                   const std::string& lang = {}) {
    const bool linked = link.kind != ActionKind::None;
    auto add = [&](Face face, Ink span_ink, std::string text, const LinkAction& to) {
        out.push_back(Span{face, span_ink, std::move(text), to, strike, script, lang});
    };
    switch (n.kind) {
    case NodeKind::Text:
    case NodeKind::SoftBreak:
    case NodeKind::HtmlInline: // never in a finished tree; if it were, its text (escaped by drawing)
        add(face_for(italic, bold), linked ? Ink::Link : ink, n.text, link);
        return;
    case NodeKind::Strike:
        for (const Node& c : n.children)
            collect_spans(c, italic, bold, link, out, true, ink, script, lang);
        return;
    case NodeKind::LineBreak: out.push_back(Span{face_for(italic, bold), Ink::Text, "\n", {}, false, {}, {}}); return;
    case NodeKind::Code: add(Face::Mono, linked ? Ink::Link : Ink::Accent, n.text, link); return;
    // A typeset formula is its picture (its TeX is what copy gives); one that did not parse, its TeX as code.
    case NodeKind::Math:
        if (typeset_formula(n)) {
            add(face_for(italic, bold), linked ? Ink::Link : ink, n.text, link);
            out.back().math = &n;
            return;
        }
        add(Face::Mono, linked ? Ink::Link : Ink::Accent, n.text, link);
        return;
    case NodeKind::Image: {
        // An image inside running text is its alt text, a link to the picture (when the policy allows).
        LinkAction to = linked ? link : follow_link(n.href);
        add(Face::Italic, to.kind == ActionKind::None ? Ink::Muted : Ink::Link, "[" + n.text + "]", to);
        return;
    }
    case NodeKind::Emphasis:
    case NodeKind::Cite: italic = true; break;
    case NodeKind::Strong: bold = true; break;
    case NodeKind::Small: ink = Ink::Muted; break; // small print: told apart by its ink, at the line's size
    case NodeKind::Sub: script = Script::Sub; break;
    case NodeKind::Sup: script = Script::Super; break;
    case NodeKind::Mark: ink = Ink::Mark; break;
    case NodeKind::InlineQuote:
        add(face_for(italic, bold), ink, "\xE2\x80\x9C", {});
        for (const Node& c : n.children)
            collect_spans(c, italic, bold, link, out, strike, ink, script, lang);
        add(face_for(italic, bold), ink, "\xE2\x80\x9D", {});
        return;
    case NodeKind::Language:
        for (const Node& c : n.children)
            collect_spans(c, italic, bold, link, out, strike, ink, script, n.info.get());
        return;
    case NodeKind::Link: {
        for (const Node& c : n.children)
            collect_spans(c, italic, bold, follow_link(n.href), out, strike, ink, script, lang);
        return;
    }
    default: break;
    }
    for (const Node& c : n.children)
        collect_spans(c, italic, bold, link, out, strike, ink, script, lang);
}

// A Markdown table as rows of cells, each cell's inline Markdown collected like a paragraph's.
std::vector<TableRow> table_rows(const Node& table) {
    std::vector<TableRow> rows;
    for (const Node& part : table.children)
        for (const Node& row : part.children) {
            if (row.kind != NodeKind::TableRow) continue;
            TableRow cells;
            for (const Node& c : row.children) {
                TableCell cell;
                cell.align = c.align;
                cell.header = c.header;
                collect_spans(c, false, c.header, {}, cell.spans);
                cells.push_back(std::move(cell));
            }
            rows.push_back(std::move(cells));
        }
    return rows;
}

void flow_blocks(Flow& f, const Scale& k, const Node& n, float indent, int depth);

bool is_block(NodeKind k) {
    return k == NodeKind::Paragraph || k == NodeKind::Heading || k == NodeKind::Quote || k == NodeKind::List ||
           k == NodeKind::CodeBlock || k == NodeKind::Rule || k == NodeKind::Table || k == NodeKind::HtmlBlock ||
           k == NodeKind::DefList || k == NodeKind::Details || k == NodeKind::Figure || k == NodeKind::Container ||
           k == NodeKind::Caption || k == NodeKind::Summary;
}

// Fold ids of <details> in articles start here, clear of the timeline's "the rest" blocks.
constexpr int kDetailsFoldBase = 1000000;

// The id of the first link in n that has one (a footnote reference, markdown.cpp), or "".
std::string first_link_id(const Node& n) {
    if (n.kind == NodeKind::Link && !n.id.empty()) return n.id;
    for (const Node& c : n.children)
        if (std::string id = first_link_id(c); !id.empty()) return id;
    return "";
}

void flow_inline_block(Flow& f, const Scale& k, const Node& n, float indent, bool italic, bool bold, Ink ink,
                       float size, float after) {
    std::vector<Span> spans;
    collect_spans(n, italic, bold, {}, spans, false, ink);
    if (spans.empty()) return;
    Paragraph p = para(spans, size, after);
    p.indent = indent;
    f.paragraph(p);
    (void)k;
}

// <details>: the summary is a toggle like the timeline's "the rest"; the body shows once unfolded.
void flow_details(Flow& f, const Scale& k, const Node& d, float indent, int depth) {
    int id = kDetailsFoldBase + f.folds++;
    bool open = f.unfolded && f.unfolded->count(id) > 0;
    std::vector<Span> spans;
    if (!d.children.empty()) collect_spans(d.children[0], false, false, fold_link(id), spans);
    if (spans.empty()) spans.push_back(Span{Face::Serif, Ink::Link, "details", fold_link(id), false, {}, {}});
    Paragraph p = para(spans, k.body, k.body * 0.4f);
    p.indent = indent + k.body * 1.2f;
    p.marker = open ? "\xE2\x88\x92" : "+"; // minus when open (characters every subset font has)
    p.marker_ink = Ink::Link;
    f.paragraph(p);
    if (!open) return;
    Node rest;
    rest.children.assign(d.children.begin() + (d.children.empty() ? 0 : 1), d.children.end());
    flow_blocks(f, k, rest, indent + k.body * 1.2f, depth + 1);
}

// A list item's first line carries its marker (number or bullet) in the hang; everything else in the
// item, nested lists included, hangs at the same indent.
void flow_list(Flow& f, const Scale& k, const Node& list, float indent, int depth) {
    int number = list.start;
    const float hang = k.body * 1.6f;
    const std::string bullet = depth % 2 ? "\xE2\x80\x93" : "\xE2\x80\xA2";
    f.begin_list(list.ordered);
    for (const Node& item : list.children) {
        f.list_item();
        std::string marker = list.ordered ? std::to_string(number++) + "." : bullet;
        std::vector<Span> inline_spans; // tight items hold their text directly, not in a paragraph
        auto flush = [&] {
            if (inline_spans.empty()) return;
            Paragraph p = para(inline_spans, k.body, k.body * 0.25f);
            p.indent = indent + hang;
            if (!marker.empty()) p.anchor = item.id; // a footnote: its references link to its first line
            p.marker = marker;
            marker.clear();
            f.paragraph(p);
            inline_spans.clear();
        };
        for (const Node& c : item.children) {
            if (!is_block(c.kind)) {
                collect_spans(c, false, false, {}, inline_spans);
                continue;
            }
            flush();
            if (c.kind == NodeKind::Paragraph) {
                collect_spans(c, false, false, {}, inline_spans);
                flush();
            } else if (c.kind == NodeKind::List) {
                if (!marker.empty()) { // an item that starts with a list: the marker gets a line of its own
                    inline_spans.push_back(text(" "));
                    flush();
                }
                flow_list(f, k, c, indent + hang, depth + 1);
            } else {
                Node wrapper;
                wrapper.children.push_back(c);
                flow_blocks(f, k, wrapper, indent + hang, depth + 1);
            }
        }
        flush();
    }
    f.end_list();
    f.space(k.body * 0.4f);
}

void flow_blocks(Flow& f, const Scale& k, const Node& n, float indent, int depth) {
    for (const Node& c : n.children) {
        if (f.past_limit()) return; // the rest would be dropped: not even its spans are worth collecting
        switch (c.kind) {
        case NodeKind::Paragraph: {
            std::vector<Span> spans;
            collect_spans(c, false, false, {}, spans);
            // A paragraph that is only an image becomes an image block, when the site shows the picture.
            const bool picture = c.children.size() == 1 && c.children[0].kind == NodeKind::Image;
            if (picture && shown_image(c.children[0].href, f.other_host_images)) {
                const Node& img = c.children[0];
                f.image(img.href, img.text, k.small, img.width, img.height);
                break;
            }
            Paragraph p = para(spans, k.body, k.body * 0.6f);
            p.indent = indent;
            p.anchor = first_link_id(c); // a footnote reference: its note's back link lands here
            f.paragraph(p);
            break;
        }
        case NodeKind::Heading: {
            std::vector<Span> spans;
            collect_spans(c, false, true, {}, spans);
            float size = c.level <= 1   ? k.body * 1.5f
                         : c.level == 2 ? k.body * 1.25f
                         : c.level == 3 ? k.body * 1.08f
                                        : k.body;
            Paragraph p = para(spans, size, k.body * 0.3f);
            p.space_before = k.body * 0.8f;
            p.leading = 1.25f;
            p.keep_with_next = true;
            p.heading = page_heading_level(c.level);
            p.indent = indent;
            p.anchor = c.id;
            f.paragraph(p);
            break;
        }
        case NodeKind::Quote: {
            // Quotes: indented, italic, muted, with a rule down the left side.
            const float inset = indent + k.body * 1.4f;
            for (const Node& q : c.children) {
                if (q.kind != NodeKind::Paragraph) {
                    Node wrapper;
                    wrapper.children.push_back(q);
                    flow_blocks(f, k, wrapper, inset, depth + 1);
                    continue;
                }
                std::vector<Span> spans;
                collect_spans(q, true, false, {}, spans);
                for (Span& s : spans)
                    if (s.ink == Ink::Text) s.ink = Ink::Muted;
                Paragraph p = para(spans, k.body, k.body * 0.6f);
                p.indent = inset;
                p.bar = true; // the quote's rule, drawn beside every line
                f.paragraph(p);
            }
            break;
        }
        case NodeKind::List: flow_list(f, k, c, indent, depth); break;
        case NodeKind::CodeBlock: f.code_block(c.text, c.runs, k.small); break;
        case NodeKind::Container:
        case NodeKind::Figure: flow_blocks(f, k, c, indent, depth + 1); break;
        case NodeKind::Caption:
        case NodeKind::Summary:
            flow_inline_block(f, k, c, indent, true, false, Ink::Muted, k.small, k.body * 0.6f);
            break;
        case NodeKind::DefList:
            for (const Node& d : c.children) {
                if (d.kind == NodeKind::DefTerm)
                    flow_inline_block(f, k, d, indent, false, true, Ink::Text, k.body, k.body * 0.15f);
                else
                    flow_blocks(f, k, d, indent + k.body * 1.6f, depth + 1);
            }
            break;
        case NodeKind::Details: flow_details(f, k, c, indent, depth); break;
        case NodeKind::HtmlBlock: f.code_block(c.text, k.small); break;
        case NodeKind::Rule: f.rule(k.body * 0.6f, k.body * 1.0f); break;
        case NodeKind::Table: f.table(table_rows(c), k.small); break;
        default: break;
        }
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Archive folds (bound.h): a toggle, and what shows while the entries travel
//-----------------------------------------------------------------------------

bool fold_open(const ComposeState& state, int fold) { return state.unfolded.count(kArchiveFoldBase + fold) > 0; }

Span fold_toggle(const std::string& label, int fold, Face face = Face::Italic) {
    return Span{face, Ink::Link, label, fold_link(kArchiveFoldBase + fold), false, {}, {}};
}

std::string count_label(const Words& w, int n) { return fill(w.count, {{"n", std::to_string(n)}}); }
// A fold's toggle says what it holds, and once open that it folds it ("fold the rest").
std::string open_label(const Words& w, bool open, const std::string& label) {
    return open ? fill(w.fold, {{"label", label}}) : label;
}

// An open fold whose chunk has not arrived: say so, honestly, in the fold's place. True when the
// entries are here.
bool fold_ready(Flow& f, const Scale& k, const Words& w, const Fold& fold, float indent) {
    if (fold.loaded) return true;
    Paragraph p =
        para({text(fold.failed ? w.not_downloaded : w.loading, Face::Italic, Ink::Muted)}, k.small, k.body * 0.6f);
    p.indent = indent;
    f.paragraph(p);
    return false;
}

//-----------------------------------------------------------------------------
// [SECTION] The main book's parts
//-----------------------------------------------------------------------------

void compose_year(Flow& f, const Scale& k, const Site& site, const ComposeState& state, const TimelineYear& y,
                  int& block);

void compose_front(Flow& f, const Scale& k, const Site& site, const ComposeState& state) {
    const Words& w = site.info.words;
    f.begin_chapter("front", site.info.author, "", false, true);
    f.space(k.body * 3.0f);
    Paragraph name = para({text(site.info.author)}, k.name, k.body * 0.8f);
    name.leading = 1.15f;
    name.heading = 1;
    f.paragraph(name);
    f.paragraph(para({text(site.info.tagline, Face::Italic)}, k.body * 1.1f, k.body * 0.6f));
    if (!site.info.bio.empty())
        f.paragraph(para({text(site.info.bio, Face::Serif, Ink::Muted)}, k.body, k.body * 0.6f));
    f.begin_list(false);
    for (const Link& l : site.info.links) {
        f.list_item();
        f.paragraph(para({l.href.empty() ? text(l.text, Face::Italic, Ink::Muted) : link(l.text, l.href, Face::Italic)},
                         k.body, k.body * 0.3f));
    }
    f.end_list();
    f.space(k.body * 1.5f);
    std::vector<Span> nav = {link(w.contents, chapter_path("contents"))};
    f.paragraph(para(nav, k.body, k.body * 1.2f));

    int block = 0;
    for (const TimelineYear& y : site.timeline)
        if (y.fold < 0) compose_year(f, k, site, state, y, block);
    // (The browser's copy holds the folded years only once their chunk came: the fold says where they are.)
    int timeline_fold = -1;
    for (size_t i = 0; i < site.folds.size(); ++i)
        if (site.folds[i].kind == FoldKind::Timeline) timeline_fold = static_cast<int>(i);
    if (timeline_fold < 0) return;
    // The older years, folded together: their heading is the toggle.
    const Fold& fold = site.folds[timeline_fold];
    const bool open = fold_open(state, timeline_fold);
    const std::string years = std::to_string(fold.first_year) + "\xE2\x80\x93" + std::to_string(fold.year);
    Paragraph h =
        para({fold_toggle(open_label(w, open, fill(w.the_years, {{"years", years}})) + count_label(w, fold.count),
                          timeline_fold)},
             k.body * 1.1f, k.body * 0.5f);
    h.space_before = k.body * 1.2f;
    f.paragraph(h);
    if (!open || !fold_ready(f, k, w, fold, 0)) return;
    for (const TimelineYear& y : site.timeline)
        if (y.fold == timeline_fold) compose_year(f, k, site, state, y, block);
}

// One year of the front page's timeline; block numbers its pull-request folds in page order.
void compose_year(Flow& f, const Scale& k, const Site& site, const ComposeState& state, const TimelineYear& y,
                  int& block) {
    const Words& w = site.info.words;
    {
        f.set_continued_head(fill(w.continued, {{"title", std::to_string(y.year)}}));
        Paragraph yh = para({text(std::to_string(y.year), Face::Bold)}, k.body * 1.3f, k.body * 0.5f);
        yh.space_before = k.body * 1.2f;
        yh.keep_with_next = true;
        yh.heading = 2;
        f.paragraph(yh);
        for (const TimelineEntry& e : y.entries) {
            if (e.kind == EntryKind::Pulls) {
                int id = block++;
                const auto [before, after] = around_hole(w.merged_into, "repo");
                std::vector<Span> head = {link(e.ref, e.repo_url, Face::Italic)};
                if (!before.empty()) head.insert(head.begin(), text(before, Face::Italic, Ink::Muted));
                if (!after.empty()) head.push_back(text(after, Face::Italic, Ink::Muted));
                small_heading(f, k, head, k.body * 0.8f, 3);
                bool open = state.unfolded.count(id) > 0;
                int shown = 0;
                f.begin_list(true);
                for (const PullRequest& p : e.pulls) {
                    bool rest = shown >= e.show;
                    if (rest && !open) break;
                    if (rest && shown == e.show) { // the rest, opened: a list of its own, as under <details>
                        f.end_list();
                        f.begin_list(true);
                    }
                    f.list_item();
                    Paragraph pl = para({text(p.title)}, k.small, k.body * 0.1f);
                    pl.indent = k.body * 3.2f;
                    pl.marker = "#" + std::to_string(p.number);
                    pl.spans = {link(p.title, p.url)};
                    pl.marker_face = Face::Mono;
                    f.paragraph(pl);
                    ++shown;
                }
                f.end_list();
                if (e.rest > 0) {
                    Span toggle{Face::Italic,
                                Ink::Link,
                                open ? open_label(w, true, w.the_rest) : e.rest_label,
                                fold_link(id),
                                false,
                                {},
                                {}};
                    Paragraph t = para({toggle}, k.small, k.body * 0.4f);
                    t.indent = k.body * 3.2f;
                    f.paragraph(t);
                }
            } else if (e.kind == EntryKind::Project && e.index >= 0) {
                const Project& p = site.projects[e.index];
                std::vector<Span> head = {p.links.empty() || p.links[0].href.empty()
                                              ? text(p.name, Face::Bold)
                                              : link(p.name, p.links[0].href, Face::Bold),
                                          text("  " + p.timeline_when, Face::Italic, Ink::Muted)};
                Paragraph h = para(head, k.body, k.body * 0.1f);
                h.space_before = k.body * 0.8f;
                h.keep_with_next = true;
                h.heading = 3;
                f.paragraph(h);
                f.paragraph(para({text(p.summary)}, k.body, k.body * 0.2f));
            } else if (e.kind == EntryKind::Article && e.index >= 0) {
                const Article& a = site.writing[e.index];
                Paragraph h = para({link(a.title, article_path(a), Face::Italic)}, k.body * 1.1f, k.body * 0.1f);
                h.space_before = k.body * 0.8f;
                h.keep_with_next = true;
                h.heading = 3;
                h.right = {text(day_month(w, a.date, a.date.year != y.year), Face::Serif, Ink::Muted)};
                f.paragraph(h);
                f.paragraph(para({text(a.dek, Face::Serif, Ink::Text)}, k.body, k.body * 0.2f));
            }
        }
    }
}

void compose_contents(Flow& f, const Scale& k, const Site& site, const std::map<std::string, std::string>& folios) {
    const Words& w = site.info.words;
    f.begin_chapter("title", site.info.title, "", false, false);
    f.space(k.body * 8.0f);
    Paragraph n = para({text(site.info.author)}, k.title, k.body);
    n.centered = true;
    f.paragraph(n);
    Paragraph t = para({text(site.info.tagline, Face::Italic, Ink::Muted)}, k.body, 0);
    t.centered = true;
    f.paragraph(t);

    open_chapter(f, k, w, "contents", w.contents);
    f.begin_list(true);
    for (const Chapter& c : site.chapters) {
        if (c.number == 0) continue;
        f.list_item();
        auto it = folios.find(c.id);
        f.paragraph(entry_line(c.number, link(c.title, chapter_path(c.id)), it == folios.end() ? "00" : it->second,
                               k.body * 1.1f, k.body * 2.2f, k.body * 0.5f));
    }
    f.end_list();
    // Search across the writing: its own route, a page the platform draws over the desk.
    if (!site.writing.empty()) {
        Paragraph s = para({link(w.search_all, kSearchPath, Face::Italic)}, k.body, 0);
        s.space_before = k.body * 1.4f;
        s.indent = k.body * 2.2f;
        f.paragraph(s);
    }
}

void compose_loves_intro(Flow& f, const Scale& k, const Site& site) {
    const Loves& l = site.loves;
    open_chapter(f, k, site.info.words, "loves", l.title);
    flow_blocks(f, k, l.intro, 0, 0);
    f.begin_list(false);
    for (const Shelf& s : l.shelves) {
        f.list_item();
        Paragraph p = para({link(s.title, chapter_path(s.id), Face::Serif)}, k.body * 1.1f, k.body * 0.1f);
        p.right = {text(std::to_string(s.count), Face::Serif, Ink::Muted)};
        p.space_before = k.body * 0.6f;
        f.paragraph(p);
        if (!s.subtitle.empty()) f.paragraph(para({text(s.subtitle, Face::Italic, Ink::Muted)}, k.body, k.body * 0.2f));
    }
    f.end_list();
}

void compose_shelf(Flow& f, const Scale& k, const Site& site, const Shelf& s, const ComposeState& state) {
    const Words& w = site.info.words;
    f.begin_chapter(s.id, s.title, fill(w.continued, {{"title", s.running_head}}), true, false);
    chapter_title(f, k, s.title, s.subtitle);
    // Catalogue setting: a size smaller and tighter than running text, as a book's lists are.
    const float size = k.body * 0.9f;
    for (const ShelfGroup& g : s.groups) {
        if (!g.heading.empty()) {
            Paragraph h = para({text(g.heading, Face::Italic, Ink::Accent)}, k.small, 0);
            h.leading = 1.3f;
            h.space_before = k.body * 0.45f;
            h.keep_with_next = true;
            h.heading = 2;
            f.paragraph(h);
        }
        int n = 1;
        // A long group shows its first items; the rest (bound.h) when the reader opens it.
        const bool folded = g.fold >= 0, open = folded && fold_open(state, g.fold);
        const bool ready = open && site.folds[g.fold].loaded;
        int shown = 0;
        f.begin_list(s.numbered);
        for (const ShelfItem& it : g.items) {
            if (folded && shown >= kShelfGroupShown && !ready) break;
            ++shown;
            f.list_item();
            std::vector<Span> spans = {it.href.empty() ? text(it.title) : link(it.title, it.href)};
            if (!it.by_line.empty()) spans.push_back(text("  " + it.by_line, Face::Italic, Ink::Muted));
            Paragraph p = para(spans, size, 0);
            p.leading = 1.3f;
            if (!it.note.empty()) p.right = {text(it.note, Face::Serif, Ink::Muted)};
            if (s.numbered) {
                p.marker = std::to_string(n++);
                p.indent = k.body * 1.6f;
            }
            f.paragraph(p);
        }
        f.end_list();
        if (!folded) continue;
        const Fold& fold = site.folds[g.fold];
        const float indent = s.numbered ? k.body * 1.6f : 0;
        if (open) fold_ready(f, k, w, fold, indent);
        Paragraph t = para(
            {fold_toggle(open ? open_label(w, true, w.the_rest) : w.the_rest + count_label(w, fold.count), g.fold)},
            k.small, k.body * 0.2f);
        t.indent = indent;
        f.paragraph(t);
    }
}

void compose_writing(Flow& f, const Scale& k, const Site& site, const ComposeState& state) {
    const Words& w = site.info.words;
    open_chapter(f, k, w, "writing", writing_title(site));
    // Set like a table of contents: one entry a line, with air between them.
    auto entry = [&](const Article& a) {
        // The date as the list shows it, without the year (the eye has it from the dates around); a screen
        // reader, which hears one entry at a time, hears the year too, as the static page says it.
        const auto [shown, unseen] = date_in_list(w, a.date);
        f.paragraph(
            entry_line(a.number, link(a.title, article_path(a)), shown, k.body, k.body * 1.9f, k.body * 1.55f, unseen));
    };
    f.begin_list(true);
    auto entry_item = [&](const Article& a) {
        f.list_item();
        entry(a);
    };
    for (const Article& a : site.writing)
        if (a.fold < 0) entry_item(a);
    f.end_list();
    // Older articles (bound.h): a year a line, each opening in place.
    for (size_t i = 0; i < site.folds.size(); ++i) {
        const Fold& fold = site.folds[i];
        if (fold.kind != FoldKind::Writing) continue;
        const int id = static_cast<int>(i);
        const bool open = fold_open(state, id);
        const std::string year = std::to_string(fold.year);
        const std::string what = fold.partial_year ? fill(w.the_rest_of, {{"year", year}}) : year;
        Paragraph t = para({fold_toggle(open_label(w, open, what) + count_label(w, fold.count), id, Face::Serif)},
                           k.body, open ? k.body * 0.8f : k.body * 0.9f);
        t.indent = k.body * 1.9f;
        t.space_before = open ? k.body * 0.6f : 0;
        t.keep_with_next = open;
        f.paragraph(t);
        if (!open || !fold_ready(f, k, w, fold, k.body * 1.9f)) continue;
        std::vector<const Article*> under;
        for (const Article& a : site.writing)
            if (a.fold == id) under.push_back(&a);
        // Newest first, whatever order they arrived in (the timeline's chunk may have brought some).
        std::stable_sort(under.begin(), under.end(),
                         [](const Article* x, const Article* y) { return x->number > y->number; });
        f.begin_list(true);
        for (const Article* a : under)
            entry_item(*a);
        f.end_list();
    }
}

void compose_work(Flow& f, const Scale& k, const Site& site) {
    const Work& w = site.work;
    open_chapter(f, k, site.info.words, "work", w.title);
    flow_blocks(f, k, w.intro, 0, 0);
    for (const FocusArea& a : w.focus) {
        Paragraph t = para({text(a.term, Face::Bold)}, k.body, 0);
        t.keep_with_next = true;
        f.paragraph(t);
        Paragraph d = para({text(a.text)}, k.body, k.body * 0.5f);
        d.indent = k.body * 1.2f;
        f.paragraph(d);
    }
    flow_blocks(f, k, w.after, 0, 0);
    if (!w.projects.empty()) {
        small_heading(f, k, {text(site.info.words.projects, Face::Italic, Ink::Accent)}, k.body * 0.6f, 2);
        for (const std::string& id : w.projects) {
            int i = site.find_project(id);
            if (i < 0) continue;
            const Project& p = site.projects[i];
            std::vector<Span> head = {text(p.name, Face::Bold), text("  " + p.when, Face::Italic, Ink::Muted)};
            Paragraph h = para(head, k.body, k.body * 0.1f);
            h.space_before = k.body * 0.5f;
            h.keep_with_next = true;
            h.heading = 3;
            f.paragraph(h);
            f.paragraph(para({text(p.summary)}, k.body, k.body * 0.1f));
            std::vector<Span> links;
            for (const Link& l : p.links) {
                if (!links.empty()) links.push_back(text("  \xC2\xB7  ", Face::Serif, Ink::Muted));
                links.push_back(l.href.empty() ? text(l.text, Face::Italic, Ink::Muted)
                                               : link(l.text, l.href, Face::Italic));
            }
            if (!links.empty()) f.paragraph(para(links, k.small, k.body * 0.2f));
        }
    }
}

void compose_find_me(Flow& f, const Scale& k, const Site& site) {
    const FindMe& m = site.find_me;
    open_chapter(f, k, site.info.words, "find-me", m.title);
    if (!m.handle.empty()) {
        if (!m.handle_label.empty()) small_heading(f, k, {text(m.handle_label, Face::Italic, Ink::Muted)}, 0, 0);
        f.paragraph(para({text(m.handle, Face::Serif)}, k.body * 1.3f, k.body));
    }
    f.begin_list(false);
    for (const Link& l : m.links) {
        f.list_item();
        std::vector<Span> spans = {l.href.empty() ? text(l.text) : link(l.text, l.href)};
        // The address beside the name, where a reader can follow it (emit.cpp's find_me_view does the same).
        if (followable(l.href)) spans.push_back(text("  " + l.href, Face::Italic, Ink::Muted));
        f.paragraph(para(spans, k.body, k.body * 0.4f));
    }
    f.end_list();
    f.paragraph(para({link(site.info.words.rss_feed, feed_path(), Face::Italic)}, k.body, 0));
}

void compose_main(Flow& f, const Scale& k, const Site& site, const ComposeState& state,
                  const std::map<std::string, std::string>& folios) {
    for (const Chapter& c : site.chapters) {
        switch (c.kind) {
        case ChapterKind::Contents: compose_contents(f, k, site, folios); break;
        case ChapterKind::Loves: compose_loves_intro(f, k, site); break;
        case ChapterKind::Shelf: compose_shelf(f, k, site, site.loves.shelves[c.shelf], state); break;
        case ChapterKind::Writing: compose_writing(f, k, site, state); break;
        case ChapterKind::Work: compose_work(f, k, site); break;
        case ChapterKind::FindMe: compose_find_me(f, k, site); break;
        }
    }
}

Book lay_out(const Site& site, Measurer& m, const ComposeState& state, const PageSpec& spec,
             const std::map<std::string, std::string>& folios) {
    Composer c(site, m, spec);
    Flow& f = c.f;
    const Scale& k = c.k;
    compose_front(f, k, site, state);
    f.end_on_odd_page(); // main-matter page 1 is a right-hand page
    compose_main(f, k, site, state, folios);
    return c.finish();
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Public entry points
//-----------------------------------------------------------------------------

std::vector<ContentsLine> contents_folios(const Site& site, const Book& book) {
    std::vector<ContentsLine> out;
    for (const Chapter& c : site.chapters) {
        if (c.number == 0) continue;
        const ChapterSpan* ch = book.chapter(c.id);
        out.push_back({c.title, c.id, ch ? folio_label(book.pages[ch->first_page]) : "?"});
    }
    return out;
}

Book compose_site(const Site& site, Measurer& m, const ComposeState& state, const PageSpec& spec) {
    // Two passes: the contents prints folios that only the finished layout knows. The contents page's
    // own length does not depend on the numbers (they are right-aligned), so two passes are enough.
    Book first = lay_out(site, m, state, spec, {});
    std::map<std::string, std::string> folios;
    for (const ContentsLine& l : contents_folios(site, first))
        folios[l.chapter] = l.folio;
    return lay_out(site, m, state, spec, folios);
}

Book compose_article(const Site& site, int index, Measurer& m, const ComposeState& state, const PageSpec& spec) {
    Composer c(site, m, spec);
    Flow& f = c.f;
    const Scale& k = c.k;
    f.image_sizes = &state.images;
    f.unfolded = &state.unfolded;
    f.page_limit = state.page_limit;
    const Words& w = site.info.words;
    const Article& a = site.writing[index];
    f.begin_chapter("article", a.title, a.title, false, false);
    f.paragraph(back_to_writing(site, k));
    Paragraph t = para({text(a.title)}, k.title, k.body * 0.5f);
    t.leading = 1.2f;
    t.heading = 1;
    f.paragraph(t);
    const std::string dot = "  \xC2\xB7  ";
    std::vector<Span> meta = {text(article_number(w, a) + dot + day_month(w, a.date, true) + dot + reading_time(w, a),
                                   Face::Italic, Ink::Muted)};
    for (const std::string& tag : a.tags) {
        meta.push_back(text("  ", Face::Italic, Ink::Muted));
        meta.push_back(link("#" + tag, tag_path(tag), Face::Italic));
    }
    f.paragraph(para(meta, k.small, k.body * 1.6f));
    flow_blocks(f, k, a.body, 0, 0);
    // A body on its way (an article under a fold comes without its opening), or one that could not come.
    if (a.body_failed || (!a.body_loaded && a.body.children.empty()))
        f.paragraph(para({text(a.body_failed ? w.article_not_downloaded : w.loading, Face::Italic, Ink::Muted)}, k.body,
                         k.body * 0.6f));
    f.rule(k.body, k.body * 0.8f);
    f.begin_list(false);
    if (a.next >= 0) {
        f.list_item();
        const Article& n = site.writing[a.next];
        f.paragraph(para({text(w.newer + "  ", Face::Italic, Ink::Muted), link(n.title, article_path(n))}, k.body,
                         k.body * 0.4f));
    }
    if (a.prev >= 0) {
        f.list_item();
        const Article& p = site.writing[a.prev];
        f.paragraph(para({text(w.older + "  ", Face::Italic, Ink::Muted), link(p.title, article_path(p))}, k.body,
                         k.body * 0.4f));
    }
    f.end_list();
    return c.finish();
}

Book compose_tag(const Site& site, const std::string& tag, Measurer& m, const PageSpec& spec,
                 const ComposeState& state) {
    Composer c(site, m, spec);
    Flow& f = c.f;
    f.page_limit = state.page_limit;
    const Scale& k = c.k;
    const Words& w = site.info.words;
    f.begin_chapter("tag", tag, fill(w.continued, {{"title", tag_title(w, tag)}}), false, false);
    f.paragraph(back_to_writing(site, k));
    chapter_title(f, k, tag_title(w, tag), "");
    auto it = site.tags.find(tag);
    f.begin_list(true);
    if (it != site.tags.end())
        for (int i : it->second) {
            const Article& a = site.writing[i];
            f.list_item();
            f.paragraph(entry_line(a.number, link(a.title, article_path(a)), day_month(w, a.date, true), k.body,
                                   k.body * 1.9f, k.body * 0.1f));
            f.paragraph(para({text(a.dek, Face::Serif, Ink::Muted)}, k.small, k.body * 0.5f));
        }
    f.end_list();
    // A bounded archive (bound.h): the older articles are still on their way (the book fetches every year).
    bool waiting = false, failed = false;
    for (const Fold& fold : site.folds)
        if (fold.kind == FoldKind::Writing && !fold.loaded) (fold.failed ? failed : waiting) = true;
    if (waiting || failed)
        f.paragraph(para({text(failed ? w.older_not_downloaded : w.loading_older, Face::Italic, Ink::Muted)}, k.body,
                         k.body * 0.5f));
    return c.finish();
}

Book compose_loading(const Site& site, Measurer& m, const PageSpec& spec) {
    Composer c(site, m, spec);
    Flow& f = c.f;
    const Scale& k = c.k;
    const Words& w = site.info.words;
    f.begin_chapter("loading", w.loading, "", false, false);
    f.space(k.body * 4);
    f.paragraph(para({text(w.loading, Face::Italic, Ink::Muted)}, k.body, k.body));
    f.paragraph(para({link(to_front_page(w, site), "/")}, k.body, k.body * 0.5f));
    return c.finish();
}

Book compose_not_found(const Site& site, const std::string& path, Measurer& m, const PageSpec& spec) {
    Composer c(site, m, spec);
    Flow& f = c.f;
    const Scale& k = c.k;
    const Words& w = site.info.words;
    f.begin_chapter("not-found", w.page_not_found, "", false, false);
    f.space(k.body * 4);
    chapter_title(f, k, w.page_not_found, "");
    const auto [before, after] = around_hole(w.no_page_at, "path");
    f.paragraph(para({text(before, Face::Serif, Ink::Muted), text(path, Face::Mono, Ink::Accent),
                      text(after, Face::Serif, Ink::Muted)},
                     k.body, k.body));
    f.paragraph(para({link(to_front_page(w, site), "/")}, k.body, k.body * 0.5f));
    f.paragraph(para({link(w.contents, chapter_path("contents"))}, k.body, 0));
    return c.finish();
}

} // namespace folio
