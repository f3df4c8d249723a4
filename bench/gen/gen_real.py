#!/usr/bin/python3
"""Writes a folio bundle whose articles look like a real programming blog's, for the build benchmarks.

usage: gen_real.py OUT_DIR N_ARTICLES

The synthetic bundle (gen_bundle.py) has one shape of article, all about 1,500 words. Real posts vary and
cost more to build: this writes the same kind of bundle (gen_bundle.py makes the content.json, the
timeline and the shelves), then replaces every article's Markdown with a body like a real post's:
lengths spread from a short note to a long essay (log-normal, about 150 to 8,000 words), long paragraphs
with typographic quotes and dashes, long fenced code listings in several languages, raw HTML blocks
(<figure>, <details>, <div>, an HTML table) and inline HTML (<kbd>, <sup>, <abbr>), nested lists, wide
tables, block quotes, footnote-style references and long URLs. No network: every line is made here,
seeded, so runs are comparable.
"""
import random
import sys

import gen_bundle

NOUNS = """allocator arena bitmap buffer cache channel checksum client compiler connection container
cursor daemon deadline descriptor dictionary driver endpoint epoch event executor extent fence fiber
fragment frame generation handle header heap histogram index inode interpreter iterator journal kernel
latch lease ledger listener lock log mapping message metric mutex namespace node offset opcode packet
page parser partition pipeline pointer pool process profile queue quorum range reactor record region
register replica request resolver ring runtime sample scheduler schema segment semaphore sequence
session shard signal slab snapshot socket span stack stream struct symbol table task tenant thread
timer token trace transaction tree tuple value vector version watermark window worker""".split()
VERBS = """allocates blocks buffers caches checks commits compacts copies decodes defers drains drops
encodes evicts expires fails flushes forwards frees grows hashes holds inlines invalidates joins leaks
locks maps measures merges migrates moves parses pins polls preempts prefetches promotes reads rebuilds
reclaims reorders replays resizes retries returns samples schedules serialises shrinks signals skips
sleeps spills splits stalls steals swaps syncs throttles times truncates unlocks unmaps validates waits
wakes writes yields""".split()
ADJ = """atomic blocking bounded busy cold concurrent consistent contiguous dirty durable eager empty
expensive fair fragmented global hot idle immutable implicit lazy linear local lock-free lossy monotonic
naive nested noisy obvious opaque optimistic partial pessimistic pinned private quiet racy redundant
remote sequential shallow shared slow sparse stale strict subtle synchronous transient unbounded unsafe
volatile warm""".split()
OPENERS = ["It turns out that", "The surprising part is that", "In the first version,", "Once we measured it,",
           "As far as I can tell,", "What nobody told me is that", "On a quiet machine,", "Under load,",
           "In hindsight,", "The fix was simple:", "The trouble is that", "To be fair,", "For a while,"]
NAMES = ["Ada", "Brian", "Chen", "Dana", "Emeka", "Farah", "Goran", "Hiro", "Ines", "Jonas", "Kavya", "Lena"]

