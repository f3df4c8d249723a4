#!/usr/bin/env bash
# `folio import` as a user runs it, on the fixture sites in tests/fixtures/import/ (each in its
# generator's real layout): exit codes, the summary, located warnings and errors, the bundle's fields,
# the copied images, and that every bundle it writes passes `folio check`.
#
#   bash tests/cli/import_cli.sh <path-to-folio-cli> <repo-root>
set -u
folio=$1
fixtures="$(cd "$2" && pwd)/tests/fixtures/import"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/folio-import.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAILED: $*"; fi; }
has() { grep -qF -- "$2" "$1" || { echo "  '$2' not in $1:"; sed 's/^/    /' "$1"; return 1; }; }
hasnt() { ! grep -qF -- "$2" "$1" || { echo "  '$2' unexpectedly in $1"; return 1; }; }
# field BUNDLE PYTHON-EXPRESSION: the expression over the bundle as folio loads it (`folio site-json`: c;
# w = slug -> article, drafts held back), each article with its old addresses from its post file's front
# matter (aliases; JSON values, as import writes them, which YAML reads alike).
field() {
    "$folio" site-json "$1" >"$tmp/site.json" 2>/dev/null || { echo "  folio site-json $1 failed"; return 1; }
    /usr/bin/python3 - "$1" "$2" "$tmp/site.json" <<'PY'
import glob, json, os, sys
c = json.load(open(sys.argv[3], encoding="utf-8"))
w = {a["slug"]: a for a in c["writing"]}
for path in glob.glob(os.path.join(sys.argv[1], "writing", "*.md")):
    lines = open(path, encoding="utf-8").read().split("\n")
    fm = {}
    for line in lines[1:lines.index("---", 1)]:
        key, value = line.split(": ", 1)
        try:
            fm[key] = json.loads(value)
        except ValueError:  # a date, written unquoted
            fm[key] = value
    slug = os.path.basename(path)[:-3]
    if slug in w and "aliases" in fm:
        w[slug]["aliases"] = fm["aliases"]
ok = eval(sys.argv[2])
if not ok:
    print("  false: " + sys.argv[2])
sys.exit(0 if ok else 1)
PY
}
checks() { "$folio" check "$1" >/dev/null; }

import_site() { # name: imports fixtures/NAME into $tmp/NAME, output in $tmp/NAME.out/.err, status in $rc
    "$folio" import "$fixtures/$1" "$tmp/$1" >"$tmp/$1.out" 2>"$tmp/$1.err"
    rc=$?
}

