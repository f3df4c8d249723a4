#!/usr/bin/env bash
# folio benchmark: text sizes in CSS px per viewport, measured from the layout (bench/core/bench_sizes.cpp).
# Uses build/native/bench/folio_bench_sizes (built by `./folio bench`; this script builds nothing).
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"
BIN="$ROOT/build/native/bench/folio_bench_sizes"

echo
echo "== sizes: body and secondary text in CSS px per viewport (bench/core/sizes.sh) =="
if [ ! -x "$BIN" ]; then
  echo "skipped: $BIN is missing (run ./folio bench, or cmake --build build/native)"
  exit 0
fi
"$BIN" "$ROOT"
