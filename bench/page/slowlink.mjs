// folio benchmark: the first view on slow links (docs/first-view.md, "Slow is not stalled").
//
//   node bench/page/slowlink.mjs SEED_SITE HUGO_SITE
//
// Cold loads on a phone (390 x 844 @3x) through Chromium's own network throttling, served gzipped as a
// static host would, alternating between
// folio's seed and its Hugo twin so that both see the same machine, for each link and page:
//   - folio: when the proof (the first contentful paint), the plain text (if the page ever showed it
//     instead) and the book appeared, from navigation start, and how many renderings the reader saw;
//   - hugo: first contentful paint of the same page.
// Prints median, min and max. A benchmark never fails on a timing.
import { serve, launch } from "../../tests/support/harness.mjs";

const [seedDir, hugoDir] = process.argv.slice(2);
if (!seedDir || !hugoDir) {
  console.error("usage: node bench/page/slowlink.mjs SEED_SITE HUGO_SITE");
  process.exit(2);
}
const LOADS = Number(process.env.FOLIO_BENCH_LOADS || 3);
const LINKS = [
  { name: "slow 3G (400 kbit/s, 400 ms)", latency: 400, bytesPerSecond: 50000 },
  { name: "slow 4G (1.6 Mbit/s, 150 ms)", latency: 150, bytesPerSecond: 200000 },
];
const PAGES = [
  { name: "front page", folio: "/", hugo: "/" },
  { name: "an article", folio: "/writing/the-tensor-was-only-the-handle", hugo: "/writing/the-tensor-was-only-the-handle/" },
];
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

const median = (v) => {
  const s = [...v].sort((a, b) => a - b), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

// Records when the page first showed the proof, the text and the book (the root's state classes).
const RECORD = () => {
  window.__seen = {};
  new MutationObserver(() => {
    const c = document.documentElement.className, now = performance.now();
    for (const [k, cls] of [["proof", "proof-on"], ["text", "no-canvas"], ["book", "canvas-on"]])
      if (c.split(" ").includes(cls) && !(k in window.__seen)) window.__seen[k] = now;
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["class"] });
};

async function load(browser, base, route, link, done) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.addInitScript(RECORD);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: link.latency,
    downloadThroughput: link.bytesPerSecond, uploadThroughput: link.bytesPerSecond });
  await page.goto(base + route, { waitUntil: "commit", timeout: 120000 });
  await page.waitForFunction(done, null, { timeout: 120000, polling: 100 });
  const seen = await page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    return { ...(window.__seen || {}), fcp: fcp ? fcp.startTime : NaN };
  });
  await context.close();
  return seen;
}

function row(label, values) {
  const v = values.filter((x) => typeof x === "number" && !Number.isNaN(x));
  if (!v.length) return console.log(`  ${label.padEnd(46)} ${"-".padStart(9)}`);
  const note = v.length < values.length ? `  (${v.length} of ${values.length} loads)` : "";
  console.log(`  ${label.padEnd(46)} ${(median(v) / 1000).toFixed(2).padStart(9)} ${(Math.min(...v) / 1000).toFixed(2).padStart(9)} ${(Math.max(...v) / 1000).toFixed(2).padStart(9)}  s${note}`);
}

async function main() {
  // Both compressed, as a static host serves them (a plain file server would send folio's proof-laden HTML
  // and the wasm at several times their size; Hugo's pages gain less).
  // FOLIO_BENCH_PLAIN=1: as a plain file server sends them, uncompressed.
  const gzip = !process.env.FOLIO_BENCH_PLAIN;
  const servers = await Promise.all([seedDir, hugoDir].map((d) => serve(d, { gzip })));
  console.log(gzip ? "served gzipped, as a static host does" : "served uncompressed (FOLIO_BENCH_PLAIN)");
  const [folioBase, hugoBase] = servers.map((s) => `http://127.0.0.1:${s.address().port}`);
  const browser = await launch();
  console.log(`${LOADS} cold loads each on a phone, median / min / max from navigation start`);
  for (const link of LINKS) {
    for (const p of PAGES) {
      const folio = [], hugo = [];
      for (let i = 0; i < LOADS; i++) {
        folio.push(await load(browser, folioBase, p.folio, link,
          () => document.documentElement.classList.contains("canvas-on") || (window.folio && window.folio.error)));
        hugo.push(await load(browser, hugoBase, p.hugo, link, () => performance.getEntriesByName("first-contentful-paint").length > 0));
      }
      console.log(`${link.name}, ${p.name}`);
      row("hugo: first contentful paint", hugo.map((h) => h.fcp));
      row("folio: first contentful paint (the proof)", folio.map((f) => f.fcp));
      row("folio: the plain text shown instead", folio.map((f) => f.text));
      row("folio: the book shown", folio.map((f) => f.book));
      const shown = folio.map((f) => ["proof", "text", "book"].filter((k) => k in f).join(" > "));
      console.log(`  renderings the reader saw: ${[...new Set(shown)].map((s) => `${s} (${shown.filter((x) => x === s).length}x)`).join(", ")}`);
    }
  }
  await browser.close();
  servers.forEach((s) => s.close());
}

main().catch((e) => { console.error(e); process.exit(1); });
