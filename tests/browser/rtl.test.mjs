// A site written right to left (tests/fixtures/rtl: Arabic and Hebrew with English words and numbers, a
// list, a heading, a link). The layout reorders each line for display (src/core/text/bidi.h): in the book's text
// layer and in the proof an Arabic line's runs come in logical order with x decreasing, lines end at the
// right edge, a copy gives the logical text, and the static HTML says dir="rtl".
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { useSite, open, ready, settle } from "../support/harness.mjs";

const RTL = process.env.FOLIO_RTL_SITE;
assert.ok(RTL, "FOLIO_RTL_SITE is not set: run ./folio test, which builds tests/fixtures/rtl into build/site-rtl");
const env = useSite(RTL);
const ARTICLE = "/writing/rust-arabic/";
const FIRST = "بدأت بتعلم لغة Rust في شهر مارس، وكتبت أول برنامج في 3 أيام فقط.";
const PRESENTATION_FORMS = /[\uFB50-\uFDFF\uFE70-\uFEFF]/;

// The layer's runs grouped into lines (one block, one y), in DOM order.
function layerLines() {
  const lines = new Map();
  for (const el of document.querySelectorAll("#layer [data-i]")) {
    const key = el.closest(".block") ? [...document.querySelectorAll("#layer .block")].indexOf(el.closest(".block")) + ":" + el.dataset.y : el.dataset.y;
    if (!lines.has(key)) lines.set(key, []);
    lines.get(key).push({ t: el.textContent, x: +el.dataset.x, r: +el.dataset.r, rtl: el.dir === "rtl" });
  }
  return [...lines.values()];
}

test("the static HTML of a right-to-left site says dir=rtl, and dir=auto on its blocks", () => {
  for (const f of ["index.html", "writing/rust-arabic/index.html", "writing/haifa/index.html"]) {
    const html = fs.readFileSync(path.join(RTL, f), "utf8");
    assert.match(html, /<html lang="ar" dir="rtl">/, f);
  }
  const haifa = fs.readFileSync(path.join(RTL, "writing/haifa/index.html"), "utf8");
  // The English paragraph of the Hebrew article is set left to right by the browser, as in the book.
  assert.match(haifa, /<p dir="auto">The last day was in English/);
  assert.match(haifa, /<li dir="auto">/);
});

test("in the book's text layer an Arabic line runs right to left, aligned right, in logical order", async () => {
  const { page, context, errors } = await open(env.browser, env.base, ARTICLE);
  await ready(page);
  await page.waitForFunction((t) => [...document.querySelectorAll("#layer [data-i]")].some((e) => e.textContent.includes(t)), "وكتبت");
  await settle(page);
  const lines = await page.evaluate(layerLines);
  const all = lines.flat();
  for (const run of all) assert.doesNotMatch(run.t, PRESENTATION_FORMS, `the layer carries a drawn form: ${run.t}`);
  // The first paragraph: the runs of its first line, in DOM (logical) order, go from right to left.
  const first = lines.find((l) => l.some((r) => r.t.includes("بدأت")));
  assert.ok(first, JSON.stringify(lines.slice(0, 6)));
  assert.ok(first.length >= 3, `Arabic, the English word and Arabic again are runs of their own: ${JSON.stringify(first)}`);
  for (let i = 1; i < first.length; i++)
    assert.ok(first[i].x < first[i - 1].x, `run ${i} is not left of the one before: ${JSON.stringify(first)}`);
  assert.ok(first[0].rtl, "the first run reads right to left");
  const rust = first.find((r) => r.t.includes("Rust"));
  assert.ok(rust && !rust.rtl, "the English word reads left to right");
  // Every line of an Arabic paragraph ends at the same right edge; the English paragraph's start at the left.
  const rights = lines.filter((l) => l[0].rtl).map((l) => Math.max(...l.map((r) => r.r)));
  assert.ok(rights.length >= 4, JSON.stringify(rights));
  const edge = Math.max(...rights);
  const aligned = rights.filter((r) => Math.abs(r - edge) <= 1).length;
  assert.ok(aligned >= rights.length - 1, `lines do not end at the right edge ${edge}: ${rights}`); // a list marker's line may differ
  const lefts = Math.min(...all.map((r) => r.x));
  assert.ok(Math.min(...first.map((r) => r.x)) > lefts, "the first line is short of the left edge");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a copy of an Arabic paragraph from the book gives its logical text", async () => {
  const { page, context, errors } = await open(env.browser, env.base, ARTICLE);
  await ready(page);
  await page.waitForFunction((t) => [...document.querySelectorAll("#layer [data-i]")].some((e) => e.textContent.includes(t)), "بدأت");
  await settle(page);
  const copied = await page.evaluate(() => {
    const runs = [...document.querySelectorAll("#layer [data-i]")];
    const start = runs.find((e) => e.textContent.includes("بدأت"));
    const block = start.closest(".block");
    const inBlock = runs.filter((e) => e.closest(".block") === block);
    const range = document.createRange();
    range.setStart(inBlock[0].firstChild, 0);
    const last = inBlock[inBlock.length - 1].firstChild;
    range.setEnd(last, last.length);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    return window.folio.selectedText();
  });
  assert.equal(copied.replace(/\s+/g, " ").trim(), FIRST);
  assert.deepEqual(errors, []);
  await context.close();
});

