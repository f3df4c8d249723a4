// The code that comes later (docs/first-view.md): the web build splits the wasm into what the first views
// run (folio.wasm) and the rest (folio.later.wasm), which the page asks for once the book has drawn. No
// first view may need the rest; a reader who acts before it is in still gets the book's answer; a later
// module that cannot be downloaded leaves the page's text and one message.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { serve, launch, settle, SITE } from "./harness.mjs";

const LATER = /\/assets\/folio\.later\.[0-9a-f]+\.wasm$/;
const SITES = { seed: SITE, rich: process.env.FOLIO_RICH_SITE, blog: process.env.FOLIO_BLOG_SITE };
// A front page, a list, a tag's page, and articles with code, tables, images, notes and raw HTML, at a
// phone's size and a desktop's.
const FIRST_VIEWS = [
  ["seed", "/"], ["seed", "/books"], ["seed", "/writing/the-tensor-was-only-the-handle"], ["seed", "/tags/alignment"],
  ["rich", "/writing/everything-markdown"], ["blog", "/writing/code-in-every-language"],
  ["blog", "/writing/raw-html-tour"],
];
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

const env = { bases: {} };
before(async () => {
  env.servers = [];
  for (const [name, dir] of Object.entries(SITES)) {
    const server = await serve(dir);
    env.servers.push(server);
    env.bases[name] = `http://127.0.0.1:${server.address().port}`;
  }
  env.browser = await launch();
});
after(async () => { await env.browser?.close(); env.servers?.forEach((s) => s.close()); });

// A page whose requests for the later module are answered by `answer(n)`: "abort", "serve", or a number of
// milliseconds to hold the request before serving it (a slow or stalled download), n counting from 1.
async function openWith(site, route, view, answer) {
  const context = await env.browser.newContext(view);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  let asked = 0;
  await page.route(LATER, async (r) => {
    const how = answer(++asked);
    if (how === "abort") return r.abort("failed");
    if (typeof how === "number") await new Promise((resolve) => setTimeout(resolve, how));
    return r.continue().catch(() => {}); // the page may be gone by then
  });
  await page.goto(env.bases[site] + route);
  return { context, page, errors, asked: () => asked };
}
// The book's first frame, or its failure: the message, not a wait without end.
async function shown(page) {
  await page.waitForFunction(() => window.folio._started || window.folio.error, null, { timeout: 30000 });
  return page.evaluate(() => Promise.race([window.folio.ready.then(() => null),
    new Promise((resolve) => setTimeout(() => resolve(window.folio.error || "the book was not shown"), 10000))]));
}
const marks = (page) => page.evaluate(() => performance.getEntriesByType("mark").map((m) => m.name));
// Whether the later module is in; waiting until it is.
const laterIn = async (page) => (await marks(page)).includes("folio:later-ready");
const laterReady = (page) =>
  page.waitForFunction(() => performance.getEntriesByName("folio:later-ready").length > 0, null, { timeout: 10000 });

test("the site ships the wasm in two, and the later part is not in the first view's HTML", () => {
  const assets = fs.readdirSync(path.join(SITE, "assets"));
  const later = assets.filter((f) => /^folio\.later\.[0-9a-f]+\.wasm$/.test(f));
  const first = assets.filter((f) => /^folio\.[0-9a-f]+\.wasm$/.test(f));
  assert.equal(later.length, 1, assets.join(" "));
  assert.equal(first.length, 1);
  const html = fs.readFileSync(path.join(SITE, "index.html"), "utf8");
  assert.ok(!html.includes(later[0]), "the later module is named in the front page's HTML");
  const boot = fs.readFileSync(path.join(SITE, "assets", assets.find((f) => /^boot\./.test(f))), "utf8");
  assert.ok(boot.includes("/assets/" + later[0]), "boot.js does not name the later module");
  // The first part is the larger: the first views run most of the code.
  const size = (f) => fs.statSync(path.join(SITE, "assets", f)).size;
  assert.ok(size(first[0]) > size(later[0]), `${size(first[0])} vs ${size(later[0])}`);
});

