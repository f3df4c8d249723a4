// folio benchmark: the built site in Debian's Chromium (playwright-core, WebGL on SwiftShader, the same
// launch as the browser tests), served by the tests' plain static server on 127.0.0.1.
//
//   node bench/page/browser.mjs SITE_DIR
//
// 1. first drawn frame: 10 cold loads of "/" (a new browser context each, so no HTTP cache); inside the page,
//    performance.now() (milliseconds since navigation start) when window.folio.ready resolves, which is
//    after the first frame is drawn. Median, min and max.
// 2. idle: frames drawn per second over 5 s once the page has settled (window.folio.framesDrawn).
// 3. scrolling: frames drawn per second while the mouse wheel scrolls the book for 3 s (the direction
//    reverses at the end of the book).
// Prints figures only; a benchmark never fails on a timing.
import { serve, launch, settle } from "../../tests/support/harness.mjs";

const site = process.argv[2];
if (!site) {
  console.error("usage: node bench/page/browser.mjs SITE_DIR");
  process.exit(2);
}
const LOADS = 10;
const VIEWPORT = { width: 1280, height: 800 };

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const fmt = (x, d = 1) => x.toFixed(d);

async function newPage(browser) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  return { context, page, errors };
}

// Navigation start to the first drawn frame, measured in the page: performance.now() (ms since navigation
// start) when window.folio.ready resolves. An init script attaches to the promise the moment boot.js creates
// window.folio, so the time is the first frame's even when the page is faster than this script's look at it.
const PROBE = () => {
  let value;
  Object.defineProperty(window, "folio", {
    configurable: true,
    enumerable: true,
    get() { return value; },
    set(v) {
      value = v;
      if (v && v.ready) v.ready.then(() => { window.__benchFirstFrame = performance.now(); });
    },
  });
};

async function coldLoad(browser, base) {
  const { context, page, errors } = await newPage(browser);
  await page.addInitScript(PROBE);
  await page.goto(base + "/");
  const t = await page.evaluate(() => window.folio.ready.then(() => window.__benchFirstFrame ?? performance.now()));
  await context.close();
  return { t, errors };
}

async function main() {
  const server = await serve(site);
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await launch();
  const allErrors = [];
  try {
    console.log(`browser: ${browser.version()} (SwiftShader WebGL, headless), viewport ${VIEWPORT.width}x${VIEWPORT.height}`);

    // Warm the browser process itself once (not counted): the first launch of a renderer is not a page load.
    const warm = await coldLoad(browser, base);
    allErrors.push(...warm.errors);

    const loads = [];
    for (let i = 0; i < LOADS; i++) {
      const r = await coldLoad(browser, base);
      loads.push(r.t);
      allErrors.push(...r.errors);
    }

    // Idle and scrolling, on one page.
    const { context, page, errors } = await newPage(browser);
    await page.goto(base + "/");
    await page.evaluate(() => window.folio.ready);
    await settle(page);
    const idle0 = await page.evaluate(() => window.folio.framesDrawn);
    const ti0 = Date.now();
    await page.waitForTimeout(5000);
    const idle1 = await page.evaluate(() => window.folio.framesDrawn);
    const idleFps = ((idle1 - idle0) * 1000) / (Date.now() - ti0);

    await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
    const s0 = await page.evaluate(() => window.folio.framesDrawn);
    const ts0 = Date.now();
    let dir = 1, events = 0, lastScroll = await page.evaluate(() => window.folio.scroll());
    while (Date.now() - ts0 < 3000) {
      await page.mouse.wheel(0, 60 * dir);
      events++;
      if (events % 8 === 0) {
        const sc = await page.evaluate(() => window.folio.scroll());
        if (Math.abs(sc - lastScroll) < 1) dir = -dir; // at an end of the book
        lastScroll = sc;
      }
    }
    const s1 = await page.evaluate(() => window.folio.framesDrawn);
    const scrollFps = ((s1 - s0) * 1000) / (Date.now() - ts0);
    allErrors.push(...errors);
    await context.close();

    console.log("");
    console.log(`${"measure".padEnd(48)} ${"value".padStart(10)}`);
    console.log(`${`first drawn frame, median of ${LOADS} cold loads (ms)`.padEnd(48)} ${fmt(median(loads)).padStart(10)}`);
    console.log(`${"first drawn frame, min (ms)".padEnd(48)} ${fmt(Math.min(...loads)).padStart(10)}`);
    console.log(`${"first drawn frame, max (ms)".padEnd(48)} ${fmt(Math.max(...loads)).padStart(10)}`);
    console.log(`${"frames drawn per second, idle (5 s)".padEnd(48)} ${fmt(idleFps, 2).padStart(10)}`);
    console.log(`${"frames drawn per second, wheel scroll (3 s)".padEnd(48)} ${fmt(scrollFps, 1).padStart(10)}`);
    console.log(`${"wheel events sent while scrolling".padEnd(48)} ${String(events).padStart(10)}`);
    console.log("");
    console.log(`all loads (ms): ${loads.map((x) => fmt(x)).join(" ")}`);
    if (allErrors.length) console.log(`console errors seen: ${allErrors.length} (first: ${allErrors[0]})`);
    console.log("(SwiftShader renders WebGL on the CPU: frame rates on a real GPU are higher.)");
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((e) => {
  console.log(`browser benchmark could not run: ${e && e.message ? e.message.split("\n")[0] : e}`);
  process.exit(0);
});
