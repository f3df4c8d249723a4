// folio benchmark: the first view's bytes for a site in another script (issue 29: Chinese, whose script
// face is the largest file after the wasm). Budget: 400 KB gzip for the front page.
//
//   node bench/bytes/scripts_firstview.mjs SITE [ROUTE]
//
// Cold loads of ROUTE (default "/"; a new browser context each: no HTTP cache) until the book's first frame
// (boot.js's "book-shown" mark): every response asked for before it, raw and gzip -9, file by file, and
// whether the early page (the proof) painted first. Prints the median load; never fails on a figure.
import zlib from "node:zlib";
import { serve, launch } from "../../tests/support/harness.mjs";

const [site, route = "/"] = process.argv.slice(2);
if (!site) {
  console.error("usage: node bench/bytes/scripts_firstview.mjs SITE [ROUTE]");
  process.exit(2);
}
const LOADS = Number(process.env.FOLIO_BENCH_LOADS || 3);
const BUDGET = 400 * 1024;
const kb = (n) => (n / 1024).toFixed(1);
const name = (url) => decodeURIComponent(new URL(url).pathname).replace(/\.[0-9a-f]{6,}\./, ".");

async function load(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const bodies = [];
  page.on("response", (r) => bodies.push(r.body().then((b) => ({ r, b }), () => ({ r, b: Buffer.alloc(0) }))));
  await page.goto(base + route, { waitUntil: "commit" });
  await page.waitForFunction(() => document.documentElement.classList.contains("canvas-on"), null, { timeout: 120000 });
  const marks = await page.evaluate(() => {
    const at = (n) => (performance.getEntriesByName(n)[0] || {}).startTime;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    return { shown: performance.timeOrigin + (at("folio:book-shown") ?? performance.now()), shownAt: at("folio:book-shown"), fcp: fcp ? fcp.startTime : NaN };
  });
  const got = (await Promise.all(bodies)).filter(({ r }) => r.request().timing().startTime <= marks.shown);
  const files = got.map(({ r, b }) => ({ file: name(r.url()), raw: b.length, gz: b.length ? zlib.gzipSync(b, { level: 9 }).length : 0 }));
  await context.close();
  return { files, gz: files.reduce((s, f) => s + f.gz, 0), raw: files.reduce((s, f) => s + f.raw, 0), fcp: marks.fcp, shownAt: marks.shownAt };
}

const server = await serve(site);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launch();
const loads = [];
for (let i = 0; i < LOADS; i++) loads.push(await load(browser, base));
await browser.close();
server.close();
loads.sort((a, b) => a.gz - b.gz);
const m = loads[(loads.length - 1) >> 1];
console.log(`first view of ${route} (${site}), median of ${LOADS} cold loads, file by file:`);
for (const f of [...m.files].sort((a, b) => b.gz - a.gz))
  console.log(`  ${f.file.padEnd(48)} ${kb(f.raw).padStart(8)} KB raw ${kb(f.gz).padStart(8)} KB gzip -9`);
console.log(`total: ${m.files.length} files, ${kb(m.raw)} KB raw, ${kb(m.gz)} KB gzip -9 (budget ${kb(BUDGET)} KB: ${m.gz <= BUDGET ? "within" : "over"})`);
const fonts = m.files.filter((f) => /\.ttf$/.test(f.file));
console.log(`fonts: ${fonts.length} files, ${kb(fonts.reduce((s, f) => s + f.gz, 0))} KB gzip -9; script faces: ${kb(fonts.filter((f) => /script-/.test(f.file)).reduce((s, f) => s + f.gz, 0))} KB gzip -9`);
console.log(`first contentful paint ${m.fcp.toFixed(0)} ms, book shown ${(m.shownAt ?? NaN).toFixed(0)} ms: the early page ${m.fcp < m.shownAt ? "paints first" : "does NOT paint first"}`);
