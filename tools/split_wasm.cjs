// Splits the linked wasm in two (Binaryen's wasm-split): folio.wasm keeps the functions the first views
// run, listed by name in src/platform/web/first_view.functions (tools/first_view_profile.mjs writes it);
// every other function goes to folio.later.wasm, which boot.js asks for once the book has drawn
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

function split(dir, listFile) {
  const at = (name) => path.join(dir, name);

  fs.copyFileSync(at("folio.wasm"), at("folio.whole.wasm"));
  fs.copyFileSync(at("folio.js.symbols"), at("folio.whole.js.symbols"));
  const whole = readSymbols(at("folio.whole.js.symbols"));
  // wasm-split names a defined function by its place among the defined ones, after the imports.
  const imports = execFileSync("wasm-dis", [at("folio.whole.wasm")], { encoding: "utf8", maxBuffer: 1 << 28 })
    .split("\n").filter((l) => /^\s*\(import "[^"]*" "[^"]*" \(func /.test(l)).length;

  // Names to indices. A name may stand for several functions (one per translation unit): all are kept.
  const wanted = new Set(fs.readFileSync(listFile, "utf8").split("\n").filter((l) => l && !l.startsWith("#")));
  const keep = [];
  whole.forEach((name, index) => { if (index >= imports && wanted.has(name)) keep.push(String(index - imports)); });
  const found = new Set(keep.map((i) => whole[imports + Number(i)]));
  const missing = [...wanted].filter((n) => !found.has(n));
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
  fs.writeFileSync(at("folio.js.symbols"), named(at("folio.wasm.symbols")));
  fs.writeFileSync(at("folio.later.wasm.symbols"), named(at("folio.later.wasm.symbols")));
  fs.unlinkSync(at("folio.wasm.symbols"));
  fs.unlinkSync(keepFile);

  const size = (f) => fs.statSync(at(f)).size;
  console.log(`split: folio.wasm ${size("folio.wasm")} B (${keep.length} functions kept), folio.later.wasm ` +
    `${size("folio.later.wasm")} B, whole ${size("folio.whole.wasm")} B` +
    (missing.length ? `; ${missing.length} listed functions are not in this build (run tools/first_view_profile.mjs)` : ""));
}

if (require.main === module) {
  const [dir, listFile] = process.argv.slice(2);
  if (!dir || !listFile) {
    console.error("usage: node tools/split_wasm.cjs WEB_DIR LIST");
    process.exit(2);
  }
  split(dir, listFile);
}