#---- Hugo ----
import_site hugo
ok test "$rc" -eq 0
ok has "$tmp/hugo.out" "folio import: Hugo site"
ok has "$tmp/hugo.out" "5 posts, 3 images, 1 draft, 7 warnings"
ok has "$tmp/hugo.out" "draft, kept as a draft (folio preview shows it; the built site holds it back): content/posts/draft-post.md"
ok checks "$tmp/hugo"
ok field "$tmp/hugo" 'c["site"]["title"] == "Systems Notes" and c["site"]["base_url"] == "https://blog.example.org/" and c["site"]["author"] == "Ada Example"'
# TOML front matter, a title with a colon, a date with a time zone (the author's own day), tags and categories.
ok field "$tmp/hugo" 'w["rust-good-parts"]["title"] == "Rust: the good parts" and w["rust-good-parts"]["date"] == "2023-05-01"'
ok field "$tmp/hugo" 'w["rust-good-parts"]["tags"] == ["rust", "systems-programming", "code"]'
ok field "$tmp/hugo" 'w["rust-good-parts"]["dek"] == "What I keep from two years of Rust."'
ok field "$tmp/hugo" 'w["rust-good-parts"]["opening"].startswith("Two years of Rust taught me three things.")'
# BOM and CRLF, YAML, a front-matter slug that wins over a file name's; the duplicate gets -2.
ok field "$tmp/hugo" 'w["line-endings"]["title"] == "Windows: line endings" and w["line-endings"]["date"] == "2022-12-31"'
ok field "$tmp/hugo" 'w["line-endings"]["tags"] == ["windows", "text-files"] and w["line-endings"]["dek"] == "CRLF, all the way down."'
ok field "$tmp/hugo" 'w["line-endings-2"]["title"] == "Line endings, again" and w["line-endings-2"]["date"] == "2021-03-14"'
ok has "$tmp/hugo.err" "content/notes/line-endings.md:1:1: warning: another post already has the slug 'line-endings'; this one is 'line-endings-2'"
ok hasnt "$tmp/hugo/writing/line-endings.md" $'\r'
# No front matter: the title from the first heading, the date from the file, both reported.
ok field "$tmp/hugo" 'w["no-front-matter"]["title"] == "A post without front matter"'
ok has "$tmp/hugo.err" "content/posts/no-front-matter.md:1:1: warning: no front matter"
ok has "$tmp/hugo.err" "content/posts/no-front-matter.md:1:1: warning: no date; using the file's modification date"
ok field "$tmp/hugo" '"not-ready" not in w and "draft-post" not in w'
# Shortcodes converted; the unknown ones left visible and located.
ok has "$tmp/hugo/writing/rust-good-parts.md" '![The borrow checker, drawn](</images/diagram-one.png>)'
ok has "$tmp/hugo/writing/rust-good-parts.md" '*Figure 1: ownership*'
ok has "$tmp/hugo/writing/rust-good-parts.md" '```rust'
ok has "$tmp/hugo/writing/rust-good-parts.md" '[The talk](https://www.youtube.com/watch?v=dQw4w9WgXcQ)'
ok has "$tmp/hugo/writing/rust-good-parts.md" '[the bundle post](/writing/bundle-post) and [the notes](/writing/line-endings-2#why)'
ok has "$tmp/hugo/writing/rust-good-parts.md" '![chart](/images/img/chart.png)'
ok has "$tmp/hugo/writing/rust-good-parts.md" '[Post by @ada](https://twitter.com/ada/status/1234) and [Gist](https://gist.github.com/ada/5a1b2c)'
ok has "$tmp/hugo/writing/rust-good-parts.md" '{{< notice warning >}}A theme'"'"'s own shortcode.{{< /notice >}}'
ok has "$tmp/hugo/writing/rust-good-parts.md" '`{{< figure src="x.png" >}}`'
ok has "$tmp/hugo/writing/rust-good-parts.md" '![not an image](nowhere.png) untouched.'
ok hasnt "$tmp/hugo/writing/rust-good-parts.md" '<!--more-->'
ok has "$tmp/hugo.err" "content/posts/rust-good-parts.md:30:1: warning: shortcode 'notice' has no Markdown equivalent"
ok has "$tmp/hugo.err" "content/posts/rust-good-parts.md:30:47: warning: shortcode '/notice' has no Markdown equivalent"
ok has "$tmp/hugo.err" "content/posts/crlf-post.md:12:23: warning: shortcode 'unknown-shortcode'"
# Images: from static/ (a space in the name), assets/ and a page bundle's own folder, copied once each.
ok cmp "$fixtures/hugo/static/images/diagram one.png" "$tmp/hugo/images/diagram-one.png"
ok cmp "$fixtures/hugo/assets/img/chart.png" "$tmp/hugo/images/img/chart.png"
ok cmp "$fixtures/hugo/content/posts/bundle-post/cat.png" "$tmp/hugo/images/bundle-post/cat.png"
ok has "$tmp/hugo/writing/bundle-post.md" '![a cat](/images/bundle-post/cat.png "Our cat")'
# Old addresses kept as aliases: url (whose last part names the slug), aliases relative to the section and
# full URLs reduced to their path; without [permalinks], Hugo's own address (section, then slug or file name).
ok field "$tmp/hugo" 'w["bundle-post"]["aliases"] == ["/2022/08/bundle-post/", "/posts/old-bundle", "/bundles/cat/"]'
ok field "$tmp/hugo" 'w["rust-good-parts"]["aliases"] == ["/posts/rust-good-parts/", "/2023/05/rust/"]'
ok field "$tmp/hugo" 'w["line-endings"]["aliases"] == ["/posts/line-endings/"] and w["line-endings-2"]["aliases"] == ["/notes/line-endings/"]'
ok has "$tmp/hugo.out" "9 old addresses kept as aliases"
ok has "$tmp/hugo/writing/bundle-post.md" '<img src="/images/bundle-post/cat.png" alt="the cat again" width="300">'
ok has "$tmp/hugo.err" "content/posts/bundle-post/index.md:20:1: warning: image 'gone.png' not found"
ok has "$tmp/hugo/writing/line-endings-2.md" '## Why'
ok hasnt "$tmp/hugo/writing/bundle-post.md" '# A page bundle' # it only repeated the title
ok hasnt "$tmp/hugo/writing/line-endings-2.md" '{#why}'

