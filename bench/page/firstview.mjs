// folio benchmark: the first view, side by side in one run (issue 12, goals 1 and 2).
//
//   node bench/page/firstview.mjs SEED_SITE HUGO_SITE [BIG_SITE]
//
// Cold loads of "/" (a new browser context each: no HTTP cache), alternating between the sites so that all
// of them see the same machine:
//   - folio, the seed: navigation start to the first drawn frame of the book (window.folio.ready), and to
//     its first contentful paint (the proof, the first page set in the HTML);
//   - hugo, the seed's twin (bench/gen/gen_hugo.py): first contentful paint, from the Paint Timing API;
//   - folio, the big archive (10,000 articles), when given: first drawn frame.
// Also for each folio site, the first view's bytes: every response until the first frame, raw and gzip -9;
// and for the seed, the breakdown: each step of the start-up (boot.js's and the wasm's "folio:" marks).
// Prints median, min and max, and the ratios the issue sets goals for. A benchmark never fails on a timing.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { serve, launch } from "../../tests/support/harness.mjs";
import { listen, heard } from "./heard.mjs";

const [seedDir, hugoDir, bigDir] = process.argv.slice(2);
if (!seedDir || !hugoDir) {
  console.error("usage: node bench/page/firstview.mjs SEED_SITE HUGO_SITE [BIG_SITE]");
  process.exit(2);
}
const LOADS = Number(process.env.FOLIO_BENCH_LOADS || 7);
const VIEWPORT = { width: 1280, height: 800 };

const median = (v) => {
  const s = [...v].sort((a, b) => a - b), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

// Where the time goes: each step's time from navigation start (boot.js's and the wasm's "folio:" marks
// and measures, docs/first-view.md; the responses' ends from Resource Timing), for the breakdown.
const STEPS = () => {
  const out = {};
  const nav = performance.getEntriesByType("navigation")[0];
  if (nav) out["html response"] = nav.responseEnd;
  const file = (name) => {
    const base = name.split("/").pop().split("?")[0];
    if (base === "site.json") return "site.json";
    if (/^folio\.later\./.test(base)) return "folio.later.wasm";
    if (/\.wasm$/.test(base)) return "folio.wasm";
    if (/^boot/.test(base)) return "boot.js";
    if (/^folio.*\.js$/.test(base)) return "glue (folio.js)";
    if (/\.css$/.test(base)) return base.replace(/-[0-9a-f]{6,}/, "");
    if (/\.ttf$/.test(base)) return "font " + base.replace(/-[0-9a-f]{6,}/, "");
    return null;
  };
  for (const r of performance.getEntriesByType("resource")) {
    const f = file(r.name);
    if (f) out["downloaded: " + f] = r.responseEnd;
  }
  for (const m of performance.getEntriesByType("mark"))
    if (m.name.startsWith("folio:")) out[m.name.slice(6)] = m.startTime;
  for (const m of performance.getEntriesByType("measure"))
    if (m.name.startsWith("folio:")) {
      out[m.name.slice(6) + ":start"] = m.startTime;
      out[m.name.slice(6) + ":end"] = m.startTime + m.duration;
    }
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  if (fcp) out["first contentful paint"] = fcp.startTime;
  return out;
};

// The breakdown: each step's median time from navigation start [min–max], in the order of the medians, and
// how long after the step before it (by medians).
function breakdown(loads) {
  const names = new Set();
  loads.forEach((l) => Object.keys(l.steps).forEach((k) => names.add(k)));
  const rows = [...names].map((k) => {
    const v = loads.map((l) => l.steps[k]).filter((x) => typeof x === "number");
    return { k, m: median(v), lo: Math.min(...v), hi: Math.max(...v), n: v.length };
  }).sort((a, b) => a.m - b.m);
  console.log(`${"folio seed, steps from navigation start".padEnd(48)} ${"median".padStart(9)} ${"min".padStart(9)} ${"max".padStart(9)} ${"+prev".padStart(8)}`);
  let prev = 0;
  for (const r of rows) {
    const note = r.n < loads.length ? ` (${r.n} of ${loads.length} loads)` : "";
    console.log(`  ${r.k.padEnd(46)} ${r.m.toFixed(1).padStart(9)} ${r.lo.toFixed(1).padStart(9)} ${r.hi.toFixed(1).padStart(9)} ${(r.m - prev).toFixed(1).padStart(8)}${note}`);
    prev = r.m;
  }
}

async function folioLoad(browser, base) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await listen(page, ["first-frame"]);
  const bodies = [];
  page.on("response", (r) => bodies.push(r.body().then((b) => ({ request: r.request(), b }), () => ({ request: r.request(), b: Buffer.alloc(0) }))));
  const frame = heard(page, "first-frame");
  await page.goto(base + "/", { waitUntil: "commit" });
  const t = await frame;
  // The first paint: the proof (the first page as the book sets it, docs/first-view.md), before the canvas.
  const fcp = await page.evaluate(() => {
    const p = performance.getEntriesByName("first-contentful-paint")[0];
    return p ? p.startTime : NaN;
  });
  const steps = await page.evaluate(STEPS);
  // Only what was asked for before the first frame: the later code, asked for after it, is not the first view's.
  const shownAt = await page.evaluate((shown) => { // ms since the epoch: the book shown (boot.js's mark)
    const mark = performance.getEntriesByName("folio:book-shown")[0];
    return performance.timeOrigin + (mark ? mark.startTime : shown);
  }, t);
  const got = (await Promise.all(bodies)).filter((r) => r.request.timing().startTime <= shownAt).map((r) => r.b);
  const raw = got.reduce((s, b) => s + b.length, 0);
  const gz = got.reduce((s, b) => s + (b.length ? zlib.gzipSync(b, { level: 9 }).length : 0), 0);
  await context.close();
  return { t, fcp, raw, gz, files: got.length, steps };
}

