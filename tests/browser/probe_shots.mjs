import { serve, launch, ready, settle } from "./harness.mjs";
const [site, out, ...routes] = process.argv.slice(2);
const server = await serve(site);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launch();
const views = [
  { name: "phone", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, colorScheme: "light" },
  { name: "desktop", viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, colorScheme: "light" },
];
for (const v of views) for (const r of routes) {
  const c = await browser.newContext(v); const p = await c.newPage();
  await p.goto(base + r); await ready(p); await settle(p);
  await p.screenshot({ path: `${out}/${v.name}${r.replace(/\//g, "_")}.png` });
  await c.close();
}
await browser.close(); server.close();
