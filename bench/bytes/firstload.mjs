// The bytes a visitor's browser downloads for a site's first view, counted as real Chromium loads it: every
// response from the site's origin from navigation until the book has drawn and gone idle (the page asks
// for nothing more), each file's size raw, gzip -9 and brotli -q 11 (as a host that compresses would send
// it). Counted where a host counts them: at the server, one row per request served (a response the browser
// takes from its preload cache is not downloaded again, and is not counted). The first view is what was
// asked for until the book's first frame was shown; what the page asks for after that (the later code) is
// listed and totalled apart. usage: node bench/bytes/firstload.mjs LABEL=SITE_DIR [LABEL=SITE_DIR ...] (env FOLIO_ROUTE, default "/").
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import http from "node:http";
import { serve, launch } from "../../tests/support/harness.mjs";

const route = process.env.FOLIO_ROUTE || "/";
const GOAL = 200000; // issue 12, goal 6: first load <= 200 KB gzip, fonts included

function sizes(file) {
  const b = fs.readFileSync(file);
  return {
    raw: b.length,
    gzip: zlib.gzipSync(b, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

// The harness's static server, with a log of what it served.
async function countingServer(dir) {
  const inner = await serve(path.resolve(dir));
  const target = inner.address().port;
  const served = [];
  const server = http.createServer((req, res) => {
    const up = http.request({ host: "127.0.0.1", port: target, path: req.url, method: req.method, headers: req.headers }, (r) => {
      served.push({ path: decodeURIComponent(new URL(req.url, "http://x").pathname), status: r.statusCode });
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    req.pipe(up);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, served, close: () => { server.close(); inner.close(); } };
}

async function firstLoad(browser, dir, viewport) {
  const host = await countingServer(dir);
  const base = `http://127.0.0.1:${host.server.address().port}`;
  const context = await browser.newContext(viewport);
  const page = await context.newPage();
  let inFlight = 0, lastActivity = Date.now();
  page.on("request", (r) => { if (r.url().startsWith(base)) { inFlight++; lastActivity = Date.now(); } });
  const done = (r) => { if (r.url().startsWith(base)) { inFlight--; lastActivity = Date.now(); } };
  page.on("requestfailed", done);
  page.on("requestfinished", done);
  await page.goto(base + route);
  await page.waitForFunction(() => window.folio && window.folio.framesDrawn > 0, null, { timeout: 60000 });
  // Idle: nothing in flight and no new request for a second, the frame counter standing still.
  let frames = -1;
  for (let i = 0; i < 120; i++) {
    const n = await page.evaluate(() => window.folio.framesDrawn);
    if (inFlight === 0 && Date.now() - lastActivity > 1000 && n === frames) break;
    frames = n;
    await page.waitForTimeout(250);
  }
  // Which requests began after the book's first frame was shown (the later code, docs/first-view.md):
  // counted apart, as what comes after the first view.
  const afterShown = await page.evaluate(() => {
    const shown = performance.getEntriesByName("folio:book-shown")[0];
    if (!shown) return [];
    return performance.getEntriesByType("resource").filter((r) => r.startTime > shown.startTime)
      .map((r) => decodeURIComponent(new URL(r.name).pathname));
  });
  await context.close();
  host.close();
  return host.served.map((s) => {
    let file = path.join(dir, s.path);
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    return { path: s.path, status: s.status, later: afterShown.includes(s.path),
      ...sizes(fs.existsSync(file) ? file : path.join(dir, "404.html")) };
  });
}

const kb = (n) => (n / 1000).toFixed(1);
const browser = await launch();
const totals = [];
for (const arg of process.argv.slice(2)) {
  const [label, dir] = arg.split("=");
  for (const [vname, viewport] of [["1280x800", { viewport: { width: 1280, height: 800 } }],
    ["phone 390x844 @3x", { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }]]) {
    const all = await firstLoad(browser, dir, viewport);
    const sum = (list) => list.reduce((a, f) => ({ raw: a.raw + f.raw, gzip: a.gzip + f.gzip, brotli: a.brotli + f.brotli }), { raw: 0, gzip: 0, brotli: 0 });
    const files = all.filter((f) => !f.later), afterwards = all.filter((f) => f.later);
    const t = sum(files), a = sum(afterwards);
    totals.push({ label, vname, n: files.length, ...t, after: { n: afterwards.length, ...a } });
    if (vname !== "1280x800") continue;
    console.log(`\n${label}: ${dir}, route ${route}, ${vname}: ${all.length} responses`);
    const row = (f) => console.log(f.path.slice(0, 45).padEnd(46) + String(f.status).padStart(7) + String(f.raw).padStart(10) + String(f.gzip).padStart(10) + String(f.brotli).padStart(10));
    console.log("file".padEnd(46) + "status".padStart(7) + "raw B".padStart(10) + "gzip B".padStart(10) + "brotli B".padStart(10));
    files.forEach(row);
    console.log("total, the first view".padEnd(53) + String(t.raw).padStart(10) + String(t.gzip).padStart(10) + String(t.brotli).padStart(10));
    if (afterwards.length) {
      console.log("asked for after the book's first frame was shown:");
      afterwards.forEach(row);
      console.log("total, with what came after".padEnd(53) + String(t.raw + a.raw).padStart(10) + String(t.gzip + a.gzip).padStart(10) + String(t.brotli + a.brotli).padStart(10));
    }
  }
}
await browser.close();
console.log("\nfirst load, totals (KB = 1000 B)");
console.log("site".padEnd(12) + "viewport".padEnd(20) + "files".padStart(6) + "raw KB".padStart(10) + "gzip KB".padStart(10) + "brotli KB".padStart(11) + "  goal <= 200 KB gzip");
for (const t of totals) {
  console.log(t.label.padEnd(12) + t.vname.padEnd(20) + String(t.n).padStart(6) + kb(t.raw).padStart(10) + kb(t.gzip).padStart(10) + kb(t.brotli).padStart(11) + "  " + (t.gzip <= GOAL ? "met" : "NOT met"));
  if (t.after.n) console.log("  then, after the first frame".padEnd(32) + String(t.after.n).padStart(6) + kb(t.after.raw).padStart(10) + kb(t.after.gzip).padStart(10) + kb(t.after.brotli).padStart(11) + `  (all: ${kb(t.gzip + t.after.gzip)} KB gzip)`);
}
if (totals.length > 1) {
  const a = totals[0], b = totals.find((t) => t.label !== a.label && t.vname === a.vname);
  if (b) console.log(`${b.label} / ${a.label} (gzip, ${a.vname}): ${(b.gzip / a.gzip).toFixed(3)}`);
}
