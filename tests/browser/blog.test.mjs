// A real blog's posts come through whole (tests/fixtures/blog): raw HTML as a safe subset, highlighted
// code, images with spaces in their names, and headings that links reach, in the HTML and in the book.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { useSite, ready, settle, pixels } from "../support/harness.mjs";

const BLOG = process.env.FOLIO_BLOG_SITE;
// Unset, useSite would serve the seed site in its place: fail instead, saying what to build.
assert.ok(BLOG, "FOLIO_BLOG_SITE is not set: run ./folio test, which builds tests/fixtures/blog into build/site-blog");
assert.ok(fs.existsSync(path.join(BLOG, "site.json")), `no built site in ${BLOG}: run ./folio test, which builds tests/fixtures/blog there`);
const env = useSite(BLOG);

async function staticPage(route, options = {}) {
  const context = await env.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  await page.goto(env.base + route);
  return { context, page };
}

test("the HTML shows raw HTML as elements, never as text, and runs none of it", async () => {
  const { context, page } = await staticPage("/writing/raw-html-tour");
  const main = page.locator("main#text");
  const text = await main.innerText();
  for (const raw of ["<div", "<img", "<iframe", "<script", "<style", "<form", "<details", "</", "&lt;", "onclick", "hacked"])
    assert.ok(!text.includes(raw), `the page text shows ${raw}`);
  const dom = await page.evaluate(() => {
    const m = document.querySelector("main#text");
    const count = (sel) => m.querySelectorAll(sel).length;
    return {
      sub: count("sub"), sup: count("sup"), small: count("small"), mark: count("mark"), abbr: m.querySelector("abbr")?.title,
      q: count("q"), cite: count("cite"), kbd: count("code"), details: count("details"), summary: m.querySelector("summary")?.textContent,
      figcaption: m.querySelector("figcaption")?.textContent, dt: count("dt"), dd: count("dd"), th: count("th"),
      img: [...m.querySelectorAll("img")].map((i) => [i.getAttribute("src"), i.getAttribute("width")]),
      bad: count("script, style, iframe, video, audio, embed, object, form, input, [style], [onclick]"),
      links: [...m.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]),
    };
  });
  assert.equal(dom.bad, 0);
  for (const k of ["sub", "sup", "small", "mark", "q", "cite", "details", "dt", "dd", "th"]) assert.ok(dom[k] > 0, `no <${k}>`);
  assert.equal(dom.abbr, "Graphics Processing Unit");
  assert.equal(dom.summary, "Click to see the spoiler");
  assert.equal(dom.figcaption, "Figure 1: a diagram, with its caption.");
  assert.deepEqual(dom.img[0], ["/images/portrait.png", "120"]);
  const link = (label) => dom.links.find(([t]) => t.startsWith(label));
  assert.deepEqual(link("A talk I gave"), ["A talk I gave (embedded page on www.youtube.com)", "https://www.youtube.com/embed/dQw4w9WgXcQ"]);
  assert.ok(link("video on media.example.net"));
  assert.ok(link("audio on podcasts.example.com"));
  assert.ok(link("embed on slides.example.org"));
  assert.ok(link("object on diagrams.example.org"));
  await context.close();
});

test("code is highlighted in the HTML, in the theme's inks, light and dark", async () => {
  for (const scheme of ["light", "dark"]) {
    const { context, page } = await staticPage("/writing/code-in-every-language", { colorScheme: scheme });
    const r = await page.evaluate(() => {
      const langs = [...document.querySelectorAll("main#text pre code")].map((c) => [c.className, c.querySelectorAll("t-kw, t-ty, t-st, t-nu, t-co, t-fn, t-op, t-pp, t-ad, t-rm").length]);
      const kw = document.querySelector("main#text t-kw");
      return { langs, kw: getComputedStyle(kw).color };
    });
    const plain = r.langs.filter(([, n]) => n === 0).map(([c]) => c);
    assert.deepEqual(plain, ["language-brainfudge"], "only the unknown language is plain");
    assert.equal(r.langs.length, 18); // the 17 languages and one unknown
    assert.equal(r.kw, scheme === "light" ? "rgb(122, 46, 138)" : "rgb(215, 166, 232)");
    await context.close();
  }
});

test("images with spaces in their names load, written with a space or %20", async () => {
  const { context, page } = await staticPage("/writing/pictures-with-spaces");
  await page.waitForFunction(() => [...document.querySelectorAll("main#text img")].every((i) => i.complete));
  const sizes = await page.evaluate(() => [...document.querySelectorAll("main#text img")].map((i) => [i.naturalWidth, i.getAttribute("width")]));
  // The last one is a data: picture whose base64 spans lines in the Markdown: a picture, not its text.
  assert.deepEqual(sizes, [[480, null], [480, null], [320, "200"], [48, "144"]]);
  assert.ok(!(await page.locator("main#text").innerText()).includes("iVBOR"));
  await context.close();
});