async function hugoLoad(browser, base) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await listen(page, ["fcp"]);
  const paint = heard(page, "fcp");
  await page.goto(base + "/", { waitUntil: "commit" });
  const t = await paint;
  await context.close();
  return { t };
}

function row(label, values, unit = "ms") {
  const v = values.map((x) => x.t);
  console.log(`${label.padEnd(48)} ${median(v).toFixed(1).padStart(9)} ${Math.min(...v).toFixed(1).padStart(9)} ${Math.max(...v).toFixed(1).padStart(9)}  ${unit}`);
  return median(v);
}

async function main() {
  const servers = await Promise.all([seedDir, hugoDir, bigDir].filter(Boolean).map((d) => serve(d)));
  const base = servers.map((s) => `http://127.0.0.1:${s.address().port}`);
  const browser = await launch();
  try {
    console.log(`browser: ${browser.version()} (SwiftShader WebGL, headless), viewport ${VIEWPORT.width}x${VIEWPORT.height}, ${LOADS} cold loads each, alternating`);
    await folioLoad(browser, base[0]); // warm the browser process (not counted)
    await hugoLoad(browser, base[1]);
    const seed = [], hugo = [], big = [];
    for (let i = 0; i < LOADS; i++) {
      seed.push(await folioLoad(browser, base[0]));
      hugo.push(await hugoLoad(browser, base[1]));
      if (bigDir) big.push(await folioLoad(browser, base[2]));
    }
    console.log("");
    console.log(`${"first view".padEnd(48)} ${"median".padStart(9)} ${"min".padStart(9)} ${"max".padStart(9)}`);
    const s = row("folio seed: first drawn frame", seed);
    const h = row("hugo twin of the seed: first contentful paint", hugo);
    const b = bigDir ? row("folio 10,000 articles: first drawn frame", big) : 0;
    const sp = row("folio seed: first contentful paint (the proof)", seed.map((x) => ({ t: x.fcp })));
    if (bigDir) row("folio 10,000 articles: first contentful paint", big.map((x) => ({ t: x.fcp })));
    console.log("");
    breakdown(seed);
    console.log("");
    // Issue 46's goals: the book's first frame at most 2.5x the Hugo twin's FCP, the early page at most 1.2x.
    console.log(`first frame / hugo FCP: ${(s / h).toFixed(2)}x (goal <= 2.5x)`);
    console.log(`first paint (the proof) / hugo FCP: ${(sp / h).toFixed(2)}x (goal <= 1.2x)`);
    if (bigDir) console.log(`10,000 articles / seed, first frame: ${(b / s).toFixed(2)}x (goal <= 1.2x)`);
    const kb = (x) => (x / 1000).toFixed(1);
    // Bytes of every load (they differ only when a load fetched something more, e.g. a late image).
    const bytes = (label, loads) => {
      const gz = loads.map((l) => l.gz), raw = loads.map((l) => l.raw), files = loads.map((l) => l.files);
      console.log(`first-view bytes, ${label}: ${median(files)} files, ${kb(median(raw))} KB raw, ` +
        `${kb(median(gz))} KB gzip -9 (min ${kb(Math.min(...gz))}, max ${kb(Math.max(...gz))})`);
      return median(gz);
    };
    const sg = bytes("seed", seed);
    if (bigDir) {
      const bg = bytes("10,000 articles", big);
      console.log(`10,000 articles / seed, first-view gzip bytes: ${(bg / sg).toFixed(2)}x (goal <= 1.2x)`);
    }
    // site.json, the part of the first view that carries the content (core/model/bound.h keeps it bounded).
    for (const [label, dir] of [["seed", seedDir], ["10,000 articles", bigDir]].filter((x) => x[1])) {
      const j = fs.readFileSync(path.join(dir, "site.json"));
      console.log(`site.json, ${label}: ${kb(j.length)} KB raw, ${kb(zlib.gzipSync(j, { level: 9 }).length)} KB gzip -9`);
    }
  } finally {
    await browser.close();
    servers.forEach((sv) => sv.close());
  }
}

main().catch((e) => {
  console.log(`first-view benchmark could not run: ${e && e.message ? e.message.split("\n")[0] : e}`);
  process.exit(0);
});
