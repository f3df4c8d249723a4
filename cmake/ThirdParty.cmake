# Third-party libraries as their own static targets, with their warnings silenced.
# Sources are unpacked by `./folio bootstrap` into FOLIO_THIRD_PARTY_DIR (git-ignored).

set(_imgui "${FOLIO_THIRD_PARTY_DIR}/imgui")
set(_md4c "${FOLIO_THIRD_PARTY_DIR}/md4c/src")
if(NOT EXISTS "${_imgui}/imgui.cpp" OR NOT EXISTS "${_md4c}/md4c.c")
  message(FATAL_ERROR "Dear ImGui / md4c sources not found in ${FOLIO_THIRD_PARTY_DIR}; run ./folio bootstrap")
endif()

add_library(third_party_md4c STATIC "${_md4c}/md4c.c" "${_md4c}/entity.c") # entity.c: the HTML5 entity table
target_include_directories(third_party_md4c SYSTEM PUBLIC "${_md4c}")
target_compile_options(third_party_md4c PRIVATE -w)

set(_imgui_sources "${_imgui}/imgui.cpp" "${_imgui}/imgui_draw.cpp" "${_imgui}/imgui_widgets.cpp")
if(EMSCRIPTEN)
  # The book never draws a table: the web build leaves imgui_tables.cpp out (see the file that stands in);
  # and it scans only whole numbers, so the C library's scanf stays out too (sscanf_numbers.cpp). No
  # back end of ImGui's: the book has its own platform layer and renderer (src/platform/web).
  list(APPEND _imgui_sources
    "${CMAKE_SOURCE_DIR}/src/platform/web/imgui_without_tables.cpp"
    "${CMAKE_SOURCE_DIR}/src/platform/web/sscanf_numbers.cpp")
else()
  list(APPEND _imgui_sources "${_imgui}/imgui_tables.cpp")
endif()
add_library(third_party_imgui STATIC ${_imgui_sources})
target_include_directories(third_party_imgui SYSTEM PUBLIC "${_imgui}" "${_imgui}/backends")
target_compile_options(third_party_imgui PRIVATE -w)
# Our configuration of Dear ImGui (documented in src/ui/imconfig_folio.h).
target_compile_definitions(third_party_imgui PUBLIC IMGUI_USER_CONFIG="${CMAKE_SOURCE_DIR}/src/ui/imconfig_folio.h")

# nlohmann/json is header-only. For the wasm build, expose only its own folder (never the host's
# /usr/include, which would pull host libc headers into the wasm build).
find_path(_json_dir nlohmann/json.hpp PATHS /usr/include REQUIRED NO_CMAKE_FIND_ROOT_PATH)
set(_json_stage "${CMAKE_BINARY_DIR}/staged_include")
file(COPY "${_json_dir}/nlohmann" DESTINATION "${_json_stage}")
add_library(third_party_json INTERFACE)
target_include_directories(third_party_json SYSTEM INTERFACE "${_json_stage}")
if(EMSCRIPTEN)
  # No C++ exceptions in the browser build; the loader never relies on them.
  target_compile_definitions(third_party_json INTERFACE JSON_NOEXCEPTION)
endif()

if(NOT EMSCRIPTEN)
  # Build-time only (native): the HTML5 tokenizer for raw HTML, the syntax highlighter, Unicode names.
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(GUMBO REQUIRED IMPORTED_TARGET gumbo)
  pkg_check_modules(SRCHILITE REQUIRED IMPORTED_TARGET source-highlight)
  add_library(third_party_gumbo INTERFACE)
  target_link_libraries(third_party_gumbo INTERFACE PkgConfig::GUMBO)
  add_library(third_party_srchilite INTERFACE)
  target_link_libraries(third_party_srchilite INTERFACE PkgConfig::SRCHILITE)
  # The fonts' build: HarfBuzz's subsetter and shaper (Debian's libharfbuzz-dev), natively.
  pkg_check_modules(HARFBUZZ REQUIRED IMPORTED_TARGET harfbuzz harfbuzz-subset)
  add_library(third_party_harfbuzz INTERFACE)
  target_link_libraries(third_party_harfbuzz INTERFACE PkgConfig::HARFBUZZ)
  # Names in any script (core/text/names.h): NFC and case folding.
  pkg_check_modules(UTF8PROC REQUIRED IMPORTED_TARGET libutf8proc)
  add_library(third_party_utf8proc INTERFACE)
  target_link_libraries(third_party_utf8proc INTERFACE PkgConfig::UTF8PROC)
  # Thai word boundaries at build time (core/markup/thai.h): libthai and its dictionary, from Debian.
  pkg_check_modules(LIBTHAI REQUIRED IMPORTED_TARGET libthai)
  add_library(third_party_libthai INTERFACE)
  target_link_libraries(third_party_libthai INTERFACE PkgConfig::LIBTHAI)
  # Lao, Khmer and Myanmar word boundaries at build time (core/markup/word_breaks.h): ICU's dictionaries.
  pkg_check_modules(ICU_UC REQUIRED IMPORTED_TARGET icu-uc)
  add_library(third_party_icu INTERFACE)
  target_link_libraries(third_party_icu INTERFACE PkgConfig::ICU_UC)