test("a footnote reference links to its note at the article's end, and the note back", async () => {
  const { context, page } = await staticPage("/writing/pictures-with-spaces");
  const ref = page.locator("main#text sup a#fnref-1");
  assert.equal(await ref.innerText(), "1");
  await ref.click();
  await page.waitForFunction(() => location.hash === "#fn-1");
  const note = page.locator("main#text li#fn-1");
  assert.ok((await note.innerText()).startsWith("Percent-encoding, in RFC 3986's words"));
  const [top, height] = await note.evaluate((n) => [n.getBoundingClientRect().top, innerHeight]);
  assert.ok(top >= -2 && top < height - 20, `the note is at ${top}, off the screen`);
  await note.locator("a", { hasText: "back" }).click();
  await page.waitForFunction(() => location.hash === "#fnref-1");
  await context.close();
});

test("an old address (an alias) lands on the article's new page, from a plain static file", async () => {
  for (const old of ["/2026/03/20/pictures-with-spaces/", "/posts/pictures.html"]) {
    const { context, page } = await staticPage(old); // without JavaScript: the page's meta refresh alone
    await page.waitForURL(env.base + "/writing/pictures-with-spaces", { timeout: 15000 });
    assert.equal(await page.locator("main#text h1").first().innerText(), "Pictures with spaces in their names");
    await context.close();
  }
  // Where the refresh is blocked, the page says where the article went, as a link (served with status 200).
  const context = await env.browser.newContext();
  const reply = await context.request.get(env.base + "/posts/pictures.html");
  assert.equal(reply.status(), 200);
  assert.ok((await reply.text()).includes('<a href="/writing/pictures-with-spaces">Pictures with spaces in their names</a>'));
  await context.close();
});

test("in the book, a data: picture is drawn like the site's own", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(env.base + "/writing/pictures-with-spaces");
  await ready(page);
  await settle(page);
  // The embedded picture is a red dot: find its red on screen, reading on down to it.
  const red = async () => {
    const { data } = await pixels(page);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] > 170 && data[i + 1] < 80 && data[i + 2] < 80) n++;
    return n;
  };
  await page.mouse.move(640, 400);
  let found = await red();
  for (let i = 0; i < 30 && found < 1500; i++) {
    await page.mouse.wheel(0, 200);
    await settle(page);
    found = await red();
  }
  assert.ok(found >= 1500, `${found} red pixels`);
  assert.deepEqual(errors, []);
  await context.close();
});

// Reads on (the wheel) until the text layer's link to href is on screen: its middle, or null.
async function readOnToLink(page, href) {
  for (let step = 0; step < 30; step++) {
    const link = await page.evaluate((h) => {
      for (const e of document.querySelectorAll(`#layer a[href="${h}"]`)) {
        const r = e.getBoundingClientRect();
        if (r.top > 40 && r.bottom < innerHeight - 40) return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      }
      return null;
    }, href);
    if (link) return link;
    await page.mouse.move(5, 400); // on the desk, beside the pages: resting on no link
    await page.mouse.wheel(0, 300);
    await settle(page);
  }
  return null;
}

