#!/usr/bin/env python3
"""src/core's folders are libraries in layers (CMakeLists.txt, "core"): each folder's files include only
their own folder's headers and those of the libraries it declares (directly or through them), the declared
graph has no cycle, every source file is built by its folder's library, and the code the browser builds
(src/ui, src/platform/web) includes only libraries the web build links.

Usage: core_layers.py ROOT"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.dirname(__file__)))
cmake = open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8").read()
problems = []

# folio_core_library(NAME SOURCES a.cpp ... DEPENDS folio_x third_party_y): declared libraries, their
# sources and their folio dependencies; those declared inside `if(NOT EMSCRIPTEN)` are native only.
native_block = re.search(r"if\(NOT EMSCRIPTEN\)\n(.*?)\nendif\(\)", cmake[cmake.index("folio_core_library(text"):], re.S)
native_text = native_block.group(1) if native_block else ""
libs, deps, sources, web = [], {}, {}, set()
for m in re.finditer(r"folio_core_library\((\w+) (.*?)\)", cmake, re.S):
    if m.group(1) == "name":
        continue
    name, body = m.group(1), m.group(2).split()
    libs.append(name)
    part = None
    deps[name], sources[name] = set(), set()
    for word in body:
        if word in ("SOURCES", "DEPENDS"):
            part = word
        elif part == "SOURCES":
            sources[name].add(word)
        elif part == "DEPENDS" and word.startswith("folio_"):
            deps[name].add(word[len("folio_"):])
    if m.group(0) not in native_text:
        web.add(name)
for m in re.finditer(r"target_sources\(folio_(\w+) PRIVATE ([^)]*)\)", cmake):
    for path in m.group(2).split():
        if path.startswith("src/core/%s/" % m.group(1)):
            sources.setdefault(m.group(1), set()).add(os.path.basename(path))

if len(libs) < 6:
    sys.exit("core_layers: found only %d folio_core_library calls in CMakeLists.txt" % len(libs))


def reach(lib, seen=None):
    seen = set() if seen is None else seen
    for d in deps.get(lib, ()):
        if d not in seen:
            seen.add(d)
            reach(d, seen)
    return seen


for lib in libs:
    if lib in reach(lib):
        problems.append("the libraries' dependencies have a cycle through folio_%s" % lib)
    for d in deps[lib]:
        if d not in deps:
            problems.append("folio_%s depends on folio_%s, which is not a core library" % (lib, d))

core = os.path.join(root, "src", "core")
folders = sorted(f for f in os.listdir(core) if os.path.isdir(os.path.join(core, f)))
for folder in folders:
    if folder not in deps:
        problems.append("src/core/%s is not a library (folio_core_library in CMakeLists.txt)" % folder)
for f in sorted(os.listdir(core)):
    if os.path.isfile(os.path.join(core, f)):
        problems.append("src/core/%s is in no folder: every core file belongs to one library" % f)

include = re.compile(r'^#include "core/(\w+)/(\w+\.h)"', re.M)


def check_includes(path, allowed, who):
    text = open(path, encoding="utf-8").read()
    for m in include.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        rel = os.path.relpath(path, root)
        if m.group(1) not in allowed:
            problems.append("%s:%d: includes core/%s/%s, but %s may use only %s" %
                            (rel, line, m.group(1), m.group(2), who, ", ".join(sorted(allowed))))
        elif not os.path.exists(os.path.join(core, m.group(1), m.group(2))):
            problems.append("%s:%d: includes core/%s/%s, which does not exist" % (rel, line, m.group(1), m.group(2)))


checked = 0
for folder in folders:
    if folder not in deps:
        continue
    allowed = reach(folder) | {folder}
    for dirpath, _, files in os.walk(os.path.join(core, folder)):
        for f in sorted(files):
            path = os.path.join(dirpath, f)
            if f.endswith((".h", ".cpp")):
                check_includes(path, allowed, "folio_%s (with what it depends on)" % folder)
                checked += 1
            if f.endswith(".cpp") and f not in sources.get(folder, ()):
                problems.append("%s is built by no library" % os.path.relpath(path, root))

web_allowed = set()
for lib in web:
    web_allowed |= reach(lib) | {lib}
# The ui's sources added only natively (`target_sources(folio_ui PRIVATE ...)` inside `if(NOT EMSCRIPTEN)`),
# and their headers, are the build's: they may use every library.
native_ui = set()
for m in re.finditer(r"if\(NOT EMSCRIPTEN\)\n\s*(?:#[^\n]*\n\s*)*target_sources\(folio_ui PRIVATE ([^)]*)\)", cmake):
    for path in m.group(1).split():
        native_ui.add(os.path.splitext(os.path.basename(path))[0])
for part in ("ui", os.path.join("platform", "web")):
    for dirpath, _, files in os.walk(os.path.join(root, "src", part)):
        for f in sorted(files):
            if f.endswith((".h", ".cpp")):
                native = part == "ui" and os.path.splitext(f)[0] in native_ui
                check_includes(os.path.join(dirpath, f), set(deps) if native else web_allowed,
                               "the build's ui code" if native else "code the browser builds")
                checked += 1

for p in problems:
    print(p)
print("core_layers: %d libraries (%s; the browser's: %s), %d files checked, %d problems" %
      (len(libs), " ".join(libs), " ".join(sorted(web)), checked, len(problems)))
sys.exit(1 if problems else 0)
