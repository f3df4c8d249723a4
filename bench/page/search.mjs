// folio benchmark: search across all the writing. Prints figures only; never fails on a number.
//
//   node bench/page/search.mjs LABEL SITE_DIR [PAGEFIND_DIR]
//
// 1. index: bytes of SITE/search/ raw and gzip -9 (each file alone, as a host sends it; a file the build
//    stored gzip-compressed, *.json.gz, counts as it is).
// 2. queries: 100 queries (single words, prefixes, two-word queries, drawn with a fixed seed from the
//    index's own terms) answered by web/search.js itself (the page's engine, loaded into node) from the
//    files on disk. Median and p95 in milliseconds, cold (a fresh engine: the manifest and shards are read
//    and parsed as on a first search) and warm (one engine, shards cached). Also the bytes each cold query
//    reads, gzip: what a visitor's first search downloads besides search.js.
// 3. first query in Chromium, side by side with Pagefind (PAGEFIND_DIR: `pagefind --site SITE` output)
//    and Zola's elasticlunr index (built here with npm's elasticlunr over the same article texts, title and
//    body, documents stored, as Zola ships it): every byte fetched after the page is ready, gzip -9 each.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";
import { createRequire } from "node:module";
import { serve, launch } from "../../tests/support/harness.mjs";

const [label, site, pagefindDir] = process.argv.slice(2);
if (!site) { console.error("usage: node bench/page/search.mjs LABEL SITE_DIR [PAGEFIND_DIR]"); process.exit(2); }
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const gzipped = (buf) => buf.length > 2 && buf[0] === 0x1f && buf[1] === 0x8b;
const gz = (buf) => (gzipped(buf) ? buf.length : zlib.gzipSync(buf, { level: 9 }).length);
const readJson = (file) => { const b = fs.readFileSync(file); return JSON.parse((gzipped(b) ? zlib.gunzipSync(b) : b).toString("utf8")); };
const kb = (b) => (b / 1000).toFixed(1) + " KB";
const pct = (v, p) => { const s = [...v].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))]; };
const median = (v) => pct(v, 0.5);

function walk(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p)); else out.push(p);
  }
  return out;
}

console.log(`\n-- ${label}: ${path.relative(ROOT, site) || site}`);
//--- 1. index bytes
const files = walk(path.join(site, "search")).filter((f) => /\.json(\.gz)?$/.test(f));
let raw = 0, packed = 0;
for (const f of files) { const b = fs.readFileSync(f); raw += b.length; packed += gz(b); }
const manifest = JSON.parse(fs.readFileSync(path.join(site, "search/index.json"), "utf8"));
const searchJs = walk(path.join(site, "assets")).find((f) => /\/search\.[0-9a-f]+\.js$/.test(f));
const foldJs = walk(path.join(site, "assets")).find((f) => /\/fold\.[0-9a-f]+\.js$/.test(f)); // fetched with it
const searchJsGz = gz(fs.readFileSync(searchJs)) + gz(fs.readFileSync(foldJs));
console.log(`index: ${manifest.docs} articles, ${files.length} files, ${manifest.shards.length} term shards; ${raw} B raw, ${packed} B gzip (${kb(raw)} / ${kb(packed)})`);
console.log(`search.js and fold.js: ${fs.statSync(searchJs).size + fs.statSync(foldJs).size} B raw, ${searchJsGz} B gzip`);

//--- 2. queries through web/search.js
const sandbox = vm.createContext({ TextEncoder, Promise, Map, Math, JSON });
for (const script of ["web/fold.js", "web/search.js"]) vm.runInContext(fs.readFileSync(path.join(ROOT, script), "utf8"), sandbox);
const { Engine } = sandbox.FolioSearch;
function engine(meter) {
  return new Engine(path.join(site, "search") + "/", (url) => {
    const buf = fs.readFileSync(url.replace(/\?.*$/, ""));
    if (meter) meter.push(buf); // sized after the timing
    return Promise.resolve(JSON.parse((gzipped(buf) ? zlib.gunzipSync(buf) : buf).toString("utf8")));
  });
}
const terms = [];
for (let i = 0; i < manifest.shards.length; i++)
  terms.push(...Object.keys(readJson(path.join(site, `search/t/${i}.json.gz`))));
const words = terms.filter((t) => /^[a-z]{4,}$/.test(t));
let seed = 12345;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const queries = [];
for (let i = 0; i < 100; i++) {
  const w = words[rand(words.length)];
  if (i % 10 < 4) queries.push(w);
  else if (i % 10 < 7) queries.push(w.slice(0, 3 + rand(Math.max(1, w.length - 3))));
  else queries.push(w + " " + words[rand(words.length)]);
}
const cold = [], warm = [], coldBytes = [], hits = [];
for (const q of queries) {
  const meter = [];
  const t0 = performance.now();
  const r = await engine(meter).query(q, 10);
  cold.push(performance.now() - t0);
  coldBytes.push(meter.reduce((s, b) => s + gz(b), 0));
  hits.push(r.results.length);
}
const warmEngine = engine(null);
for (const q of queries) await warmEngine.query(q, 10);
for (const q of queries) { const t0 = performance.now(); await warmEngine.query(q, 10); warm.push(performance.now() - t0); }
const f = (v) => v.toFixed(2);
console.log(`100 queries (40 words, 30 prefixes, 30 two-word; ${hits.filter((h) => h > 0).length} with results):`);
console.log(`  cold (fresh engine, files read and parsed): median ${f(median(cold))} ms, p95 ${f(pct(cold, 0.95))} ms`);
console.log(`  warm (shards cached):                      median ${f(median(warm))} ms, p95 ${f(pct(warm, 0.95))} ms`);
console.log(`  index bytes a first query reads, gzip:     median ${median(coldBytes)} B, p95 ${pct(coldBytes, 0.95)} B (+ search.js ${searchJsGz} B)`);

