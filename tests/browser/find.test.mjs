// The book's find bar (Ctrl/Cmd+F, "/") and search across all the writing (/search/?q=), in Debian's
// Chromium. Every test also fails on any console error.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { useSite, open, ready, settle, pixels, SITE } from "../support/harness.mjs";

const env = useSite();
const ROOT = process.env.FOLIO_ROOT || path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

async function start(route, options) {
  const s = await open(env.browser, env.base, route, options);
  await ready(s.page);
  await settle(s.page);
  return s;
}
const barText = (page) => page.evaluate(() => window.folio.find.text());
const findStatus = (page) => page.evaluate(() => window.folio.find.status());
const waitBar = (page, re) => page.waitForFunction((src) => window.folio.find && new RegExp(src).test(window.folio.find.text()), re.source, { timeout: 20000 });
// Presses the key that opens the bar (its script is fetched the first time) and waits for the input's focus.
async function openBar(page, key = "Control+f") {
  await page.keyboard.press(key);
  await page.waitForFunction(() => document.activeElement && document.activeElement.closest("#findbar") !== null, null, { timeout: 20000 });
}

// Pixels of the current match's marker colour (a strong amber in the light theme) inside a rectangle.
async function amberIn(page, r) {
  const clip = { x: Math.max(0, r.x0), y: Math.max(0, r.y0), width: Math.max(1, r.x1 - r.x0), height: Math.max(1, r.y1 - r.y0) };
  const { data } = await pixels(page, clip);
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] > 200 && data[i + 1] > 110 && data[i + 1] < 200 && data[i + 2] < 110) n++;
  return n;
}

test("the first view fetches nothing of find or search; the first Ctrl+F fetches the bar", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const urls = [];
  page.on("request", (r) => urls.push(new URL(r.url()).pathname));
  await page.goto(env.base + "/");
  await ready(page);
  await settle(page);
  const lazy = (u) => /^\/assets\/(find|search)\.[0-9a-f]+\.(js|css)$/.test(u) || u.startsWith("/search/");
  assert.deepEqual(urls.filter(lazy), []);
  await openBar(page);
  assert.ok(urls.some((u) => /^\/assets\/find\.[0-9a-f]+\.js$/.test(u)), urls.join(" "));
  assert.ok(urls.some((u) => /^\/assets\/find\.[0-9a-f]+\.css$/.test(u)));
  assert.equal(urls.filter((u) => u.startsWith("/search/")).length, 0, "the index waits for search");
  await context.close();
});

