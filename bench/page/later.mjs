// folio benchmark: a reader quicker than the code that comes later (docs/first-view.md, "The code that
// comes later"). tests/browser/later.test.mjs asserts what happens while folio.later.wasm is on its way
// (the reader's action is kept, answered in order once the module is in, and the page stays free); how
// long each of those takes is measured here, where a busy machine changes a figure instead of failing a test.
//
//   node bench/page/later.mjs SEED_SITE
//
// The seed's front page at 1280 x 800 and on a phone (390 x 844 @3x), LOADS cold loads each (default 5,
// FOLIO_BENCH_LOADS), the later module held HOLD ms (default 2000, FOLIO_BENCH_LATER_HOLD) from the moment
// its request arrives, and two PageDowns pressed as soon as the book is shown:
//   - two key presses return: how long playwright's two presses take (a synchronous download of the
//     module would hold them for the rest of the hold);
//   - a script's answer: a page.evaluate of a zero timeout right after them;
//   - the key kept: from the first key press to the module in (folio:later-ready);
//   - compile and instantiate: from the module's last byte to folio:later-ready;
//   - the first frame of the answer, and the page turned (the last frame of the motion): from the first
//     key press.
// Then, with the module held the same way: back and forward (two popstates kept), the script's answer and
// the wait until the book opened the route; with the module never answered: from the key press to the
// page's text with the message (the STALL_MS rule in boot.js); and, for comparison, the same two key
// presses with the module already in. Prints median, min and max in ms. A benchmark never fails on a timing.
import { serve, launch, idle } from "../../tests/support/harness.mjs";

const [seedDir] = process.argv.slice(2);
if (!seedDir) {
  console.error("usage: node bench/page/later.mjs SEED_SITE");
  process.exit(2);
}
const LOADS = Number(process.env.FOLIO_BENCH_LOADS || 5);
const HOLD = Number(process.env.FOLIO_BENCH_LATER_HOLD || 2000);
const LATER = /\/assets\/folio\.later\.[0-9a-f]+\.wasm$/;
const VIEWS = [
  ["1280 x 800", { viewport: { width: 1280, height: 800 } }],
  ["phone", { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }],
];

