// One set of rules for the keys and the wheel: the early page (the proof, before the book has drawn) and
// the book answer the same presses by the same distances, from the same steps (core/book/scroll.h, handed to
// boot.js in the proof's data-scroll). A long article at a desktop's size (spreads) and a phone's (one page).
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { useSite, gate, idle } from "../support/harness.mjs";

const WASM = /^\/assets\/folio\.[0-9a-f]+\.wasm$/;
const held = [];
const drip = (p) => (WASM.test(p) && held.length ? held[held.length - 1].wait : null);
afterEach(() => held.splice(0).forEach((g) => g.open()));
const env = useSite(process.env.FOLIO_RICH_SITE, { drip });
assert.ok(process.env.FOLIO_RICH_SITE, "FOLIO_RICH_SITE is not set: run ./folio test, which builds tests/fixtures/rich");
const ROUTE = "/writing/everything-markdown";

const VIEWS = [
  { name: "1280", viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" },
  { name: "1920", viewport: { width: 1920, height: 1080 }, reducedMotion: "reduce" },
  { name: "a short window", viewport: { width: 1280, height: 420 }, reducedMotion: "reduce" },
  { name: "phone", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
    reducedMotion: "reduce" },
];
// Each trial starts at the top. The proof holds only the route's first pages: a move past them stops at its
// end (and pushing on hands over to the text, by design), so there it is compared as "as far as it goes".
const TRIALS = [
  [["ArrowDown"], ["ArrowDown"], ["ArrowDown"], ["ArrowUp"]],
  [["PageDown"]],
  [["Space"]],
  [["ArrowDown"], ["ArrowDown"], ["ArrowDown"], ["Shift+Space"]],
  [["ArrowDown"], ["ArrowDown"], ["ArrowDown"], ["ArrowDown"], ["PageUp"]],
  [["wheel", 100], ["wheel", 100], ["wheel", -60]],
  [["End"], ["Home"]],
];

// Each press, then two frames: the proof's wheel listener is passive and runs after the press returns.
async function press(page, [key, dy]) {
  if (key === "wheel") await page.mouse.wheel(0, dy);
  else await page.keyboard.press(key);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

// The proof alone: the wasm held back, flowing a byte at a time (not a stall), so the book never starts.
// release() closes the page and lets the wasm go.
async function openProof(view) {
  const g = gate();
  held.push(g);
  const context = await env.browser.newContext(view);
  const page = await context.newPage();
  await page.goto(env.base + ROUTE, { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => document.documentElement.classList.contains("proof-on"));
  const release = async () => {
    await context.close();
    g.open();
    held.splice(held.indexOf(g), 1);
  };
  return { page, release };
}

// The book, once it has drawn and its later code is in.
async function openBook(view) {
  const context = await env.browser.newContext(view);
  const page = await context.newPage();
  await page.goto(env.base + ROUTE);
  await page.waitForFunction(() => performance.getEntriesByName("folio:later-ready").length > 0, null, { timeout: 30000 });
  await idle(page);
  return { page, context };
}

async function run(page, read, settleBook) {
  const out = [];
  for (const trial of TRIALS) {
    await page.keyboard.press("Home");
    await settleBook();
    const ys = [];
    for (const k of trial) {
      await press(page, k);
      await settleBook();
      ys.push(await read());
    }
    out.push(ys);
  }
  return out;
}

for (const { name, ...view } of VIEWS) {
  test(`${name}: the proof and the book move alike for arrows, page keys, space, Home, End and the wheel`, async () => {
    // The proof alone (openProof). On a machine too loaded to send those bytes (the test's own server starved for 3 s), the page's stall
    // rule rightly hands over to the text, and the proof stops answering: that run says nothing about the
    // keys, so it is made again (at most three times), and the one compared is a run the proof kept.
    let proof = null, tries = 0;
    for (; tries < 3 && !proof; tries++) {
      const { page: p1, release } = await openProof(view);
      await p1.mouse.move(view.viewport.width / 2, view.viewport.height / 2);
      const ys = await run(p1, () => p1.evaluate(() => parseFloat(document.getElementById("proof").style.getPropertyValue("--sy")) || 0), async () => {});
      const state = await p1.evaluate(() => document.documentElement.className);
      assert.ok(state.includes("proof-on") && !state.includes("canvas-on"), `the proof stayed and the book stayed back (${state})`);
      if (!state.includes("no-canvas")) proof = ys;
      else console.log(`${name}: the text took over from the proof (a stall on a loaded machine); again`);
      await release();
    }
    assert.ok(proof, `${name}: in ${tries} runs the text took over from the proof every time`);
    const reach = Math.max(...proof.flat());

    // The book: the same presses once it has drawn and its later code is in.
    const { page: p2, context: late } = await openBook(view);
    await p2.mouse.move(view.viewport.width / 2, view.viewport.height / 2);
    const book = await run(p2, () => p2.evaluate(() => window.folio.scroll()), () => idle(p2));
    await late.close();

    const report = TRIALS.map((t, i) => t.map((k, j) => `${k.join(" ")}: proof ${proof[i][j]}, book ${book[i][j]}`).join("; ")).join("\n");
    let exact = 0;
    for (let i = 0; i < TRIALS.length; i++)
      for (let j = 0; j < TRIALS[i].length; j++) {
        const p = proof[i][j], b = book[i][j];
        if (Math.abs(p - b) <= 1) { exact++; continue; }
        // Past the proof's pages: it went as far as it has, and no further than the book.
        assert.ok(Math.abs(p - reach) <= 1 && b > reach, `${name}: after ${TRIALS[i][j].join(" ")} (trial ${i + 1}) the proof is at ${p}, the book at ${b}\n${report}`);
      }
    // Not a run of no-ops: most presses moved both, to the pixel.
    assert.ok(exact >= 10, `${name}: only ${exact} presses agreed exactly\n${report}`);
    console.log(`${name} (proof reach ${reach}):\n${report}`);
  });
}

// One copy for both (folio.copyOf): the same selection, over the article's first page (the proof holds that
// page), copies alike from the proof and from the book's layer, as text and as HTML, its blocks kept. The
// table, on the next page, is copied from the book: its rows and cells kept.
async function copyBetween(page, runs, first, last) {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(page.url()).origin });
  const picked = await page.evaluate(([sel, first, last]) => {
    const all = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length > 0);
    const from = all.find((e) => e.textContent.startsWith(first));
    const to = from && all.slice(all.indexOf(from)).find((e) => e.textContent === last);
    if (!from || !to) return false;
    const range = document.createRange();
    range.setStart(from.firstChild, 0);
    range.setEnd(to.firstChild, to.firstChild.length);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    return true;
  }, [runs, first, last]);
  assert.ok(picked, `${runs}: runs from "${first}" to "${last}"`);
  await page.evaluate(() => navigator.clipboard.writeText("(nothing copied)"));
  await page.keyboard.press("Control+C");
  return page.evaluate(async () => {
    const out = {};
    for (const item of await navigator.clipboard.read())
      for (const type of item.types) out[type] = await (await item.getType(type)).text();
    return out;
  });
}

