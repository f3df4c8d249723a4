// Shared by the Catch2 tests: small sites built in code.
#pragma once

#include <string>

#include "core/bundle/load.h"
#include "core/model/model.h"

namespace folio::testing {

// A site of one article ("/writing/a") whose body is `markdown`, derived as the loader derives it.
inline Site one_article_site(const std::string& markdown) {
    Site s;
    s.info.title = s.info.author = "Ada";
    s.info.base_url = "https://ada.example/";
    Article a;
    a.slug = "a";
    a.title = "A";
    a.date = {2026, 1, 1};
    a.body_markdown = markdown;
    s.writing.push_back(a);
    derive_sources(s);
    return s;
}

} // namespace folio::testing
