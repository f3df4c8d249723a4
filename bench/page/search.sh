#!/usr/bin/env bash
# folio benchmark: search across all the writing, on the seed and on 10,000 synthetic articles: index bytes,
# query median and p95 over 100 queries, and the bytes a first query downloads side by side with Pagefind
# (npm's pagefind indexing the same built HTML) and Zola's elasticlunr index (bench/page/search.mjs).
# Uses the prebuilt build/native/folio and build/web; builds the 10k site into build/bench/site-10k.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

echo
echo "== search: index size, query time, first-query bytes vs Pagefind and elasticlunr (bench/page/search.sh) =="
need_builds || exit 0
site=$(seed_site) || exit 0
mkdir -p "$BENCH_OUT"
gen_bundle "$BENCH_OUT/bundle-10k" 10000 2000
big="$BENCH_OUT/site-10k"
"$FOLIO" build "$BENCH_OUT/bundle-10k" -o "$big" --web "$WEB" >/dev/null
PAGEFIND="$ROOT/node_modules/.bin/pagefind"
pagefind_index() { # SITE OUT: Pagefind's index of the built HTML (its own default settings); kept while the HTML is unchanged
  local key
  key=$(find "$1" -name '*.html' -newer "$2/pagefind/pagefind.js" -print -quit 2>/dev/null || true)
  if [ -f "$2/pagefind/pagefind.js" ] && [ -z "$key" ]; then echo "pagefind index of ${1#"$ROOT"/}: reused"; return; fi
  rm -rf "$2"
  mkdir -p "$2"
  if [ -x "$PAGEFIND" ]; then
    local t0 t1
    t0=$(now)
    "$PAGEFIND" --site "$1" --output-path "$2/pagefind" >"$2.log" 2>&1 || { echo "note: pagefind failed (log: ${2#"$ROOT"/}.log)"; return; }
    t1=$(now)
    echo "pagefind indexed ${1#"$ROOT"/} in $(elapsed "$t0" "$t1") s"
  fi
}
pagefind_index "$site" "$BENCH_OUT/pagefind-seed"
pagefind_index "$big" "$BENCH_OUT/pagefind-10k"
node "$ROOT/bench/page/search.mjs" seed "$site" "$BENCH_OUT/pagefind-seed"
node "$ROOT/bench/page/search.mjs" 10k "$big" "$BENCH_OUT/pagefind-10k"
