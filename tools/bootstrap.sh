#!/usr/bin/env bash
# folio bootstrap: installs everything the build and the tests need, idempotently (with --build: only what
# building and previewing a site needs).
#
# Every step first checks whether its result is already there, so a second run touches no network and
# takes seconds. Noisy tool output goes to .cache/bootstrap.log; a failing step prints one line that says
# which step failed and why.
set -u -o pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$ROOT/.cache"
LOG="$CACHE/bootstrap.log"
THIRD="$CACHE/third_party"
mkdir -p "$CACHE" "$THIRD"
: >"$LOG"

# Pinned third-party sources (Debian source packages). See docs/toolchain in README.
IMGUI_VERSION="1.92.2b+ds-1"
IMGUI_TARBALL="imgui_1.92.2b+ds.orig.tar.xz"
IMGUI_SHA256="e7bd201d56b5ee90d24d5dac85e5c12f98bdb95410252a62d27b7f89e4566d48"
MD4C_VERSION="0.5.3-1"
MD4C_TARBALL="md4c_0.5.3.orig.tar.gz"
MD4C_SHA256="bc2e3bf85e5e6235ee5246778d608048e0a572d9d84538e5ef9e7d4b59a28ad6"
# GNU FriBidi's C sources, compiled into the wasm (natively the build links Debian's libfribidi-dev).
FRIBIDI_VERSION="1.0.16-5"
FRIBIDI_TARBALL="fribidi_1.0.16.orig.tar.xz"
FRIBIDI_SHA256="1b1cde5b235d40479e91be2f0e88a309e3214c8ab470ec8a2744d82a5a9ea05c"

# Debian binary packages, grouped by why we need them.
APT_PACKAGES=(
  # build
  cmake ninja-build g++ emscripten nlohmann-json3-dev clang libclang-rt-14-dev binaryen pkgconf
  # build, web: the page's scripts and stylesheet minified (tools/minify.cjs)
  node-terser node-clean-css
  # build time, native only: raw HTML in Markdown (HTML5 tokenizer) and syntax highlighting of code
  libgumbo-dev libsource-highlight-dev
  # build time, native only: Unicode normalisation and case folding of tags and slugs in any script
  libutf8proc-dev
  # right to left and Arabic joining in the layout (core/text/bidi.h): natively; the wasm compiles FriBidi's sources
  libfribidi-dev
  # fonts (serif text face with italic/bold, mono face)
  fonts-noto-core fonts-jetbrains-mono
  # the script faces behind them: Chinese, Japanese and Korean, and emoji in colour (core/font_build/site_fonts.h);
  # stb_image decodes the emoji's PNGs in the book (src/ui/emoji_loader.cpp)
  fonts-noto-cjk fonts-noto-color-emoji libstb-dev
  # the Debian source packages' tarballs
  xz-utils
  # build time, native only: the site's fonts cut and their shaped runs shaped by HarfBuzz's library
  # (core/font_build)
  libharfbuzz-dev
  # build time, native only: the chunk files of article bodies and folds stored gzip-compressed
  zlib1g-dev
  # folio import: front matter in YAML and TOML (native CLI only)
  libyaml-cpp-dev libtomlplusplus-dev
  # folio import --fetch-images: pictures on other hosts downloaded into the bundle (native CLI only)
  libcurl4-openssl-dev
  # build time, native only: Thai word boundaries from libthai's dictionary (core/markup/word_breaks.h)
  libthai-dev
  # build time, native only: Lao, Khmer and Myanmar word boundaries from ICU's dictionaries (the same header)
  libicu-dev
  # Unicode's data: line-break classes (tools/line_break_classes.py); conformance files for bidi and UAX #14
  unicode-data
)
# Only for `./folio test` and `./folio bench` (a `--build` bootstrap, which `./folio build|preview|check` runs,
# leaves them out).
TEST_PACKAGES=(
  # browser tests, feed validation, HTML validation (libxml2; html5lib: the hostile site read as browsers
  # read it, tests/feed/check_hostile.py), compression for size figures
  chromium python3-feedparser libxml2-utils python3-html5lib brotli
  # HarfBuzz's own shaper, the reference the native tests hold the book's shaped widths to (tests/ui/test_scripts.cpp)
  libharfbuzz-bin
  # benchmarks: the peer static-site generator bench/site_build/build.sh measures folio against; GNU time (peak memory)
  hugo time
  # benchmarks: real prose in Chinese and in English, for sites of each of as many posts (bench/site_build/cjk.sh)
  fortunes-zh fortunes
)
BACKPORTS_PACKAGES=(catch2)

