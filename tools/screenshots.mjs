// Screenshots of a built site in Debian's Chromium, for looking at what a visitor sees (not a test).
//
//   node tools/screenshots.mjs SITE_DIR OUT_DIR [ROUTE...]
//
// Every route (default: / /books /writing/<first article>) at the phone, tablet, laptop and desktop sizes
// the issues name, in the light and the dark scheme: OUT_DIR/<route>-<w>x<h>-<scheme>.png.
import fs from "node:fs";
import path from "node:path";
import { serve, launch, settle } from "../tests/support/harness.mjs";

const [site, out, ...routes] = process.argv.slice(2);
if (!site || !out) {
  console.error("usage: node tools/screenshots.mjs SITE_DIR OUT_DIR [ROUTE...]");
  process.exit(2);
}
const VIEWPORTS = [
  { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
  { width: 2560, height: 1440 },
];

if (!routes.length) {
  const site_json = JSON.parse(fs.readFileSync(path.join(site, "site.json"), "utf8"));
  const first = (site_json.writing || [])[0];
  routes.push("/", "/books");
  if (first && first.slug) routes.push("/writing/" + first.slug);
}
fs.mkdirSync(out, { recursive: true });
const server = await serve(path.resolve(site));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launch();
try {
  for (const v of VIEWPORTS) {
    for (const scheme of ["light", "dark"]) {
      const { width, height, ...rest } = v;
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, ...rest });
      const page = await context.newPage();
      for (const route of routes) {
        await page.goto(base + route);
        await page.waitForFunction(() => window.folio && (window.folio.framesDrawn > 0 || window.folio.error), null, { timeout: 60000 });
        await settle(page);
        const name = (route === "/" ? "front" : route.slice(1).replace(/\//g, "_")) + `-${width}x${height}-${scheme}.png`;
        await page.screenshot({ path: path.join(out, name) });
        console.log(path.join(out, name));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
