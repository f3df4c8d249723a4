// The book for every reader (issue 30): what assistive technology gets while the book runs, read where a
// screen reader reads it, the browser's accessibility tree (CDP Accessibility.getFullAXTree). The static
// HTML of each route (its #text, the page without the book) says what the words are.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { useSite, serve, open, ready, settle, pixels } from "../support/harness.mjs";

const env = useSite();
const BLOG = process.env.FOLIO_BLOG_SITE;
assert.ok(BLOG, "FOLIO_BLOG_SITE is not set: run ./folio test, which builds tests/fixtures/blog into build/site-blog");
let blogServer = null;
after(() => blogServer?.close());

// Letters and digits only, lower case: runs of the layer and the static HTML's inline elements space
// words differently ("*this*," is two runs), the words themselves are the same.
const squeeze = (s) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
const wordsOf = (s) => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

// The static page's text blocks (what its own accessibility tree reads: a closed <details> keeps its
// entries out), leaf blocks only, in order. `chrome` is the site's header, the same on every page.
async function staticBlocks(browser, base, route) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(base + route);
  const blocks = await page.evaluate(() => {
    const BLOCK = "p, li, h1, h2, h3, h4, h5, h6, td, th, dt, dd, figcaption, pre, summary, caption";
    const out = [];
    for (const el of document.querySelectorAll("#text :is(" + BLOCK + ")")) {
      if (el.querySelector(BLOCK) || !el.checkVisibility()) continue;
      out.push({ text: el.innerText, chrome: !!el.closest("#text > header") });
    }
    const links = [...document.querySelectorAll("#text > header nav a[href]")].map((a) => new URL(a.href).pathname);
    return { blocks: out, links };
  });
  await context.close();
  return blocks;
}

// The accessibility tree's text in tree order (what a screen reader's browse mode walks), and its headings.
async function axTree(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const text = [], headings = [], roles = [], outline = [];
  const walk = (n) => {
    if (!n) return;
    const role = n.role?.value;
    if (!n.ignored) {
      if (role === "StaticText") text.push(n.name?.value ?? "");
      if (role === "heading") {
        const level = (n.properties || []).find((p) => p.name === "level")?.value?.value;
        headings.push(n.name?.value ?? "");
        outline.push({ level, name: n.name?.value ?? "" });
      }
      roles.push({ role, name: n.name?.value ?? "" });
    }
    for (const c of n.childIds || []) walk(byId.get(c));
  };
  walk(nodes.find((n) => !n.parentId));
  return { text: text.join(" "), headings, roles, outline };
}

// Until every page of the route is in the layer (the pages off screen are filled while idle).
async function whole(page) {
  await page.waitForFunction(() => document.querySelectorAll("#layer .page").length > 0 && !document.querySelector("#layer .page.later"), null, { timeout: 60000 });
}

const count = (hay, needle) => {
  let n = 0;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) n++;
  return n;
};

// What share of the route's words the tree holds (by block: a block is there when its words are, in
// order), and the blocks the tree holds more often than the static pages of the book's routes do (the
// same title may be in a chapter and on the front page's timeline: both are in the book, once each).
function coverage(tree, route, staticText) {
  const flat = squeeze(tree.text);
  let words = 0, found = 0;
  const missing = [], twice = [];
  for (const b of route.blocks) {
    const w = wordsOf(b.text), key = squeeze(b.text);
    if (!key) continue;
    words += w;
    const n = count(flat, key);
    if (n > 0) found += w;
    else missing.push(b.text);
    if (key.length >= 24 && n > count(staticText, key)) twice.push(b.text);
  }
  return { share: found / words, words, missing, twice };
}

// The text of the static pages of the book's routes, squeezed (the site's header, on every page, once).
async function staticText(browser, base, routes) {
  let out = "", chromeSeen = false;
  for (const r of routes) {
    const { blocks } = await staticBlocks(browser, base, r);
    for (const b of blocks) if (!b.chrome || !chromeSeen) out += squeeze(b.text);
    chromeSeen ||= blocks.some((b) => b.chrome);
  }
  return out;
}

