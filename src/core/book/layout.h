// folio core: text layout and pagination.
//
// The layout works in page units (a fixed page size, PageSpec) against an abstract Measurer, so it is
// computed once per content change, never per window size: the renderer scales whole pages to the
// screen. Input is a Flow of blocks (paragraphs of styled spans, rules, code, tables); output is a Book
// of pages holding positioned boxes, ready to draw and to hit-test.
#pragma once

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/document.h"
#include "core/text/clusters.h"

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] Faces, inks, measuring
//-----------------------------------------------------------------------------

enum class Face { Serif, Italic, Bold, BoldItalic, Mono };
constexpr int kFaceCount = 5;

// Colour roles; the theme (ui/theme.h) maps them to colours for light and dark. The Code* inks colour
// highlighted code, one per Token (document.h), in Token's order after Plain.
enum class Ink {
    Text,
    Muted,
    Accent,
    Link,
    Rule,
    Panel,
    CodeKeyword,
    CodeType,
    CodeString,
    CodeNumber,
    CodeComment,
    CodeFunction,
    CodeOperator,
    CodePreproc,
    CodeAdded,
    CodeRemoved,
    Mark, // <mark>: the highlighter-pen background behind marked text
};
constexpr int kInkCount = 17;
Ink ink_of_token(Token t);

// What activating a link does. Compose makes them; the app carries them out.
enum class ActionKind {
    None,   // not a link
    Follow, // go to href: a route of the book, a file of the site, or another site (a new tab)
    Fold,   // fold or unfold a timeline block's "the rest"
};

struct LinkAction {
    ActionKind kind = ActionKind::None;
    std::string href; // Follow: an address the link policy allows (links.h); never an unsafe one
    int fold = -1;    // Fold: the block, numbered in page order from 0 (ComposeState::unfolded)
    bool operator==(const LinkAction& o) const { return kind == o.kind && href == o.href && fold == o.fold; }
};

// Follow href, or no action at all when the link policy does not let a reader follow it: an unsafe
// address ("javascript:", "//host", "/\host", a relative path) is plain text in the book too.
LinkAction follow_link(const std::string& href);
LinkAction fold_link(int block);

struct Measurer {
    virtual ~Measurer() = default;
    // Advance width of [begin, end) in the face at size (page units).
    virtual float width(Face face, float size, const char* begin, const char* end) = 0;
    // The shaped clusters the faces draw as one glyph each (core/text/clusters.h); none by default.
    virtual const GlyphClusters* clusters() const { return nullptr; }
};

// The width of logical text as it is drawn: Arabic joined (bidi.h: shape_arabic), shaped clusters as their
// glyphs (clusters.h). The one home of that rule for the layout and for find's rectangles.
float drawn_width(Measurer& m, Face face, float size, std::string_view logical);

// A measurer for tests and tools without fonts: every character is size * ratio wide.
struct FixedMeasurer : Measurer {
    float ratio = 0.5f;
    float width(Face face, float size, const char* begin, const char* end) override;
};

//-----------------------------------------------------------------------------
// [SECTION] Page geometry
//-----------------------------------------------------------------------------

struct PageSpec {
    // The reference page (about 1 : 1.7). Its height is fixed by the seed's own page breaks: the writing list
    // breaks after 14 entries and the books after "dystopian fiction" (see docs/layout.md).
    float width = 440.0f, height = 750.0f;
    float margin_top = 58.0f, margin_bottom = 62.0f, margin_inner = 50.0f, margin_outer = 50.0f;
    float body_size = 14.0f;
    float leading = 1.42f; // line height = size * leading
    float measure() const { return width - margin_inner - margin_outer; }

    // The pocket page, for screens too narrow for the reference page at a readable size (phones, small
    // tablets): as wide as the screen allows at that size (width in page units, chosen by the ui), in the
    // reference page's proportion, with slimmer side margins. The book is laid out again for it (its folios
    // are its own; the contents prints them).
    static PageSpec pocket(float page_width) {
        PageSpec p;
        p.width = page_width;
        p.height = std::round(page_width * 1.7f);
        p.margin_top = 46.0f;
        p.margin_bottom = 50.0f;
        p.margin_inner = p.margin_outer = 12.0f;
        return p;
    }
    // Running heads and folios: a size below the body.
    float folio_size() const { return body_size * 0.82f; }
    float bottom() const { return height - margin_bottom; }
};

//-----------------------------------------------------------------------------
// [SECTION] Input: blocks of a flow
//-----------------------------------------------------------------------------

// A run set smaller and off the line's baseline (<sup>, <sub>): x², H₂O, a note's number.
enum class Script : unsigned char { None, Super, Sub };

