#!/usr/bin/env bash
# folio benchmark: the text layer's rebuild on a page turn, seed site and the 10k synthetic bundle, in
# Debian's Chromium (bench/page/textlayer.mjs). Median and p95, in milliseconds.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

echo
echo "== text layer: rebuild on a page turn, seed and 10k (bench/page/textlayer.sh) =="
need_browser || exit 0
need_builds || exit 0
site=$(seed_site) || exit 0
gen_bundle "$BENCH_OUT/bundle-10k" 10000 2000
out="$BENCH_OUT/site-10k-layer"
"$FOLIO" build "$BENCH_OUT/bundle-10k" -o "$out" --web "$WEB" >/dev/null
node "$ROOT/bench/page/textlayer.mjs" seed "$site" "10k synthetic" "$out"
rm -rf "$out" # hundreds of MB of static pages