// Hebrew's points (niqqud): the build shapes the Hebrew face's runs with HarfBuzz, right to left, and gives
// each pointed letter a glyph of its own (core/text/clusters.h, core/font_build/site_fonts.h), which the book and the
// early page draw; the text stays logical (the layer, copy, the static page).
test("a pointed Hebrew letter is one glyph of the Hebrew face, and the text stays logical", async () => {
  const assets = path.join(RTL, "assets");
  const face = fs.readdirSync(assets).find((f) => /^script-hebrew\.[0-9a-f]+\.ttf$/.test(f));
  assert.ok(face, "no Hebrew face in the site");
  const bytes = fs.readFileSync(path.join(assets, face));
  assert.ok(bytes.includes(Buffer.from("FOLc")), "the Hebrew face has no cluster table");
  const folc = bytes.toString("utf8");
  for (const cluster of ["\u05D1\u05B0\u05BC", "\u05E8\u05B5", "\u05E9\u05B4\u05C1", "\u05D4\u05B7"])
    assert.match(folc, new RegExp("[0-9A-F]{4}\t" + cluster + "\n"), `no glyph for ${JSON.stringify(cluster)}`);
  const { page, context } = await open(env.browser, env.base, "/writing/haifa/");
  await ready(page);
  await settle(page);
  const verse = await page.evaluate(() => [...document.querySelectorAll("#layer [data-i]")].map((e) => e.textContent).join(" "));
  assert.ok(verse.includes("\u05D1\u05B0\u05BC\u05E8\u05B5\u05D0\u05E9\u05B4\u05C1\u05D9\u05EA"), verse);
  await context.close();
});

test("the proof sets the same runs right to left, with their logical text", async () => {
  const html = fs.readFileSync(path.join(RTL, "writing/rust-arabic/index.html"), "utf8");
  const proof = html.slice(html.indexOf('<div id="proof"'));
  assert.match(proof, /^<div id="proof" dir="ltr"/);
  // The first page size, with every attribute's value quoted (proof.cpp leaves the quotes out where HTML allows).
  const variant = proof.slice(0, proof.indexOf('<div class="pv', proof.indexOf('<div class="pv') + 1)).replace(/( [a-z-]+)=([^ "'=<>`]+)/g, '$1="$2"');
  // Each run's place: its own --x, or its wrapper's (the <p> of its size: proof.cpp, RunGroup).
  const runs = [];
  let groupX = NaN;
  for (const m of variant.matchAll(/<p class="[^"]*" style="[^"]*--x:([\d.]+)">|<(?:b|a)(?: class="[^"]*")? style="(?:--x:([\d.]+);)?--y:([\d.]+)[^"]*"(?: data-b="[^"]*")?( dir="rtl")?[^>]*>([^<]*)</g)) {
    if (m[1] !== undefined) { groupX = +m[1]; continue; }
    runs.push({ x: m[2] !== undefined ? +m[2] : groupX, y: +m[3], rtl: !!m[4], t: m[5] });
  }
  const line = runs.filter((r) => r.y === runs.find((q) => q.t.includes("بدأت")).y);
  assert.ok(line.length >= 3, JSON.stringify(line));
  // --x is where a run's text starts: a right-to-left run's right edge, a left-to-right run's left edge, so
  // a run after an English word may start where that word starts; never right of the run before.
  for (let i = 1; i < line.length; i++) assert.ok(line[i].x <= line[i - 1].x, JSON.stringify(line));
  assert.ok(line[line.length - 1].x < line[0].x - 100, `the runs do not spread from right to left: ${JSON.stringify(line)}`);
  assert.ok(line[0].rtl && line.some((r) => r.t.includes("Rust") && !r.rtl), JSON.stringify(line));
  for (const r of runs) assert.doesNotMatch(r.t, PRESENTATION_FORMS, r.t);
});