const median = (v) => {
  const s = [...v].sort((a, b) => a - b), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

// Before any script of the page: the time of the reader's first act (a key or a popstate), of each frame
// the book draws (the page's event "frame", heard once web/page.js has made the bus), and of the text shown.
const RECORD = () => {
  window.__bench = { act: null, frames: [], text: null };
  const first = (e) => { if (window.__bench.act === null) window.__bench.act = e.timeStamp; };
  addEventListener("keydown", first, true);
  addEventListener("popstate", first, true);
  let wrapped = false;
  new MutationObserver(() => {
    if (!wrapped && window.folio && window.folio.on) {
      wrapped = true;
      window.folio.on("frame", () => window.__bench.frames.push(performance.now()));
    }
    if (window.__bench.text === null && document.documentElement.classList.contains("no-canvas")) window.__bench.text = performance.now();
  }).observe(document, { attributes: true, childList: true, subtree: true });
};

// A cold load whose later module is served after `hold` ms (Infinity: never), the book shown.
async function open(browser, base, view, hold) {
  const context = await browser.newContext(view);
  const page = await context.newPage();
  await page.addInitScript(RECORD);
  let arrived;
  const asked = new Promise((resolve) => (arrived = resolve));
  await page.route(LATER, async (r) => {
    arrived();
    if (hold === Infinity) return; // never answered: a stall
    if (hold) await new Promise((resolve) => setTimeout(resolve, hold));
    return r.continue().catch(() => {});
  });
  await page.goto(base + "/");
  await page.waitForFunction(() => performance.getEntriesByName("folio:book-shown").length > 0 || window.folio.error,
    null, { timeout: 60000 });
  await asked;
  return { context, page };
}

const since = (t0) => Date.now() - t0;
async function answer(page) {
  const t0 = Date.now();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return since(t0);
}
const laterReady = (page) =>
  page.waitForFunction(() => performance.getEntriesByName("folio:later-ready").length > 0 || window.folio.error, null, { timeout: 60000 });
// The page's own times for the keys scenario, relative to the reader's first act.
const timeline = (page) => page.evaluate(() => {
  const b = window.__bench, at = (n) => (performance.getEntriesByName("folio:" + n)[0] || {}).startTime;
  const ready = at("later-ready"), bytes = performance.getEntriesByType("resource").find((e) => /folio\.later\./.test(e.name));
  const after = b.frames.filter((f) => f > Math.max(ready, b.act));
  return { kept: ready - b.act, compile: bytes ? ready - bytes.responseEnd : NaN, first: after[0] - b.act,
    turned: after[after.length - 1] - b.act, scroll: window.folio.scroll(), error: window.folio.error };
});

async function keys(browser, base, view, hold) {
  const { context, page } = await open(browser, base, view, hold);
  if (!hold) await laterReady(page);
  const t0 = Date.now();
  await page.keyboard.press("PageDown");
  await page.keyboard.press("PageDown");
  const pressed = since(t0);
  const free = await answer(page);
  await laterReady(page);
  await idle(page);
  const t = await timeline(page);
  await context.close();
  return { pressed, free, ...t };
}

async function backForward(browser, base, view) {
  const { context, page } = await open(browser, base, view, HOLD);
  await page.evaluate(() => history.pushState({ scroll: 0 }, "", "/books"));
  await page.evaluate(() => new Promise((resolve) => { addEventListener("popstate", resolve, { once: true }); history.back(); }));
  await page.evaluate(() => new Promise((resolve) => { addEventListener("popstate", resolve, { once: true }); history.forward(); }));
  const free = await answer(page);
  await laterReady(page);
  await idle(page);
  const t = await page.evaluate(() => ({ opened: performance.getEntriesByName("folio:later-ready")[0].startTime - window.__bench.act,
    title: document.title, path: location.pathname }));
  await context.close();
  return { free, ...t };
}

async function stall(browser, base, view) {
  const { context, page } = await open(browser, base, view, Infinity);
  await page.keyboard.press("PageDown");
  const free = await answer(page);
  await page.waitForFunction(() => window.__bench.text !== null, null, { timeout: 60000 });
  const text = await page.evaluate(() => window.__bench.text - window.__bench.act);
  await context.close();
  return { free, text };
}

function row(label, values) {
  const v = values.filter((x) => typeof x === "number" && !Number.isNaN(x));
  if (!v.length) return console.log(`  ${label.padEnd(52)} ${"-".padStart(8)}`);
  const note = v.length < values.length ? `  (${v.length} of ${values.length} loads)` : "";
  const f = (x) => x.toFixed(1).padStart(8);
  console.log(`  ${label.padEnd(52)} ${f(median(v))} ${f(Math.min(...v))} ${f(Math.max(...v))}  ms${note}`);
}

async function main() {
  const server = await serve(seedDir);
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await launch();
  console.log(`seed front page, ${LOADS} cold loads each, the later module held ${HOLD} ms from its request; median / min / max`);
  for (const [name, view] of VIEWS) {
    const held = [], ready = [], back = [], stalled = [];
    for (let i = 0; i < LOADS; i++) {
      held.push(await keys(browser, base, view, HOLD));
      ready.push(await keys(browser, base, view, 0));
      back.push(await backForward(browser, base, view));
      stalled.push(await stall(browser, base, view));
    }
    console.log(name);
    row("two PageDowns, module held: the presses return", held.map((r) => r.pressed));
    row("  then a script's answer", held.map((r) => r.free));
    row("  the key kept (first press to the module in)", held.map((r) => r.kept));
    row("  compile and instantiate (last byte to module in)", held.map((r) => r.compile));
    row("  first press to the answer's first frame", held.map((r) => r.first));
    row("  first press to the page turned", held.map((r) => r.turned));
    row("two PageDowns, module in: the presses return", ready.map((r) => r.pressed));
    row("  first press to the page turned", ready.map((r) => r.turned));
    row("back and forward, module held: a script's answer", back.map((r) => r.free));
    row("  first popstate to the module in", back.map((r) => r.opened));
    row("module stalled: a PageDown, then a script's answer", stalled.map((r) => r.free));
    row("  the key press to the text with the message", stalled.map((r) => r.text));
    const odd = [...held, ...ready].filter((r) => r.error || !(r.scroll > 0)).length + back.filter((r) => r.path !== "/books").length;
    if (odd) console.log(`  (${odd} loads did not end as the tests expect: a page not turned, a route not opened, or an error)`);
  }
  await browser.close();
  server.close();
}

main().catch((e) => { console.error(e); process.exit(1); });
