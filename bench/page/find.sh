#!/usr/bin/env bash
# folio benchmark: the book's find bar on the 10,000-article writing list and on the seed (bench/page/find.mjs).
# Uses build/bench/site-10k when bench/page/search.sh has built it, else builds it the same way.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

echo
echo "== find: time to the first highlighted match in the browser (bench/page/find.sh) =="
need_builds || exit 0
site=$(seed_site) || exit 0
big="$BENCH_OUT/site-10k"
if [ ! -f "$big/search/index.json" ]; then
  gen_bundle "$BENCH_OUT/bundle-10k" 10000 2000
  "$FOLIO" build "$BENCH_OUT/bundle-10k" -o "$big" --web "$WEB" >/dev/null
fi
node "$ROOT/bench/page/find.mjs" "$site" /writing "tensor,memory,the kernel,python,zzz-no-such-word"
# The synthetic titles' words (bench/gen/gen_bundle.py): common ones and a phrase.
node "$ROOT/bench/page/find.mjs" "$big" /writing "scheduler,allocator,the lock,at three in the morning,zzz-no-such-word"
