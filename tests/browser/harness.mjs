// Shared pieces of the browser tests: a plain static file server (like any static host: no rewrites,
// 404.html for unknown paths) and Debian's Chromium driven by playwright-core with WebGL on SwiftShader.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const MIME = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".json": "application/json",
  ".wasm": "application/wasm", ".ttf": "font/ttf", ".xml": "application/xml", ".txt": "text/plain", ".png": "image/png",
  ".svg": "image/svg+xml", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp",
};

export const SITE = process.env.FOLIO_SITE;

export function serve(root) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) { res.writeHead(403); res.end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    if (!fs.existsSync(file)) {
      res.writeHead(404, { "content-type": MIME[".html"] });
      res.end(fs.readFileSync(path.join(root, "404.html")));
      return;
    }
    res.writeHead(200, { "content-type": MIME[path.extname(file)] || "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

export async function launch() {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    // playwright gives every launch a fresh temporary profile of its own.
  });
}

// A page that records console errors and page errors; tests assert the list stays empty.
export async function open(browser, base, route, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base + route);
  return { context, page, errors };
}

export async function ready(page) {
  await page.waitForFunction(() => window.folio && window.folio.framesDrawn > 0, null, { timeout: 30000 });
  await page.evaluate(() => window.folio.ready);
}

// Waits until the page stops drawing (idle), then returns the frame counter.
export async function settle(page) {
  let last = -1;
  for (let i = 0; i < 50; i++) {
    const n = await page.evaluate(() => window.folio.framesDrawn);
    if (n === last) return n;
    last = n;
    await page.waitForTimeout(150);
  }
  return last;
}

// Pixels of a region of a screenshot, read back through a 2D canvas in the page itself.
export async function inkIn(page, rect, paper) {
  const png = await page.screenshot({ clip: rect });
  return page.evaluate(async ({ b64, paper }) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width; c.height = img.height;
    const ctx = c.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let differ = 0;
    for (let i = 0; i < d.length; i += 4)
      if (Math.abs(d[i] - paper[0]) + Math.abs(d[i + 1] - paper[1]) + Math.abs(d[i + 2] - paper[2]) > 120) differ++;
    return { differ, total: d.length / 4 };
  }, { b64: png.toString("base64"), paper });
}
