#!/usr/bin/env bash
# Build the libFuzzer targets (the "fuzz" CMake preset: clang, FOLIO_FUZZ=ON) and run each one for a
# bounded time, starting from the committed seeds in tests/fuzz/corpus/ (fuzz_font_partial: from the
# fonts tests/fuzz/font_corpus.py makes, see below).
#
# This is the search for new inputs. The corpora themselves are replayed on every `./folio test`: ctest's
# fuzz_*_replay tests run each target natively (g++, AddressSanitizer and UBSan, tests/fuzz/replay_main.cpp)
# over every file of its corpus. An input this finds that shows a bug belongs in tests/fuzz/corpus/<name>/
# once fixed (raise the count beside the target in CMakeLists.txt), so the replay keeps it fixed.
#
#   tests/fuzz/run.sh                  # 60 s per target
#   FUZZ_SECONDS=600 tests/fuzz/run.sh # longer
#   tests/fuzz/run.sh fuzz_markdown    # one target only
#
# What grows during a run (new inputs) goes to build/fuzz/corpus-<name>/, a writable copy, so the
# committed corpus stays small. Crashes, leaks, sanitizer reports and slow inputs are written to
# build/fuzz/artifacts/ (reproduce with: build/fuzz/fuzz_<name> FILE). Exits non-zero if any target
# found one.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root" || exit 2
seconds="${FUZZ_SECONDS:-60}"
build="$root/build/fuzz"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_load fuzz_markdown fuzz_site_reader fuzz_font_partial fuzz_layout)

case "$seconds" in
'' | *[!0-9]*) echo "run.sh: FUZZ_SECONDS must be a whole number of seconds, not '$seconds'" >&2; exit 2 ;;
esac
for t in "${targets[@]}"; do
    case "$t" in
    fuzz_load | fuzz_markdown | fuzz_site_reader | fuzz_font_partial | fuzz_layout) ;;
    *) echo "run.sh: unknown target '$t' (fuzz_load, fuzz_markdown, fuzz_site_reader, fuzz_font_partial, fuzz_layout)" >&2; exit 2 ;;
    esac
done

# The preset instruments only the fuzz_* executables; the code under test (folio_core, md4c) needs
# coverage and sanitizer instrumentation too, or libFuzzer is blind and ASan misses its bugs.
# -fno-sanitize-recover makes any UBSan report fatal, so it counts as a crash.
instrument="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"

mkdir -p "$root/build"
echo "== configure (cmake --preset fuzz)"
if ! cmake --preset fuzz -DCMAKE_C_FLAGS="$instrument" -DCMAKE_CXX_FLAGS="$instrument" >"$root/build/fuzz-configure.log" 2>&1; then
    cat "$root/build/fuzz-configure.log"
    echo "run.sh: configure failed" >&2
    exit 2
fi
echo "== build (${targets[*]})"
if ! cmake --build "$build" --target "${targets[@]}" >"$root/build/fuzz-build.log" 2>&1; then
    tail -n 40 "$root/build/fuzz-build.log"
    echo "run.sh: build failed (see build/fuzz-build.log)" >&2
    exit 2
fi
tail -n 2 "$root/build/fuzz-build.log" | sed 's/^/   /'
if grep -q "warning:" "$root/build/fuzz-build.log"; then
    echo "run.sh: the build printed warnings:" >&2
    grep "warning:" "$root/build/fuzz-build.log" >&2
fi

