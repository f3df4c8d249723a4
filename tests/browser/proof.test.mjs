// The proof (docs/first-view.md): the HTML of every route carries the page it opens on as the book sets
// it, so the first paint is the book's own text, an LCP candidate, with no script at all; when the book
// draws its first complete frame it takes the ink over, and nothing the reader looks at moves.
//
// The hand-over is compared pixel by pixel. The proof is the browser's rasterisation of the font and the
// book is ImGui's atlas, so the same glyph at the same place still differs at its antialiased edges. The
// comparison takes the pixels that are ink in either picture (luminance 24 or more away from the paper)
// and the mean absolute luminance difference over them (0-255). Measured at the four screens below: 29-42
// when nothing moved (the phone's @3x glyph edges differ most); 76-116 when the proof is 2 CSS px off,
// down or right; 60-90 at 1 px. INK_TOLERANCE is 50, between the two, and each test also proves that the
// proof shifted by 2 px fails it.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { useSite, ready, settle, idle, within, gate, pixels, proofText, inkDifference, assertInkWhereProofIs, SITE } from "../support/harness.mjs";

// Files a test holds back come a byte at a time until it lets them finish (harness.mjs, serve's drip): held
// silently, a download is a stall to the page after 3 s (boot.js), and on a busy machine a test's
// screenshots take that long, so the text would take the proof's place. flowing(pattern) holds the next
// requests for matching paths; its open() lets them finish, and asked() counts them.
const dripping = [];
const drip = (p) => {
  const held = dripping.find((d) => d.pattern.test(p));
  if (!held) return null;
  held.count++;
  return held.gate.wait;
};
function flowing(pattern) {
  const held = { pattern, gate: gate(), count: 0 };
  dripping.push(held);
  return {
    asked: () => held.count,
    open: () => { if (dripping.includes(held)) dripping.splice(dripping.indexOf(held), 1); held.gate.open(); },
  };
}
afterEach(() => dripping.splice(0).forEach((d) => d.gate.open())); // a test that ended early lets its files go
const WASM = /^\/assets\/folio\.[0-9a-f]+\.wasm$/, BODIES = /^\/assets\/bodies\//;

const env = useSite(SITE, { drip });
// The hand-over is watched on an article whose body comes in a chunk file (the seed's are all short): the
// book draws its first frame without the body, invisibly, and takes over once the body is in, so holding
// the body back holds the moment just before the hand-over for as long as the screenshots take.
const rich = useSite(process.env.FOLIO_RICH_SITE || SITE, { drip });
// Other scripts (tests/fixtures/rtl: Arabic and Hebrew; tests/fixtures/scripts: Chinese).
const rtlSite = useSite(process.env.FOLIO_RTL_SITE || SITE);
const scriptsSite = useSite(process.env.FOLIO_SCRIPTS_SITE || SITE);
assert.ok(process.env.FOLIO_JA_SITE, "FOLIO_JA_SITE is not set: run ./folio test, which builds tests/fixtures/japanese into build/site-ja");
const jaSite = useSite(process.env.FOLIO_JA_SITE);
// The seed with its wasm coming at 5 KB/s: the proof stays up for as long as a test takes (a wasm never
// answered would be a stall, and the text would take the proof's place 3 s after the last byte).
const slowly = { trickle: (p) => (/^\/assets\/folio\.[0-9a-f]+\.wasm$/.test(p) ? 500 : 0) };
const slowWasm = useSite(SITE, slowly);
const slowRich = useSite(process.env.FOLIO_RICH_SITE || SITE, slowly);
const LONG_ARTICLE = "/writing/everything-markdown";
const ARTICLE = "/writing/the-tensor-was-only-the-handle";
const INK_TOLERANCE = 50;

const SCREENS = [
  { name: "phone 390x844 @3x", viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  { name: "1280x800", viewport: { width: 1280, height: 800 } },
  { name: "1920x1080", viewport: { width: 1920, height: 1080 } },
  { name: "1280x800 dark", viewport: { width: 1280, height: 800 }, colorScheme: "dark" },
];

// Collects LCP candidates and layout shifts from the start of the page.
function observe() {
  window.__lcp = [];
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__lcp.push({ inProof: !!(e.element && e.element.closest("#proof")), tag: e.element && e.element.tagName, size: e.size });
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
  }).observe({ type: "layout-shift", buffered: true });
}

