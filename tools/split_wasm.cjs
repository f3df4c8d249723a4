// Splits the linked wasm in two (Binaryen's wasm-split): folio.wasm keeps the functions the first views
// run, listed by name in src/platform/web/first_view.functions (tools/first_view_profile.mjs writes it);
// every other function goes to folio.later.wasm, which web/later.js asks for once the book has drawn
// (docs/first-view.md, "The code that comes later"). The primary calls a later function through a
// placeholder import until then.
//
//   node tools/split_wasm.cjs WEB_DIR LIST
//
// Run after each link (CMakeLists.txt). Keeps the linked module and its symbol map as folio.whole.wasm
// and folio.whole.js.symbols (the profile tool instruments them), and rewrites folio.js.symbols for the
// primary and writes folio.later.wasm.symbols, so that names still resolve in the benchmarks.
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");
const { moveLaterData, laterDataBounds, checkPrimary } = require("./later_data.cjs");

// index:name lines, as emcc --emit-symbol-map and wasm-split --symbolmap write them.
function readSymbols(file) {
  const names = [];
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) names[Number(line.slice(0, colon))] = line.slice(colon + 1);
  }
  return names;
}
exports.readSymbols = readSymbols; // tools/first_view_profile.mjs reads the same maps

function readList(file) {
  if (!fs.existsSync(file)) return new Set();
  return new Set(fs.readFileSync(file, "utf8").split("\n").filter((l) => l && !l.startsWith("#")));
}
// The profile's other half: the functions no first view ran (tools/first_view_profile.mjs writes both).
function laterFile(listFile) { return listFile.replace(/first_view\.functions$/, "later.functions"); }
exports.laterFile = laterFile;

// Every function of the build must have been placed by the profile, in one list or the other. A function
// in neither is new to it (added, renamed, or renamed by a new compiler), and the profile never saw whether
// a first view runs it: left to the later module, a first view that does would fetch that module
// synchronously. So the build fails, naming them, unless the profile itself is building
// (FOLIO_FIRST_VIEW_PROFILING=1, set by `./folio first-view`).
function checkPlaced(defined, first, later, missing) {
  const unplaced = [...new Set(defined.filter((n) => n !== undefined && !first.has(n) && !later.has(n)))];
  if (!unplaced.length && !missing.length) return;
  const show = (names) => names.slice(0, 20).map((n) => "  " + n).join("\n") + (names.length > 20 ? `\n  … and ${names.length - 20} more` : "");
  const lines = [];
  if (unplaced.length) lines.push(`${unplaced.length} functions of this build are in neither src/platform/web/first_view.functions nor later.functions (new, or renamed):\n${show(unplaced)}`);
  if (missing.length) lines.push(`${missing.length} functions of first_view.functions are not in this build (removed, or renamed):\n${show(missing)}`);
  const what = lines.join("\n") + "\nThe first-view profile is out of date: run ./folio first-view (it rebuilds, profiles and rewrites both lists).";
  if (process.env.FOLIO_FIRST_VIEW_PROFILING === "1") { console.log("split: " + what.split("\n")[0] + " (profiling: not an error)"); return; }
  console.error("split_wasm: " + what);
  process.exit(1);
}

function split(dir, listFile) {
  const at = (name) => path.join(dir, name);

  fs.copyFileSync(at("folio.wasm"), at("folio.whole.wasm"));
  fs.copyFileSync(at("folio.js.symbols"), at("folio.whole.js.symbols"));
  const whole = readSymbols(at("folio.whole.js.symbols"));
  // wasm-split names a defined function by its place among the defined ones, after the imports.
  const text = (file) => execFileSync("wasm-dis", [at(file)], { encoding: "utf8", maxBuffer: 1 << 28 });
  const wholeText = text("folio.whole.wasm");
  const imports = wholeText.split("\n").filter((l) => /^\s*\(import "[^"]*" "[^"]*" \(func /.test(l)).length;

  // Names to indices. A name may stand for several functions (one per translation unit): all are kept.
  const wanted = readList(listFile);
  const keep = [];
  whole.forEach((name, index) => { if (index >= imports && wanted.has(name)) keep.push(String(index - imports)); });
  const found = new Set(keep.map((i) => whole[imports + Number(i)]));
  const missing = [...wanted].filter((n) => !found.has(n));
  checkPlaced(whole.slice(imports), wanted, readList(laterFile(listFile)), missing);
  const keepFile = at("folio.keep.txt");
  fs.writeFileSync(keepFile, keep.join("\n") + "\n");

  execFileSync("wasm-split", [at("folio.whole.wasm"), "--enable-mutable-globals", "--keep-funcs=@" + keepFile,
    "-o1", at("folio.wasm"), "-o2", at("folio.later.wasm"), "--symbolmap"], { stdio: "inherit" });

  // Back to names: the split modules' maps name each function by its place among the whole module's defined
  // functions, or by its import (fimport$N: the whole module's import N, in the same order).
  function named(file) {
    const out = readSymbols(file).map((name, index) => {
      const m = /^fimport\$(\d+)$/.exec(name);
      if (m && whole[Number(m[1])] !== undefined) return `${index}:${whole[Number(m[1])]}`;
      if (/^\d+$/.test(name) && whole[imports + Number(name)] !== undefined) return `${index}:${whole[imports + Number(name)]}`;
      return `${index}:${name}`;
    });
    return out.join("\n") + "\n";
  }
  // The data only the later code reads goes with it (tools/later_data.cjs).
  const [begin, end] = laterDataBounds(wholeText, whole);
  const problems = checkPrimary(text("folio.wasm"), [...found], begin, end);
  if (problems.length) {
    console.error("split_wasm: " + problems.join("\n") + "\n(src/platform/web/later_data.h)");
    process.exit(1);
  }
  const moved = moveLaterData(at("folio.wasm"), at("folio.later.wasm"), begin, end);

  fs.writeFileSync(at("folio.js.symbols"), named(at("folio.wasm.symbols")));
  fs.writeFileSync(at("folio.later.wasm.symbols"), named(at("folio.later.wasm.symbols")));
  fs.unlinkSync(at("folio.wasm.symbols"));
  fs.unlinkSync(keepFile);

  const size = (f) => fs.statSync(at(f)).size;
  console.log(`split: folio.wasm ${size("folio.wasm")} B (${keep.length} functions kept), folio.later.wasm ` +
    `${size("folio.later.wasm")} B with ${moved} B of data, whole ${size("folio.whole.wasm")} B` +
    (missing.length ? `; ${missing.length} listed functions are not in this build` : ""));
}

if (require.main === module) {
  const [dir, listFile] = process.argv.slice(2);
  if (!dir || !listFile) {
    console.error("usage: node tools/split_wasm.cjs WEB_DIR LIST");
    process.exit(2);
  }
  split(dir, listFile);
}
