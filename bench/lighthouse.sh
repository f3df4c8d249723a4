#!/usr/bin/env bash
# folio benchmark: Lighthouse category scores (performance, accessibility, best practices, SEO) of the seed
# site's front page and one article, served on 127.0.0.1 by the browser tests' static server, in Debian's
# Chromium. Runs only when node_modules/.bin/lighthouse exists; it installs nothing.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"

echo
echo "== lighthouse: category scores, seed site (bench/lighthouse.sh) =="
LH="${LIGHTHOUSE:-$ROOT/node_modules/.bin/lighthouse}" # LIGHTHOUSE=PATH: another lighthouse binary
if [ ! -x "$LH" ]; then
  echo "skipped: lighthouse is not installed in node_modules."
  echo "  to add it: put \"lighthouse\": \"12.x.y\" (an exact version) in package.json devDependencies,"
  echo "  then run npm install (updates package-lock.json; ./folio bootstrap then installs it on every machine)."
  exit 0
fi
if [ ! -x /usr/bin/chromium ]; then
  echo "skipped: /usr/bin/chromium is missing (./folio bootstrap installs it)"
  exit 0
fi
site=$(seed_site) || exit 0
echo "site: ${site#"$ROOT"/}"

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The tests' static server (no rewrites, 404.html for unknown paths), on a free port it prints.
node --input-type=module -e '
  const { serve } = await import(process.argv[1]);
  const s = await serve(process.argv[2]);
  console.log(s.address().port);
' "$ROOT/tests/browser/harness.mjs" "$site" >"$work/port" 2>"$work/server.log" &
server_pid=$!
for _ in $(seq 1 100); do
  [ -s "$work/port" ] && break
  sleep 0.1
done
port=$(head -1 "$work/port" 2>/dev/null || true)
if [ -z "$port" ]; then
  echo "skipped: the static server did not start ($(head -3 "$work/server.log"))"
  exit 0
fi

article=$(cd "$site" && ls -d writing/*/ 2>/dev/null | head -1 || true)
urls=("/")
[ -n "$article" ] && urls+=("/${article%/}")

printf '%-58s %12s %14s %15s %6s\n' "page" "performance" "accessibility" "best practices" "SEO"
for u in "${urls[@]}"; do
  out="$work/report.json"
  if CHROME_PATH=/usr/bin/chromium "$LH" "http://127.0.0.1:$port$u" --quiet --output=json --output-path="$out" \
    --only-categories=performance,accessibility,best-practices,seo \
    --chrome-flags="--headless --no-sandbox --use-angle=swiftshader --enable-unsafe-swiftshader" >"$work/lh.log" 2>&1; then
    node -e '
      const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const s = (k) => (r.categories[k] && r.categories[k].score != null ? String(Math.round(r.categories[k].score * 100)) : "-");
      const p = process.argv[2];
      console.log(p.padEnd(58), s("performance").padStart(12), s("accessibility").padStart(14), s("best-practices").padStart(15), s("seo").padStart(6));
      // A WebGL canvas is never a Largest Contentful Paint candidate, so Lighthouse cannot score
      // performance for the book; print the metrics it did measure, and why the score is missing.
      const a = (k) => r.audits[k] || {};
      const lcp = a("largest-contentful-paint");
      console.log("".padEnd(4), "FCP", a("first-contentful-paint").displayValue || "-", "| CLS", a("cumulative-layout-shift").displayValue || "-",
        "| LCP", lcp.displayValue || ("none (" + (lcp.errorMessage || "n/a") + ")"));
    ' "$out" "$u"
  else
    printf '%-58s %s\n' "$u" "lighthouse failed: $(tail -1 "$work/lh.log")"
  fi
done
echo "(scores 0-100; SwiftShader renders WebGL on the CPU, which weighs on the performance score.)"