endif()

# GNU FriBidi (core/text/bidi.h): natively Debian's libfribidi; in the wasm its C sources, from Debian's source
# package (./folio bootstrap), with the tables the release ships already generated (lib/*.tab.i).
if(EMSCRIPTEN)
  set(_fribidi "${FOLIO_THIRD_PARTY_DIR}/fribidi/lib")
  if(NOT EXISTS "${_fribidi}/fribidi-bidi.c")
    message(FATAL_ERROR "FriBidi sources not found in ${FOLIO_THIRD_PARTY_DIR}/fribidi; run ./folio bootstrap")
  endif()
  # The header meson would write (fribidi-config.h.in): only the version and int's size matter.
  set(_fribidi_config "${CMAKE_BINARY_DIR}/fribidi_config/fribidi-config.h")
  file(WRITE "${_fribidi_config}.new" "#ifndef FRIBIDI_CONFIG_H\n#define FRIBIDI_CONFIG_H\n"
    "#define FRIBIDI \"fribidi\"\n#define FRIBIDI_NAME \"GNU FriBidi\"\n#define FRIBIDI_BUGREPORT \"\"\n"
    "#define FRIBIDI_VERSION \"1.0.16\"\n#define FRIBIDI_MAJOR_VERSION 1\n#define FRIBIDI_MINOR_VERSION 0\n"
    "#define FRIBIDI_MICRO_VERSION 16\n#define FRIBIDI_INTERFACE_VERSION 4\n"
    "#define FRIBIDI_INTERFACE_VERSION_STRING \"4\"\n#define FRIBIDI_SIZEOF_INT 4\n#endif\n")
  file(COPY_FILE "${_fribidi_config}.new" "${_fribidi_config}" ONLY_IF_DIFFERENT)
  # Only what bidi.cpp calls: types, levels, brackets, mirroring, reordering, Arabic joining and shaping.
  # The five files that hold its tables are compiled through a wrapper that puts their data in the section
  # the web build moves to folio.later.wasm (src/platform/web/later_data.h): only later code reads them.
  set(_fribidi_sources "${_fribidi}/fribidi.c" "${_fribidi}/fribidi-bidi.c" "${_fribidi}/fribidi-joining.c"
    "${_fribidi}/fribidi-run.c" "${_fribidi}/fribidi-deprecated.c")
  foreach(_table_source fribidi-bidi-types.c fribidi-brackets.c fribidi-mirroring.c fribidi-joining-types.c
      fribidi-arabic.c)
    set(_wrapper "${CMAKE_BINARY_DIR}/fribidi_later/${_table_source}")
    file(WRITE "${_wrapper}.new" "// Generated by cmake/ThirdParty.cmake: FriBidi's ${_table_source}, its data later.\n"
      "#include \"platform/web/later_data.h\"\nFOLIO_LATER_DATA_BEGIN\n#include \"${_fribidi}/${_table_source}\"\n"
      "FOLIO_LATER_DATA_END\n")
    file(COPY_FILE "${_wrapper}.new" "${_wrapper}" ONLY_IF_DIFFERENT)
    list(APPEND _fribidi_sources "${_wrapper}")
  endforeach()
  add_library(third_party_fribidi STATIC ${_fribidi_sources})
  target_include_directories(third_party_fribidi SYSTEM PUBLIC "${_fribidi}" "${CMAKE_BINARY_DIR}/fribidi_config")
  target_include_directories(third_party_fribidi PRIVATE "${CMAKE_SOURCE_DIR}/src")
  target_compile_definitions(third_party_fribidi PUBLIC FRIBIDI_LIB_STATIC
    PRIVATE HAVE_STDLIB_H=1 HAVE_STRING_H=1 HAVE_STRINGIZE=1)
  target_compile_options(third_party_fribidi PRIVATE -w)
else()
  pkg_check_modules(FRIBIDI REQUIRED IMPORTED_TARGET fribidi)
  add_library(third_party_fribidi INTERFACE)
  target_link_libraries(third_party_fribidi INTERFACE PkgConfig::FRIBIDI)
endif()
