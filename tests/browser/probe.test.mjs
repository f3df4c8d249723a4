import { test } from "node:test";
import { launch, ready, settle } from "../support/harness.mjs";
test("probe", async () => {
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = []; page.on("pageerror", (e) => errors.push(String(e))); page.on("console", (m) => errors.push(m.text()));
  await page.goto("http://127.0.0.1:6999/no/such/page");
  await ready(page); await settle(page);
  await page.waitForTimeout(3000);
  console.log(JSON.stringify(await page.evaluate(() => ({ layer: document.getElementById("layer")?.textContent.slice(0, 300), state: folio.loader.state, hist: folio.loader.history.map(h=>h.to||h.state||JSON.stringify(h)).join(" "), err: folio.error, builds: folio.layerBuilds, html: document.documentElement.className, frames: folio.framesDrawn }))));
  console.log(JSON.stringify(errors));
  await context.close(); await browser.close();
});