// The first run of the proof's shown page size that matches the selector (and starts with `start`): its
// address, its edges and middle, and whether a click at its middle reaches it.
function shownRun(page, selector, start = "") {
  return page.evaluate(([selector, start]) => {
    const run = [...document.querySelectorAll(selector)].find((e) => e.offsetParent !== null && e.textContent.startsWith(start));
    const r = run.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    return { href: run.getAttribute("href"), left: r.left, right: r.right, x, y, hit: document.elementFromPoint(x, y) === run };
  }, [selector, start]);
}

for (const screen of SCREENS) {
  const { name, ...options } = screen;

  test(`${name}: the book takes the proof's ink over without moving it; CLS 0`, async () => {
    const context = await rich.browser.newContext(options);
    const page = await context.newPage();
    await page.addInitScript(observe);
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    // The article's body is held back: the book draws its first frame without it, invisibly, and waits.
    const body = flowing(BODIES);
    await page.goto(rich.base + LONG_ARTICLE, { waitUntil: "domcontentloaded" });
    await page.waitForFunction(() => document.documentElement.classList.contains("proof-on") && window.folio.framesDrawn > 0);
    const before = await page.evaluate(proofText);
    assert.ok(before.shown && before.runs > 5, JSON.stringify(before));
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains("canvas-on")), false, "the book waits for the body");
    assert.ok(before.clip.width > 100 && before.clip.height > 100, JSON.stringify(before.clip));
    const proofPixels = await pixels(page, before.clip);
    // The negative check: the same proof 2 px lower, or 2 px to the right.
    await page.evaluate(() => { document.getElementById("proof").style.transform = "translate(0, 2px)"; });
    const lower = await pixels(page, before.clip);
    await page.evaluate(() => { document.getElementById("proof").style.transform = "translate(2px, 0)"; });
    const righter = await pixels(page, before.clip);
    await page.evaluate(() => { document.getElementById("proof").style.transform = ""; });
    // The body arrives: the book's first complete frame replaces the proof.
    assert.ok(body.asked() >= 1, "the body's chunk was asked for");
    body.open();
    await page.waitForFunction(() => document.documentElement.classList.contains("canvas-on"));
    await ready(page);
    await settle(page);
    const after = await page.evaluate(() => ({
      proofHidden: getComputedStyle(document.getElementById("proof")).visibility === "hidden",
      scroll: window.folio.scroll(),
    }));
    assert.ok(after.proofHidden, "the proof is gone once the book shows");
    assert.equal(after.scroll, 0);
    const bookPixels = await pixels(page, before.clip);
    const same = inkDifference(proofPixels, bookPixels);
    const down = inkDifference(lower, bookPixels), right = inkDifference(righter, bookPixels);
    console.log(`${name}: ink difference ${same.mean.toFixed(1)} over ${same.pixels} px; proof 2 px lower ${down.mean.toFixed(1)}, 2 px right ${right.mean.toFixed(1)}`);
    assert.ok(same.pixels > 1000, "the region holds text");
    assert.ok(same.mean < INK_TOLERANCE, `the book's ink lies where the proof's was (${same.mean.toFixed(1)})`);
    assert.ok(down.mean > INK_TOLERANCE, `a 2 px jump down is caught (${down.mean.toFixed(1)})`);
    assert.ok(right.mean > INK_TOLERANCE, `a 2 px jump sideways is caught (${right.mean.toFixed(1)})`);
    // No layout shift from the first paint through the hand-over.
    const shifts = await page.evaluate(() => window.__shifts);
    assert.deepEqual(shifts, []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${name}: with the wasm held back, the first paint is the proof, and it is the LCP`, async () => {
    const context = await env.browser.newContext(options);
    const page = await context.newPage();
    await page.addInitScript(observe);
    flowing(WASM); // never finished (held silently, it would be a stall: the text 3 s after the last byte)
    await page.goto(env.base + "/", { waitUntil: "domcontentloaded" });
    await page.waitForFunction(() => window.__lcp.length > 0);
    const seen = await page.evaluate(() => ({
      lcp: window.__lcp,
      fcp: performance.getEntriesByName("first-contentful-paint").length,
      proof: getComputedStyle(document.getElementById("proof")).visibility,
      text: getComputedStyle(document.getElementById("text")).clipPath,
      bar: getComputedStyle(document.getElementById("loading")).display,
    }));
    assert.equal(seen.fcp, 1);
    assert.ok(seen.lcp[0].inProof, JSON.stringify(seen.lcp)); // the first contentful paint's candidate
    assert.equal(seen.proof, "visible");
    assert.equal(seen.text, "inset(50%)", "the plain text stays hidden while the proof is up");
    // No loading bar over the page being read (its animation would keep the compositor drawing).
    assert.equal(seen.bar, "none");
    await context.close();
  });
}

// Without JavaScript nothing of the page's own can observe the paint: the LCP candidates come from the
// browser's performance timeline over the DevTools protocol.
test("without JavaScript the proof is the first view and the LCP, and the whole text follows it", async () => {
  for (const screen of [SCREENS[0], SCREENS[1]]) {
    const { name, ...options } = screen;
    const context = await env.browser.newContext({ ...options, javaScriptEnabled: false });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const lcp = [];
    let candidate;
    const firstCandidate = new Promise((resolve) => (candidate = resolve));
    cdp.on("PerformanceTimeline.timelineEventAdded", ({ event }) => {
      if (event.lcpDetails) { lcp.push(event.lcpDetails.nodeId); candidate(); }
    });
    await cdp.send("PerformanceTimeline.enable", { eventTypes: ["largest-contentful-paint"] });
    await page.goto(env.base + ARTICLE);
    // Polled from here, not in the page: with JavaScript off the page runs no timers (and a loaded machine
    // may hold frames back). The load event no longer waits for the book's downloads, so the faces can
    // still be loading when goto returns.
    const fontsIn = () => document.fonts.check("16px folio-face-0") && document.fonts.status === "loaded";
    for (let i = 0; i < 600 && !(await page.evaluate(fontsIn)); i++) await page.waitForTimeout(100);
    await within(firstCandidate, `${name}: an LCP candidate`);
    // Which elements those are: the proof's runs, or not.
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeIds: proofRuns } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: "#proof b, #proof a" });
    const { nodeIds: candidates } = await cdp.send("DOM.pushNodesByBackendIdsToFrontend", { backendNodeIds: lcp });
    assert.ok(candidates.every((id) => proofRuns.includes(id)), `${name}: every LCP candidate is a run of the proof`);
    const seen = await page.evaluate(() => {
      const proof = document.getElementById("proof").getBoundingClientRect();
      const text = document.getElementById("text").getBoundingClientRect();
      const runs = [...document.querySelectorAll("#proof .pg b, #proof .pg a")].filter((s) => s.offsetParent !== null);
      // The pages shown (the opened one, and any other) lie apart: none covers another.
      const pages = [...document.querySelectorAll("#proof .pg")].map((p) => p.getBoundingClientRect())
        .filter((r) => r.height > 0 && r.width > 0);
      const overlapping = pages.some((a, i) => pages.some((b, j) => j > i && a.top < b.bottom - 1 && b.top < a.bottom - 1 &&
        a.left < b.right - 1 && b.left < a.right - 1));
      return {
        pages: pages.length, uncovered: !overlapping,
        proofBottom: proof.bottom, textTop: text.top, runs: runs.length,
        visible: getComputedStyle(document.getElementById("proof")).visibility,
        family: runs.length ? getComputedStyle(runs[0]).fontFamily : "",
        heading: document.querySelector("main#text h1").innerText,
        textInView: document.getElementById("text").getBoundingClientRect().top < innerHeight,
        words: document.getElementById("text").innerText.length,
      };
    });
    assert.equal(seen.visible, "visible");
    assert.ok(seen.pages >= 1 && seen.uncovered, `${name}: the opened page shows, not covered by the next one's top`);
    assert.ok(seen.runs > 5, JSON.stringify(seen));
    assert.match(seen.family, /folio-face-\d/, "the book's own face, from noscript.css");
    assert.ok(seen.textTop >= seen.proofBottom - 1, "the whole text follows the proof in the page's flow");
    assert.equal(seen.heading, "the tensor was only the handle", "the whole article is there");
    assert.ok(seen.words > 500, `the whole article is there (${seen.words} characters)`);
    assert.equal(seen.textInView, false, "the first screen is the proof's");
    // Its links are links without script too: the first one to a route of the site opens it.
    const link = await shownRun(page, '#proof a[href^="/"]');
    await Promise.all([page.waitForURL((u) => u.pathname.replace(/\/$/, "") === link.href), page.mouse.click(link.x, link.y)]);
    await context.close();
  }
});

