#!/usr/bin/env bash
# folio benchmark: what formulas cost a build (docs/content.md, "Math"). A bundle of N posts of prose (the
# seed's openings) with K formulas each, inline and displayed, from a list of forty real ones (the
# kinds a machine-learning or physics blog writes: fractions, sums, integrals, matrices, cases), half of
# them repeated across posts as real blogs repeat theirs:
#   - the build with the formulas against the same posts with each formula written as plain text, median of
#     FOLIO_BENCH_RUNS (3), alternating: the typesetting's share (one run of node: Temml and MathJax);
#   - the formulas, the distinct ones, their pictures' files and bytes (gzip -9 too).
set -euo pipefail
# shellcheck source=bench/common.bash
. "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

N=${FOLIO_BENCH_POSTS:-200}
K=${FOLIO_BENCH_FORMULAS:-20}
RUNS=${FOLIO_BENCH_RUNS:-3}
echo
echo "== math: $N posts of $K formulas each, built with them typeset and with them as text (bench/site_build/math.sh) =="
need_builds || exit 0
[ -d "$ROOT/node_modules/mathjax-full" ] && [ -d "$ROOT/node_modules/temml" ] ||
  { echo "skipped: node_modules lacks temml or mathjax-full (./folio bootstrap installs them)"; exit 0; }
mkdir -p "$BENCH_OUT"
for kind in math text; do
  "$PY" - "$ROOT" "$BENCH_OUT/math-$kind" "$N" "$K" "$kind" <<'PY'
import json, os, shutil, sys
root, out, n, k, kind = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
FORMULAS = [
    r"E = mc^2", r"\frac{\partial(a \cdot b)}{\partial a} = b", r"\sum_{i=1}^{n} i = \frac{n(n+1)}{2}",
    r"\int_0^\infty e^{-x^2}\,dx = \frac{\sqrt{\pi}}{2}", r"\nabla \cdot \mathbf{E} = \frac{\rho}{\varepsilon_0}",
    r"\mathrm{softmax}(z)_i = \frac{e^{z_i}}{\sum_j e^{z_j}}", r"\mathcal{L}(\theta) = -\sum_{t} \log p_\theta(x_t \mid x_{<t})",
    r"\begin{pmatrix} a & b \\ c & d \end{pmatrix}^{-1} = \frac{1}{ad-bc}\begin{pmatrix} d & -b \\ -c & a \end{pmatrix}",
    r"f(x) = \begin{cases} x^2 & x \ge 0 \\ -x & x < 0 \end{cases}", r"\lim_{h \to 0} \frac{f(x+h)-f(x)}{h}",
    r"\mathbb{E}[X] = \int x\,p(x)\,dx", r"\operatorname{Attention}(Q,K,V) = \mathrm{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}}\right)V",
    r"\hat{y} = \sigma(Wx + b)", r"O(n \log n)", r"\alpha + \beta = \gamma", r"\|x\|_2 = \sqrt{\sum_i x_i^2}",
    r"\binom{n}{k} = \frac{n!}{k!(n-k)!}", r"p(\theta \mid D) \propto p(D \mid \theta)\,p(\theta)", r"\lambda_{\max}",
    r"\frac{d}{dt}\langle x \rangle = \frac{\langle p \rangle}{m}",
]
shutil.rmtree(out, ignore_errors=True)
os.makedirs(os.path.join(out, "writing"))
# The seed's opening lines as the prose around the formulas.
seed = json.load(open(os.path.join(root, "content.json"), encoding="utf-8"))
prose = " ".join(a.get("opening", a.get("dek", "")) for a in seed.get("writing", []))[:1500] or "Words. " * 200
writing = []
for i in range(n):
    parts = []
    for j in range(k):
        # Half repeat across posts (the same few formulas), half are this post's own (a different index).
        tex = FORMULAS[j % len(FORMULAS)] if j % 2 == 0 else FORMULAS[(i + j) % len(FORMULAS)] + " + %d" % i
        display = j % 4 == 1
        if kind == "math":
            parts.append(("\n\n$$%s$$\n\n" if display else " $%s$ ") % tex)
        else:
            parts.append(" the formula %d of post %d " % (j, i))
        parts.append("The argument goes on from here, a sentence or two between formulas.")
    slug = "post-%04d" % i
    with open(os.path.join(out, "writing", slug + ".md"), "w", encoding="utf-8") as f:
        f.write(prose + "\n\n" + "".join(parts) + "\n")
    writing.append({"slug": slug, "title": "Post %d" % i, "date": "2026-%02d-%02d" % (1 + i % 12, 1 + i % 28),
                    "dek": "Notes with formulas.", "opening": "Notes with formulas, part %d." % i, "tags": ["notes"],
                    "body_file": "writing/" + slug + ".md"})
site = {"schema": 1, "site": {"title": "Bench", "author": "Bench", "tagline": "Formulas.", "base_url": "https://bench.example/",
        "language": "en", "description": "A bench."}, "writing": writing,
        "timeline": [{"year": 2026, "entries": [{"article": a["slug"]} for a in writing]}],
        "contents": [{"title": "writing", "chapter": "writing"}]}
json.dump(site, open(os.path.join(out, "content.json"), "w", encoding="utf-8"), indent=1)
PY
done
declare -A WALL
for r in $(seq "$RUNS"); do
  for kind in math text; do
    WALL[$kind]="${WALL[$kind]:-} $(build_seconds "$BENCH_OUT/math-$kind" "$BENCH_OUT/math-$kind-site")"
  done
done
# shellcheck disable=SC2086
m=$(median ${WALL[math]}) t=$(median ${WALL[text]})
pictures="$BENCH_OUT/math-math-site/math"
files=$(find "$pictures" -name '*.svg' | wc -l)
bytes=$(cat "$pictures"/*.svg | wc -c)
gz=$(for f in "$pictures"/*.svg; do gzip -9c "$f" | wc -c; done | awk '{ s += $1 } END { print s }')
formulas=$((N * K))
echo "with formulas: ${m} s; as text: ${t} s; the typesetting: $(awk -v a="$m" -v b="$t" 'BEGIN { printf "%.3f s (%.2f ms a formula of %d)", a - b, 1000 * (a - b) / '"$formulas"', '"$formulas"' }')"
echo "pictures: $files files (one per distinct formula), $bytes B, $(awk -v b="$bytes" -v f="$files" 'BEGIN { printf "%.0f B", b / f }') each on average; gzip -9: $gz B"
