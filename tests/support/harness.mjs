// Shared pieces of the browser tests: a plain static file server (like any static host: no rewrites,
// 404.html for unknown paths) and Debian's Chromium driven by playwright-core with WebGL on SwiftShader.
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import { execFileSync } from "node:child_process";
import path from "node:path";
import zlib from "node:zlib";
import { before, after } from "node:test";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const MIME = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".json": "application/json",
  ".wasm": "application/wasm", ".ttf": "font/ttf", ".xml": "application/xml", ".txt": "text/plain", ".png": "image/png",
  ".svg": "image/svg+xml", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp",
};

export const SITE = process.env.FOLIO_SITE;
// The repository (FOLIO_ROOT from ./folio test; else two folders up from this file).
export const ROOT_DIR = process.env.FOLIO_ROOT || path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

// options.trickle(pathname): bytes per 100 ms for a file that comes slowly (a slow link to it alone), or 0.
// options.gzip: compress what a static host compresses (everything but images) for a browser that asks,
// as such hosts do; without it the files go as they are, as from any plain file server.
const COMPRESSED = new Set([".html", ".js", ".css", ".json", ".wasm", ".ttf", ".xml", ".txt", ".svg"]);
export function serve(root, options = {}) {
  const gzipped = new Map();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) { res.writeHead(403); res.end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    if (!fs.existsSync(file)) {
      const notFound = path.join(root, "404.html"); // (a site without one: a plain line, as a host says it)
      res.writeHead(404, { "content-type": MIME[".html"] });
      res.end(fs.existsSync(notFound) ? fs.readFileSync(notFound) : "404 Not Found\n");
      return;
    }
    const type = MIME[path.extname(file)] || "application/octet-stream";
    if (options.gzip && COMPRESSED.has(path.extname(file)) && /\bgzip\b/.test(req.headers["accept-encoding"] || "")) {
      if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(file)));
      res.writeHead(200, { "content-type": type, "content-encoding": "gzip", vary: "accept-encoding" });
      return res.end(gzipped.get(file));
    }
    res.writeHead(200, { "content-type": type });
    const drip = options.drip ? options.drip(url.pathname) : null;
    if (drip) return dripped(res, fs.readFileSync(file), drip);
    const rate = options.trickle ? options.trickle(url.pathname) : 0;
    if (!rate) return fs.createReadStream(file).pipe(res);
    const bytes = fs.readFileSync(file);
    let sent = 0;
    const timer = setInterval(() => {
      res.write(bytes.subarray(sent, sent + rate));
      sent += rate;
      if (sent >= bytes.length) { clearInterval(timer); res.end(); }
    }, 100);
    res.on("close", () => clearInterval(timer));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// options.drip(pathname): a promise for a file that is to come a byte per 100 ms until it resolves, then
// the rest at once (or nothing, for the others): a download that flows, so the page's stall rule (no byte
// for 3 s, web/boot.js) never takes it for a stall however slow the machine, and ends on the test's signal.
function dripped(res, bytes, until) {
  let sent = 0, done = false;
  const timer = setInterval(() => { if (sent < bytes.length - 1) res.write(bytes.subarray(sent, ++sent)); }, 100);
  res.on("close", () => { done = true; clearInterval(timer); });
  until.then(() => {
    clearInterval(timer);
    if (!done) res.end(bytes.subarray(sent));
  });
}

// Chromium takes only the last --disable-features it is given, so the one below holds playwright-core's own
// list (its chromiumSwitches, 1.65.1 as package.json pins it) and the features that make the browser's own
// WebUI pages: the omnibox popup, a page in a renderer of its own, is made for every new context (each
// test's and each cold load's), seconds of CPU on two cores beside the page under test; a visitor's browser
// made it once, at its start. playwright's own switch is left out (ignoreDefaultArgs); if a later version
// says another list, its switch stays, and this one, coming last, still holds the list above.
const PLAYWRIGHT_DISABLED = ["AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying",
  "AimEnabled", "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion"];
const BROWSER_UI_PAGES = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup", "PreloadTopChromeWebUI"];

