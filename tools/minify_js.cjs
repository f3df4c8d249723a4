// Minifies JavaScript for the site, through terser (Debian's node-terser); the web build runs it (see
// CMakeLists.txt) on two things:
//   node tools/minify_js.cjs OUT.js IN.js...           the page's own scripts (boot, the text layer, the find
//                                                      keys), joined as `folio build` joins them; top-level
//                                                      names stay: the page and the tests call them
//   node tools/minify_js.cjs --glue OUT.js GLUE.js     Emscripten's glue: its top-level names are its own
//                                                      (everything the page uses is a property of Module),
//                                                      so they are shortened too; only Module, which boot.js
//                                                      defines first, keeps its name
"use strict";
const fs = require("fs");
const { minify } = require("terser");

const args = process.argv.slice(2);
const glue = args[0] === "--glue";
const [out, ...inputs] = glue ? args.slice(1) : args;
const source = inputs.map((f) => fs.readFileSync(f, "utf8")).join("\n");
const options = { ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } };
if (glue) Object.assign(options, { toplevel: true, mangle: { reserved: ["Module"] } });
minify(source, options).then(
  (r) => fs.writeFileSync(out, r.code + "\n"),
  (e) => {
    console.error("minify_js: " + e.message);
    process.exit(1);
  },
);
