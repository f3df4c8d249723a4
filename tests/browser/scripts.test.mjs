// A bundle in another script (tests/fixtures/scripts: a Chinese author's weekly): its tags and slugs are
// Chinese, as the author wrote them, and its addresses work as a visitor meets them: percent-encoded in
// the address bar, in the sitemap and in the feed; typed or followed, they open the right page of the book.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { useSite, open, ready, settle, pixels } from "../support/harness.mjs";

const SCRIPTS = process.env.FOLIO_SCRIPTS_SITE;
assert.ok(SCRIPTS, "FOLIO_SCRIPTS_SITE is not set: run ./folio test, which builds tests/fixtures/scripts into build/site-scripts");
const env = useSite(SCRIPTS);
// The same site with its wasm coming at 500 B/s: the early page (the proof) stays up while a test looks at it.
const slowWasm = useSite(SCRIPTS, { trickle: (p) => (/^\/assets\/folio\.[0-9a-f]+\.wasm$/.test(p) ? 500 : 0) });
const layerText = (page) => page.evaluate(() => [...document.querySelectorAll("#layer [data-i]")].map((e) => e.textContent).join(" "));

test("tags and slugs in Chinese are written as folders of their own, case-folded", () => {
  for (const f of ["tags/周刊/index.html", "tags/旅行/index.html", "tags/rust/index.html", "writing/极光/index.html"])
    assert.ok(fs.existsSync(path.join(SCRIPTS, f)), `${f} is missing`);
  // "Rust" and "rust" are one tag: no second folder for the capital.
  assert.ok(!fs.existsSync(path.join(SCRIPTS, "tags/Rust")));
});

test("the sitemap and the feed carry the addresses percent-encoded", () => {
  const sitemap = fs.readFileSync(path.join(SCRIPTS, "sitemap.xml"), "utf8");
  const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
  assert.ok(locs.includes("https://zh.example/tags/%E5%91%A8%E5%88%8A"), locs.join("\n"));
  assert.ok(locs.includes("https://zh.example/writing/%E6%9E%81%E5%85%89"), locs.join("\n"));
  for (const l of locs) assert.match(l, /^[\x21-\x7e]+$/, `a sitemap address holds a character a URL may not: ${l}`);
  const feed = fs.readFileSync(path.join(SCRIPTS, "rss.xml"), "utf8");
  assert.ok(feed.includes("<link>https://zh.example/writing/%E6%9E%81%E5%85%89</link>"));
  assert.ok(feed.includes("<category>周刊</category>"), "the category is the tag's own text");
});

test("a tag's address, percent-encoded as a browser sends it, opens the tag's page in the book", async () => {
  const { page, context, errors } = await open(env.browser, env.base, "/tags/%E5%91%A8%E5%88%8A/");
  await ready(page);
  // The host found the file: the static text is the tag's list.
  assert.match(await page.locator("#text h1").first().textContent(), /周刊/);
  await page.waitForFunction(() => document.querySelectorAll("#layer [data-i]").length > 0);
  const shown = await layerText(page);
  assert.match(shown, /周刊/, shown);
  // Both articles carry the tag; the book's tag page lists them, not the not-found page.
  assert.match(shown, /在北方看极光/, shown);
  assert.match(shown, /Rust 笔记/, shown);
  assert.deepEqual(errors, []);
  await context.close();
});

test("following a link to an article with a Chinese slug opens it, and Back returns", async () => {
  const { page, context, errors } = await open(env.browser, env.base, "/tags/%E5%91%A8%E5%88%8A/");
  await ready(page);
  // Reached with Tab and followed with Enter, as a keyboard user does.
  await page.waitForFunction(() => [...document.querySelectorAll("#layer a")].some((e) => e.textContent === "在北方看极光"));
  await settle(page);
  let focused = "";
  for (let i = 0; i < 6 && focused !== "在北方看极光"; i++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => document.activeElement?.textContent || "");
  }
  assert.equal(focused, "在北方看极光", "Tab never reached the article's link");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => decodeURIComponent(location.pathname) === "/writing/极光");
  await page.waitForFunction(() => [...document.querySelectorAll("#layer [data-i]")].some((e) => e.textContent.includes("天空忽然亮了起来")));
  await settle(page);
  await page.goBack();
  await page.waitForFunction(() => decodeURIComponent(location.pathname).replace(/\/$/, "") === "/tags/周刊");
  await page.waitForFunction(() => [...document.querySelectorAll("#layer a")].some((e) => e.textContent.includes("Rust 笔记")));
  assert.deepEqual(errors, []);
  await context.close();
});

