// The static text: with JavaScript disabled (or without WebGL2/wasm), every route still reads as a
// page; with the canvas running, the text stays in the DOM for screen readers but is not shown.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { useSite, serve, ready, settle, pixels } from "../support/harness.mjs";

// The rich fixture's built site; a missing one fails the test that needs it (never a silent pass).
function richSite() {
  const rich = process.env.FOLIO_RICH_SITE;
  assert.ok(rich, "FOLIO_RICH_SITE is not set: run ./folio test, which builds tests/fixtures/rich into build/site-rich");
  assert.ok(fs.existsSync(path.join(rich, "site.json")), `no built site in ${rich}: run ./folio test, which builds tests/fixtures/rich there`);
  return rich;
}

const env = useSite();

test("with JavaScript disabled an article's route shows its text", async () => {
  const context = await env.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(env.base + "/writing/the-tensor-was-only-the-handle");
  const heading = page.locator("main#text h1");
  assert.equal(await heading.innerText(), "the tensor was only the handle");
  assert.ok(await heading.isVisible());
  const body = await page.locator("main#text").innerText();
  assert.match(body, /I began with a question that seemed too small/);
  assert.equal(await page.locator("#book").isVisible(), false);
  await context.close();
});

test("with the canvas running the text is hidden from sight but kept for screen readers", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(env.base + "/books");
  await page.waitForFunction(() => window.folio && window.folio.framesDrawn > 0);
  await settle(page);
  const state = await page.evaluate(() => {
    const main = document.getElementById("text");
    const r = main.getBoundingClientRect();
    return { w: r.width, h: r.height, text: main.innerText || main.textContent, hidden: document.getElementById("book").getAttribute("aria-hidden") };
  });
  assert.ok(state.w <= 1 && state.h <= 1, `text box ${state.w}x${state.h}`);
  assert.match(state.text, /Norwegian Wood/);
  assert.equal(state.hidden, "true");
  await context.close();
});

test("an article's body arrives, then its image loads from the site's own origin and is drawn", async (t) => {
  const own = await serve(richSite());
  t.after(() => own.close());
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const images = [];
  page.on("response", (r) => { if (r.url().includes("/images/")) images.push(r.status()); });
  const body = page.waitForResponse((r) => /\/assets\/bodies\/[0-9a-f]+\.json\.gz$/.test(r.url()));
  const image = page.waitForResponse((r) => r.url().endsWith("/images/figure.svg"));
  await page.goto(`http://127.0.0.1:${own.address().port}/writing/everything-markdown`);
  await ready(page);
  assert.equal((await body).status(), 200);
  // Images load as they come into view: read on down to the figure.
  await settle(page);
  await page.mouse.move(720, 450);
  for (let i = 0; i < 40 && images.length === 0; i++) {
    await page.mouse.wheel(0, 250);
    await settle(page);
  }
  assert.equal((await image).status(), 200);
  await settle(page);
  assert.deepEqual(images, [200]);
  // The figure is a blue square with a yellow circle: find both colours on screen (scrolling on a
  // little at a time until the whole figure is in view).
  const colours = async () => {
    const { data } = await pixels(page);
    const found = { blue: 0, yellow: 0 };
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] < 60 && data[i + 1] > 70 && data[i + 1] < 120 && data[i + 2] > 160) found.blue++;
      if (data[i] > 220 && data[i + 1] > 170 && data[i + 2] < 80) found.yellow++;
    }
    return found;
  };
  let found = await colours();
  for (let i = 0; i < 12 && !(found.blue > 5000 && found.yellow > 2000); i++) {
    await page.mouse.wheel(0, 120);
    await settle(page);
    found = await colours();
  }
  assert.ok(found.blue > 5000 && found.yellow > 2000, JSON.stringify(found));
  assert.deepEqual(errors, []);
  await context.close();
});

test("a capable browser never paints the text before the book (no flash)", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    window.__textPainted = false;
    const watch = () => {
      const t = document.getElementById("text");
      if (t) {
        const r = t.getBoundingClientRect();
        if (getComputedStyle(t).visibility === "visible" && r.width > 1 && r.height > 1) window.__textPainted = true;
      }
      if (!(window.folio && window.folio.framesDrawn > 0)) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  const page = await context.newPage();
  await page.goto(env.base + "/books");
  await ready(page);
  assert.equal(await page.evaluate(() => window.__textPainted), false);
  await context.close();
});
