// A big archive in Debian's Chromium (core/model/bound.h): its first view downloads about what the seed's does,
// a fold fetches its chunk when opened and shows the entries, find finds an entry that lives only in a
// folded chunk, a folded article's address opens it, and a chunk that fails says so without breaking
// the book. The big bundle is generated here (bench/gen/gen_bundle.py) and built with this tree's folio.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { execFileSync } from "node:child_process";
import { serve, open, ready, settle, launch, SITE } from "../support/harness.mjs";

const ROOT = process.env.FOLIO_ROOT || path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const BUILD = path.join(ROOT, "build");
const ARTICLES = 1200, BOOKS = 300;
const env = {};

before(async () => {
  // What this file builds with: a missing one fails every test here, saying what to build.
  for (const [what, file] of [["the native folio", "native/folio"], ["the web build", "web"], ["the seed's fonts", "fonts"]])
    assert.ok(fs.existsSync(path.join(BUILD, file)), `${what} is missing (build/${file}): run ./folio test, which builds it`);
  assert.ok(SITE, "FOLIO_SITE is not set: run ./folio test, which builds the seed site into build/site");
  env.work = fs.mkdtempSync(path.join(os.tmpdir(), "folio-bounded-"));
  const bundle = path.join(env.work, "bundle");
  env.big = path.join(env.work, "site");
  execFileSync("/usr/bin/python3", [path.join(ROOT, "bench/gen/gen_bundle.py"), bundle, String(ARTICLES), "--books", String(BOOKS)]);
  // Its own fonts folder (the build makes the fonts for its text): the seed's stay the seed's.
  execFileSync(path.join(BUILD, "native/folio"), ["build", bundle, "-o", env.big, "--web", path.join(BUILD, "web"),
    "--fonts", path.join(env.work, "fonts")], { stdio: "ignore" });
  env.site = JSON.parse(fs.readFileSync(path.join(env.big, "site.json"), "utf8"));
  env.servers = [await serve(env.big), await serve(SITE)];
  env.base = `http://127.0.0.1:${env.servers[0].address().port}`;
  env.seedBase = `http://127.0.0.1:${env.servers[1].address().port}`;
  env.browser = await launch();
});
after(async () => {
  await env.browser?.close();
  env.servers?.forEach((s) => s.close());
  if (env.work) fs.rmSync(env.work, { recursive: true, force: true });
});

// The writing fold of a year, and the titles its chunk holds (read from the built file).
function writingFold(year) {
  const fold = env.site.folds.find((f) => f.kind === "writing" && f.year === year);
  assert.ok(fold, `a writing fold for ${year}`);
  // Stored gzip-compressed, as every chunk file is (src/cli/output.h).
  const chunk = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(env.big, fold.url))).toString("utf8"));
  return { fold, titles: chunk.writing.map((a) => a.title), slugs: chunk.writing.map((a) => a.slug) };
}

const layerText = (page) => page.evaluate(() => document.getElementById("layer").textContent);
// Scrolls the book down until the text layer shows a fold toggle whose text starts with `label`.
async function scrollToFold(page, label) {
  for (let i = 0; i < 60; i++) {
    const found = await page.evaluate((l) => [...document.querySelectorAll("#layer [data-fold]")].some((e) => e.textContent.startsWith(l)), label);
    if (found) return;
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 500);
    await settle(page);
  }
  assert.fail(`no fold "${label}" came into view`);
}
const clickFold = (page, label) => page.evaluate((l) => [...document.querySelectorAll("#layer [data-fold]")].find((e) => e.textContent.startsWith(l)).click(), label);

async function firstView(base) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const responses = [];
  page.on("response", (r) => responses.push(r.body().then((b) => ({ url: new URL(r.url()).pathname, bytes: b.length }), () => ({ url: r.url(), bytes: 0 }))));
  await page.goto(base + "/");
  await ready(page);
  await settle(page);
  const got = await Promise.all(responses);
  await context.close();
  return { files: got, bytes: got.reduce((s, r) => s + r.bytes, 0) };
}

test("the first view of a big archive downloads about what the seed's does, and no fold or body", async () => {
  const seed = await firstView(env.seedBase), big = await firstView(env.base);
  const lazy = big.files.filter((r) => r.url.startsWith("/assets/folds/") || r.url.startsWith("/assets/bodies/"));
  assert.deepEqual(lazy, [], "nothing under a fold travels in the first view");
  const json = (v) => v.files.find((r) => r.url === "/site.json").bytes;
  assert.ok(big.bytes <= seed.bytes * 1.2,
    `first view: ${big.bytes} bytes for ${ARTICLES} articles, ${seed.bytes} for the seed (site.json ${json(big)} and ${json(seed)})`);
  // The archive's size is elsewhere: every year but the newest is a fold.
  assert.ok(env.site.writing.length < 120, `${env.site.writing.length} articles in site.json`);
  assert.ok(env.site.folds.filter((f) => f.kind === "writing").length >= 20);
});

