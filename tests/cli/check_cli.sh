#!/usr/bin/env bash
# The folio CLI as a user runs it: exit codes, messages on the right stream, robustness against broken
# files, the pages report, and atomic builds.
#
#   bash tests/cli/check_cli.sh <path-to-folio-cli> <repo-root>
#
# Every check can fail on its own; the last line is "N passed, M failed" and the exit status is non-zero
# when anything failed. Checks that need build outputs (build/fonts, build/web/folio.wasm; ./folio test
# builds both before it runs ctest) fail, saying what to build, when those are missing: never skipped.
#
# Conditions are passed to expect() in single quotes on purpose: they are evaluated after each run.
# shellcheck disable=SC2016,SC2001
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 <path-to-folio-cli> <repo-root>" >&2
    exit 2
fi
folio="$1"
root="$(cd "$2" && pwd)" || exit 2
web="$root/build/web"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/folio-cli.XXXXXX")" || exit 2
trap 'rm -rf "$tmp"' EXIT
# A cache of its own, empty as on a fresh machine (a check makes its fonts there): nothing of the
# user's is read or grown.
export XDG_CACHE_HOME="$tmp/cache"
# The seed's fonts, copied: the builds below of other bundles make them grow with their text, and the
# seed's own must stay as the seed's text made them (the browser tests read its site).
fonts="$tmp/fonts"
[ -d "$root/build/fonts" ] && cp -r "$root/build/fonts" "$fonts"

passed=0
failed=0

