// folio core: a Markdown document as a tree (built by markdown.cpp with md4c).
//
// One node type with a kind tag, like md4c's own block/span enums, so layout and emitters walk one
// shape. Text lives only in Text/Code leaves; containers only hold children.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace folio {

enum class NodeKind : unsigned char {
    // Blocks
    Document,
    Paragraph,
    Heading, // level 1..6
    Quote,
    List, // ordered (start) or bullet
    ListItem,
    CodeBlock, // text = code, info = language
    Rule,
    Table,
    TableHead,
    TableBody,
    TableRow,
    TableCell,  // align, header
    HtmlBlock,  // raw HTML not (yet) mapped: shown as text, never executed
    DefList,    // <dl>: DefTerm and DefDetails children
    DefTerm,    // <dt>
    DefDetails, // <dd>
    Details,    // <details>: a fold; its first child is the Summary
    Summary,    // <summary>: the line that opens the fold
    Figure,     // <figure>: blocks, then an optional Caption
    Caption,    // <figcaption>
    Container,  // <div>, <section>, <center>: blocks, drawn as if they stood on their own
    // Spans
    Text,
    Emphasis,
    Strong,
    Strike,
    Code,  // inline code, text = code
    Link,  // href, title
    Image, // href = src, text = alt (flattened), width/height when given
    Sub,
    Sup,
    Small,
    Mark,
    Abbr, // info = title (the expansion)
    Cite,
    InlineQuote, // <q>: drawn between quotation marks
    LineBreak,   // hard break
    SoftBreak,
    Language,   // text in another language than the page's: info = its BCP 47 tag (an author's lang="fr")
    Math,       // TeX ($...$; level 1: $$...$$ or a math fence, set as a display): text = the formula;
                // once typeset (cli/math.h), see typeset_formula below
    HtmlInline, // raw inline HTML while parsing (markdown.cpp maps it away; never in a finished tree)
};

enum class Align : unsigned char { Default, Left, Center, Right };

// Token classes of highlighted code (highlight.h). The theme gives each an ink for light and dark.
enum class Token : unsigned char {
    Plain,
    Keyword,
    Type,
    String,
    Number,
    Comment,
    Function,
    Operator,
    Preproc,
    Added,
    Removed
};
constexpr int kTokenCount = 11;

// The tag of each kind in a tree as JSON (document_json.h, site_reader.h), in NodeKind's order. Text is
// a bare string and never needs its tag.
constexpr int kNodeKinds = static_cast<int>(NodeKind::HtmlInline) + 1;
extern const char* const kNodeTags[kNodeKinds];

// A highlighted piece of a code block: its token kind and its length in bytes. A block's runs spell its
// text exactly, in order, so the code is kept once (as strings, the runs of a large site's code took more
// memory than all its prose, and wrote every listing twice into the body files).
struct CodeRun {
    Token token = Token::Plain;
    uint32_t size = 0;
};

// Whether runs spell exactly `code` (their sizes add up to its length).
bool runs_cover(const std::string& code, const std::vector<CodeRun>& runs);

// Calls f(token, text) for each run of a code block in order, or once with the whole code as plain when it
// has no runs (or runs that do not cover it).
template <typename F> void each_code_run(const std::string& code, const std::vector<CodeRun>& runs, F&& f) {
    if (!runs_cover(code, runs)) {
        f(Token::Plain, std::string_view(code));
        return;
    }
    size_t at = 0;
    for (const CodeRun& r : runs) {
        f(r.token, std::string_view(code).substr(at, r.size));
        at += r.size;
    }
}

