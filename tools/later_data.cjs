// Moves the data only the later code reads from folio.wasm to folio.later.wasm (tools/split_wasm.cjs runs it
// after each split). That data is the section folio_later (src/platform/web/later_data.h: GNU FriBidi's
// tables, and the digits of 2/pi for sinf and cosf of a very large angle); the linked module's
// folio_later_data returns its bounds. The later module imports the primary's memory, so its active data
// segments write those bytes into it when it is instantiated, before any later function can run.
//
// The primary's data is written again as a few segments. The linker's output comes from wasm-opt's memory
// packing as hundreds of segments cut at every run of zeros, which is smaller raw but about 1.4 KB larger
// gzip-compressed than one segment with its zeros: the first view is fetched compressed.
"use strict";
const fs = require("fs");

// The byte reader and writer for the sections this touches (the binary format's LEB128 integers).
function readU32(bytes, at) {
  let value = 0, shift = 0, byte;
  do {
    byte = bytes[at.i++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return value;
}
function u32(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return out;
}
function s32(value) {
  const out = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && !(byte & 0x40)) || (value === -1 && byte & 0x40)) return out.concat(byte);
    out.push(byte | 0x80);
  }
}

function sections(bytes) {
  const out = [], at = { i: 8 };
  while (at.i < bytes.length) {
    const id = bytes[at.i++], size = readU32(bytes, at);
    out.push({ id, body: bytes.subarray(at.i, at.i + size) });
    at.i += size;
  }
  return out;
}
function assemble(head, list) {
  const parts = [head];
  for (const s of list) parts.push(Buffer.from([s.id, ...u32(s.body.length)]), s.body);
  return Buffer.concat(parts);
}

// The memory image the data section writes: active segments with a constant offset, as Emscripten links.
function image(dataBody) {
  const at = { i: 0 }, count = readU32(dataBody, at), segments = [];
  for (let k = 0; k < count; k++) {
    const flags = readU32(dataBody, at);
    if (flags !== 0 || dataBody[at.i++] !== 0x41) throw new Error("later_data: a data segment that is not active at a constant offset");
    const offset = readU32(dataBody, at); // an i32.const, signed, but an address here is below 2^31
    if (dataBody[at.i++] !== 0x0b) throw new Error("later_data: a data segment's offset is not one constant");
    const size = readU32(dataBody, at);
    segments.push({ offset, bytes: dataBody.subarray(at.i, at.i + size) });
    at.i += size;
  }
  const end = Math.max(0, ...segments.map((s) => s.offset + s.bytes.length));
  const memory = new Uint8Array(end);
  for (const s of segments) memory.set(s.bytes, s.offset);
  return memory;
}

// Segments for memory[from, to), cut only where at least `gap` zero bytes lie between two runs.
function segmentsOf(memory, from, to, gap) {
  const out = [];
  let start = -1, zeros = 0;
  for (let i = from; i < to; i++) {
    if (memory[i] === 0) {
      zeros++;
      continue;
    }
    if (start < 0) start = i;
    else if (zeros >= gap) {
      out.push([start, i - zeros]);
      start = i;
    }
    zeros = 0;
  }
  if (start >= 0) out.push([start, to - zeros]);
  return out;
}
function dataSection(memory, ranges) {
  const parts = [Buffer.from(u32(ranges.length))];
  for (const [from, to] of ranges)
    parts.push(Buffer.from([0, 0x41, ...s32(from), 0x0b, ...u32(to - from)]), Buffer.from(memory.subarray(from, to)));
  return { id: 11, body: Buffer.concat(parts) };
}

const GAP = 4096; // zeros worth a segment's header: gzip takes a run this long for a few bytes

// Moves memory[begin, end) of primaryFile's data into laterFile's. Returns the bytes moved.
function moveLaterData(primaryFile, laterFile, begin, end) {
  const primary = fs.readFileSync(primaryFile), later = fs.readFileSync(laterFile);
  const primarySections = sections(primary), laterSections = sections(later);
  const data = primarySections.find((s) => s.id === 11);
  if (!data) throw new Error("later_data: folio.wasm has no data section");
  if (laterSections.some((s) => s.id === 11 || s.id === 12)) throw new Error("later_data: folio.later.wasm has data of its own");
  let memory = image(data.body);
  if (begin >= end || begin >= memory.length) throw new Error(`later_data: the section folio_later [${begin}, ${end}) is not in folio.wasm's data`);
  if (memory.length < end) { // its zeros at the end were never written
    const whole = new Uint8Array(end);
    whole.set(memory);
    memory = whole;
  }

  const kept = segmentsOf(memory, 0, begin, GAP).concat(segmentsOf(memory, end, memory.length, GAP));
  const moved = segmentsOf(memory, begin, end, GAP);
  const newPrimary = primarySections.map((s) => (s.id === 11 ? dataSection(memory, kept) : s));
  // The later module's sections stop at the code (10): its data (11) goes right after, in the binary's order.
  const code = laterSections.findIndex((s) => s.id === 10);
  const newLater = laterSections.slice(0, code + 1).concat(dataSection(memory, moved), laterSections.slice(code + 1));
  fs.writeFileSync(primaryFile, assemble(primary.subarray(0, 8), newPrimary));
  fs.writeFileSync(laterFile, assemble(later.subarray(0, 8), newLater));
  return moved.reduce((n, [from, to]) => n + to - from, 0);
}

// The bounds folio_later_data returns, read from its body in the whole module's text (wasm-dis): it selects
// between two constants, the section's start and its end. names: the module's symbol map, index to name
// (imports first; wasm-dis numbers the defined functions from 0 after them).
function laterDataBounds(wholeText, names) {
  const imports = (wholeText.match(/^ \(import "[^"]*" "[^"]*" \(func /gm) || []).length;
  const index = names.indexOf("folio_later_data") - imports;
  const start = index < 0 ? -1 : wholeText.indexOf(`\n (func $${index} `);
  if (start < 0) throw new Error("later_data: folio_later_data is not in the linked module");
  const next = wholeText.indexOf("\n (func ", start + 1);
  const body = wholeText.slice(start, next < 0 ? undefined : next);
  const values = [...body.matchAll(/i32\.const (\d+)/g)].map((m) => Number(m[1]));
  if (values.length !== 2) throw new Error("later_data: folio_later_data is not two constants: " + body.trim().slice(0, 200));
  return [Math.min(...values), Math.max(...values)];
}

// The functions of the sources whose data is in the section (cmake/ThirdParty.cmake).
const READERS = /^(fribidi_|__rem_pio2)/; // __rem_pio2f and __rem_pio2 take __rem_pio2_large inline

// The primary must not read the moved bytes before the later module has written them. Two checks that a
// first view's function cannot: none of the functions of the sources whose data moves is kept in folio.wasm,
// and no load or store in it has an address in the section as its constant offset (a table read at a fixed
// place).
function checkPrimary(primaryText, keptNames, begin, end) {
  const problems = [];
  const readers = keptNames.filter((n) => READERS.test(n));
  if (readers.length) problems.push(`functions whose tables come later are in the first view's list: ${readers.join(", ")}`);
  const offsets = [...primaryText.matchAll(/\.(?:load|store)\w* offset=(\d+)/g)].map((m) => Number(m[1])).filter((v) => v >= begin && v < end);
  if (offsets.length) problems.push(`folio.wasm reads or writes the later data at fixed addresses: ${[...new Set(offsets)].slice(0, 10).join(", ")}`);
  return problems;
}

module.exports = { moveLaterData, laterDataBounds, checkPrimary, sections, image }; // the last two: tests/browser/later.test.mjs