test("the query splits into terms exactly as the index does (tests/fixtures/terms.txt)", () => {
  const root = process.env.FOLIO_ROOT;
  assert.ok(root, "FOLIO_ROOT is not set: run ./folio test");
  const sandbox = vm.createContext({ TextEncoder });
  for (const script of ["web/fold.js", "web/search.js"]) vm.runInContext(fs.readFileSync(path.join(root, script), "utf8"), sandbox);
  let n = 0;
  for (const line of fs.readFileSync(path.join(root, "tests/fixtures/terms.txt"), "utf8").split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const [input, want] = line.split("\t");
    assert.equal(sandbox.FolioSearch.terms(input).join(" "), want, line);
    n++;
  }
  assert.ok(n >= 12);
});

test("search finds Chinese words inside sentences, and marks them", async () => {
  const { page, context, errors } = await open(env.browser, env.base, "/search/?q=" + encodeURIComponent("极光"));
  await page.waitForSelector("#searchpanel .search-list li, #searchpanel .search-count:not(:empty)", { timeout: 20000 });
  // The count in the site's language (src/core/model/words.h): "1 篇文章", not "1 article".
  await page.waitForFunction(() => /篇文章/.test(document.querySelector("#searchpanel .search-count")?.textContent || ""));
  assert.equal(await page.locator("#searchpanel .search-count").innerText(), "1 篇文章");
  const titles = await page.$$eval("#searchpanel .result-title", (as) => as.map((a) => a.textContent));
  assert.deepEqual(titles, ["在北方看极光"]);
  // Three characters inside the body's first sentence, across no space: "天空忽然" is in one article only.
  await page.fill("#searchpanel input", "天空忽然");
  // The answer to this query: its snippet is the body around the words, marked there.
  await page.waitForFunction(() => [...document.querySelectorAll("#searchpanel .result-snippet mark")].some((m) => m.textContent.includes("天空忽然")));
  assert.deepEqual(await page.$$eval("#searchpanel .result-title", (as) => as.map((a) => a.textContent)), ["在北方看极光"]);
  // Words in no article find nothing; a word of both finds both.
  await page.fill("#searchpanel input", "南方");
  await page.waitForFunction(() => /没有匹配的文章/.test(document.querySelector("#searchpanel .search-count").textContent));
  await page.fill("#searchpanel input", "周刊");
  await page.waitForFunction(() => document.querySelectorAll("#searchpanel .result-title").length === 2);
  assert.deepEqual(errors, []);
  await context.close();
});

