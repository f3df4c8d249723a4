// Formulas in Debian's Chromium: a bundle with TeX is built here with this tree's folio (Temml typesets it
// at build time). The static page draws MathML Core, a fraction as a fraction (its numerator above its
// denominator), under the site's CSP with nothing refused; the book sets the same formula's TeX; a price
// stays text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, ready, settle, useOneArticle } from "../support/harness.mjs";

const env = useOneArticle("folio-math-", { slug: "gradients", title: "Gradients by hand", dek: "A product rule.",
  opening: "The product rule, once more.", tags: ["math"] },
"The product rule, once more.\n\n$$\\frac{\\partial(a \\cdot b)}{\\partial a} = b$$\n\n" +
  "Inline, $x^2$ grows. It costs $5 and $10.\n");

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

test("the book sets the formula's TeX, and the layer carries it", async () => {
  const { page, context, errors } = await open(env.browser, env.base, "/writing/gradients");
  await ready(page);
  await settle(page);
  assert.ok(await page.evaluate(() => window.folio.box("\\frac{\\partial(a")), "the TeX is not drawn in the book");
  const layer = await page.evaluate(() => [...document.querySelectorAll("#layer [data-i]")].map((e) => e.textContent).join(" "));
  assert.ok(layer.includes("\\frac{\\partial(a \\cdot b)}{\\partial a} = b"), layer);
  assert.deepEqual(errors, []);
  await context.close();
});
