// Formulas in Debian's Chromium: a bundle with TeX is built here with this tree's folio (Temml typesets it
// at build time, MathJax draws its picture). The static page draws MathML Core, a fraction as a fraction (its
// numerator above its denominator), under the site's CSP with nothing refused; the book and the early page
// draw the formula's picture in the same box, the layer reads its MathML; a price stays text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertInkWhereProofIs, open, pixels, ready, settle, useOneArticle } from "../support/harness.mjs";

const env = useOneArticle("folio-math-", { slug: "gradients", title: "Gradients by hand", dek: "A product rule.",
  opening: "The product rule, once more.", tags: ["math"] },
"The product rule, once more.\n\n$$\\frac{\\partial(a \\cdot b)}{\\partial a} = b$$\n\n" +
  "Inline, $x^2$ grows. It costs $5 and $10.\n\nSee [the rule $a+b$](/writing) again.\n");

test("the static page draws the formulas as MathML: a fraction's numerator above its denominator", async () => {
  const { page, context, errors } = await open(env.browser, env.base, "/writing/gradients", { javaScriptEnabled: false });
  const shape = await page.evaluate(() => {
    const block = document.querySelector('#text math[display="block"]');
    const frac = block && block.querySelector("mfrac");
    if (!frac) return null;
    const [num, den] = [...frac.children].map((c) => c.getBoundingClientRect());
    const inline = document.querySelector("#text p math:not([display])");
    return { numBottom: num.bottom, denTop: den.top, width: block.getBoundingClientRect().width,
      inline: inline ? inline.textContent : null, text: document.querySelector("#text .body").textContent };
  });
  assert.ok(shape, "no displayed fraction in the page");
  assert.ok(shape.numBottom <= shape.denTop + 1, `the numerator (bottom ${shape.numBottom}) is not above the denominator (top ${shape.denTop})`);
  assert.ok(shape.width > 50, `the formula is ${shape.width} px wide`);
  assert.equal(shape.inline, "x2");
  assert.match(shape.text, /It costs \$5 and \$10\./);
  assert.deepEqual(errors, []); // nothing the CSP refused
  await context.close();
});

test("the book and the early page draw each formula's picture in one place; the layer reads it as MathML and copies its TeX", async () => {
  const { page, context, errors } = await open(env.browser, env.base, "/writing/gradients");
  await ready(page);
  await settle(page);
  // The book draws no TeX: each formula is a picture the layer shows over the page, in the text's ink.
  assert.equal(await page.evaluate(() => window.folio.box("\\frac{\\partial(a")), null, "the TeX is drawn as text");
  const layer = await page.evaluate(() => [...document.querySelectorAll("#layer .fm")].map((e) => {
    const r = e.getBoundingClientRect();
    return { tex: e.dataset.tex, math: !!e.querySelector("math mrow, math mi"), mask: getComputedStyle(e.firstChild).maskImage,
      x: r.x, y: r.y, w: r.width, h: r.height };
  }));
  assert.deepEqual(layer.map((f) => f.tex), ["\\frac{\\partial(a \\cdot b)}{\\partial a} = b", "x^2", "a+b"]);
  assert.ok(layer.every((f) => f.math), "each formula carries its MathML");
  assert.ok(layer.every((f) => /\/math\/[0-9a-f]+\.svg/.test(f.mask)), JSON.stringify(layer.map((f) => f.mask)));
  const [shown, inline] = layer;
  assert.ok(shown.w > 3 * inline.w && shown.h > 2 * inline.h, JSON.stringify(layer)); // a fraction, displayed
  // Ink where the displayed fraction is: its picture loaded and drawn (the page's paper is light).
  const clip = { x: Math.floor(shown.x), y: Math.floor(shown.y), width: Math.ceil(shown.w), height: Math.ceil(shown.h) };
  const img = await pixels(page, clip);
  let dark = 0;
  for (let i = 0; i < img.data.length; i += 4) if (img.data[i] + img.data[i + 1] + img.data[i + 2] < 300) dark++;
  assert.ok(dark > 0.05 * clip.width * clip.height, `${dark} dark pixels in the formula's ${clip.width} x ${clip.height} box`);
  // Assistive technology reads the formula as math.
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  assert.ok(nodes.filter((n) => !n.ignored && /^(math|MathMLMath)$/.test(n.role?.value)).length >= 2, "no math in the accessibility tree");
  // Copy gives a formula's TeX in its place in the text.
  const copied = await page.evaluate(() => {
    const runs = [...document.querySelectorAll("#layer [data-i]")];
    const from = runs.find((e) => e.textContent.startsWith("Inline")), to = runs.find((e) => e.textContent.includes("grows"));
    getSelection().setBaseAndExtent(from.firstChild, 0, to.firstChild, to.firstChild.length);
    return window.folio.selectedText();
  });
  assert.match(copied, /^Inline, x\^2 grows/);
  // The early page drew the same pictures in the same places, and its ink is the book's.
  await assertInkWhereProofIs(page, "formulas");
  await page.evaluate(() => { document.getElementById("proof").style.transform = ""; }); // as it was painted
  const proof = await page.evaluate(() => [...document.querySelectorAll("#proof .pv .pg i.fm")].filter((e) => e.offsetParent !== null).map((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height, mask: getComputedStyle(e).maskImage };
  }));
  assert.equal(proof.length, layer.length);
  proof.forEach((p, k) => {
    const b = layer[k];
    assert.equal(p.mask, b.mask);
    for (const key of ["x", "y", "w", "h"]) assert.ok(Math.abs(p[key] - b[key]) <= 1.5, `formula ${k}: ${key} ${p[key]} in the early page, ${b[key]} in the book`);
  });
  // A formula in a link is the link's: a click on it follows it inside the book, as on the link's words.
  await page.evaluate(() => { // the book and its layer back on top of the early page
    document.getElementById("book").style.visibility = "";
    document.getElementById("layer").style.visibility = "";
    document.getElementById("proof").style.visibility = "hidden";
  });
  const where = () => page.evaluate(() => {
    const el = [...document.querySelectorAll("#layer .fm")].find((e) => e.dataset.tex === "a+b");
    const r = el.getBoundingClientRect();
    return { tag: el.tagName, l: el.dataset.l, x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  let linked = await where();
  if (linked.y > 700) { // below the window: scrolled into view as a reader would
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, linked.y - 400);
    await settle(page);
    linked = await where();
  }
  assert.equal(linked.tag, "A");
  assert.ok(linked.l !== undefined, "the formula is not the link's");
  await page.evaluate(() => { window.stillThisPage = true; }); // gone if the browser loaded another page
  await page.mouse.click(linked.x, linked.y);
  await page.waitForFunction(() => location.pathname === "/writing");
  assert.equal(await page.evaluate(() => window.stillThisPage), true, "the browser, not the book, followed it");
  assert.equal(context.pages().length, 1);
  assert.deepEqual(errors, []);
  await context.close();
});