struct Span {
    Face face = Face::Serif;
    Ink ink = Ink::Text;
    std::string text;
    LinkAction link; // kind None: not a link
    bool strike = false;
    Script script = Script::None;
    std::string lang; // its language, when the author said it is not the page's (BCP 47; NodeKind::Language)
    // A typeset formula (document.h: typeset_formula), set in the line as one word: its picture, at its own
    // size; text is its TeX (what copy gives). The node outlives the flow (it is the site's).
    const Node* math = nullptr;
};

// A span's size in a line set at size (a script's is smaller), and how far its line box moves from the
// line's (page units, down positive) to put its baseline above or below the line's.
float span_size(const Span& sp, float size);
float script_offset(const Span& sp, float size);

// A table cell: its Markdown already collected into spans by compose (emphasis, strikethrough, code, links).
struct TableCell {
    std::vector<Span> spans;
    Align align = Align::Default;
    bool header = false;
};
using TableRow = std::vector<TableCell>;

struct Paragraph {
    std::vector<Span> spans;
    float size = 14.0f;
    float leading = 1.42f;
    float indent = 0.0f; // left indent of every line
    std::string marker;  // drawn right-aligned in the hang before the first line (list numbers)
    Face marker_face = Face::Serif;
    Ink marker_ink = Ink::Muted;
    std::vector<Span> right; // drawn right-aligned on the last line (dates, folio numbers)
    float space_before = 0.0f, space_after = 0.0f;
    bool keep_with_next = false; // headings: never the last thing on a page
    int heading = 0;             // 1..6: a heading of that level, the static page's <hN> (its outline); 0: none
    bool centered = false;
    bool bar = false;   // a vertical rule left of every line (block quotes)
    std::string anchor; // headings: the id links reach it by (#part-two); recorded in Book::anchors
    // Words that follow `right` for assistive technology only, never drawn: what the page leaves to the
    // eye (the year of a date in a list without year headings). The text layer carries them (Box::unseen).
    std::string right_unseen;
};

//-----------------------------------------------------------------------------
// [SECTION] Output: a book of pages of boxes
//-----------------------------------------------------------------------------

enum class BoxKind { Text, Rule, Panel, Image, Formula };

// Page furniture is laid out like the text (Flow::finish) but is not part of the chapter's text.
enum class BoxRole {
    Content,     // the page's text, rules, panels and images
    RunningHead, // the "…, continued" head above the text: the first box of its page
    Folio,       // the page number below the text: the last box of its page
};
// What a block of text is, so the text layer can give it a role and copy can separate blocks.
enum class BlockKind { Paragraph, Heading, Code, TableCell, Image };

struct Box {
    BoxKind kind = BoxKind::Text;
    BoxRole role = BoxRole::Content;
    float x = 0, y = 0, w = 0, h = 0; // page units; y is the top of the line box
    Face face = Face::Serif;
    float size = 0;
    Ink ink = Ink::Text;
    std::string text; // Text: the run; Image: alt text
    int link = -1;    // index into Book::links: what activating this box does
    int image = -1;   // Image: index into Book::images, the picture to draw (-1: only the alt text);
                      // Formula: index into Book::formulas (its box is the picture's, its text the TeX)
    int code = -1;    // index of the code block (Panel and its Text lines): scrolls sideways as one
    float clip_w = 0; // Text in a code block: visible width of the panel (lines may be wider)
    float clip_x = 0; // Text in a code block: where the visible width starts (a line is several runs)
    bool strike = false;
    std::string lang; // Text: the run's language when it is not the page's (Span::lang): the layer says it
    // Text: words that follow the run for assistive technology only (Paragraph::right_unseen).
    std::string unseen;
    int block = -1; // index into Book::blocks: the paragraph, code block, table cell or image it belongs to
    // Text: a run of a line reordered for right to left (core/text/bidi.h). text stays logical (copy, find, the
    // text layer); shown is what is drawn when it differs: the run in visual order, Arabic letters joined,
    // shaped clusters as their glyphs' code points (core/text/clusters.h).
    bool rtl = false;  // the run reads right to left
    std::string shown; // empty: text is drawn as it is
};

// The layout keeps no spaces between the runs of a line: two runs further apart than this share of their
// glyph size (Box::size) have a word space between them, nearer ones touch (a word half in bold). Every
// reader of the runs joins them by it: find, and (through desk_css's --word-gap) the text layer's DOM and
// copy, and the early page's copy.
constexpr float kWordGap = 0.15f;

// What the canvas draws for a text box (and what a font must have to draw it).
inline const std::string& drawn_text(const Box& b) { return b.shown.empty() ? b.text : b.shown; }

