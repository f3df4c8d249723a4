// The static text: with JavaScript disabled (or without WebGL2/wasm), every route still reads as a
// page; with the canvas running, the text stays in the DOM for screen readers but is not shown.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { SITE, serve, launch, ready, settle } from "./harness.mjs";

let server, browser, base;
before(async () => {
  server = await serve(SITE);
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await launch();
});
after(async () => { await browser?.close(); server?.close(); });

test("with JavaScript disabled an article's route shows its text", async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(base + "/writing/the-tensor-was-only-the-handle");
  const heading = page.locator("main#text h1");
  assert.equal(await heading.innerText(), "the tensor was only the handle");
  assert.ok(await heading.isVisible());
  const body = await page.locator("main#text").innerText();
  assert.match(body, /I began with a question that seemed too small/);
  assert.equal(await page.locator("#book").isVisible(), false);
  await context.close();
});

test("with the canvas running the text is hidden from sight but kept for screen readers", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(base + "/books");
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

test("an article's image loads from the site's own origin and is drawn", async () => {
  const rich = process.env.FOLIO_RICH_SITE;
  if (!rich) return; // built by ./folio test
  const own = await serve(rich);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const images = [];
  page.on("response", (r) => { if (r.url().includes("/images/")) images.push(r.status()); });
  await page.goto(`http://127.0.0.1:${own.address().port}/writing/everything-markdown`);
  await ready(page);
  await settle(page);
  assert.deepEqual(images, [200]);
  // The figure is a blue square with a yellow circle: find both colours on screen.
  const png = await page.screenshot();
  const found = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width; c.height = img.height;
    const ctx = c.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let blue = 0, yellow = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i] < 60 && d[i + 1] > 70 && d[i + 1] < 120 && d[i + 2] > 160) blue++;
      if (d[i] > 220 && d[i + 1] > 170 && d[i + 2] < 80) yellow++;
    }
    return { blue, yellow };
  }, png.toString("base64"));
  assert.ok(found.blue > 5000 && found.yellow > 2000, JSON.stringify(found));
  assert.deepEqual(errors, []);
  await context.close();
  own.close();
});
