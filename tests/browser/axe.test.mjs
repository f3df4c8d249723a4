// axe-core (npm) on every route of the seed and of the fixture blog, light and dark: the book as it runs
// (its text layer is what assistive technology reads) and the static page a visitor gets when the book
// cannot run (its wasm fails to download). No violation of any impact.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { useSite, serve, ready, settle } from "../support/harness.mjs";

const env = useSite();
const BLOG = process.env.FOLIO_BLOG_SITE;
assert.ok(BLOG, "FOLIO_BLOG_SITE is not set: run ./folio test, which builds tests/fixtures/blog into build/site-blog");
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
let blogServer = null;
after(() => blogServer?.close());

// Every route a site has: each folder's index.html, less the old addresses' redirect pages.
function routesOf(root) {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && e.name !== "assets") walk(p);
      else if (e.name === "index.html" && !/http-equiv="refresh"/i.test(fs.readFileSync(p, "utf8")))
        out.push("/" + path.relative(root, dir).split(path.sep).join("/") + (dir === root ? "" : "/"));
    }
  };
  walk(root);
  return out.map((r) => r.replace(/^\/\/$/, "/")).sort();
}

async function violations(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes[0].html.slice(0, 100)}`);
  });
}

async function checkSite(root, base) {
  const routes = routesOf(root);
  assert.ok(routes.length >= 5, `${root}: routes found (${routes.length})`);
  const found = [];
  let checked = 0;
  for (const colorScheme of ["light", "dark"]) {
    // The book: opened once, then route by route as a reader follows links (the book's own navigation).
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme, bypassCSP: true });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(base + "/");
    await ready(page);
    for (const route of routes) {
      await page.evaluate((r) => { if (location.pathname !== r) window.folio.go(r); }, route);
      // Until the layer holds the route (its static text follows it into #text: folio.textPath).
      await page.waitForFunction((r) => (window.folio.textPath || "").replace(/\/$/, "") === r.replace(/\/$/, ""), route, { timeout: 30000 });
      await settle(page);
      for (const v of await violations(page)) found.push(`book ${colorScheme} ${route}: ${v}`);
      checked++;
    }
    assert.deepEqual(errors, []);
    await context.close();
    // The static page: the book's code does not come, the text stays the page.
    const plain = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme, bypassCSP: true });
    await plain.route(/\.wasm$/, (r) => r.abort());
    const sp = await plain.newPage();
    for (const route of routes) {
      await sp.goto(base + route);
      await sp.waitForFunction(() => document.getElementById("text")?.checkVisibility(), null, { timeout: 30000 });
      for (const v of await violations(sp)) found.push(`static ${colorScheme} ${route}: ${v}`);
      checked++;
    }
    await plain.close();
  }
  assert.equal(checked, routes.length * 4);
  assert.deepEqual(found, []);
  console.log(`${root}: ${routes.length} routes, ${checked} pages checked by axe-core`);
}

test("axe-core finds no violation on any route of the seed, book and static page, light and dark", async () => {
  await checkSite(process.env.FOLIO_SITE, env.base);
});

test("axe-core finds no violation on any route of the fixture blog, book and static page, light and dark", async () => {
  blogServer = await serve(BLOG);
  await checkSite(BLOG, `http://127.0.0.1:${blogServer.address().port}`);
});
