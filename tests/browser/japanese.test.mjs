// A Japanese author's bundle (tests/fixtures/japanese): the book sets it in Noto Serif CJK's Japanese face,
// and breaks its lines between characters with the kinsoku rules (core/text/line_break.h): no line starts
// with a closing mark, a small kana or the long vowel mark, none ends with an opening bracket.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { useSite, open, ready, settle } from "../support/harness.mjs";

const JA = process.env.FOLIO_JA_SITE;
assert.ok(JA, "FOLIO_JA_SITE is not set: run ./folio test, which builds tests/fixtures/japanese into build/site-ja");
const env = useSite(JA);
const ARTICLE = "/writing/" + encodeURIComponent("オーロラ") + "/";

test("the site ships Noto Serif CJK's Japanese face, not the Chinese one", () => {
  const assets = path.join(JA, "assets");
  const cjk = fs.readdirSync(assets).filter((f) => /^script-cjk\.[0-9a-f]+\.ttf$/.test(f));
  assert.equal(cjk.length, 1, fs.readdirSync(assets).join(" "));
  const name = (s) => Buffer.from(s, "utf16le").swap16(); // the name table's UTF-16BE
  const bytes = fs.readFileSync(path.join(assets, cjk[0]));
  assert.ok(bytes.includes(name("Noto Serif CJK JP")), "the face's name is Noto Serif CJK JP");
  assert.ok(!bytes.includes(name("Noto Serif CJK SC")));
});

const NO_START = new Set([..."、。，．・：；？！ー」』）］｝〕〉》】ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"]);
const NO_END = new Set([..."「『（［｛〔〈《【"]);

for (const viewport of [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1280, height: 800 }])
  test(`${viewport.width}x${viewport.height}: no line of the Japanese article starts or ends where kinsoku forbids`, async () => {
    const { page, context, errors } = await open(env.browser, env.base, ARTICLE, { viewport });
    await ready(page);
    await settle(page);
    await page.waitForFunction(() => document.querySelectorAll("#layer .page").length > 0 && !document.querySelector("#layer .page.later"), null, { timeout: 30000 });
    // The layer's runs, each a line's piece; a block's lines in order of their tops.
    const lines = await page.evaluate(() => {
      const byLine = new Map();
      for (const e of document.querySelectorAll("#layer [data-i]")) {
        const r = e.getBoundingClientRect();
        const key = e.closest(".page").dataset.p + ":" + Math.round(r.top + window.scrollY);
        byLine.set(key, (byLine.get(key) || "") + e.textContent);
      }
      return [...byLine.values()].map((t) => t.trim()).filter((t) => t);
    });
    const wrapped = lines.filter((l) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(l));
    assert.ok(wrapped.length >= 8, `the article wraps into lines: ${JSON.stringify(lines)}`);
    for (const line of wrapped) {
      assert.ok(!NO_START.has([...line][0]), `a line starts with ${[...line][0]}: ${line}`);
      assert.ok(!NO_END.has([...line].at(-1)), `a line ends with ${[...line].at(-1)}: ${line}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
