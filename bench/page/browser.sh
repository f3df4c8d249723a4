#!/usr/bin/env bash
# folio benchmark: the seed site in Debian's Chromium: time to the first drawn frame, idle and scrolling
# frame rates (bench/page/browser.mjs). Uses build/site when it is there (./folio test builds it); otherwise builds
# the seed into build/bench/site with the prebuilt build/native/folio and build/web.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

echo
echo "== browser: first frame and frame rates, seed site (bench/page/browser.sh) =="
need_browser || exit 0
site=$(seed_site) || exit 0
echo "site: ${site#"$ROOT"/}"
node "$ROOT/bench/page/browser.mjs" "$site"