//--- 3. first query in the browser: folio vs Pagefind vs elasticlunr (Zola)
const SAMPLE = [queries[0], queries[4], queries[7]];
// Bytes of the responses whose URL passes `counts`, from before navigation to the last result shown.
async function measure(root, url, counts, run) {
  const server = await serve(root);
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await launch();
  const out = [];
  try {
    for (const q of SAMPLE) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const got = [];
      page.on("response", (resp) => {
        if (counts(resp.url())) got.push(resp.body().then((b) => ({ raw: b.length, gzip: gz(b) }), () => null));
      });
      await page.goto(base + url);
      await page.waitForLoadState("load");
      const results = await run(page, q);
      await page.waitForTimeout(300);
      const bodies = (await Promise.all(got)).filter(Boolean);
      out.push({ q, results, files: bodies.length, raw: bodies.reduce((s, b) => s + b.raw, 0), gzip: bodies.reduce((s, b) => s + b.gzip, 0) });
      await context.close();
    }
  } finally { await browser.close(); server.close(); }
  return out;
}
function row(name, m) {
  for (const r of m) console.log(`  ${name.padEnd(12)} ${JSON.stringify(r.q).padEnd(24)} ${String(r.results).padStart(5)} results  ${String(r.files).padStart(3)} files  ${String(r.raw).padStart(10)} B raw  ${String(r.gzip).padStart(9)} B gzip`);
}
console.log(`first query in Chromium: every byte fetched after the page loaded (gzip -9 per file)`);
// Ours: search.js, fold.js and the index files (the page itself is the book's, already there when search is used).
const ours = await measure(site, "/search/", (u) => /\/search\/.+\.json|\/assets\/(search|fold)\.[0-9a-f]+\.js/.test(u), async (page, q) => {
  await page.waitForSelector("#searchpanel input", { timeout: 60000 });
  await page.fill("#searchpanel input", q);
  // Done when the panel is no longer busy (web/search.js), in any of the book's languages.
  await page.waitForFunction(() => { const p = document.querySelector("#searchpanel"), c = p && p.querySelector(".search-count"); return c && c.textContent && !p.hasAttribute("aria-busy"); }, null, { timeout: 60000 });
  return page.$$eval("#searchpanel .search-list li", (l) => l.length);
});
row("folio", ours);
let pf = null;
if (pagefindDir && fs.existsSync(path.join(pagefindDir, "pagefind/pagefind.js"))) {
  fs.writeFileSync(path.join(pagefindDir, "index.html"), "<!doctype html><title>pagefind</title><p>pagefind bench</p>\n");
  fs.writeFileSync(path.join(pagefindDir, "404.html"), "not found\n");
  pf = await measure(pagefindDir, "/", (u) => u.includes("/pagefind/"), async (page, q) => page.evaluate(async (query) => {
    const pagefind = await import("/pagefind/pagefind.js");
    const r = await pagefind.search(query);
    // Its own UI shows the first five results with their excerpts (one fragment file each).
    await Promise.all(r.results.slice(0, 5).map((x) => x.data()));
    return r.results.length;
  }, q));
  row("pagefind", pf);
} else {
  console.log("  pagefind: not measured (no index; bench/page/search.sh builds one with npm's pagefind)");
}
// Zola's approach: one elasticlunr index of every article (title and body, documents stored), fetched whole.
const require = createRequire(import.meta.url);
let lunrBytes = null;
try {
  const elasticlunr = require("elasticlunr");
  const lib = fs.readFileSync(require.resolve("elasticlunr/elasticlunr.min.js"));
  const idx = elasticlunr(function () { this.addField("title"); this.addField("body"); this.setRef("id"); this.saveDocument(true); });
  const strip = (h) => h.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ").replace(/&[a-z#0-9]+;/g, " ").replace(/\s+/g, " ").trim();
  let n = 0;
  for (const dir of fs.readdirSync(path.join(site, "writing"))) {
    const file = path.join(site, "writing", dir, "index.html");
    if (!fs.existsSync(file)) continue;
    const html = fs.readFileSync(file, "utf8");
    const main = /<main id="text">([\s\S]*?)<\/main>/.exec(html);
    const title = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
    idx.addDoc({ id: "/writing/" + dir, title: title ? strip(title[1]) : dir, body: strip(main ? main[1] : html) });
    n++;
  }
  const text = Buffer.from("window.searchIndex = " + JSON.stringify(idx.toJSON()) + ";");
  lunrBytes = { raw: text.length + lib.length, gzip: gz(text) + gz(lib) };
  console.log(`  ${"elasticlunr".padEnd(12)} (any query)              ${n} docs  2 files ${String(lunrBytes.raw).padStart(10)} B raw  ${String(lunrBytes.gzip).padStart(9)} B gzip (search_index.en.js + elasticlunr.min.js)`);
} catch (e) {
  console.log(`  elasticlunr: not measured (${e.message})`);
}
const ourMed = median(ours.map((r) => r.gzip));
let line = `first query, gzip, median of the ${SAMPLE.length} queries: folio ${ourMed} B`;
if (pf) { const m = median(pf.map((r) => r.gzip)); line += `; pagefind ${m} B (${(m / ourMed).toFixed(1)}x folio)`; }
if (lunrBytes) line += `; elasticlunr ${lunrBytes.gzip} B (${(lunrBytes.gzip / ourMed).toFixed(1)}x folio)`;
console.log(line);
