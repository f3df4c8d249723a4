// Screenshots of the proof alone (the wasm held back) and of the book after it took over, for looking at
// (not a test): node tests/browser/proofshots.mjs SITE OUTDIR [ROUTE...]
import { serve, launch, ready, settle } from "../support/harness.mjs";

const [site, out, ...given] = process.argv.slice(2);
const routes = given.length ? given : ["/", "/writing/a-file-is-just-bytes"];
const server = await serve(site);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launch();
const views = [
  { name: "phone", viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  { name: "laptop", viewport: { width: 1280, height: 800 } },
  { name: "desktop", viewport: { width: 1920, height: 1080 } },
  { name: "dark", viewport: { width: 1280, height: 800 }, colorScheme: "dark" },
];
for (const v of views) {
  const { name, ...options } = v;
  for (const route of routes) {
    const slug = route === "/" ? "front" : route.split("/").pop();
    const held = await browser.newContext(options);
    const p1 = await held.newPage();
    await p1.route("**/assets/folio.*.wasm", () => {}); // never answered
    await p1.goto(base + route, { waitUntil: "domcontentloaded" });
    await p1.waitForFunction(() => document.documentElement.classList.contains("proof-on"));
    await p1.screenshot({ path: `${out}/${name}-${slug}-proof.png` });
    await held.close();
    const book = await browser.newContext(options);
    const p2 = await book.newPage();
    await p2.goto(base + route);
    await ready(p2);
    await settle(p2);
    await p2.screenshot({ path: `${out}/${name}-${slug}-book.png` });
    await book.close();
  }
}
await browser.close();
server.close();