// The front page is drawn from partial faces (docs/first-view.md, "Faces that come later"), the proof's
// and the book's: the book's ink lies where the proof's is. Compared after the hand-over (holding the wasm
// back would meet the stall notice): the book's picture, then the proof shown again in its place.
// assertInkWhereProofIs (tests/support/harness.mjs): within INK_TOLERANCE, and a 2 px move beyond it.
test("1280x800: the front page, drawn from partial faces, puts its ink where the proof's is", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const fonts = [];
  page.on("request", (r) => { if (/\.ttf$/.test(r.url())) fonts.push(new URL(r.url()).pathname); });
  await page.goto(env.base + "/");
  await ready(page);
  await settle(page);
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains("canvas-on")));
  assert.ok(fonts.length > 0 && fonts.every((p) => /\.(partial|metrics)\.[0-9a-f]+\.ttf$/.test(p)), fonts.join(" "));
  await assertInkWhereProofIs(page, "front page");
  assert.deepEqual(errors, []);
  await context.close();
});

// The same comparison in Arabic (joined, right to left), Hebrew, Chinese (the CJK script face, and a line of
// Thai: shaped, its tone marks stacked), Japanese (the collection's Japanese face, kinsoku) and Hindi (shaped: conjuncts, vowel signs drawn first; docs/fonts.md):
// the book's ink lies where the early page's does, and a proof moved 2 px down is caught. Devanagari's
// headline, a stroke along the top of every word, doubles the edge where the browser's rasteriser and
// stb_truetype's shade differently (the browser's heavier): the same glyphs in the same places measured 52.6
// there (a 2 px move 95.3), so its bar is 60.
for (const [name, site, route, tolerance] of [["Arabic", rtlSite, "/writing/rust-arabic/"], ["Hebrew", rtlSite, "/writing/haifa/"],
  ["Chinese", scriptsSite, "/writing/" + encodeURIComponent("极光") + "/"],
  ["Hindi", scriptsSite, "/writing/" + encodeURIComponent("उत्तरी-रोशनी") + "/", 60],
  ["Japanese", jaSite, "/writing/" + encodeURIComponent("オーロラ") + "/"]])
  test(`1280x800: an article in ${name}: the book puts its ink where the proof's is`, async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(site.base + route);
    await ready(page);
    await page.waitForFunction(() => document.documentElement.classList.contains("canvas-on"));
    await settle(page);
    await assertInkWhereProofIs(page, name, tolerance);
    assert.deepEqual(errors, []);
    await context.close();
  });

