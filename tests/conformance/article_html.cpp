// Test helper for the CommonMark conformance run (run_spec.py): Markdown in, folio's article-body HTML
// out, exactly as the static page of an article at /writing/spec writes it (parse_markdown, then
// document_html with the article's style). Input: a JSON array of Markdown strings on stdin; output: a
// JSON array of HTML strings, one per input, on stdout. One process for every example keeps the run fast.
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "core/markup/markdown.h"
#include "core/site/html_document.h"

int main() {
    std::string input((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    nlohmann::json examples = nlohmann::json::parse(input, nullptr, false);
    if (!examples.is_array()) {
        std::cerr << "article_html: expected a JSON array of Markdown strings on stdin\n";
        return 2;
    }
    folio::HtmlStyle article;
    article.route = "/writing/spec";
    nlohmann::json out = nlohmann::json::array();
    for (const auto& md : examples)
        out.push_back(folio::document_html(folio::parse_markdown(md.get<std::string>()), article));
    std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return 0;
}
