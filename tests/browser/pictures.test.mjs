// Pictures on another host, in Debian's Chromium (links.h: shown_image). A bundle whose article shows a
// picture from a second loopback server, another origin that sends no CORS headers (as most image hosts
// do), is built here with this tree's folio. The static page and the book both show it: the CSP names
// exactly that host, the canvas leaves its place to the text layer's <img> (a WebGL texture could not use
// it), the box takes the picture's own shape, the host never learns the page's address, and a picture that
// fails to come stays its alt text.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { open, ready, settle, pixels, useOneArticle } from "../support/harness.mjs";

const WIDTH = 300, HEIGHT = 120, RED = [208, 32, 32]; // the picture: one colour the page never uses

// A PNG of one colour (8-bit RGB), written here so the test needs no file of its own.
function solidPng(w, h, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => { let c = 0xffffffff; for (const x of buf) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]), out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8, ihdr[9] = 2; // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [r, g, b]).flat())]);
  const idat = zlib.deflateSync(Buffer.concat(Array.from({ length: h }, () => row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", idat), chunk("IEND", Buffer.alloc(0))]);
}

// The other host: a plain server with no CORS headers, which records who asked and from where. Started
// here, before the site is built (its address is in the article).
const host = { asked: [] };
{
  const png = solidPng(WIDTH, HEIGHT, RED);
  host.server = http.createServer((req, res) => {
    host.asked.push({ url: req.url, referer: req.headers.referer });
    if (req.url !== "/pics/cat.png") { res.writeHead(404); return res.end(); }
    res.writeHead(200, { "content-type": "image/png" });
    res.end(png);
  });
  await new Promise((resolve) => host.server.listen(0, "127.0.0.1", resolve));
  host.origin = `http://127.0.0.1:${host.server.address().port}`;
}
after(() => host.server?.close());
const env = useOneArticle("folio-pictures-", { slug: "pictures", title: "Pictures from a host", dek: "A cat.",
  opening: "A cat lives elsewhere." },
`A cat lives elsewhere.\n\n![a red cat](${host.origin}/pics/cat.png)\n\nAnd one that never comes:\n\n` +
  `![gone away](${host.origin}/pics/gone.png)\n\nThe end.\n`);

test("the CSP's img-src names exactly the host the pictures come from, on every page and in _headers", () => {
  for (const file of ["index.html", "writing/pictures/index.html", "404.html"]) {
    const html = fs.readFileSync(path.join(env.site, file), "utf8");
    const csp = html.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/)[1].replaceAll("&#39;", "'");
    assert.match(csp, new RegExp(`img-src 'self' data: ${host.origin}; `), `${file}: ${csp}`);
  }
  assert.match(fs.readFileSync(path.join(env.site, "_headers"), "utf8"), new RegExp(`img-src 'self' data: ${host.origin}; `));
});

test("the book shows another host's picture through the layer, in its own shape, and the canvas leaves it the place", async () => {
  const { page, context, errors } = await open(env.browser, env.base, "/writing/pictures");
  await ready(page);
  // The static page's picture: from its host, lazily, without the page's address.
  const src = `${host.origin}/pics/cat.png`;
  const textImg = page.locator(`#text img[src="${src}"]`);
  assert.equal(await textImg.getAttribute("referrerpolicy"), "no-referrer");
  assert.equal(await textImg.getAttribute("loading"), "lazy");
  // The book's: the layer's <img>, once the book knows the picture's size.
  const layerImg = `#layer .img img[src="${src}"]`;
  await page.waitForFunction((sel) => { const i = document.querySelector(sel); return i && i.complete && i.naturalWidth > 0; }, layerImg, { timeout: 30000 });
  await settle(page);
  const box = await page.evaluate((sel) => {
    const img = document.querySelector(sel), holder = img.parentElement, r = holder.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height, label: holder.getAttribute("aria-label"), role: holder.getAttribute("role"), alt: img.alt };
  }, layerImg);
  assert.equal(box.role, "img");
  assert.equal(box.label, "a red cat");
  assert.equal(box.alt, "", "the picture would be announced twice");
  assert.ok(Math.abs(box.w / box.h - WIDTH / HEIGHT) < 0.05, `the box is ${box.w}x${box.h}, not the picture's shape ${WIDTH}x${HEIGHT}`);
  await page.evaluate((y) => window.scrollTo(0, 0), box.y);
  const at = { x: Math.round(box.x + box.w / 2) - 2, y: Math.round(box.y + box.h / 2) - 2, width: 4, height: 4 };
  assert.ok(at.y > 0 && at.y + 4 < 800, `the picture is off screen at ${at.y}`);
  const shown = await pixels(page, at);
  assert.deepEqual([...shown.data.subarray(0, 3)], RED, "the picture is not on screen");
  // Under the layer the canvas draws nothing there: its own pixels are the page's, not the picture's.
  await page.evaluate(() => { document.getElementById("layer").style.visibility = "hidden"; });
  const under = await pixels(page, at);
  assert.notDeepEqual([...under.data.subarray(0, 3)], RED, "the canvas drew the picture (a tainted texture?)");
  await page.evaluate(() => { document.getElementById("layer").style.visibility = ""; });

  // The picture that never comes stays its alt text: no <img> in its layer box, and the canvas draws its
  // frame and alt there (more than the page's one colour).
  const gone = await page.evaluate(() => {
    const el = [...document.querySelectorAll("#layer .img")].find((e) => e.getAttribute("aria-label") === "gone away");
    if (!el) return null;
    el.scrollIntoView({ block: "center" });
    const r = el.getBoundingClientRect();
    return { imgs: el.querySelectorAll("img").length, x: r.x, y: r.y, w: r.width, h: r.height };
  });
  assert.ok(gone, "no layer box for the missing picture");
  assert.equal(gone.imgs, 0);
  await settle(page);
  const again = await page.evaluate(() => {
    const r = [...document.querySelectorAll("#layer .img")].find((e) => e.getAttribute("aria-label") === "gone away").getBoundingClientRect();
    return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
  });
  const drawn = await pixels(page, again);
  const colours = new Set();
  for (let i = 0; i < drawn.data.length; i += 4) colours.add(drawn.data.subarray(i, i + 3).join(","));
  assert.ok(colours.size > 2, `the missing picture's place is blank (${colours.size} colours)`);

  // The host never learned which page asked.
  const cats = host.asked.filter((a) => a.url === "/pics/cat.png");
  assert.ok(cats.length >= 1);
  assert.deepEqual(host.asked.filter((a) => a.referer !== undefined), [], "a request carried the page's address");
  // Nothing refused by the CSP, nothing thrown: only the missing picture's 404.
  assert.deepEqual(errors.filter((e) => !/Failed to load resource.*404/.test(e)), []);
  await context.close();
});
