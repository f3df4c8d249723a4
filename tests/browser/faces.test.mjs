// Faces that come later (src/ui/fonts.h): a route's page fetches whole only the faces its first pages show
// (the build names them in <meta name="folio-faces">) and the stand-ins of the others (advances, no
// outlines); a face the reader nears is fetched once, when the book asks for it, and drawn with ink.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { join as pathJoin } from "node:path";
import { useSite, ready, settle, inkIn } from "../support/harness.mjs";

const env = useSite();
const FACES = ["serif-regular", "serif-italic", "serif-bold", "serif-bolditalic", "mono-regular"];

// Font files asked for, by name: "serif-bold" (whole), "serif-bold.metrics" (its stand-in) or
// "serif-bold.partial" (its partial: the main book's characters only).
function fontRequests(page) {
  const seen = new Map();
  page.on("request", (r) => {
    const m = /\/assets\/([a-z-]+(?:\.metrics|\.partial)?)\.[0-9a-f]+\.ttf$/.exec(new URL(r.url()).pathname);
    if (m) seen.set(m[1], (seen.get(m[1]) || 0) + 1);
  });
  return seen;
}

// The text layer sets its runs in the proof's own FontFaces (web/proof.js, folio.face: "folio-face-N", and
// "folio-face-N-K" for a face's later bytes, the whole face after its partial): the face index of a family.
const faceOf = (family) => { const m = /^"?folio-face-(\d+)(?:-\d+)?"?$/.exec(family); return m ? Number(m[1]) : -1; };

// The faces of the layer's runs on screen (the layer also holds the pages off screen, in whatever face they
// are set: a face still to come is a stand-in there until it comes, as on the canvas).
async function layerFamilies(page) {
  return page.evaluate(() => [...new Set([...document.querySelectorAll("#layer [data-i]")].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.bottom > 0 && r.top < innerHeight;
  }).map((e) => e.style.fontFamily))]);
}

// Reads on (the wheel, a little at a time) until an element of the layer matching the selector is wholly on
// screen: its rectangle, or null.
async function readOnTo(page, selector) {
  for (let step = 0; step < 40; step++) {
    const box = await page.evaluate((sel) => {
      for (const e of document.querySelectorAll(sel)) {
        const r = e.getBoundingClientRect();
        if (r.top > 40 && r.bottom < innerHeight - 40) return { x: r.left, y: r.top, width: r.width, height: r.height };
      }
      return null;
    }, selector);
    if (box) return box;
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 300);
    await settle(page);
  }
  return null;
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
        if (/^"?folio-face-2(-\d+)?"?$/.test(e.style.fontFamily) && e.textContent.trim().length > 3 && r.top > 40 && r.bottom < innerHeight - 40)
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
  // A main route: its first faces come as partials (the main book's characters), nothing whole yet.
  const partial = (await page.evaluate(() => document.querySelector('meta[name="folio-partial"]').content)).split(" ").map(Number);
  assert.deepEqual(partial, first, "every first face comes as its partial");
  for (const i of first) {
    assert.equal(fonts.get(FACES[i] + ".partial"), 1, `${FACES[i]}'s partial fetched once`);
    assert.equal(fonts.get(FACES[i]), undefined, `${FACES[i]} not fetched whole before it is needed`);
    assert.equal(fonts.get(FACES[i] + ".metrics"), undefined, `no stand-in for ${FACES[i]}`);
  }
  for (const i of later) assert.equal(fonts.get(FACES[i] + ".metrics"), 1, `${FACES[i]}'s stand-in fetched once`);
  // The faces on screen are the ones named whole.
  for (const fam of await layerFamilies(page)) assert.ok(first.includes(faceOf(fam)), fam);

  const box = await readOnToBold(page);
  assert.ok(box, "a run in bold reached the screen");
  await page.waitForFunction(() => [...document.fonts].some((f) => /^"?folio-face-2"?$/.test(f.family) && f.status === "loaded"), null, { timeout: 20000 });
  await settle(page);
  assert.equal(fonts.get("serif-bold"), 1, "the bold face was fetched whole, once");
  const ink = await inkIn(page, box, [252, 250, 245]);
  assert.ok(ink.differ > ink.total * 0.04, `"${box.text}" in bold has ink on the canvas (${ink.differ} of ${ink.total} pixels)`);
  assert.deepEqual(errors, []);
  await context.close();
});

