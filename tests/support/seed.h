// Shared by the Catch2 tests: the seed bundle, loaded once.
#pragma once

#include <catch2/catch_test_macros.hpp>

#include "core/bundle/load.h"

namespace folio::testing {

inline const Site& seed_site() {
    static Site site;
    static bool loaded = false;
    if (!loaded) {
        Diagnostics d;
        bool ok = load_bundle(FOLIO_SOURCE_DIR, site, d);
        for (const Diagnostic& x : d)
            UNSCOPED_INFO(format_diagnostic(x));
        REQUIRE(ok);
        loaded = true;
    }
    return site;
}

// A shelf item with a title and one author (derive fills its by line).
inline ShelfItem shelf_item(const std::string& title, const std::string& by) {
    ShelfItem it;
    it.title = title;
    it.by = {by};
    return it;
}

} // namespace folio::testing
