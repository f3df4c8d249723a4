// ./folio preview as an author uses it: edit content.json while the page is open; the page picks the
// change up (no reload), keeps its view and scroll; a check error shows on the page with file:line:column.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch, ready, settle, pixels } from "../support/harness.mjs";

const ROOT = process.env.FOLIO_ROOT;
const PORT = 6900 + Math.floor(Math.random() * 90);
let bundle, preview, browser;
let log = ""; // what the preview printed, stdout and stderr

before(async () => {
  bundle = fs.mkdtempSync(path.join(os.tmpdir(), "folio-preview-"));
  fs.copyFileSync(path.join(ROOT, "content.json"), path.join(bundle, "content.json"));
  preview = spawn(path.join(ROOT, "folio"), ["preview", bundle], { env: { ...process.env, FOLIO_PORT: String(PORT) }, detached: true });
  await new Promise((resolve, reject) => {
    // ./folio preview builds everything first: long on a busy machine whose sources just changed.
    const t = setTimeout(() => reject(new Error("preview did not start:\n" + log)), 900000);
    const on = (d) => { log += d; if (log.includes("serving")) { clearTimeout(t); resolve(); } };
    preview.stdout.on("data", on);
    preview.stderr.on("data", on);
    // A preview that stops (a failed build) fails the file at once: the start timer must not keep it alive.
    preview.on("exit", (code) => { clearTimeout(t); reject(new Error(`preview exited ${code}:\n${log}`)); });
  });
  browser = await launch();
});
// Waits for a state only the screen shows (the canvas's pixels): polls `probe` until it returns a value.
async function until(page, probe, what, tries = 120) {
  for (let i = 0; i < tries; i++) {
    const v = await probe();
    if (v) return v;
    await page.waitForTimeout(250);
  }
  throw new Error(`never: ${what}`);
}

// The rows of a screenshot holding pixels of the ink (at full strength: the cores of glyphs' strokes).
function rowsInk(img, ink) {
  const rows = [];
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      if (Math.abs(img.data[i] - ink[0]) + Math.abs(img.data[i + 1] - ink[1]) + Math.abs(img.data[i + 2] - ink[2]) < 60) { rows.push(y); break; }
    }
  return rows;
}
// The rows where two screenshots differ.
function rowsDiffer(a, b) {
  const rows = [];
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width * 4; x++)
      if (a.data[y * a.width * 4 + x] !== b.data[y * a.width * 4 + x]) { rows.push(y); break; }
  return rows;
}
const TEXT = [0x1f, 0x1b, 0x16], ACCENT = [0x6e, 0x4b, 0x12]; // the light theme's ink and accent (src/ui/theme.cpp)

// Where a run of the layer is on screen (a visitor sees it there: the layer lies on the canvas's runs).
const runTop = (page, text) => page.evaluate((t) => {
  const el = [...document.querySelectorAll("#layer [data-i]")].find((e) => e.textContent === t);
  return el ? el.getBoundingClientRect().top : null;
}, text);

after(async () => {
  await browser?.close();
  try { process.kill(-preview.pid, "SIGTERM"); } catch {}
  fs.rmSync(bundle, { recursive: true, force: true });
});