#---- Jekyll ----
import_site jekyll
ok test "$rc" -eq 0
ok has "$tmp/jekyll.out" "folio import: Jekyll site"
ok has "$tmp/jekyll.out" "4 posts, 1 image, 2 drafts, 9 warnings"
ok has "$tmp/jekyll.out" "draft, kept as a draft (folio preview shows it; the built site holds it back): _drafts/unfinished.md"
ok has "$tmp/jekyll.out" "draft, kept as a draft (folio preview shows it; the built site holds it back): _posts/2021-05-05-unpublished.md"
ok checks "$tmp/jekyll"
ok field "$tmp/jekyll" 'c["site"]["base_url"] == "https://jekyll.example.org/blog/" and c["site"]["author"] == "Jo Writer" and c["site"]["language"] == "en-GB"'
ok field "$tmp/jekyll" 'w["leap-day"]["title"] == "Leap day: a rare date" and w["leap-day"]["date"] == "2020-02-29"'
ok field "$tmp/jekyll" 'w["leap-day"]["tags"] == ["jekyll", "liquid", "notes"]'
ok field "$tmp/jekyll" 'w["hello"]["title"] == "Hello, world" and w["hello"]["date"] == "2019-01-01"'
ok field "$tmp/jekyll" 'w["hello-2"]["title"] == "Hello again" and w["hello-2"]["date"] == "2021-03-03"'
ok field "$tmp/jekyll" 'w["hello-2"]["opening"].startswith("A second post named hello")' # not the picture's alt text
ok field "$tmp/jekyll" 'w["no-front-matter"]["date"] == "2019-06-15"'
ok field "$tmp/jekyll" '[a["slug"] for a in c["writing"]] == ["hello-2", "leap-day", "no-front-matter", "hello"]'
ok field "$tmp/jekyll" '[y["year"] for y in c["timeline"]] == [2021, 2020, 2019]'
ok has "$tmp/jekyll/writing/leap-day.md" $'```ruby\ndef leap?(year)'
ok has "$tmp/jekyll/writing/leap-day.md" 'Liquid looks like {{ page.title }} and {% if x %}.'
ok has "$tmp/jekyll/writing/leap-day.md" 'Read [the first post](/writing/hello) or [again](/writing/hello).'
ok has "$tmp/jekyll/writing/leap-day.md" '![a picture](/images/assets/img/pic.png)'
ok has "$tmp/jekyll/writing/leap-day.md" '<img src="/images/assets/img/pic.png" alt="the picture again">'
ok hasnt "$tmp/jekyll/writing/leap-day.md" 'never appears'
ok has "$tmp/jekyll.err" "_posts/2020-02-29-leap-day.md:30:1: warning: Liquid tag 'include'"
# permalink and redirect_from kept; what folio check would refuse is named, never dropped in silence.
ok field "$tmp/jekyll" 'w["hello"]["aliases"] == ["/2019/01/01/hello.html", "/hello/", "/welcome/"]'
# The site's permalink (/:year/:month/:day/:title/) for every post; a post's own, placeholders and all, instead.
ok field "$tmp/jekyll" 'w["leap-day"]["aliases"] == ["/2020/02/29/leap-day/"] and w["hello-2"]["aliases"] == ["/2021/hello/"]'
ok field "$tmp/jekyll" 'w["no-front-matter"]["aliases"] == ["/2019/06/15/no-front-matter/"]'
ok has "$tmp/jekyll.err" "_posts/2020-02-29-leap-day.md:7:1: warning: the old address '/hello/' (redirect_from) is not kept: the post _posts/2019-01-01-hello.md keeps it already"
ok hasnt "$tmp/jekyll.err" "placeholder"
ok has "$tmp/jekyll.err" "_posts/2021-03-03-hello.md:4:1: warning: the old address '/writing/' (redirect_from) is not kept: the new site answers /writing itself"
ok has "$tmp/jekyll.err" "_posts/2019-01-01-hello.md:12:1: warning: post_url '2018-05-05-missing' names no imported post"
ok cmp "$fixtures/jekyll/assets/img/pic.png" "$tmp/jekyll/images/assets/img/pic.png"
ok has "$tmp/jekyll.err" "_posts/2018-04-01-old-html-post.html:1:1: warning: not Markdown, so not imported"

