// A large CJK face comes in slices by use (src/core/fonts/font_slices.h, docs/fonts.md "Slices"): tests/fixtures/chinese
// (a calligraphy blog with a chart of a thousand characters: its face is over the size that is sliced). A page
// fetches the face's stand-in (the book measures with it) and the slices its first page shows at its screen's
// page size (each of the early page's variants names its own); the book asks for the others as the pages it
// nears need them; without JavaScript the early page's @font-face rules carry each slice's unicode-range, so
// the browser fetches only those its text needs.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { useSite, ready, settle, assertInkWhereProofIs } from "../support/harness.mjs";

const ZH = process.env.FOLIO_ZH_SITE;
assert.ok(ZH, "FOLIO_ZH_SITE is not set: run ./folio test, which builds tests/fixtures/chinese into build/site-zh");
const env = useSite(ZH);
const CHART = "/writing/" + encodeURIComponent("字表") + "/";

const assets = () => JSON.parse(fs.readFileSync(path.join(ZH, "assets", fs.readdirSync(path.join(ZH, "assets"))
  .find((f) => /^boot\.[0-9a-f]+\.js$/.test(f))), "utf8").match(/window\.FOLIO_ASSETS = (\{.*?\});\n/)[1]);
const sliceOf = (url) => { const m = /^\/assets\/script-cjk\.s(\d+)\.[0-9a-f]+\.ttf$/.exec(url); return m ? Number(m[1]) : -1; };
// The slices each page size's first page shows, by variant ("ref", "p190", ...), as the HTML names them.
const named = (html) => Object.fromEntries([...html.matchAll(/<div class="pv pv-([a-z0-9]+)[^"]*"[^>]* data-slices="([^"]*)"/g)]
  .map((m) => [m[1], m[2].split(" ").filter(Boolean)]));
// The slices a spread's second page adds (the reference page as spreads), as the HTML names them.
const pairNamed = (html) => [...html.matchAll(/ data-pair-slices="([^"]*)"/g)].flatMap((m) => m[1].split(" ").filter(Boolean));
// The slices preloaded, each with its media query ("" for every screen).
const preloaded = (html) => [...html.matchAll(/<link rel="preload" href="([^"]*script-cjk\.s\d+[^"]*)"[^>]*?(?: media="([^"]*)")?>/g)]
  .map((m) => ({ slice: sliceOf(m[1]), media: m[2] || "" }));

// Every request for the CJK face's files, by path, as the page makes them.
async function recorded(context) {
  const page = await context.newPage();
  const errors = [], cjk = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("request", (r) => { const p = new URL(r.url()).pathname; if (/^\/assets\/script-cjk\./.test(p)) cjk.push(p); });
  return { page, errors, cjk };
}

test("the CJK face is sliced: a stand-in and slices, no whole face; each page names the slices its first page shows", () => {
  const a = assets();
  const k = a.scripts.findIndex((u) => /script-cjk\./.test(u));
  assert.ok(k >= 0, a.scripts.join(" "));
  const slices = a.slices[k];
  assert.ok(slices.length > 10, `${slices.length} slices`);
  const bytes = (u) => fs.statSync(path.join(ZH, u)).size;
  const standIn = bytes(a.scripts[k]), all = slices.reduce((n, u) => n + bytes(u), 0);
  console.log(`CJK face: stand-in ${standIn} B, ${slices.length} slices ${all} B`);
  assert.ok(standIn < all / 10, "the stand-in carries no outlines");
  const front = named(fs.readFileSync(path.join(ZH, "index.html"), "utf8"));
  assert.equal(Object.keys(front).length, 4, "each of the four page sizes names its slices");
  for (const [v, list] of Object.entries(front)) {
    assert.ok(list.length >= 1 && list.length <= 2, `${v}: ${list.join(" ")}`);
    assert.ok(list.every((s) => s.startsWith(k + ".")));
  }
  // The chart's first page shows many rare characters; a phone's page fewer than the reference page's
  // spread. Each slice is preloaded for the screens whose page size shows it.
  const chartHtml = fs.readFileSync(path.join(ZH, "writing", "字表", "index.html"), "utf8");
  const chart = named(chartHtml);
  assert.ok(chart.ref.length > front.ref.length);
  assert.ok(chart.p190.length < chart.ref.length, `phone ${chart.p190.length}, reference ${chart.ref.length}`);
  const loads = preloaded(chartHtml);
  const union = new Set(Object.values(chart).flat().concat(pairNamed(chartHtml)).map((s) => Number(s.split(".")[1])));
  assert.deepEqual(new Set(loads.map((l) => l.slice)), union);
  const onlyWide = loads.filter((l) => !chart.p190.includes(k + "." + l.slice));
  assert.ok(onlyWide.length > 0 && onlyWide.every((l) => l.media.startsWith("(min-width")), JSON.stringify(onlyWide.slice(0, 3)));
});

test("1280x800: the front page fetches the stand-in and its named slices, and the book draws its ink where the proof's is", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { page, errors, cjk } = await recorded(context);
  await page.goto(env.base + "/");
  const front = named(await page.content()).ref.map((s) => Number(s.split(".")[1])); // 1280 px: the reference page
  await page.waitForFunction(() => document.documentElement.classList.contains("proof-on"), null, { timeout: 30000 });
  const atProof = cjk.map(sliceOf).filter((s) => s >= 0);
  assert.deepEqual([...new Set(atProof)].sort((x, y) => x - y), front.sort((x, y) => x - y), "the proof waits for its slices only");
  await ready(page);
  await page.waitForFunction(() => document.documentElement.classList.contains("canvas-on"));
  await settle(page);
  assert.ok(cjk.some((p) => sliceOf(p) < 0), "the stand-in, for the book");
  assert.ok(!cjk.some((p) => /^\/assets\/script-cjk\.[0-9a-f]+\.ttf$/.test(p) && sliceOf(p) >= 0));
  await assertInkWhereProofIs(page, "sliced front page");
  assert.deepEqual(errors, []);
  await context.close();
});

test("phone 390x844: the chart's first view fetches the slices its phone page shows, fewer than the reference page's", async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const { page, errors, cjk } = await recorded(context);
  await page.goto(env.base + CHART);
  await page.waitForFunction(() => document.documentElement.classList.contains("proof-on"), null, { timeout: 30000 });
  const shown = await page.evaluate(() => [...document.querySelectorAll("#proof .pv")].filter((v) => getComputedStyle(v).display !== "none")
    .map((v) => [v.className, v.getAttribute("data-slices")]));
  assert.equal(shown.length, 1, JSON.stringify(shown));
  assert.ok(/pv-p\d+/.test(shown[0][0]), shown[0][0]);
  const mine = shown[0][1].split(" ").map((s) => Number(s.split(".")[1])).sort((x, y) => x - y);
  const fetched = [...new Set(cjk.map(sliceOf).filter((s) => s >= 0))].sort((x, y) => x - y);
  const ref = named(await page.content()).ref;
  console.log(`phone: ${fetched.length} slices for the chart's first view (the reference page's: ${ref.length})`);
  assert.deepEqual(fetched, mine, "the phone's page's slices, preloaded for its width, and no others");
  assert.ok(fetched.length < ref.length);
  await ready(page);
  await settle(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test("1280x800: followed from the front page, the chart brings the slices its pages show, and every line of it is drawn", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { page, errors, cjk } = await recorded(context);
  await page.goto(env.base + "/");
  await ready(page);
  await settle(page);
  const first = new Set(cjk.map(sliceOf).filter((s) => s >= 0));
  const total = assets().slices.find((l) => l.length).length;
  // The chart's link in the book (its text layer's <a>), followed as a reader does.
  await page.waitForFunction(() => [...document.querySelectorAll("#layer a")].some((a) => a.textContent.includes("练习表")), null, { timeout: 30000 });
  await page.evaluate(() => [...document.querySelectorAll("#layer a")].find((a) => a.textContent.includes("练习表")).click());
  await page.waitForFunction((p) => decodeURIComponent(location.pathname).replace(/\/$/, "") === decodeURIComponent(p).replace(/\/$/, ""), CHART, { timeout: 30000 });
  await settle(page);
  await page.waitForFunction(() => document.querySelectorAll("#layer .page").length > 0 && !document.querySelector("#layer .page.later"), null, { timeout: 30000 });
  await settle(page);
  const later = new Set(cjk.map(sliceOf).filter((s) => s >= 0));
  console.log(`front page: ${first.size} slices; with the chart open: ${later.size} of ${total}`);
  assert.ok(first.size < total / 3 && later.size > first.size + 10, "the chart's pages brought slices of their own");
  // The runs of Han characters on screen: the canvas has ink in each (a run still waiting for its slice is not drawn).
  const runs = await page.evaluate(() => [...document.querySelectorAll("#layer [data-i]")].map((e) => {
    const r = e.getBoundingClientRect();
    return { text: e.textContent, x: r.left, y: r.top, w: r.width, h: r.height };
  }).filter((r) => /[\u4e00-\u9fff]{10}/.test(r.text) && r.y > 0 && r.y + r.h < innerHeight && r.w > 20));
  assert.ok(runs.length >= 5, `${runs.length} runs of Han on screen`);
  await page.evaluate(() => { document.getElementById("layer").style.visibility = "hidden"; });
  if (process.env.FOLIO_SHOTS) await page.screenshot({ path: process.env.FOLIO_SHOTS + "/chart.png" });
  for (const r of runs.slice(0, 12)) {
    const shot = await page.screenshot({ clip: { x: Math.floor(r.x), y: Math.floor(r.y), width: Math.ceil(r.w), height: Math.ceil(r.h) } });
    const ink = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = "data:image/png;base64," + b64;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height), g = c.getContext("2d");
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, img.width, img.height).data;
      let dark = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 300) dark++;
      return dark / (d.length / 4);
    }, shot.toString("base64"));
    assert.ok(ink > 0.015, `"${r.text.slice(0, 12)}…" drawn (${(ink * 100).toFixed(1)}% ink)`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("without JavaScript the early page fetches only the slices its text needs (unicode-range), never the stand-in", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
  const { page, cjk } = await recorded(context);
  await page.goto(env.base + "/");
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready);
  const slices = new Set(cjk.map(sliceOf).filter((s) => s >= 0));
  const total = assets().slices.find((l) => l.length).length;
  console.log(`no script: ${slices.size} of ${total} slices for the front page`);
  assert.ok(slices.size >= 1 && slices.size <= 3, [...slices].join(" "));
  assert.ok(cjk.every((p) => sliceOf(p) >= 0), cjk.join(" "));
  // The title is set in the slice's face (Noto Serif CJK), not a fallback: its glyphs are 1 em wide.
  const widths = await page.evaluate(() => {
    const run = [...document.querySelectorAll("#proof .pv-ref .pg b")].find((s) => s.textContent === "林小雨");
    return run ? [run.getBoundingClientRect().width, parseFloat(getComputedStyle(run).fontSize)] : null;
  });
  assert.ok(widths, "the site's name is a run of the proof");
  assert.ok(Math.abs(widths[0] - 3 * widths[1]) < 1, JSON.stringify(widths));
  await context.close();
});
