#!/usr/bin/env bash
# Check first (issue 45): ten kinds of broken bundle, each stopped by `folio build` with its located error
# (file:line:column: error: what; what to do) before anything else is made: no fonts folder, no output.
set -u
folio=$1
src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pass=0 fail=0
mkdir -p "$dir/web"
echo "// glue" >"$dir/web/folio.js"
printf '\0asm' >"$dir/web/folio.wasm"

bundle() { mkdir -p "$dir/$1" && echo "$dir/$1"; }
copy() { cp -r "$src/tests/fixtures/rich" "$dir/$1" && echo "$dir/$1"; }
: >"$(bundle empty)/content.json"
echo 'hello world' >"$(bundle not-json)/content.json"
head -c 300 "$src/tests/fixtures/rich/content.json" >"$(bundle truncated)/content.json"
printf '{"schema": 1, "site": {"title": "a\0b"}}' >"$(bundle nul)/content.json"
printf '{"schema": 1, "site": {"title": "caf\xe9"}}' >"$(bundle utf8)/content.json"
/usr/bin/python3 -c 'print("[" * 100000 + "]" * 100000)' >"$(bundle deep)/content.json"
/usr/bin/python3 - "$(copy duplicate)/content.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
c["writing"].append(dict(c["writing"][0]))
json.dump(c, open(sys.argv[1], "w"), indent=2)
PY
sed -i '0,/"date": "[0-9-]*"/s//"date": "2023-02-30"/' "$(copy date)/content.json"
sed -i '0,/"schema": 1,/s//"schema": 1, "colour": "red",/' "$(copy unknown)/content.json"
sed -i 's|"href": "https://ada.example/coffee"|"href": "javascript:alert(1)"|' "$(copy javascript)/content.json"

# kind: the message's words that must be there
declare -A said=(
  [empty]="the file is empty" [not-json]="not valid JSON" [truncated]="ends too early" [nul]="NUL byte"
  [utf8]="invalid UTF-8" [deep]="nesting deeper than 256 levels" [duplicate]="duplicate slug"
  [date]="impossible date" [unknown]="unknown field 'colour'" [javascript]="'javascript:' is not allowed")
for kind in "${!said[@]}"; do
  b="$dir/$kind"
  err=$("$folio" build "$b" -o "$dir/out-$kind" --web "$dir/web" --fonts "$dir/fonts-$kind" 2>&1 >/dev/null)
  rc=$?
  first=$(printf '%s\n' "$err" | head -1)
  problems=()
  [ $rc -eq 1 ] || problems+=("exit $rc, not 1")
  [[ "$first" =~ ^$b/content\.json:[0-9]+:[0-9]+:\ error:\ .*\;\ .+ ]] || problems+=("not located with a fix: $first")
  [[ "$first" == *"${said[$kind]}"* ]] || problems+=("does not say '${said[$kind]}'")
  [ ${#first} -lt 400 ] || problems+=("a message of ${#first} characters")
  [ ! -e "$dir/fonts-$kind" ] || problems+=("the fonts were made before the check")
  [ ! -e "$dir/out-$kind" ] || problems+=("an output folder was written")
  if [ ${#problems[@]} -eq 0 ]; then
    pass=$((pass + 1))
    echo "ok   $kind: $first"
  else
    fail=$((fail + 1))
    echo "FAIL $kind: ${problems[*]}"
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -eq 10 ]