// A site's articles, the most words in their static text (#text) first.
function longestArticles(root) {
  const out = [];
  for (const slug of fs.readdirSync(path.join(root, "writing"))) {
    const file = path.join(root, "writing", slug, "index.html");
    if (!fs.existsSync(file)) continue;
    const main = fs.readFileSync(file, "utf8").match(/<main id="text"[^>]*>([\s\S]*)<\/main>/);
    if (main) out.push({ route: "/writing/" + slug, words: wordsOf(main[1].replace(/<[^>]+>/g, " ")) });
  }
  return out.sort((a, b) => b.words - a.words).map((a) => a.route);
}

async function checkRoute(browser, base, route, bookRoutes) {
  const ownText = await staticBlocks(browser, base, route);
  const all = await staticText(browser, base, bookRoutes);
  const { page, errors, context } = await open(browser, base, route);
  await ready(page);
  await settle(page);
  await whole(page);
  const report = [];
  for (const where of ["top", "half-way"]) {
    if (where === "half-way") {
      // As a reader scrolls: the wheel, until the layer (the book's height) is half-way.
      const target = await page.evaluate(() => {
        const l = document.getElementById("layer");
        return (l.scrollHeight - l.clientHeight) / 2;
      });
      await page.mouse.move(640, 400);
      for (let i = 0; i < 200; i++) {
        const now = await page.evaluate(() => window.folio.scroll());
        if (now >= target - 200) break;
        await page.mouse.wheel(0, Math.min(600, target - now));
        await page.waitForTimeout(50);
      }
      await settle(page);
      await whole(page);
      const now = await page.evaluate(() => window.folio.scroll());
      assert.ok(now > 0, `${route}: scrolled half-way (${now} of ${target * 2})`);
    }
    const c = coverage(await axTree(page), ownText, all);
    report.push(`${route} ${where}: ${(c.share * 100).toFixed(2)}% of ${c.words} words`);
    assert.ok(c.share >= 0.99, `${route} ${where}: ${(c.share * 100).toFixed(2)}% of the words; missing: ${JSON.stringify(c.missing.slice(0, 30))}`);
    assert.deepEqual(c.twice, [], `${route} ${where}: text the tree holds twice`);
  }
  assert.deepEqual(errors, []);
  await context.close();
  console.log(report.join("\n"));
}

test("the seed's front page and writing chapter: every word in the tree once, at the top and half-way", async () => {
  const front = await staticBlocks(env.browser, env.base, "/");
  const chapters = ["/", ...front.links.filter((l) => l !== "/")];
  await checkRoute(env.browser, env.base, "/", chapters);
  await checkRoute(env.browser, env.base, "/writing", chapters);
});

// While the book loads (its wasm held back here), #text is what assistive technology reads: out of sight,
// but every word of the route in the tree. Skipping its layout (content-visibility) would speed the proof's
// paint, and took it out of Chromium's tree (docs/first-view.md).
test("while the book loads, the static text is in the tree, every word", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.route(/\.wasm(\?|$)/, () => {}); // never answered: the book stays loading
  await page.goto(env.base + "/writing", { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.classList.contains("canvas-loading"));
  const own = await staticBlocks(env.browser, env.base, "/writing");
  const c = coverage(await axTree(page), own, "");
  assert.ok(c.words > 50, `the route's static text has words (${c.words})`);
  assert.ok(c.share >= 0.99, `${(c.share * 100).toFixed(2)}% of the words; missing: ${JSON.stringify(c.missing.slice(0, 10))}`);
  await context.close();
});

test("the fixture blog's longest post: every word in the tree once, at the top and half-way", async () => {
  blogServer = await serve(BLOG);
  const base = `http://127.0.0.1:${blogServer.address().port}`;
  const post = longestArticles(BLOG)[0];
  await checkRoute(env.browser, base, post, [post]);
});