// Before the book has drawn, the proof is what the reader has (docs/first-view.md, "The proof answers the
// reader"): a finger scrolls it as far as it has ink, and the book opens where the reader is, so the hand-over
// still moves nothing. Scrolled once before the book has started (the wasm held back: the place is handed to
// folio_start) and once while the book waits for the article's body (each move passed on to it).
const finger = async (cdp, x, y, dy) => {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let k = 1; k <= 10; k++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y - (dy * k) / 10 }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
};
const proofAt = () => {
  const proof = document.getElementById("proof");
  const runs = [...proof.querySelectorAll(".pg b, .pg a")].filter((s) => s.offsetParent !== null);
  return {
    sy: parseFloat(proof.style.getPropertyValue("--sy")) || 0,
    firstTop: runs[0].getBoundingClientRect().top,
    lowest: Math.max(...runs.map((r) => r.getBoundingClientRect().bottom)),
    height: innerHeight,
  };
};

test("phone: a finger scrolls the proof before the book has drawn, and the book opens where the reader is", async () => {
  const { name, ...options } = SCREENS[0];
  const context = await rich.browser.newContext(options);
  const page = await context.newPage();
  await page.addInitScript(observe);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  // Each held, flowing, until the test lets it finish (the wasm is asked for only once the proof has painted).
  const wasm = flowing(WASM), bodies = flowing(BODIES);
  const cdp = await context.newCDPSession(page);
  await page.goto(rich.base + LONG_ARTICLE, { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => document.documentElement.classList.contains("proof-on"));
  const top = await page.evaluate(proofAt);
  assert.equal(top.sy, 0);
  await finger(cdp, 200, 600, 150);
  const early = await page.evaluate(proofAt);
  assert.ok(early.sy >= 100, `${name}: the proof followed the finger (${early.sy} px)`);
  assert.ok(Math.abs(top.firstTop - early.sy - early.firstTop) <= 1, "its text moved up by as much");
  // The book starts, and waits for the body: moves now go to the proof and the book alike.
  wasm.open();
  await page.waitForFunction(() => window.folio.framesDrawn > 0);
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains("canvas-on")), false, "the book waits for the body");
  // Short drags until it stops: pushing on a quarter of a window past its end would put the text in its
  // place (the book has been far off for long enough; loading.test.mjs), and this is about the hand-over.
  let late = early;
  for (let k = 0; k < 40; k++) {
    await finger(cdp, 200, 700, 80);
    const now = await page.evaluate(proofAt);
    if (now.sy === late.sy) break;
    late = now;
  }
  assert.ok(late.sy > early.sy, `${name}: scrolled on (${late.sy} px)`);
  // It stops where its ink does: the last line it has is at the foot of the window, not above it.
  assert.ok(late.lowest <= late.height + 1 && late.lowest > late.height - 60, JSON.stringify(late));
  const region = await page.evaluate(proofText);
  assert.ok(region.clip.width > 100 && region.clip.height > 100, JSON.stringify(region.clip));
  const proofPixels = await pixels(page, region.clip);
  await page.evaluate(() => { document.getElementById("proof").style.transform = "translate(0, 2px)"; });
  const lower = await pixels(page, region.clip);
  await page.evaluate(() => { document.getElementById("proof").style.transform = ""; });
  bodies.open();
  await page.waitForFunction(() => document.documentElement.classList.contains("canvas-on"));
  await ready(page);
  await settle(page);
  assert.equal(await page.evaluate(() => window.folio.scroll()), late.sy, "the book opened where the proof was");
  const bookPixels = await pixels(page, region.clip);
  const same = inkDifference(proofPixels, bookPixels), down = inkDifference(lower, bookPixels);
  console.log(`${name}, scrolled ${late.sy} px: ink difference ${same.mean.toFixed(1)} over ${same.pixels} px; proof 2 px lower ${down.mean.toFixed(1)}`);
  assert.ok(same.pixels > 1000, "the region holds text");
  assert.ok(same.mean < INK_TOLERANCE, `the book's ink lies where the proof's was (${same.mean.toFixed(1)})`);
  assert.ok(down.mean > INK_TOLERANCE, `a 2 px jump down is caught (${down.mean.toFixed(1)})`);
  // The book's own handlers did not also take the moves: its scroll is the proof's, not twice it, also once
  // its later code is in (a move kept for that code would be answered then) and it has stopped drawing.
  await page.waitForFunction(() => performance.getEntriesByName("folio:later-ready").length > 0, null, { timeout: 30000 });
  await idle(page);
  assert.equal(await page.evaluate(() => window.folio.scroll()), late.sy);
  assert.deepEqual(await page.evaluate(() => window.__shifts), []);
  assert.deepEqual(errors, []);
  await context.close();
});

