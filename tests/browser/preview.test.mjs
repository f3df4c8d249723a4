// ./folio preview as an author uses it: edit content.json while the page is open; the page picks the
// change up (no reload), keeps its view and scroll; a check error shows on the page with file:line:column.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch, ready, settle } from "./harness.mjs";

const ROOT = process.env.FOLIO_ROOT;
const PORT = 6900 + Math.floor(Math.random() * 90);
let bundle, preview, browser;

before(async () => {
  bundle = fs.mkdtempSync(path.join(os.tmpdir(), "folio-preview-"));
  fs.copyFileSync(path.join(ROOT, "content.json"), path.join(bundle, "content.json"));
  preview = spawn(path.join(ROOT, "folio"), ["preview", bundle], { env: { ...process.env, FOLIO_PORT: String(PORT) }, detached: true });
  let log = "";
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("preview did not start:\n" + log)), 240000);
    const on = (d) => { log += d; if (log.includes("serving")) { clearTimeout(t); resolve(); } };
    preview.stdout.on("data", on);
    preview.stderr.on("data", on);
    preview.on("exit", (code) => reject(new Error(`preview exited ${code}:\n${log}`)));
  });
  browser = await launch();
});
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
  const scroll = await page.evaluate(() => window.folio.scroll());
  const frames = await page.evaluate(() => window.folio.framesDrawn);

  const file = path.join(bundle, "content.json");
  const original = fs.readFileSync(file, "utf8");
  fs.writeFileSync(file, original.replace("buy me a coffee", "buy me a pot of tea"));
  await page.waitForFunction(() => window.folio.box("buy me a pot of tea") !== null, null, { timeout: 15000 });
  assert.equal(await page.evaluate(() => window.folio.scroll()), scroll);
  // The wasm was not reloaded: the frame counter kept counting.
  assert.ok((await page.evaluate(() => window.folio.framesDrawn)) > frames);

  fs.writeFileSync(file, original.replace('"schema": 1,', '"schema": 1,\n  "tagline": 3,'));
  await page.waitForFunction(() => window.folio.shownError() !== "", null, { timeout: 15000 });
  const shown = await page.evaluate(() => window.folio.shownError());
  assert.match(shown, /content\.json:3:3: error: \$\.tagline: unknown field 'tagline'/);

  fs.writeFileSync(file, original);
  await page.waitForFunction(() => window.folio.shownError() === "", null, { timeout: 15000 });
  assert.ok(await page.evaluate(() => window.folio.box("buy me a coffee")));

  // A character the subset fonts lack: the builder stops, ./folio subsets the fonts again and starts
  // it again, and the edit still arrives (the subsetter is slow on a busy machine: a long wait).
  fs.writeFileSync(file, original.replace("buy me a coffee", "buy me a \u03a9 coffee"));
  await page.waitForFunction(() => window.folio.box("buy me a \u03a9 coffee") !== null, null, { timeout: 120000 });
  // And the builder that came back still follows edits.
  fs.writeFileSync(file, original.replace("buy me a coffee", "buy me a cup of cocoa"));
  await page.waitForFunction(() => window.folio.box("buy me a cup of cocoa") !== null, null, { timeout: 15000 });
  assert.deepEqual(errors, []);
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
  assert.ok(await page.evaluate(() => window.folio.box("page not found")));
  await context.close();
});