test("an edit shows up live, keeping the view; a check error is shown on the page", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await ready(page);
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 150);
  await settle(page);
  await page.waitForFunction(() => document.querySelectorAll("#layer [data-i]").length > 0);
  const nameAt = await runTop(page, "Anshuman Agrawal");
  assert.ok(nameAt !== null, "the name is on screen");
  const book = await pixels(page);
  // The wasm is not reloaded by an edit: no visitor can see that but by the view kept, so the frame counter.
  const frames = await page.evaluate(() => window.folio.framesDrawn);

  const file = path.join(bundle, "content.json");
  const original = fs.readFileSync(file, "utf8");
  fs.writeFileSync(file, original.replace("buy me a coffee", "buy me a pot of tea"));
  await page.waitForFunction((t) => document.getElementById("layer")?.textContent.includes(t), "buy me a pot of tea", { timeout: 15000 });
  await settle(page);
  assert.equal(await runTop(page, "Anshuman Agrawal"), nameAt, "the view stayed where the author was reading");
  assert.ok((await page.evaluate(() => window.folio.framesDrawn)) > frames);

  // A check error: the canvas draws the error page, its title in ink above the message in the accent.
  const errorPage = (img) => {
    const title = rowsInk(img, TEXT), message = rowsInk(img, ACCENT);
    return title.length && message.length && title[title.length - 1] < message[0] && { img, title, message };
  };
  fs.writeFileSync(file, original.replace('"schema": 1,', '"schema": 1,\n  "tagline": 3,'));
  const shownA = await until(page, async () => errorPage(await pixels(page)), "the error page is drawn");
  assert.ok(rowsDiffer(book, shownA.img).length > 0, "the error page is not the book's page");
  // Its words, where a screen reader gets them: the text layer holds the error page as an alert (its
  // title a heading, the message below), and the book's pages are gone from it.
  const alert = page.getByRole("alert");
  await alert.waitFor({ state: "attached", timeout: 15000 });
  const announced = await alert.ariaSnapshot();
  assert.match(announced, /heading "This page could not be shown" \[level=1\]/, announced);
  assert.match(announced, /content\.json:3:3: error: \$\.tagline: unknown field 'tagline'/, announced);
  assert.equal(await page.evaluate(() => document.querySelectorAll("#layer [data-i]").length), 0, "only the error page is in the layer");
  // And it lies on the canvas's error page: its title where the title's ink is.
  const titleBox = await page.getByRole("alert").getByRole("heading").boundingBox();
  assert.ok(Math.abs(titleBox.y + titleBox.height / 2 - (shownA.title[0] + shownA.title[shownA.title.length - 1]) / 2) < 12,
    `the alert's title (${JSON.stringify(titleBox)}) lies on the drawn title (rows ${shownA.title[0]}-${shownA.title[shownA.title.length - 1]})`);

  // Fixed: the book comes back (its text is in the layer again) and the error page is gone from the canvas.
  fs.writeFileSync(file, original);
  await page.waitForFunction(() => document.getElementById("layer")?.textContent.includes("buy me a coffee"), null, { timeout: 15000 });
  await settle(page);
  assert.equal(await page.getByRole("alert").count(), 0, "the alert is gone with the error");
  assert.ok(rowsDiffer(shownA.img, await pixels(page)).length > 0, "the canvas no longer shows the error page");

  // A character the fonts lack: the builder makes them again in its own process, and the edit arrives.
  fs.writeFileSync(file, original.replace("buy me a coffee", "buy me a \u03a9 coffee"));
  await page.waitForFunction((t) => document.getElementById("layer")?.textContent.includes(t), "buy me a \u03a9 coffee", { timeout: 120000 });
  // And the builder that came back still follows edits.
  fs.writeFileSync(file, original.replace("buy me a coffee", "buy me a cup of cocoa"));
  await page.waitForFunction((t) => document.getElementById("layer")?.textContent.includes(t), "buy me a cup of cocoa", { timeout: 15000 });

  // A shaped script (Hindi): a word of new characters brings them and its shaping; then a new word made
  // only of characters the fonts already have is shaped too before it shows (the fonts' state names every
  // run shaped, a line each after the key and the two sets of characters: core/font_build/site_fonts.h).
  const shaped = () => fs.readFileSync(path.join(fontsDir, "fonts.state"), "utf8").split("\n").slice(3);
  const fontsDir = path.join(ROOT, "build", "fonts-" + crypto.createHash("sha256").update(bundle + "\n").digest("hex").slice(0, 10));
  fs.writeFileSync(file, original.replace("buy me a coffee", "buy me a \u0915\u094D\u0937\u092E\u093E coffee"));
  await page.waitForFunction((t) => document.getElementById("layer")?.textContent.includes(t), "\u0915\u094D\u0937\u092E\u093E coffee", { timeout: 120000 });
  assert.ok(shaped().includes("\u0915\u094D\u0937\u092E\u093E"), "the new word was not shaped");
  fs.writeFileSync(file, original.replace("buy me a coffee", "buy me a \u092E\u0915\u094D\u0937 coffee"));
  await page.waitForFunction((t) => document.getElementById("layer")?.textContent.includes(t), "\u092E\u0915\u094D\u0937 coffee", { timeout: 120000 });
  assert.ok(shaped().includes("\u092E\u0915\u094D\u0937"), `a word of known characters was not shaped: ${JSON.stringify(shaped())}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the page's question for news is held until the builder writes the next status", async () => {
  const base = `http://127.0.0.1:${PORT}`;
  const now = await (await fetch(`${base}/preview-status.json`)).json();
  // Asked after the version there is: no answer until an edit is built.
  const held = fetch(`${base}/preview-status.json?after=${now.version}`).then((r) => r.json());
  const first = await Promise.race([held, new Promise((r) => setTimeout(() => r("held"), 1500))]);
  assert.equal(first, "held", "the server answered before anything changed");
  // The news (what web/preview.js asks for: the status with the new site.json in it) is held the same way.
  const heldNews = fetch(`${base}/preview-news.json?after=${now.version}`).then((r) => r.json());
  assert.equal(await Promise.race([heldNews, new Promise((r) => setTimeout(() => r("held"), 500))]), "held");
  // Asked after an older version: answered at once.
  assert.equal((await (await fetch(`${base}/preview-status.json?after=${now.version - 1}`)).json()).version, now.version);
  const file = path.join(bundle, "content.json");
  const original = fs.readFileSync(file, "utf8"); // as the test before left it
  const phrase = original.match(/buy me a [^"]*coffee/)[0];
  fs.writeFileSync(file, original.replace(phrase, "buy me a mug of coffee"));
  const answered = await held;
  assert.equal(answered.version, now.version + 1);
  assert.equal(answered.errors, "");
  const news = await heldNews;
  assert.equal(news.version, now.version + 1);
  assert.equal(typeof news.site, "string");
  assert.match(news.site, /buy me a mug of coffee/, "the news carries the new site.json");
  assert.equal(news.site, await (await fetch(`${base}/site.json`)).text(), "the news's site.json is the served one");
  assert.equal(answered.site, undefined, "the polled status stays small");

  // An open page asks once and waits: an idle page does not poll.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  let asked = 0;
  page.on("request", (r) => { if (/\/preview-(status|news)\.json/.test(r.url())) asked++; });
  await page.goto(`${base}/`);
  await ready(page);
  await page.waitForFunction(() => document.querySelectorAll("#layer [data-i]").length > 0);
  await page.waitForTimeout(3000);
  assert.ok(asked >= 1 && asked <= 3, `an idle page asked ${asked} times in 3 s (a 400 ms poll asks 7)`);
  fs.writeFileSync(file, original);
  await page.waitForFunction((t) => document.getElementById("layer")?.textContent.includes(t), phrase, { timeout: 15000 });
  await context.close();
});

test("an open article keeps its body through an edit of its title, and an edit of its body arrives", async () => {
  const file = path.join(bundle, "content.json");
  const original = fs.readFileSync(file, "utf8");
  const slug = "the-tensor-was-only-the-handle";
  // A body of its own (not only its opening): the page fetches it from a body chunk.
  const withBody = (line) => {
    const site = JSON.parse(original);
    const a = site.writing.find((w) => w.slug === slug);
    a.body = `${a.opening}\n\nThe handle paragraph stays put.\n\n${line}`;
    return site;
  };
  fs.writeFileSync(file, JSON.stringify(withBody("A closing line, first draft."), null, 2));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const chunks = [];
  page.on("request", (r) => { if (r.url().includes("/bodies/")) chunks.push(new URL(r.url()).pathname); });
  await page.goto(`http://127.0.0.1:${PORT}/writing/${slug}`);
  await ready(page);
  const layer = () => page.evaluate(() => document.getElementById("layer")?.textContent || "");
  await page.waitForFunction(() => document.getElementById("layer")?.textContent.includes("A closing line, first draft."), null, { timeout: 30000 });

  // The title edited: the first frame with the new title still has the body (no "loading" line).
  const retitled = withBody("A closing line, first draft.");
  retitled.writing.find((w) => w.slug === slug).title = "the tensor was the handle after all";
  const asked = chunks.length;
  fs.writeFileSync(file, JSON.stringify(retitled, null, 2));
  await page.waitForFunction(() => document.getElementById("layer")?.textContent.includes("the handle after all"), null, { timeout: 15000 });
  const shown = await layer();
  assert.ok(shown.includes("The handle paragraph stays put."), "the body is on the page with the new title");
  assert.ok(!shown.includes("loading\u2026"), "no loading line");
  await settle(page);
  assert.equal(chunks.length, asked, "the body's chunk did not change, and is not asked for again");

  // A line of the body edited: the news names the chunk written and carries its text, the page takes it
  // from there and asks for no chunk, and the line arrives.
  const edited = retitled;
  edited.writing.find((w) => w.slug === slug).body = withBody("A closing line, second draft.").writing.find((w) => w.slug === slug).body;
  fs.writeFileSync(file, JSON.stringify(edited, null, 2));
  await page.waitForFunction(() => document.getElementById("layer")?.textContent.includes("A closing line, second draft."), null, { timeout: 15000 });
  const news = await (await fetch(`http://127.0.0.1:${PORT}/preview-news.json`)).json();
  assert.equal(news.fresh.length, 1, JSON.stringify(news.fresh));
  assert.match(news.fresh[0], /^\/assets\/bodies\/.*\.json\.gz$/);
  assert.deepEqual(chunks.slice(asked), [], "the page asked for no chunk: the news brought it");
  // The text it brought is the chunk's file, inflated; the server sends the file as gzip, for the book's
  // own requests (Node's fetch inflates it and keeps the header).
  const served = await fetch(`http://127.0.0.1:${PORT}${news.fresh[0]}`);
  assert.equal(served.headers.get("content-encoding"), "gzip");
  const chunkText = await served.text();
  assert.ok(chunkText.includes("A closing line, second draft."), "the chunk holds the edit");
  assert.equal(news.bodies[news.fresh[0]], chunkText, "the news carries the chunk's text");
  // The builder went on with the pages once the open page had taken the edit (it asked for news after it).
  const tookIt = log.length;
  edited.writing.find((w) => w.slug === slug).title = "the tensor was the handle, twice";
  fs.writeFileSync(file, JSON.stringify(edited, null, 2));
  await page.waitForFunction(() => document.getElementById("layer")?.textContent.includes("the handle, twice"), null, { timeout: 15000 });
  for (let k = 0; k < 150 && !/the open page took it after [0-9.]+ ms/.test(log.slice(tookIt)); k++) await new Promise((r) => setTimeout(r, 100));
  assert.match(log.slice(tookIt), /the open page took it after [0-9.]+ ms/);
  fs.writeFileSync(file, original);
  await page.waitForFunction((t) => !document.getElementById("layer")?.textContent.includes(t), "second draft", { timeout: 15000 });
  await context.close();
});

test("the preview serves like a static host: 404.html with status 404 for unknown paths", async () => {
  const base = `http://127.0.0.1:${PORT}`;
  const missing = await fetch(`${base}/no/such/page`);
  assert.equal(missing.status, 404);
  assert.match(missing.headers.get("content-type"), /^text\/html/);
  assert.match(await missing.text(), /<title>page not found · /);
  for (const route of ["/", "/books", "/books/", "/writing/arrays-become-matrices"]) {
    const r = await fetch(base + route);
    assert.equal(r.status, 200, route);
    assert.match(await r.text(), /<canvas id="book"/, route);
  }
  // The page names boot.js, and boot.js the wasm (asked for once the proof is painted).
  const html = await (await fetch(base + "/")).text();
  const boot = html.match(/\/assets\/boot\.[0-9a-f]+\.js/);
  assert.ok(boot, "the page names its boot script");
  const wasm = (await (await fetch(base + boot[0])).text()).match(/\/assets\/folio\.[0-9a-f]+\.wasm/);
  assert.ok(wasm, "boot.js names the wasm");
  const w = await fetch(base + wasm[0]);
  assert.equal(w.status, 200);
  assert.equal(w.headers.get("content-type"), "application/wasm");
  // The book shows its own not-found page there.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/no/such/page`);
  await ready(page);
  await settle(page);
  await page.waitForFunction(() => document.getElementById("layer")?.textContent.includes("page not found"));
  await context.close();
});

test("the preview's watch is in the preview's boot script only: a published site's has none", async () => {
  const bootOf = (html) => (html.match(/<script[^>]* src="(\/assets\/boot\.[0-9a-f]+\.js)"/) || [])[1];
  const base = `http://127.0.0.1:${PORT}`;
  const previewBoot = bootOf(await (await fetch(`${base}/`)).text());
  assert.ok(previewBoot, "the preview's front page names no boot script");
  const previewScript = await (await fetch(base + previewBoot)).text();
  assert.match(previewScript, /preview-status\.json/);
  // The seed built as it is published (./folio test builds it into FOLIO_SITE).
  const site = process.env.FOLIO_SITE;
  assert.ok(site && fs.existsSync(path.join(site, "index.html")), "FOLIO_SITE is not a built site: run ./folio test");
  const publishedBoot = bootOf(fs.readFileSync(path.join(site, "index.html"), "utf8"));
  assert.ok(publishedBoot, "the published front page names no boot script");
  const publishedScript = fs.readFileSync(path.join(site, publishedBoot), "utf8");
  assert.match(publishedScript, /window\.FOLIO_ASSETS/);
  assert.doesNotMatch(publishedScript, /preview-status/);
});
