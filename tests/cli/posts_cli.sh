#!/usr/bin/env bash
# Posts as files, drafts and scheduled posts, and `folio new post`, as an author runs them:
#   - a post file (writing/*.md with front matter) builds a page, a feed item, a sitemap entry, a search
#     entry and its tag pages, and appears in the writing list and on the front page's timeline;
#   - a draft (draft: true, or "draft": true in content.json) and a post dated after today have none of
#     these; `folio check` lists them on stderr and passes; `folio build --drafts` shows them, marked;
#   - a slug given twice and a broken front matter stop check at their file:line:column;
#   - `folio new post "Title" BUNDLE` writes writing/<slug>.md, prints its path, and never overwrites.
#
#   bash tests/cli/posts_cli.sh <path-to-folio-cli> <repo-root>
#
# The built-site checks need the web build (build/web/folio.wasm; ./folio test builds it first): they fail,
# saying so, without it.
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 <path-to-folio-cli> <repo-root>" >&2
    exit 2
fi
folio="$1"
root="$(cd "$2" && pwd)" || exit 2
web="$root/build/web"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/folio-posts.XXXXXX")" || exit 2
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME="$tmp/cache" # the fonts these builds make: never the user's cache

passed=0 failed=0
check() { # check NAME CONDITION...: passes when the bash condition holds
    local name="$1"
    shift
    if eval "[[ $* ]]"; then
        passed=$((passed + 1))
        echo "ok   $name"
    else
        failed=$((failed + 1))
        echo "FAIL $name: [[ $* ]]"
        printf '       exit %s\n       stdout: %s\n       stderr: %s\n' "$rc" "$(head -c 600 "$tmp/out")" \
            "$(head -c 600 "$tmp/err")"
    fi
}
rc=0
run() {
    timeout 300 "$folio" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}
# shellcheck disable=SC2016

bundle="$tmp/posts"
cp -r "$root/tests/fixtures/posts" "$bundle"

#---- check: clean, the drafts listed ----
run check "$bundle"
check "check passes with drafts" '$rc -eq 0'
check "check counts the articles built" '"$(cat "$tmp/out")" == *"(4 articles,"*'
check "check says 3 drafts are held back" '"$(cat "$tmp/err")" == *"3 drafts held back from the built site"*'
check "check lists the draft post" '"$(cat "$tmp/err")" == *"writing/draft-post.md (draft)"*'
check "check lists the scheduled post" '"$(cat "$tmp/err")" == *"writing/future-post.md (dated 2999-01-01)"*'
check "check lists the draft entry" '"$(cat "$tmp/err")" == *"content.json '"'"'entry-draft'"'"' (draft)"*'

#---- build: posts in, drafts out ----
site="$tmp/site"
if [ -e "$web/folio.wasm" ]; then
    run build "$bundle" -o "$site" --web "$web"
    check "build passes" '$rc -eq 0'
    check "a YAML post has its page" '-f "$site/writing/yaml-post/index.html"'
    check "a TOML post has its page" '-f "$site/writing/toml-post/index.html"'
    check "a post's alias is kept" '-f "$site/2026/04/yaml-post/index.html"'
    check "the writing list names the post" '"$(cat "$site/writing/index.html")" == *"A post in YAML"*'
    check "the front page's timeline names the post" '"$(cat "$site/index.html")" == *"/writing/toml-post"*'
    check "the feed has the post" '"$(cat "$site/rss.xml")" == *"/writing/yaml-post"*'
    check "the sitemap has the post" '"$(cat "$site/sitemap.xml")" == *"/writing/yaml-post"*'
    check "the search index has the post" '"$(zcat -f "$site"/search/index.json "$site"/search/d/* 2>/dev/null)" == *"yaml-post"*'
    check "the post's tag has its page" '-f "$site/tags/yamltag/index.html"'
    for slug in draft-post future-post entry-draft; do
        check "no page for $slug" '! -e "$site/writing/$slug"'
        check "no feed item for $slug" '"$(cat "$site/rss.xml")" != *"$slug"*'
        check "no sitemap entry for $slug" '"$(cat "$site/sitemap.xml")" != *"$slug"*'
        check "no search entry for $slug" '"$(zcat -f "$site"/search/index.json "$site"/search/d/* 2>/dev/null)" != *"$slug"*'
        check "not in site.json: $slug" '"$(cat "$site/site.json")" != *"$slug"*'
        check "not on the front page: $slug" '"$(cat "$site/index.html")" != *"$slug"*'
    done
    for tag in draftonly futureonly entrydraftonly; do
        check "no tag page for $tag" '! -e "$site/tags/$tag"'
    done

    run build "$bundle" -o "$tmp/drafts" --web "$web" --drafts
    check "build --drafts passes" '$rc -eq 0'
    check "build --drafts says it shows them" '"$(cat "$tmp/err")" == *"3 drafts shown, marked"*'
    check "build --drafts has the draft's page" '-f "$tmp/drafts/writing/draft-post/index.html"'
    check "the draft is marked in its page" '"$(cat "$tmp/drafts/writing/draft-post/index.html")" == *"A draft (draft)"*'
    check "the draft is marked in site.json (the book)" '"$(cat "$tmp/drafts/site.json")" == *"A draft (draft)"*'
    check "build --drafts has the scheduled post" '-f "$tmp/drafts/writing/future-post/index.html"'
