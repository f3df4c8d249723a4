// The walking skeleton in a real browser: the built site, served by a plain static server, loads,
// draws its first frame with no console error, and the canvas shows the site owner's name in ink.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSite, open, ready, settle, inkIn } from "../support/harness.mjs";

const env = useSite();

test("the front page draws the name and tagline in ink", async () => {
  const { page, errors, context } = await open(env.browser, env.base, "/");
  await ready(page);
  await settle(page);
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains("canvas-on")));
  for (const text of ["Anshuman Agrawal", "I work on AI infra"]) {
    const box = await page.evaluate((t) => window.folio.box(t), text);
    assert.ok(box, `${text} is drawn on screen`);
    const ink = await inkIn(page, box, [252, 250, 245]);
    assert.ok(ink.differ > ink.total * 0.05, `${text}: ${ink.differ} of ${ink.total} pixels are ink`);
  }
  // A stretch of empty paper (the left margin of page i) has no ink: the check above is not trivially true.
  const name = await page.evaluate(() => window.folio.box("Anshuman Agrawal"));
  const paper = await inkIn(page, { x: name.x - 40, y: name.y, width: 30, height: 300 }, [252, 250, 245]);
  assert.equal(paper.differ, 0);
  assert.deepEqual(errors, []);
  await context.close();
});
