#!/usr/bin/env bash
# folio installed like a tool: `cmake --install` into a temporary prefix, then new, check, build, preview
# and import run from there, in a folder outside the repository, with a scrubbed environment and, where
# the system allows a mount namespace (root, or unprivileged user namespaces), the repository and the
# build folders hidden under an empty tmpfs: what the installed folio reads must come from the prefix.
#
#   bash tests/cli/install_cli.sh <repo-root> <native-build-dir>
#
# Needs the web build (the build's FOLIO_WEB_BUILD_DIR, by default build/web; ./folio test builds it
# before ctest): without it this fails, saying so, never skips. Last line: "N passed, M failed".
set -u

# The part run from the prefix, in the scrubbed environment: install_cli.sh --inside PREFIX WORK PORT.
inside() {
    local folio=$1/bin/folio work=$2 port=$3 pass=0 fail=0
    ok() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAILED (line ${BASH_LINENO[0]}): $*"; fi; }
    # fetch PATH [METHOD]: "STATUS TYPE" on stdout, the body in $work/body (the path sent as it is).
    fetch() {
        /usr/bin/python3 - "$port" "$1" "${2:-GET}" "$work/body" <<'PY'
import http.client, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=20)
c.request(sys.argv[3], sys.argv[2])
r = c.getresponse()
open(sys.argv[4], "wb").write(r.read())
print(r.status, r.getheader("Content-Type"), r.getheader("Cache-Control"))
PY
    }
    cd "$work" || return 1

    "$folio" new site >/dev/null; ok test $? -eq 0
    cd site || return 1
    "$folio" check >"$work/check.out" 2>&1; ok test $? -eq 0
    "$folio" build >"$work/build.out" 2>&1; local rc=$?
    ok test $rc -eq 0
    [ $rc -eq 0 ] || cat "$work/build.out"
    ok test -f _site/index.html
    ok test -f _site/404.html
    local wasm="" w
    for w in _site/assets/folio.*.wasm; do [[ $w == *.later.* ]] || wasm=${w#_site/}; done
    ok test -f "_site/$wasm"
    ok compgen -G "_site/assets/boot.*.js" >/dev/null
    ok compgen -G "_site/assets/find.*.js" >/dev/null
    ok compgen -G "_site/assets/search.*.js" >/dev/null
    ok compgen -G "_site/assets/folio.*.css" >/dev/null

    # The preview: listening, then serving what a static host serves, then what an edit changed.
    "$folio" preview --port "$port" -o "$work/preview" >"$work/preview.log" 2>&1 &
    local pid=$! tries=0
    until grep -q "serving" "$work/preview.log" 2>/dev/null; do
        kill -0 $pid 2>/dev/null || break
        tries=$((tries + 1))
        [ $tries -lt 1200 ] || break
        sleep 0.1
    done
    ok grep -q "serving $work/site at http://127.0.0.1:$port/" "$work/preview.log"
    ok test "$(fetch /)" = "200 text/html; charset=utf-8 no-store"
    ok grep -q "Your Name" "$work/body"
    ok test "$(fetch /no-such-page)" = "404 text/html; charset=utf-8 no-store"
    cp "$work/body" "$work/missing.html"
    fetch /404.html >/dev/null
    ok cmp -s "$work/body" "$work/missing.html"
    ok test -s "$work/missing.html"
    ok test "$(fetch "/$wasm")" = "200 application/wasm no-store"
    ok cmp -s "$work/body" "_site/$wasm"
    ok test "$(fetch "/$wasm" HEAD)" = "200 application/wasm no-store"
    ok test ! -s "$work/body"
    ok test "$(fetch /writing)" = "200 text/html; charset=utf-8 no-store" # a folder's index.html
    ok test "$(fetch /%2e%2e/%2e%2e/etc/passwd | cut -d' ' -f1)" = 400
    mkdir -p "$work/preview/中文" && echo "zh" >"$work/preview/中文/index.html"
    ok test "$(fetch /%E4%B8%AD%E6%96%87/ | cut -d' ' -f1)" = 200
    ok grep -qx zh "$work/body"
    # A second preview on the same port says so and stops.
    timeout 20 "$folio" preview --port "$port" -o "$work/preview2" >"$work/taken.log" 2>&1
    ok test $? -eq 1
    ok grep -q "port $port on 127.0.0.1 is taken" "$work/taken.log"
    # An edit shows up: the site's title in the served front page.
    sed -i 's/"title": "Your Name"/"title": "Edited Since"/' content.json
    tries=0
    until fetch / >/dev/null && grep -q "Edited Since" "$work/body"; do
        tries=$((tries + 1))
        [ $tries -lt 300 ] || break
        sleep 0.1
    done
    ok grep -q "Edited Since" "$work/body"
    kill $pid 2>/dev/null
    wait $pid 2>/dev/null
    [ "$fail" -eq 0 ] || { echo "--- preview log"; cat "$work/preview.log"; }

    # import: a small Hugo site to a bundle that checks.
    mkdir -p "$work/hugo/content/posts"
    printf 'title = "A Hugo site"\nbaseURL = "https://example.org/"\n' >"$work/hugo/hugo.toml"
    printf -- '---\ntitle: "First"\ndate: 2024-05-01\n---\nHello from Hugo.\n' >"$work/hugo/content/posts/first.md"
    "$folio" import "$work/hugo" "$work/imported" >"$work/import.out" 2>&1; ok test $? -eq 0
    "$folio" check "$work/imported" >/dev/null 2>&1; ok test $? -eq 0

    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}