else
    failed=$((failed + 1))
    echo "FAIL the built-site checks: missing $web/folio.wasm (run ./folio test, which builds it first)"
fi

#---- located errors ----
cp -r "$root/tests/fixtures/posts" "$tmp/dup"
printf -- '---\ntitle: Again\ndate: 2026-05-01\nslug: listed\n---\n\nText.\n' >"$tmp/dup/writing/again.md"
run check "$tmp/dup"
check "a slug from both places fails check" '$rc -eq 1'
check "the error is at the post's slug" '"$(cat "$tmp/err")" == *"/writing/again.md:4:1: error: "*'
check "the error names the entry's place" '"$(cat "$tmp/err")" == *"content.json:22:15 (\$.writing[0].slug)"*'

cp -r "$root/tests/fixtures/posts" "$tmp/bad"
printf -- '---\ntitle: A\ndate: 2026-02-30\n---\n\nText.\n' >"$tmp/bad/writing/bad.md"
run check "$tmp/bad"
check "an impossible date fails check" '$rc -eq 1'
check "the error is at the date, with what to do" '"$(cat "$tmp/err")" == *"/writing/bad.md:3:1: error: date: '"'"'2026-02-30'"'"' is not a date; write it as YYYY-MM-DD"*'

#---- new post ----
run new post "Hello, wörld: a first post" "$bundle"
check "new post passes" '$rc -eq 0'
check "new post prints the path" '"$(cat "$tmp/out")" == "$bundle/writing/hello-wörld-a-first-post.md"'
post="$bundle/writing/hello-wörld-a-first-post.md"
check "new post writes the file" '-f "$post"'
check "its front matter has the title" '"$(cat "$post")" == *"title: \"Hello, wörld: a first post\""*'
check "its front matter has today's date" '"$(cat "$post")" == *"date: $(date +%F)"*'
check "it is a draft, as Hugo makes them" '"$(cat "$post")" == *"draft: true"*'
echo "Some words." >>"$post"
run new post "Hello, wörld: a first post" "$bundle"
check "new post refuses to overwrite" '$rc -eq 1'
check "it says why" '"$(cat "$tmp/err")" == *"already exists"*'
check "the file is as it was" '"$(tail -n 1 "$post")" == "Some words."'
run new post "Listed" "$bundle"
check "new post refuses a slug content.json has" '$rc -eq 1'
run check "$bundle"
check "the bundle checks with the new post" '$rc -eq 0'
check "check lists the new draft" '"$(cat "$tmp/err")" == *"writing/hello-wörld-a-first-post.md (draft)"*'
run new post "A title" "$tmp/no-such-bundle"
check "new post outside a bundle fails" '$rc -eq 1'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
