// folio benchmark: the book's find bar in Debian's Chromium, on a big book. Prints figures only.
//
//   node bench/page/find.mjs SITE_DIR [ROUTE] [WORD,WORD,...]
//
// Opens ROUTE (default /writing: on the 10,000-article bundle, the writing list runs to hundreds of pages),
// opens the find bar with Ctrl+F, and for each word types it in one go (an input event, as a paste does),
// then records in the page: when the match count is known (the whole book matched, in the wasm) and
// when the next frame, the first with the highlighted match on screen, has been drawn. "match ms" is the
// wasm's matching over the whole book alone (median of 5 direct calls); the rest is frames, which on this
// machine's software WebGL (SwiftShader) take most of the time.
import { serve, launch, settle } from "../../tests/support/harness.mjs";

const [site, route = "/writing", words] = process.argv.slice(2);
if (!site) { console.error("usage: node bench/page/find.mjs SITE_DIR [ROUTE] [WORD,WORD,...]"); process.exit(2); }
const WORDS = words ? words.split(",") : ["scheduler", "allocator", "the lock", "three in the morning", "zzz-no-such-word"];
const median = (v) => { const s = [...v].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };

const server = await serve(site);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(base + route, { waitUntil: "commit", timeout: 300000 }); // the 10k list's HTML is large
  await page.waitForFunction(() => window.folio && window.folio.framesDrawn > 0, null, { timeout: 300000 });
  await settle(page);
  const pages = await page.evaluate(() => document.title);
  await page.keyboard.press("Control+f");
  await page.waitForSelector("#findbar input");
  console.log(`\n-- find on ${route} (${pages}), 1280x800`);
  console.log(`${"query".padEnd(24)} ${"matches".padStart(8)} ${"match ms".padStart(9)} ${"counted ms".padStart(11)} ${"highlighted ms".padStart(15)}`);
  const firsts = [];
  for (const word of WORDS) {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      await page.fill("#findbar input", "");
      await settle(page);
      runs.push(await page.evaluate((w) => new Promise((resolve) => {
        const input = document.querySelector("#findbar input");
        const t0 = performance.now();
        input.value = w;
        input.dispatchEvent(new Event("input", { bubbles: true }));
        let counted = -1, frameAt = -1;
        const tick = () => {
          const s = window.folio.find.status();
          const text = window.folio.find.text();
          if (counted < 0 && (s.count > 0 || text === "no matches")) { counted = performance.now() - t0; frameAt = window.folio.framesDrawn; }
          if (counted >= 0 && (s.count === 0 || window.folio.framesDrawn > frameAt)) {
            resolve({ count: s.count, counted, drawn: s.count ? performance.now() - t0 : NaN });
            return;
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }), word));
    }
    // The matching alone: the wasm's find over every page of the book, called directly (no frame).
    const match = await page.evaluate((w) => {
      const M = window.Module, times = [];
      const n = M.lengthBytesUTF8(w) + 1, p = M._malloc(n);
      M.stringToUTF8(w, p, n);
      for (let i = 0; i < 5; i++) { const t0 = performance.now(); M._folio_find(p, 80); times.push(performance.now() - t0); }
      M._free(p);
      times.sort((a, b) => a - b);
      return times[2];
    }, word);
    const r = { count: runs[0].count, match, counted: median(runs.map((x) => x.counted)), drawn: median(runs.map((x) => x.drawn)) };
    if (r.count) firsts.push(r.drawn);
    console.log(`${JSON.stringify(word).padEnd(24)} ${String(r.count).padStart(8)} ${r.match.toFixed(1).padStart(9)} ${r.counted.toFixed(1).padStart(11)} ${(r.count ? r.drawn.toFixed(1) : "-").padStart(15)}`);
  }
  console.log(`time to the first highlighted match (median over the words found, 3 runs each): ${median(firsts).toFixed(1)} ms`);
  await context.close();
} finally {
  await browser.close();
  server.close();
}
