// folio web: data that only the later code reads, kept out of the first view's download.
//
// Between FOLIO_LATER_DATA_BEGIN and FOLIO_LATER_DATA_END every global goes to the section folio_later.
// cmake/ThirdParty.cmake puts GNU FriBidi's tables there: bidi and Arabic joining run only for text in
// other scripts, and a site that has such text fetches the later code before its first view
// (docs/first-view.md, "The code that comes later"). main.cpp's folio_later_data gives the section's
// bounds; tools/split_wasm.cjs moves those bytes from folio.wasm to folio.later.wasm, which writes them
// into memory when it is instantiated, before any later function runs. The split fails the build if a
// function of folio.wasm names an address in the section.
#pragma once

#define FOLIO_LATER_DATA_BEGIN                                                                                         \
    _Pragma("clang attribute push (__attribute__((section(\"folio_later\"))), apply_to = variable(is_global))")
#define FOLIO_LATER_DATA_END _Pragma("clang attribute pop")