export async function launch() {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-features=" + [...PLAYWRIGHT_DISABLED, ...BROWSER_UI_PAGES].join(",")],
    ignoreDefaultArgs: ["--disable-features=" + PLAYWRIGHT_DISABLED.join(",")],
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

// Waits until the book has gone one whole animation frame without drawing, then returns the frame counter.
// Counted in the page's own frames, not in time: the book draws every frame while it moves (main.cpp asks
// for the next frame from each one), so a frame without a drawing means it has stopped, however slowly a
// loaded machine draws. (settle, above, can take a frame slower than 150 ms for the end of the motion.)
export function idle(page) {
  return page.evaluate(() => new Promise((resolve) => {
    let last = -1;
    const tick = () => {
      const n = window.folio.framesDrawn;
      if (n === last) return resolve(n);
      last = n;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }));
}

// Resolves with `promise`, or fails naming `what` if it has not settled by `ms` (a bound on a wait for a
// state or an event, so that a state that never comes fails the test instead of hanging it; never a
// measure of how quick anything is).
export function within(promise, what, ms = 30000) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms / 1000} s`)), ms);
  })]).finally(() => clearTimeout(timer));
}

// A gate for a held request: `wait` resolves once the test calls open() (a download held on the test's
// signal, for as long as its assertions take, instead of for a fixed time).
export function gate() {
  let open;
  const wait = new Promise((resolve) => (open = resolve));
  return { wait, open };
}

// Registers the shared server and browser for a test file: the site folder served like a static host.
// site: a built site's folder, or a function that makes one when the file's tests start (env.site).
export function useSite(site = SITE, options = {}) {
  const env = {};
  before(async () => {
    env.site = typeof site === "function" ? await site() : site;
    env.server = await serve(env.site, options);
    env.base = `http://127.0.0.1:${env.server.address().port}`;
    env.browser = await launch();
  });
  after(async () => { await env.browser?.close(); env.server?.close(); });
  return env;
}

// A screenshot as RGBA pixels, decoded here (PNG: zlib + the five scanline filters).
export async function pixels(page, clip) {
  return decodePng(await page.screenshot(clip ? { clip } : {}));
}

// A PNG's RGBA pixels (8-bit RGB or RGBA, as Chromium writes them).
export function decodePng(png) {
  let pos = 8, width = 0, height = 0, channels = 4;
  const idat = [];
  while (pos < png.length) {
    const len = png.readUInt32BE(pos), type = png.toString("ascii", pos + 4, pos + 8);
    const data = png.subarray(pos + 8, pos + 8 + len);
    if (type === "IHDR") { width = data.readUInt32BE(0); height = data.readUInt32BE(4); channels = data[9] === 6 ? 4 : 3; }
    if (type === "IDAT") idat.push(data);
    pos += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels, out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)], line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)), cur = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? cur[i - channels] : 0, b = prev[i], c = i >= channels ? prev[i - channels] : 0;
      const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const pred = f === 1 ? a : f === 2 ? b : f === 3 ? (a + b) >> 1 : f === 4 ? (pa <= pb && pa <= pc ? a : pb <= pc ? b : c) : 0;
      cur[i] = (line[i] + pred) & 255;
    }
    for (let x = 0; x < width; x++) {
      out.set(cur.subarray(x * channels, x * channels + 3), (y * width + x) * 4);
      out[(y * width + x) * 4 + 3] = 255;
    }
    prev = cur;
  }
  return { width, height, data: out };
}

// How many pixels of a region differ clearly from the paper colour.
export async function inkIn(page, rect, paper) {
  const { data } = await pixels(page, rect);
  let differ = 0;
  for (let i = 0; i < data.length; i += 4)
    if (Math.abs(data[i] - paper[0]) + Math.abs(data[i + 1] - paper[1]) + Math.abs(data[i + 2] - paper[2]) > 120) differ++;
  return { differ, total: data.length / 4 };
}

