// The code that comes later (docs/first-view.md): the web build splits the wasm into what the first views
// run (folio.wasm) and the rest (folio.later.wasm), which the page asks for once the book has drawn. No
// first view may need the rest; a reader who acts before it is in still gets the book's answer; a later
// module that cannot be downloaded leaves the page's text and one message.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { serve, launch, settle, idle, within, gate, SITE } from "../support/harness.mjs";

const require = createRequire(import.meta.url);
const ROOT = process.env.FOLIO_ROOT || path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

const LATER = /\/assets\/folio\.later\.[0-9a-f]+\.wasm$/;
const SITES = { seed: SITE, rich: process.env.FOLIO_RICH_SITE, blog: process.env.FOLIO_BLOG_SITE,
  rtl: process.env.FOLIO_RTL_SITE, zh: process.env.FOLIO_ZH_SITE, scripts: process.env.FOLIO_SCRIPTS_SITE,
  hostile: process.env.FOLIO_HOSTILE_SITE };
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

// A page whose requests for the later module are answered by `answer(n)`, n counting from 1: "abort",
// "serve", or "hold": kept until the test calls release() (a slow or stalled download, held for as long as
// the test's assertions about the time before it need, never for a fixed time). arrived(n) resolves once
// the nth request has come; said(pattern) once the page has logged a matching console line.
async function openWith(site, route, view, answer) {
  const context = await env.browser.newContext(view);
  const page = await context.newPage();
  const errors = [], lines = [], news = new Set();
  const poke = () => news.forEach((check) => check());
  const when = (check) => new Promise((resolve) => {
    const test = () => { if (check()) { news.delete(test); resolve(); } };
    news.add(test);
    test();
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { lines.push(m.text()); poke(); });
  let asked = 0;
  const held = gate();
  await page.route(LATER, async (r) => {
    const how = answer(++asked);
    poke();
    if (how === "abort") return r.abort("failed");
    if (how === "hold") await held.wait;
    return r.continue().catch(() => {}); // the page may be gone by then
  });
  await page.goto(env.bases[site] + route);
  return {
    context, page, errors, asked: () => asked, release: held.open,
    requested: (n) => when(() => asked >= n),
    arrived: (n) => within(when(() => asked >= n), `request ${n} for the later module`),
    said: (pattern) => within(when(() => lines.some((l) => pattern.test(l))), `the console line ${pattern}`),
  };
}
// The book's first frame on screen, or its failure: the message, or null when the book is shown.
async function shown(page) {
  await page.waitForFunction(() => window.folio &&
    (performance.getEntriesByName("folio:book-shown").length > 0 || window.folio.error), null, { timeout: 30000 });
  return page.evaluate(() => window.folio.error);
}
const marks = (page) => page.evaluate(() => performance.getEntriesByType("mark").map((m) => m.name));
// Waits until the later module is in.
const laterReady = (page) =>
  page.waitForFunction(() => performance.getEntriesByName("folio:later-ready").length > 0, null, { timeout: 30000 });
// What the page says while the module is held: read without calling into the wasm, whose scroll reader is
// later code itself (it would take the synchronous path).
const heldState = (page) => page.evaluate(() => ({ marks: performance.getEntriesByType("mark").map((m) => m.name),
  early: window.folio.later.early, error: window.folio.error }));

// Runs the reader's acts while the module is held and resolves with what they return (the last of them
// a script the page answers). The page must stay free: a synchronous download of the module (the old
// placeholder's) would freeze it on the held request, and that second request is the sign of it; then the
// hold is let go, so that the page and the test can end, and the test fails.
async function whileHeld(opened, acts) {
  const frozen = opened.requested(2).then(() => "frozen");
  const done = await Promise.race([acts(), frozen]);
  if (done === "frozen") {
    opened.release();
    assert.fail("the page asked for the later module again while its download was held: a synchronous download froze it");
  }
  return done;
}

// The manifest the build prepends to a site's boot script (window.FOLIO_ASSETS).
const manifestOf = (dir) => {
  const boot = fs.readdirSync(path.join(dir, "assets")).find((f) => /^boot\.[0-9a-f]+\.js$/.test(f));
  return JSON.parse(fs.readFileSync(path.join(dir, "assets", boot), "utf8").match(/window\.FOLIO_ASSETS = (\{.*?\});\n/)[1]);
};

// The first part holds what a Latin site's first views run (tools/first_view_profile.mjs profiles only
// those); a site whose text needs the code for other scripts asks for the later part with it.
test("a Latin site's first view leaves the code for other scripts to later; a site in other scripts has it before its first frame", async () => {
  for (const site of ["seed", "rich", "blog", "hostile"]) assert.ok(!manifestOf(SITES[site]).laterFirst, `${site} asks for the later code first`);
  for (const site of ["rtl", "zh", "scripts"]) assert.equal(manifestOf(SITES[site]).laterFirst, true, site);
  for (const [site, route] of [["rtl", "/writing/haifa"], ["zh", "/"], ["scripts", "/"]]) {
    for (const [label, view] of [["phone", PHONE], ["1280", DESKTOP]]) {
      const { page, context, errors, asked } = await openWith(site, route, view, () => "serve");
      const failure = await shown(page);
      assert.equal(failure, null, `${site} ${route} at ${label}`);
      const seen = await marks(page);
      const at = (name) => seen.indexOf("folio:" + name);
      assert.ok(at("later-ready") >= 0 && at("later-ready") < at("frame-drawn"), `${site} ${label}: ${seen.join(" ")}`);
      assert.equal(at("later-requested"), -1, "asked for again after the first frame");
      assert.equal(asked(), 1);
      assert.equal(await page.evaluate(() => window.folio.later.early), 0, `${site} ${label}: a synchronous download`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
  // The contrast: a Latin site's first frame comes before its later code is asked for.
  const { page, context } = await openWith("seed", "/", DESKTOP, () => "serve");
  assert.equal(await shown(page), null);
  await laterReady(page);
  const seen = await marks(page);
  assert.ok(seen.indexOf("folio:frame-drawn") < seen.indexOf("folio:later-requested"), seen.join(" "));
  await context.close();
});

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
  // Each part holds a real share of the code: the first views run about half of it, and the later part
  // holds ImGui's frame, the code for other scripts and their tables (docs/first-view.md).
  const size = (f) => fs.statSync(path.join(SITE, "assets", f)).size;
  const whole = size(first[0]) + size(later[0]);
  assert.ok(size(first[0]) > whole / 4 && size(later[0]) > whole / 4, `${size(first[0])} vs ${size(later[0])}`);
});

// GNU FriBidi's tables are read by later code only (src/platform/web/later_data.h): the later module brings
// them, byte for byte as the linker laid them out, and the first part has none of them.
test("the data only the later code reads comes with the later module, not in the first view", () => {
  const web = path.join(ROOT, "build/web");
  const { laterDataBounds, sections, image } = require(path.join(ROOT, "tools/later_data.cjs"));
  const whole = fs.readFileSync(path.join(web, "folio.whole.wasm"));
  const { readSymbols } = require(path.join(ROOT, "tools/split_wasm.cjs"));
  const text = execFileSync("wasm-dis", [path.join(web, "folio.whole.wasm")], { encoding: "utf8", maxBuffer: 1 << 28 });
  const [begin, end] = laterDataBounds(text, readSymbols(path.join(web, "folio.whole.js.symbols")));
  const memoryOf = (bytes) => {
    const data = sections(bytes).find((s) => s.id === 11);
    return data ? image(data.body) : new Uint8Array(0);
  };
  const span = (memory, from, to) => { // memory[from, to), with the zeros at its end that no segment writes
    const out = new Uint8Array(to - from);
    out.set(memory.subarray(from, to));
    return Buffer.from(out);
  };
  const linked = span(memoryOf(whole), begin, end);
  const nonzero = linked.reduce((n, b) => n + (b !== 0), 0);
  assert.ok(end - begin > 60000 && nonzero > 20000, `the section holds ${end - begin} B, ${nonzero} of them not zero`);
  const assets = path.join(SITE, "assets");
  const file = (re) => fs.readFileSync(path.join(assets, fs.readdirSync(assets).find((f) => re.test(f))));
  const first = memoryOf(file(/^folio\.[0-9a-f]+\.wasm$/)), later = memoryOf(file(/^folio\.later\.[0-9a-f]+\.wasm$/));
  assert.equal(first.subarray(begin, end).reduce((n, b) => n + (b !== 0), 0), 0, "folio.wasm still holds some of it");
  assert.ok(span(later, begin, end).equals(linked), "folio.later.wasm does not bring the same bytes");
  // And the rest of the data stays in the first part, as linked.
  assert.ok(span(first, 0, begin).equals(span(memoryOf(whole), 0, begin)), "folio.wasm's other data changed");
  // The split's guard fails a first part that would read the section before the later part writes it.
  const { checkPrimary } = require(path.join(ROOT, "tools/later_data.cjs"));
  assert.deepEqual(checkPrimary(`(i32.load8_u offset=${begin - 1} (local.get $0))`, ["main", "folio_set_site"], begin, end), []);
  assert.equal(checkPrimary(`(i32.load8_u offset=${begin + 7} (local.get $0))`, ["main"], begin, end).length, 1);
  assert.equal(checkPrimary("", ["fribidi_get_bidi_type", "__rem_pio2f"], begin, end).length, 1);
});

for (const [site, route] of FIRST_VIEWS) {
  for (const [label, view] of [["phone", PHONE], ["1280", DESKTOP]]) {
    test(`the first view of ${site} ${route} at ${label} runs no later code`, async () => {
      // Every request for the later module fails: a first view that needed it would fail with it.
      const { page, context, errors } = await openWith(site, route, view, () => "abort");
      const failure = await shown(page);
      const early = await page.evaluate(() => window.folio.later.early);
      assert.equal(early, 0, "the first view called into the later module: run ./folio first-view " +
        `(after ./folio test) and commit src/platform/web/first_view.functions (${failure})`);
      assert.equal(failure, null);
      // Quiet for a while, not one frame: a face or a body that comes after the first frame draws again, and
      // a first view that needed the later code would call it then.
      await settle(page);
      const state = await page.evaluate(() => ({ early: window.folio.later.early, error: window.folio.error,
        on: document.documentElement.classList.contains("canvas-on") }));
      assert.equal(state.early, 0, "the first view called into the later module: run ./folio first-view " +
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
  await idle(page);
  assert.ok((await page.evaluate(() => window.folio.scroll())) > 300);
  assert.equal(await page.evaluate(() => window.folio.later.early), 0);
  assert.ok(!(await marks(page)).includes("folio:later-awaited"), "the key press waited: the module was not in");
  assert.deepEqual(errors, []);
  await context.close();
});

// The download after the first frame failing is said in the console (boot.js: it will be asked for again
// when needed): the test's signal that the page has taken the failure in.
const AGAIN = /the later code will be asked for again when needed/;

test("a reader quicker than the later module still gets the book's answer", async () => {
  // The download after the first frame fails; the reader's key press needs the later code: it is asked for
  // again, and the key is answered when it is in.
  const opened = await openWith("seed", "/", DESKTOP, (n) => (n === 1 ? "abort" : "serve"));
  const { page, context, errors, asked } = opened;
  assert.equal(await shown(page), null);
  await opened.said(AGAIN);
  assert.equal(asked(), 1);
  await page.mouse.move(640, 400);
  await page.keyboard.press("PageDown");
  await laterReady(page);
  await idle(page);
  const state = await page.evaluate(() => ({ early: window.folio.later.early, error: window.folio.error,
    scroll: window.folio.scroll(), on: document.documentElement.classList.contains("canvas-on") }));
  assert.equal(state.early, 0, "the key press entered the later code before it was in (a synchronous download)");
  assert.ok((await marks(page)).includes("folio:later-awaited"), "the key press did not need the later code");
  assert.equal(asked(), 2, "the later module was not asked for again");
  assert.equal(state.error, null);
  assert.ok(state.on);
  assert.ok(state.scroll > 300, `scrolled ${state.scroll}`);
  assert.deepEqual(errors, []);
  await context.close();
});

// How long any of this takes (a key press's return, the page's answer to a script, the wait for the module)
// is bench/page/later.sh's to print; these tests assert what happens, and in what order.
test("a reader's key press while the later module is slow is kept, answered when it is in, and the page stays free", async () => {
  for (const [label, view] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    const opened = await openWith("seed", "/", view, () => "hold");
    const { page, context, errors } = opened;
    assert.equal(await shown(page), null, label);
    await opened.arrived(1);
    const before = await whileHeld(opened, async () => {
      await page.mouse.move(200, 400);
      await page.keyboard.press("PageDown");
      await page.keyboard.press("PageDown");
      return heldState(page);
    });
    assert.ok(before.marks.includes("folio:later-awaited"), `${label}: the key presses were not kept (${before.marks.join(" ")})`);
    assert.ok(!before.marks.includes("folio:later-ready"), `${label}: the held module was in`);
    assert.equal(before.early, 0, `${label}: a key press entered the later code before it was in`);
    assert.equal(before.error, null, label);
    opened.release();
    await laterReady(page);
    await idle(page);
    const after = await page.evaluate(() => ({ scroll: window.folio.scroll(), early: window.folio.later.early,
      error: window.folio.error, on: document.documentElement.classList.contains("canvas-on") }));
    assert.equal(after.early, 0, label);
    assert.equal(after.error, null, label);
    assert.ok(after.on, label);
    // Two page turns: twice what one more PageDown now turns.
    await page.keyboard.press("PageDown");
    await idle(page);
    const turn = (await page.evaluate(() => window.folio.scroll())) - after.scroll;
    assert.ok(turn > 300 && Math.abs(after.scroll - 2 * turn) <= 1, `${label}: scrolled ${after.scroll}, a page turn is ${turn}`);
    assert.deepEqual(errors, [], label);
    await context.close();
  }
});

test("a finger's drag on a phone while the later module is slow scrolls the book once it is in", async () => {
  const opened = await openWith("seed", "/", PHONE, () => "hold");
  const { page, context, errors } = opened;
  assert.equal(await shown(page), null);
  await opened.arrived(1);
  const cdp = await context.newCDPSession(page);
  const touch = (type, y) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x: 30, y }] });
  const during = await whileHeld(opened, async () => {
    await touch("touchStart", 700);
    for (let y = 650; y >= 250; y -= 50) await touch("touchMove", y);
    await touch("touchEnd");
    return heldState(page);
  });
  assert.ok(!during.marks.includes("folio:later-ready"), "the held module was in");
  assert.ok(during.marks.includes("folio:later-awaited"), "the drag did not wait for the later code");
  assert.equal(during.early, 0);
  opened.release();
  await laterReady(page);
  await idle(page);
  const state = await page.evaluate(() => ({ scroll: window.folio.scroll(), early: window.folio.later.early }));
  assert.ok(state.scroll > 200, `scrolled ${state.scroll} for a 450 px drag`);
  assert.equal(state.early, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Tab while the later module is slow moves the focus to the first link once it is in", async () => {
  const opened = await openWith("seed", "/", DESKTOP, () => "hold");
  const { page, context, errors } = opened;
  assert.equal(await shown(page), null);
  await opened.arrived(1);
  await page.waitForFunction(() => document.querySelector("#layer [tabindex='0']"));
  const during = await whileHeld(opened, async () => {
    await page.keyboard.press("Tab");
    return page.evaluate(() => ({ inLayer: !!document.activeElement?.closest?.("#layer"),
      marks: performance.getEntriesByType("mark").map((m) => m.name) }));
  });
  assert.ok(during.marks.includes("folio:later-awaited"), `the Tab was not kept for the book: ${during.marks.join(" ")}`);
  assert.ok(!during.marks.includes("folio:later-ready"), "the held module was in");
  assert.equal(during.inLayer, false, "the focus moved before the book's code for it was in");
  opened.release();
  await laterReady(page);
  await page.waitForFunction(() => document.activeElement?.closest?.("#layer [tabindex='0']"), null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.folio.later.early), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("back and forward while the later module is slow open the route once it is in", async () => {
  const opened = await openWith("seed", "/", DESKTOP, () => "hold");
  const { page, context, errors } = opened;
  assert.equal(await shown(page), null);
  await opened.arrived(1);
  // An entry the book did not make, then back and forward over it: two popstates, kept in order.
  const during = await whileHeld(opened, async () => {
    await page.evaluate(() => history.pushState({ scroll: 0 }, "", "/books"));
    await page.evaluate(() => new Promise((resolve) => { addEventListener("popstate", resolve, { once: true }); history.back(); }));
    await page.evaluate(() => new Promise((resolve) => { addEventListener("popstate", resolve, { once: true }); history.forward(); }));
    return { ...(await heldState(page)), title: await page.title() };
  });
  assert.ok(during.marks.includes("folio:later-awaited"), "the popstates were not kept for the book");
  assert.ok(!during.marks.includes("folio:later-ready"), "the held module was in");
  assert.equal(during.title, "Anshuman Agrawal"); // the book has not opened the route yet
  opened.release();
  await laterReady(page);
  await idle(page);
  const state = await page.evaluate(() => ({ path: location.pathname, early: window.folio.later.early }));
  assert.equal(state.path, "/books");
  assert.equal(await page.title(), "books · Anshuman Agrawal"); // the book's route, as the last popstate said
  assert.equal(state.early, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Ctrl+F while the later module is slow opens the find bar once it is in, and it finds", async () => {
  const opened = await openWith("seed", "/", DESKTOP, () => "hold");
  const { page, context, errors } = opened;
  assert.equal(await shown(page), null);
  await opened.arrived(1);
  // Each time a field takes the focus: whether the later module was in by then.
  await page.evaluate(() => {
    window.__focused = [];
    document.addEventListener("focusin", (e) => { if (e.target.tagName === "INPUT")
      window.__focused.push(performance.getEntriesByName("folio:later-ready").length > 0); });
  });
  const during = await whileHeld(opened, async () => {
    await page.keyboard.press("Control+f");
    // The find keys load the bar's script and stylesheet, then keep the opening for the book's code
    // (find_keys.js): both in is the state after which a bar that did not wait would be open.
    await page.waitForFunction(() => window.folio.find &&
      [...document.styleSheets].some((s) => /\/find\.[0-9a-f]+\.css$/.test(s.href || "")), null, { timeout: 30000 });
    return { ...(await heldState(page)), field: await page.evaluate(() => document.activeElement?.tagName === "INPUT") };
  });
  assert.ok(during.marks.includes("folio:later-awaited"), "nothing was kept for the later code");
  assert.ok(!during.marks.includes("folio:later-ready"), "the held module was in");
  assert.equal(during.field, false, "the find bar opened before the book's code for it was in");
  opened.release();
  await laterReady(page);
  await page.waitForFunction(() => document.activeElement?.tagName === "INPUT", null, { timeout: 30000 });
  assert.deepEqual(await page.evaluate(() => window.__focused), [true], "the find field took the focus before the later module was in");
  await page.keyboard.type("infra");
  await page.waitForFunction(() => /\b1 of [1-9]/.test(document.activeElement?.parentElement?.innerText || ""), null,
    { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.folio.later.early), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("an action kept for a later module that stalls makes the page its text, and the page never freezes", async () => {
  const opened = await openWith("seed", "/", DESKTOP, () => "hold"); // never released: a stall
  const { page, context, errors } = opened;
  assert.equal(await shown(page), null);
  await opened.arrived(1);
  const during = await whileHeld(opened, async () => {
    await page.mouse.move(640, 400);
    await page.keyboard.press("PageDown");
    return heldState(page);
  });
  assert.ok(during.marks.includes("folio:later-awaited"), "the key press was not kept");
  // The page's own rule (STALL_MS in boot.js) ends the wait: the state it ends in is what is asserted.
  await page.waitForFunction(() => window.folio.error, null, { timeout: 30000 });
  const state = await page.evaluate(() => ({ error: window.folio.error,
    fault: document.getElementById("fault").hidden ? "" : document.getElementById("fault").textContent,
    noCanvas: document.documentElement.classList.contains("no-canvas"),
    text: getComputedStyle(document.getElementById("text")).visibility,
    ready: performance.getEntriesByName("folio:later-ready").length }));
  assert.match(state.error, /could not be downloaded/);
  assert.match(state.fault, /could not be downloaded/);
  assert.ok(state.noCanvas && state.text === "visible", JSON.stringify(state));
  assert.equal(state.ready, 0, "the stalled module came in");
  assert.equal(await page.evaluate(() => window.folio.later.early), 0);
  assert.deepEqual(errors, []);
  opened.release(); // lets the held request end with the page
  await context.close();
});

test("a later module that cannot be downloaded leaves the text and one message", async () => {
  const opened = await openWith("seed", "/writing/the-tensor-was-only-the-handle", DESKTOP, () => "abort");
  const { page, context, errors, asked } = opened;
  assert.equal(await shown(page), null);
  await opened.said(AGAIN);
  await page.mouse.move(640, 400);
  await page.keyboard.press("PageDown");
  await page.keyboard.press("PageDown");
  await page.waitForFunction(() => window.folio.error, null, { timeout: 30000 });
  const state = await page.evaluate(() => {
    const fault = document.getElementById("fault");
    const text = document.getElementById("text");
    return { error: window.folio.error, fault: fault.hidden ? "" : fault.textContent, role: fault.getAttribute("role"),
      noCanvas: document.documentElement.classList.contains("no-canvas"),
      textVisible: getComputedStyle(text).visibility === "visible" && text.getBoundingClientRect().height > 0,
      heading: text.querySelector("h1")?.textContent || "",
      requests: performance.getEntriesByName("folio:later-requested").length };
  });
  assert.match(state.error || "", /could not be downloaded/);
  assert.match(state.fault, /could not be downloaded/);
  assert.equal(state.role, "alert");
  assert.ok(state.noCanvas && state.textVisible, JSON.stringify(state));
  assert.match(state.heading.toLowerCase(), /the tensor was only the handle/);
  // Asked for once after the first frame and once when needed: not again for every key press. The page's
  // own count (marked as each request is made) is complete when read; the route has seen them all.
  assert.equal(state.requests, 2);
  await opened.arrived(2);
  assert.equal(asked(), 2);
  // The key presses waited for it, never entering the later code: no error.
  assert.deepEqual(errors, []);
  await context.close();
});