# Dictionaries (generated, not committed): the tokens a mutator cannot guess byte by byte. Both JSON
# readers share JSON's own tokens.
json_tokens=$(cat <<'EOF'
"{"
"}"
"["
"]"
":"
","
"\""
"\\u0000"
"\\ud83d\\ude00"
"true"
"false"
"null"
EOF
)
{ echo "$json_tokens"; cat <<'EOF'
"1e400"
"-0"
"18446744073709551616"
"\"schema\": 1"
"\"site\""
"\"title\""
"\"author\""
"\"tagline\""
"\"bio\""
"\"base_url\""
"\"guid_base\""
"\"language\""
"\"description\""
"\"links\""
"\"text\""
"\"href\""
"\"timeline\""
"\"year\""
"\"entries\""
"\"article\""
"\"project\""
"\"merged_into\""
"\"show\""
"\"pulls\""
"\"number\""
"\"writing\""
"\"slug\""
"\"date\""
"\"dek\""
"\"opening\""
"\"tags\""
"\"body\""
"\"body_file\""
"\"projects\""
"\"id\""
"\"name\""
"\"summary\""
"\"where\""
"\"event\""
"\"first release\""
"\"since\""
"\"contributions\""
"\"repo\""
"\"host\""
"\"merged_total\""
"\"loves\""
"\"intro\""
"\"shelves\""
"\"subtitle\""
"\"running_head\""
"\"numbered\""
"\"groups\""
"\"heading\""
"\"items\""
"\"by\""
"\"note\""
"\"work\""
"\"focus\""
"\"term\""
"\"after\""
"\"find_me\""
"\"handle_label\""
"\"handle\""
"\"contents\""
"\"chapter\""
"\"find-me\""
"\"2024-02-29\""
"\"https://\""
"\"mailto:\""
EOF
} >"$build/fuzz_load.dict"
cat >"$build/fuzz_markdown.dict" <<'EOF'
"\x0a"
"\x0a\x0a"
"# "
"###### "
"\x0a===\x0a"
"\x0a---\x0a"
"> "
"- "
"* "
"1. "
"1) "
"    "
"```"
"~~~"
"*"
"**"
"_"
"~~"
"`"
"["
"]("
"]["
")"
"!["
"<https://"
"https://"
"www."
"@example.com"
"|"
"|---|"
"|:--|--:|:-:|"
"&amp;"
"&#"
"&#x"
";"
"\\"
"  \x0a"
"<div>"
"\x00"
EOF

{ echo "$json_tokens"; cat <<'EOF'
"s"
"t"
"f"
"-1"
"2147483648"
"\"writing\""
"\"items\""
"\"timeline\""
"\"slug\""
"\"title\""
"\"date\""
"\"body_url\""
"\"tags\""
"\"contents\""
"\"site\""
EOF
} >"$build/fuzz_site_reader.dict"

# A font's table tags, and the bytes that start a TrueType face or mark a glyph.
cat >"$build/fuzz_font_partial.dict" <<'EOF'
"\x00\x01\x00\x00"
"true"
"OTTO"
"head"
"hhea"
"maxp"
"hmtx"
"cmap"
"loca"
"glyf"
"FOLi"
"\x00\x04"
"\x00\x0c"
"\xff\xff"
EOF

# Text that moves a layout (fuzz_layout.cpp: one title a line): bidi controls and isolates, right-to-left
# letters, combining marks, joiners and U+200B, emoji, a modifier and a flag, wide characters, "…", and the
# Markdown that makes headings, tables and code.
cat >"$build/fuzz_layout.dict" <<'EOF'
"\x0a"
"\xe2\x80\xae"
"\xe2\x80\xad"
"\xe2\x80\xab"
"\xe2\x80\xaa"
"\xe2\x80\xac"
"\xe2\x81\xa6"
"\xe2\x81\xa7"
"\xe2\x81\xa8"
"\xe2\x81\xa9"
"\xe2\x80\x8f"
"\xe2\x80\x8e"
"\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d"
"\xd9\x85\xd8\xb1\xd8\xad\xd8\xa8\xd8\xa7"
"\xd9\x84\xd8\xa7"
"\xcc\x81"
"\xd9\x8e"
"\xe0\xa5\x8d"
"\xe2\x80\x8b"
"\xe2\x80\x8d"
"\xe2\x81\xa0"
"\xf0\x9f\x91\x8d"
"\xf0\x9f\x8f\xbd"
"\xf0\x9f\x87\xab\xf0\x9f\x87\xb7"
"\xef\xb8\x8f"
"\xe4\xb8\xad"
"\xe3\x80\x82"
"\xe2\x80\xa6"
" "
"-"
"/"
"("
")"
"1."
"# "
"## "
"| a | b |\x0a|---|---|\x0a"
"```\x0a"
"> "
"- "
"<details><summary>"
EOF

