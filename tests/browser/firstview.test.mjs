// The first view's requests: every file it needs is named in the HTML (a chain one request deep: the
// browser can ask for all of them at once), nothing is fetched twice, and the browser has nothing to warn
// about (a preload that does not match its later fetch is both a second download and a console warning).
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSite, ready, settle } from "./harness.mjs";

const env = useSite();

async function firstView(route) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const requests = new Map();
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith("http")) requests.set(url.pathname, (requests.get(url.pathname) || 0) + 1);
  });
  // Console API messages and the browser's own log (where preload warnings go).
  const warnings = [];
  page.on("console", (m) => { if (m.type() === "warning" || m.type() === "error") warnings.push(m.text()); });
  const cdp = await context.newCDPSession(page);
  cdp.on("Log.entryAdded", ({ entry }) => { if (entry.level === "warning" || entry.level === "error") warnings.push(entry.text); });
  await cdp.send("Log.enable");
  await page.goto(env.base + route);
  await ready(page);
  await settle(page);
  // Chrome warns about an unused preload a few seconds after load: give it the time.
  await page.waitForTimeout(3500);
  const named = await page.evaluate(() => [...document.querySelectorAll("link[href], script[src]")]
    .map((e) => new URL(e.href || e.src, location.href).pathname));
  await context.close();
  return { requests, warnings, named };
}

for (const route of ["/", "/writing/the-tensor-was-only-the-handle"]) {
  test(`${route}: each first-view file is named in the HTML and fetched once, without warnings`, async () => {
    const { requests, warnings, named } = await firstView(route);
    const twice = [...requests].filter(([, n]) => n > 1);
    assert.deepEqual(twice, [], "fetched more than once");
    const hidden = [...requests.keys()].filter((p) => p !== route && !named.includes(p));
    assert.deepEqual(hidden, [], "fetched without being named in the HTML");
    for (const kind of [/\/assets\/folio\.[0-9a-f]+\.js$/, /\/assets\/folio\.[0-9a-f]+\.wasm$/, /^\/site\.json$/, /\/assets\/serif-regular\.[0-9a-f]+\.ttf$/])
      assert.ok([...requests.keys()].some((p) => kind.test(p)), `${kind} was fetched`);
    assert.deepEqual(warnings, []);
  });
}

test("an article with a long body names its body's file in the HTML too, and fetches it once", async (t) => {
  const rich = process.env.FOLIO_RICH_SITE;
  if (!rich) return; // built by ./folio test
  const { serve } = await import("./harness.mjs");
  const own = await serve(rich);
  t.after(() => own.close());
  const base = env.base;
  env.base = `http://127.0.0.1:${own.address().port}`;
  try {
    const { requests, warnings, named } = await firstView("/writing/everything-markdown");
    const bodies = [...requests.keys()].filter((p) => p.startsWith("/assets/bodies/"));
    assert.equal(bodies.length, 1, [...requests.keys()].join(" "));
    assert.ok(named.includes(bodies[0]));
    assert.deepEqual([...requests].filter(([, n]) => n > 1), []);
    assert.deepEqual(warnings, []);
  } finally {
    env.base = base;
  }
});
