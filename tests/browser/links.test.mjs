// The link policy on the canvas, in Debian's Chromium: every kind of unsafe link in an article body is
// plain text in the book. Clicking it opens no window, changes no route and sends no request anywhere;
// no image is fetched from another origin. A plain web link beside them does open a tab (the control:
// the clicks land where the links are drawn).
import { test } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, ready, settle } from "../support/harness.mjs";

const BAIT = ["bait javascript", "bait upper case", "bait entity", "bait tab", "bait data", "bait vbscript",
  "bait protocol relative", "bait backslash", "bait file", "[bait image backslash]", "[bait image protocol relative]"];

test("no unsafe link on the canvas opens a window or sends a request off the origin", async (t) => {
  const rich = process.env.FOLIO_RICH_SITE;
  assert.ok(rich, "FOLIO_RICH_SITE: built by ./folio test");
  const server = await serve(rich);
  const browser = await launch();
  t.after(async () => { await browser.close(); server.close(); });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 2000 } });
  const offOrigin = [], popups = [], errors = [];
  context.on("request", (r) => { if (!r.url().startsWith(origin + "/")) offOrigin.push(r.url()); });
  // The control's tab is answered here, without leaving the machine.
  await context.route("https://control.example/**", (r) => r.fulfill({ status: 200, body: "<title>control</title>" }));
  const page = await context.newPage();
  context.on("page", (p) => popups.push(p)); // any window opened from now on
  page.on("pageerror", (e) => errors.push(String(e)));
  // The article's body comes in a chunk of bodies (`folio build` packs them; docs/first-view.md).
  const body = page.waitForResponse((r) => r.url().includes("/assets/bodies/"));
  await page.goto(origin + "/writing/unsafe-links");
  await ready(page);
  assert.equal((await body).status(), 200);
  await page.waitForFunction(() => window.folio.box("bait file") !== null);
  await settle(page);

  for (const text of BAIT) {
    const r = await page.evaluate((s) => window.folio.box(s), text);
    assert.ok(r, `"${text}" is drawn on screen`);
    await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
    await settle(page);
    assert.equal(popups.length, 0, `clicking "${text}" opened a window`);
    assert.equal(await page.evaluate(() => location.pathname), "/writing/unsafe-links", `clicking "${text}" moved`);
  }
  assert.deepEqual(offOrigin, []);

  // The control: the same kind of click on a web link does open a tab (and only that request leaves).
  const control = await page.evaluate(() => window.folio.box("control link"));
  const [tab] = await Promise.all([
    context.waitForEvent("page"),
    page.mouse.click(control.x + control.width / 2, control.y + control.height / 2),
  ]);
  await tab.waitForLoadState();
  assert.equal(tab.url(), "https://control.example/");
  assert.deepEqual(offOrigin.filter((u) => !u.startsWith("https://control.example/")), []);
  assert.deepEqual(errors, []);
  await context.close();
});