// Where Tab's focus is marked on the proof: whether each mark goes to the focused link's address, whether the
// first is in view, and whether every run of the link is marked (a link that wraps is a run on each line).
function focusMark() {
  const focused = document.activeElement, mark = document.querySelector("#proof a.focus");
  if (!mark) return null;
  const r = mark.getBoundingClientRect(), href = focused.getAttribute("href");
  let runs = 0;
  for (let a = mark; a && a.tagName === "A" && a.getAttribute("href") === href; a = a.nextElementSibling) runs++;
  const all = [...document.querySelectorAll("#proof a.focus")];
  return { same: all.every((a) => a.getAttribute("href") === href), inView: r.top >= 0 && r.bottom <= innerHeight, marked: all.length === runs, runs };
}

test("1280x800: the keys scroll the proof to its page's foot, Tab's focus shows on it, and its links are followed before the book has drawn", async () => {
  const context = await slowWasm.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(slowWasm.base + "/", { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => document.documentElement.classList.contains("proof-on"));
  // Tab never lands on the proof's links: they are aria-hidden copies of #text's.
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => !!document.activeElement.closest("#proof")), false);
  // The page is taller than the window: the keys scroll it as the book's do, down to its foot.
  const at = () => page.evaluate(() => {
    const here = [...document.querySelectorAll("#proof .pg.here")].find((e) => e.offsetParent !== null);
    return { sy: document.getElementById("proof").style.getPropertyValue("--sy"), foot: here.getBoundingClientRect().bottom };
  });
  const top = await at();
  await page.keyboard.press("ArrowDown");
  assert.equal((await at()).sy, "48px"); // the book's arrow step (core/book/scroll.h)
  await page.keyboard.press("End");
  const end = await at();
  assert.ok(top.foot > 800 && Math.abs(end.foot - (800 - 28)) <= 1, JSON.stringify({ top, end }));
  await page.keyboard.press("Home");
  assert.equal((await at()).sy, "0px");
  // Tab walks #text's links; the one focused is marked on the proof where it shows it, brought into view.
  let marks = 0;
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    const m = await page.evaluate(focusMark);
    if (!m) continue;
    marks++;
    assert.deepEqual(m, { same: true, inView: true, marked: true, runs: m.runs });
  }
  assert.ok(marks >= 5, `${marks} of the focused links were marked on the proof`);
  assert.ok(Number.parseFloat((await at()).sy) > 0, "marking the later ones scrolled the proof");
  await page.keyboard.press("Home");
  const link = await shownRun(page, '#proof a[href="/contents"]');
  assert.ok(link.hit, "the link's run is what a click there reaches");
  await Promise.all([page.waitForURL(/\/contents$/), page.mouse.click(link.x, link.y)]);
  assert.equal(new URL(page.url()).pathname, "/contents");
  await context.close();
});