// tests/browser/later.test.mjs checks the seed's and the fixtures' first views; a big archive's read its folds.
for (const route of ["/", "/writing"]) {
  test(`the first view of a big archive's ${route} runs no later code`, async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.route(/\/assets\/folio\.later\.[0-9a-f]+\.wasm$/, (r) => r.abort("failed"));
    await page.goto(env.base + route);
    // The book shown (its first view whole), or the failure that stopped it: a state, not a pause.
    await page.waitForFunction(() => window.folio && (document.documentElement.classList.contains("canvas-on") || window.folio.error),
      null, { timeout: 30000 });
    await settle(page); // the first view drawn to its end: anything it needed of the later code was called
    const state = await page.evaluate(() => ({ early: window.folio.later.early, error: window.folio.error,
      on: document.documentElement.classList.contains("canvas-on"), frames: window.folio.framesDrawn,
      shown: performance.getEntriesByName("folio:book-shown").length }));
    assert.equal(state.early, 0, "the first view called into the later module: run ./folio first-view " +
      `(after ./folio test) and commit src/platform/web/first_view.functions (${state.error})`);
    assert.equal(state.error, null);
    // Without the later module the first view still ran whole: the book took the page.
    assert.ok(state.on && state.shown === 1 && state.frames > 0, `the book was not shown: ${JSON.stringify(state)}`);
    await context.close();
  });
}

test("opening a year fetches its chunk, says loading meanwhile, and shows its entries", async () => {
  const { fold, titles: all } = writingFold(2019);
  const titles = all.filter((t) => !env.site.writing.some((a) => a.title === t)); // titles repeat in the generated archive
  const { page, errors, context } = await open(env.browser, env.base, "/writing");
  await ready(page);
  await settle(page);
  const fetched = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  // The chunk is held back until the book has said "loading…" (released on that condition, not a timer).
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route("**/assets/folds/**", async (route) => { await held; await route.continue(); });
  assert.ok(!(await layerText(page)).includes(titles[0]));
  await scrollToFold(page, `2019 (${fold.count})`);
  await clickFold(page, "2019 (");
  await page.waitForFunction(() => document.getElementById("layer").textContent.includes("loading\u2026"), null, { timeout: 20000 });
  release();
  await page.waitForFunction((t) => document.getElementById("layer").textContent.includes(t), titles[0], { timeout: 20000 });
  assert.deepEqual(fetched.filter((u) => u.startsWith("/assets/folds/")), [fold.url], "its chunk, once");
  assert.ok((await layerText(page)).includes("fold 2019"), "the toggle now folds it");
  assert.deepEqual(errors, []);
  await context.close();
});

test("find finds an entry that lives only in a folded chunk", async () => {
  const { titles } = writingFold(2005);
  const title = titles.find((t) => !env.site.writing.some((a) => a.title === t)); // titles repeat in the generated archive
  assert.ok(title, "a title that is not in site.json");
  const { page, errors, context } = await open(env.browser, env.base, "/");
  await ready(page);
  await settle(page);
  await page.keyboard.press("Control+f");
  await page.waitForFunction(() => document.activeElement && document.activeElement.closest("#findbar") !== null, null, { timeout: 20000 });
  await page.keyboard.type(title);
  await page.waitForFunction(() => /^1 of \d+$/.test(window.folio.find.text()), null, { timeout: 30000 });
  await settle(page);
  const s = await page.evaluate(() => window.folio.find.status());
  assert.ok(s.count >= 1);
  assert.ok(s.rect.y0 >= 0 && s.rect.y1 <= 800, `the match is on screen: ${JSON.stringify(s.rect)}`);
  assert.ok((await layerText(page)).includes(title), "its folded year was opened");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a folded article's address opens it: its page names the chunk its record is in", async () => {
  const { fold, slugs, titles } = writingFold(2010);
  const html = fs.readFileSync(path.join(env.big, "writing", slugs[0], "index.html"), "utf8");
  assert.ok(html.includes(`href="${fold.url}"`), "the page preloads the fold's chunk");
  const { page, errors, context } = await open(env.browser, env.base, `/writing/${slugs[0]}`);
  await ready(page);
  await page.waitForFunction((t) => document.title.startsWith(t), titles[0], { timeout: 20000 });
  await page.waitForFunction((t) => document.getElementById("layer").textContent.includes(t), titles[0], { timeout: 20000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a fold whose chunk cannot be downloaded says so, and the book goes on", async () => {
  const { fold } = writingFold(2018);
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route("**/assets/folds/**", (r) => r.abort("failed"));
  const page = await context.newPage();
  const errors = [];
  // The browser itself logs the failed request; anything else is a fault.
  page.on("console", (m) => { if (m.type() === "error" && !/Failed to load resource/.test(m.text())) errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(env.base + "/writing");
  await ready(page);
  await settle(page);
  await scrollToFold(page, `2018 (${fold.count})`);
  await clickFold(page, "2018 (");
  await page.waitForFunction(() => document.getElementById("layer").textContent.includes("could not be downloaded"), null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => window.folio.shownError()), "", "no error page: the book stays");
  // Still alive: it scrolls and draws.
  const before = await settle(page);
  await page.mouse.wheel(0, 300);
  assert.ok((await settle(page)) > before);
  assert.deepEqual(errors, []);
  await context.close();
});