// A site of one article built here with this tree's folio (build/native/folio, build/web and the seed's fonts,
// which ./folio test builds): the bundle is written to a fresh temporary folder, then built beside it.
// article: the writing entry's fields over a plain one ("/writing/<slug>"); body: its Markdown. Returns
// {work, site}: remove work when done.
export function buildOneArticle(prefix, article, body) {
  const build = path.join(ROOT_DIR, "build");
  for (const [what, file] of [["the native folio", "native/folio"], ["the web build", "web"], ["the seed's fonts", "fonts"]])
    if (!fs.existsSync(path.join(build, file))) throw new Error(`${what} is missing (build/${file}): run ./folio test, which builds it`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const bundle = path.join(work, "bundle"), site = path.join(work, "site");
  fs.mkdirSync(path.join(bundle, "writing"), { recursive: true });
  const entry = { date: "2026-03-01", dek: "A note.", tags: ["notes"], body_file: "writing/article.md", ...article };
  fs.writeFileSync(path.join(bundle, "content.json"), JSON.stringify({
    schema: 1,
    site: { title: "Ada Example", author: "Ada Example", tagline: "Notes.", base_url: "https://ada.example/",
      language: "en", description: "Notes." },
    timeline: [{ year: 2026, entries: [{ article: entry.slug }] }],
    writing: [entry],
    contents: [{ title: "writing", chapter: "writing" }],
  }, null, 2));
  fs.writeFileSync(path.join(bundle, entry.body_file), body);
  execFileSync(path.join(build, "native/folio"), ["build", bundle, "-o", site, "--web", path.join(build, "web"),
    "--fonts", path.join(build, "fonts")], { stdio: "ignore" });
  return { work, site };
}

// useSite for a site of one article (buildOneArticle) built when the file's tests start, removed after them:
// after the browser and the server are closed (hooks run in the order registered), so that no late request
// of the page's finds the folder gone.
export function useOneArticle(prefix, article, body) {
  let built = null;
  const env = useSite(() => (built = buildOneArticle(prefix, article, body)).site);
  after(() => { if (built) fs.rmSync(built.work, { recursive: true, force: true }); });
  return env;
}

// The early page against the book, pixel by pixel (tests/browser/proof.test.mjs).
// The proof's text on screen: the union of its visible runs' boxes (CSS px, within the window and left of
// the book's scrollbar), and whether it is shown.
export function proofText() {
  const proof = document.getElementById("proof");
  const runs = [...proof.querySelectorAll(".pg b, .pg a")].filter((s) => s.offsetParent !== null);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const s of runs) {
    const r = s.getBoundingClientRect();
    if (r.bottom <= 0 || r.top >= innerHeight || r.width === 0) continue;
    x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top); x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
  }
  const clip = { x: Math.max(0, Math.floor(x0)), y: Math.max(0, Math.floor(y0)) };
  clip.width = Math.min(innerWidth - 12, Math.ceil(x1)) - clip.x;
  clip.height = Math.min(innerHeight, Math.ceil(y1)) - clip.y;
  return { shown: getComputedStyle(proof).visibility === "visible" && getComputedStyle(proof).display !== "none", runs: runs.length, clip };
}

// The mean luminance difference over the pixels that are ink in either picture: 0 where the two pictures'
// ink lies in the same places (tests/browser/proof.test.mjs says what the tolerance catches).
export function inkDifference(a, b) {
  const lum = (img, i) => img.data[i] * 0.2126 + img.data[i + 1] * 0.7152 + img.data[i + 2] * 0.0722;
  const counts = new Map();
  for (let i = 0; i < a.data.length; i += 4) {
    const l = Math.round(lum(a, i));
    counts.set(l, (counts.get(l) || 0) + 1);
  }
  const paper = [...counts].sort((p, q) => q[1] - p[1])[0][0]; // the commonest: the page
  let sum = 0, n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const p = lum(a, i), q = lum(b, i);
    if (Math.abs(p - paper) < 24 && Math.abs(q - paper) < 24) continue;
    sum += Math.abs(p - q);
    n++;
  }
  return { mean: sum / Math.max(1, n), pixels: n };
}

// With the book shown, its ink over the proof's text region against the proof's own (the book and its layer
// hidden), and against the proof moved 2 px down: the first within tolerance, the second beyond it
// (tests/browser/proof.test.mjs says what the tolerance catches).
export async function assertInkWhereProofIs(page, label, tolerance = 50) {
  const region = await page.evaluate(proofText);
  assert.ok(region.runs > 5 && region.clip.width > 100 && region.clip.height > 100, JSON.stringify(region));
  const bookPixels = await pixels(page, region.clip);
  await page.evaluate(() => {
    document.getElementById("book").style.visibility = "hidden";
    document.getElementById("layer").style.visibility = "hidden";
    document.getElementById("proof").style.visibility = "visible";
  });
  const proofPixels = await pixels(page, region.clip);
  await page.evaluate(() => { document.getElementById("proof").style.transform = "translate(0, 2px)"; });
  const lower = await pixels(page, region.clip);
  const same = inkDifference(proofPixels, bookPixels), down = inkDifference(lower, bookPixels);
  console.log(`${label}: ink difference ${same.mean.toFixed(1)} over ${same.pixels} px; proof 2 px lower ${down.mean.toFixed(1)}`);
  assert.ok(same.pixels > 1000, "the region holds text");
  assert.ok(same.mean < tolerance, `the book's ink lies where the proof's is (${same.mean.toFixed(1)})`);
  assert.ok(down.mean > tolerance, `a 2 px jump down is caught (${down.mean.toFixed(1)})`);
}