step() { printf '[bootstrap] %s\n' "$1"; }
fail() {
  printf '[bootstrap] FAILED at step "%s": %s (details: %s)\n' "$1" "$2" "$LOG" >&2
  exit 1
}

need_root() {
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then SUDO=sudo; else fail "$1" "must run as root (or with sudo) to install packages"; fi
  else
    SUDO=""
  fi
}

pkg_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

# --- apt sources: derived from the machine's own debian.sources (no host names in this repo) ---------
EXTRA_SOURCES=/etc/apt/sources.list.d/folio-extra.sources
write_extra_sources() {
  local base=/etc/apt/sources.list.d/debian.sources
  [ -f "$base" ] || fail "apt sources" "$base not found; cannot derive backports/source entries"
  # The first stanza is the main archive; reuse its URIs and key, change Types/Suites.
  local stanza
  stanza=$(awk 'BEGIN{RS="";ORS="\n\n"} NR==1' "$base" | grep -v '^#')
  {
    printf '%s\n\n' "$(printf '%s\n' "$stanza" | sed -e 's/^Types:.*/Types: deb/' -e 's/^Suites:.*/Suites: bookworm-backports/')"
    printf '%s\n' "$(printf '%s\n' "$stanza" | sed -e 's/^Types:.*/Types: deb-src/' -e 's/^Suites:.*/Suites: sid/')"
  } >"$CACHE/folio-extra.sources.new"
  if ! cmp -s "$CACHE/folio-extra.sources.new" "$EXTRA_SOURCES" 2>/dev/null; then
    $SUDO cp "$CACHE/folio-extra.sources.new" "$EXTRA_SOURCES" || fail "apt sources" "cannot write $EXTRA_SOURCES"
    return 0 # changed: lists must be refreshed
  fi
  return 1
}

APT_UPDATED=0
apt_update_once() {
  [ "$APT_UPDATED" = 1 ] && return
  step "apt-get update"
  $SUDO apt-get update >>"$LOG" 2>&1 || fail "apt-get update" "could not refresh package lists"
  APT_UPDATED=1
}