if [ "${1:-}" = "--inside" ]; then
    inside "$2" "$3" "$4"
    exit
fi

if [ $# -ne 2 ]; then
    echo "usage: $0 <repo-root> <native-build-dir>" >&2
    exit 2
fi
root=$(cd "$1" && pwd) || exit 2
build=$(cd "$2" && pwd) || exit 2
tmp=$(mktemp -d /tmp/folio-install.XXXXXX) || exit 2
trap '[ -n "${KEEP:-}" ] && echo "kept: $tmp" || rm -rf "$tmp"' EXIT

web=$(sed -n 's/^FOLIO_WEB_BUILD_DIR:[A-Z]*=//p' "$build/CMakeCache.txt")
if [ ! -f "$web/folio.wasm" ]; then
    echo "FAILED: no web build in ${web:-build/web} (folio.wasm): the install ships it; build it first (./folio sites, or ./folio test)"
    echo "0 passed, 1 failed"
    exit 1
fi
if ! cmake --install "$build" --prefix "$tmp/prefix" --strip >"$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"
    echo "FAILED: cmake --install $build"
    echo "0 passed, 1 failed"
    exit 1
fi
mkdir -p "$tmp/work" "$tmp/home"
cp "$0" "$tmp/install_cli.sh" # run from outside the repository, which is hidden below
port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
run=(env -i PATH=/usr/bin:/bin HOME="$tmp/home" LANG=C.UTF-8
    bash "$tmp/install_cli.sh" --inside "$tmp/prefix" "$tmp/work" "$port")
# The folders to hide: the repository, and the build folders when they are elsewhere.
hide=("$root")
for dir in "$build" "$web"; do
    case "$dir/" in "$root"/*) ;; *) hide+=("$dir") ;; esac
done
# shellcheck disable=SC2016
hidden='for d in "${@:2:$1}"; do mount -t tmpfs folio-hidden "$d" || exit 97; done; shift $(($1 + 1)); cd / && exec "$@"'
for how in "unshare --mount" "unshare --user --map-root-user --mount"; do
    if $how true 2>/dev/null; then
        echo "(the repository and build folders are hidden: $how)"
        # shellcheck disable=SC2086
        $how bash -c "$hidden" _ "${#hide[@]}" "${hide[@]}" "${run[@]}"
        exit
    fi
done
echo "(no mount namespace here: the repository stays visible; the environment and folder are scrubbed)"
"${run[@]}"