test("Ctrl+F finds a title far below the screen, counts it, scrolls to it, steps, and Esc gives focus back", async () => {
  const { page, errors, context } = await start("/");
  const site = JSON.parse(fs.readFileSync(path.join(SITE, "site.json"), "utf8"));
  const title = site.writing[site.writing.length - 1].title; // the oldest article: listed near the end of the book
  assert.equal(await page.evaluate((t) => window.folio.box(t), title), null, "the title starts out off screen");
  const scroll0 = await page.evaluate(() => window.folio.scroll());
  await openBar(page);
  await page.keyboard.type(title.toUpperCase()); // case does not matter
  await settle(page); // the last keystroke's search has run (one per frame)
  await waitBar(page, /^1 of \d+$/);
  // The view glides to the match; on a loaded machine a frame can come late enough for settle() to return
  // mid-glide, so wait for the move itself (it fails if the view never moves), then for the end of it.
  const moved = await page.waitForFunction((s0) => window.folio.scroll() > s0 + 800, scroll0, { timeout: 10000 }).then(() => true, () => false);
  assert.ok(moved, "the view moved to the match");
  await settle(page);
  const s = await findStatus(page);
  assert.ok(s.count >= 1, `count ${s.count}`);
  assert.ok(s.rect.y0 >= 0 && s.rect.y1 <= 800 && s.rect.x0 >= 0 && s.rect.x1 <= 1280, `match on screen: ${JSON.stringify(s.rect)}`);
  assert.ok(await amberIn(page, s.rect) > 20, "the current match is highlighted on the canvas");
  // Enter steps on, Shift+Enter back; with one match both stay on it.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Shift+Enter");
  assert.equal(await barText(page), `1 of ${s.count}`);
  await page.keyboard.press("Escape");
  await settle(page);
  assert.equal(await page.evaluate(() => window.folio.find.isOpen()), false);
  assert.equal(await page.evaluate(() => document.activeElement && document.activeElement.id), "book");
  assert.equal((await findStatus(page)).count, 0, "no highlights after closing");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a common word: many matches, Enter and F3 step through them, each brought into view", async () => {
  const { page, errors, context } = await start("/");
  await openBar(page, "/");
  await page.keyboard.type("the");
  await page.waitForFunction(() => window.folio.find.status().count > 0 && document.querySelector("#findbar input").value === "the");
  await settle(page); // the last keystroke's search has run (one per frame)
  await waitBar(page, /^1 of \d+$/);
  const n = (await findStatus(page)).count;
  assert.ok(n > 20, `"the" appears ${n} times`);
  await page.keyboard.press("Enter");
  await page.keyboard.press("F3");
  await waitBar(page, new RegExp(`^3 of ${n}$`));
  await page.keyboard.press("Shift+Enter");
  await waitBar(page, new RegExp(`^2 of ${n}$`));
  await settle(page);
  const r = (await findStatus(page)).rect;
  assert.ok(r.y0 >= 0 && r.y1 <= 800, `on screen: ${JSON.stringify(r)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("nasty input: nothing found says so; empty, 10,000 characters and pattern syntax do not break it", async () => {
  const { page, errors, context } = await start("/");
  await openBar(page);
  const input = page.locator("#findbar input");
  await input.fill("qqzxv-nothing-like-this");
  await waitBar(page, /^no matches$/);
  await input.fill("");
  await page.waitForFunction(() => window.folio.find.text() === "");
  for (const nasty of ["x".repeat(10000), "(.*[a-z]+\\", "^$", "%s%n", "\u0000\uFFFF\uD800", "<img src=x onerror=alert(1)>"]) {
    await input.fill(nasty);
    await waitBar(page, /^no matches$/);
  }
  // Still alive: a real word is found afterwards.
  await input.fill("contents");
  await waitBar(page, /^1 of \d+$/);
  assert.deepEqual(errors, []);
  await context.close();
});

// The rich fixture's built site; a missing one fails the test that needs it (never a silent pass).
function richSite() {
  const rich = process.env.FOLIO_RICH_SITE;
  assert.ok(rich, "FOLIO_RICH_SITE is not set: run ./folio test, which builds tests/fixtures/rich into build/site-rich");
  assert.ok(fs.existsSync(path.join(rich, "site.json")), `no built site in ${rich}: run ./folio test, which builds tests/fixtures/rich there`);
  return rich;
}

test("in an article, find waits for the body that loads on demand and finds in it", async (t) => {
  const { serve } = await import("../support/harness.mjs");
  const server = await serve(richSite());
  t.after(() => server.close()); // also when an assertion fails: an open server keeps the test run alive
  const base = `http://127.0.0.1:${server.address().port}`;
  // The book starts on its front page, which needs no body; the article is opened inside the book, so its
  // body is fetched on demand (opened by its own address, the first view would wait for it instead).
  const { page, errors, context } = await open(env.browser, base, "/");
  await ready(page);
  await settle(page);
  const bodies = [];
  page.on("request", (r) => { if (new URL(r.url()).pathname.startsWith("/assets/bodies/")) bodies.push(r.url()); });
  // The body is held until the test has seen find wait for it (released on that state, not on a timer).
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route("**/assets/bodies/**", async (route) => { await held; await route.continue(); });
  const requested = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/assets/bodies/"), { timeout: 20000 });
  await page.evaluate(() => window.folio.go("/writing/everything-markdown"));
  await requested; // fails if the body was not fetched now (then nothing here would wait for it)
  await openBar(page);
  await page.keyboard.type("raw html stays");
  // While the body is out, find has nothing to show and says it is still looking.
  await waitBar(page, /^searching\u2026$/);
  const waiting = await findStatus(page);
  assert.equal(waiting.count, 0, "no match before the body is in");
  assert.equal(waiting.waiting, true, "find says it waits for the body");
  release();
  await waitBar(page, /^1 of 1$/);
  assert.equal((await findStatus(page)).waiting, false);
  assert.equal(bodies.length, 1, `the body was fetched once, when the article was opened: ${bodies.join(" ")}`);
  // Brought on screen: the scroll to it may start a few frames late on a loaded machine (the body's
  // layout first), so wait for it rather than for the first pause in the frames.
  const onScreen = await page.waitForFunction(() => {
    const r = window.folio.find.status().rect;
    return r.y0 >= 0 && r.y1 <= 800;
  }, null, { timeout: 10000, polling: 100 }).then(() => true, () => false);
  const r = (await findStatus(page)).rect;
  assert.ok(onScreen, `on screen: ${JSON.stringify(r)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

// The text of a body that came whole in site.json (a tree: [tag, children...], attributes as objects).
const treeText = (node) => (typeof node === "string" ? node : Array.isArray(node) ? node.slice(1).map(treeText).join(" ") : "");

// A word that only one article has, and only in its body.
function bodyOnlyWord() {
  const site = JSON.parse(fs.readFileSync(path.join(SITE, "site.json"), "utf8"));
  const words = (s) => new Set((s || "").toLowerCase().match(/[a-z]{7,}/g) || []);
  const where = new Map();
  const outside = new Set();
  site.writing.forEach((a, i) => {
    const file = a.body_url ? path.join(SITE, a.body_url) : null;
    const body = file && fs.existsSync(file) ? fs.readFileSync(file, "utf8") : treeText(a.body_doc);
    for (const w of words(body)) where.set(w, (where.get(w) || new Set()).add(i));
    for (const w of words([a.title, a.dek, (a.tags || []).join(" ")].join(" "))) outside.add(w);
  });
  for (const [w, arts] of where) if (arts.size === 1 && !outside.has(w)) return { word: w, slug: site.writing[[...arts][0]].slug };
  throw new Error("no word is in exactly one body");
}

test("search: a word only in one article's body finds it; /search/?q= opens with results; back and forward work", async () => {
  const { word, slug } = bodyOnlyWord();
  const { page, errors, context } = await start("/search/?q=" + encodeURIComponent(word));
  await page.waitForSelector("#searchpanel .search-list li", { timeout: 20000 });
  const results = await page.$$eval("#searchpanel .search-list li", (lis) => lis.map((li) => ({
    href: li.querySelector("a").getAttribute("href"), marks: [...li.querySelectorAll("mark")].map((m) => m.textContent.toLowerCase()),
  })));
  assert.equal(results.length, 1, JSON.stringify(results));
  assert.equal(results[0].href, "/writing/" + slug);
  assert.ok(results[0].marks.some((m) => m.startsWith(word)), `snippet marks the word: ${JSON.stringify(results[0].marks)}`);
  assert.equal(await page.locator("#searchpanel .search-count").innerText(), "1 article");
  // The region is busy while results come (for screen readers), and not once they are there.
  await page.evaluate(() => {
    window.busySeen = [];
    const panel = document.getElementById("searchpanel");
    new MutationObserver((records) => records.forEach((r) => window.busySeen.push(r.oldValue)))
      .observe(panel, { attributes: true, attributeFilter: ["aria-busy"], attributeOldValue: true });
  });
  await page.fill("#searchpanel input", word + " ");
  await page.waitForFunction(() => window.busySeen.length >= 2 && !document.getElementById("searchpanel").hasAttribute("aria-busy"));
  assert.deepEqual(await page.evaluate(() => window.busySeen.slice(0, 2)), [null, "true"], "set, then removed");
  // Following the result turns to the article inside the book; back returns to the search, query kept.
  await page.click("#searchpanel .search-list li a");
  await page.waitForFunction((s) => location.pathname === "/writing/" + s, slug);
  assert.equal(await page.locator("#searchpanel").isVisible(), false);
  await page.goBack();
  await page.waitForFunction(() => location.pathname === "/search/" && !document.getElementById("searchpanel").hidden);
  assert.equal(await page.locator("#searchpanel input").inputValue(), word);
  await page.goForward();
  await page.waitForFunction((s) => location.pathname === "/writing/" + s, slug);
  assert.deepEqual(errors, []);
  await context.close();
});

test("search is reachable from the find bar and from the contents; prefixes match; close returns to the book", async () => {
  const { page, errors, context } = await start("/");
  await openBar(page);
  await page.keyboard.type("tens"); // a prefix of "tensor"
  await page.click("#findbar .find-all");
  await page.waitForFunction(() => location.pathname === "/search/" && new URLSearchParams(location.search).get("q") === "tens");
  await page.waitForSelector("#searchpanel .search-list li", { timeout: 20000 });
  const titles = await page.$$eval("#searchpanel .result-title", (as) => as.map((a) => a.textContent));
  assert.ok(titles.some((t) => /tensor/.test(t)), JSON.stringify(titles));
  await page.keyboard.press("Escape");
  // Back in the book (which may have moved the address to the chapter the match was in).
  await page.waitForFunction(() => !location.pathname.startsWith("/search") && document.getElementById("searchpanel").hidden);
  // The contents page has a link to search.
  await page.goto(env.base + "/contents");
  await ready(page);
  await settle(page);
  const link = await page.evaluate(() => window.folio.box("search all writing"));
  assert.ok(link, "the contents page shows the search link");
  await page.mouse.click(link.x + link.width / 2, link.y + link.height / 2);
  await page.waitForFunction(() => location.pathname === "/search" || location.pathname === "/search/");
  await page.waitForSelector("#searchpanel input:focus");
  assert.deepEqual(errors, []);
  await context.close();
});

test("search pages its results: ten, then ten more, each with a title, a date and a snippet", async () => {
  const { page, errors, context } = await start("/search/?q=the");
  await page.waitForSelector("#searchpanel .search-list li", { timeout: 20000 });
  assert.equal(await page.locator("#searchpanel .search-list li").count(), 10);
  assert.match(await page.locator("#searchpanel .search-count").innerText(), /^\d+ articles$/);
  await page.click("#searchpanel .search-more");
  await page.waitForFunction(() => document.querySelectorAll("#searchpanel .search-list li").length > 10);
  const n = await page.locator("#searchpanel .search-list li").count();
  assert.ok(n > 10 && n <= 20, `${n} results after "more"`);
  // Every result shows a title, a date and a snippet.
  const shown = await page.$$eval("#searchpanel .search-list li", (lis) => lis.map((li) => [
    li.querySelector(".result-title").textContent, li.querySelector("time").getAttribute("datetime"), li.querySelector(".result-snippet").textContent]));
  for (const [title, date, snippet] of shown) {
    assert.ok(title.length > 0 && snippet.length > 0, JSON.stringify([title, snippet]));
    assert.match(date, /^\d{4}-\d{2}-\d{2}$/);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("without JavaScript /search/ is a page with a form and a way to every article", async () => {
  const context = await env.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(env.base + "/search/?q=tensor");
  assert.ok(await page.locator("main#text form.search-form input[name=q]").isVisible());
  assert.match(await page.locator("main#text").innerText(), /listed under writing/);
  await context.close();
});

test("the query, and the book's find bar, fold exactly as the index does (tests/fixtures/fold.txt)", () => {
  const sandbox = vm.createContext({ TextEncoder });
  for (const script of ["web/fold.js", "web/search.js"]) vm.runInContext(fs.readFileSync(path.join(ROOT, script), "utf8"), sandbox);
  const { fold, foldMapped } = sandbox.folio;
  assert.equal(sandbox.FolioSearch.terms("Καλημέρα GIỚI").join(" "), "καλημερα gioi", "search.js folds by fold.js");
  let n = 0;
  for (const line of fs.readFileSync(path.join(ROOT, "tests/fixtures/fold.txt"), "utf8").split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const [input, want] = line.split("\t");
    assert.equal(fold(input), want, line);
    // The find bar's fold (src/platform/web/fold_text.cpp), with the place each folded unit came from.
    const m = foldMapped(input);
    assert.equal(m.text, want, line);
    assert.equal(m.at.length, m.text.length, line);
    for (let k = 1; k < m.at.length; k++) assert.ok(m.at[k] >= m.at[k - 1] && m.at[k] < input.length, line);
    n++;
  }
  assert.ok(n >= 30);
});
