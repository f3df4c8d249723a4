// folio core: a Markdown document as a tree (built by markdown.cpp with md4c).
//
// One node type with a kind tag, like md4c's own block/span enums, so layout and emitters walk one
// shape. Text lives only in Text/Code leaves; containers only hold children.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace folio {

enum class NodeKind {
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
    HtmlInline, // raw inline HTML while parsing (markdown.cpp maps it away; never in a finished tree)
};

enum class Align { Default, Left, Center, Right };

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

struct Node {
    NodeKind kind = NodeKind::Document;
    std::string text; // Text, Code, CodeBlock, HtmlBlock, Image alt
    std::string href; // Link, Image
    std::string info; // CodeBlock language; Link/Image title
    int level = 0;    // Heading level
    bool ordered = false;
    int start = 1; // List start number
    Align align = Align::Default;
    bool header = false;       // TableCell in the head row
    int width = 0, height = 0; // Image: as the author wrote them (CSS pixels), 0 when not given
    std::string id;            // Heading: the slug links point at (#part-two)
    std::vector<CodeRun> runs; // CodeBlock: highlighted at build time; empty when plain
    std::vector<Node> children;
};

using Document = Node;

// Plain text of a subtree (for titles, alt text, word counts).
std::string plain_text(const Node& n);
int count_words(const Node& n);

// GitHub's heading anchors: lower case, spaces to '-', punctuation dropped; repeats get -1, -2, ...
void assign_heading_ids(Node& doc);

} // namespace folio
