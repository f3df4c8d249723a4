#!/usr/bin/env bash
# folio benchmark: Lighthouse category scores (performance, accessibility, best practices, SEO) of the seed
# site's front page and one article, served on 127.0.0.1 by the browser tests' static server, in Debian's
# Chromium. Runs only when node_modules/.bin/lighthouse exists; it installs nothing.
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

echo
echo "== lighthouse: category scores, seed site (bench/page/lighthouse.sh) =="
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
' "$ROOT/tests/support/harness.mjs" "$site" >"$work/port" 2>"$work/server.log" &
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
RUNS=${FOLIO_LIGHTHOUSE_RUNS:-3}

# Lighthouse's default configuration: mobile (a Moto G Power's screen), simulated slow 4G and 4x CPU
# throttling. Each page RUNS times; every figure is the median, with min and max beside it.
echo "mobile, default config; $RUNS runs per page: median [min-max]"
for u in "${urls[@]}"; do
  reports=()
  for ((i = 0; i < RUNS; i++)); do
    out="$work/report-$i.json"
    if CHROME_PATH=/usr/bin/chromium "$LH" "http://127.0.0.1:$port$u" --quiet --output=json --output-path="$out" --save-assets \
      --only-categories=performance,accessibility,best-practices,seo \
      --chrome-flags="--headless --no-sandbox --use-angle=swiftshader --enable-unsafe-swiftshader" >"$work/lh.log" 2>&1; then
      reports+=("$out")
    else
      echo "$u: lighthouse failed: $(tail -1 "$work/lh.log")"
    fi
  done
  [ ${#reports[@]} -gt 0 ] || continue
  node -e '
    const fs = require("fs");
    const [page, ...files] = process.argv.slice(1);
    const rs = files.map((f) => JSON.parse(fs.readFileSync(f, "utf8")));
    const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[(s.length - 1) >> 1]; };
    const row = (label, xs, fmt) => {
      if (xs.some((x) => x == null)) return console.log("  " + label.padEnd(16), "-", "(" + xs.join(", ") + ")");
      console.log("  " + label.padEnd(16), fmt(med(xs)).padStart(8), ("[" + fmt(Math.min(...xs)) + "-" + fmt(Math.max(...xs)) + "]").padStart(18));
    };
    const score = (k) => rs.map((r) => (r.categories[k] && r.categories[k].score != null ? Math.round(r.categories[k].score * 100) : null));
    const audit = (k) => rs.map((r) => (r.audits[k] && r.audits[k].numericValue != null ? r.audits[k].numericValue : null));
    const ms = (x) => (x / 1000).toFixed(2) + " s", plain = (x) => String(x), cls = (x) => x.toFixed(3), tbt = (x) => Math.round(x) + " ms";
    console.log(page + " (" + rs.length + " runs)");
    row("performance", score("performance"), plain);
    row("LCP", audit("largest-contentful-paint"), ms);
    row("FCP", audit("first-contentful-paint"), ms);
    row("speed index", audit("speed-index"), ms);
    row("TBT", audit("total-blocking-time"), tbt);
    row("CLS", audit("cumulative-layout-shift"), cls);
    row("accessibility", score("accessibility"), plain);
    row("best practices", score("best-practices"), plain);
    row("SEO", score("seo"), plain);
    const lcp = rs.map((r) => r.audits["largest-contentful-paint-element"]);
    const el = lcp[0] && lcp[0].details && JSON.stringify(lcp[0].details).match(/"selector":"([^"]*)"/);
    if (el) console.log("  LCP element      " + el[1]);
    const missing = rs.map((r) => r.audits["largest-contentful-paint"].errorMessage).filter(Boolean);
    if (missing.length) console.log("  no LCP: " + missing[0]);
    // Where TBT comes from, in the run with the median TBT: the main-thread tasks after the first
    // contentful paint that Lighthouse counts (it simulates a 4x slower CPU: 4 x the observed length, less
    // 50 ms), from the run'"'"'s own trace, named by the folio: marks inside them (docs/first-view.md).
    const tbts = audit("total-blocking-time"), mid = tbts.indexOf(med(tbts));
    let trace = null;
    try { trace = JSON.parse(fs.readFileSync(files[mid].replace(/\.json$/, "-0.trace.json"), "utf8")); } catch (e) {}
    if (trace) {
      const ev = trace.traceEvents || trace;
      const main = new Set(ev.filter((e) => e.name === "thread_name" && e.args.name === "CrRendererMain").map((e) => e.pid + ":" + e.tid));
      const on = (e) => main.has(e.pid + ":" + e.tid);
      const nav = ev.find((e) => e.name === "navigationStart" && on(e));
      const fcp = ev.find((e) => e.name === "firstContentfulPaint" && on(e));
      if (nav && fcp) {
        const marks = ev.filter((e) => on(e) && e.name.startsWith("folio:") && e.ph !== "e");
        const tasks = ev.filter((e) => on(e) && e.name === "RunTask" && e.dur > 12500 && e.ts > fcp.ts);
        const outer = tasks.filter((t) => !tasks.some((o) => o !== t && o.ts <= t.ts && o.ts + o.dur >= t.ts + t.dur));
        const sim = (t) => Math.max(0, (4 * t.dur) / 1000 - 50);
        console.log("  TBT of the median run (" + Math.round(tbts[mid]) + " ms), from its trace: tasks after FCP over 12.5 ms,");
        console.log("    at ms   observed   counted   folio marks inside");
        for (const t of outer) {
          const inside = [...new Set(marks.filter((m) => m.ts >= t.ts && m.ts < t.ts + t.dur).map((m) => m.name.slice(6).replace(/:(start|end)$/, "")))];
          console.log("    " + String(Math.round((t.ts - nav.ts) / 1000)).padStart(5) + (t.dur / 1000).toFixed(1).padStart(11) +
            sim(t).toFixed(0).padStart(10) + "   " + (inside.slice(0, 4).join(", ") || "-"));
        }
        console.log("    sum counted " + outer.reduce((a, t) => a + sim(t), 0).toFixed(0) + " ms (Lighthouse simulates the whole load, so its TBT differs)");
      }
    }
  ' "$u" "${reports[@]}"
done
echo "(scores 0-100; SwiftShader renders WebGL on the CPU; the goal: performance >= 90, CLS 0, the other three 100)"
