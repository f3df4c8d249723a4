// Screenshots of the blog fixture, the book and the static HTML side by side, for looking at (not a
// test): node tests/browser/shots.mjs SITE OUTDIR
import { serve, launch, ready, settle } from "../support/harness.mjs";

const [site, out] = process.argv.slice(2);
const server = await serve(site);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launch();
const views = [
  { name: "phone", viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, colorScheme: "light" },
  { name: "desktop", viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, colorScheme: "light" },
  { name: "dark", viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1, colorScheme: "dark" },
];
const routes = [["raw", "/writing/raw-html-tour"], ["code", "/writing/code-in-every-language"],
  ["images", "/writing/pictures-with-spaces"], ["anchor", "/writing/a-long-read#part-two-1"]];
const scrolls = { raw: [0, 900, 1800], code: [0, 900, 1800], images: [0], anchor: [-1] };
for (const v of views) {
  for (const [name, route] of routes) {
    const book = await browser.newContext(v);
    const page = await book.newPage();
    await page.goto(base + route);
    await ready(page);
    await settle(page);
    for (const y of scrolls[name]) {
      if (y >= 0) {
        await page.mouse.move(v.viewport.width / 2, v.viewport.height / 2);
        await page.mouse.wheel(0, y === 0 ? 0 : 900);
        await settle(page);
      }
      await page.screenshot({ path: `${out}/${v.name}-${name}-book-${y}.png` });
    }
    await book.close();
    const html = await browser.newContext({ ...v, javaScriptEnabled: false });
    const hp = await html.newPage();
    await hp.goto(base + route);
    await hp.evaluate(() => document.fonts.ready); // its faces in (noscript.css), not a guess of how long they take
    for (const y of scrolls[name]) {
      if (y >= 0) await hp.evaluate((yy) => window.scrollTo(0, yy * 1.0), y);
      await hp.screenshot({ path: `${out}/${v.name}-${name}-html-${y}.png` });
    }
    await html.close();
  }
}
await browser.close();
server.close();
