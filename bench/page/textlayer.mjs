// folio benchmark: the text layer's rebuild on a page turn, in Debian's Chromium (the browser tests'
// launch and static server).
//
//   node bench/page/textlayer.mjs LABEL SITE_DIR [LABEL SITE_DIR ...]
//
// For each site: open "/" at 1280x800, then turn pages with PageDown (TURNS times), waiting each time for
// the book to settle. Every rebuild of the layer is timed in the page: the JSON document parsed, the DOM
// of the pages on screen built and measured, and the browser's style and layout of it forced
// (offsetHeight), i.e. all the work a rebuild costs before the next paint. Prints count, median, p95 and
// max (ms), and the runs and pages the layer held. A benchmark never fails on a timing.
import { serve, launch, settle } from "../../tests/support/harness.mjs";

const TURNS = 40;
const args = process.argv.slice(2);
if (args.length < 2 || args.length % 2) {
  console.error("usage: node bench/page/textlayer.mjs LABEL SITE_DIR [LABEL SITE_DIR ...]");
  process.exit(2);
}
const pct = (v, p) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const median = (v) => {
  const s = [...v].sort((a, b) => a - b), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

async function measure(browser, site) {
  const server = await serve(site);
  const base = `http://127.0.0.1:${server.address().port}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(base + "/");
  await page.waitForFunction(() => window.folio && window.folio.framesDrawn > 0, null, { timeout: 120000 });
  await page.evaluate(() => window.folio.ready);
  await settle(page);
  await page.evaluate(() => {
    const emit = window.folio.emit, layer = document.getElementById("layer");
    window.__rebuilds = [];
    window.folio.emit = function (name) { // the layer's rebuild: the event "layer" (web/textlayer.js hears it)
      if (name !== "layer") return emit.apply(this, arguments);
      const t0 = performance.now();
      emit.apply(this, arguments);
      void layer.offsetHeight; // style and layout of the new DOM
      window.__rebuilds.push({ ms: performance.now() - t0, runs: layer.querySelectorAll("[data-i]").length, pages: layer.querySelectorAll(".page").length });
    };
  });
  await page.mouse.move(640, 400);
  for (let i = 0; i < TURNS; i++) {
    await page.keyboard.press("PageDown");
    await settle(page);
  }
  const r = await page.evaluate(() => window.__rebuilds);
  const pages = await page.evaluate(() => window.Module._malloc && (() => { const p = window.Module._malloc(8); window.Module._folio_pages(p); const n = window.Module.HEAP32[(p >> 2) + 1]; window.Module._free(p); return n; })());
  await context.close();
  server.close();
  return { r, pages };
}

const browser = await launch();
try {
  console.log(`browser: ${browser.version()} (SwiftShader WebGL, headless), viewport 1280x800, ${TURNS} PageDown turns from "/"`);
  console.log("");
  console.log(`${"site".padEnd(16)} ${"book pages".padStart(10)} ${"rebuilds".padStart(9)} ${"median ms".padStart(10)} ${"p95 ms".padStart(8)} ${"max ms".padStart(8)} ${"runs/rebuild".padStart(13)}`);
  for (let i = 0; i < args.length; i += 2) {
    const { r, pages } = await measure(browser, args[i + 1]);
    const ms = r.map((x) => x.ms);
    const runs = median(r.map((x) => x.runs));
    console.log(`${args[i].padEnd(16)} ${String(pages).padStart(10)} ${String(r.length).padStart(9)} ${median(ms).toFixed(2).padStart(10)} ${pct(ms, 95).toFixed(2).padStart(8)} ${Math.max(...ms).toFixed(2).padStart(8)} ${String(runs).padStart(13)}`);
  }
} finally {
  await browser.close();
}
