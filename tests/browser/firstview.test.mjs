// The first view's requests, in two stages (docs/first-view.md, "Two stages"): every file the proof (the
// first paint) needs is named in the HTML (a chain one request deep: the browser asks for all of them at
// once); the book's own files (the JS glue, the wasm, site.json) are asked for by boot.js, all at once,
// only after the proof has been painted. Nothing is fetched twice, and the browser has nothing to warn
// about (a preload that does not match its later fetch is both a second download and a console warning).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { useSite, serve, ready, settle } from "../support/harness.mjs";

// The rich fixture's built site; a missing one fails the test that needs it (never a silent pass).
function richSite() {
  const rich = process.env.FOLIO_RICH_SITE;
  assert.ok(rich, "FOLIO_RICH_SITE is not set: run ./folio test, which builds tests/fixtures/rich into build/site-rich");
  assert.ok(fs.existsSync(path.join(rich, "site.json")), `no built site in ${rich}: run ./folio test, which builds tests/fixtures/rich there`);
  return rich;
}

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
  // What the HTML names (the scripts boot.js adds are not the HTML's), and the book's files with when each
  // was asked for, against the proof's first paint.
  const { named, book, painted, expiredAt } = await page.evaluate(() => {
    const path = (u) => new URL(u, location.href).pathname;
    const assets = window.FOLIO_ASSETS;
    // The later code (tests/browser/later.test.mjs) is the book's too, asked for after its first frame.
    const bookFiles = [assets.js, assets.wasm, "/site.json", assets.wasmLater].filter(Boolean);
    const named = [...document.querySelectorAll("link[href], script[src]")]
      .filter((e) => !bookFiles.includes(path(e.href || e.src)))
      .map((e) => path(e.href || e.src));
    const started = (p) => performance.getEntriesByType("resource").filter((r) => path(r.name) === p).map((r) => r.startTime);
    const book = bookFiles.map((p) => ({ path: p, started: started(p) }));
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]; // the proof (tests/browser/proof.test.mjs)
    const painted = fcp ? fcp.startTime : NaN;
    // boot.js waits for the paint's report 3 s at most (docs/first-view.md, "Order"): on a busy machine the
    // book may be asked for when that bound expires, which boot.js marks.
    const expired = performance.getEntriesByName("folio:proof-wait-expired")[0];
    return { named, book, painted, expiredAt: expired ? expired.startTime : NaN };
  });
  await context.close();
  return { requests, warnings, named, book, painted, expiredAt };
}

for (const route of ["/", "/writing/the-tensor-was-only-the-handle"]) {
  test(`${route}: the proof's files are named in the HTML, the book's asked for after the proof's paint, each once, without warnings`, async () => {
    const { requests, warnings, named, book, painted, expiredAt } = await firstView(route);
    const twice = [...requests].filter(([, n]) => n > 1);
    assert.deepEqual(twice, [], "fetched more than once");
    const bookPaths = book.map((b) => b.path);
    const hidden = [...requests.keys()].filter((p) => p !== route && !named.includes(p) && !bookPaths.includes(p));
    assert.deepEqual(hidden, [], "fetched without being named in the HTML");
    // The HTML does not name the book's files: nothing of the book's competes with the proof's paint.
    assert.deepEqual(named.filter((p) => bookPaths.includes(p)), []);
    assert.ok(painted > 0, "the proof was painted");
    for (const b of book) {
      assert.equal(b.started.length, 1, `${b.path} asked for once`);
      const after = expiredAt >= 0 ? Math.min(painted, expiredAt) : painted;
      assert.ok(b.started[0] >= after, `${b.path} asked for at ${b.started[0]} ms, after the proof's paint at ${painted} ms` +
        (expiredAt >= 0 ? ` or the wait's end at ${expiredAt} ms` : ""));
    }
    for (const kind of [/\/assets\/folio\.[0-9a-f]+\.js$/, /\/assets\/folio\.[0-9a-f]+\.wasm$/, /^\/site\.json$/, route === "/" ? /\/assets\/serif-regular\.partial\.[0-9a-f]+\.ttf$/ : /\/assets\/serif-regular\.[0-9a-f]+\.ttf$/])
      assert.ok([...requests.keys()].some((p) => kind.test(p)), `${kind} was fetched`);
    assert.deepEqual(warnings, []);
  });
}

test("an article with a long body names its body's file in the HTML too, and fetches it once", async (t) => {
  const own = await serve(richSite());
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

// A read from WebGL (getParameter, getError, a program's status, ...) is a round trip to the GPU process
// that waits until it has done everything asked of it before: with WebGL on the CPU, tens of ms of main
// thread each time (docs/first-view.md). The book's renderer reads nothing in its frames; the start-up
// reads the largest texture size (a limit the browser knows itself) and, once the GPU process has caught
// up with the shaders (boot.js's fence, "gpu-shaders-built"), whether they linked.
test("the book reads nothing back from WebGL in its frames, and at start only the texture limit and, after the fence, the link status", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__glReads = [];
    const proto = WebGL2RenderingContext.prototype;
    for (const name of ["getParameter", "getError", "getProgramParameter", "getShaderParameter", "getProgramInfoLog",
      "getShaderInfoLog", "getUniformLocation", "getAttribLocation", "getUniformBlockIndex", "getActiveUniform",
      "getActiveAttrib", "getSupportedExtensions", "getExtension", "readPixels", "getBufferSubData", "clientWaitSync",
      "finish", "isEnabled", "getVertexAttrib", "getTexParameter"]) {
      const original = proto[name];
      proto[name] = function (...args) {
        const marks = performance.getEntriesByType("mark").map((m) => m.name);
        window.__glReads.push({ name, arg: typeof args[1] === "number" ? args[1] : args[0], after: marks[marks.length - 1] || "",
          fenced: marks.includes("folio:gpu-shaders-built") });
        return original.apply(this, args);
      };
    }
  });
  await page.goto(env.base + "/");
  await ready(page);
  const start = await settle(page);
  const atStart = await page.evaluate(() => window.__glReads.slice());
  const gl = await page.evaluate(() => ({ MAX_TEXTURE_SIZE: WebGL2RenderingContext.MAX_TEXTURE_SIZE, LINK_STATUS: WebGL2RenderingContext.LINK_STATUS }));
  // Frames that draw something new: read on through the book.
  for (let i = 0; i < 4; i++) {
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(200);
  }
  const end = await settle(page);
  const later = await page.evaluate(() => window.__glReads.slice());
  await context.close();

  assert.ok(end > start, `frames were drawn while reading on (${start} then ${end})`);
  assert.deepEqual(atStart.map((r) => [r.name, r.arg]), [["getParameter", gl.MAX_TEXTURE_SIZE], ["getProgramParameter", gl.LINK_STATUS]],
    JSON.stringify(atStart));
  assert.ok(atStart[1].fenced, `the link status was read before the GPU process caught up (after ${atStart[1].after})`);
  assert.deepEqual(later.slice(atStart.length), [], "reads while drawing");
});
