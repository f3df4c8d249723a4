// folio benchmark: where the book's start-up spends the main thread, cold loads of the seed's front page
// in Debian's Chromium (docs/first-view.md, "Where the time goes").
//
//   node bench/page/startup.mjs SITE SYMBOLS        SYMBOLS: build/web/folio.js.symbols (--emit-symbol-map)
//
// First, each start-up step's length, from boot.js's and the wasm's "folio:" marks (median [min-max] of
// LOADS loads, no profiler). Then V8's sampling profiler over as many loads: the main thread's busiest
// functions by self time (a WebGL call's wait for the GPU process is the self time of the JS function that
// made the call), wasm functions named from the symbol map, each with the callers above it. Last, from a
// trace of as many loads, V8's compiling of wasm functions at their first call (lazy compilation: the
// module's functions are compiled when first called, on the thread that calls them) on the main thread
// from the instantiation to the first frame. Environment: FOLIO_BENCH_LOADS (5), FOLIO_PROFILE_TOP (25),
// FOLIO_PROFILE_DEPTH (3 callers).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve, launch } from "../../tests/support/harness.mjs";
import { listen, heard } from "./heard.mjs";

const [site, symbols] = process.argv.slice(2);
if (!site || !symbols) {
  console.error("usage: node bench/page/startup.mjs SITE SYMBOLS");
  process.exit(2);
}
const LOADS = Number(process.env.FOLIO_BENCH_LOADS || 5);
const TOP = Number(process.env.FOLIO_PROFILE_TOP || 25);
const DEPTH = Number(process.env.FOLIO_PROFILE_DEPTH || 3);
const names = new Map();
for (const line of fs.readFileSync(symbols, "utf8").split("\n")) {
  const i = line.indexOf(":");
  if (i > 0) names.set(line.slice(0, i), line.slice(i + 1));
}
// A wasm function's name from the map, shortened to what a reader needs (no parameter list).
const wasmName = (index) => {
  const n = names.get(index);
  if (!n) return "wasm-function[" + index + "]";
  const plain = n.replace(/\\([0-9a-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  return plain.replace(/\((?:[^()]|\([^()]*\))*\)( const)?$/, "");
};
const STEPS = [["context", "gl-context"], ["set-site", "set-site"], ["gl", "gl"], ["shaders", "shaders"], ["imgui", "imgui"],
  ["layout", "lay-out"], ["linked", "linked"]];
const median = (v) => { const s = [...v].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };

const server = await serve(site);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launch();

async function load(profile) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (profile) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  await listen(page, ["first-frame"]);
  const frame = heard(page, "first-frame", 30000);
  await page.goto(base + "/");
  await frame;
  await page.waitForTimeout(300); // the first text layer, a frame later
  const result = profile ? (await cdp.send("Profiler.stop")).profile : null;
  const marks = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType("mark")
    .filter((m) => m.name.startsWith("folio:")).map((m) => [m.name.slice(6), m.startTime])));
  await context.close();
  return { marks, profile: result };
}

console.log(`steps of the start-up, ms of main thread, ${LOADS} cold loads, median [min-max]`);
const plain = [];
for (let i = 0; i < LOADS; i++) plain.push((await load(false)).marks);
for (const [label, mark] of [...STEPS, ["first frame", "frame"]]) {
  const v = plain.map((m) => mark === "frame" ? m["frame-drawn"] - m["frame:start"] : m[mark + ":end"] - m[mark + ":start"])
    .filter((x) => Number.isFinite(x));
  if (v.length) console.log(`  ${label.padEnd(12)} ${median(v).toFixed(1).padStart(7)}  [${Math.min(...v).toFixed(1)}-${Math.max(...v).toFixed(1)}]`);
}
const shown = plain.map((m) => m["book-shown"]).filter(Number.isFinite);
if (shown.length) console.log(`  (the book shown at ${median(shown).toFixed(1)} ms from navigation start)`);

const self = new Map();
let busy = 0;
for (let i = 0; i < LOADS; i++) {
  const { profile } = await load(true);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n);
  const label = (n) => {
    const f = n.callFrame, m = /^\$?(?:func|wasm-function\[)?(\d+)\]?$/.exec(f.functionName);
    if (m && f.url.includes(".wasm")) return "wasm " + wasmName(m[1]);
    if (m && names.has(m[1]) && !f.url) return "wasm " + wasmName(m[1]);
    const where = f.url ? `${f.url.split("/").pop().replace(/\.[0-9a-f]{10}\./, ".")}:${f.lineNumber + 1}:${f.columnNumber + 1}` : "";
    return (f.functionName || "(anonymous)") + (where ? " @" + where : "");
  };
  for (let s = 0; s < profile.samples.length; s++) {
    const node = byId.get(profile.samples[s]);
    const fn = node.callFrame.functionName;
    if (fn === "(idle)" || fn === "(program)" || fn === "(root)") continue;
    let key = label(node);
    for (let up = parent.get(node.id), d = 0; up && d < DEPTH && up.callFrame.functionName !== "(root)"; up = parent.get(up.id), d++)
      key += " < " + label(up);
    const ms = (profile.timeDeltas[s] || 0) / 1000;
    self.set(key, (self.get(key) || 0) + ms);
    busy += ms;
  }
}
console.log(`\nmain thread busy, sampled: ${(busy / LOADS).toFixed(1)} ms per load; by self time (ms per load), with callers:`);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP))
  console.log(`  ${(v / LOADS).toFixed(2).padStart(7)}  ${k.slice(0, 160)}`);

// Lazy compilation, from Chromium's trace: wasm.CompileLazy events on the page's main thread between the
// instantiation and the book shown ("folio:" marks, in the trace as user timing).
const lazy = { count: [], ms: [], span: [] };
const traceFile = path.join(os.tmpdir(), `folio-startup-${process.pid}.json`);
for (let i = 0; i < LOADS; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await browser.startTracing(page, { path: traceFile, categories: ["blink.user_timing", "v8.wasm", "__metadata"] });
  await listen(page, ["book-shown"]);
  const shown = heard(page, "book-shown", 30000);
  await page.goto(base + "/");
  await shown;
  await browser.stopTracing();
  await context.close();
  const events = JSON.parse(fs.readFileSync(traceFile, "utf8")).traceEvents;
  const main = events.find((e) => e.name === "thread_name" && e.args && e.args.name === "CrRendererMain" &&
    events.some((m) => m.pid === e.pid && m.name === "folio:book-shown"));
  const at = (name) => (events.find((e) => e.name === name && (!main || e.pid === main.pid)) || {}).ts;
  const from = at("folio:instantiate:start"), to = at("folio:book-shown");
  if (!main || !from || !to) continue;
  const compiles = events.filter((e) => e.name === "wasm.CompileLazy" && e.ph === "X" && e.pid === main.pid &&
    e.tid === main.tid && e.ts >= from && e.ts <= to);
  lazy.count.push(compiles.length);
  lazy.ms.push(compiles.reduce((sum, e) => sum + e.dur / 1000, 0));
  lazy.span.push((to - from) / 1000);
}
fs.rmSync(traceFile, { force: true });
const fig = (v) => `${median(v).toFixed(1)} [${Math.min(...v).toFixed(1)}-${Math.max(...v).toFixed(1)}]`;
if (lazy.ms.length) {
  console.log(`\nwasm functions compiled at their first call, on the main thread, instantiation to first frame (${lazy.ms.length} loads):`);
  console.log(`  ${fig(lazy.count)} functions, ${fig(lazy.ms)} ms, of ${fig(lazy.span)} ms from instantiation to the book shown`);
}
await browser.close();
server.close();
