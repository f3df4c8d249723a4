// folio benchmark: an edit under `folio preview`, from the save to the book, as the author sees it. Prints
// figures only.
//
//   node bench/page/preview.mjs FOLIO BUNDLE OUT FONTS [EDITS]
//
// Runs FOLIO's preview of BUNDLE (a copy: its content.json is edited) into OUT, opens the newest article's
// page in Debian's Chromium at 1280x800, and EDITS times (default 5) changes that article's title in
// content.json, then EDITS times the first line of its Markdown file, each once the preview is idle (its
// whole rebuild after the last edit done). For each it records, from the save (the edited file written
// and closed, as an editor's save ends; the write itself, 50 to 150 ms for a 7 MB content.json from this
// process, is the editor's), on one clock (the page's Date.now() and this process's are the same machine's):
//   - site.json in: the page has fetched the new site.json and hands it to the wasm (_folio_set_site);
//   - book: the book's frame with the edit on screen: the browser's next frame after the task in which
//     the wasm drew it (that task also sends the text layer's document, which holds the edit: how the
//     frame is known);
//   - layer: the next frame after the text layer has the edit (what assistive technology reads, built in
//     a task after the book's frame);
//   - the builder's own figures from its output: when the page could fetch the change, and when the
//     article's HTML page had it.
// Prints each edit and the median [min-max]. FOLIO_BENCH_TRACE=1 also prints the page's requests (when each
// was asked and answered, in ms from the save) and the builder's lines for each edit.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { launch } from "../../tests/support/harness.mjs";

const [folio, bundle, out, fonts, edits = "5"] = process.argv.slice(2);
if (!fonts) { console.error("usage: node bench/page/preview.mjs FOLIO BUNDLE OUT FONTS [EDITS]"); process.exit(2); }
const median = (v) => { const s = [...v].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const fmt = (v) => `${median(v).toFixed(1)} [${Math.min(...v).toFixed(1)}-${Math.max(...v).toFixed(1)}]`;

const file = path.join(bundle, "content.json");
const original = fs.readFileSync(file, "utf8");
const site = JSON.parse(original);
const newest = [...site.writing].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))[0];
const titleText = JSON.stringify(newest.title);
if (original.split(titleText).length !== 2) { console.error(`the title ${titleText} is not once in content.json`); process.exit(2); }
// The article's Markdown, edited in the copy: a folder `writing` linked whole becomes a folder of links,
// with that one file copied.
const markdownFile = newest.body_file && path.join(bundle, newest.body_file);
if (markdownFile) {
  const dir = path.dirname(markdownFile);
  if (fs.lstatSync(dir).isSymbolicLink()) {
    const from = fs.realpathSync(dir);
    fs.unlinkSync(dir);
    fs.mkdirSync(dir);
    for (const name of fs.readdirSync(from)) fs.symlinkSync(path.join(from, name), path.join(dir, name));
  }
  if (fs.lstatSync(markdownFile).isSymbolicLink()) {
    const text = fs.readFileSync(markdownFile);
    fs.unlinkSync(markdownFile);
    fs.writeFileSync(markdownFile, text);
  }
}
const markdown = markdownFile ? fs.readFileSync(markdownFile, "utf8") : null;

const port = 7100 + Math.floor(Math.random() * 500);
const preview = spawn(folio, ["preview", bundle, "-o", out, "--fonts", fonts, "--port", String(port), "--web", path.resolve(path.dirname(folio), "../web")],
  { stdio: ["ignore", "pipe", "pipe"] });
let log = "";
const waiters = [];
const onData = (d) => { log += d; for (const w of [...waiters]) w(); };
preview.stdout.on("data", onData);
preview.stderr.on("data", onData);
const until = (test, what, ms = 900000) => new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`never: ${what}\n${log.slice(-2000)}`)), ms);
  const check = () => { const v = test(); if (v) { clearTimeout(timer); waiters.splice(waiters.indexOf(check), 1); resolve(v); } };
  waiters.push(check);
  check();
});
const rebuilds = () => (log.match(/rebuilt in/g) || []).length;

