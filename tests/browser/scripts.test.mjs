// A bundle in another script (tests/fixtures/scripts: a Chinese author's weekly): its tags and slugs are
// Chinese, as the author wrote them, and its addresses work as a visitor meets them: percent-encoded in
// the address bar, in the sitemap and in the feed; typed or followed, they open the right page of the book.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { useSite, open, ready, settle } from "./harness.mjs";

const SCRIPTS = process.env.FOLIO_SCRIPTS_SITE;
assert.ok(SCRIPTS, "FOLIO_SCRIPTS_SITE is not set: run ./folio test, which builds tests/fixtures/scripts into build/site-scripts");
const env = useSite(SCRIPTS);
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
  vm.runInContext(fs.readFileSync(path.join(root, "web/search.js"), "utf8"), sandbox);
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
  await page.waitForFunction(() => /article/.test(document.querySelector("#searchpanel .search-count")?.textContent || ""));
  const titles = await page.$$eval("#searchpanel .result-title", (as) => as.map((a) => a.textContent));
  assert.deepEqual(titles, ["在北方看极光"]);
  // Three characters inside the body's first sentence, across no space: "天空忽然" is in one article only.
  await page.fill("#searchpanel input", "天空忽然");
  // The answer to this query: its snippet is the body around the words, marked there.
  await page.waitForFunction(() => [...document.querySelectorAll("#searchpanel .result-snippet mark")].some((m) => m.textContent.includes("天空忽然")));
  assert.deepEqual(await page.$$eval("#searchpanel .result-title", (as) => as.map((a) => a.textContent)), ["在北方看极光"]);
  // Words in no article find nothing; a word of both finds both.
  await page.fill("#searchpanel input", "南方");
  await page.waitForFunction(() => /no articles match/.test(document.querySelector("#searchpanel .search-count").textContent));
  await page.fill("#searchpanel input", "周刊");
  await page.waitForFunction(() => document.querySelectorAll("#searchpanel .result-title").length === 2);
  assert.deepEqual(errors, []);
  await context.close();
});