#---- Zola ----
import_site zola
ok test "$rc" -eq 0
ok has "$tmp/zola.out" "2 posts, 2 images, 1 draft, 2 warnings"
ok checks "$tmp/zola"
ok field "$tmp/zola" 'c["site"]["title"] == "Zola Site" and c["site"]["author"] == "Zed Author" and c["site"]["base_url"] == "https://zola.example.org/"'
ok field "$tmp/zola" 'w["first"]["title"] == "First: a Zola post" and w["first"]["date"] == "2024-01-15" and sorted(w["first"]["tags"]) == ["static-sites", "web", "zola"]'
ok field "$tmp/zola" 'w["second-post"]["date"] == "2023-11-05" and w["second-post"]["tags"] == ["photos"]'
ok has "$tmp/zola/writing/first.md" '[the second post](/writing/second-post)'
ok has "$tmp/zola/writing/first.md" '[Video on YouTube](https://www.youtube.com/watch?v=dQw4w9WgXcQ)'
ok has "$tmp/zola/writing/first.md" '`{{ youtube(id="x") }}`'
ok has "$tmp/zola/writing/second-post.md" '![photo](/images/second-post/photo.png)'
ok has "$tmp/zola/writing/second-post.md" '[the first](/writing/first#top)'
ok field "$tmp/zola" 'w["first"]["aliases"] == ["/2024/01/first/", "/old/first.html"]'
ok has "$tmp/zola.err" "content/blog/first.md:19:1: warning: shortcode 'note' has no Markdown equivalent"
ok has "$tmp/zola.err" "content/blog/second/index.md:13:59: warning: internal link '@/blog/nowhere.md' names no imported post"
ok cmp "$fixtures/zola/content/blog/second/photo.png" "$tmp/zola/images/second-post/photo.png"

#---- Errors: located, and nothing written ----
import_site broken
ok test "$rc" -eq 1
ok has "$tmp/broken.err" "_posts/2020-01-01-colon.md:2:14: error: YAML: illegal map value"
ok has "$tmp/broken.err" "_posts/2020-01-02-unclosed.md:1:1: error: the front matter opened with '---' is never closed"
ok has "$tmp/broken.err" "2 errors; nothing written"
ok test ! -e "$tmp/broken"
ok test -z "$(ls "$tmp" | grep folio-import-tmp)"
# A file that is not UTF-8 is located; an image path cannot climb out of the site.
mkdir -p "$tmp/odd/content/posts"
printf 'baseURL = "https://odd.example/"\n' >"$tmp/odd/hugo.toml"
printf -- '---\ntitle: x\ndate: 2020-01-01\n---\n![secret](../../../../../../../../etc/hostname)\n' >"$tmp/odd/content/posts/escape.md"
"$folio" import "$tmp/odd" "$tmp/odd-out" >"$tmp/odd.out" 2>"$tmp/odd.err"
ok test $? -eq 0
ok has "$tmp/odd.err" "content/posts/escape.md:5:1: warning: image '../../../../../../../../etc/hostname' not found"
ok test ! -e "$tmp/odd-out/images"
printf -- '---\ntitle: "caf\xe9"\n---\nLatin-1.\n' >"$tmp/odd/content/posts/latin1.md"
"$folio" import "$tmp/odd" "$tmp/odd-out2" >/dev/null 2>"$tmp/odd2.err"
ok test $? -eq 1
ok has "$tmp/odd2.err" "content/posts/latin1.md:2:12: error: not UTF-8"
ok test ! -e "$tmp/odd-out2"
# An existing bundle is never overwritten.
"$folio" import "$fixtures/hugo" "$tmp/hugo" >"$tmp/again.out" 2>"$tmp/again.err"
ok test $? -eq 2
ok has "$tmp/again.err" "already exists"
# Not a site; a wrong --from; no SRC.
mkdir -p "$tmp/empty"
"$folio" import "$tmp/empty" "$tmp/x" >/dev/null 2>"$tmp/empty.err"
ok test $? -eq 2
ok has "$tmp/empty.err" "not a Hugo, Jekyll or Zola site"
"$folio" import "$fixtures/hugo" "$tmp/y" --from wordpress >/dev/null 2>&1
ok test $? -eq 2
"$folio" import >/dev/null 2>&1
ok test $? -eq 2
# --from names the generator instead of detecting it.
"$folio" import "$fixtures/zola" "$tmp/forced" --from zola >"$tmp/forced.out" 2>&1
ok test $? -eq 0
ok has "$tmp/forced.out" "Zola site"