test("the proof and the book copy one selection alike: its words and blocks; the book a table's rows and cells", async () => {
  const view = { viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" };
  const FIRST = "« writing", LAST = "Six.";
  const { page: p1, release } = await openProof(view);
  const proof = await copyBetween(p1, "#proof .pg b, #proof .pg a", FIRST, LAST);
  const state = await p1.evaluate(() => document.documentElement.className);
  assert.ok(state.includes("proof-on") && !state.includes("canvas-on"), `the copy was the proof's (${state})`);
  await release();

  const { page: p2, context: late } = await openBook(view);
  const book = await copyBetween(p2, "#layer [data-i]", FIRST, LAST);
  await p2.keyboard.press("PageDown");
  await idle(p2);
  const table = await copyBetween(p2, "#layer [data-i]", "token", "12");
  await late.close();

  assert.equal(proof["text/plain"], book["text/plain"]);
  assert.equal(proof["text/html"], book["text/html"]);
  const text = book["text/plain"];
  assert.ok(text.startsWith("« writing\n\nEverything Markdown can do\n\n"), text.slice(0, 80));
  assert.match(text, /\n\nLists\n\n/); // a heading is a block of its own
  assert.match(text, /\n\n– a name,\n\n/);
  assert.match(text, /\n\n6\. Six\.$/);
  assert.doesNotMatch(text, /\n1\n/, "no folio");
  assert.match(book["text/html"], /<h1>Everything Markdown can do<\/h1>/);
  assert.match(book["text/html"], /<h2>Lists<\/h2>/);
  assert.match(book["text/html"], /<a href="https:\/\/spec\.commonmark\.org\/">link to the spec<\/a>/);
  assert.equal(table["text/plain"], "token\texample\tcount\nnumber\t42\t3\nname\tx\t12");
  assert.equal(table["text/html"].replace(/<\/?tbody>/g, ""), "<table><tr><th>token</th><th>example</th><th>count</th></tr>\n" +
    "<tr><td>number</td><td>42</td><td>3</td></tr>\n<tr><td>name</td><td>x</td><td>12</td></tr></table>\n");
});