test("a node on a page off screen, scrolled into view by the browser (a screen reader's cursor), scrolls the book there", async () => {
  const { page, errors, context } = await open(env.browser, env.base, "/");
  await ready(page);
  await settle(page);
  await whole(page);
  const before = await page.evaluate(() => window.folio.scroll());
  // A run far down the book, in a page the screen does not show: its text is in the layer all the same.
  const text = await page.evaluate(() => {
    const runs = [...document.querySelectorAll("#layer [data-i]")].filter((e) => e.getBoundingClientRect().top > 3 * innerHeight && e.textContent.length > 12);
    return runs[Math.floor(runs.length / 2)].textContent;
  });
  // What the browser does for an assistive technology that moves its cursor there (IA2 scrollTo, AXScrollToVisible).
  const cdp = await context.newCDPSession(page);
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: "#layer [data-i]" });
  let target = null;
  for (const id of nodeIds) {
    const { node } = await cdp.send("DOM.describeNode", { nodeId: id, depth: 1 });
    if (node.children?.[0]?.nodeValue === text) { target = id; break; }
  }
  assert.ok(target, `the run "${text}" is in the layer`);
  await cdp.send("DOM.scrollIntoViewIfNeeded", { nodeId: target });
  await settle(page);
  const after = await page.evaluate(() => window.folio.scroll());
  assert.ok(after > before + 500, `the book scrolled on: ${before} -> ${after}`);
  // The run is on screen now, and where the canvas drew it.
  const placed = await page.evaluate((t) => {
    const el = [...document.querySelectorAll("#layer [data-i]")].find((e) => e.textContent === t);
    const r = el.getBoundingClientRect(), d = window.folio.box(t);
    return { top: r.top, bottom: r.bottom, drawn: d && d.y };
  }, text);
  assert.ok(placed.top >= 0 && placed.bottom <= 800, JSON.stringify(placed));
  assert.ok(placed.drawn !== null && Math.abs(placed.drawn - placed.top) < 30, `layer and canvas agree: ${JSON.stringify(placed)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("running heads and folios stay out of the tree; links, buttons and headings are in it", async () => {
  const { page, errors, context } = await open(env.browser, env.base, "/");
  await ready(page);
  await settle(page);
  await whole(page);
  const tree = await axTree(page);
  assert.equal(tree.roles.filter((r) => /, continued$/.test(r.name)).length, 0, "no running head");
  assert.ok(tree.roles.some((r) => r.role === "link" && r.name === "contents"));
  assert.ok(tree.roles.some((r) => r.role === "button" && /^the rest \(\d+\)$/.test(r.name)));
  assert.ok(tree.headings.includes("2026"));
  assert.deepEqual(errors, []);
  await context.close();
});

//---- The outline: the static page's headings, level by level, are the layer's

// The static page's headings (#text, what a closed <details> shows), as a screen reader's heading list has them.
async function staticOutline(browser, base, route) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(base + route);
  const out = await page.evaluate(() => [...document.querySelectorAll("#text :is(h1, h2, h3, h4, h5, h6)")]
    .filter((h) => h.checkVisibility() && !h.closest("#text > header"))
    .map((h) => ({ level: Number(h.tagName[1]), name: h.innerText })));
  await context.close();
  return out;
}

for (const [site, route] of [["seed", "/"], ["seed", "/books/"], ["seed", "/work/"], ["blog", "longest"]]) {
  test(`the heading outline of ${site} ${route} is the static page's: the same headings at the same levels`, async () => {
    let base = env.base, r = route;
    if (site === "blog") {
      blogServer ??= await serve(BLOG);
      base = `http://127.0.0.1:${blogServer.address().port}`;
      r = longestArticles(BLOG).find((a) => /<h[2-6]/.test(fs.readFileSync(path.join(BLOG, a, "index.html"), "utf8")));
      assert.ok(r, "the fixture blog has an article with sections");
    }
    const want = await staticOutline(env.browser, base, r);
    assert.ok(want.length >= 2, `${r}: the static page has an outline (${JSON.stringify(want)})`);
    const { page, errors, context } = await open(env.browser, base, r);
    await ready(page);
    await settle(page);
    await whole(page);
    const got = (await axTree(page)).outline;
    // The layer holds the whole book around the route: the route's headings are one run of the tree's,
    // each at its level (a book heading may say more on its line: a date, a project's years).
    const same = (g, w) => g.level === w.level && squeeze(g.name).startsWith(squeeze(w.name));
    const at = got.findIndex((g, i) => want.every((w, k) => got[i + k] && same(got[i + k], w)));
    assert.ok(at >= 0, `${r}: the tree's headings ${JSON.stringify(got.slice(0, 40))} hold the static outline ${JSON.stringify(want)}`);
    assert.ok(got.some((g) => g.level === 1) && got.some((g) => g.level > 1), "more than one level");
    assert.deepEqual(errors, []);
    await context.close();
  });
}