#---- --fetch-images: pictures on another host (a plain file server on loopback) come into the bundle ----
mkdir -p "$tmp/cdn/pics" "$tmp/far/content/posts"
cp "$fixtures/hugo/static/images/diagram one.png" "$tmp/cdn/pics/cat.png"
printf '<html>not a picture</html>' >"$tmp/cdn/pics/page.png"
/usr/bin/python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$tmp/cdn" >"$tmp/cdn.log" 2>&1 &
cdn_pid=$!
trap 'kill $cdn_pid 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do grep -q "port [0-9]" "$tmp/cdn.log" && break; sleep 0.1; done
cdn="http://127.0.0.1:$(sed -n 's/.* port \([0-9]*\) .*/\1/p' "$tmp/cdn.log" | head -1)"
printf 'baseURL = "https://far.example/"\n' >"$tmp/far/hugo.toml"
printf -- '---\ntitle: Far\ndate: 2020-01-01\n---\nA cat: ![cat](%s/pics/cat.png)\n\nAgain, in HTML: <img src="%s/pics/cat.png" alt="cat">\n\n![gone](%s/pics/gone.png)\n\n![page](%s/pics/page.png)\n' \
    "$cdn" "$cdn" "$cdn" "$cdn" >"$tmp/far/content/posts/far.md"
"$folio" import "$tmp/far" "$tmp/far-left" >"$tmp/far-left.out" 2>"$tmp/far-left.err"
ok test $? -eq 0
ok hasnt "$tmp/cdn.log" "GET /pics" # without the option nothing is asked for
ok has "$tmp/far-left/writing/far.md" "![cat]($cdn/pics/cat.png)"
"$folio" import "$tmp/far" "$tmp/far-out" --fetch-images >"$tmp/far.out" 2>"$tmp/far.err"
ok test $? -eq 0
host="127.0.0.1-${cdn##*:}"
ok has "$tmp/far.out" "1 post, 1 image, 0 drafts, 2 warnings"
ok cmp "$tmp/cdn/pics/cat.png" "$tmp/far-out/images/$host/pics/cat.png"
ok has "$tmp/far-out/writing/far.md" "A cat: ![cat](/images/$host/pics/cat.png)"
ok has "$tmp/far-out/writing/far.md" "<img src=\"/images/$host/pics/cat.png\" alt=\"cat\">"
ok test "$(grep -c 'GET /pics/cat.png' "$tmp/cdn.log")" -eq 1 # one download for both
ok has "$tmp/far.err" "content/posts/far.md:9:1: warning: the picture '$cdn/pics/gone.png' could not be downloaded (the host answered HTTP 404); kept as written, on its host"
ok has "$tmp/far.err" "content/posts/far.md:11:1: warning: the picture '$cdn/pics/page.png' could not be downloaded (what came is no PNG, JPEG, GIF, WebP, AVIF or SVG picture, though the host called it image/png); kept as written, on its host"
ok has "$tmp/far-out/writing/far.md" "![gone]($cdn/pics/gone.png)"
ok checks "$tmp/far-out"

