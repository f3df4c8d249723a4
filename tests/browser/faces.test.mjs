// Faces that come later (src/ui/fonts.h): a route's page fetches whole only the faces its first pages show
// (the build names them in <meta name="folio-faces">) and the stand-ins of the others (advances, no
// outlines); a face the reader nears is fetched once, when the book asks for it, and drawn with ink.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSite, ready, settle, inkIn } from "./harness.mjs";

const env = useSite();
const FACES = ["serif-regular", "serif-italic", "serif-bold", "serif-bolditalic", "mono-regular"];

// Font files asked for, by name: "serif-bold" (whole) or "serif-bold.metrics" (its stand-in).
function fontRequests(page) {
  const seen = new Map();
  page.on("request", (r) => {
    const m = /\/assets\/([a-z-]+(?:\.metrics)?)\.[0-9a-f]+\.ttf$/.exec(new URL(r.url()).pathname);
    if (m) seen.set(m[1], (seen.get(m[1]) || 0) + 1);
  });
  return seen;
}

async function layerFamilies(page) {
  return page.evaluate(() => [...new Set([...document.querySelectorAll("#layer [data-i]")].map((e) => e.style.fontFamily))]);
}

// Reads on (the wheel, a screen at a time) until a run in bold is on screen: its rectangle, or null.
async function readOnToBold(page, until = () => false) {
  for (let step = 0; step < 40; step++) {
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 600);
    await settle(page);
    if (await until()) return null;
    const box = await page.evaluate(() => {
      for (const e of document.querySelectorAll("#layer [data-i]")) {
        const r = e.getBoundingClientRect();
        if (e.style.fontFamily === "folio-layer-2" && e.textContent.trim().length > 3 && r.top > 40 && r.bottom < innerHeight - 40)
          return { x: r.left, y: r.top, width: r.width, height: r.height, text: e.textContent };
      }
      return null;
    });
    if (box) return box;
  }
  return null;
}

test("the first view fetches whole only the faces its first pages show; a later face comes once, when neared, and has ink", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const fonts = fontRequests(page);
  await page.goto(env.base + "/books/");
  await ready(page);
  await settle(page);
  const first = (await page.evaluate(() => document.querySelector('meta[name="folio-faces"]').content)).split(" ").map(Number);
  assert.ok(first.includes(0), "the serif is always whole");
  const later = FACES.map((_, i) => i).filter((i) => !first.includes(i));
  assert.ok(later.includes(2), `the bold face is not on the first pages of /books/ (first: ${first})`);
  for (const i of first) {
    assert.equal(fonts.get(FACES[i]), 1, `${FACES[i]} fetched whole, once`);
    assert.equal(fonts.get(FACES[i] + ".metrics"), undefined, `no stand-in for ${FACES[i]}`);
  }
  for (const i of later) assert.equal(fonts.get(FACES[i] + ".metrics"), 1, `${FACES[i]}'s stand-in fetched once`);
  // The faces on screen are the ones named whole.
  for (const fam of await layerFamilies(page)) assert.ok(first.includes(Number(fam.replace("folio-layer-", ""))), fam);

  const box = await readOnToBold(page);
  assert.ok(box, "a run in bold reached the screen");
  await page.waitForFunction(() => document.fonts.check("16px folio-layer-2"), null, { timeout: 20000 });
  await settle(page);
  assert.equal(fonts.get("serif-bold"), 1, "the bold face was fetched whole, once");
  const ink = await inkIn(page, box, [252, 250, 245]);
  assert.ok(ink.differ > ink.total * 0.04, `"${box.text}" in bold has ink on the canvas (${ink.differ} of ${ink.total} pixels)`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a later face that cannot be downloaded is a failed download: the page's text and the notice", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.route(/\/assets\/serif-bold\.[0-9a-f]+\.ttf$/, (r) => r.abort("failed"));
  await page.goto(env.base + "/books/");
  await ready(page); // the first pages need no bold: the book starts
  const failed = () => page.evaluate(() => !document.getElementById("fault").hidden);
  await readOnToBold(page, failed);
  await page.waitForFunction(() => !document.getElementById("fault").hidden, null, { timeout: 20000 });
  const v = await page.evaluate(() => ({
    notice: document.getElementById("fault").innerText,
    textShown: getComputedStyle(document.getElementById("text")).visibility === "visible",
    error: window.folio.error,
  }));
  assert.match(v.notice, /could not be downloaded/);
  assert.ok(v.textShown, "the page's text is shown");
  assert.match(v.error, /serif-bold/);
  await context.close();
});