//---- Colours the reader chose: forced colours and more contrast

// The colour of one CSS colour value as the page computes it ("Canvas", "var(--paper)"): [r, g, b].
const cssColour = (page, value) => page.evaluate((v) => {
  const probe = document.createElement("i");
  probe.style.cssText = "position:absolute;forced-color-adjust:none";
  probe.style.color = v;
  document.body.appendChild(probe);
  const c = getComputedStyle(probe).color.match(/[\d.]+/g).slice(0, 3).map(Number);
  probe.remove();
  return c;
}, value);

// The canvas's paper: a pixel just inside the first page's corner (its margin), and the desk's.
async function paperAndDesk(page) {
  const r = await page.evaluate(() => {
    const b = document.querySelector("#layer .page").getBoundingClientRect();
    return { x: Math.round(b.left + 6), y: Math.max(0, Math.round(b.top)) + 6, desk: Math.round(b.left / 2) };
  });
  const { data } = await pixels(page, { x: 0, y: r.y, width: r.x + 1, height: 1 });
  const at = (x) => [...data.subarray(x * 4, x * 4 + 3)];
  return { paper: at(r.x), desk: at(r.desk) };
}

const near = (a, b, tol = 3) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

for (const scheme of ["dark", "light"]) {
  test(`forced colours (${scheme}): the book is drawn in the system's colours, the layer stays unseen, and it follows a change`, async () => {
    const { page, errors, context } = await open(env.browser, env.base, "/", { colorScheme: scheme, forcedColors: "active" });
    await ready(page);
    await settle(page);
    const canvas = await cssColour(page, "Canvas"), text = await cssColour(page, "CanvasText");
    const { paper, desk } = await paperAndDesk(page);
    assert.ok(near(paper, canvas), `paper ${paper} is the system's Canvas ${canvas}`);
    assert.ok(near(desk, canvas), `desk ${desk} is the system's Canvas ${canvas}`);
    // The year heading's ink: only Canvas, CanvasText and their blends (antialiasing), and some CanvasText.
    const box = await page.evaluate(() => window.folio.box("2026"));
    const { data } = await pixels(page, { x: Math.floor(box.x), y: Math.floor(box.y), width: Math.ceil(box.width), height: Math.ceil(box.height) });
    let strays = 0, inked = 0;
    for (let i = 0; i < data.length; i += 4) {
      const p = [data[i], data[i + 1], data[i + 2]];
      const t = Math.max(0, Math.min(1, ((p[0] - canvas[0]) + (p[1] - canvas[1]) + (p[2] - canvas[2])) / ((text[0] - canvas[0]) + (text[1] - canvas[1]) + (text[2] - canvas[2]))));
      const blend = canvas.map((c, k) => c + (text[k] - c) * t);
      if (!near(p, blend, 24)) strays++;
      if (near(p, text, 24)) inked++;
    }
    assert.ok(inked > 10, `the heading is inked in CanvasText (${inked} pixels)`);
    assert.ok(strays <= data.length / 4 / 100, `${strays} of ${data.length / 4} pixels are neither Canvas, CanvasText nor a blend`);
    // The layer's text is not painted over the canvas by the browser (forced-color-adjust: none).
    const layerInk = await page.evaluate(() => getComputedStyle(document.querySelector("#layer [data-i]")).color);
    assert.equal(layerInk, "rgba(0, 0, 0, 0)");
    // The reader turns forced colours off: the book redraws in its own palette, the one the CSS has.
    await page.emulateMedia({ forcedColors: "none" });
    const own = await cssColour(page, "var(--pf-paper)");
    assert.ok(!near(own, canvas), "the book's own paper differs from the system's");
    let now = null;
    for (let i = 0; i < 50 && !(now && near(now, own)); i++) {
      await page.waitForTimeout(100);
      now = (await paperAndDesk(page)).paper;
    }
    assert.ok(near(now, own), `after the change, paper ${now} is the book's ${own}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("more contrast: the book, the early page and the static page take the same higher-contrast palette", async () => {
  for (const scheme of ["light", "dark"]) {
    const usual = await open(env.browser, env.base, "/", { colorScheme: scheme });
    await ready(usual.page);
    const usualPaper = await cssColour(usual.page, "var(--paper)");
    await usual.context.close();
    const { page, errors, context } = await open(env.browser, env.base, "/", { colorScheme: scheme, contrast: "more" });
    await ready(page);
    await settle(page);
    const want = await cssColour(page, "var(--pf-paper)");
    assert.deepEqual(await cssColour(page, "var(--paper)"), want, "the static page's paper is the book's");
    assert.notDeepEqual(want, usualPaper, `${scheme}: more contrast is another palette`);
    const { paper } = await paperAndDesk(page);
    assert.ok(near(paper, want), `${scheme}: the canvas's paper ${paper} is the contrast palette's ${want}`);
    // Its ink against its paper: at least 7:1 (AAA), measured on the colours the page computes.
    const ink = await cssColour(page, "var(--ink)"), muted = await cssColour(page, "var(--muted)");
    const lum = (c) => { const l = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    assert.ok(ratio(ink, want) >= 7 && ratio(muted, want) >= 7, `${scheme}: ink ${ratio(ink, want).toFixed(2)}:1, muted ${ratio(muted, want).toFixed(2)}:1`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("landmarks: the book is the main content, its contents the navigation, an article's pages the article", async () => {
  for (const [route, want] of [["/", ["main", "navigation"]], ["/writing/a-file-is-just-bytes", ["main", "article"]]]) {
    const { page, errors, context } = await open(env.browser, env.base, route);
    await ready(page);
    await settle(page);
    await whole(page);
    const tree = await axTree(page);
    const roles = tree.roles.map((r) => r.role);
    for (const role of want) assert.equal(roles.filter((r) => r === role).length, 1, `${route}: one ${role} landmark (${JSON.stringify([...new Set(roles)])})`);
    if (want.includes("navigation")) assert.ok(tree.roles.some((r) => r.role === "navigation" && r.name === "contents"));
    // The landmark holds its text: the article's title is inside the article.
    const inside = await page.evaluate((role) => {
      const el = document.querySelector(`#layer [role="${role}"]`);
      return el ? el.innerText.trim().slice(0, 40) : "";
    }, want[1]);
    assert.ok(inside.length > 0, `${route}: the ${want[1]} holds text`);
    // A page filled while idle keeps its landmark when the layer is rebuilt (a scroll brings other pages
    // on screen): the same pages stay inside it. The front page's book is the one of many pages (an
    // article is one long page at this size).
    if (route === "/") {
      const held = () => page.evaluate(() => document.querySelectorAll('#layer [role="navigation"] .page').length);
      const before = await held(), builds = await page.evaluate(() => window.folio.layerBuilds);
      await page.mouse.move(640, 400);
      for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 400);
      await page.waitForFunction((n) => window.folio.layerBuilds > n, builds, { timeout: 20000 });
      await settle(page);
      await whole(page);
      assert.ok(before > 0 && (await held()) === before, `${before} pages in the contents, then ${await held()}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("zoom to 200% and 400%: the text grows and nothing needs a sideways scroll (WCAG 1.4.4, 1.4.10)", async () => {
  // Zoom as the browser does it: device pixels per CSS px up, the window's width in CSS px down.
  const at = {};
  for (const zoom of [1, 2, 4]) {
    const { page, errors, context } = await open(env.browser, env.base, "/writing/a-file-is-just-bytes", { viewport: { width: 1280 / zoom, height: 800 / zoom }, deviceScaleFactor: zoom });
    await ready(page);
    await settle(page);
    await whole(page);
    at[zoom] = await page.evaluate(() => {
      const runs = [...document.querySelectorAll("#layer [data-i]")].filter((e) => !e.closest(".code"));
      return {
        body: window.folio.metrics().bodyPx * devicePixelRatio, // device px: what the eye gets
        sideways: document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth,
        past: runs.filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5).map((e) => e.textContent).slice(0, 5),
        pages: [...document.querySelectorAll("#layer .page")].every((p) => { const r = p.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth; }),
      };
    });
    assert.equal(at[zoom].sideways, 0, `${zoom * 100}%: no sideways scroll`);
    assert.deepEqual(at[zoom].past, [], `${zoom * 100}%: every line of text inside the window`);
    assert.ok(at[zoom].pages, `${zoom * 100}%: the pages fit the window`);
    assert.deepEqual(errors, []);
    await context.close();
  }
  assert.ok(at[2].body >= 1.5 * at[1].body, `200%: body text ${at[2].body} device px against ${at[1].body}`);
  assert.ok(at[4].body >= 3 * at[1].body, `400%: body text ${at[4].body} device px against ${at[1].body}`);
});

// Tables and languages as the static page has them: the rich fixture's article has a table with a head row,
// a phrase in French and a paragraph in German (lang="fr", lang="de" in its Markdown's raw HTML).
test("tables are tables, cell by cell, and words in another language say which, as on the static page", async () => {
  const rich = process.env.FOLIO_RICH_SITE;
  assert.ok(rich, "FOLIO_RICH_SITE is not set: run ./folio test, which builds tests/fixtures/rich into build/site-rich");
  const server = await serve(rich);
  const base = `http://127.0.0.1:${server.address().port}`, route = "/writing/everything-markdown";
  try {
    const words = (pairs) => {
      const out = {};
      for (const [lang, text] of pairs) out[lang] = ((out[lang] || "") + " " + text).trim().split(/\s+/).join(" ");
      return out;
    };
    const quiet = await env.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const sp = await quiet.newPage();
    await sp.goto(base + route);
    const want = await sp.evaluate(() => ({
      tables: [...document.querySelectorAll("#text table")].map((t) => [...t.rows].map((r) => [...r.cells].map((c) =>
        (c.tagName === "TH" ? "columnheader" : "cell") + ":" + c.textContent.trim()))),
      langs: [...document.querySelectorAll("#text [lang]")].map((e) => [e.lang, e.textContent]),
    }));
    await quiet.close();
    assert.equal(want.tables.length, 1, "the fixture's one table");
    assert.deepEqual(want.langs.map((l) => l[0]).sort(), ["de", "fr"]);

    const { page, errors, context } = await open(env.browser, base, route);
    await ready(page);
    await settle(page);
    await whole(page);
    const got = await page.evaluate(() => ({
      tables: [...document.querySelectorAll("#layer [role=table]")].map((t) => [...t.querySelectorAll("[role=row]")].map((r) =>
        [...r.children].map((c) => c.getAttribute("role") + ":" + c.textContent.trim()))),
      langs: [...document.querySelectorAll("#layer [lang]")].map((e) => [e.lang, e.textContent]),
    }));
    assert.deepEqual(got.tables, want.tables);
    assert.deepEqual(words(got.langs), words(want.langs));
    // What a screen reader is given: a table of three rows, its head row's cells column headers.
    const tree = await axTree(page);
    const roles = (role) => tree.roles.filter((r) => r.role === role).map((r) => r.name);
    assert.equal(roles("table").length, 1);
    assert.equal(roles("row").length, 3);
    assert.deepEqual(roles("columnheader"), ["token", "example", "count"]);
    assert.equal(roles("cell").length, 6);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    server.close();
  }
});

// Issue 30's banner: the static page's header and footer, around the book in the tree, out of sight
// until the keyboard reaches them (a skip link's way), and their links open the book's routes in place.
test("the site's header and footer are the banner and contentinfo: a short post's every word in the tree, Tab shows them", async () => {
  const server = await serve(BLOG);
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    const post = longestArticles(BLOG).at(-1); // the shortest: the header and footer are most of its words
    const own = await staticBlocks(env.browser, base, post);
    const { page, errors, context } = await open(env.browser, base, post);
    await ready(page);
    await settle(page);
    await whole(page);
    const tree = await axTree(page);
    const c = coverage(tree, own, "");
    console.log(`${post} top: ${(c.share * 100).toFixed(2)}% of ${c.words} words`);
    assert.ok(c.share >= 0.99, `${post}: ${(c.share * 100).toFixed(2)}% of ${c.words} words; missing: ${JSON.stringify(c.missing)}`);
    const roles = tree.roles.map((r) => r.role);
    for (const role of ["banner", "contentinfo", "main", "article", "navigation"])
      assert.equal(roles.filter((r) => r === role).length, 1, `${post}: one ${role} landmark (${JSON.stringify([...new Set(roles)])})`);
    // In reading order: the banner, then the book, then the footer.
    assert.ok(roles.indexOf("banner") < roles.indexOf("main") && roles.indexOf("main") < roles.indexOf("contentinfo"));
    // Out of sight until focused. Tab enters the book at its first link on screen (the way back to the
    // writing); Shift+Tab from there leaves the book backwards, into the header, which then shows at the top.
    const box = () => page.evaluate(() => {
      const r = document.querySelector(".layer-banner").getBoundingClientRect();
      return { top: r.top, height: r.height, width: r.width };
    });
    const focused = () => page.evaluate(() => ({ inBanner: !!document.activeElement.closest(".layer-banner"), href: document.activeElement.getAttribute("href") }));
    assert.ok((await box()).height <= 1, "the banner takes no room until focused");
    await page.keyboard.press("Tab");
    assert.deepEqual(await focused(), { inBanner: false, href: "/writing" });
    await page.keyboard.press("Shift+Tab");
    assert.deepEqual(await focused(), { inBanner: true, href: "/writing" }); // the header's last link: its chapter list
    await page.keyboard.press("Shift+Tab");
    assert.deepEqual(await focused(), { inBanner: true, href: "/" }); // the site's name
    const shown = await box();
    assert.ok(shown.top === 0 && shown.height >= 30 && shown.width >= 1000, JSON.stringify(shown));
    if (process.env.FOLIO_SHOTS) await page.screenshot({ path: path.join(process.env.FOLIO_SHOTS, "banner-focused.png") });
    // Its chapter link opens the chapter in the book: same page (no reload), the address follows.
    await page.evaluate(() => { window.__samePage = true; });
    const writing = page.locator('.layer-banner nav a[href="/writing"]');
    await writing.focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => location.pathname === "/writing", null, { timeout: 20000 });
    await settle(page);
    assert.equal(await page.evaluate(() => window.__samePage === true && document.documentElement.classList.contains("canvas-on")), true);
    assert.ok((await box()).height <= 1, "the banner steps back once its link is followed");
    // The header now says where the reader is, as the static page of /writing does.
    await page.waitForFunction(() => document.querySelector('.layer-banner a[aria-current="page"]')?.getAttribute("href") === "/writing", null, { timeout: 20000 });
    // The main book holds the header itself (its front page, its contents): the banner steps aside, and
    // the contents are the one navigation, once the layer holds the new route's pages.
    await page.waitForSelector('#layer [role="navigation"]', { state: "attached", timeout: 20000 });
    await whole(page);
    const tree2 = await axTree(page);
    assert.equal(tree2.roles.filter((r) => r.role === "navigation").length, 1);
    assert.equal(tree2.roles.filter((r) => r.role === "banner").length, 0);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    server.close();
  }
});
