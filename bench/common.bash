# Helpers sourced by the bench/*.sh scripts (not a benchmark itself: ./folio bench runs only *.sh).
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_OUT="$ROOT/build/bench"
FOLIO="$ROOT/build/native/folio"
WEB="$ROOT/build/web"
PY=/usr/bin/python3

# gen_bundle DIR N BOOKS: a synthetic bundle (bench/gen/gen_bundle.py), regenerated only when its parameters or
# the generator changed.
gen_bundle() {
  local dir=$1 n=$2 books=$3 key
  key="$n $books $(sha256sum "$ROOT/bench/gen/gen_bundle.py" | cut -d' ' -f1)"
  if [ -f "$dir/.bench-key" ] && [ "$(cat "$dir/.bench-key")" = "$key" ] && [ -f "$dir/content.json" ]; then
    return 0
  fi
  echo "generating $n articles (--books $books) into ${dir#"$ROOT"/} ..."
  rm -rf "$dir"
  mkdir -p "$dir"
  "$PY" "$ROOT/bench/gen/gen_bundle.py" "$dir" "$n" --books "$books"
  echo "$key" >"$dir/.bench-key"
}

# gen_from GENERATOR DIR N WHAT: a bundle of N articles written by bench/gen/GENERATOR (one built on
# gen_bundle.py: gen_real.py, gen_docs.py), regenerated only when N or either generator changed.
gen_from() {
  local gen=$1 dir=$2 n=$3 what=$4 key
  key="$n $(sha256sum "$ROOT/bench/gen/$gen" "$ROOT/bench/gen/gen_bundle.py" | sha256sum | cut -d' ' -f1)"
  if [ -f "$dir/.bench-key" ] && [ "$(cat "$dir/.bench-key")" = "$key" ]; then
    return 0
  fi
  echo "generating $n $what into ${dir#"$ROOT"/} ..."
  rm -rf "$dir"
  "$PY" "$ROOT/bench/gen/$gen" "$dir" "$n" >/dev/null
  echo "$key" >"$dir/.bench-key"
}

# fonts_dir: prints the fonts folder for `folio build`: build/fonts (the subset fonts ./folio makes), or,
# when that is missing, a folder of links to the unsubset Debian originals (same metrics, larger files).
fonts_dir() {
  local f ok=1
  for f in serif-regular serif-italic serif-bold serif-bolditalic mono-regular; do
    [ -f "$ROOT/build/fonts/$f.ttf" ] || ok=0
  done
  if [ $ok = 1 ]; then
    echo "$ROOT/build/fonts"
    return
  fi
  local d="$BENCH_OUT/fonts-debian"
  debian_fonts "$d"
  echo "note: build/fonts is missing (./folio build makes it); using the unsubset Debian fonts" >&2
  echo "$d"
}

# debian_fonts DIR: the book's five faces in DIR as links to the unsubset Debian originals (the files the
# subsets are cut from: the same metrics).
debian_fonts() {
  mkdir -p "$1"
  ln -sf /usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf "$1/serif-regular.ttf"
  ln -sf /usr/share/fonts/truetype/noto/NotoSerif-Italic.ttf "$1/serif-italic.ttf"
  ln -sf /usr/share/fonts/truetype/noto/NotoSerif-Bold.ttf "$1/serif-bold.ttf"
  ln -sf /usr/share/fonts/truetype/noto/NotoSerif-BoldItalic.ttf "$1/serif-bolditalic.ttf"
  ln -sf /usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Regular.ttf "$1/mono-regular.ttf"
}

# hugo_site BUNDLE SITE: the Hugo site for a synthetic bundle's articles (bench/gen/gen_hugo.py), regenerated
# only when the bundle or the generator changed.
hugo_site() {
  local bundle=$1 site=$2 key
  key="$(cat "$bundle/.bench-key") $(sha256sum "$ROOT/bench/gen/gen_hugo.py" | cut -d' ' -f1)"
  if [ ! -f "$site/.bench-key" ] || [ "$(cat "$site/.bench-key")" != "$key" ]; then
    echo "writing the Hugo site for the articles of ${bundle#"$ROOT"/} into ${site#"$ROOT"/} ..."
    "$PY" "$ROOT/bench/gen/gen_hugo.py" "$bundle" "$site"
    echo "$key" >"$site/.bench-key"
  fi
}

# hugo_seed_twin: builds the seed's Hugo twin (bench/gen/gen_hugo.py: the same articles, rendered by Hugo's
# templates) and prints the folder of the built site.
hugo_seed_twin() {
  local twin="$BENCH_OUT/hugo-seed"
  "$PY" "$ROOT/bench/gen/gen_hugo.py" "$ROOT" "$twin"
  rm -rf "$twin.out"
  (cd "$twin" && hugo --quiet -d "$twin.out") >/dev/null
  echo "<!doctype html><title>not found</title>" >"$twin.out/404.html" # the test server answers unknown paths with it
  echo "$twin.out"
}

now() { date +%s.%N; }

# elapsed START END: seconds between two `now` readings.
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

# build_seconds BUNDLE OUT [FONTS]: a fresh `folio build` of BUNDLE into OUT (removed first, the disk synced),
# its wall time in seconds printed; says why and returns 1 when the build fails. FONTS: the bundle's fonts
# folder (the build makes it when the text needs more); default: the one folio keeps for the bundle.
build_seconds() {
  local t0 t1 fonts=()
  [ -n "${3:-}" ] && fonts=(--fonts "$3")
  rm -rf "$2"
  sync
  t0=$(now)
  "$FOLIO" build "$1" -o "$2" --web "$WEB" "${fonts[@]}" >/dev/null || { echo "folio build $1 failed" >&2; return 1; }
  t1=$(now)
  elapsed "$t0" "$t1"
}

# median/min/max of numbers given as arguments.
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) printf "%.3f", v[(NR + 1) / 2]; else printf "%.3f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
minimum() { printf '%s\n' "$@" | sort -g | head -1; }
maximum() { printf '%s\n' "$@" | sort -g | tail -1; }

# need_browser: node, Debian's Chromium and playwright-core are there (else says so and returns 1).
need_browser() {
  if ! command -v node >/dev/null 2>&1 || [ ! -x /usr/bin/chromium ] || [ ! -d "$ROOT/node_modules/playwright-core" ]; then
    echo "skipped: needs node, /usr/bin/chromium and node_modules/playwright-core (./folio bootstrap installs them)"
    return 1
  fi
}

# need_builds: the prebuilt binaries the scripts use are there (else says what to run and returns 1).
need_builds() {
  if [ ! -x "$FOLIO" ] || [ ! -f "$WEB/folio.js" ] || [ ! -f "$WEB/folio.wasm" ]; then
    echo "skipped: build/native/folio or build/web/folio.{js,wasm} is missing (run ./folio bench, which builds them)"
    return 1
  fi
}

# seed_site: prints the built seed site to measure: build/site (what ./folio test builds), or a fresh
# build in build/bench/site when that is missing. Fails when the builds are not there.
seed_site() {
  local site="$ROOT/build/site"
  # FOLIO_BENCH_SITE=DIR: measure that built seed site instead (another build of it, say, side by side).
  if [ -n "${FOLIO_BENCH_SITE:-}" ]; then
    echo "$FOLIO_BENCH_SITE"
    return
  fi
  if [ ! -f "$site/index.html" ]; then
    need_builds || return 1
    site="$BENCH_OUT/site"
    mkdir -p "$BENCH_OUT"
    "$FOLIO" build "$ROOT" -o "$site" --web "$WEB" --fonts "$ROOT/build/fonts" >/dev/null || return 1
  fi
  echo "$site"
}