CODE = {
    "c": """static int ring_push(struct ring *r, const void *item, size_t size)
{
    size_t head = atomic_load_explicit(&r->head, memory_order_relaxed);
    size_t tail = atomic_load_explicit(&r->tail, memory_order_acquire);
    if (head - tail >= r->capacity) {
        return -EAGAIN; /* full: the caller decides whether to spin or sleep */
    }
    memcpy(r->slots + (head & r->mask) * size, item, size);
    atomic_store_explicit(&r->head, head + 1, memory_order_release);
    return 0;
}""",
    "rust": """impl<T: Send> Pool<T> {
    pub fn take(&self) -> Option<Guard<'_, T>> {
        let mut free = self.free.lock().expect("pool lock poisoned");
        let slot = free.pop()?;
        self.in_use.fetch_add(1, Ordering::Relaxed);
        Some(Guard { pool: self, slot })
    }
}

impl<T> Drop for Guard<'_, T> {
    fn drop(&mut self) {
        self.pool.free.lock().unwrap().push(self.slot);
        self.pool.in_use.fetch_sub(1, Ordering::Relaxed);
    }
}""",
    "python": """def percentile(samples, q):
    \"\"\"The q-th percentile (0..100) by linear interpolation; samples need not be sorted.\"\"\"
    if not samples:
        raise ValueError("no samples")
    s = sorted(samples)
    k = (len(s) - 1) * q / 100.0
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


for name, runs in sorted(results.items()):
    print(f"{name:<24} p50={percentile(runs, 50):8.3f} ms  p99={percentile(runs, 99):8.3f} ms")""",
    "go": """func (s *Server) handle(ctx context.Context, conn net.Conn) error {
	defer conn.Close()
	r := bufio.NewReaderSize(conn, 64<<10)
	for {
		req, err := readRequest(r)
		if errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return fmt.Errorf("read %s: %w", conn.RemoteAddr(), err)
		}
		select {
		case s.work <- req:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}""",
    "cpp": """template <typename Key, typename Value>
class LruCache {
  public:
    explicit LruCache(std::size_t capacity) : capacity_(capacity) {}

    std::optional<Value> get(const Key& key) {
        auto it = index_.find(key);
        if (it == index_.end()) return std::nullopt;
        order_.splice(order_.begin(), order_, it->second);
        return it->second->second;
    }

  private:
    std::size_t capacity_;
    std::list<std::pair<Key, Value>> order_;
    std::unordered_map<Key, typename decltype(order_)::iterator> index_;
};""",
    "sh": """#!/usr/bin/env bash
set -euo pipefail
for n in 1 2 4 8 16; do
  perf stat -e cycles,instructions,cache-misses -x, -o "stat-$n.csv" \\
    ./bench --threads "$n" --duration 10s >"run-$n.log" 2>&1
  awk -F, '/cache-misses/ { print n, $1 }' n="$n" "stat-$n.csv"
done | sort -n | column -t""",
    "sql": """SELECT date_trunc('hour', started_at) AS hour,
       count(*) FILTER (WHERE status = 'failed') AS failed,
       percentile_cont(0.99) WITHIN GROUP (ORDER BY duration_ms) AS p99_ms
FROM job_runs
WHERE started_at > now() - interval '7 days'
GROUP BY 1
ORDER BY 1;""",
}


