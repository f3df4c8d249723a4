// The text layer (web/textlayer.js) in Debian's Chromium: real DOM text over the pages on screen, so
// selection, copy, links, the keyboard and screen readers work as on a web page. Every test also fails on
// any console error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSite, open, ready, settle, idle } from "../support/harness.mjs";

const env = useSite();

async function start(route, options) {
  const s = await open(env.browser, env.base, route, options);
  await ready(s.page);
  await settle(s.page);
  await s.page.waitForFunction(() => document.querySelectorAll("#layer [data-i]").length > 0);
  return s;
}

// The screen rectangle of `word` inside the layer run on screen that contains it (the layer holds every
// page; a reader points at what the screen shows).
function wordRect(page, word, runPrefix) {
  return page.evaluate(([word, runPrefix]) => {
    for (const el of document.querySelectorAll("#layer [data-i]")) {
      const t = el.firstChild;
      if (!t || (runPrefix && !t.data.startsWith(runPrefix))) continue;
      const box = el.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= innerHeight) continue;
      const at = t.data.indexOf(word);
      if (at < 0) continue;
      const r = document.createRange();
      r.setStart(t, at);
      r.setEnd(t, at + word.length);
      const b = r.getBoundingClientRect();
      return { x: b.x, y: b.y, width: b.width, height: b.height, left: b.left, right: b.right, mid: b.y + b.height / 2 };
    }
    return null;
  }, [word, runPrefix]);
}

// Copy through the browser's own command (Ctrl+C), read back from the system clipboard.
async function copySelection(page, context) {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.base });
  await page.evaluate(() => navigator.clipboard.writeText("(nothing copied)"));
  await page.keyboard.press("Control+C");
  return page.evaluate(async () => {
    const items = await navigator.clipboard.read();
    const out = {};
    for (const item of items)
      for (const type of item.types) out[type] = await (await item.getType(type)).text();
    return out;
  });
}

async function drag(page, from, to) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 8, from.y + ((to.y - from.y) * i) / 8);
  await page.mouse.up();
}