#---- Address patterns: every post's old address, as the generator wrote it ----
# site DIR: a small Jekyll site, permalink as given, one post with categories and one with its own permalink.
jekyll_site() {
    mkdir -p "$1/_posts"
    printf 'title: Patterns\nurl: "https://p.example"\npermalink: %s\n' "$2" >"$1/_config.yml"
    printf -- '---\ntitle: A leap day\ncategories: [Notes, Deep Dives]\n---\nOne day more.\n' >"$1/_posts/2020-02-29-leap-day.md"
    printf -- '---\ntitle: Own\npermalink: /:year/own-:title/\n---\nIts own.\n' >"$1/_posts/2021-01-05-own.md"
}
for style in "date|/notes/deep%20dives/2020/02/29/leap-day.html" "pretty|/notes/deep%20dives/2020/02/29/leap-day/" \
    "ordinal|/notes/deep%20dives/2020/060/leap-day.html" "none|/notes/deep%20dives/leap-day.html" \
    "/:year/:month/:title/|/2020/02/leap-day/" "/:categories/:short_year/:i_month/:i_day/:slug.html|/notes/deep%20dives/20/2/29/leap-day.html"; do
    site="$tmp/pattern-$(echo "${style%%|*}" | tr -c 'a-z\n' '_')"
    jekyll_site "$site" "${style%%|*}"
    "$folio" import "$site" "$site.out" >"$site.log" 2>&1
    ok field "$site.out" "w['leap-day']['aliases'] == ['${style#*|}'] and w['own']['aliases'] == ['/2021/own-own/']"
    ok checks "$site.out"
done
jekyll_site "$tmp/pattern-unset" '""'
sed -i '/^permalink/d' "$tmp/pattern-unset/_config.yml" # Jekyll's default is the date style
"$folio" import "$tmp/pattern-unset" "$tmp/pattern-unset.out" >/dev/null 2>&1
ok field "$tmp/pattern-unset.out" "w['leap-day']['aliases'] == ['/notes/deep%20dives/2020/02/29/leap-day.html']"
# The old address answers with the post: the built site has a page there that sends the reader on.
"$folio" build "$tmp/pattern-pretty.out" -o "$tmp/pattern-pretty.site" >/dev/null 2>&1
ok has "$tmp/pattern-pretty.site/notes/deep dives/2020/02/29/leap-day/index.html" "/writing/leap-day"
ok has "$tmp/pattern-pretty.site/_redirects" "/notes/deep%20dives/2020/02/29/leap-day /writing/leap-day 301"

# Hugo's [permalinks] per section; a section without one keeps Hugo's own address; a post's url wins.
mkdir -p "$tmp/hugo-patterns/content/posts" "$tmp/hugo-patterns/content/notes"
printf 'baseURL = "https://h.example/"\ntitle = "H"\n[permalinks]\nposts = "/:year/:month/:title/"\n' >"$tmp/hugo-patterns/hugo.toml"
printf -- '---\ntitle: "Rust: the good parts"\ndate: 2023-05-01T23:30:00-07:00\n---\nText.\n' >"$tmp/hugo-patterns/content/posts/rust.md"
printf -- '---\ntitle: Moved\ndate: 2023-06-01\nurl: /moved-here/\n---\nText.\n' >"$tmp/hugo-patterns/content/posts/moved.md"
printf -- '---\ntitle: A note\ndate: 2023-07-01\nslug: short\n---\nText.\n' >"$tmp/hugo-patterns/content/notes/a-note.md"
"$folio" import "$tmp/hugo-patterns" "$tmp/hugo-patterns.out" >/dev/null 2>&1
ok field "$tmp/hugo-patterns.out" "w['rust']['aliases'] == ['/2023/05/rust-the-good-parts/']"
ok field "$tmp/hugo-patterns.out" "w['moved-here']['aliases'] == ['/moved-here/'] and w['short']['aliases'] == ['/notes/short/']"
printf 'baseURL = "https://h.example/"\n[permalinks.page]\nposts = "/:section/:yearday/:filename/"\n' >"$tmp/hugo-patterns/hugo.toml"
"$folio" import "$tmp/hugo-patterns" "$tmp/hugo-patterns2.out" >/dev/null 2>&1
ok field "$tmp/hugo-patterns2.out" "w['rust']['aliases'] == ['/posts/121/rust/']"

#---- Math as the old site's typesetter read it ----
# kramdown: \\( \\) and \\[ \\] (Markdown's escapes made them \( \) for MathJax), and $$ within a line is an
# inline formula; $$ on lines of its own is displayed. A broken formula stays a located warning.
mkdir -p "$tmp/kmath/_posts"
printf 'title: K\nurl: "https://k.example"\nmarkdown: kramdown\n' >"$tmp/kmath/_config.yml"
printf -- '---\ntitle: Sums\n---\nInline \\\\( x^2 + y^2 \\\\) and a set \\\\( \\\\{ a, b \\\\} \\\\) and $$\\frac{1}{2}$$ in a line.\n\n$$\n\\sum_{i=1}^{n} i\n$$\n\nShown \\\\[ \\int_0^1 f(x)\\,dx \\\\] here, `\\\\( code \\\\)`, and a broken $$\\frac{a$$ one.\n' \
    >"$tmp/kmath/_posts/2022-07-08-sums.md"