struct Page {
    int folio = 0; // 1-based within its numbering
    bool roman = false;
    bool blank = false;       // a blank verso: no boxes at all, no furniture
    std::string running_head; // also placed as its RunningHead box
    std::string chapter;      // chapter id
    std::vector<Box> boxes;   // in reading order: running head, content, folio
};

struct ChapterSpan {
    std::string id, title;
    int first_page = 0, last_page = 0; // indices into Book::pages
};

struct Book {
    PageSpec spec;
    // The site reads right to left (bidi.h: rtl_language): the book binds on the right, and a spread shows
    // its first page on the right (ui/app.h: spread_column).
    bool rtl = false;
    std::vector<Page> pages;
    std::vector<ChapterSpan> chapters;
    std::vector<LinkAction> links;   // by link id (Box::link); one per link, shared by its wrapped boxes
    std::vector<std::string> images; // site paths of the pictures, by Box::image (only the site's own)
    // The formulas' pictures, by a Formula box's Box::image: drawn by the text layer over the canvas and by
    // the early page, in the box's ink, from the same file (cli/math.h); the MathML is what the layer reads.
    struct Formula {
        std::string picture, mathml;
    };
    std::vector<Formula> formulas;
    struct Block {
        BlockKind kind = BlockKind::Paragraph;
        int level = 0; // a heading's (Paragraph::heading)
        int item = -1; // the list item it is in (the innermost; an index into items), -1: none
        // A table cell's place, as the static page's <table>: tables numbered in reading order from 0, rows
        // and columns from 0 within their table; header: a cell of the head row (<th>).
        int table = -1, row = 0, col = 0;
        bool header = false;
    };
    std::vector<Block> blocks; // by block id (Box::block), in reading order
    // Lists, as the static page's <ol>/<ul> (Flow::begin_list): each item in its list, each list in the
    // item it is nested in, so the text layer can give assistive technology lists of items.
    struct ListItem {
        int list = 0;   // numbered in reading order from 0
        int outer = -1; // the item of the list this one's list is nested in, -1: none
        bool ordered = false;
    };
    std::vector<ListItem> items;
    int lists = 0;
    int tables = 0;
    int code_blocks = 0;
    struct Anchor {
        int page = 0;
        float y = 0;
    };
    std::map<std::string, Anchor> anchors; // heading ids: where each heading starts

    const Anchor* anchor(const std::string& id) const;

    const ChapterSpan* chapter(const std::string& id) const;
};

std::string to_roman(int n); // lower case: i, ii, iv, ...
std::string folio_label(const Page& p);

//-----------------------------------------------------------------------------
// [SECTION] The flow: places blocks onto pages
//-----------------------------------------------------------------------------

// An image set smaller to fit what is left of a page keeps at least this share of its size (Flow::image).
constexpr float kImageFitScale = 0.6f;
// A short listing (at most this many lines) is read whole: when it does not fit in what is left of the
// page, it starts the next one, if that leaves at most kListingBlankShare of the page's text area blank
// (a longer blank, on a phone's pages read by scrolling, is worse than the listing cut in two).
constexpr int kWholeListingLines = 8;
constexpr float kListingBlankShare = 1.0f / 3;

// Natural size of an image, once the renderer has loaded it (CSS pixels).
struct ImageSize {
    float width = 0, height = 0;
};

class Flow {
public:
    Flow(Book& book, Measurer& m);

    // Sizes of images already loaded; others get a placeholder box of a default shape until they load.
    const std::map<std::string, ImageSize>* image_sizes = nullptr;
    bool other_host_images = true; // SiteInfo::other_host_images
    // Folds the reader opened (compose.h: ComposeState::unfolded); null: all closed.
    const std::set<int>* unfolded = nullptr;
    int folds = 0; // <details> folds met so far in this flow, numbering their toggles
    // Lay out only the first page_limit pages (0: all): once a page after them is begun, later blocks are
    // dropped. Those pages are final by then (a heading that moves, moves when the next block begins a page).
    int page_limit = 0;
    bool past_limit() const { return page_limit > 0 && static_cast<int>(book_.pages.size()) > page_limit; }
    // The site's language is written right to left (bidi.h: rtl_language): a paragraph with no strong
    // character of its own (numbers only) is set right to left too.
    bool rtl_site = false;

