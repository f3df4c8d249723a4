// The card names `emrun` for a local preview of the built folder: Emscripten's own server (not our file
// server) serves the built site, and the book runs there, follows a link, and goes back.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import net from "node:net";
import fs from "node:fs";
import path from "node:path";
import { spawn, execFileSync } from "node:child_process";
import { SITE, launch, ready } from "../support/harness.mjs";

let emrun = null, browser = null, base = "";

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => { const { port } = probe.address(); probe.close(() => resolve(port)); });
  });
}

before(async () => {
  assert.ok(SITE && fs.existsSync(path.join(SITE, "index.html")), "FOLIO_SITE must name a built site (./folio sites builds build/site)");
  assert.ok(execFileSync("sh", ["-c", "command -v emrun || true"], { encoding: "utf8" }).trim(), "emrun is not installed (./folio bootstrap installs emscripten)");
  const port = await freePort();
  emrun = spawn("emrun", ["--no_browser", "--no_emrun_detect", "--hostname", "127.0.0.1", "--port", String(port), path.join(SITE, "index.html")],
    { stdio: ["ignore", "pipe", "pipe"] });
  // emrun says where it listens once it does.
  await new Promise((resolve, reject) => {
    let said = "";
    const hear = (chunk) => { said += chunk; if (/listening at/i.test(said)) resolve(); };
    emrun.stdout.on("data", hear);
    emrun.stderr.on("data", hear);
    emrun.on("exit", (code) => reject(new Error(`emrun exited (${code}) before it served: ${said}`)));
  });
  base = `http://127.0.0.1:${port}`;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  emrun?.kill();
});

test("emrun serves the built folder and the book runs: first frame, a link followed, Back", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  const wasm = [];
  page.on("response", (r) => { if (r.url().endsWith(".wasm")) wasm.push(`${r.status()} ${r.headers()["content-type"]}`); });
  await page.goto(base + "/");
  await ready(page);
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains("canvas-on")), "the book is shown, not the text");
  // The wasm came as wasm (streaming compile needs application/wasm): emrun's server, not ours, said so.
  assert.ok(wasm.length > 0 && wasm.every((w) => /^200 application\/wasm/.test(w)), wasm.join(", "));
  // A link of the book's text layer, clicked as a visitor would: the book goes there, and Back returns.
  const link = page.locator("#layer a[href='/contents']").first();
  await link.click();
  await page.waitForFunction(() => location.pathname === "/contents");
  await page.goBack();
  await page.waitForFunction(() => location.pathname === "/");
  assert.deepEqual(errors, []);
  await context.close();
});
