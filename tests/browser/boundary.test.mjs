// The wasm's boundary with the page's scripts holds together (src/platform/web/boundary.h, web/wasm.js):
// every function a script or main.cpp's glue calls is declared in the header, defined in main.cpp and
// exported by the built glue; the header is the only place that exports; the dispatch kinds and the result
// layouts are spelled alike on both sides; and no script but web/wasm.js touches the wasm's memory.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";

const ROOT = process.env.FOLIO_ROOT || path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const read = (p) => fs.readFileSync(path.join(ROOT, p), "utf8");
const header = read("src/platform/web/boundary.h");
const main = read("src/platform/web/main.cpp");
const scripts = fs.readdirSync(path.join(ROOT, "web")).filter((f) => f.endsWith(".js"));

const declared = [...header.matchAll(/^FOLIO_EXPORT [^(]*?\b(folio_[a-z0-9_]+)\(([^)]*)\)/gm)].map((m) => ({ name: m[1], args: m[2] }));
const names = new Set(declared.map((d) => d.name));

test("the header declares every export, main.cpp defines each, and nothing else exports", () => {
  assert.ok(declared.length >= 25, `only ${declared.length} FOLIO_EXPORT lines`);
  for (const { name } of declared)
    assert.match(main, new RegExp(`^[a-z][\\w:* ]*\\b${name}\\(`, "m"), `${name} is declared but not defined in main.cpp`);
  // main.cpp exports nothing of its own: the header's macro is the one way out.
  const src = path.join(ROOT, "src");
  const keepalive = [];
  for (const dir of fs.readdirSync(src, { recursive: true })) {
    const file = path.join(src, dir);
    if (!/\.(h|cpp)$/.test(file) || file.endsWith("boundary.h")) continue;
    if (/EMSCRIPTEN_KEEPALIVE/.test(fs.readFileSync(file, "utf8"))) keepalive.push(dir);
  }
  assert.deepEqual(keepalive, []);
});

test("every export the scripts and the glue call is declared, and the built glue exports it", () => {
  const called = new Set();
  for (const f of scripts) for (const m of read("web/" + f).matchAll(/_(folio_[a-z0-9_]+)\b/g)) called.add(m[1]);
  for (const m of main.matchAll(/\b_(folio_[a-z0-9_]+)\(/g)) called.add(m[1]); // EM_JS glue answering
  assert.ok(called.size >= 20, [...called].join(" "));
  for (const name of called) assert.ok(names.has(name), `${name} is called but not declared in boundary.h`);
  const glue = path.join(ROOT, "build/web/folio.js");
  assert.ok(fs.existsSync(glue), "build/web/folio.js is missing: ./folio test builds it");
  const exported = new Set([...fs.readFileSync(glue, "utf8").matchAll(/_(folio_[a-z0-9_]+)/g)].map((m) => m[1]));
  for (const name of names) assert.ok(exported.has(name), `${name} is declared but the glue does not export it`);
});

test("the dispatch kinds and the result layouts are spelled alike in the header and in web/wasm.js", () => {
  const window = {};
  vm.runInNewContext(read("web/wasm.js"), { window, TextEncoder });
  const enumBody = header.match(/enum PageEvent : int \{([\s\S]*?)\};/)[1];
  const kinds = Object.fromEntries([...enumBody.matchAll(/k(\w+) = (\d+)/g)].map((m) => [m[1][0].toLowerCase() + m[1].slice(1), Number(m[2])]));
  assert.deepEqual(JSON.parse(JSON.stringify(window.folioWasm.event)), kinds);
  // Each result struct's field count is what the scripts read for the export that writes it.
  const fields = {};
  for (const m of header.matchAll(/struct (\w+) \{\s*(float|int32_t) ([^;]*);\s*\};/g)) fields[m[1]] = { kind: m[2] === "float" ? "floats" : "ints", count: m[3].split(",").length };
  const writes = declared.filter((d) => /folio_web::(\w+)\*/.test(d.args)).map((d) => ({ name: d.name, struct: d.args.match(/folio_web::(\w+)\*/)[1] }));
  assert.ok(writes.length >= 5, JSON.stringify(writes));
  const all = scripts.map((f) => read("web/" + f)).join("\n");
  for (const { name, struct } of writes) {
    const want = fields[struct];
    assert.ok(want, `no struct ${struct} in boundary.h`);
    // The call reads `count` fields: wasm.floats(N, ..._folio_x...) or a helper of its own around wasm.ints(N, ...).
    const direct = new RegExp(`${want.kind}\\(${want.count}, [^;]*_${name}\\b`).test(all);
    const viaHelper = want.kind === "ints" && new RegExp(`folioWasm\\.ints\\(${want.count},`).test(all) && new RegExp(`wasmInts\\([^;]*_${name}\\b`).test(all);
    assert.ok(direct || viaHelper, `${name} writes ${want.count} ${want.kind} (${struct}); no script reads it that way`);
  }
});

test("no script but web/wasm.js touches the wasm's memory", () => {
  for (const f of scripts) {
    if (f === "wasm.js") continue;
    assert.doesNotMatch(read("web/" + f), /_malloc|_free\(|HEAPU8|HEAP32|HEAPF32/, `${f} touches the wasm's memory`);
  }
});

test("the events main.cpp and the scripts emit or hear are the ones web/page.js declares, and each is heard", () => {
  const page = read("web/page.js");
  const declared = [...page.match(/var EVENTS = \{([\s\S]*?)\n  \};/)[1].matchAll(/^    (\w+):/gm)].map((m) => m[1]);
  assert.ok(declared.length >= 8, declared.join(" "));
  const sources = [read("src/platform/web/main.cpp"), ...fs.readdirSync(path.join(ROOT, "web")).filter((f) => f.endsWith(".js")).map((f) => read("web/" + f))];
  const emitted = new Set(), heard = new Set();
  for (const text of sources) {
    for (const m of text.matchAll(/folio\.emit\("(\w+)"/g)) emitted.add(m[1]);
    for (const m of text.matchAll(/folio\.on\("(\w+)"/g)) heard.add(m[1]);
  }
  for (const name of [...emitted, ...heard]) assert.ok(declared.includes(name), `'${name}' is not declared in web/page.js`);
  for (const name of declared) {
    assert.ok(emitted.has(name), `no one emits '${name}'`);
    assert.ok(heard.has(name), `no one hears '${name}'`);
  }
  // No underscore hooks on window.folio: news goes through the bus.
  for (const text of sources) assert.doesNotMatch(text, /folio\._[a-zA-Z]/);
});
