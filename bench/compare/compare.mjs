// folio benchmark: two builds of the same site, one before a change and one after, loaded in one run
// (bench/compare/compare.sh builds them).
//
//   node bench/compare/compare.mjs BEFORE_SITE AFTER_SITE
//
// Cold loads of "/" at 1280 x 800 (a new browser context each: no HTTP cache), alternating before and after
// so that both see the same machine: the first paint (the first contentful paint: the early page), the first
// frame (the book shown: the "folio:book-shown" mark), and the first view's bytes (every file fetched until
// the first frame, raw and gzip -9, read from the site's folder). Prints median [min-max] and after/before.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { serve, launch } from "../../tests/support/harness.mjs";

const [beforeDir, afterDir] = process.argv.slice(2);
if (!beforeDir || !afterDir) {
  console.error("usage: node bench/compare/compare.mjs BEFORE_SITE AFTER_SITE");
  process.exit(2);
}
const LOADS = Number(process.env.FOLIO_BENCH_LOADS || 9);
const median = (v) => {
  const s = [...v].sort((a, b) => a - b), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const figure = (v, unit, digits = 1) =>
  `${median(v).toFixed(digits)} ${unit} [${Math.min(...v).toFixed(digits)}-${Math.max(...v).toFixed(digits)}]`;

async function load(browser, base, root) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(base + "/");
  await page.waitForFunction(() => performance.getEntriesByName("folio:book-shown").length > 0, null, { timeout: 120000 });
  const r = await page.evaluate(() => {
    const shown = performance.getEntriesByName("folio:book-shown")[0].startTime;
    const fcp = (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime;
    const files = performance.getEntriesByType("resource").filter((e) => e.responseEnd <= shown).map((e) => new URL(e.name).pathname);
    return { shown, fcp, files: ["/index.html", ...files] };
  });
  await context.close();
  let raw = 0, gzip = 0;
  for (const p of new Set(r.files)) {
    const file = path.join(root, decodeURIComponent(p));
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) continue;
    const bytes = fs.readFileSync(file);
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return { paint: r.fcp, frame: r.shown, raw, gzip, files: new Set(r.files).size };
}

const browser = await launch();
const sites = [];
for (const [name, dir] of [["before", beforeDir], ["after", afterDir]])
  sites.push({ name, dir: path.resolve(dir), server: await serve(path.resolve(dir)), loads: [] });
for (let i = 0; i < LOADS + 1; i++)
  for (const s of i % 2 ? [...sites].reverse() : sites) {
    const r = await load(browser, `http://127.0.0.1:${s.server.address().port}`, s.dir);
    if (i > 0) s.loads.push(r); // the first round warms the machine's caches, for both
  }
await browser.close();
for (const s of sites) s.server.close();

console.log(`seed front page, ${LOADS} cold loads each at 1280 x 800, alternating; median [min-max]:`);
const [b, a] = sites;
for (const [key, label, unit, digits] of [["paint", "first paint (first contentful paint)", "ms", 1],
  ["frame", "first frame (the book shown)", "ms", 1], ["raw", "first view, raw", "B", 0], ["gzip", "first view, gzip -9", "B", 0]]) {
  const bv = b.loads.map((l) => l[key]).filter((v) => v !== undefined), av = a.loads.map((l) => l[key]).filter((v) => v !== undefined);
  if (!bv.length || !av.length) continue;
  console.log(`  ${label.padEnd(38)} before ${figure(bv, unit, digits).padEnd(30)} after ${figure(av, unit, digits).padEnd(30)} after/before ${(median(av) / median(bv)).toFixed(3)}`);
}
console.log(`  files in the first view: before ${b.loads[0].files}, after ${a.loads[0].files}`);