// An attribute few nodes have (a link's address, a code block's runs): a pointer's size in every node,
// the value on the heap only where there is one. Reads see an empty value when there is none. A large
// archive holds millions of nodes at once, and most are runs of text.
template <class T> class Rare {
public:
    Rare() = default;
    Rare(const Rare& o) : p_(o.p_ ? new T(*o.p_) : nullptr) {}
    Rare(Rare&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
    ~Rare() { delete p_; }
    Rare& operator=(const Rare& o) { return *this = o.get(); }
    Rare& operator=(Rare&& o) noexcept {
        std::swap(p_, o.p_);
        return *this;
    }
    Rare& operator=(T v) {
        if (v.empty()) {
            delete p_;
            p_ = nullptr;
        } else if (p_) {
            *p_ = std::move(v);
        } else {
            p_ = new T(std::move(v));
        }
        return *this;
    }
    const T& get() const { return p_ ? *p_ : none(); }
    operator const T&() const { return get(); }
    // For building the value in place: makes one when there is none.
    T& edit() { return p_ ? *p_ : *(p_ = new T()); }
    bool empty() const { return !p_ || p_->empty(); }
    size_t size() const { return p_ ? p_->size() : 0; }
    auto begin() const { return get().begin(); }
    auto end() const { return get().end(); }

private:
    static const T& none() {
        static const T empty;
        return empty;
    }
    T* p_ = nullptr;
};

inline bool operator==(const Rare<std::string>& a, std::string_view b) { return std::string_view(a.get()) == b; }
inline bool operator!=(const Rare<std::string>& a, std::string_view b) { return !(a == b); }
inline std::string operator+(const std::string& a, const Rare<std::string>& b) { return a + b.get(); }
inline std::string operator+(const Rare<std::string>& a, const std::string& b) { return a.get() + b; }
inline std::string operator+(const char* a, const Rare<std::string>& b) { return a + b.get(); }

struct Node {
    NodeKind kind = NodeKind::Document;
    Align align = Align::Default;
    bool ordered = false;
    bool header = false;             // TableCell in the head row
    int level = 0;                   // Heading level (as written: see page_heading_level)
    int start = 1;                   // List start number; Math: its picture's depth (typeset_formula)
    int width = 0, height = 0;       // Image: as the author wrote them (CSS pixels), 0 when not given
    std::string text;                // Text, Code, CodeBlock, HtmlBlock, Image alt
    Rare<std::string> href;          // Link, Image
    Rare<std::string> info;          // CodeBlock language; Link/Image title
    Rare<std::string> id;            // Heading: the slug links point at (#part-two)
    Rare<std::vector<CodeRun>> runs; // CodeBlock: highlighted at build time; empty when plain
    std::vector<Node> children;
};

using Document = Node;

// A formula's key among the site's typeset ones (Site::mathml): its TeX, marked displayed or inline.
inline std::string math_key(const Node& n) { return (n.level ? "$$" : "$") + n.text; }

// A typeset formula (cli/math.h) names its picture in href, keeps its MathML in info (ASCII, for the book's
// text layer), and the picture's box in thousandths of an em in width, height (above the baseline) and start
// (below it): a node's few numbers serve, rather than new fields in every node. Untypeset: href is empty.
struct FormulaBox {
    float width = 0, ascent = 0, depth = 0; // em
};
inline bool typeset_formula(const Node& n) { return n.kind == NodeKind::Math && !n.href.empty() && n.width > 0; }
inline FormulaBox formula_box(const Node& n) { return {n.width / 1000.0f, n.height / 1000.0f, n.start / 1000.0f}; }

// Plain text of a subtree (for titles, alt text, word counts).
std::string plain_text(const Node& n);
int count_words(const Node& n);

// GitHub's heading anchors: lower case, spaces to '-', punctuation dropped; repeats get -1, -2, ...
void assign_heading_ids(Node& doc);

// An outline never skips a level (a screen reader's list of headings; WCAG 1.3.1): each heading's level
// becomes its depth among the headings above it, so a "### Part one" that is the first heading is a section
// (level 1), and "## A" then "#### B" a section and its subsection. The loader ranks every document once.
void rank_headings(Node& doc);

// A document's heading as a page sets it: the page's title is its only level 1, so a ranked level 1 is
// level 2 (both renderings: the static page's <hN> and the book's outline).
inline int page_heading_level(int ranked) { return ranked + 1 < 1 ? 1 : ranked + 1 > 6 ? 6 : ranked + 1; }

} // namespace folio
