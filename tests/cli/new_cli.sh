#!/usr/bin/env bash
# `folio new` writes a bundle that checks clean, and never overwrites one.
set -u
folio=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pass=0 fail=0
ok() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAILED: $*"; fi; }

"$folio" new "$dir/site" >/dev/null; ok test $? -eq 0
ok test -f "$dir/site/content.json"
ok test -f "$dir/site/writing/hello.md"
"$folio" check "$dir/site" >/dev/null; ok test $? -eq 0
echo '{}' >"$dir/site/content.json"
"$folio" new "$dir/site" >/dev/null 2>&1; ok test $? -eq 1
ok test "$(cat "$dir/site/content.json")" = "{}"
"$folio" new >/dev/null 2>&1; ok test $? -eq 2
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
