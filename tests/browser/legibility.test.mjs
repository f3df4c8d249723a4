// Legible on every screen, and the address follows the reader (issue 13): text sizes in CSS px measured
// from the layout, the URL and title following the chapter being read, reload keeping the place, print.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSite, open, ready, settle } from "../support/harness.mjs";

const env = useSite();

async function start(route, options) {
  const s = await open(env.browser, env.base, route, options);
  await ready(s.page);
  await settle(s.page);
  return s;
}
const metrics = (page) => page.evaluate(() => window.folio.metrics());

const SCREENS = [
  { name: "phone 390", viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  { name: "laptop 1280", viewport: { width: 1280, height: 800 } },
  { name: "desktop 1920", viewport: { width: 1920, height: 1080 } },
];

for (const screen of SCREENS) {
  test(`${screen.name}: body text at 16 CSS px or more, secondary text at 13 or more`, async () => {
    const { name, ...options } = screen;
    const { page, errors, context } = await start("/", options);
    for (const route of ["/", "/books", "/writing/arrays-become-matrices"]) {
      if (route !== "/") {
        await page.goto(env.base + route);
        await ready(page);
        await settle(page);
      }
      const m = await metrics(page);
      assert.ok(m.bodyPx >= 16, `${name} ${route}: body ${m.bodyPx} px`);
      assert.ok(m.smallestPx >= 13, `${name} ${route}: smallest text ${m.smallestPx} px`);
      // The pages fit the screen: two only where both fit.
      const width = m.pageWidth * m.scale * (m.spreads ? 2 : 1);
      assert.ok(width <= screen.viewport.width, `${name} ${route}: pages ${width} px wide`);
    }
    const m = await metrics(page);
    if (screen.viewport.width === 390) assert.ok(m.pocket, "the phone reads a pocket page laid out for it");
    if (screen.viewport.width === 1280) assert.equal(m.spreads, false, "1280: one page, centred");
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("the book grows with the screen", async () => {
  const sizes = [];
  for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }, { width: 2560, height: 1440 }]) {
    const { page, context } = await start("/", { viewport });
    const m = await metrics(page);
    sizes.push({ width: viewport.width, px: m.bodyPx, pagePx: m.pageWidth * m.scale, spreads: m.spreads });
    await context.close();
  }
  assert.ok(sizes[1].px > sizes[0].px, JSON.stringify(sizes));
  assert.ok(sizes[1].pagePx > sizes[0].pagePx, JSON.stringify(sizes));
  assert.ok(sizes[2].spreads && sizes[2].px >= 18, JSON.stringify(sizes)); // two whole pages, still large
});

test("scrolling into a chapter puts its route and title in the address; reload keeps the place", async () => {
  const { page, errors, context } = await start("/");
  const length = await page.evaluate(() => history.length);
  await page.mouse.move(640, 400);
  const path = () => page.evaluate(() => location.pathname);
  // Page down through the front matter to the chapter before, then on with the wheel, a little at a
  // time, until the books chapter is the one being read.
  for (let i = 0; i < 80 && (await path()) !== "/songs"; i++) {
    await page.keyboard.press("PageDown");
    await settle(page);
  }
  assert.equal(await path(), "/songs");
  for (let i = 0; i < 40 && (await path()) !== "/books"; i++) {
    await page.mouse.wheel(0, 250);
    await settle(page);
  }
  assert.equal(await path(), "/books");
  assert.equal(await page.title(), "books · Anshuman Agrawal");
  assert.ok(await page.evaluate(() => window.folio.box("Norwegian Wood") || window.folio.box("books")), "books on screen");
  // replaceState, not pushState: Back still leaves for where the reader came from.
  assert.equal(await page.evaluate(() => history.length), length);
  const scroll = await page.evaluate(() => window.folio.scroll());
  await page.reload();
  await ready(page);
  await settle(page);
  assert.equal(await page.evaluate(() => location.pathname), "/books");
  assert.equal(Math.round(await page.evaluate(() => window.folio.scroll())), Math.round(scroll));
  assert.ok(await page.evaluate(() => window.folio.box("Norwegian Wood") || window.folio.box("books")), "books still on screen");
  assert.equal(await page.title(), "books · Anshuman Agrawal");
  assert.deepEqual(errors, []);
  await context.close();
});

test("opening a chapter's address lands on that chapter, and the address stays", async () => {
  const { page, errors, context } = await start("/find-me");
  assert.ok(await page.evaluate(() => window.folio.box("GitHub")), "find me is on screen");
  assert.equal(await page.evaluate(() => location.pathname), "/find-me");
  assert.equal(await page.title(), "find me · Anshuman Agrawal");
  // Scrolling back up through the book reads the earlier chapters into the address.
  await page.mouse.move(640, 400);
  for (let i = 0; i < 80 && (await page.evaluate(() => location.pathname)) !== "/"; i++) {
    await page.keyboard.press("PageUp");
    await settle(page);
  }
  assert.equal(await page.evaluate(() => location.pathname), "/");
  assert.equal(await page.title(), "Anshuman Agrawal");
  assert.deepEqual(errors, []);
  await context.close();
});

test("print sets the page's text for paper, with the addresses of external links", async () => {
  // Opened directly at the route: the static text is this page's (after in-book navigation it is kept
  // current by the text layer).
  const { page, errors, context } = await start("/find-me");
  await page.emulateMedia({ media: "print" });
  const state = await page.evaluate(() => {
    const main = document.getElementById("text");
    const r = main.getBoundingClientRect();
    const link = [...main.querySelectorAll("a")].find((a) => a.href.startsWith("https://github.com/"));
    const local = [...main.querySelectorAll("a")].find((a) => a.getAttribute("href") === "/rss.xml");
    return {
      w: r.width, h: r.height, visibility: getComputedStyle(main).visibility,
      canvas: getComputedStyle(document.getElementById("book")).display,
      after: getComputedStyle(link, "::after").content,
      localAfter: getComputedStyle(local, "::after").content,
      size: getComputedStyle(document.body).fontSize,
      color: getComputedStyle(document.body).color,
      text: main.innerText,
    };
  });
  assert.equal(state.canvas, "none");
  assert.equal(state.visibility, "visible");
  assert.ok(state.w > 300 && state.h > 100, `text box ${state.w}x${state.h}`);
  assert.match(state.text, /find me/);
  assert.equal(state.after, '" (https://github.com/iemAnshuman)"');
  assert.equal(state.localAfter, "none"); // the site's own links need no address
  assert.ok(Math.abs(parseFloat(state.size) - (11 * 96) / 72) < 0.05, `print text ${state.size}`); // 11 pt
  assert.equal(state.color, "rgb(0, 0, 0)");
  // Folded pull-request lists print whole.
  // A reader opens the page on screen, then prints it.
  await page.emulateMedia({ media: "screen" });
  await page.goto(env.base + "/");
  await ready(page);
  await page.emulateMedia({ media: "print" });
  const folded = await page.evaluate(() => {
    const li = document.querySelector("details:not([open]) li");
    return li && li.checkVisibility();
  });
  assert.equal(folded, true);
  const pdf = await page.pdf({ format: "A4" });
  assert.ok(pdf.length > 1000 && pdf.subarray(0, 5).toString() === "%PDF-", "a PDF comes out");
  assert.deepEqual(errors, []);
  await context.close();
});
