// Minifies the site's JavaScript and CSS for the web build (see CMakeLists.txt), through terser and
// clean-css (Debian's node-terser and node-clean-css):
//   node tools/minify.cjs OUT.js IN.js...          the page's own scripts (boot, the text layer, the find
//                                                  keys), joined as `folio build` joins them; top-level
//                                                  names stay: the page and the tests call them
//   node tools/minify.cjs --glue OUT.js GLUE.js    Emscripten's glue: its top-level names are its own
//                                                  (everything the page uses is a property of Module), so
//                                                  they are shortened too; only Module, which web/start.js
//                                                  defines first, keeps its name
//   node tools/minify.cjs --css OUT.css IN.css     the stylesheet (clean-css, level 1: comments, white space
//                                                  and number forms; rules are neither merged nor moved)
"use strict";
const fs = require("fs");

const args = process.argv.slice(2);
const mode = args[0].startsWith("--") ? args.shift() : "";
const [out, ...inputs] = args;
const source = inputs.map((f) => fs.readFileSync(f, "utf8")).join("\n");
const fail = (message) => {
  console.error("minify: " + message);
  process.exit(1);
};

if (mode === "--css") {
  const CleanCSS = require("clean-css");
  const r = new CleanCSS({ level: 1 }).minify(source);
  if (r.errors.length || r.warnings.length) fail(r.errors.concat(r.warnings).join("\n"));
  fs.writeFileSync(out, r.styles + "\n");
} else {
  const { minify } = require("terser");
  const options = { ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } };
  if (mode === "--glue") Object.assign(options, { toplevel: true, mangle: { reserved: ["Module"] } });
  minify(source, options).then((r) => fs.writeFileSync(out, r.code + "\n"), (e) => fail(e.message));
}