// The code points a partial face draws: its FOLi table (src/core/fonts/font_partial.h), read from the built file.
function partialRanges(path) {
  const b = fs.readFileSync(pathJoin(process.env.FOLIO_SITE, path));
  const tables = b.readUInt16BE(4);
  for (let i = 0; i < tables; i++) {
    const rec = 12 + 16 * i;
    if (b.toString("latin1", rec, rec + 4) !== "FOLi") continue;
    const at = b.readUInt32BE(rec + 8), n = b.readUInt32BE(at), out = [];
    for (let k = 0; k < n; k++) out.push([b.readUInt32BE(at + 4 + 8 * k), b.readUInt32BE(at + 8 + 8 * k)]);
    return out;
  }
  return null;
}

test("the front page draws from partial faces; an article with a character they lack fetches the whole face once, and draws it", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "warning" || m.type() === "error") errors.push(m.text()); });
  const fonts = fontRequests(page);
  await page.goto(env.base + "/");
  await ready(page);
  await settle(page);
  const { partial, url } = await page.evaluate(() => ({
    partial: document.querySelector('meta[name="folio-partial"]').content.split(" ").map(Number),
    url: window.FOLIO_ASSETS.partials[0],
  }));
  assert.ok(partial.includes(0), "the serif comes as its partial");
  for (const i of partial) assert.equal(fonts.get(FACES[i] + ".partial"), 1, `${FACES[i]}'s partial fetched once`);
  for (const f of FACES) assert.equal(fonts.get(f), undefined, `${f} not fetched whole on the front page`);
  // The browser's font sanitizer took them: the proof's FontFaces are loaded, and the text layer's runs are
  // set in those same FontFaces (one decode of each face, not two).
  const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family.replace(/"/g, "")));
  for (const i of partial) assert.ok(loaded.includes(`folio-face-${i}`), `the proof's ${FACES[i]} loaded (${loaded})`);
  const layerFams = await layerFamilies(page);
  assert.ok(layerFams.length > 0, "the text layer has runs");
  for (const fam of layerFams) assert.ok(/^"?folio-face-\d+"?$/.test(fam) && partial.includes(faceOf(fam)), `a layer run in ${fam}`);
  assert.ok(loaded.every((f) => faceOf(f) >= 0) && new Set(loaded.map(faceOf)).size === loaded.length, `one FontFace per face (${loaded})`);
  // The canvas draws the front page from them (its first frame was whole: the book took over).
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains("canvas-on")));
  const ranges = partialRanges(url);
  assert.ok(ranges && ranges.length > 0, "the partial records what it draws");

  // An article (a book of its own) with serif characters outside the partial: the whole serif comes, once.
  // The reader gets there as a visitor does: reads on to the timeline's link to it and clicks it.
  const article = "/writing/the-tensor-was-only-the-handle";
  const link = await readOnTo(page, `#layer a[href="${article}"]`);
  assert.ok(link, "the front page links the article");
  await page.mouse.click(link.x + link.width / 2, link.y + link.height / 2);
  await page.waitForFunction((a) => location.pathname === a, article);
  const lacking = (text) => [...text].some((ch) => {
    const c = ch.codePointAt(0);
    return !/\s/.test(ch) && !ranges.some(([lo, hi]) => c >= lo && c <= hi);
  });
  let box = null;
  for (let i = 0; i < 100 && !box; i++) {
    await settle(page);
    if (fonts.get("serif-regular") !== 1) continue;
    box = await page.evaluate((rs) => {
      const lacks = (t) => [...t].some((ch) => !/\s/.test(ch) && !rs.some(([lo, hi]) => ch.codePointAt(0) >= lo && ch.codePointAt(0) <= hi));
      for (const e of document.querySelectorAll("#layer [data-i]")) {
        const r = e.getBoundingClientRect();
        if (/^"?folio-face-0-\d+"?$/.test(e.style.fontFamily) && lacks(e.textContent) && r.top > 40 && r.bottom < innerHeight - 40 && r.width > 20)
          return { x: r.left, y: r.top, width: r.width, height: r.height, text: e.textContent };
      }
      return null;
    }, ranges);
  }
  assert.ok(box, "a serif run with a character the partial lacks is on screen, after the whole serif came");
  assert.ok(lacking(box.text));
  assert.equal(fonts.get("serif-regular"), 1, "the whole serif fetched once");
  assert.equal(fonts.get("serif-regular.partial"), 1, "the partial not fetched again");
  const ink = await inkIn(page, box, [252, 250, 245]);
  assert.ok(ink.differ > ink.total * 0.04, `"${box.text}" has ink on the canvas (${ink.differ} of ${ink.total} pixels)`);
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
