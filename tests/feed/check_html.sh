#!/usr/bin/env bash
# check_html.sh SITE_DIR: every built page parses cleanly and names its canonical address.
#
# libxml2's HTML parser knows HTML 4 only, so it reports "Tag X invalid" for HTML5 elements (main,
# nav, article, ...). Those messages, and only those, are filtered out (with the two context lines
# libxml2 prints after each); any other output from xmllint fails the check.
set -u

site="${1:-}"
if [ -z "$site" ] || [ ! -d "$site" ]; then
    echo "usage: check_html.sh SITE_DIR" >&2
    exit 2
fi
if ! command -v xmllint >/dev/null 2>&1; then
    echo "check_html: xmllint not found (apt-get install libxml2-utils)" >&2
    exit 2
fi

html5='article|aside|audio|bdi|canvas|data|datalist|details|dialog|figcaption|figure|footer|header|hgroup|main|mark|meter|nav|output|picture|progress|rp|rt|ruby|search|section|slot|source|summary|template|time|track|video|wbr'

# Drops each "Tag <html5> invalid" message and the source line and caret line that follow it.
filter_html5() {
    awk -v pat="HTML parser error : Tag (${html5}) invalid\$" '
        skip > 0 { skip--; next }
        $0 ~ pat { skip = 2; next }
        { print }'
}

files=0
failed=0
while IFS= read -r -d '' f; do
    files=$((files + 1))
    problems="$(xmllint --html --noout "$f" 2>&1 | filter_html5)"
    if [ -n "$problems" ]; then
        echo "html: $f:" >&2
        echo "$problems" >&2
        failed=$((failed + 1))
    fi
    if ! grep -q '<link rel="canonical"' "$f"; then
        echo "html: $f has no <link rel=\"canonical\">" >&2
        failed=$((failed + 1))
    fi
done < <(find "$site" -type f -name '*.html' -print0 | sort -z)

if [ "$files" -eq 0 ]; then
    echo "html: no .html files in $site" >&2
    exit 1
fi
if [ "$failed" -ne 0 ]; then
    echo "html: $failed problem(s) in $files files" >&2
    exit 1
fi
echo "html: $files files ok"
