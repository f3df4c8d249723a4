// folio core: a Markdown document as a tree (built by markdown.cpp with md4c).
//
// One node type with a kind tag, like md4c's own block/span enums, so layout and emitters walk one
// shape. Text lives only in Text/Code leaves; containers only hold children.
#pragma once

#include <string>
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
    TableCell, // align, header
    HtmlBlock, // raw HTML kept as text, never executed
    // Spans
    Text,
    Emphasis,
    Strong,
    Strike,
    Code,      // inline code, text = code
    Link,      // href, title
    Image,     // href = src, text = alt (flattened)
    LineBreak, // hard break
    SoftBreak,
};

enum class Align { Default, Left, Center, Right };

struct Node {
    NodeKind kind = NodeKind::Document;
    std::string text; // Text, Code, CodeBlock, HtmlBlock, Image alt
    std::string href; // Link, Image
    std::string info; // CodeBlock language; Link/Image title
    int level = 0;    // Heading level
    bool ordered = false;
    int start = 1; // List start number
    Align align = Align::Default;
    bool header = false; // TableCell in the head row
    std::vector<Node> children;
};

using Document = Node;

// Plain text of a subtree (for titles, alt text, word counts).
std::string plain_text(const Node& n);
int count_words(const Node& n);

} // namespace folio