let browser;
try {
  await until(() => log.includes("serving"), "the preview serving");
  await until(() => rebuilds() >= 1, "the first build");
  browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`http://127.0.0.1:${port}/writing/${encodeURIComponent(newest.slug)}`, { timeout: 300000 });
  await page.waitForFunction(() => window.folio && window.folio.framesDrawn > 0 && document.querySelectorAll("#layer [data-i]").length > 0, null, { timeout: 300000 });
  // When the page hands a site.json to the wasm, by this machine's clock.
  await page.evaluate(() => {
    // The frame that draws the edit: its task sends the layer's document with the edit's token in it.
    window.__drawn = {};
    window.folio.on("layer", (json) => {
      const token = window.__token;
      if (!token || window.__drawn[token] || !json.includes(token)) return;
      window.__drawn[token] = { drawn: Date.now() };
      requestAnimationFrame(() => { window.__drawn[token].onScreen = Date.now(); });
    });
    const set = window.Module._folio_set_site;
    window.__siteIn = [];
    window.Module._folio_set_site = (p, n) => { window.__siteIn.push(Date.now()); return set(p, n); };
    window.__fetches = [];
    const f = window.fetch;
    window.fetch = (u, o) => {
      const e = { u: String(u), asked: Date.now() };
      window.__fetches.push(e);
      return f(u, o).then((r) => { e.answered = Date.now(); window.__fetches.push({ u: "(answered) " + e.u, asked: e.asked, answered: e.answered }); return r; });
    };
  });
  const kinds = [["its title in content.json", file, (mark) => original.replace(titleText, JSON.stringify(`${newest.title} ${mark}`))]];
  if (markdown !== null) kinds.push(["the first line of its Markdown", markdownFile, (mark) => `${mark} ${markdown}`]);
  for (const [what, edited, text] of kinds) {
    const rows = { siteIn: [], book: [], layer: [], builderBook: [], builderPage: [] };
    console.log(`\n-- ${newest.slug}: ${site.writing.length} articles; an edit of ${what}, ${edits} times`);
    console.log(`${"edit".padEnd(5)} ${"site.json in ms".padStart(16)} ${"book ms".padStart(9)} ${"layer ms".padStart(9)} ${"builder: book ms".padStart(17)} ${"builder: page ms".padStart(17)}`);
    for (let k = 1; k <= Number(edits); k++) {
      await page.waitForTimeout(1000); // idle: the preview's last whole rebuild is done (below)
      const token = Math.random().toString(36).slice(2, 9).replace(/[0-9]/g, "x");
      const mark = `edited ${k} ${token}`;
      const done = rebuilds();
      await page.evaluate((t) => { window.__token = t; }, token);
      // (The token alone: the title may wrap between the mark's words.)
      const armed = page.evaluate((t) => new Promise((resolve) => {
        const look = () => {
          if (document.getElementById("layer").textContent.includes(t)) resolve(Date.now());
          else requestAnimationFrame(look);
        };
        look();
      }), token);
      const bytes = Buffer.from(text(mark)); // (not timed)
      fs.writeFileSync(edited, bytes);
      const saved = Date.now();
      const layered = await armed;
      const drawn = await page.waitForFunction((t) => window.__drawn[t] && window.__drawn[t].onScreen, token).then((h) => h.jsonValue());
      const shown = Math.min(drawn, layered);
      const siteIn = (await page.evaluate(() => window.__siteIn)).at(-1);
      if (process.env.FOLIO_BENCH_TRACE) console.log((await page.evaluate(() => window.__fetches.splice(0))).map((e) => `${e.u} ${e.asked - saved} ${e.answered - saved}`).join("\n"));
      await until(() => rebuilds() > done, "the rebuild after the edit");
      if (process.env.FOLIO_BENCH_TRACE) console.log(log.split("\n").filter((l) => /alone|whole|can show/.test(l)).slice(-3).join("\n"));
      const m = [...log.matchAll(/the book can show it after ([0-9.]+) ms, its article's page after ([0-9.]+) ms/g)].at(-1);
      rows.siteIn.push(siteIn - saved);
      rows.book.push(shown - saved);
      rows.layer.push(layered - saved);
      rows.builderBook.push(m ? Number(m[1]) : NaN);
      rows.builderPage.push(m ? Number(m[2]) : NaN);
      console.log(`${String(k).padEnd(5)} ${(siteIn - saved).toFixed(1).padStart(16)} ${(shown - saved).toFixed(1).padStart(9)} ${(layered - saved).toFixed(1).padStart(9)} ${(m ? m[1] : "-").padStart(17)} ${(m ? m[2] : "-").padStart(17)}`);
    }
    console.log(`median [min-max]: site.json in ${fmt(rows.siteIn)} ms; book ${fmt(rows.book)} ms (goal <= 50 from the save); layer ${fmt(rows.layer)} ms; ` +
      `builder: book ${fmt(rows.builderBook)} ms, article's page ${fmt(rows.builderPage)} ms (goal <= 200)`);
    const restored = rebuilds();
    fs.writeFileSync(edited, edited === file ? original : markdown);
    await until(() => rebuilds() > restored, "the rebuild after the edits were undone");
  }
} finally {
  fs.writeFileSync(file, original);
  if (markdown !== null) fs.writeFileSync(markdownFile, markdown);
  await browser?.close();
  preview.kill("SIGTERM");
}