for (const [site, route] of FIRST_VIEWS) {
  for (const [label, view] of [["phone", PHONE], ["1280", DESKTOP]]) {
    test(`the first view of ${site} ${route} at ${label} runs no later code`, async () => {
      // Every request for the later module fails: a first view that needed it would fail with it.
      const { page, context, errors } = await openWith(site, route, view, () => "abort");
      const failure = await shown(page);
      const early = await page.evaluate(() => window.folio._laterEarly || 0);
      assert.equal(early, 0, "the first view called into the later module: run tools/first_view_profile.mjs " +
        `(after ./folio test) and commit src/platform/web/first_view.functions (${failure})`);
      assert.equal(failure, null);
      await settle(page);
      const state = await page.evaluate(() => ({ early: window.folio._laterEarly || 0, error: window.folio.error,
        on: document.documentElement.classList.contains("canvas-on") }));
      assert.equal(state.early, 0, "the first view called into the later module: run tools/first_view_profile.mjs " +
        "(after ./folio test) and commit src/platform/web/first_view.functions");
      assert.equal(state.error, null);
      assert.ok(state.on, "the book is not shown");
      assert.ok((await marks(page)).includes("folio:later-requested"));
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test("the later module is asked for once the book has drawn, and is then in before it is needed", async () => {
  const { page, context, errors } = await openWith("seed", "/", DESKTOP, () => "serve");
  await laterReady(page);
  const order = await page.evaluate(() => {
    const at = (name) => performance.getEntriesByName(name)[0].startTime;
    const request = performance.getEntriesByType("resource").find((r) => /folio\.later\./.test(r.name));
    return { shown: at("folio:book-shown"), requested: request.startTime, ready: at("folio:later-ready") };
  });
  assert.ok(order.requested > order.shown, `asked for at ${order.requested} ms, the book shown at ${order.shown} ms`);
  assert.ok(order.ready > order.requested);
  // The page turns and scrolls with the later code's own functions, called the ordinary way.
  await page.mouse.move(640, 400);
  await page.keyboard.press("PageDown");
  await settle(page);
  assert.ok((await page.evaluate(() => window.folio.scroll())) > 300);
  assert.equal(await page.evaluate(() => window.folio._laterEarly || 0), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a reader quicker than the later module still gets the book's answer", async () => {
  // The download after the first frame fails; the reader's key press needs the later code: it is asked for
  // again, and the key is answered when it is in.
  const { page, context, errors, asked } = await openWith("seed", "/", DESKTOP, (n) => (n === 1 ? "abort" : "serve"));
  assert.equal(await shown(page), null);
  await page.waitForFunction(() => performance.getEntriesByName("folio:later-requested").length > 0);
  await page.waitForTimeout(300);
  assert.equal(asked(), 1);
  await page.mouse.move(640, 400);
  await page.keyboard.press("PageDown");
  await settle(page);
  const state = await page.evaluate(() => ({ early: window.folio._laterEarly || 0, error: window.folio.error,
    scroll: window.folio.scroll(), on: document.documentElement.classList.contains("canvas-on") }));
  assert.equal(state.early, 0, "the key press entered the later code before it was in (a synchronous download)");
  assert.ok((await marks(page)).includes("folio:later-awaited"), "the key press did not need the later code");
  assert.equal(asked(), 2, "the later module was not asked for again");
  assert.equal(state.error, null);
  assert.ok(state.on);
  assert.ok(state.scroll > 300, `scrolled ${state.scroll}`);
  assert.ok(await laterIn(page));
  assert.deepEqual(errors, []);
  await context.close();
});

// How long the page takes to answer a script while the book holds a reader's action (ms).
async function answerTime(page) {
  const t0 = Date.now();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return Date.now() - t0;
}

test("a reader's key press while the later module is slow is kept, answered when it is in, and the page stays free", async () => {
  for (const [label, view] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    const { page, context, errors } = await openWith("seed", "/", view, () => 2000);
    assert.equal(await shown(page), null);
    await page.mouse.move(200, 400);
    const t0 = Date.now();
    await page.keyboard.press("PageDown");
    await page.keyboard.press("PageDown");
    const pressed = Date.now() - t0;
    const free = await answerTime(page);
    const before = await page.evaluate(() => ({ marks: performance.getEntriesByType("mark").map((m) => m.name),
      early: window.folio._laterEarly || 0 }));
    assert.ok(before.marks.includes("folio:later-awaited"), `${label}: ${before.marks.join(" ")}`);
    assert.ok(!before.marks.includes("folio:later-ready"), `${label}: the slow module was in already`);
    // A synchronous download would hold the page the 2 s the module takes.
    assert.ok(pressed + free < 1500, `${label}: the page was held ${pressed} + ${free} ms`);
    await laterReady(page);
    await settle(page);
    const after = await page.evaluate(() => ({ scroll: window.folio.scroll(), early: window.folio._laterEarly || 0,
      error: window.folio.error, on: document.documentElement.classList.contains("canvas-on") }));
    assert.equal(after.early, 0, label);
    assert.equal(after.error, null, label);
    assert.ok(after.on, label);
    assert.ok(after.scroll > 600, `${label}: two page turns kept, scrolled ${after.scroll}`);
    assert.deepEqual(errors, [], label);
    await context.close();
  }
});

test("a finger's drag on a phone while the later module is slow scrolls the book once it is in", async () => {
  const { page, context, errors } = await openWith("seed", "/", PHONE, () => 1500);
  assert.equal(await shown(page), null);
  const cdp = await context.newCDPSession(page);
  const touch = (type, y) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x: 30, y }] });
  await touch("touchStart", 700);
  for (let y = 650; y >= 250; y -= 50) await touch("touchMove", y);
  await touch("touchEnd");
  assert.ok(!(await laterIn(page)), "the slow module was in already");
  assert.ok((await marks(page)).includes("folio:later-awaited"), "the drag did not wait for the later code");
  await laterReady(page);
  await settle(page);
  const state = await page.evaluate(() => ({ scroll: window.folio.scroll(), early: window.folio._laterEarly || 0 }));
  assert.ok(state.scroll > 200, `scrolled ${state.scroll} for a 450 px drag`);
  assert.equal(state.early, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Tab while the later module is slow moves the focus to the first link once it is in", async () => {
  const { page, context, errors } = await openWith("seed", "/", DESKTOP, () => 1500);
  assert.equal(await shown(page), null);
  await page.waitForFunction(() => document.querySelector("#layer [tabindex='0']"));
  await page.keyboard.press("Tab");
  const during = await page.evaluate(() => ({ inLayer: !!document.activeElement?.closest?.("#layer"),
    ready: performance.getEntriesByName("folio:later-ready").length > 0 }));
  assert.ok(!during.ready && !during.inLayer, JSON.stringify(during));
  await laterReady(page);
  await page.waitForFunction(() => document.activeElement?.closest?.("#layer [tabindex='0']"), null, { timeout: 5000 });
  assert.equal(await page.evaluate(() => window.folio._laterEarly || 0), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("back and forward while the later module is slow open the route once it is in", async () => {
  const { page, context, errors } = await openWith("seed", "/", DESKTOP, () => 1500);
  assert.equal(await shown(page), null);
  // An entry the book did not make, then back and forward over it: two popstates, kept in order.
  await page.evaluate(() => history.pushState({ scroll: 0 }, "", "/books"));
  await page.evaluate(() => new Promise((resolve) => { addEventListener("popstate", resolve, { once: true }); history.back(); }));
  await page.evaluate(() => new Promise((resolve) => { addEventListener("popstate", resolve, { once: true }); history.forward(); }));
  assert.ok((await answerTime(page)) < 1000);
  assert.ok(!(await laterIn(page)), "the slow module was in already");
  assert.equal(await page.title(), "Anshuman Agrawal"); // the book has not opened the route yet
  await laterReady(page);
  await settle(page);
  const state = await page.evaluate(() => ({ path: location.pathname, early: window.folio._laterEarly || 0 }));
  assert.equal(state.path, "/books");
  assert.equal(await page.title(), "books · Anshuman Agrawal"); // the book's route, as the last popstate said
  assert.equal(state.early, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Ctrl+F while the later module is slow opens the find bar once it is in, and it finds", async () => {
  const { page, context, errors } = await openWith("seed", "/", DESKTOP, () => 1500);
  assert.equal(await shown(page), null);
  await page.keyboard.press("Control+f");
  await page.waitForTimeout(300);
  const field = () => page.evaluate(() => document.activeElement?.tagName === "INPUT");
  assert.ok(!(await laterIn(page)), "the slow module was in already");
  assert.equal(await field(), false, "the find bar opened before the book's code for it was in");
  await laterReady(page);
  await page.waitForFunction(() => document.activeElement?.tagName === "INPUT", null, { timeout: 5000 });
  await page.keyboard.type("infra");
  await page.waitForFunction(() => /\b1 of [1-9]/.test(document.activeElement?.parentElement?.innerText || ""), null,
    { timeout: 5000 });
  assert.equal(await page.evaluate(() => window.folio._laterEarly || 0), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("an action kept for a later module that stalls makes the page its text, and the page never freezes", async () => {
  const { page, context, errors } = await openWith("seed", "/", DESKTOP, () => 8000);
  assert.equal(await shown(page), null);
  await page.mouse.move(640, 400);
  await page.keyboard.press("PageDown");
  assert.ok((await answerTime(page)) < 1000);
  await page.waitForFunction(() => window.folio.error, null, { timeout: 6000 });
  const state = await page.evaluate(() => ({ error: window.folio.error,
    fault: document.getElementById("fault").hidden ? "" : document.getElementById("fault").textContent,
    noCanvas: document.documentElement.classList.contains("no-canvas"),
    text: getComputedStyle(document.getElementById("text")).visibility }));
  assert.match(state.error, /could not be downloaded/);
  assert.match(state.fault, /could not be downloaded/);
  assert.ok(state.noCanvas && state.text === "visible", JSON.stringify(state));
  assert.equal(await page.evaluate(() => window.folio._laterEarly || 0), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a later module that cannot be downloaded leaves the text and one message", async () => {
  const { page, context, errors, asked } = await openWith("seed", "/writing/the-tensor-was-only-the-handle", DESKTOP, () => "abort");
  assert.equal(await shown(page), null);
  await page.waitForTimeout(300);
  await page.mouse.move(640, 400);
  await page.keyboard.press("PageDown");
  await page.keyboard.press("PageDown");
  await page.waitForTimeout(500);
  const state = await page.evaluate(() => {
    const fault = document.getElementById("fault");
    const text = document.getElementById("text");
    return { error: window.folio.error, fault: fault.hidden ? "" : fault.textContent, role: fault.getAttribute("role"),
      noCanvas: document.documentElement.classList.contains("no-canvas"),
      textVisible: getComputedStyle(text).visibility === "visible" && text.getBoundingClientRect().height > 0,
      heading: text.querySelector("h1")?.textContent || "" };
  });
  assert.match(state.error || "", /could not be downloaded/);
  assert.match(state.fault, /could not be downloaded/);
  assert.equal(state.role, "alert");
  assert.ok(state.noCanvas && state.textVisible, JSON.stringify(state));
  assert.match(state.heading.toLowerCase(), /the tensor was only the handle/);
  // Asked for once after the first frame and once when needed: not again for every key press.
  assert.equal(asked(), 2);
  // The key presses waited for it, never entering the later code: no error.
  assert.deepEqual(errors, []);
  await context.close();
});