test("the layer's runs lie on the canvas's runs: same words, same places", async () => {
  const { page, errors, context } = await start("/");
  const check = await page.evaluate(() => {
    const out = [];
    for (const text of ["Anshuman Agrawal", "contents", "buy me a coffee", "2026"]) {
      const el = [...document.querySelectorAll("#layer [data-i]")].find((e) => e.textContent === text);
      const drawn = window.folio.box(text); // where the canvas drew the run: the layout's record, no visitor API has it
      if (!el || !drawn) { out.push({ text, missing: true }); continue; }
      const r = el.getBoundingClientRect();
      // The canvas centres the glyph box (data-s high) 0.16 of it above the middle of the line.
      const glyphMiddle = drawn.y + drawn.height / 2 - 0.16 * +el.dataset.s;
      out.push({ text, dx: Math.abs(r.x - drawn.x), dw: Math.abs(r.width - drawn.width), dy: Math.abs(r.y + r.height / 2 - glyphMiddle) });
    }
    return out;
  });
  for (const c of check) {
    assert.ok(!c.missing, `${c.text} is in the layer and on the canvas`);
    assert.ok(c.dx < 1 && c.dw < 1.5 && c.dy < 1.5, `${c.text}: ${JSON.stringify(c)}`);
  }
  // Running heads and folios are drawn, not text: they are not in the layer.
  const heads = await page.evaluate(() => [...document.querySelectorAll("#layer [data-i]")].filter((e) => /^(2026, continued|i|ii|iii)$/.test(e.textContent)).length);
  assert.equal(heads, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("drag-select across a line break, copy: the clipboard holds exactly that text, as text and HTML", async () => {
  const { page, errors, context } = await start("/");
  const from = await wordRect(page, "reading", "I work on AI");
  const to = await wordRect(page, "music", "music and art");
  assert.ok(from && to && to.y > from.y, "the bio wraps between the two words");
  await drag(page, { x: from.left + 0.5, y: from.mid }, { x: to.right - 0.5, y: to.mid });
  const clip = await copySelection(page, context);
  assert.equal(clip["text/plain"], "reading, writing, music");
  assert.match(clip["text/html"], /reading, writing, music/);
  // The drag selected: the book did not scroll.
  assert.equal(await page.evaluate(() => window.folio.scroll()), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("double-click selects a word; triple-click its paragraph; copy keeps links as links", async () => {
  const { page, errors, context } = await start("/");
  const w = await wordRect(page, "inference", "I work on AI");
  await page.mouse.dblclick(w.x + w.width / 2, w.mid);
  assert.equal(await page.evaluate(() => getSelection().toString().trim()), "inference");
  // Shift-click extends the selection to where it lands, across the line break.
  const music = await wordRect(page, "music", "music and art");
  await page.mouse.click(w.left + 0.5, w.mid); // a caret before "inference"
  await page.keyboard.down("Shift");
  await page.mouse.click(music.right - 0.5, music.mid);
  await page.keyboard.up("Shift");
  assert.equal((await copySelection(page, context))["text/plain"].trim(), "inference, and love reading, writing, music");
  await page.mouse.click(w.x + w.width / 2, w.mid, { clickCount: 3 });
  assert.equal((await copySelection(page, context))["text/plain"],
    "I work on AI infra and inference, and love reading, writing, music and art.");
  // A block with a link: the HTML on the clipboard carries its address.
  const merged = await wordRect(page, "merged into", "merged into");
  await page.mouse.click(merged.x + 4, merged.mid, { clickCount: 3 });
  const clip = await copySelection(page, context);
  assert.equal(clip["text/plain"], "merged into TheHPXProject/hpx");
  assert.match(clip["text/html"], /merged into <a href="https:\/\/github.com\/TheHPXProject\/hpx">TheHPXProject\/hpx<\/a>/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("as on any page: a double-click inside a selection selects the word under it; a click on the desk clears it", async () => {
  const { page, errors, context } = await start("/");
  const w = await wordRect(page, "reading", "I work on AI");
  await page.mouse.click(w.x + w.width / 2, w.mid, { clickCount: 3 }); // the whole paragraph
  assert.match(await page.evaluate(() => getSelection().toString()), /^I work on AI infra/);
  await page.mouse.dblclick(w.x + w.width / 2, w.mid);
  assert.equal(await page.evaluate(() => getSelection().toString()), "reading");
  // The desk, beside the page (the canvas there, no text): the selection goes.
  const desk = await page.evaluate(() => {
    const r = document.querySelector("#layer .page").getBoundingClientRect();
    return { x: Math.max(4, r.left / 2), y: 400 };
  });
  await page.mouse.click(desk.x, desk.y);
  assert.equal(await page.evaluate(() => getSelection().toString()), "");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a selection across the two pages of a spread copies both, in reading order, blocks apart", async () => {
  const { page, errors, context } = await start("/", { viewport: { width: 2560, height: 1440 } }); // spreads
  const from = await wordRect(page, "trusted way", "trainer)");
  const to = await wordRect(page, "Record", "Record benchmark");
  assert.ok(from && to && to.x > 1280 && from.x < 1280, "one word on each page");
  await drag(page, { x: from.left + 0.5, y: from.mid }, { x: to.right - 0.5, y: to.mid });
  const clip = await copySelection(page, context);
  const text = clip["text/plain"];
  assert.ok(text.startsWith("trusted way."), text);
  assert.ok(text.endsWith("Record"), text);
  assert.ok(text.includes("\n\nmerged into TheHPXProject/hpx\n\n"), "a blank line between blocks");
  assert.ok(!/2026, continued/.test(text), "no running head");
  assert.ok(text.indexOf("Stop the colocated") < text.indexOf("merged into Project-HAMi"), "left page before right page");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a selection reaches past the screen: scroll on, Shift-click, copy holds every page between", async () => {
  const { page, errors, context } = await start("/");
  const w = await wordRect(page, "inference", "I work on AI");
  await page.mouse.dblclick(w.x + w.width / 2, w.mid);
  await page.mouse.move(640, 400);
  for (let i = 0; i < 8; i++) { await page.mouse.wheel(0, 300); await settle(page); }
  const target = await page.evaluate(() => {
    const el = [...document.querySelectorAll("#layer [data-i]")].filter((e) => { const r = e.getBoundingClientRect(); return r.top > 100 && r.bottom < 700 && e.textContent.length > 8; }).pop();
    const r = el.getBoundingClientRect();
    return { x: r.right - 1, y: r.top + r.height / 2, text: el.textContent, page: +el.closest(".page").dataset.page };
  });
  assert.ok(target.page >= 2, `scrolled on to page ${target.page}`);
  await page.keyboard.down("Shift");
  await page.mouse.click(target.x, target.y);
  await page.keyboard.up("Shift");
  // Ctrl+C, as the reader copies: the clipboard gets every page the selection spans, those off screen too.
  const text = (await copySelection(page, context))["text/plain"];
  assert.ok(text.startsWith("inference, and love reading"), text.slice(0, 80));
  assert.ok(text.trimEnd().endsWith(target.text.trimEnd()), text.slice(-80));
  assert.ok(text.includes("Stop the colocated tests finalizing from inside the hpx_main loop"), "a page in between is copied too");
  // Every page of the book stays in the layer, in reading order (the whole route for screen readers).
  await page.mouse.click(5, 400);
  await page.mouse.wheel(0, 300);
  await settle(page);
  const order = await page.evaluate(() => [...document.querySelectorAll("#layer .page")].map((p) => +p.dataset.page));
  assert.deepEqual(order, order.map((_, i) => i), "every page, once, in order");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a link is an <a> under the pointer; Ctrl+click opens a new tab, a plain click turns the page here", async () => {
  const { page, errors, context } = await start("/");
  const r = await wordRect(page, "contents", "contents");
  const x = r.x + r.width / 2, y = r.mid;
  await page.mouse.move(x, y);
  const under = await page.evaluate(([x, y]) => {
    const el = document.elementFromPoint(x, y);
    return { tag: el.tagName, href: el.getAttribute("href"), cursor: getComputedStyle(el).cursor, draggable: el.draggable };
  }, [x, y]);
  // A real link: the browser's status bubble, context menu ("open in new tab", "copy link address") and
  // dragging all come with it.
  assert.deepEqual(under, { tag: "A", href: "/contents", cursor: "pointer", draggable: true });
  await page.keyboard.down("Control");
  const [tab] = await Promise.all([context.waitForEvent("page"), page.mouse.click(x, y)]);
  await page.keyboard.up("Control");
  await tab.waitForLoadState();
  assert.equal(tab.url(), env.base + "/contents");
  await tab.close();
  const [middle] = await Promise.all([context.waitForEvent("page"), page.mouse.click(x, y, { button: "middle" })]);
  await middle.waitForLoadState();
  assert.equal(middle.url(), env.base + "/contents");
  await middle.close();
  assert.equal(await page.evaluate(() => location.pathname), "/", "Ctrl+click and middle-click left this tab where it was");
  await page.mouse.click(x, y);
  await page.waitForFunction(() => location.pathname === "/contents");
  assert.equal(context.pages().length, 1);
  await settle(page);
  assert.ok(await page.evaluate(() => [...document.querySelectorAll("#layer [data-i]")].some((e) => e.textContent === "things I love")),
    "the contents page is on screen");
  assert.deepEqual(errors, []);
  await context.close();
});

test("Tab walks every link in reading order across a page turn, wholly in view; Enter follows", async () => {
  const { page, errors, context } = await start("/", { viewport: { width: 1280, height: 600 } });
  const seen = [];
  let turned = false;
  for (let i = 0; i < 24; i++) {
    const before = await page.evaluate(() => window.folio.scroll());
    await page.keyboard.press("Tab");
    await page.waitForFunction(() => document.activeElement && document.activeElement.closest("#layer"));
    await settle(page);
    const f = await page.evaluate(() => {
      const el = document.activeElement, r = el.getBoundingClientRect();
      return { text: el.textContent, top: r.top, bottom: r.bottom, visible: el.matches(":focus-visible") };
    });
    assert.ok(f.top >= 0 && f.bottom <= 600, `${f.text} is wholly on screen (${f.top}..${f.bottom})`);
    assert.ok(f.visible, "the focus ring shows");
    if ((await page.evaluate(() => window.folio.scroll())) > before) turned = true;
    seen.push(f.text);
  }
  assert.ok(turned, "Tab turned the page");
  const at = (prefix) => seen.findIndex((t) => t.startsWith(prefix));
  // The skipped links come in order: #7500, #7495, #7491, then "the rest (9)".
  assert.ok(at("Stop the colocated") >= 0, seen.join(" | "));
  assert.ok(at("Stop the colocated") < at("Restart the Dijkstra"), seen.join(" | "));
  assert.ok(at("Restart the Dijkstra") < at("Make force_disconnect"), seen.join(" | "));
  assert.ok(at("Make force_disconnect") < at("the rest (9)"), seen.join(" | "));
  // Shift+Tab goes back one.
  const last = seen[seen.length - 1];
  await page.keyboard.press("Shift+Tab");
  await settle(page);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), seen[seen.length - 2]);
  await page.keyboard.press("Tab");
  await settle(page);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), last);
  // Enter follows the focused link; on "the rest (9)" it unfolds the block and keeps the focus there.
  while ((await page.evaluate(() => document.activeElement.textContent)) !== "the rest (9)") {
    await page.keyboard.press("Shift+Tab");
    await settle(page);
  }
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement && document.activeElement.textContent === "fold the rest");
  await page.waitForFunction(() => [...document.querySelectorAll("#layer a")].some((e) => e.textContent.startsWith("Check that parcels to a killed locality")));
  assert.deepEqual(errors, []);
  await context.close();
});

test("a link that gets focus another way (a screen reader's cursor) is brought wholly into view", async () => {
  const { page, errors, context } = await start("/", { viewport: { width: 1280, height: 600 } });
  const text = await page.evaluate(() => {
    const el = [...document.querySelectorAll("#layer a[href]")].find((e) => e.getBoundingClientRect().top > 620);
    el.focus(); // what a screen reader's cursor does; no key press of the browser moves focus like it

    return el.textContent;
  });
  await page.waitForFunction(() => window.folio.scroll() > 0);
  await settle(page);
  const r = await page.evaluate(() => { const b = document.activeElement.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, text: document.activeElement.textContent }; });
  assert.equal(r.text, text);
  assert.ok(r.top >= 0 && r.bottom <= 600, JSON.stringify(r));
  assert.deepEqual(errors, []);
  await context.close();
});

test("Enter on a focused link of the contents opens its chapter", async () => {
  const { page, errors, context } = await start("/contents");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const href = await page.evaluate(() => document.activeElement.getAttribute("href"));
  assert.match(href, /^\/[a-z-]+$/);
  await page.keyboard.press("Enter");
  await page.waitForFunction((h) => location.pathname === h, href);
  assert.deepEqual(errors, []);
  await context.close();
});

test("with the layer present, two seconds idle draw no frame", async () => {
  const { page, errors, context } = await start("/");
  const before = await page.evaluate(() => window.folio.framesDrawn);
  const builds = await page.evaluate(() => window.folio.layerBuilds);
  await page.mouse.move(300, 300); // hovering the layer's text costs no frame of the book
  await settle(page);
  const start2 = await page.evaluate(() => window.folio.framesDrawn);
  await page.waitForTimeout(2000);
  assert.equal(await page.evaluate(() => window.folio.framesDrawn), start2);
  assert.ok(start2 - before <= 3, `hover drew ${start2 - before} frames`);
  assert.equal(await page.evaluate(() => window.folio.layerBuilds), builds, "no rebuild while idle");
  assert.deepEqual(errors, []);
  await context.close();
});

test("scrolling moves the layer (scrollTop and a transform); new pages rebuild it, and its text stays on the canvas's", async () => {
  const { page, errors, context } = await start("/");
  const builds = await page.evaluate(() => window.folio.layerBuilds);
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 60); // the same pages stay on screen
  await settle(page);
  assert.equal(await page.evaluate(() => window.folio.layerBuilds), builds);
  const a = await page.evaluate(() => {
    const el = [...document.querySelectorAll("#layer [data-i]")].find((e) => e.textContent === "Anshuman Agrawal");
    const r = el.getBoundingClientRect(), d = window.folio.box("Anshuman Agrawal");
    return { layer: r.y + r.height / 2, drawn: d.y + d.height / 2 - 0.16 * +el.dataset.s };
  });
  assert.ok(Math.abs(a.layer - a.drawn) < 1.5, JSON.stringify(a));
  await page.mouse.wheel(0, 2400); // other pages
  await settle(page);
  assert.ok((await page.evaluate(() => window.folio.layerBuilds)) > builds);
  // The pages on screen have their runs (those off screen may still be stubs, filled while idle).
  const pages = await page.evaluate(() => [...document.querySelectorAll("#layer .page")].filter((p) => {
    const r = p.getBoundingClientRect();
    return r.bottom > 0 && r.top < innerHeight;
  }).map((p) => ({ i: +p.dataset.page, runs: p.querySelectorAll("[data-i]").length })));
  assert.ok(pages.length >= 1 && pages.length <= 4 && pages[0].i >= 1, `pages on screen: ${JSON.stringify(pages)}`);
  assert.ok(pages.some((p) => p.runs > 0), `pages on screen hold their text: ${JSON.stringify(pages)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("screen readers get the text once, from the layer; #text steps aside", async () => {
  const { page, errors, context } = await start("/");
  await page.waitForFunction(() => !document.querySelector("#layer .page.later")); // the pages off screen, filled while idle
  const tree = await page.locator("body").ariaSnapshot();
  const count = (s) => tree.split(s).length - 1;
  // As often as the book sets it (the layer holds every page, #text none of them): the timeline and
  // the work chapter both say what Baton does.
  for (const words of ["Checks the handoffs inside inference systems", "Anshuman Agrawal"]) {
    const set = await page.evaluate((w) => document.getElementById("layer").textContent.split(w).length - 1, words);
    assert.ok(set >= 1, words);
    assert.equal(count(words), set, words);
  }
  assert.match(tree, /link "contents"/);
  assert.match(tree, /heading "2026" \[level=2\]/);
  assert.match(tree, /link "Stop the colocated tests finalizing from inside the hpx_main loop"/);
  assert.match(tree, /button "the rest \(9\)"/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("#text follows in-book navigation, back and forward (print and the fallback read it)", async () => {
  const { page, errors, context } = await start("/writing");
  const textOf = () => page.evaluate(() => document.getElementById("text").textContent);
  // What print shows: the article's text, not the list's (only the list names "arrays become matrices").
  const textIs = (article) => page.waitForFunction((article) => {
    const t = document.getElementById("text").textContent;
    return t.includes("the tensor was only the handle") && t.includes("arrays become matrices") !== article;
  }, article);
  assert.match(await textOf(), /arrays become matrices/);
  const r = await wordRect(page, "the tensor was only the handle");
  await page.mouse.click(r.x + 10, r.mid);
  await page.waitForFunction(() => location.pathname === "/writing/the-tensor-was-only-the-handle");
  await textIs(true);
  assert.match(await textOf(), /the tensor was only the handle/);
  assert.doesNotMatch(await textOf(), /arrays become matrices/);
  await page.goBack();
  await textIs(false);
  assert.match(await textOf(), /arrays become matrices/);
  await page.goForward();
  await textIs(true);
  assert.match(await textOf(), /the tensor was only the handle/);
  assert.doesNotMatch(await textOf(), /arrays become matrices/);
  // Printed, the page is the article's text.
  await page.emulateMedia({ media: "print" });
  assert.ok(await page.locator("main#text").isVisible());
  assert.ok(!(await page.locator("#layer").isVisible()));
  assert.deepEqual(errors, []);
  await context.close();
});

test("#text follows the address as the reader scrolls from chapter to chapter", async () => {
  const { page, errors, context } = await start("/");
  await page.keyboard.press("End");
  await page.waitForFunction(() => location.pathname === "/find-me");
  // #text is the front page's until the chapter's static page has come and replaced it.
  await page.waitForFunction(() => !document.getElementById("text").textContent.includes("Checks the handoffs inside inference systems"));
  const text = await page.evaluate(() => document.getElementById("text").textContent);
  assert.match(text, /find me/);
  assert.doesNotMatch(text, /Checks the handoffs inside inference systems/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a phone: a one-finger drag over the text scrolls; a tap on a link follows it", async () => {
  const { page, errors, context } = await start("/", { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
  const cdp = await context.newCDPSession(page);
  const bio = await wordRect(page, "inference");
  assert.ok(bio, "the layer is over the phone's page");
  // What the page did with each kind of touch event (the book's handlers run before the document's).
  await page.evaluate(() => {
    window.__touch = {};
    for (const type of ["touchstart", "touchmove", "touchend"])
      document.addEventListener(type, (e) => { window.__touch[type] = (window.__touch[type] || "") + (e.defaultPrevented ? "P" : "-"); });
  });
  // A touch that does not move is the browser's (a tap clicks, a long press selects a word): not prevented.
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: bio.x + 5, y: bio.mid }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  assert.deepEqual(await page.evaluate(() => window.__touch), { touchstart: "-", touchend: "-" });
  const touch = (type, y) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x: bio.x + 5, y }] });
  await touch("touchStart", 700);
  for (let y = 680; y >= 300; y -= 20) { await touch("touchMove", y); await page.waitForTimeout(8); }
  await touch("touchEnd", 300);
  await settle(page);
  assert.ok((await page.evaluate(() => window.folio.scroll())) >= 380);
  const drag = await page.evaluate(() => window.__touch);
  assert.match(drag.touchmove, /^-*P+$/, "the drag is the book's once it moves");
  // The drag started on text: it scrolled and selected nothing.
  assert.equal(await page.evaluate(() => getSelection().toString()), "");
  await page.keyboard.press("Home");
  await page.waitForFunction(() => window.folio.scroll() === 0);
  await settle(page);
  const r = await wordRect(page, "contents", "contents");
  const link = { x: r.x + r.width / 2, y: r.mid, href: "/contents" };
  await page.touchscreen.tap(link.x, link.y);
  await page.waitForFunction((h) => location.pathname === h, link.href);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a selection dragged to the bottom edge of the window scrolls the book on and grows with it", async () => {
  const { page, errors, context } = await start("/");
  const w = await wordRect(page, "inference", "I work on AI");
  await page.mouse.move(w.x + 1, w.mid);
  await page.mouse.down();
  await page.mouse.move(w.x + 40, 796, { steps: 8 }); // into the band at the window's bottom edge, held there
  const before = (await page.evaluate(() => getSelection().toString())).length;
  await page.waitForFunction(() => window.folio.scroll() > 600, null, { timeout: 30000 });
  await page.mouse.up();
  const after = await page.evaluate(() => ({ scroll: window.folio.scroll(), text: getSelection().toString() }));
  assert.ok(after.text.startsWith("inference"), after.text.slice(0, 40));
  assert.ok(after.text.length > before + 200, `the selection grew with the scroll: ${before} then ${after.text.length} characters`);
  // Let go, the book stays where the drag took it; a drag that stays in the middle of the window scrolls nothing.
  await settle(page);
  const kept = await page.evaluate(() => window.folio.scroll());
  const mid = await page.evaluate(() => {
    const el = [...document.querySelectorAll("#layer [data-i]")].find((e) => { const r = e.getBoundingClientRect(); return r.top > 350 && r.bottom < 450 && r.width > 80; });
    const r = el.getBoundingClientRect();
    return { x: r.left, mid: r.top + r.height / 2 };
  });
  await page.mouse.move(mid.x + 1, mid.mid);
  await page.mouse.down();
  await page.mouse.move(mid.x + 60, 420, { steps: 5 });
  await settle(page);
  await page.mouse.up();
  assert.equal(await page.evaluate(() => window.folio.scroll()), kept);
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a phone: a long press on a word selects it, and its lift follows no link", async () => {
  const { page, errors, context } = await start("/", { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
  const cdp = await context.newCDPSession(page);
  const w = await wordRect(page, "inference");
  const press = async (x, y, held) => {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    await held();
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  };
  // Held until the word is selected (a state, not a time): then lifted.
  await press(w.x + w.width / 2, w.mid, () => page.waitForFunction(() => getSelection().toString() !== "", null, { timeout: 30000 }));
  assert.equal(await page.evaluate(() => getSelection().toString()), "inference");
  // On a link: the word is selected and the page stays.
  const l = await wordRect(page, "contents", "contents");
  await press(l.x + l.width / 2, l.mid, () => page.waitForFunction(() => getSelection().toString() === "contents", null, { timeout: 30000 }));
  await idle(page);
  assert.equal(await page.evaluate(() => location.pathname), "/");
  assert.deepEqual(errors, []);
  await context.close();
});
