// Screenshots of the pictures article (a footnote and a data: picture), book and static HTML.
import { serve, launch, ready, settle } from "./harness.mjs";
const [site, out] = process.argv.slice(2);
const server = await serve(site);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launch();
for (const v of [{ name: "desktop", viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
                 { name: "phone", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 }]) {
  const ctx = await browser.newContext(v);
  const page = await ctx.newPage();
  await page.goto(base + "/writing/pictures-with-spaces");
  await ready(page);
  await page.waitForFunction(() => document.documentElement.classList.contains("canvas-on"), null, { timeout: 60000 });
  await settle(page);
  await page.mouse.move(v.viewport.width / 2, v.viewport.height / 2);
  for (let i = 0; i < 6; i++) {
    await page.screenshot({ path: `${out}/${v.name}-book-${i}.png` });
    await page.mouse.wheel(0, v.viewport.height * 0.8);
    await settle(page);
  }
  await ctx.close();
  const h = await browser.newContext({ ...v, javaScriptEnabled: false });
  const hp = await h.newPage();
  await hp.goto(base + "/writing/pictures-with-spaces");
  await hp.evaluate(() => document.fonts.ready);
  await hp.screenshot({ path: `${out}/${v.name}-html.png`, fullPage: true });
  await h.close();
}
await browser.close();
server.close();