    // Starts a chapter on a new page; with on_even, on the next even (left) page of its numbering,
    // leaving a blank page if needed. continued_head is printed on the chapter's later pages.
    void begin_chapter(const std::string& id, const std::string& title, const std::string& continued_head, bool on_even,
                       bool roman);
    // Starts a section here: later pages of this chapter are headed with head (e.g. "2026, continued").
    // A page that the section itself starts (its heading moved to the top) keeps the head before it.
    void set_continued_head(const std::string& head);
    void paragraph(const Paragraph& p);
    void rule(float space_before, float space_after);
    void code_block(const std::string& code, float size);
    // Highlighted code: runs of token classes (empty: plain), drawn in the theme's code inks.
    void code_block(const std::string& code, const std::vector<CodeRun>& runs, float size);
    void table(const std::vector<TableRow>& rows, float size);
    // A picture the site does not show (links.h: shown_image) is its frame and alt text, and nothing loads.
    // width/height: what the author wrote (0: not given); a given width caps the drawn width, as in HTML.
    void image(const std::string& src, const std::string& alt, float size, int width = 0, int height = 0);
    void space(float h);
    // Lists: the blocks made between begin_list and end_list are in the list, each in the item the latest
    // list_item began. Lists nest. They say what the blocks are (Book::items); they move nothing.
    void begin_list(bool ordered);
    void list_item();
    void end_list();
    // Ends the current numbering on an odd page count, adding a blank page when needed, so the next
    // numbering starts on a right-hand page (the front matter before main-matter page 1).
    void end_on_odd_page();
    // Ends the flow: places every page's furniture (running head and folio boxes).
    void finish();

    Measurer& measurer() { return m_; }

private:
    struct Fragment {
        int span;
        std::string text; // logical order
        float x, w;
        bool rtl = false;  // reorder_line: the run reads right to left
        std::string shown; // reorder_line: what is drawn, when it differs from text
    };
    struct Line {
        std::vector<Fragment> frags;
        float width = 0;
    };
    void set_shown(Box& b, bool rtl_default) const;
    std::string clustered(std::string_view logical) const;
    bool set_apart_formulas(const Paragraph& p);
    void avoid_runt(std::vector<Line>& lines, const std::vector<Span>& spans, float size, float measure);
    size_t lines_fitting(const std::vector<float>& heights, size_t from) const;
    size_t widow_break(const std::vector<float>& heights, size_t from);
    float piece_width(const Span& sp, float size, const char* begin, const char* end);
    void place_formula(Box& b, const Span& sp, float size, float line_top, float line_height);
    struct Reach {
        float above = 0, below = 0;
    };
    Reach formula_reach(const Line& ln, const std::vector<Span>& spans, float size, float line_height) const;
    struct WordStart {     // where a word began on the line: its fragment, the offset of its first byte in
        int frag = 0;      // the fragment's text, its x, and the line's width before the space ahead of it
        size_t offset = 0; // (x 0: the word began the line, and cannot be carried to the next)
        float x = 0, line_width = 0;
        bool after_space = true; // false: it began where a run without spaces may break (line_break.h)
    };
    std::vector<Line> break_lines(const std::vector<Span>& spans, float size, float measure);
    size_t clusters_fitting(const Span& sp, float size, std::string_view word, float limit);
    float carry_word(std::vector<Line>& lines, const WordStart& word, const std::vector<Span>& spans, float size);
    // The paragraph's direction: its first strong character's, else the site's (UAX #9 P2-P3).
    bool rtl_paragraph(const std::vector<Span>& spans) const;
    // Cuts a line's fragments into runs of one direction and places them in visual order from x 0; the
    // fragments stay in logical order (the order boxes are made in, which copy and find read).
    void reorder_line(Line& line, const std::vector<Span>& spans, float size, bool rtl);
    // Width of logical text as drawn: Arabic joined (bidi.h: shape_arabic), shaped clusters as their glyphs
    // (clusters.h).
    float run_width(Face face, float size, const char* begin, const char* end);
    void new_page();
    bool carries_heading() const; // new_page() moves a pending heading along (keep_from_)
    bool page_begun() const;
    void ensure(float h);
    void fit_image_to_page(float& w, float& h) const;
    int link_id(const LinkAction& action);
    std::string fit_head(const std::string& text, Face face, float size, float& w);
    Box furniture_box(BoxRole role, Face face, const std::string& text, float y);
    void place_furniture(Page& p, std::map<std::string, Box>& heads);
    int begin_block(BlockKind kind, int level = 0); // a new block id; boxes made until the next one carry it
    Page& page() { return book_.pages.back(); }

    Book& book_;
    Measurer& m_;
    std::string chapter_, continued_head_;
    // Where the latest section began (page, box) and the head before it, until a page after it is made.
    std::string head_before_section_;
    int section_page_ = -1, section_box_ = 0;
    bool roman_ = false;
    int folio_ = 0, roman_folio_ = 0;
    float y_ = 0;
    // A heading waiting for the next block: its boxes move with it if that block starts a new page.
    int keep_from_ = -1;
    float keep_y_ = 0;
    int block_ = -1;
    struct OpenList {
        int list = 0, item = -1; // the list, and its latest item (-1: none begun yet)
        bool ordered = false;
    };
    std::vector<OpenList> open_lists_;
};

} // namespace folio
