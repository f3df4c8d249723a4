// folio text layer, the static text around it: #text, the page's HTML text, stays the text of the route on
// screen (for print, and for the fallback when the book stops), fetched route by route as the book moves on;
// and its header and footer are the site's banner and contentinfo landmarks around the layer (web/textlayer.js).
// This file is joined into the boot script by `folio build`; it only touches window.folio and the DOM.
(function () {
  "use strict";
  var folio = window.folio, tl = folio && folio.textLayer;
  if (!tl) return; // the book cannot run here: no layer, and #text is the page's text
  var layer = tl.layer, text = document.getElementById("text");

  // The site's header and footer, the static page's own (#text's <header> and <footer>: src/core/site/emit.cpp),
  // as the banner and contentinfo landmarks around the book, in reading order. The book draws neither on
  // every page (its front page and contents are them), so they stay out of sight until one of their links
  // has the keyboard focus, and then show over the window's edge, as a skip link does.
  var banner = document.createElement("div"), footer = document.createElement("div");
  banner.className = "layer-banner";
  banner.setAttribute("role", "banner");
  footer.className = "layer-footer";
  footer.setAttribute("role", "contentinfo");
  layer.before(banner);
  layer.after(footer);

  //---- [SECTION] #text stays the page on screen's static text (print, and the fallback), route by route
  var textPath = null, textWanted = null;
  function siteFrame() {
    [[banner, "header"], [footer, "footer"]].forEach(function (pair) {
      var from = text.querySelector(pair[1]);
      pair[0].replaceChildren.apply(pair[0], from ? Array.from(from.childNodes).map(function (n) { return n.cloneNode(true); }) : []);
    });
    frameNavigation(null);
  }
  // The main book holds the header itself (its front page: the name and the tagline; its contents: the
  // chapters, the one navigation landmark), so there the banner steps aside and the tree says it once.
  // Other routes (an article, a tag, search) get the header.
  var mainBook = false;
  function frameNavigation(doc) {
    if (doc) mainBook = doc.pages.some(function (pg) { return pg.lm === "navigation"; });
    banner.hidden = mainBook;
  }
  function frameClick(e) {
    var a = e.target.closest("a[href]");
    if (!a || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    a.blur(); // the strip goes; the book shows where the link leads
    folio.whenLater(function () { tl.follow(a); }); // layer_links.js
  }
  banner.addEventListener("click", frameClick);
  footer.addEventListener("click", frameClick);

  function keepTextCurrent(path) {
    if (textPath === null) { textPath = textWanted = path; folio.textPath = path; siteFrame(); return; }
    if (path === textWanted) return;
    textWanted = path;
    fetch(path === "/" ? "/" : path.replace(/\/?$/, "/"), { credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (body) {
        if (textWanted !== path) return; // another route came first
        var fresh = new DOMParser().parseFromString(body, "text/html").getElementById("text");
        if (!fresh) return;
        text.replaceChildren.apply(text, Array.from(fresh.childNodes).map(function (n) { return document.importNode(n, true); }));
        textPath = folio.textPath = path;
        siteFrame(); // its aria-current names this route
      })
      .catch(function () {});
  }

  // After each build of the layer (textlayer.js): the focus ring in the book's colour, the banner shown or
  // not, #text brought to the layer's route.
  tl.frame = function (doc) {
    [banner, footer].forEach(function (el) { el.style.setProperty("--layer-focus", doc.colors.focus); });
    frameNavigation(doc);
    keepTextCurrent(doc.path);
  };
})();
