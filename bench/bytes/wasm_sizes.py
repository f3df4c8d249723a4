#!/usr/bin/python3
"""Size breakdown of a wasm module: bytes per section, then the code section by function and by origin.

usage: wasm_sizes.py FOLIO.wasm [FOLIO.js.symbols] [--top N]

Reads the binary format directly (sections, then each function body's size). Names come from the symbol
map Emscripten writes beside the glue (--emit-symbol-map: "index:name" per line; the release wasm itself
has no names). Each function's gzip share is estimated as its raw share of the code section's gzip size.
"""
import gzip
import re
import sys

SECTIONS = {0: "custom", 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global", 7: "export",
            8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount"}

# Where a function comes from, by its demangled name (first match wins).
# Binaryen inlines a function that has one caller into it: the frame loop holds most of App::frame and the
# drawing, folio_set_site most of loading site.json, main most of ImGui's start. Their groups say so.
ORIGINS = [
    ("platform + inlined (frame: app, draw, layout)", r"on_animation_frame|^\(anonymous namespace\)::|^main$"),
    ("exports + inlined (set_site: site_reader, derive)", r"^folio_"),
    ("stb_truetype (glyphs)", r"stbtt|stbrp"),
    ("libc numbers (strtod, sscanf, long double)", r"floatscan|scanf|strto|tf3$|^__(add|sub|mul|div|extend|trunc)[a-z]*tf|^__fix|^__float"),
    ("folio ui (book, app)", r"^folio::(App|Book|draw|ImGuiMeasurer|Fonts|add_font|theme|BookView)|^folio::.*(draw|ui)"),
    ("folio layout/compose", r"^folio::.*(layout|compose|Layout|Compose|paginat|Line|Page|Chapter|measure)"),
    ("folio site_reader (site.json, chunks)", r"^folio::.*(load|read_|Reader|json|Json)|nlohmann|floatscan|strtod|scanf"),
    ("folio markdown (md4c)", r"^md_|^md4c|^folio::.*(markdown|Markdown|md_)"),
    ("folio other", r"^folio::|^folio_"),
    ("imgui draw/fonts", r"ImFont|ImDraw|ImTexture|ImGui_ImplOpenGL3"),
    ("imgui tables/widgets", r"ImGui::(Table|Begin(Table|Combo|ListBox|Menu|Tab)|Tree|Selectable|Slider|Drag|Input|Color|Plot)|ImGuiTable|ImGuiTab"),
    ("imgui core", r"ImGui|ImVec|ImRect|ImPool|ImChunk|ImStr|ImFormat|ImHash|ImText|ImVector|Im[A-Z]"),
    ("libc++ (strings, containers)", r"^std::|^void std::|__cxx|__2::|operator new|operator delete"),
    ("libc printf (ImGui text formatting)", r"printf|fmt_fp|__rem_pio|__divtf|pop_arg|fmt_|out$|pad$"),
    ("libc / runtime", r"."),
]


def leb(b, i):
    v = shift = 0
    while True:
        x = b[i]
        i += 1
        v |= (x & 0x7F) << shift
        shift += 7
        if x < 0x80:
            return v, i


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    top = 25
    if "--top" in sys.argv:
        top = int(sys.argv[sys.argv.index("--top") + 1])
        args = [a for a in args if a != str(top)]
    data = open(args[0], "rb").read()
    names = {}
    if len(args) > 1:
        for line in open(args[1], encoding="utf-8", errors="replace"):
            k, _, v = line.rstrip("\n").partition(":")
            if k.isdigit():  # the map escapes punctuation as \XX (hex)
                names[int(k)] = re.sub(r"\\([0-9a-fA-F]{2})", lambda m: chr(int(m.group(1), 16)), v)
    assert data[:4] == b"\0asm", "not a wasm module"
    i, imports, bodies, sections = 8, 0, [], []
    while i < len(data):
        sid = data[i]
        size, j = leb(data, i + 1)
        payload = data[j:j + size]
        label = SECTIONS.get(sid, str(sid))
        if sid == 0:
            n, k = leb(payload, 0)
            label = "custom:" + payload[k:k + n].decode("utf-8", "replace")
        sections.append((label, j + size - i, payload))
        if sid == 2:  # count imported functions: they take the first function indices
            count, k = leb(payload, 0)
            for _ in range(count):
                for _ in range(2):
                    n, k = leb(payload, k)
                    k += n
                kind = payload[k]
                k += 1
                if kind == 0:
                    _, k = leb(payload, k)
                    imports += 1
                elif kind == 1:
                    k += 1
                    flags, k = leb(payload, k)
                    _, k = leb(payload, k)
                    if flags & 1:
                        _, k = leb(payload, k)
                elif kind == 2:
                    flags, k = leb(payload, k)
                    _, k = leb(payload, k)
                    if flags & 1:
                        _, k = leb(payload, k)
                elif kind == 3:
                    k += 2
        if sid == 10:
            count, k = leb(payload, 0)
            for f in range(count):
                n, k2 = leb(payload, k)
                bodies.append((imports + f, k2 - k + n, payload[k2:k2 + n]))
                k = k2 + n
        i = j + size

    total_gz = len(gzip.compress(data, 9))
    print("%-28s %10s %10s" % ("section", "raw B", "gzip -9 B"))
    for label, size, payload in sections:
        print("%-28s %10d %10d" % (label, size, len(gzip.compress(payload, 9))))
    print("%-28s %10d %10d" % ("whole module", len(data), total_gz))

    code = next(p for l, s, p in sections if l == "code")
    code_gz = len(gzip.compress(code, 9))
    scale = code_gz / max(1, len(code))
    raw_names = [names.get(idx, "function %d" % idx) for idx, _, _ in bodies]
    pretty = raw_names
    groups = {}
    for (idx, size, _), name in zip(bodies, pretty):
        origin = next(o for o, rx in ORIGINS if re.search(rx, name))
        g = groups.setdefault(origin, [0, 0])
        g[0] += size
        g[1] += 1
    print()
    print("code section by origin (gzip estimated from the raw share)")
    print("%-46s %6s %10s %10s" % ("origin", "funcs", "raw B", "~gzip B"))
    for origin, (size, n) in sorted(groups.items(), key=lambda kv: -kv[1][0]):
        print("%-46s %6d %10d %10.0f" % (origin, n, size, size * scale))
    print()
    print("largest %d functions" % top)
    ranked = sorted(zip(bodies, pretty), key=lambda t: -t[0][1])[:top]
    for (idx, size, _), name in ranked:
        print("%8d  %s" % (size, name[:110]))


if __name__ == "__main__":
    main()