# A 1 MB stack instead of 8 MB: unbounded recursion (say, on deeply nested Markdown) then shows with
# inputs of a few kilobytes, which the fuzzer reaches in seconds, not with the ~30 KB it takes under
# ASan's large frames on the default stack. FUZZ_STACK_KB overrides.
ulimit -c 0 2>/dev/null || true
ulimit -s "${FUZZ_STACK_KB:-1024}" || { echo "run.sh: cannot set the stack limit to ${FUZZ_STACK_KB:-1024} KB" >&2; exit 2; }
# (No detect_stack_use_after_return: it moves locals to the heap, which hides deep recursion.)
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1:check_initialization_order=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
mkdir -p "$build/artifacts"

failed=0
summary=()
for t in "${targets[@]}"; do
    name="${t#fuzz_}"
    corpus="$build/corpus-$name"
    mkdir -p "$corpus"
    cp -n "$root/tests/fuzz/corpus/$name/"* "$corpus/" 2>/dev/null || true
    # Fonts are not committed (they come from Debian's packages): the font target's seeds are the corpus
    # its replay uses (tests/fuzz/font_corpus.py: whole faces, truncated and corrupted ones, each after a
    # choice byte), made from the Debian fonts and the subset fonts ./folio writes to build/fonts. Only
    # those within -max_len: libFuzzer would cut the 600 KB Debian faces anyway.
    if [ "$t" = fuzz_font_partial ]; then
        /usr/bin/python3 "$root/tests/fuzz/font_corpus.py" "$build/seeds-$name" "$root/build/fonts" >/dev/null || exit 2
        find "$build/seeds-$name" -type f -size -65537c -exec cp -n -t "$corpus" {} +
    fi
    log="$build/$t.log"
    echo "== $t: ${seconds} s from $(find "$corpus" -type f | wc -l) inputs in build/fuzz/corpus-$name (log: build/fuzz/$t.log)"
    "$build/$t" "$corpus" \
        -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=4096 -timeout=25 \
        -dict="$build/$t.dict" -print_final_stats=1 -print_pcs=0 \
        -artifact_prefix="$build/artifacts/$t-" >"$log" 2>&1
    rc=$?
    # libFuzzer's own figures: the last status line, the total and the final stats.
    grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)' "$log" | sed 's/^/   /'
    grep -E '^Done [0-9]+ runs' "$log" | sed 's/^/   /'
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|slowest_unit_time_sec|peak_rss_mb)' "$log" | sed 's/^/   /'
    if [ "$rc" -ne 0 ] || grep -qE '^(==[0-9]+==ERROR|SUMMARY: (Address|Undefined|Leak)Sanitizer)|runtime error:|deadly signal|ALARM: working on the last Unit' "$log"; then
        failed=1
        echo "   FAILED (exit $rc):"
        # The reason, the first frames of the stack (a stack overflow repeats one frame thousands of
        # times) and where the input was saved.
        awk '/broken invariant|ERROR:|runtime error:|deadly signal|ALARM|out-of-memory|SUMMARY:|Test unit written to/ { print; next }
             /^    #[0-9]+ / && frames++ < 16 { print }' "$log" | sed 's/^/   /'
        summary+=("$t: FAILED (exit $rc)")
    else
        summary+=("$t: ok, $(grep -oE '^Done [0-9]+ runs in [0-9]+ second' "$log" | head -n 1 | sed 's/Done //')s, $(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9]+[a-zA-Z]*' | tail -n 1)")
    fi
done

echo "== verdict"
for s in "${summary[@]}"; do echo "   $s"; done
if [ "$failed" -ne 0 ]; then
    echo "FAIL: a fuzz target found a problem; inputs are in build/fuzz/artifacts/"
    exit 1
fi
echo "PASS: no crash, leak, sanitizer report or timeout in ${seconds} s per target"