"$folio" import "$tmp/kmath" "$tmp/kmath.out" >/dev/null 2>&1
ok has "$tmp/kmath.out/writing/sums.md" 'Inline \( x^2 + y^2 \) and a set \( \{ a, b \} \) and \(\frac{1}{2}\) in a line.'
ok has "$tmp/kmath.out/writing/sums.md" 'Shown \[ \int_0^1 f(x)\,dx \] here, `\\( code \\)`'
"$folio" build "$tmp/kmath.out" -o "$tmp/kmath.site" >/dev/null 2>"$tmp/kmath.err"
kpage="$tmp/kmath.site/writing/sums/index.html"
ok test "$(sed -n '/<div class="body">/,/<\/div>/p' "$kpage" | grep -o '<math' | wc -l)" -eq 5
ok has "$kpage" '<code class="math">\frac{a</code>'
ok has "$kpage" '<code>\\( code \\)</code>'
kline=$(grep -n 'a broken' "$tmp/kmath.out/writing/sums.md" | cut -d: -f1) # below the post's front matter
ok has "$tmp/kmath.err" "writing/sums.md:$kline:"$(($(sed -n "${kline}p" "$tmp/kmath.out/writing/sums.md" | grep -bo 'a broken' | cut -d: -f1) + 10))": warning: the formula '\\frac{a' does not parse"
# Hugo: Markdown's escapes applied before its browser typesetter read the TeX, so \left\( was \left(.
mkdir -p "$tmp/hmath/content/posts"
printf 'baseURL = "https://m.example/"\n' >"$tmp/hmath/hugo.toml"
printf -- '---\ntitle: Grown\ndate: 2021-04-05\n---\nGrown $$\\left\\( \\frac{a}{b} \\right\\)$$ and $\\left\\(y\\right\\)$ too.\n' >"$tmp/hmath/content/posts/grown.md"
"$folio" import "$tmp/hmath" "$tmp/hmath.out" >/dev/null 2>&1
"$folio" build "$tmp/hmath.out" -o "$tmp/hmath.site" >/dev/null 2>"$tmp/hmath.err"
ok test "$(grep -o '<math' "$tmp/hmath.site/writing/grown/index.html" | wc -l)" -eq 2
ok hasnt "$tmp/hmath.err" "does not parse"

#---- A pasted picture: a data: address over 200 lines, inside a paragraph ----
mkdir -p "$tmp/pasted/content/posts"
printf 'baseURL = "https://d.example/"\n' >"$tmp/pasted/hugo.toml"
{
    printf -- '---\ntitle: Pasted\ndate: 2020-01-02\n---\nThe result <img src="data:image/png;base64,iVBORw0KGgo'
    for i in $(seq 210); do printf '\n%s' "AAAAAAAAAAAAAAAAAAAA+BBBBBBBBBBBBBBBBBB/CCCCCCCCCCCCCCCCCCCC$(printf %02d $((i % 100)))ab"; done
    printf '=" alt="a plot"\nwidth="300"> as the run drew it.\n\nAfter.\n'
} >"$tmp/pasted/content/posts/pasted.md"
"$folio" import "$tmp/pasted" "$tmp/pasted.out" >/dev/null 2>&1
"$folio" build "$tmp/pasted.out" -o "$tmp/pasted.site" >/dev/null 2>"$tmp/pasted.err"
ppage="$tmp/pasted.site/writing/pasted/index.html"
ok has "$ppage" '<p>The result <img src="data:image/png;base64,iVBORw0KGgoAAAAAAAAAAAAAAAAAAAA+BBBB'
ok has "$ppage" 'alt="a plot"'
ok test "$(sed 's/<[^>]*>//g' "$ppage" | grep -c 'AAAAAAAAAA')" -eq 0 # never shown as text
ok test "$(zgrep -l '\["img",{"href":"data:image/png;base64,iVBORw0KGgoAAAA' "$tmp"/pasted.site/assets/bodies/*.json.gz | wc -l)" -eq 1
ok hasnt "$tmp/pasted.err" "warning"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