// site.json carries no article's opening: a body of its own comes when asked. A pointer resting on a link
// to an article asks for it, so that the click finds the body there.
test("in the book, a pointer resting on a link to an article fetches its body before the click", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [], bodies = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("request", (r) => { if (/\/assets\/bodies\//.test(r.url())) bodies.push(r.url()); });
  await page.goto(env.base + "/writing");
  await ready(page);
  await settle(page);
  const site = JSON.parse(fs.readFileSync(path.join(BLOG, "site.json"), "utf8"));
  const article = site.writing.find((a) => a.slug === "a-long-read");
  assert.ok(article.body_url && !("opening" in article) && !("body_doc" in article), JSON.stringify(article).slice(0, 300));
  const href = "/writing/a-long-read";
  const link = await readOnToLink(page, href);
  assert.ok(link, "the list links the article");
  assert.deepEqual(bodies, [], "a body was asked for before any pointer rested on a link");
  await page.mouse.move(link.x, link.y);
  for (let i = 0; i < 50 && !bodies.length; i++) await page.waitForTimeout(100);
  assert.equal(bodies.length, 1, "resting on the link did not fetch the article's body");
  assert.ok(bodies[0].endsWith(article.body_url.split("#")[0]), `${bodies[0]} for ${article.body_url}`);
  assert.equal(await page.evaluate(() => location.pathname), "/writing", "resting on a link followed it");
  // The click opens the article with its body there: no second fetch, and the text layer has its words.
  await page.mouse.click(link.x, link.y);
  await page.waitForFunction((h) => location.pathname === h, href);
  await settle(page);
  assert.equal(bodies.length, 1, "the body was fetched again");
  assert.ok(await page.evaluate(() => (document.querySelector("#layer").textContent.includes("every heading has an id"))), "the body is not shown");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a body fetched ahead that fails is fetched again when the article opens", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  let asked = 0;
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.route(/\/assets\/bodies\//, (r) => (++asked === 1 ? r.abort("failed") : r.continue()));
  await page.goto(env.base + "/writing");
  await ready(page);
  await settle(page);
  const href = "/writing/a-long-read";
  const link = await readOnToLink(page, href);
  assert.ok(link, "the list links the article");
  await page.mouse.move(link.x, link.y);
  for (let i = 0; i < 50 && asked < 1; i++) await page.waitForTimeout(100);
  assert.equal(asked, 1, "resting on the link did not ask for the body");
  await settle(page);
  await page.mouse.click(link.x, link.y);
  await page.waitForFunction((h) => location.pathname === h, href);
  for (let i = 0; i < 50 && asked < 2; i++) await page.waitForTimeout(100);
  assert.equal(asked, 2, "opening the article did not ask for its body again");
  await settle(page);
  const text = await page.evaluate(() => document.querySelector("#layer").textContent);
  assert.ok(text.includes("every heading has an id"), "the body is not shown: " + text.slice(0, 200));
  assert.deepEqual(errors, []);
  await context.close();
});

test("headings have ids; a fragment link jumps to the heading in the HTML", async () => {
  const { context, page } = await staticPage("/writing/a-long-read");
  // "### Part one" is the article's first heading: a section, h2 (the outline never skips a level).
  const ids = await page.evaluate(() => [...document.querySelectorAll("main#text h2")].map((h) => h.id));
  assert.deepEqual(ids, ["part-one", "part-two", "part-two-1", "the-end"]);
  await page.click("main#text >> text=the second part two"); // not the proof's copy above it
  await page.waitForFunction(() => location.hash === "#part-two-1");
  const top = await page.evaluate(() => document.getElementById("part-two-1").getBoundingClientRect().top);
  assert.ok(top >= -2 && top < 100, `the heading is at ${top}`);
  await context.close();
});

test("in the book: a deep link with a fragment opens at the heading; raw HTML never shows as text", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(env.base + "/writing/a-long-read#the-end");
  await ready(page);
  await page.waitForFunction(() => { const b = window.folio.box("The end"); return b && b.y < 300; }, null, { timeout: 30000 });
  assert.ok((await page.evaluate(() => window.folio.scroll())) > 500);

  // The tour of raw HTML, page by page: no box of text starts with markup.
  await page.goto(env.base + "/writing/raw-html-tour");
  await ready(page);
  await page.waitForFunction(() => window.folio.box("Inline elements") !== null, null, { timeout: 30000 });
  let seen = { talk: false, small: false };
  for (let i = 0; i < 40; i++) {
    const found = await page.evaluate(() => ({
      markup: ["<", "&lt;", "</"].some((t) => window.folio.box(t) !== null),
      talk: window.folio.box("A talk I gave") !== null,
      small: window.folio.box("This sentence is small print.") !== null,
      scroll: window.folio.scroll(),
    }));
    assert.equal(found.markup, false, `markup shows as text at scroll ${found.scroll}`);
    seen.talk ||= found.talk;
    seen.small ||= found.small;
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 500);
    await settle(page);
    if ((await page.evaluate(() => window.folio.scroll())) === found.scroll) break;
  }
  assert.ok(seen.small, "the small print was never on screen");
  assert.ok(seen.talk, "the iframe's link was never on screen");
  assert.deepEqual(errors, []);
  await context.close();
});

test("in the book, highlighted code is drawn in colour", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(env.base + "/writing/code-in-every-language");
  await ready(page);
  await page.waitForFunction(() => window.folio.box("include") !== null || window.folio.box("#include") !== null, null, { timeout: 30000 });
  await settle(page);
  const box = await page.evaluate(() => window.folio.box("#include"));
  assert.ok(box, "the C code is not on screen");
  const { data, width } = await pixels(page, { x: Math.floor(box.x), y: Math.floor(box.y), width: Math.ceil(box.width), height: Math.ceil(box.height) });
  // The preprocessor ink (light: #8a3a2a): reddish pixels, not grey ink.
  let reddish = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] - data[i + 2] > 50 && data[i] > 90) reddish++;
  assert.ok(reddish > 10, `only ${reddish} coloured pixels in "#include" (${width} px wide)`);
  await context.close();
});
