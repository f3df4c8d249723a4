// The book for every reader (issue 30): what assistive technology gets while the book runs, read where a
// screen reader reads it, the browser's accessibility tree (CDP Accessibility.getFullAXTree). The static
// HTML of each route (its #text, the page without the book) says what the words are.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { useSite, serve, open, ready, settle } from "./harness.mjs";

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
  const text = [], headings = [], roles = [];
  const walk = (n) => {
    if (!n) return;
    const role = n.role?.value;
    if (!n.ignored) {
      if (role === "StaticText") text.push(n.name?.value ?? "");
      if (role === "heading") headings.push(n.name?.value ?? "");
      roles.push({ role, name: n.name?.value ?? "" });
    }
    for (const c of n.childIds || []) walk(byId.get(c));
  };
  walk(nodes.find((n) => !n.parentId));
  return { text: text.join(" "), headings, roles };
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

// (Its shorter posts are below 99%: the site's header, the footer and the article's own furniture, worded
// differently by the book ("older" for "previous:"), are most of a short post's words. docs/layout.md.)
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
