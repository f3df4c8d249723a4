// Writes src/platform/web/first_view.functions: the wasm functions the book's first views run, by name.
// The web build keeps those in folio.wasm and moves the rest to folio.later.wasm (tools/split_wasm.cjs).
// Run it after a change to the code the first view runs (the browser test "the first views run no later
// code" says when):
//
//   ./folio test   # builds build/web and the three test sites
//   NODE_PATH=/usr/share/nodejs node tools/first_view_profile.mjs [BUILD_DIR]
//
// How: Binaryen's instrumented copy of the whole module (wasm-split --instrument) stands in for folio.wasm
// in copies of the seed site, the two fixture sites and a generated archive of 1,200 articles (all Latin: below); headless Chromium opens each route below at a
// phone's and two desktops' sizes, and each page's module writes which functions ran (a timestamp per
// function, 0 for never) once the book has drawn and gone idle. The list is every function any of them ran.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { serve, launch } from "../tests/support/harness.mjs";
import { readSymbols, laterFile } from "./split_wasm.cjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = path.resolve(process.argv[2] || path.join(root, "build"));
const web = path.join(build, "web");
const out = path.join(root, "src/platform/web/first_view.functions");

// What a visitor's first view can be: the front page, a list, an article with each kind of block (code,
// tables, images, raw HTML, notes), a contents page, a tag's page, at the sizes the book's page sizes come from.
// A big archive too (generated as tests/browser/bounded.test.mjs does): its first views read fold chunks.
const SITES = {
  site: ["/", "/books", "/writing", "/writing/the-tensor-was-only-the-handle", "/contents", "/tags/alignment"],
  "site-rich": ["/", "/writing/everything-markdown", "/writing/short-note", "/writing/unsafe-links", "/tags/cpp"],
  "site-blog": ["/", "/writing/code-in-every-language", "/writing/raw-html-tour", "/writing/a-long-read",
    "/writing/pictures-with-spaces", "/tags/code"],
  big: ["/", "/writing", "/books", "/contents"],
  // Not the sites in other scripts (script faces, right to left, shaped clusters, CJK slices): a site whose
  // text needs that code asks for folio.later.wasm with folio.wasm, before its first frame (the build says
  // so: FOLIO_ASSETS.laterFirst, web/downloads.js), so a Latin site's first view carries none of it.
};
const VIEWS = [
  { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  { viewport: { width: 1280, height: 800 } },
  { viewport: { width: 1920, height: 1080 }, colorScheme: "dark" },
];
// The colours a reader may choose (src/ui/theme.h: theme_for): at each site's first route.
const READER_VIEWS = [
  { viewport: { width: 1280, height: 800 }, forcedColors: "active", colorScheme: "dark" },
  { viewport: { width: 1280, height: 800 }, contrast: "more" },
];

const wholeWasm = path.join(web, "folio.whole.wasm");
const names = readSymbols(path.join(web, "folio.whole.js.symbols"));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "folio-profile-"));
const instrumented = path.join(tmp, "instrumented.wasm");
execFileSync("wasm-split", ["--instrument", "--enable-mutable-globals", wholeWasm, "-o", instrumented]);

execFileSync("/usr/bin/python3", [path.join(root, "bench/gen/gen_bundle.py"), path.join(tmp, "big-bundle"), "1200", "--books", "300"]);
execFileSync(path.join(build, "native/folio"), ["build", path.join(tmp, "big-bundle"), "-o", path.join(tmp, "big-built"),
  "--web", web, "--fonts", path.join(build, "fonts")], { stdio: "ignore" });
const builtSite = (name) => (name === "big" ? path.join(tmp, "big-built") : path.join(build, name));

const ran = new Set();
let importCount = 0; // the module's imports come first in its symbol map
const browser = await launch();
try {
  for (const [siteName, routes] of Object.entries(SITES)) {
    // A copy of the site with the instrumented module as its folio.wasm and no later module.
    const site = path.join(tmp, siteName);
    fs.cpSync(builtSite(siteName), site, { recursive: true });
    for (const f of fs.readdirSync(path.join(site, "assets"))) {
      if (/^folio\.later\..*\.wasm$/.test(f)) fs.unlinkSync(path.join(site, "assets", f));
      else if (/^folio\.[0-9a-f]+\.wasm$/.test(f)) fs.copyFileSync(instrumented, path.join(site, "assets", f));
    }
    const server = await serve(site);
    const base = `http://127.0.0.1:${server.address().port}`;
    for (const route of routes) {
      for (const view of route === routes[0] ? VIEWS.concat(READER_VIEWS) : VIEWS) {
        const context = await browser.newContext(view);
        const page = await context.newPage();
        // The module's instance, for its profile export (web/start.js keeps it to itself).
        await page.addInitScript(() => {
          const instantiate = WebAssembly.instantiate;
          WebAssembly.instantiate = function (m, imports) {
            return instantiate.call(this, m, imports).then((r) => { window.__profiled = r.instance || r; return r; });
          };
        });
        await page.goto(base + route);
        await page.waitForFunction(() => window.folio && window.folio.framesDrawn > 0, null, { timeout: 60000 });
        await page.evaluate(() => window.folio.ready);
        await page.waitForTimeout(1500); // the frames and text layer that follow the first frame
        const profile = await page.evaluate(() => {
          const size = 1 << 20, at = window.Module._malloc(size);
          const n = window.__profiled.exports.__write_profile(at, size);
          return Array.from(window.Module.HEAPU8.subarray(at, at + n));
        });
        // 8 bytes of module hash, then a little-endian u32 per defined function (imports come first).
        const defined = (profile.length - 8) / 4, imports = names.length - defined;
        importCount = imports;
        const view32 = new DataView(Uint8Array.from(profile).buffer, 8);
        for (let i = 0; i < defined; i++) if (view32.getUint32(i * 4, true) !== 0) ran.add(names[imports + i]);
        await context.close();
        process.stdout.write(".");
      }
    }
    server.close();
  }
} finally {
  await browser.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
const list = [...ran].filter((n) => n !== undefined).sort();
fs.writeFileSync(out, "# The wasm functions the book's first views run (tools/first_view_profile.mjs writes this file).\n" +
  "# The web build keeps them in folio.wasm; the rest come later, in folio.later.wasm.\n" + list.join("\n") + "\n");
// And every other defined function: the split fails on a function in neither list (tools/split_wasm.cjs).
const rest = [...new Set(names.slice(importCount).filter((n) => n !== undefined && !ran.has(n)))].sort();
fs.writeFileSync(laterFile(out), "# The wasm functions no first view ran (tools/first_view_profile.mjs writes this file with\n" +
  "# first_view.functions). They come later, in folio.later.wasm; a function in neither list fails the build.\n" + rest.join("\n") + "\n");
console.log(`\n${list.length} of ${names.length} functions run in the first views: ${path.relative(root, out)}`);
