#!/usr/bin/env bash
# `folio build --incremental` (what ./folio preview runs on every edit) rewrites only the files whose
# contents changed and removes what is no longer produced; a character the fonts were not made for makes
# them again in the same run, and they draw it. A full build writes bodies into a few chunk files, not a
# file per article.
set -u
folio=$1
src=$2
dir=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] && echo "kept: $dir" || rm -rf "$dir"' EXIT
pass=0 fail=0
ok() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAILED (line ${BASH_LINENO[0]}): $*"; fi; }

# The build copies the renderer as it is: a stand-in will do. The fonts it makes itself (core/font_build).
mkdir -p "$dir/web"
echo "// glue" >"$dir/web/folio.js"
printf '\0asm' >"$dir/web/folio.wasm"
cp -r "$src/tests/fixtures/rich" "$dir/bundle"
build() { "$folio" build "$dir/bundle" -o "$dir/out" --web "$dir/web" --fonts "$dir/fonts" --incremental; }

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

# A character outside the fonts' set: they are made again in the same run, and map it.
ok test -z "$(grep -ao 'Ω' "$dir/out/site.json")"
/usr/bin/python3 - "$dir/bundle/content.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
c["writing"][0]["title"] += " \u03a9"
json.dump(c, open(sys.argv[1], "w"))
PY
build >/dev/null 2>"$dir/err"; ok test $? -eq 0
ok grep -q "made the fonts" "$dir/err"
ok grep -q 'Ω' "$dir/out/site.json"
ok grep -qx 937 <(sed -n 2p "$dir/fonts/fonts.state" | tr ' ' '\n')

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
# The same site, whichever way it is built: an incremental build after edits and a full build write
# byte-identical trees (the manifest aside), on a bundle large enough that every core parses and packs.
# In each, the manifest names exactly the files there, by their contents' hash, and every address the
# sitemap lists has its page.
same_site() { # A B: identical trees, .folio-manifest aside
  diff -r -x .folio-manifest "$1" "$2" >/dev/null
}
manifest_matches() { # DIR: every file listed with its hash, and nothing else there
  /usr/bin/python3 - "$1" <<'PY'
import os, sys
root = sys.argv[1]
def fnv(data):
    h = 1469598103934665603
    for b in data:
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h
listed = {}
for line in open(os.path.join(root, ".folio-manifest"), encoding="utf-8"):
    digest, path = line.rstrip("\n").split(" ", 1)
    listed[path] = digest
found = set()
for d, _, names in os.walk(root):
    for n in names:
        rel = os.path.relpath(os.path.join(d, n), root)
        if rel not in (".folio-manifest", "preview-status.json", "preview-news.json"):
            found.add(rel)
bad = [p for p in found if p not in listed or fnv(open(os.path.join(root, p), "rb").read())[:10] != listed[p]]
sys.exit(1 if bad or set(listed) != found else 0)
PY
}
routes_present() { # DIR: a page for every address in the sitemap
  /usr/bin/python3 - "$1" <<'PY'
import os, re, sys
root = sys.argv[1]
locs = re.findall(r"<loc>https://[^/]+/([^<]*)</loc>", open(os.path.join(root, "sitemap.xml"), encoding="utf-8").read())
missing = [l for l in locs if not os.path.isfile(os.path.join(root, l, "index.html"))]
sys.exit(1 if missing or len(locs) < 100 else 0)
PY
}
/usr/bin/python3 "$src/bench/gen/gen_bundle.py" "$dir/big" 150 >/dev/null
full() { "$folio" build "$dir/big" -o "$1" --web "$dir/web" --fonts "$dir/fonts" >/dev/null; }
inc() { "$folio" build "$dir/big" -o "$dir/big-inc" --web "$dir/web" --fonts "$dir/fonts" --incremental >/dev/null; }
ok inc
ok full "$dir/big-full"
ok same_site "$dir/big-full" "$dir/big-inc"
ok full "$dir/big-full2" # a second full build: the same bytes (threads never change the order of anything)
ok same_site "$dir/big-full" "$dir/big-full2"
/usr/bin/python3 - "$dir/big" <<'PY'
import json, os, sys
root = sys.argv[1]
c = json.load(open(os.path.join(root, "content.json")))
a = c["writing"][len(c["writing"]) // 2]
a["title"] += " (edited)"
with open(os.path.join(root, a["body_file"]), "a", encoding="utf-8") as f:
    f.write("\nA new closing paragraph, with `code`.\n")
json.dump(c, open(os.path.join(root, "content.json"), "w"))
PY
ok inc
ok full "$dir/big-full"
ok same_site "$dir/big-full" "$dir/big-inc"
ok zgrep -q "A new closing paragraph" "$dir"/big-inc/assets/bodies/*.json.gz
ok manifest_matches "$dir/big-inc"
ok routes_present "$dir/big-inc"
ok routes_present "$dir/big-full"
# The preview's builder (--watch) keeps the loaded bundle between rebuilds: an edit inside one article's
# entry of content.json, or to its Markdown, is read again alone ("read again alone: SLUG"); other edits
# load the bundle whole. Either way its folder equals a full build's after each edit (its status file aside),
# and an edit with errors is reported as `folio check` reports it, with nothing written.
rebuilds() { grep -c "rebuilt in" "$dir/watch.log" 2>/dev/null || true; }
wait_rebuilds() { # N: until the watcher has finished N builds (at most about a minute)
  local tries=0
  while [ "$(rebuilds)" -lt "$1" ] && [ $tries -lt 600 ]; do sleep 0.1; tries=$((tries + 1)); done
  [ "$(rebuilds)" -ge "$1" ]
}
edit_json() { # PYTHON [FROM]: edits c (content.json's object, or FROM's) and saves it as an editor does (same layout)
  /usr/bin/python3 - "$dir/big/content.json" "$1" "${2:-$dir/big/content.json}" <<'PY'
import json, os, sys
path = sys.argv[1]
c = json.load(open(sys.argv[3], encoding="utf-8"))
exec(sys.argv[2])
with open(path + ".tmp", "w", encoding="utf-8") as f:
    json.dump(c, f, indent=1, ensure_ascii=False)
    f.write("\n")
os.replace(path + ".tmp", path)
PY
}
last_line() { grep "$1" "$dir/watch.log" | tail -1; }
status() { /usr/bin/python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(s[sys.argv[2]], end="")' "$dir/big-watch/preview-status.json" "$1"; }
same_as_full() { full "$dir/big-full" && diff -rq -x .folio-manifest -x preview-status.json -x preview-news.json "$dir/big-full" "$dir/big-watch" >"$dir/diff.txt" || { head -5 "$dir/diff.txt"; false; }; }
n=1
edit_json "" # the layout an editor keeps (gen_bundle's): later edits differ from it only where they edit
env -u GLIBC_TUNABLES "$folio" build "$dir/big" -o "$dir/big-watch" --web "$dir/web" --fonts "$dir/fonts" --incremental --watch >"$dir/watch.log" 2>&1 &
watcher=$!
ok wait_rebuilds $n
# A whole build runs with its heaps in huge pages (started again in place with glibc's tunable); the watching
# builder, which answers edits, does not (cli/huge_pages.h).
ok sh -c 'env -u GLIBC_TUNABLES FOLIO_BUILD_TIMES=1 "$1" build "$2" -o "$3" --web "$4" --fonts "$5" 2>&1 >/dev/null | grep -qx "folio build: heaps in huge pages"' - \
  "$folio" "$dir/big" "$dir/big-pages" "$dir/web" "$dir/fonts"
ok sh -c 'GLIBC_TUNABLES=glibc.malloc.hugetlb=0 FOLIO_BUILD_TIMES=1 "$1" build "$2" -o "$3" --web "$4" --fonts "$5" 2>&1 >/dev/null | grep -qx "folio build: heaps in 4 KB pages"' - \
  "$folio" "$dir/big" "$dir/big-pages" "$dir/web" "$dir/fonts"
ok test "$(tr '\0' '\n' <"/proc/$watcher/environ" | grep -c '^GLIBC_TUNABLES=')" = 0
# One edit at a time, each once the watcher is idle: one rebuild each.
# An article's Markdown.
slug3=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["writing"][3]["slug"])' "$dir/big/content.json")
append_to_article3() { # TEXT: a paragraph appended to the fourth article's Markdown file
  local file
  file=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["writing"][3]["body_file"])' "$dir/big/content.json")
  printf '\n%s\n' "$1" >>"$dir/big/$file"
}
append_to_article3 "The watcher saw this *edit*."
n=$((n + 1)); ok wait_rebuilds $n
ok test "$(last_line 'read again\|whole')" = "folio build: read again alone: $slug3"
ok zgrep -q "The watcher saw this" "$dir"/big-watch/assets/bodies/*.json.gz
# Its page is made before the others', and the watcher says when it was written.
ok grep -q "The watcher saw this" "$dir/big-watch/writing/$slug3/index.html"
ok test -n "$(last_line 'rebuilt in' | grep "the book can show it after [0-9.]* ms, its article's page after [0-9.]* ms")"
# A first formula, on a site with none: a round that read only this article leaves the math stage out
# unless the article has one (build.cpp: formulas_unchanged), so this one is typeset.
append_to_article3 'The watcher typeset $x^{2}$ too.'
n=$((n + 1)); ok wait_rebuilds $n
ok test "$(last_line 'read again\|whole')" = "folio build: read again alone: $slug3"
ok grep -q "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><msup><mi>x</mi>" "$dir/big-watch/writing/$slug3/index.html"
ok same_as_full
# A character the fonts lack, in the article's body, then in its title (each read again alone): the watcher
# checks only the edited articles' text (all else it writes was checked when first written), and makes the
# fonts again before the chunk or site.json that shows it is written.
in_fonts() { sed -n 2p "$dir/fonts/fonts.state" | tr ' ' '\n' | grep -qx "$1"; } # CODE POINT (decimal)
# A B: A written before B, or in the same tick of the file system's clock (4 ms here). Made after, the fonts
# would be tens of milliseconds later: the watcher's whole build finds the character only after the edited pages.
written_first() { /usr/bin/python3 -c 'import os, sys; sys.exit(os.stat(sys.argv[1]).st_mtime_ns > os.stat(sys.argv[2]).st_mtime_ns)' "$1" "$2"; }
ok test -n "$(in_fonts 1046 || echo lacks)"
append_to_article3 "A beetle: Жук."
n=$((n + 1)); ok wait_rebuilds $n
ok test "$(last_line 'read again\|whole')" = "folio build: read again alone: $slug3"
ok in_fonts 1046
chunk=$(zgrep -l "Жук" "$dir"/big-watch/assets/bodies/*.json.gz | head -1)
ok test -n "$chunk"
ok written_first "$dir/fonts/fonts.state" "$chunk"
ok test -n "$(in_fonts 968 || echo lacks)"
edit_json 'c["writing"][3]["title"] += " ψ"'
n=$((n + 1)); ok wait_rebuilds $n
ok test "$(last_line 'read again\|whole')" = "folio build: read again alone: $slug3"
ok in_fonts 968
ok grep -q "ψ" "$dir/big-watch/site.json"
ok written_first "$dir/fonts/fonts.state" "$dir/big-watch/site.json"
ok same_as_full
# An old article's title: its record is in a fold chunk (core/model/bound.h).
slug=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["writing"][-4]["slug"])' "$dir/big/content.json")
edit_json 'c["writing"][-4]["title"] += " (watched)"'
n=$((n + 1)); ok wait_rebuilds $n
ok test "$(last_line 'read again\|whole')" = "folio build: read again alone: $slug"
ok zgrep -q "(watched)" "$dir"/big-watch/assets/folds/*.json.gz
ok same_as_full
# Its date: it moves among the articles (and to another fold). Today's: a later one would be a scheduled post,
# which the preview shows and a full build holds back.
edit_json 'c["writing"][-4]["date"] = "'"$(date +%F)"'"'
n=$((n + 1)); ok wait_rebuilds $n
ok test "$(last_line 'read again\|whole')" = "folio build: read again alone: $slug"
ok same_as_full
# A field with an error: reported as `folio check` reports it, from the entry alone; nothing written.
before=$(sha256sum "$dir/big-watch/site.json")
edit_json 'c["writing"][5]["date"] = "2020-13-45"; c["writing"][5]["title"] = " "'
n=$((n + 1)); ok wait_rebuilds $n
"$folio" check "$dir/big" 2>"$dir/check.err" >/dev/null
ok test "$(status errors)" = "$(cat "$dir/check.err")"
ok grep -q "error" "$dir/check.err"
ok test "$(sha256sum "$dir/big-watch/site.json")" = "$before"
# A syntax error inside an entry: placed where the whole text's parser stops, as `folio check` does.
cp "$dir/big/content.json" "$dir/content.good"
/usr/bin/python3 - "$dir/big/content.json" <<'PY'
import os, sys
path = sys.argv[1]
t = open(path, encoding="utf-8").read()
at = t.index('"title"', len(t) // 2)
open(path + ".tmp", "w", encoding="utf-8").write(t[:at] + t[at + 1:])  # "title" loses its opening quote
os.replace(path + ".tmp", path)
PY
n=$((n + 1)); ok wait_rebuilds $n
"$folio" check "$dir/big" 2>"$dir/check.err" >/dev/null
ok grep -q "not valid JSON" "$dir/check.err"
ok test "$(status errors)" = "$(cat "$dir/check.err")"
ok test "$(sha256sum "$dir/big-watch/site.json")" = "$before"
ok test -z "$(find "$dir/big-watch" -name '*.tmp')"
# The next good save recovers, still one entry at a time.
edit_json 'c["writing"][5]["title"] = "Recovered"; c["writing"][5]["date"] = "2020-01-02"' "$dir/content.good"
n=$((n + 1)); ok wait_rebuilds $n
ok test "$(status errors)" = ""
ok zgrep -q "Recovered" "$dir/big-watch/site.json" "$dir/big-watch/assets/folds/"*
ok same_as_full
# An article added, then one removed: the bundle is loaded whole.
edit_json 'a = dict(c["writing"][0]); a["slug"] = "a-new-one"; a["title"] = "A new one"; a["date"] = "'"$(date +%F)"'"; c["writing"].insert(0, a)'
n=$((n + 1)); ok wait_rebuilds $n
ok test "$(last_line 'read again\|whole')" = "folio build: loading the bundle whole"
ok test -f "$dir/big-watch/writing/a-new-one/index.html"
ok same_as_full
edit_json 'c["writing"] = [a for a in c["writing"] if a["slug"] != "a-new-one"]'
n=$((n + 1)); ok wait_rebuilds $n
ok test ! -e "$dir/big-watch/writing/a-new-one/index.html"
# A post file in a folder made after the watcher started (its folder watched from then on), then edited
# (read again alone), then removed.
mkdir -p "$dir/big/writing/2031/spring"
printf -- '---\ntitle: "A watched post"\ndate: 2020-03-04\n---\n\nIt came in a new folder.\n' >"$dir/big/writing/2031/spring/watched-post.md"
n=$((n + 1)); ok wait_rebuilds $n
ok test -f "$dir/big-watch/writing/watched-post/index.html"
printf '\nAnd was edited there.\n' >>"$dir/big/writing/2031/spring/watched-post.md"
n=$((n + 1)); ok wait_rebuilds $n
ok test "$(last_line 'read again\|whole')" = "folio build: read again alone: watched-post"
ok grep -q "And was edited there" "$dir/big-watch/writing/watched-post/index.html"
rm -r "$dir/big/writing/2031"
n=$((n + 1)); ok wait_rebuilds $n
ok test ! -e "$dir/big-watch/writing/watched-post/index.html"
ok same_as_full
# A save that empties the file, then takes a while to write it (a large file, a slow program): it is read once
# written, alone, never empty.
cp "$dir/big/content.json" "$dir/slow.json"
/usr/bin/python3 - "$dir/slow.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1], encoding="utf-8"))
c["writing"][2]["title"] = "Saved slowly"
with open(sys.argv[1], "w", encoding="utf-8") as f:
    json.dump(c, f, indent=1, ensure_ascii=False)
    f.write("\n")
PY
slug2=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["writing"][2]["slug"])' "$dir/big/content.json")
{ sleep 0.3; cat "$dir/slow.json"; } >"$dir/big/content.json"
n=$((n + 1)); ok wait_rebuilds $n
ok test "$(last_line 'read again\|whole')" = "folio build: read again alone: $slug2"
ok test "$(status errors)" = ""
ok test "$(grep -c "the file is empty" "$dir/watch.log")" = 0
ok grep -q "Saved slowly" "$dir/big-watch/site.json"
# Waiting for an edit costs nothing: the kernel says when a file changes (watched.h), so an idle watcher
# uses at most 1% of a core (every file's stamp read every 50 ms kept a core busy at 10,000 articles).
cpu_ticks() { awk '{print $14 + $15}' "/proc/$watcher/stat"; }
t0=$(cpu_ticks)
sleep 3
ok test $(($(cpu_ticks) - t0)) -le $((3 * $(getconf CLK_TCK) / 100))
# An old article's Markdown grows by 20 KB: its chunk ends elsewhere now, and the chunks after it are cut
# again until their ends meet the cached ones (output.cpp: pack_edited).
old_file=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["writing"][-20]["body_file"])' "$dir/big/content.json")
old_slug=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["writing"][-20]["slug"])' "$dir/big/content.json")
/usr/bin/python3 -c 'import sys; open(sys.argv[1], "a").write("\n" + "A much longer middle, word after word. " * 520 + "\n")' "$dir/big/$old_file"
n=$((n + 1)); ok wait_rebuilds $n
ok test "$(last_line 'read again\|whole')" = "folio build: read again alone: $old_slug"
ok same_as_full
# Every first pass (the chunks the page fetches, packed from the edited article's chunk on) wrote what the
# whole build then found: no chunk was packed otherwise.
ok test "$(grep -c "packed .* otherwise than the whole build" "$dir/watch.log")" = 0
kill $watcher 2>/dev/null
wait $watcher 2>/dev/null
ok same_as_full
ok manifest_matches "$dir/big-watch"
ok test "$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$dir/big-watch/preview-status.json")" -ge $n
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