install_packages() {
  local missing=() p
  for p in "${APT_PACKAGES[@]}"; do pkg_installed "$p" || missing+=("$p"); done
  local missing_bp=()
  for p in "${BACKPORTS_PACKAGES[@]}"; do pkg_installed "$p" || missing_bp+=("$p"); done
  if [ ${#missing[@]} -gt 0 ]; then
    apt_update_once
    step "apt-get install ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}" >>"$LOG" 2>&1 ||
      fail "apt-get install" "could not install: ${missing[*]}"
  fi
  if [ ${#missing_bp[@]} -gt 0 ]; then
    apt_update_once
    step "apt-get install -t bookworm-backports ${missing_bp[*]}"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends -t bookworm-backports "${missing_bp[@]}" >>"$LOG" 2>&1 ||
      fail "apt-get install (backports)" "could not install: ${missing_bp[*]}"
  fi
  # Catch2 v3 is required (bookworm's own is v2).
  [ -f /usr/lib/cmake/Catch2/Catch2Config.cmake ] || [ -d /usr/include/catch2 ] || fail "catch2" "Catch2 v3 headers not found after install"
}

# --- third-party sources from Debian source packages ----------------------------------------------
sha_ok() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

fetch_source() { # name version tarball sha256 unpack_dir
  local name=$1 version=$2 tarball=$3 sha=$4 dir=$5
  if [ -f "$dir/.folio-ok" ]; then return; fi
  local dl="$CACHE/downloads"
  mkdir -p "$dl"
  if ! sha_ok "$dl/$tarball" "$sha"; then
    apt_update_once
    step "apt-get source $name=$version"
    # For some packages the archive no longer serves the .dsc, so apt exits non-zero although the orig
    # tarball arrives: judge by the tarball and its checksum, not by apt's exit code.
    (cd "$dl" && apt-get source --download-only "$name=$version" >>"$LOG" 2>&1) || true
    [ -f "$dl/$tarball" ] || fail "fetch $name source" "$tarball did not arrive"
    sha_ok "$dl/$tarball" "$sha" || fail "fetch $name source" "$tarball has the wrong sha256"
  fi
  step "unpack $tarball"
  rm -rf "$dir" "$dir.tmp" && mkdir -p "$dir.tmp"
  tar -xf "$dl/$tarball" -C "$dir.tmp" --strip-components=1 >>"$LOG" 2>&1 || fail "unpack $name" "tar failed"
  touch "$dir.tmp/.folio-ok" && mv "$dir.tmp" "$dir"
}

# --- Unicode data and conformance files, from Debian's unicode-data (installed above), pinned by sha256 -------
UNICODE_DATA=(
  "BidiCharacterTest.txt 3c423c301f7b8dc41b879062cbf01fd1b4ec2ea4826e20d276c44b52129a01b6"
  # UAX #14: the classes the layout breaks lines by (tools/line_break_classes.py) and the test of it
  "LineBreak.txt 012bca868e2c4e59a5a10a7546baf0c6fb1b2ef458c277f054915c8a49d292bf"
  "EastAsianWidth.txt 743e7bc435c04ab1a8459710b1c3cad56eedced5b806b4659b6e69b85d0adf2a"
  "emoji/emoji-data.txt 29071dba22c72c27783a73016afb8ffaeb025866740791f9c2d0b55cc45a3470"
  "UnicodeData.txt 806e9aed65037197f1ec85e12be6e8cd870fc5608b4de0fffd990f689f376a73"
  "auxiliary/LineBreakTest.txt 371bde4052aa593b108684ae292d8ea2dbb93c19990e0cdf416fa7239557aac3"
)
copy_unicode_data() {
  local dir="$THIRD/unicode" entry name sha
  mkdir -p "$dir"
  for entry in "${UNICODE_DATA[@]}"; do
    read -r name sha <<<"$entry"
    local copy="$dir/${name##*/}" # flat: the file's name without its folder in unicode-data
    sha_ok "$copy" "$sha" && continue
    step "copy $name (unicode-data)"
    cp "/usr/share/unicode/$name" "$copy" 2>>"$LOG" || fail "unicode-data" "/usr/share/unicode/$name is missing"
    sha_ok "$copy" "$sha" || fail "unicode-data" "$name has the wrong sha256 (another unicode-data version?)"
  done
}

# --- node modules for browser tests ------------------------------------------------------------------
install_node_modules() {
  local stamp="$ROOT/node_modules/.folio-lock-sha"
  local want
  want=$(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return; fi
  step "npm ci"
  (cd "$ROOT" && npm ci --no-audit --no-fund >>"$LOG" 2>&1) || fail "npm ci" "could not install node modules from package-lock.json"
  echo "$want" >"$stamp"
}

main() {
  [ "${1:-}" = "--build" ] || APT_PACKAGES+=("${TEST_PACKAGES[@]}")
  need_root "privileges"
  if write_extra_sources; then apt_update_once; fi
  install_packages
  fetch_source imgui "$IMGUI_VERSION" "$IMGUI_TARBALL" "$IMGUI_SHA256" "$THIRD/imgui"
  fetch_source md4c "$MD4C_VERSION" "$MD4C_TARBALL" "$MD4C_SHA256" "$THIRD/md4c"
  fetch_source fribidi "$FRIBIDI_VERSION" "$FRIBIDI_TARBALL" "$FRIBIDI_SHA256" "$THIRD/fribidi"
  copy_unicode_data
  install_node_modules
  step "ready"
}

main "$@"
