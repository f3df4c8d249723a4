// The hostile fixture (tests/fixtures/hostile) in Debian's Chromium: every article is opened, the book
// drawn and scrolled from its first page to its last so that each page's text layer is made, and at every
// step the whole document is audited. Each payload calls PWN(id), alert(...) or sets a PWN_ global if it
// ever runs; none may. Nothing may be fetched from another origin.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, ready, settle } from "../support/harness.mjs";

const SITE = process.env.FOLIO_HOSTILE_SITE;
const ARTICLES = {
  "event-handlers": "The end of the handlers payloads",
  "url-schemes": "The end of the schemes payloads",
  "parsing-differentials": "The end of the differentials payloads",
  "dangerous-elements": "The end of the elements payloads",
};

const env = {};
before(async () => {
  if (!SITE) return; // each test fails with the reason; none is skipped
  env.server = await serve(SITE);
  env.origin = `http://127.0.0.1:${env.server.address().port}`;
  env.browser = await launch();
});
after(async () => { await env.browser?.close(); env.server?.close(); });

// Runs in the page: everything in the document that could run, load from elsewhere, redirect or embed.
// Addresses are read by the browser's own URL parser (new URL), after its HTML parser decoded them.
function auditDocument() {
  const found = [];
  const URL_ATTRS = ["href", "src", "action", "formaction", "data", "poster", "background", "codebase", "ping",
    "xlink:href", "srcdoc", "cite", "longdesc"];
  const protocol = (v) => { try { return new URL(v, document.baseURI).protocol; } catch { return "invalid:"; } };
  const describe = (el) => `<${el.localName}${el.id ? "#" + el.id : ""}>`;
  for (const el of document.querySelectorAll("*")) {
    for (const a of el.attributes) {
      const name = a.name.toLowerCase();
      if (name.startsWith("on")) found.push(`${describe(el)} ${name}`);
      if (name === "srcdoc") found.push(`${describe(el)} srcdoc`);
      if (name === "srcset") {
        for (const c of a.value.split(",")) {
          const p = protocol(c.trim().split(/\s+/)[0]);
          if (p !== location.protocol || new URL(c.trim().split(/\s+/)[0], document.baseURI).origin !== location.origin)
            found.push(`${describe(el)} srcset ${c}`);
        }
      }
      if (!URL_ATTRS.includes(name)) continue;
      const p = protocol(a.value);
      const ownIcon = el.localName === "link" && el.rel === "icon" && a.value === "data:,";
      if ((p === "javascript:" || p === "vbscript:" || p === "data:") && !ownIcon)
        found.push(`${describe(el)} ${name}=${a.value}`);
    }
  }
  // Scripts: the site's own only, each from this origin, none with text of its own.
  for (const s of document.scripts)
    if (!s.src || new URL(s.src).origin !== location.origin || s.text.trim()) found.push(`script ${s.src || s.text.slice(0, 60)}`);
  for (const el of document.querySelectorAll("base, object, embed, iframe, frame, frameset, applet, portal, form, " +
    "meta[http-equiv]:not([http-equiv='Content-Security-Policy' i]), link:not([rel='icon']):not([rel='canonical']):not([rel='alternate'])"))
    if (el.localName !== "link" || new URL(el.href).origin !== location.origin) found.push(`element ${describe(el)}`);
  // Everything fetched by an element: from this origin.
  for (const el of document.querySelectorAll("img, video, audio, source, track, input[type=image]"))
    if (el.src && new URL(el.src).origin !== location.origin) found.push(`${describe(el)} loads ${el.src}`);
  // Author text (the text layer, the early page, the article's HTML): HTML elements only, no SVG or MathML.
  for (const root of document.querySelectorAll("#layer, #proof, #text"))
    for (const el of root.querySelectorAll("*"))
      if (el.namespaceURI !== "http://www.w3.org/1999/xhtml") found.push(`${describe(el)} in ${el.namespaceURI}`);
  // The text layer's links: the web, mail, or this site.
  for (const a of document.querySelectorAll("#layer a"))
    if (!["http:", "https:", "mailto:"].includes(protocol(a.getAttribute("href") || "")))
      found.push(`layer link ${a.getAttribute("href")}`);
  const pwned = (window.__pwned || []).concat(Object.keys(window).filter((k) => /^PWN_/.test(k)));
  return { found, pwned, runs: document.querySelectorAll("#layer [data-i]").length, text: document.getElementById("layer")?.textContent || "" };
}

