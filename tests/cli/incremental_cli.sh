#!/usr/bin/env bash
# `folio build --incremental` (what ./folio preview runs on every edit) rewrites only the files whose
# contents changed and removes what is no longer produced; --check-fonts stops with exit 3 when the
# text needs a character the subset fonts were not made for. A full build writes bodies into a few
# chunk files, not a file per article.
set -u
folio=$1
src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pass=0 fail=0
ok() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAILED: $*"; fi; }

# The build copies the renderer and the fonts as they are: stand-ins will do.
mkdir -p "$dir/web" "$dir/fonts"
echo "// glue" >"$dir/web/folio.js"
printf '\0asm' >"$dir/web/folio.wasm"
for f in serif-regular serif-italic serif-bold serif-bolditalic mono-regular; do echo "$f" >"$dir/fonts/$f.ttf"; done
seq 32 382 | tr '\n' ' ' >"$dir/fonts/chars.txt" # ASCII, Latin-1 and Latin Extended-A
cp -r "$src/tests/fixtures/rich" "$dir/bundle"
build() { "$folio" build "$dir/bundle" -o "$dir/out" --web "$dir/web" --fonts "$dir/fonts" --incremental --check-fonts; }

out=$(build); ok test $? -eq 0
total=$(find "$dir/out" -type f ! -name .folio-manifest | wc -l)
ok test -f "$dir/out/.folio-manifest"
ok test "$(find "$dir/out/assets/bodies" -type f | wc -l)" -eq 1
ok test "$(find "$dir/out/writing" \( -name '*.md' -o -name 'body.json' \) | wc -l)" -eq 0
touch -d '2001-01-01' "$dir/out/index.html" "$dir/out/rss.xml"

out=$(build); ok test $? -eq 0
ok test "$out" = "folio build: 0 of $total files changed in $dir/out"
ok test "$(stat -c %Y "$dir/out/index.html")" = "$(date -d 2001-01-01 +%s)"

# One article's title: its page, the pages that list it, the feed, site.json; not the front page's
# unrelated files such as rss.xml's neighbours or the assets.
/usr/bin/python3 - "$dir/bundle/content.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
c["writing"][0]["title"] += " (edited)"
json.dump(c, open(sys.argv[1], "w"))
PY
out=$(build); ok test $? -eq 0
changed=$(echo "$out" | sed -n 's/^folio build: \([0-9]*\) of .*/\1/p')
ok test "$changed" -gt 0
ok test "$changed" -lt "$total"
ok grep -q "(edited)" "$dir/out/site.json"
ok test -z "$(find "$dir/out" -name '*.tmp')"

# A character outside the fonts' set: exit 3, and the output is left as it was.
before=$(sha256sum "$dir/out/site.json")
/usr/bin/python3 - "$dir/bundle/content.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
c["writing"][0]["title"] += " \u03a9"
json.dump(c, open(sys.argv[1], "w"))
PY
build >/dev/null 2>"$dir/err"; ok test $? -eq 3
ok grep -q "U+03A9" "$dir/err"
ok test "$(sha256sum "$dir/out/site.json")" = "$before"

# A removed article: its page goes.
slug=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["writing"][-1]["slug"])' "$dir/bundle/content.json")
ok test -f "$dir/out/writing/$slug/index.html"
/usr/bin/python3 - "$dir/bundle/content.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
c["writing"][0]["title"] = c["writing"][0]["title"].replace(" \u03a9", "")
gone = c["writing"].pop()["slug"]
for y in c.get("timeline", []):
    y["entries"] = [e for e in y["entries"] if e.get("article") != gone]
c["contents"] = [e for e in c.get("contents", []) if e.get("article") != gone]
json.dump(c, open(sys.argv[1], "w"))
PY
out=$(build); ok test $? -eq 0
ok test ! -e "$dir/out/writing/$slug/index.html"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