pass() {
    passed=$((passed + 1))
    echo "ok   $1"
}
fail() {
    failed=$((failed + 1))
    echo "FAIL $1"
    shift
    local line
    for line in "$@"; do printf '       %s\n' "$line"; done
}
# Build outputs some checks need (./folio test builds them before it runs ctest).
fonts_built="$fonts/serif-regular.ttf"
web_built="$web/folio.wasm"
# needs NAME FILE...: true when every FILE is there; otherwise fails the checks named NAME, saying what to build.
needs() {
    local name="$1" file lines=()
    shift
    for file in "$@"; do [ -e "$file" ] || lines+=("missing $file"); done
    [ ${#lines[@]} -eq 0 ] && return 0
    fail "$name" "${lines[@]}" "run ./folio test, which builds the seed's fonts into $fonts and the web build into $web"
    return 1
}

# run ARGS...: runs folio (stopped after 120 s: a hang guard, not a speed test; speed is bench/core/core.sh's) with stdout and stderr captured in $out and $err, the exit
# status in $rc and the wall time in milliseconds in $ms.
out="" err="" rc=0 ms=0
run() {
    local t0 t1
    t0=$(date +%s%N)
    timeout 120 "$folio" "$@" >"$tmp/stdout" 2>"$tmp/stderr"
    rc=$?
    t1=$(date +%s%N)
    ms=$(((t1 - t0) / 1000000))
    out="$(cat "$tmp/stdout")"
    err="$(cat "$tmp/stderr")"
}

# What a check failure shows about the last run.
last_run() {
    printf 'exit status %s after %s ms\n' "$rc" "$ms"
    printf 'stdout: %s\n' "$(printf '%s' "$out" | head -c 600)"
    printf 'stderr: %s\n' "$(printf '%s' "$err" | head -c 600)"
}

# expect NAME STATUS: passes when the last run exited with exactly STATUS and the other conditions
# (given as further "TEST DESCRIPTION" pairs, each a bash expression evaluated with [[ ]]) hold.
expect() {
    local name="$1" status="$2"
    shift 2
    local problems=()
    [ "$rc" -eq "$status" ] || problems+=("expected exit status $status, got $rc")
    while [ $# -ge 2 ]; do
        eval "[[ $1 ]]" || problems+=("$2")
        shift 2
    done
    if [ ${#problems[@]} -eq 0 ]; then
        pass "$name"
    else
        local details
        mapfile -t details < <(last_run)
        fail "$name" "${problems[@]}" "${details[@]}"
    fi
}

# bundle NAME: a new bundle folder under $tmp whose content.json is read from stdin; prints its path.
bundle() {
    mkdir -p "$tmp/$1"
    cat >"$tmp/$1/content.json"
    printf '%s' "$tmp/$1"
}

# A minimal valid bundle (the one tests/core/test_load.cpp starts from); variants edit it with sed.
valid='{
  "schema": 1,
  "site": {
    "title": "Ada", "author": "Ada Example", "tagline": "Compilers.",
    "base_url": "https://ada.example/", "language": "en", "description": "Notes."
  },
  "timeline": [],
  "writing": [
    {"slug": "a-post", "title": "A post", "date": "2026-03-01", "dek": "Dek.", "opening": "Opening."}
  ],
  "contents": [{"title": "writing", "chapter": "writing"}]
}'

if [ ! -x "$folio" ]; then
    fail "the CLI exists and is executable" "$folio"
    echo "$passed passed, $failed failed"
    exit 1
fi

#-----------------------------------------------------------------------------
# check: clean bundles
#-----------------------------------------------------------------------------

run check "$root"
expect "check on the seed site exits 0 and says ok" 0 \
    '"$out" == *"content.json: ok"*' 'stdout does not say "content.json: ok"' \
    '-z "$err"' 'stderr is not empty'

b="$(bundle minimal <<<"$valid")"
run check "$b"
expect "check on a minimal valid bundle exits 0 and says ok" 0 \
    '"$out" == "$b/content.json: ok (1 articles, 0 projects)"' 'stdout is not "<bundle>/content.json: ok (1 articles, 0 projects)"'

#-----------------------------------------------------------------------------
# check: errors as file:line:column: error:
#-----------------------------------------------------------------------------

b="$(bundle syntax < <(printf '{\n  "schema": 1,\n  "site": tru\n}\n'))"
run check "$b"
expect "a JSON syntax error exits 1 with content.json:3:14: error:" 1 \
    '"$err" == "$b/content.json:3:14: error: not valid JSON"*' 'stderr does not start with "<bundle>/content.json:3:14: error: not valid JSON"' \
    '"$(tail -n 1 <<<"$err")" == "1 error"' 'the last line of stderr is not "1 error"' \
    '-z "$out"' 'stdout is not empty'

b="$(bundle wrong-type < <(sed 's/"title": "Ada"/"title": 42/' <<<"$valid"))"
run check "$b"
expect "a wrong type exits 1 with content.json:4:14: error: \$.site.title: ..." 1 \
    '"$err" == "$b/content.json:4:14: error: \$.site.title: expected a string, found a number; "*' \
    'stderr does not start with "<bundle>/content.json:4:14: error: $.site.title: expected a string, found a number; "'

b="$(bundle reserved-shelf < <(sed 's/"timeline": \[\],/"timeline": [], "loves": {"title": "loves", "shelves": [{"id": "writing", "title": "w", "groups": []}]},/' <<<"$valid"))"
run check "$b"
expect "a shelf named like a chapter of the site exits 1 with a located error and the reserved ids" 1 \
    '"$err" == "$b/content.json:7:66: error: \$.loves.shelves[0].id: the id '"'"'writing'"'"' is reserved"*' \
    'stderr does not start with "<bundle>/content.json:7:66: error: $.loves.shelves[0].id: the id '"'"'writing'"'"' is reserved"' \
    '"$err" == *"choose another id; reserved: contents, loves, writing"*' 'no hint naming the reserved ids'

b="$(bundle sign-in-date < <(sed 's/2026-03-01/+202-01-01/' <<<"$valid"))"
run check "$b"
expect "a date with a sign is not a date: exits 1 at its position" 1 \
    '"$err" == "$b/content.json:9:51: error: \$.writing[0].date: '"'"'+202-01-01'"'"' is not a date; "*' \
    'stderr does not start with "<bundle>/content.json:9:51: error: $.writing[0].date: '"'"'+202-01-01'"'"' is not a date; "'

b="$(bundle three-errors < <(sed -e 's/"title": "Ada"/"title": 1/' -e 's/"schema": 1,/"schema": 1, "extra": true,/' \
    -e 's/2026-03-01/2026-13-01/' <<<"$valid"))"
run check "$b"
expect "three errors at once are all printed, each with its position" 1 \
    '"$err" == *"$b/content.json:2:16: error: \$.extra: unknown field '"'"'extra'"'"'"*' 'no "<bundle>/content.json:2:16: error: $.extra: unknown field" line' \
    '"$err" == *"$b/content.json:4:14: error: \$.site.title: expected a string"*' 'no "<bundle>/content.json:4:14: error: $.site.title" line' \
    '"$err" == *"$b/content.json:9:51: error: \$.writing[0].date: '"'"'2026-13-01'"'"' is an impossible date"*' 'no "<bundle>/content.json:9:51: error: $.writing[0].date" line' \
    '"$(grep -c "^$b/content.json:[0-9]*:[0-9]*: error: " <<<"$err")" == 3' 'not exactly 3 error lines' \
    '"$(tail -n 1 <<<"$err")" == "3 errors"' 'the last line of stderr is not "3 errors"'

run check "$tmp/does-not-exist"
expect "check on a folder without content.json exits 1 with a clear message" 1 \
    '"$err" == *"$tmp/does-not-exist/content.json: error: cannot read the file"*' 'stderr does not say "<dir>/content.json: error: cannot read the file"' \
    '"$err" == *"pass the folder that holds content.json"*' 'stderr does not say what to do'

mkdir -p "$tmp/empty-folder"
run check "$tmp/empty-folder"
expect "check on an existing folder without content.json exits 1 with a clear message" 1 \
    '"$err" == *"content.json: error: cannot read the file"*' 'stderr does not say "content.json: error: cannot read the file"'

#-----------------------------------------------------------------------------
# check: raw HTML warnings (--strict makes them errors) and missing images, located in the Markdown
#-----------------------------------------------------------------------------

blog="$tmp/blog"
cp -r "$root/tests/fixtures/blog" "$blog"
run check "$blog"
expect "raw HTML dropped or linked is a warning at file:line:col; the check still passes" 0 \
    '"$out" == *"content.json: ok (4 articles, 0 projects, 10 warnings)"*' 'stdout does not count 10 warnings' \
    '"$err" == *"$blog/writing/raw-html.md:73:1: warning: <iframe> becomes a link to https://www.youtube.com/embed/"*' 'no located iframe warning' \
    '"$err" == *"raw-html.md:85:1: warning: <script> is dropped"*' 'no located script warning' \
    '"$err" == *"raw-html.md:91:1: warning: the event handler '"'"'onclick'"'"'"*' 'no onclick warning' \
    '"$err" != *"error:"*' 'a warning was printed as an error'
run check "$blog" --strict
expect "check --strict makes those warnings errors" 1 \
    '"$err" == *"raw-html.md:85:1: error: <script> is dropped"*' 'the script is not an error under --strict' \
    '"$err" == *"10 errors (--strict)"*' 'no error count'

# Pictures on another host show by default (nothing to say); a host no CSP can name, or a site that turns
# them off, is never a silent loss: a warning where the Markdown names each, saying what the reader sees
# instead. A language folio has no words for is one warning, at site.language.
elsewhere="$tmp/elsewhere"
cp -r "$blog" "$elsewhere"
printf '\n![a cat](https://cdn.example.com/cat.png)\n\n<img src="https://cdn.example.com/dog.png" alt="">\n\n![a bird](https://例子.测试/bird.png)\n\n![a fish](http://old.example.com/fish.png)\n' >>"$elsewhere/writing/images.md"
sed -i 's/"language": "en"/"language": "sw"/' "$elsewhere/content.json"
lines=$(wc -l <"$elsewhere/writing/images.md")
run check "$elsewhere"
expect "pictures on other hosts show; a host no CSP can name, http on https, and a language without words are located warnings" 0 \
    '"$out" == *"content.json: ok (4 articles, 0 projects, 13 warnings)"*' 'stdout does not count 13 warnings' \
    '"$err" != *"cdn.example.com"*' 'a picture the site shows was warned about' \
    '"$err" == *"images.md:${lines}:11: warning: the picture '"'"'http://old.example.com/fish.png'"'"' is asked for over http on a site served over https: browsers ask its host over https instead, and show it only if the host answers there; write https:// when its host serves it"*' 'the http fish is not located' \
    '"$err" == *"images.md:$((lines - 2)):11: warning: the picture '"'"'https://例子.测试/bird.png'"'"' names its host in a form a Content-Security-Policy cannot allow, so the browser refuses it: the reader sees its alt text '"'"'a bird'"'"' instead; write the host in its ASCII (punycode) form"*' 'the bird is not located' \
    '"$err" == *"content.json:"*": warning: \$.site.language: folio has no words of its own for '"'"'sw'"'"'"*' 'no warning for a language without words' \
    '"$err" != *"error:"*' 'a warning was printed as an error'
sed -i 's/"language": "sw"/"language": "sw", "other_host_images": false/' "$elsewhere/content.json"
run check "$elsewhere"
expect "with other_host_images false, each picture on another host is a located warning" 0 \
    '"$out" == *"content.json: ok (4 articles, 0 projects, 15 warnings)"*' 'stdout does not count 15 warnings' \
    '"$err" == *"$elsewhere/writing/images.md:$((lines - 6)):10: warning: the picture '"'"'https://cdn.example.com/cat.png'"'"' is on another host, and this site shows only its own (site.other_host_images is false): the reader sees its alt text '"'"'a cat'"'"' instead; save the picture in the bundle (images/) and write its path, e.g. /images/cat.png"*' 'the cat is not located' \
    '"$err" == *"images.md:$((lines - 4)):11: warning: the picture '"'"'https://cdn.example.com/dog.png'"'"' is on another host, and this site shows only its own (site.other_host_images is false): it has no alt text, so the reader sees nothing there"*' 'the alt-less dog is not located' \
    '"$err" != *"error:"*' 'a warning was printed as an error'

mv "$blog/images/bootstrap fun_6_2.png" "$blog/images/elsewhere.png"
rm "$blog/images/portrait.png"
run check "$blog"
expect "missing images: every one at once, located in the Markdown, percent-decoded" 1 \
    '"$err" == *"$blog/writing/images.md:5:26: error: the image '"'"'/images/bootstrap%20fun_6_2.png'"'"' is not in the bundle (looked for images/bootstrap fun_6_2.png)"*' 'the %20 image is not reported at images.md:5:26' \
    '"$err" == *"$blog/writing/raw-html.md:4:13: error: the image '"'"'/images/portrait.png'"'"'"*' 'the HTML <img> is not reported at raw-html.md:4:13' \
    '"$err" == *"2 errors"*' 'not exactly two errors (one per missing file)'

#-----------------------------------------------------------------------------
# check: hostile files exit 1 (exactly: not a crash, not a hang), with a reason
#-----------------------------------------------------------------------------

b="$(bundle deep < <(head -c 100000 /dev/zero | tr '\0' '['; head -c 100000 /dev/zero | tr '\0' ']'))"
run check "$b"
expect "a 100,000-level nested file exits 1" 1 \
    '"$err" == *"$b/content.json:1:257: error: "*"nesting deeper than 256 levels"*' 'stderr does not report "nesting deeper than 256 levels" at 1:257'

b="$(bundle empty </dev/null)"
run check "$b"
expect "an empty file exits 1" 1 \
    '"$err" == "$b/content.json:1:1: error: the file is empty"*' 'stderr does not start with "<bundle>/content.json:1:1: error: the file is empty"'

b="$(bundle blank < <(printf ' \n\t\r\n'))"
run check "$b"
expect "a file of only whitespace exits 1" 1 \
    '"$err" == *"the file is empty"*' 'stderr does not say "the file is empty"'

b="$(bundle nul-in-string < <(sed 's/Compilers\./Comp\x00ilers./' <<<"$valid"))"
run check "$b"
expect "a file with a NUL byte in a string exits 1" 1 \
    '"$err" == "$b/content.json:4:"*": error: "*' 'stderr does not point at line 4' \
    '"$err" == *"\\u0000"*' 'the hint does not mention \u0000'

b="$(bundle nul-between < <(sed 's/"schema": 1,/"schema": 1,\x00/' <<<"$valid"))"
run check "$b"
expect "a file with a NUL byte between values exits 1" 1 \
    '"$err" == "$b/content.json:2:"*": error: "*' 'stderr does not point at line 2'

b="$(bundle nul-after < <(printf '%s\n' "$valid"; printf '\0 trailing bytes that are not JSON {{{ ]]]\n'))"
run check "$b"
expect "a file with a NUL byte after the JSON document exits 1 (nothing after it may be ignored)" 1 \
    '"$err" == "$b/content.json:13:"*": error: "*' 'stderr does not point at the NUL (line 13)'

b="$(bundle bad-utf8 < <(sed 's/Compilers\./Comp\xffilers./' <<<"$valid"))"
run check "$b"
expect "a file with invalid UTF-8 exits 1 with its position" 1 \
    '"$err" == "$b/content.json:4:62: error: invalid UTF-8 (byte 0xFF)"*' 'stderr does not start with "<bundle>/content.json:4:62: error: invalid UTF-8 (byte 0xFF)"'

b="$(bundle overlong < <(sed 's/Compilers\./Comp\xc0\xafilers./' <<<"$valid"))"
run check "$b"
expect "a file with an overlong UTF-8 sequence exits 1" 1 \
    '"$err" == *"invalid UTF-8 (byte 0xC0)"*' 'stderr does not say "invalid UTF-8 (byte 0xC0)"'

b="$(bundle binary < <(head -c 4096 /dev/urandom))"
run check "$b"
expect "a file of random bytes exits 1" 1 \
    '"$err" == "$b/content.json:"*": error: "*' 'stderr does not start with "<bundle>/content.json:LINE:COL: error: "'

# Valid JSON whose Markdown nests a million levels deep: every recursive walk of the document tree
# (plain text, layout, emitters, the destructor) must be bounded; the result is either a clean load
# (0) or an error (1), never a crash.
b="$(bundle deep-markdown < <(
    printf '%s' "${valid%%\"opening\": \"Opening.\"*}"
    printf '"opening": "Opening.", "body": "'
    head -c 1000000 /dev/zero | tr '\0' '>'
    printf 'x\\n"%s\n' "${valid#*\"opening\": \"Opening.\"}"
))"
run check "$b"
expect_deep_status=$rc
[ "$rc" -eq 1 ] && rc=0 # either 0 or 1 is fine here
expect "an article body of 1,000,000 nested '>' quotes does not crash check (exit 0 or 1)" 0 \
    '$expect_deep_status -ne 1 || "$err" == "$b/content.json:"*": error: "*' 'exit 1 without a positioned error'

#-----------------------------------------------------------------------------
# usage errors: exit 2, usage on stderr, nothing on stdout
#-----------------------------------------------------------------------------

run frobnicate "$root"
expect "an unknown command exits 2 with usage on stderr" 2 \
    '"$err" == *"unknown command '"'"'frobnicate'"'"'"*' 'stderr does not name the unknown command' \
    '"$err" == *"usage: folio <command>"*' 'no usage on stderr' \
    '-z "$out"' 'stdout is not empty'

run
expect "no command at all exits 2 with usage on stderr" 2 \
    '"$err" == *"usage: folio <command>"*' 'no usage on stderr' \
    '-z "$out"' 'stdout is not empty'

run check "$root" --bogus
expect "a bad option exits 2 with usage on stderr" 2 \
    '"$err" == *"unknown option --bogus"*' 'stderr does not name the bad option' \
    '"$err" == *"usage: folio <command>"*' 'no usage on stderr' \
    '-z "$out"' 'stdout is not empty'

run check "$root" "$root"
expect "a second BUNDLE argument exits 2 with usage on stderr" 2 \
    '"$err" == *"usage: folio <command>"*' 'no usage on stderr'

run pages "$root" --width 5
expect "--width out of range exits 2 with usage on stderr" 2 \
    '"$err" == *"--width must be a number from 100 to 10000"*' 'stderr does not explain the range' \
    '"$err" == *"usage: folio <command>"*' 'no usage on stderr'

run build "$root" -o
expect "an option without its value exits 2 with usage on stderr" 2 \
    '"$err" == *"option -o needs a value"*' 'stderr does not say the option needs a value' \
    '"$err" == *"usage: folio <command>"*' 'no usage on stderr'

run build "$root" -o "$tmp/no-web-out" --web "$tmp/nowhere"
expect "build without the web build exits 1 at once, naming what it lacks, and writes nothing" 1 \
    '"$err" == *"cannot read folio.js"*' 'stderr does not name folio.js' \
    '! -e "$tmp/no-web-out"' 'it wrote an output folder'

run --help
expect "--help exits 0 with usage on stdout" 0 \
    '"$out" == *"usage: folio <command>"*' 'no usage on stdout' \
    '-z "$err"' 'stderr is not empty'

#-----------------------------------------------------------------------------
# pages: the seed site's computed layout
#-----------------------------------------------------------------------------

if needs "pages on the seed site" "$fonts_built"; then
    run pages "$root" --fonts "$fonts"
    # One line per fact, from the JSON itself (not from its formatting).
    facts="$(python3 -c '
import json, sys
try:
    d = json.load(sys.stdin)
except ValueError as e:
    print("invalid-json", e); sys.exit(0)
print("pages", d.get("pages") if isinstance(d, dict) else None)
for c in (d.get("chapters") or []) if isinstance(d, dict) else []:
    print("chapter", c.get("id"), c.get("first_folio"))
pages = (d.get("page_list") or []) if isinstance(d, dict) else []
print("furniture", len(pages) > 0 and all(("folio" in p) != bool(p.get("blank")) for p in pages))
print("head", any(p.get("running_head") == "by kind, continued" for p in pages))
' <<<"$out" 2>&1)"
    expect "pages prints the layout as JSON with \"pages\" and the chapters writing (folio 10) and books (folio 8)" 0 \
        '"$facts" != *"invalid-json"*' "stdout is not JSON: $(grep invalid-json <<<"$facts")" \
        '"$(grep -cE "^pages [1-9][0-9]*$" <<<"$facts")" == 1' 'no positive "pages" count' \
        '"$facts" == *"chapter writing 10"*' 'chapter "writing" does not start at folio "10"' \
        '"$facts" == *"chapter books 8"*' 'chapter "books" does not start at folio "8"' \
        '"$facts" == *"furniture True"*' 'a page that is not blank has no folio box (or a blank one has)' \
        '"$facts" == *"head True"*' 'no page carries the running head "by kind, continued"'
fi

#-----------------------------------------------------------------------------
# build: atomic (a failing build leaves the previous output alone; a good one replaces it whole)
#-----------------------------------------------------------------------------

# prepare_out DIR: a previous build's output, with a marker file.
prepare_out() {
    rm -rf "$1"
    mkdir -p "$1/writing"
    printf 'previous build\n' >"$1/marker.txt"
    printf 'old page\n' >"$1/writing/index.html"
}
# leftovers DIR: the .tmp-/.old- siblings a build left beside DIR, if any.
leftovers() {
    local d base
    d="$(dirname "$1")"
    base="$(basename "$1")"
    find "$d" -mindepth 1 -maxdepth 1 \( -name "$base.tmp-*" -o -name "$base.old-*" \) -printf '%f '
}

if needs "build atomicity" "$fonts_built" "$web_built"; then
    mkdir -p "$tmp/builds" "$tmp/empty-web"
    out_dir="$tmp/builds/site"

    prepare_out "$out_dir"
    run build "$root" -o "$out_dir" --web "$tmp/empty-web" --fonts "$fonts"
    expect "a build with --web pointing to an empty folder exits 1 and leaves the previous output untouched" 1 \
        '"$err" == *"folio.wasm"*' 'stderr does not mention the missing folio.wasm' \
        '"$(cat "$out_dir/marker.txt" 2>/dev/null)" == "previous build"' 'the marker file is gone or changed' \
        '"$(cat "$out_dir/writing/index.html" 2>/dev/null)" == "old page"' 'a previous file is gone or changed' \
        '"$(find "$out_dir" -type f | wc -l)" == 2' 'files were added to the previous output' \
        '-z "$(leftovers "$out_dir")"' "left beside the output: $(leftovers "$out_dir")"

    b="$(bundle build-errors < <(sed 's/2026-03-01/2026-02-30/' <<<"$valid"))"
    prepare_out "$out_dir"
    run build "$b" -o "$out_dir" --web "$web" --fonts "$fonts"
    expect "a build of a bundle with errors exits 1 and leaves the previous output untouched" 1 \
        '"$err" == *"$b/content.json:9:"*": error: \$.writing[0].date: "*' 'stderr does not report the date error' \
        '"$(cat "$out_dir/marker.txt" 2>/dev/null)" == "previous build"' 'the marker file is gone or changed' \
        '"$(find "$out_dir" -type f | wc -l)" == 2' 'files were added to the previous output' \
        '-z "$(leftovers "$out_dir")"' "left beside the output: $(leftovers "$out_dir")"

    # Warnings do not stop a build, whole or incremental (what ./folio preview runs): they are said.
    for mode in whole incremental; do
        rm -rf "$tmp/builds/warned"
        if [ "$mode" = incremental ]; then
            run build "$elsewhere" -o "$tmp/builds/warned" --web "$web" --fonts "$fonts" --incremental
        else
            run build "$elsewhere" -o "$tmp/builds/warned" --web "$web" --fonts "$fonts"
        fi
        expect "a build ($mode) of a bundle with warnings only builds, and says them" 0 \
            '"$err" == *"warning: \$.site.language: folio has no words of its own for '"'"'sw'"'"'"*' 'the warning is not said' \
            '"$err" != *" error"*' 'a warning was counted as an error' \
            '-s "$tmp/builds/warned/index.html"' 'no index.html'
    done

    # Formulas: typeset at build time (Temml) as MathML for the page and the feed; one that does not parse
    # is a warning where the Markdown writes it, in check and in build, and shows as its TeX; prices stay text.
    math="$tmp/math"
    cp -r "$root/tests/fixtures/blog" "$math"
    printf '\nRoots \\( \\sqrt{2} \\) in TeX'"'"'s own delimiters, and\n\n\\[\nx^{3}\n\\]\n\nThe derivative $\\frac{\\partial(a \\cdot b)}{\\partial a} = b$ and a broken one $\\frac{a$.\n\n$$\\sum_{i=1}^{n} i$$\n\nIt costs $5 and $10.\n' >>"$math/writing/images.md"
    mline=$(($(wc -l <"$math/writing/images.md") - 4))
    run check "$math"
    expect "a formula that does not parse is a located warning" 0 \
        '"$err" == *"$math/writing/images.md:$mline:78: warning: the formula '"'"'\frac{a'"'"' does not parse (Unexpected end of input"*"): it shows as its TeX; fix the TeX; a dollar sign that is no formula is written "*' 'the broken formula is not located' \
        '"$(grep -c "formula" <<<"$err")" == 1' 'the good formulas were warned about'
    rm -rf "$tmp/builds/math"
    run build "$math" -o "$tmp/builds/math" --web "$web" --fonts "$fonts"
    mpage="$tmp/builds/math/writing/pictures-with-spaces/index.html"
    expect "formulas are MathML in the page and the feed; the broken one is its TeX; prices are text" 0 \
        '"$err" == *"images.md:$mline:78: warning: the formula"*' 'the build does not say the broken formula' \
        '"$(cat "$mpage")" == *"<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mrow><mfrac>"*' 'no inline fraction in the page' \
        '"$(cat "$mpage")" == *"<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\""*"<munderover><mo movablelimits=\"false\">∑</mo>"*' 'no displayed sum in the page' \
        '"$(cat "$mpage")" == *"<code class=\"math\">\frac{a</code>"*' 'the broken formula is not its TeX' \
        '"$(cat "$mpage")" == *"It costs \$5 and \$10."*' 'the prices became math' \
        '"$(cat "$mpage")" == *"<msqrt><mn>2</mn></msqrt>"*' 'TeX'"'"'s \\( \\) delimiters made no formula' \
        '"$(cat "$mpage")" == *"display=\"block\""*"<msup><mi>x</mi><mn"*">3</mn></msup>"*' 'TeX'"'"'s \\[ \\] delimiters made no displayed formula' \
        '"$(grep -c "<math" "$tmp/builds/math/rss.xml")" -ge 1' 'no MathML in the feed'
    # The pictures the book and the early page draw: one SVG per good formula (4), named by its content;
    # the article's body file names them and carries their MathML with its characters as references, so
    # the book's faces are asked for none of them; the early page draws the first page's.
    mbody=$(zgrep -l '"href":"/math/' "$tmp"/builds/math/assets/bodies/*.json.gz "$tmp/builds/math/site.json" 2>/dev/null | head -1)
    expect "each typeset formula is a picture the body names, with ASCII MathML" 0 \
        '"$(ls "$tmp/builds/math/math" | grep -c "^[0-9a-f]*\.svg$")" == 4' "pictures: $(ls "$tmp/builds/math/math" 2>/dev/null | tr '\n' ' ')" \
        '"$(head -c 200 "$tmp"/builds/math/math/*.svg | grep -c "<svg xmlns=")" == 4' 'a picture is not an SVG' \
        '-n "$mbody"' 'no body file holds a formula' \
        '"$(zcat -f "$mbody")" == *"\"href\":\"/math/"*"\"info\":\"<math"*"&#x2211;"*' 'the body does not name the picture or carry ASCII MathML' \
        '"$(zcat -f "$mbody" | grep -c "∑")" == 0' 'the body carries the MathML'"'"'s characters themselves'

    # The fonts are made in the build (core/font_build); a fonts folder that cannot be written stops it first.
    echo "not a folder" >"$tmp/fonts-file"
    prepare_out "$out_dir"
    run build "$root" -o "$out_dir" --web "$web" --fonts "$tmp/fonts-file"
    expect "a build whose fonts cannot be made exits 1, says why, and leaves the previous output untouched" 1 \
        '"$err" == *"the fonts could not be made"*"fonts-file"*' 'stderr does not say the fonts could not be made where' \
        '"$(cat "$out_dir/marker.txt" 2>/dev/null)" == "previous build"' 'the marker file is gone or changed' \
        '"$(find "$out_dir" -type f | wc -l)" == 2' 'files were added to the previous output' \
        '-z "$(leftovers "$out_dir")"' "left beside the output: $(leftovers "$out_dir")"

    prepare_out "$out_dir"
    run build "$root" -o "$out_dir" --web "$web" --fonts "$fonts"
    expect "a successful build replaces the previous output whole" 0 \
        '! -e "$out_dir/marker.txt"' 'the marker file from the previous output is still there' \
        '"$(cat "$out_dir/writing/index.html" 2>/dev/null)" != "old page"' 'a previous file survived unchanged' \
        '-s "$out_dir/index.html"' 'no index.html' \
        '-z "$(leftovers "$out_dir")"' "left beside the output: $(leftovers "$out_dir")" \
        '"$out" == *"files in $out_dir"*' 'stdout does not say where the files went'

    # Again, over its own output (the common case), and into a folder that does not exist yet.
    run build "$root" -o "$out_dir" --web "$web" --fonts "$fonts"
    expect "a second build over the previous one succeeds and leaves nothing beside it" 0 \
        '-s "$out_dir/index.html"' 'no index.html' \
        '-z "$(leftovers "$out_dir")"' "left beside the output: $(leftovers "$out_dir")"
    run build "$root" -o "$tmp/builds/fresh/" --web "$web" --fonts "$fonts"
    expect "a build into a new folder (given with a trailing slash) succeeds" 0 \
        '-s "$tmp/builds/fresh/index.html"' 'no index.html' \
        '-z "$(leftovers "$tmp/builds/fresh")"' "left beside the output: $(leftovers "$tmp/builds/fresh")"
fi

#-----------------------------------------------------------------------------
# aliases: an article's old addresses, checked, and kept by pages at each one and by _redirects
#-----------------------------------------------------------------------------

b="$(bundle alias-claimed < <(sed 's|"opening": "Opening."}|"opening": "Opening.", "aliases": ["/old/", "/writing"]},\n    {"slug": "b", "title": "B", "date": "2026-02-01", "dek": "D.", "opening": "O.", "aliases": ["/old/index.html"]}|' <<<"$valid"))"
run check "$b"
expect "an alias that is a route, or that two articles claim, is an error at the alias" 1 \
    '"$err" == *"$b/content.json:9:"*": error: \$.writing[0].aliases[1]: the alias '"'"'/writing'"'"' is an address this site already uses"*' 'no located error for /writing' \
    '"$err" == *"$b/content.json:10:"*": error: \$.writing[1].aliases[0]: the alias '"'"'/old/index.html'"'"' is also claimed at \$.writing[0].aliases[0]"*' 'no located error for the alias claimed twice'

if needs "redirect pages" "$fonts_built" "$web_built"; then
    aliased="$tmp/builds/aliased"
    run build "$root/tests/fixtures/blog" -o "$aliased" --web "$web" --fonts "$fonts"
    redirect_to() { # FILE: the meta refresh's target in the page at FILE
        sed -n 's|.*<meta http-equiv="refresh" content="0; url=\([^"]*\)">.*|\1|p' "$1"
    }
    expect "each alias gets a page at the old address that sends the reader on, and a line of _redirects" 0 \
        '"$(redirect_to "$aliased/2026/03/20/pictures-with-spaces/index.html")" == "/writing/pictures-with-spaces"' 'no redirect page at the folder alias' \
        '"$(redirect_to "$aliased/posts/pictures.html")" == "/writing/pictures-with-spaces"' 'no redirect page at the .html alias' \
        '"$(cat "$aliased/posts/pictures.html")" == *"<link rel=\"canonical\" href=\"https://grace.example/writing/pictures-with-spaces\">"*' 'no canonical link' \
        '"$(cat "$aliased/posts/pictures.html")" == *"<a href=\"/writing/pictures-with-spaces\">Pictures with spaces in their names</a>"*' 'no link to follow' \
        '"$(cat "$aliased/_redirects" 2>/dev/null)" == "/2026/03/20/pictures-with-spaces /writing/pictures-with-spaces 301"$'"'"'\n'"'"'"/posts/pictures.html /writing/pictures-with-spaces 301"' '_redirects does not hold exactly the two aliases' \
        '"$(cat "$aliased/sitemap.xml" "$aliased/rss.xml" | grep -c "pictures.html\|2026/03/20")" == 0' 'the sitemap or the feed lists an alias' \
        '"$(grep -c "writing/pictures-with-spaces" "$aliased/sitemap.xml")" == 1' 'the sitemap does not list the article once'
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