// Thai in the Chinese article ("ท้องฟ้าสว่างไสว", a bright sky), written without spaces: indexed in pairs of
// characters, as Chinese is, so a word inside the run finds the article however a dictionary would split
// the query ("ท้องฟ้า" is one word to the browser's ICU and two to the build's libthai). Each query waits
// for its own answer: a word in no article between them, so no list is left from the one before.
test("search finds a Thai word inside a run written without spaces", async () => {
  const { page, context, errors } = await open(env.browser, env.base, "/search/?q=" + encodeURIComponent("สว่าง"));
  const titles = () => page.$$eval("#searchpanel .result-title", (as) => as.map((a) => a.textContent));
  const none = () => page.waitForFunction(() => /没有匹配的文章/.test(document.querySelector("#searchpanel .search-count")?.textContent || ""));
  const found = () => page.waitForFunction(() => document.querySelectorAll("#searchpanel .result-title").length > 0, null, { timeout: 20000 });
  await found();
  assert.deepEqual(await titles(), ["在北方看极光"]);
  for (const query of ["ท้องฟ้า", "ท้องฟ้าสว่างไสว"]) {
    await page.fill("#searchpanel input", "ภูเขา"); // a mountain: in no article
    await none();
    await page.fill("#searchpanel input", query);
    await found();
    assert.deepEqual(await titles(), ["在北方看极光"], query);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("the book's own words are Chinese on a Chinese site: the page, the layer, find (folding Greek and Vietnamese), and the static HTML", async () => {
  const { page, context, errors } = await open(env.browser, env.base, "/writing/rust-notes");
  await ready(page);
  await settle(page);
  // The book's words beside the author's: the meta line, the way back, the neighbour (src/core/model/words.h's zh).
  const text = await layerText(page);
  for (const w of ["« 文章", "第 1 篇", "2026年1月10日", "阅读约 1 分钟"]) assert.ok(text.includes(w), `"${w}" is not in the layer: ${text}`);
  for (const w of ["writing", "min read", "no. ", "Jan"]) assert.ok(!text.includes(w), `English "${w}" in the layer: ${text}`);
  // The find bar speaks it too, and counts in it.
  await page.keyboard.press("Control+f");
  await page.waitForFunction(() => document.activeElement && document.activeElement.closest("#findbar") !== null, null, { timeout: 20000 });
  assert.equal(await page.getAttribute("#findbar", "aria-label"), "在本书中查找");
  assert.equal(await page.getAttribute("#findbar input", "placeholder"), "在书中查找");
  assert.equal(await page.getAttribute("#findbar .find-next", "aria-label"), "下一个匹配 (Enter)");
  await page.keyboard.type("所有权");
  await page.waitForFunction(() => /^第 1 个，共 \d+ 个$/.test(document.querySelector("#findbar .find-status").textContent), null, { timeout: 20000 });
  await page.keyboard.type("鲸鱼");
  await page.waitForFunction(() => document.querySelector("#findbar .find-status").textContent === "无匹配", null, { timeout: 20000 });
  // It folds by the search index's rule (web/fold.js): Greek and Vietnamese without their accents, in any case.
  for (const query of ["καλημερα", "ΚΑΛΗΜΕΡΑ", "Καλημέρα", "gioi han", "GIỚI", "tieng viet"]) {
    await page.fill("#findbar input", query);
    await page.waitForFunction(() => document.querySelector("#findbar .find-status").textContent === "第 1 个，共 1 个", null, { timeout: 20000 });
  }
  // The front page's navigation is named in Chinese, in the layer as in the static page.
  await page.goto(env.base + "/");
  await ready(page);
  await settle(page);
  await page.waitForSelector('#layer [role="navigation"]', { state: "attached" });
  assert.equal(await page.getAttribute('#layer [role="navigation"]', "aria-label"), "目录");
  const html = fs.readFileSync(path.join(SCRIPTS, "index.html"), "utf8");
  assert.match(html, /<nav aria-label="目录">/);
  assert.match(html, /<footer>\n<p><a href="\/rss.xml">RSS 订阅<\/a>/);
  assert.deepEqual(errors, []);
  await context.close();
});

//---- Glyphs, not tofu: the script faces behind the book's own (src/core/fonts/script_chain.h) draw Chinese ----

// A glyph's ink as a shape: the region's ink (pixels far from its most common colour, the paper) within its
// own bounding box, resampled to a GRID x GRID grid of ink fractions. Two renderings of one glyph (the
// book's stb_truetype, the browser's rasteriser; a subpixel apart) come out alike; two different glyphs,
// and a glyph and U+FFFD's black diamond, do not.
const GRID = 12;
function inkShape({ width, height, data }) {
  const counts = new Map();
  for (let i = 0; i < data.length; i += 4) {
    const k = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(k, (counts.get(k) || 0) + 1);
  }
  const paper = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const pr = paper >> 16, pg = (paper >> 8) & 255, pb = paper & 255;
  const ink = (x, y) => {
    const i = (y * width + x) * 4;
    return Math.abs(data[i] - pr) + Math.abs(data[i + 1] - pg) + Math.abs(data[i + 2] - pb) > 150;
  };
  let x0 = width, y0 = height, x1 = -1, y1 = -1, n = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (ink(x, y)) { n++; x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
  const grid = new Array(GRID * GRID).fill(0);
  if (!n) return { ink: 0, grid };
  const w = x1 - x0 + 1, h = y1 - y0 + 1;
  const per = new Array(GRID * GRID).fill(0);
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const cell = Math.min(GRID - 1, Math.floor(((y - y0) * GRID) / h)) * GRID + Math.min(GRID - 1, Math.floor(((x - x0) * GRID) / w));
      per[cell]++;
      if (ink(x, y)) grid[cell]++;
    }
  return { ink: n, grid: grid.map((g, i) => (per[i] ? g / per[i] : 0)) };
}
const shapeDistance = (a, b) => a.grid.reduce((sum, v, i) => sum + Math.abs(v - b.grid[i]), 0) / a.grid.length;

// The shapes of each character of the first shown run (matching selector) made only of Han characters,
// which are one em each: the run's box cut into as many equal cells.
async function hanShapes(page, selector) {
  const run = await page.evaluate((selector) => {
    const el = [...document.querySelectorAll(selector)].find((e) => e.offsetParent !== null && /^[\u4e00-\u9fff]{4,}$/.test(e.textContent));
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { text: el.textContent, x: r.left, y: r.top, width: r.width, height: r.height };
  }, selector);
  assert.ok(run, `no run of Han characters shown (${selector})`);
  const n = [...run.text].length, cell = run.width / n;
  const shapes = [];
  for (let i = 0; i < n; i++)
    shapes.push(inkShape(await pixels(page, { x: run.x + i * cell + 1, y: run.y, width: cell - 2, height: run.height })));
  return { text: run.text, size: cell, shapes };
}

// U+FFFD as the book draws a character no face has: the book's own face's diamond (the subset keeps it),
// set by the browser at the run's em.
async function diamondShape(page, em) {
  await page.evaluate((em) => {
    const s = document.createElement("span");
    s.id = "diamond";
    s.textContent = "\uFFFD";
    s.style.cssText = `position:fixed;left:10px;top:10px;z-index:99;font:${em}px "folio-face-0";line-height:1.5;background:#fff;color:#000;padding:4px`;
    document.body.appendChild(s);
  }, em);
  await document_fonts_ready(page);
  const r = await page.evaluate(() => { const r = document.getElementById("diamond").getBoundingClientRect(); return { x: r.left, y: r.top, width: r.width, height: r.height }; });
  const shape = inkShape(await pixels(page, r));
  await page.evaluate(() => document.getElementById("diamond").remove());
  return shape;
}
const document_fonts_ready = (page) => page.evaluate(() => document.fonts.ready.then(() => true));

function assertGlyphs(where, run, diamond) {
  const { text, shapes } = run;
  const chars = [...text];
  console.log(`${where}: "${text}" at ${run.size.toFixed(1)} px; ink ${shapes.map((s) => s.ink).join(" ")}`);
  assert.ok(diamond.ink > 20, "the diamond has ink");
  for (let i = 0; i < shapes.length; i++) {
    assert.ok(shapes[i].ink > 20, `${where}: '${chars[i]}' has no ink`);
    const d = shapeDistance(shapes[i], diamond);
    assert.ok(d > 0.12, `${where}: '${chars[i]}' is drawn as U+FFFD's diamond (distance ${d.toFixed(3)})`);
    for (let j = 0; j < i; j++) {
      if (chars[i] === chars[j]) continue;
      const dj = shapeDistance(shapes[i], shapes[j]);
      assert.ok(dj > 0.08, `${where}: '${chars[i]}' and '${chars[j]}' have the same ink (distance ${dj.toFixed(3)})`);
    }
  }
}

test("the book draws Chinese with the CJK face: each character its own glyph, none the U+FFFD diamond", async () => {
  const { page, context, errors } = await open(env.browser, env.base, "/writing/" + encodeURIComponent("极光") + "/");
  await ready(page);
  await page.waitForFunction(() => document.documentElement.classList.contains("canvas-on"));
  await page.waitForFunction(() => [...document.querySelectorAll("#layer [data-i]")].some((e) => /^[\u4e00-\u9fff]{4,}$/.test(e.textContent)));
  await settle(page);
  // The layer's runs lie over the canvas's: its boxes are the book's, and they have real widths.
  await page.evaluate(() => { document.getElementById("layer").style.visibility = "hidden"; });
  const run = await hanShapes(page, "#layer [data-i]");
  assert.ok(run.size > 8, `a Han character's box is ${run.size} px wide`);
  assertGlyphs("book", run, await diamondShape(page, run.size));
  assert.deepEqual(errors, []);
  await context.close();
});

test("the early page draws Chinese with the same CJK face, glyph for glyph the book's", async () => {
  const { page, context, errors } = await open(slowWasm.browser, slowWasm.base, "/writing/" + encodeURIComponent("极光") + "/");
  await page.waitForFunction(() => document.documentElement.classList.contains("proof-on"));
  const family = await page.evaluate(() => {
    const run = [...document.querySelectorAll("#proof .pg b")].find((e) => e.offsetParent !== null && /[\u4e00-\u9fff]/.test(e.textContent));
    return getComputedStyle(run).fontFamily;
  });
  assert.match(family, /folio-script-\d/, `the proof's font stack has no script face: ${family}`);
  const loaded = await page.evaluate(() => [...document.fonts].filter((f) => /^folio-script-/.test(f.family) && f.status === "loaded").length);
  assert.ok(loaded >= 1, "no script face is loaded as a FontFace");
  const proof = await hanShapes(page, "#proof .pg b");
  assertGlyphs("proof", proof, await diamondShape(page, proof.size));
  assert.deepEqual(errors, []);
  await context.close();

  // The book's glyphs for the same run: each proof glyph is nearest to the book's glyph of its character.
  const b = await open(env.browser, env.base, "/writing/" + encodeURIComponent("极光") + "/");
  await ready(b.page);
  await b.page.waitForFunction(() => document.documentElement.classList.contains("canvas-on"));
  await b.page.waitForFunction((text) => [...document.querySelectorAll("#layer [data-i]")].some((e) => e.textContent === text), proof.text);
  await settle(b.page);
  await b.page.evaluate(() => { document.getElementById("layer").style.visibility = "hidden"; });
  const book = await hanShapes(b.page, "#layer [data-i]");
  assert.equal(book.text, proof.text, "the proof's first Han run is the book's");
  const chars = [...proof.text];
  proof.shapes.forEach((shape, i) => {
    const distances = book.shapes.map((other) => shapeDistance(shape, other));
    console.log(`'${chars[i]}': proof to book ${distances.map((d) => d.toFixed(3)).join(" ")}`);
    const nearest = distances.indexOf(Math.min(...distances));
    assert.equal(chars[nearest], chars[i], `the proof's '${chars[i]}' looks like the book's '${chars[nearest]}'`);
  });
  await b.context.close();
});

// Shaping (docs/fonts.md): the build gives each Devanagari and Thai cluster that is not drawn as its
// characters' glyphs one glyph (a conjunct, a vowel sign set before its consonant, a tone mark over a vowel),
// where HarfBuzz puts them (tests/ui/test_scripts.cpp holds the widths to HarfBuzz's). The text layer sets the
// same words in the browser, which shapes them with the same face (its layout tables kept): each run is as
// wide as the book's box for it (within the pixel the box's ends are snapped to), so a selection lies on the
// letters it selects. Unshaped, the first line alone is several pixels off.
test("Hindi and Thai: the book sets each word as wide as the browser shapes it", async () => {
  const runs = [];
  for (const slug of ["उत्तरी-रोशनी", "极光"]) { // the Chinese article has a line of Thai
    const { page, context, errors } = await open(env.browser, env.base, "/writing/" + encodeURIComponent(slug) + "/");
    await ready(page);
    await settle(page);
    await page.waitForFunction(() => document.querySelectorAll("#layer [data-i]").length > 0);
    runs.push(...await page.evaluate(() => [...document.querySelectorAll("#layer [data-i]")]
      .filter((e) => /[\u0900-\u097F\u0E00-\u0E7F]/.test(e.textContent))
      .map((e) => {
        const fit = parseFloat(/scaleX\(([^)]+)\)/.exec(e.style.transform)?.[1] ?? "NaN");
        const book = e.getBoundingClientRect().width; // the run stretched to the book's box
        // The same characters set one by one, where no shaping can join them.
        const cs = getComputedStyle(e), ctx = document.createElement("canvas").getContext("2d");
        ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const alone = [...e.textContent].reduce((w, c) => w + ctx.measureText(c).width, 0);
        return { text: e.textContent, book, browser: book / fit, alone };
      })));
    assert.deepEqual(errors, []);
    await context.close();
  }
  assert.ok(runs.length >= 10, JSON.stringify(runs));
  const worst = runs.reduce((a, b) => (Math.abs(b.book - b.browser) > Math.abs(a.book - a.browser) ? b : a));
  console.log(`${runs.length} runs in Devanagari or Thai; the farthest ${(worst.book - worst.browser).toFixed(2)} px (${worst.text})`);
  assert.ok(Math.abs(worst.book - worst.browser) <= 1, JSON.stringify(worst));
  // And shaping is at work: set character by character, the first line is several pixels off.
  assert.ok(Math.abs(runs[2].alone - runs[2].browser) > 3, JSON.stringify(runs[2]));
  for (const word of ["विद्यार्थी", "श्रद्धा", "क्षितिज", "ท้องฟ้า"])
    assert.ok(runs.some((r) => r.text.includes(word)), `${word} is in the layer`);
});

// Emoji in colour (docs/fonts.md): the sticker's 🌌 is Noto Color Emoji's glyph, in the book (through its own
// font loader) and in the early page (the browser, from the same face), never the black diamond. The line
// around it is ink on paper: the colour is the emoji's.
test("an emoji is drawn in colour, in the book and in the early page alike", async () => {
  // A window tall enough for the sticker's line to be in the first view, which the early page holds.
  const { page, context, errors } = await open(env.browser, env.base, "/writing/" + encodeURIComponent("极光") + "/", { viewport: { width: 1280, height: 1200 } });
  await ready(page);
  await settle(page);
  const clip = await page.evaluate(() => {
    const run = [...document.querySelectorAll("#layer [data-i]")].find((e) => e.textContent.includes("🌌"));
    const r = run.getBoundingClientRect();
    return { x: Math.floor(r.x), y: Math.floor(r.y), width: Math.ceil(r.width), height: Math.ceil(r.height) };
  });
  const coloured = (img) => {
    let n = 0;
    for (let i = 0; i < img.data.length; i += 4) {
      const [r, g, b] = [img.data[i], img.data[i + 1], img.data[i + 2]];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 60) n++;
    }
    return n;
  };
  const book = coloured(await pixels(page, clip));
  await page.evaluate(() => {
    document.getElementById("book").style.visibility = "hidden";
    document.getElementById("layer").style.visibility = "hidden";
    document.getElementById("proof").style.visibility = "visible";
  });
  const proof = coloured(await pixels(page, clip));
  console.log(`coloured pixels on the emoji's line: book ${book}, early page ${proof}`);
  assert.ok(book > 40, `the book: ${book} coloured pixels`);
  assert.ok(proof > 40, `the early page: ${proof} coloured pixels`);
  assert.ok(Math.abs(book - proof) < Math.max(book, proof) * 0.5, `${book} against ${proof}`);
  assert.deepEqual(errors, []);
  await context.close();
});

// Every face a built site ships is one the browser takes: its font sanitizer refuses a face outright for a
// malformed table (an empty one did: the early page and the text layer then waited for it for ever).
test("every face every test site ships loads in the browser", async () => {
  const sites = ["FOLIO_SITE", "FOLIO_RICH_SITE", "FOLIO_BLOG_SITE", "FOLIO_SCRIPTS_SITE", "FOLIO_RTL_SITE", "FOLIO_JA_SITE"]
    .map((k) => process.env[k]).filter(Boolean);
  assert.equal(sites.length, 6, "./folio test sets every site's folder");
  // (The stand-ins, *.metrics.*.ttf, only measure in the wasm: the page never gives them to the browser.)
  const files = sites.flatMap((s) => fs.readdirSync(path.join(s, "assets")).filter((f) => f.endsWith(".ttf") && !f.includes(".metrics."))
    .map((f) => path.join(s, "assets", f)));
  assert.ok(files.some((f) => /script-emoji\./.test(f)) && files.some((f) => /script-devanagari\./.test(f)), files.join(" "));
  const { page, context } = await open(env.browser, env.base, "/");
  const refused = [];
  for (const file of files) {
    const ok = await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      try { await new FontFace("probe", bytes).load(); return true; } catch { return false; }
    }, fs.readFileSync(file).toString("base64"));
    if (!ok) refused.push(path.relative(path.dirname(path.dirname(file)), file));
  }
  console.log(`${files.length} faces loaded`);
  assert.deepEqual(refused, []);
  await context.close();
});
