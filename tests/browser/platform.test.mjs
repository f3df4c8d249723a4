// The web platform layer in Debian's Chromium: HiDPI, idle, scrolling by wheel, keys and touch, routing
// with the History API, deep links, WebGL context loss. Every test also fails on any console error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSite, open, ready, settle, inkIn } from "../support/harness.mjs";

const env = useSite();

async function start(route, options) {
  const s = await open(env.browser, env.base, route, options);
  await ready(s.page);
  await settle(s.page);
  return s;
}
const scrollOf = (page) => page.evaluate(() => window.folio.scroll());
// Where the canvas drew a run (the layout's record): where a visitor's click or tap goes, and whose pixels to read.
const box = (page, text) => page.evaluate((t) => window.folio.box(t), text);
// Whether the text layer over the pages on screen (what a screen reader reads) holds the words.
const shows = (page, text) => page.waitForFunction((t) => document.getElementById("layer")?.textContent.includes(t), text, { timeout: 15000 })
  .then(() => true, () => false);

test("at deviceScaleFactor 2 the backing store is twice the CSS size", async () => {
  const { page, errors, context } = await start("/", { deviceScaleFactor: 2 });
  const size = await page.evaluate(() => {
    const c = document.getElementById("book");
    return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight };
  });
  assert.equal(size.w, size.cw * 2);
  assert.equal(size.h, size.ch * 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test("idle: two seconds without input draw no frame", async () => {
  const { page, errors, context } = await start("/");
  const before = await page.evaluate(() => window.folio.framesDrawn);
  await page.waitForTimeout(2000);
  const after = await page.evaluate(() => window.folio.framesDrawn);
  assert.equal(after, before);
  assert.ok(before >= 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the wheel and the keyboard scroll the view", async () => {
  const { page, errors, context } = await start("/");
  assert.equal(await scrollOf(page), 0);
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 300);
  await settle(page);
  const afterWheel = await scrollOf(page);
  assert.ok(afterWheel >= 290 && afterWheel <= 310, `wheel moved ${afterWheel}`);
  await page.keyboard.press("PageDown");
  await settle(page);
  assert.ok((await scrollOf(page)) > afterWheel + 300);
  await page.keyboard.press("End");
  await settle(page);
  const end = await scrollOf(page);
  await page.keyboard.press("Home");
  await settle(page);
  assert.equal(await scrollOf(page), 0);
  assert.ok(end > 2000, `End went to ${end}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a touch drag scrolls the page", async () => {
  const { page, errors, context } = await start("/", { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
  const cdp = await context.newCDPSession(page);
  const touch = (type, y) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x: 200, y }] });
  await touch("touchStart", 700);
  for (let y = 680; y >= 300; y -= 20) { await touch("touchMove", y); await page.waitForTimeout(8); }
  await touch("touchEnd", 300);
  await settle(page);
  const s = await scrollOf(page);
  assert.ok(s >= 380, `touch drag of 400 px scrolled ${s}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("clicking a contents entry changes the path; back restores the view and its scroll", async () => {
  const { page, errors, context } = await start("/");
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 120);
  await settle(page);
  const frontScroll = await scrollOf(page);
  const link = await box(page, "contents");
  assert.ok(link, "the contents link is visible");
  await page.mouse.click(link.x + link.width / 2, link.y + link.height / 2);
  await page.waitForFunction(() => location.pathname === "/contents");
  await settle(page);
  assert.equal(await page.title(), "contents · Anshuman Agrawal");
  const books = await box(page, "books");
  await page.mouse.click(books.x + books.width / 2, books.y + books.height / 2);
  await page.waitForFunction(() => location.pathname === "/books");
  await settle(page);
  assert.ok(await shows(page, "Norwegian Wood"), "the books chapter is on screen");
  await page.goBack();
  await page.waitForFunction(() => location.pathname === "/contents");
  await settle(page);
  await page.goBack();
  await page.waitForFunction(() => location.pathname === "/");
  await settle(page);
  assert.equal(Math.round(await scrollOf(page)), Math.round(frontScroll));
  assert.equal(await page.title(), "Anshuman Agrawal");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a deep link opens the article; an unknown path shows the book's not-found page", async () => {
  const { page, errors, context } = await start("/writing/arrays-become-matrices");
  assert.ok(await shows(page, "arrays become matrices"));
  assert.equal(await page.title(), "arrays become matrices · Anshuman Agrawal");
  await context.close();
  assert.deepEqual(errors, []);
  const missing = await open(env.browser, env.base, "/no/such/page");
  await ready(missing.page);
  await settle(missing.page);
  assert.ok(await shows(missing.page, "page not found"));
  // The static host answered 404; the only console error is that response.
  assert.ok(missing.errors.every((e) => e.includes("404")), missing.errors.join("\n"));
  await missing.context.close();
});

test("WebGL context loss and restore: the page draws again", async () => {
  const { page, errors, context } = await start("/");
  // The GPU takes the context away (a driver reset, another tab's demand): no visitor action does that.
  await page.evaluate(() => {
    const gl = document.getElementById("book").getContext("webgl2");
    window.__lose = gl.getExtension("WEBGL_lose_context");
    window.__lose.loseContext();
  });
  await page.waitForTimeout(300);
  const lostFrames = await page.evaluate(() => window.folio.framesDrawn);
  await page.evaluate(() => window.__lose.restoreContext());
  await page.waitForFunction((n) => window.folio.framesDrawn > n, lostFrames);
  await settle(page);
  const name = await box(page, "Anshuman Agrawal");
  const ink = await inkIn(page, name, [252, 250, 245]);
  assert.ok(ink.differ > ink.total * 0.05, `after restore ${ink.differ} of ${ink.total} pixels are ink`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a failed content fetch shows a readable message, not a blank canvas", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const warnings = [];
  page.on("console", (m) => { if (m.type() === "warning") warnings.push(m.text()); });
  await page.route("**/site.json", (r) => r.fulfill({ status: 503, body: "down" }));
  await page.goto(env.base + "/books");
  const fault = page.locator("#fault");
  await fault.waitFor({ state: "visible" });
  assert.match(await fault.innerText(), /The book could not be downloaded/);
  // The detail goes where a developer looks for it, the console.
  assert.ok(warnings.some((w) => /HTTP 503 for \/site\.json/.test(w)), warnings.join("\n"));
  // The page's own text is back in view, so the visitor can still read.
  assert.ok(await page.locator("main#text").isVisible());
  assert.match(await page.locator("main#text").innerText(), /Norwegian Wood/);
  await context.close();
});

test("without WebGL2 the page keeps its HTML text", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      return kind === "webgl2" ? null : original.call(this, kind, ...rest);
    };
  });
  const page = await context.newPage();
  await page.goto(env.base + "/writing");
  // The book finds no WebGL2 when it would make its context (after the proof's paint; later on a busy machine).
  await page.waitForFunction(() => document.documentElement.classList.contains("no-canvas"), null, { timeout: 10000 })
    .catch(() => {});
  assert.equal(await page.evaluate(() => document.documentElement.className), "no-canvas");
  assert.ok(await page.locator("main#text").isVisible());
  assert.match(await page.locator("main#text").innerText(), /three hundred processes waited for one pid/);
  // The loader's way (web/loader.js): the desk, the proof, then the page is its text for good.
  const way = await page.evaluate(() => ({ path: window.folio.loader.history.map((h) => h.state).join(" "), refused: window.folio.loader.refused }));
  assert.match(way.path, /^desk (proof )?(text )?static$/);
  assert.deepEqual(way.refused, []);
  // The renderer's program never runs (the head preloads it, and the wasm, for capable browsers).
  assert.equal(await page.evaluate(() => typeof window.Module), "undefined");
  assert.equal(await page.locator("script[src*='/assets/folio.']").count(), 0);
  await context.close();
});

// The first WebGL context of a page is the slow one (docs/first-view.md, "Order"): boot.js makes the
// book's, on its canvas, and the wasm draws with that same context; no other is made.
test("the page makes one WebGL context, the book's, and draws with it", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    const seen = new Set();
    window.__contexts = [];
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      const ctx = original.call(this, kind, ...rest);
      if (ctx && /webgl/.test(kind) && !seen.has(ctx)) {
        seen.add(ctx);
        window.__contexts.push({ kind, canvas: this.id, attributes: ctx.getContextAttributes() });
      }
      return ctx;
    };
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(env.base + "/");
  await ready(page);
  const contexts = await page.evaluate(() => window.__contexts);
  assert.equal(contexts.length, 1, JSON.stringify(contexts));
  assert.equal(contexts[0].kind, "webgl2");
  assert.equal(contexts[0].canvas, "book");
  // The attributes main.cpp's init_gl asks for: an opaque canvas, no depth buffer, ImGui's own anti-aliasing.
  const a = contexts[0].attributes;
  assert.deepEqual([a.alpha, a.depth, a.antialias, a.premultipliedAlpha], [false, false, false, false]);
  assert.ok(await page.evaluate(() => window.folio.framesDrawn) > 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Tab shows a focus ring on a link; copy with nothing selected copies nothing", async () => {
  const { page, errors, context } = await start("/contents");
  const before = await page.screenshot();
  await page.keyboard.press("Tab");
  await settle(page);
  const after = await page.screenshot();
  assert.notDeepEqual(after, before, "the focus ring changed the picture");
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute("href")), "/loves");
  // Nothing is selected: Ctrl+C must not put the focused link's address (or anything) on the clipboard.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.base });
  await page.evaluate(() => navigator.clipboard.writeText("(what was there before)"));
  await page.keyboard.press("Control+C");
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "(what was there before)");
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute("href")), "/loves", "the link kept the focus");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => location.pathname === "/loves");
  await settle(page);
  // The same key press copies once a word is selected: the clipboard above was kept, not left unreached.
  const word = await page.evaluate(() => {
    for (const el of document.querySelectorAll("#layer span[data-i]")) {
      const t = el.firstChild;
      // A word inside the run (at its edges a word may run on into the next run).
      const m = t && [...t.data.matchAll(/\b[a-z]{5,}\b/g)].find((m) => m.index > 0 && m.index + m[0].length < t.length);
      if (!m) continue;
      const r = document.createRange();
      r.setStart(t, m.index);
      r.setEnd(t, m.index + m[0].length);
      const b = r.getBoundingClientRect();
      if (b.top > 0 && b.bottom < innerHeight) return { text: m[0], x: b.x + b.width / 2, y: b.y + b.height / 2 };
    }
    return null;
  });
  assert.ok(word, "a word on screen");
  await page.mouse.dblclick(word.x, word.y);
  await page.keyboard.press("Control+C");
  assert.equal((await page.evaluate(() => navigator.clipboard.readText())).trim(), word.text);
  assert.deepEqual(errors, []);
  await context.close();
});

test("an external link opens a new tab with no opener; the book stays", async () => {
  const { page, errors, context } = await start("/find-me");
  await context.route("https://github.com/**", (r) => r.fulfill({ status: 200, body: "<title>stub</title>" }));
  const link = await box(page, "GitHub");
  const [popup] = await Promise.all([
    context.waitForEvent("page"),
    page.mouse.click(link.x + link.width / 2, link.y + link.height / 2),
  ]);
  await popup.waitForLoadState();
  assert.equal(popup.url(), "https://github.com/iemAnshuman");
  assert.equal(await popup.evaluate(() => window.opener), null);
  assert.equal(await page.evaluate(() => location.pathname), "/find-me");
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a phone a tap on a link follows it", async () => {
  const { page, errors, context } = await start("/", { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
  const link = await box(page, "contents");
  assert.ok(link);
  await page.touchscreen.tap(link.x + link.width / 2, link.y + link.height / 2);
  await page.waitForFunction(() => location.pathname === "/contents");
  await settle(page);
  assert.ok(await shows(page, "things I love"));
  assert.deepEqual(errors, []);
  await context.close();
});
