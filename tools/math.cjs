// folio math: formulas typeset at build time, for `folio build` (src/cli/math.cpp):
// TeX to MathML Core with Temml (npm), for the static pages, the feed and the book's text layer; and to a
// picture, an SVG of outlines with MathJax (npm's mathjax-full, no fonts needed), which the book and the
// early page both draw, in the same box.
//
//   node tools/math.cjs < formulas.json > typeset.json
//
// In: a JSON array of {"tex", "display"}. Out: an array of the same length, each
//   {"mathml", "svg", "w", "a", "d"}: the MathML, the picture, and its width, height above the baseline
//      and depth below it in thousandths of an em ("svg" absent when MathJax cannot draw what Temml read);
//   or {"error", "position"}: Temml's message and the offset in the TeX where it stopped.
// Never exits non-zero for a formula that does not parse: that is the author's to fix, and the build says
// where.
"use strict";
const temml = require("temml");

// MathJax, loaded once for all formulas (about 30 ms).
function pictureMaker() {
  const { mathjax } = require("mathjax-full/js/mathjax.js");
  const { TeX } = require("mathjax-full/js/input/tex.js");
  const { SVG } = require("mathjax-full/js/output/svg.js");
  const { liteAdaptor } = require("mathjax-full/js/adaptors/liteAdaptor.js");
  const { RegisterHTMLHandler } = require("mathjax-full/js/handlers/html.js");
  const { AllPackages } = require("mathjax-full/js/input/tex/AllPackages.js");
  const adaptor = liteAdaptor();
  RegisterHTMLHandler(adaptor);
  // No packages that load or ask for others at run time: the build is offline and one pass.
  const packages = AllPackages.filter((p) => !["autoload", "require", "bussproofs"].includes(p));
  const doc = mathjax.document("", {
    InputJax: new TeX({ packages }),
    // local: each picture holds its own glyph outlines once (a file of its own, drawn as an image).
    OutputJax: new SVG({ fontCache: "local" }),
  });
  return (tex, display) => {
    const node = doc.convert(tex, { display, em: 16, ex: 8, containerWidth: 80 * 16 });
    const svg = adaptor.firstChild(node);
    const markup = adaptor.outerHTML(svg);
    if (markup.includes("data-mjx-error")) return null; // MathJax could not read it: the book sets its TeX
    const box = (adaptor.getAttribute(svg, "viewBox") || "").split(/\s+/).map(Number);
    if (box.length !== 4 || box.some((v) => !isFinite(v))) return null;
    // A picture drawn as a mask in a box the layout sizes: no CSS of MathJax's, no role (the layer gives
    // the formula its MathML), its size in em so it also reads alone.
    const [, top, width, height] = box;
    // MathJax numbers its ids per document (MJX-7-...): the same formula is the same file in every build.
    const picture = markup
      .replace(/MJX-\d+-/g, "MJX-")
      .replace(/ style="vertical-align:[^"]*"/, "")
      .replace(/ role="img"/, "")
      .replace(/ focusable="false"/, "")
      .replace(/ width="[^"]*"/, ` width="${(width / 1000).toFixed(3)}em"`)
      .replace(/ height="[^"]*"/, ` height="${(height / 1000).toFixed(3)}em"`);
    return { svg: picture, w: Math.round(width), a: Math.round(-top), d: Math.round(height + top) };
  };
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => { input += d; });
process.stdin.on("end", () => {
  const formulas = JSON.parse(input);
  let picture = null;
  try { picture = pictureMaker(); } catch (e) { picture = null; } // no mathjax-full: MathML only
  const out = formulas.map(({ tex, display }) => {
    let mathml;
    try {
      // throwOnError: a broken formula is reported, never drawn red; trust: no \href and friends;
      // xml: well-formed output (the feed carries it too).
      mathml = temml.renderToString(tex, { displayMode: !!display, throwOnError: true, trust: false, xml: true });
    } catch (e) {
      return { error: String(e && e.message || e).replace(/^\s*/, ""), position: e && typeof e.position === "number" ? e.position : -1 };
    }
    let drawn = null;
    try { drawn = picture && picture(tex, !!display); } catch (e) { drawn = null; }
    return drawn ? { mathml, ...drawn } : { mathml };
  });
  process.stdout.write(JSON.stringify(out));
});