test("1280x800: Tab's mark on the proof outlines every line of a link that wraps", async () => {
  const context = await slowRich.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(slowRich.base + LONG_ARTICLE, { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => document.documentElement.classList.contains("proof-on"));
  let wrapped = null;
  for (let i = 0; i < 40 && !wrapped; i++) {
    await page.keyboard.press("Tab");
    const m = await page.evaluate(focusMark);
    if (m && m.runs > 1) wrapped = m;
  }
  assert.ok(wrapped, "Tab reached a link the proof shows on two lines");
  assert.deepEqual(wrapped, { same: true, inView: true, marked: true, runs: wrapped.runs });
  await context.close();
});

test("1280x800: the proof's text is selected and copied as a page's, and the book waits for the selection to go", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const wasm = flowing(WASM);
  await page.goto(env.base + "/", { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => document.documentElement.classList.contains("proof-on"));
  await page.evaluate(() => document.addEventListener("copy", (e) => { window.__copied = e.clipboardData.getData("text/plain"); }));
  // A drag from the tagline's first word to the end of a row of the list, four blocks further down.
  const from = await shownRun(page, "#proof b, #proof a", "I work on");
  const to = await shownRun(page, "#proof b, #proof a", "Get the Rostam");
  await page.mouse.move(from.left + 1, from.y);
  await page.mouse.down();
  await page.mouse.move(to.right - 2, to.y, { steps: 8 });
  await page.mouse.up();
  await page.keyboard.press("Control+c");
  const copied = await page.evaluate(() => window.__copied);
  // A line's end is a space, a block's a blank line (the blocks the layout made: data-b), the space between
  // two runs of a line is kept; the list's repository line and its first entry are two blocks, as in the book.
  assert.match(copied, /^I work on AI infra and inference, and love reading, writing, music and art\.\n\nbuy me a coffee\n\ncontents\n\n2026\n\nmerged into TheHPXProject\/hpx\n\n#7607 Get the Rostam Jenkins lanes passing agai/, JSON.stringify(copied));
  // The book arrives and draws, but does not take the selection away: it shows once the selection goes.
  wasm.open();
  // Its first frame is held for the selection (the page marks it), or, wrongly, shown: either ends the wait.
  await page.waitForFunction(() => performance.getEntriesByName("folio:book-held-by-selection").length > 0 ||
    document.documentElement.classList.contains("canvas-on"));
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains("canvas-on")), false, "held while text is selected");
  assert.ok((await page.evaluate(() => getSelection().toString())).startsWith("I work on"));
  await page.mouse.click(1200, 60); // the desk: the selection goes
  await page.waitForFunction(() => document.documentElement.classList.contains("canvas-on"));
  assert.deepEqual(errors, []);
  await context.close();
});