async function openArticle(slug) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The payloads call PWN(id); if one ever ran, the call is recorded here (and alert() is a dialog).
  await context.addInitScript(() => {
    window.__pwned = [];
    window.PWN = (id) => { window.__pwned.push(String(id)); };
  });
  const record = { dialogs: [], errors: [], offOrigin: [] };
  context.on("request", (r) => { if (!r.url().startsWith(env.origin + "/")) record.offOrigin.push(r.url()); });
  // Nothing leaves the machine, whatever a payload would ask for.
  await context.route((url) => !url.href.startsWith(env.origin + "/"), (r) => r.abort());
  const page = await context.newPage();
  page.on("dialog", (d) => { record.dialogs.push(d.message()); d.dismiss().catch(() => {}); });
  page.on("pageerror", (e) => record.errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") record.errors.push(m.text()); });
  await page.goto(`${env.origin}/writing/${slug}`);
  return { context, page, record };
}

for (const [slug, ending] of Object.entries(ARTICLES)) {
  test(`${slug}: the book and its text layer, first page to last, run and load nothing`, async () => {
    assert.ok(SITE, "FOLIO_HOSTILE_SITE is not set: ./folio test builds tests/fixtures/hostile into build/site-hostile");
    const { context, page, record } = await openArticle(slug);
    // The early page, before the book: the whole document as the HTML arrived.
    const early = await page.evaluate(auditDocument);
    assert.deepEqual(early.found, [], "the page as served");
    await ready(page);
    await settle(page);
    await page.waitForFunction(() => document.querySelectorAll("#layer [data-i]").length > 0, null, { timeout: 30000 });
    let steps = 0, seenEnd = false, lastScroll = -1;
    for (; steps < 200; steps++) {
      const now = await page.evaluate(auditDocument);
      assert.deepEqual(now.found, [], `at scroll step ${steps}`);
      assert.deepEqual(now.pwned, [], `a payload ran by step ${steps}`);
      assert.ok(now.runs > 0, `the text layer is empty at step ${steps}`);
      seenEnd ||= now.text.includes(ending);
      const scroll = await page.evaluate(() => window.folio.scroll());
      if (scroll === lastScroll) break; // the book's last page is on screen
      lastScroll = scroll;
      await page.mouse.move(640, 400);
      await page.mouse.wheel(0, 600);
      await settle(page);
    }
    assert.ok(steps > 1, "the article scrolled");
    assert.ok(seenEnd, `the text layer reached the article's last paragraph ("${ending}")`);
    const final = await page.evaluate(auditDocument);
    assert.deepEqual(final.pwned, []);
    assert.deepEqual(record.dialogs, [], "a payload opened a dialog");
    assert.deepEqual(record.errors, [], "page errors");
    assert.deepEqual(record.offOrigin, [], "requests to another origin");
    await context.close();
  });
}

test("the audit itself fails on a handler, a javascript: link and an inline script in the page", async () => {
  assert.ok(SITE, "FOLIO_HOSTILE_SITE is not set: ./folio test builds tests/fixtures/hostile into build/site-hostile");
  const { context, page } = await openArticle("event-handlers");
  await ready(page);
  await page.waitForFunction(() => document.querySelectorAll("#layer [data-i]").length > 0, null, { timeout: 30000 });
  assert.deepEqual((await page.evaluate(auditDocument)).found, []);
  // Each injection into the text layer must be found; each is removed before the next.
  for (const html of ['<span data-i="x" onclick="PWN(1)">x</span>', '<a href="jav&#x09;ascript:PWN(2)">x</a>',
    '<svg><a href="javascript:PWN(3)"><text>x</text></a></svg>', '<img src="https://tracker.example/p.gif">']) {
    await page.evaluate((h) => {
      const box = document.createElement("div");
      box.id = "injected";
      box.innerHTML = h;
      document.getElementById("layer").append(box);
    }, html);
    const { found } = await page.evaluate(auditDocument);
    assert.ok(found.length > 0, `not found: ${html}`);
    await page.evaluate(() => document.getElementById("injected").remove());
  }
  // An inline script (the page's CSP would stop it running: the audit must find it all the same), and a
  // global as a payload that ran would leave it.
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "void 0";
    document.body.append(s);
    window.PWN_injected = 1;
  });
  const after = await page.evaluate(auditDocument);
  assert.ok(after.found.some((f) => f.startsWith("script")), "an inline script is found");
  assert.ok(after.pwned.includes("PWN_injected"), "a PWN_ global is found");
  await context.close();
});