class Post:
    def __init__(self, rng):
        self.rng = rng

    def sentence(self):
        r = self.rng
        parts = []
        if r.random() < 0.25:
            parts.append(r.choice(OPENERS))
        parts.append("the " + r.choice(ADJ) + " " + r.choice(NOUNS))
        parts.append(r.choice(VERBS))
        parts.append(r.choice(["every", "the", "one", "each", "no", "a"]) + " " + r.choice(NOUNS))
        tail = r.random()
        if tail < 0.2:
            parts.append("\u2014 which is exactly what the " + r.choice(NOUNS) + " was meant to prevent \u2014")
            parts.append("and " + r.choice(VERBS) + " the " + r.choice(NOUNS))
        elif tail < 0.35:
            parts.append("when the " + r.choice(NOUNS) + " is " + r.choice(ADJ))
        elif tail < 0.5:
            parts.append("because \u201c" + r.choice(ADJ) + "\u201d never meant " + r.choice(ADJ))
        elif tail < 0.6:
            parts.append("(see `" + r.choice(NOUNS) + "_" + r.choice(NOUNS) + "()` in the " + r.choice(NOUNS) + " code)")
        elif tail < 0.7:
            parts.append("\u2014 in [the " + r.choice(NOUNS) + " notes](https://blog.example.net/" +
                         str(r.randint(2012, 2026)) + "/" + r.choice(NOUNS) + "-" + r.choice(NOUNS) +
                         "-" + r.choice(ADJ) + "?utm_source=feed&ref=" + str(r.randint(1000, 99999)) + ")")
        elif tail < 0.76:
            parts.append("until you press <kbd>Ctrl</kbd>+<kbd>C</kbd>")
        elif tail < 0.82:
            parts.append("at about " + str(r.randint(2, 900)) + "<sup>" + str(r.randint(1, 9)) + "</sup> " + r.choice(["ns", "\u00b5s", "ms"]))
        s = " ".join(parts)
        if r.random() < 0.15:
            s += ", and that\u2019s " + r.choice(["*the whole story*", "**not** fine", "what we shipped", "where it broke"])
        return s[0].upper() + s[1:] + r.choice(["."] * 6 + ["?", "!", "\u2026"])

    def paragraph(self, lo=4, hi=12):
        return " ".join(self.sentence() for _ in range(self.rng.randint(lo, hi)))

    def code(self):
        lang = self.rng.choice(list(CODE))
        lines = CODE[lang].split("\n")
        # Real listings run long: repeat with small changes.
        out = []
        for k in range(self.rng.choice([1, 1, 2, 3, 5])):
            out += [ln.replace("ring", "ring" + str(k)) if k else ln for ln in lines] + [""]
        return "```" + lang + "\n" + "\n".join(out).rstrip() + "\n```"

    def html_block(self):
        r = self.rng
        kind = r.randrange(4)
        if kind == 0:
            return ("<figure>\n  <img src=\"https://cdn.example.net/img/" + r.choice(NOUNS) + "-" + str(r.randint(1, 99)) +
                    ".png\" alt=\"a " + r.choice(ADJ) + " " + r.choice(NOUNS) + " under load\" width=\"720\">\n  <figcaption>" +
                    self.sentence() + "</figcaption>\n</figure>")
        if kind == 1:
            return "<details>\n<summary>The full " + r.choice(NOUNS) + " dump</summary>\n\n" + self.paragraph(2, 4) + "\n\n</details>"
        if kind == 2:
            return "<div class=\"note\">\n<p><strong>Note:</strong> " + self.sentence() + "</p>\n</div>"
        rows = "\n".join("  <tr><td>" + r.choice(NOUNS) + "</td><td>" + str(r.randint(1, 5000)) + "</td><td>" +
                         r.choice(ADJ) + "</td></tr>" for _ in range(r.randint(3, 8)))
        return "<table>\n  <tr><th>what</th><th>count</th><th>state</th></tr>\n" + rows + "\n</table>"

    def bullet_list(self):
        r = self.rng
        items = []
        for _ in range(r.randint(3, 8)):
            items.append("- " + self.sentence())
            if r.random() < 0.3:
                items += ["  - " + self.sentence() for _ in range(r.randint(1, 3))]
        return "\n".join(items)

    def table(self):
        r = self.rng
        cols = r.randint(3, 6)
        head = "| " + " | ".join([r.choice(NOUNS) for _ in range(cols)]) + " |"
        rule = "|" + "|".join(["---"] + ["---:"] * (cols - 1)) + "|"
        rows = ["| " + r.choice(NOUNS) + " " + r.choice(ADJ) + " | " +
                " | ".join("%.2f" % r.uniform(0, 5000) for _ in range(cols - 1)) + " |" for _ in range(r.randint(4, 20))]
        return "\n".join([head, rule] + rows)

    def body(self, opening):
        r = self.rng
        target = int(min(8000, max(150, r.lognormvariate(7.0, 0.8))))
        parts = [opening]
        words = len(opening.split())
        blocks = [self.paragraph] * 10 + [self.code] * 3 + [self.bullet_list] * 2 + [self.html_block, self.table,
                  lambda: "> " + self.paragraph(2, 5) + "\n>\n> \u2014 " + r.choice(NAMES)]
        while words < target:
            if r.random() < 0.1:
                parts.append(r.choice(["## ", "### "]) + " ".join([r.choice(ADJ), r.choice(NOUNS)]).capitalize() +
                             r.choice(["", "s", " and the " + r.choice(NOUNS)]))
            b = r.choice(blocks)()
            parts.append(b)
            words += len(b.split())
        if r.random() < 0.4:
            parts.append("---\n\n" + "\n".join("<sup>" + str(i + 1) + "</sup> " + self.sentence() for i in range(r.randint(1, 4))))
        return "\n\n".join(parts) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gen_real.py OUT_DIR N_ARTICLES")
    out, n = sys.argv[1], int(sys.argv[2])
    post = Post(random.Random(20260101 + n))

    def body_of(_, a):
        a["opening"] = post.paragraph(2, 5)
        return post.body(a["opening"])

    gen_bundle.write_bodies(out, n, body_of)


if __name__ == "__main__":
    main()
