// folio math: TeX to MathML Core at build time, with Temml (npm), for `folio build` (src/cli/math.cpp).
//
//   node tools/math.cjs < formulas.json > mathml.json
//
// In: a JSON array of {"tex", "display"}. Out: an array of the same length, each {"mathml"} or
// {"error", "position"} (Temml's message and the offset in the TeX where it stopped). Never exits
// non-zero for a formula that does not parse: that is the author's to fix, and the build says where.
"use strict";
const temml = require("temml");

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => { input += d; });
process.stdin.on("end", () => {
  const formulas = JSON.parse(input);
  const out = formulas.map(({ tex, display }) => {
    try {
      // throwOnError: a broken formula is reported, never drawn red; trust: no \href and friends;
      // xml: well-formed output (the feed carries it too).
      return { mathml: temml.renderToString(tex, { displayMode: !!display, throwOnError: true, trust: false, xml: true }) };
    } catch (e) {
      return { error: String(e && e.message || e).replace(/^\s*/, ""), position: e && typeof e.position === "number" ? e.position : -1 };
    }
  });
  process.stdout.write(JSON.stringify(out));
});
