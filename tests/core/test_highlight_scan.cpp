// The in-house highlighter (core/markup/highlight_scan.h) gives the runs source-highlight gives, token for token,
// on the code of the blog fixture and on samples of what each language's posts hold.
#include <catch2/catch_test_macros.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/markup/highlight.h"
#include "core/markup/highlight_scan.h"

using namespace folio;

namespace {

// "1:if|0: |..." : the runs of code as one comparable string; "not the code" when they do not spell it.
std::string show(const std::string& code, const std::vector<CodeRun>& runs) {
    if (!runs.empty() && !runs_cover(code, runs)) return "not the code";
    std::string out;
    size_t at = 0;
    for (const CodeRun& r : runs) {
        out += std::to_string(static_cast<int>(r.token)) + ":" + code.substr(at, r.size) + "|";
        at += r.size;
    }
    return out;
}

// "" when equal, else both from a little before their first difference.
std::string difference(const std::string& a, const std::string& b) {
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
        ++i;
    if (i == a.size() && i == b.size()) return "";
    const size_t from = i < 40 ? 0 : i - 40;
    return "ours: " + a.substr(from, 120) + "\nsource-highlight: " + b.substr(from, 120);
}

struct Sample {
    std::string lang, code;
};

// Every fenced block of the blog fixture's articles.
std::vector<Sample> fixture_blocks() {
    std::vector<Sample> out;
    for (const char* name : {"code.md", "raw-html.md", "long.md", "images.md"}) {
        std::ifstream in(std::string(FOLIO_SOURCE_DIR) + "/tests/fixtures/blog/writing/" + name);
        std::string line, lang, code;
        bool inside = false;
        while (std::getline(in, line)) {
            if (line.rfind("```", 0) == 0) {
                if (inside) out.push_back({lang, code});
                inside = !inside;
                lang = line.substr(3);
                code.clear();
            } else if (inside) {
                code += line + "\n";
            }
        }
    }
    return out;
}

const Sample kSamples[] = {
    {"c", "#include <stdio.h>\n#include \"ring.h\"\n#define CAP 64\n\nstruct ring { size_t head; };\n"
          "static int push(struct ring *r, const char *s) {\n    /* a comment\n       over lines */\n"
          "    if (r->head >= CAP) goto full; // full\n    printf(\"%s\\n\", s);\n    return 0x1F + 3.5e-2;\n"
          "full:\n    return -1;\n}\n"},
    {"cpp", "template <typename Key, typename Value>\nclass LruCache {\n  public:\n"
            "    explicit LruCache(std::size_t capacity) : capacity_(capacity) {}\n"
            "    std::optional<Value> get(const Key& key) {\n        auto it = index_.find(key);\n"
            "        if (it == index_.end()) return std::nullopt;\n        return it->second;\n    }\n\n"
            "  private:\n    std::list<std::pair<Key, Value>> order_;\n    std::vector<int> v = {1, 2};\n};\n"},
    {"python", "import math\nfrom typing import List\n\n@dataclass\nclass Point:\n"
               "    \"\"\"A point.\n\n    Two lines of docstring.\"\"\"\n    x: float = 0.0\n\n"
               "def percentile(samples, q):\n    '''The q-th percentile.'''\n    s = sorted(samples)  # sorted\n"
               "    k = (len(s) - 1) * q / 100\n    return s[int(k)] if k else \"none\"\n"},
    {"rust", "impl<T: Send> Pool<T> {\n    pub fn get(&self, n: usize) -> Option<&'a T> {\n"
             "        let c = '\\n';\n        let s = \"tab\\t\";\n        match self.items.get(n) { Some(x) => x, "
             "None => 0u32 }\n"
             "    }\n}\n"},
    {"go", "package main\n\nimport (\n\t\"context\"\n\t\"net\"\n)\n\ntype Server struct {\n\tmu sync.Mutex\n}\n\n"
           "func (s *Server) handle(ctx context.Context, conn net.Conn) error {\n\tdefer conn.Close()\n"
           "\tq := `raw\nstring`\n\tfor i := 0; i < 10; i++ {\n\t\tselect {\n\t\tcase <-ctx.Done():\n"
           "\t\t\treturn ctx.Err()\n\t\t}\n\t}\n\treturn nil\n}\n"},
    {"sh", "#!/usr/bin/env bash\nset -euo pipefail\nfor n in 1 2 4; do\n  start=$(date +%s.%N)\n"
           "  ./bench --threads \"$n\" --duration 10s > \"run-$n.log\" 2>&1\n  echo ${HOME} $1 $@ # done\n"
           "  awk -F, '/cache-misses/ { print n, $1 }' n=\"$n\"\ndone | sort -n\n"},
    {"sql",
     "SELECT date_trunc('hour', started_at) AS hour,\n       count(*) FILTER (WHERE status >= 500) AS errors\n"
     "FROM requests r\n  JOIN `users` u ON u.id = r.user_id -- the join\nwhere started_at > now() - interval '1 day'\n"
     "GROUP BY 1 ORDER BY 1 DESC LIMIT 24; /* done */\n"},
    {"javascript", "const x = \"s\";\nfunction f(a, b) {\n  // sum\n  return a + b * 2.5;\n}\n"
                   "let t = `template ${x}`;\nclass A extends B { constructor() { super(); this.n = null; } }\n"},
    {"java", "package org.example;\nimport java.util.List;\n\npublic class Main {\n"
             "    public static void main(String[] args) {\n        List<String> names = List.of(\"a\");\n"
             "        int n = 3; // three\n    }\n}\n"},
};

} // namespace

TEST_CASE("the in-house highlighter gives source-highlight's runs", "[highlight]") {
    std::vector<Sample> samples(std::begin(kSamples), std::end(kSamples));
    const std::vector<Sample> fixture = fixture_blocks();
    REQUIRE(fixture.size() >= 10); // the fixture was read
    samples.insert(samples.end(), fixture.begin(), fixture.end());
    int scanned = 0;
    for (const Sample& s : samples) {
        CAPTURE(s.lang, s.code);
        const std::vector<CodeRun> runs = highlight_code(s.lang, s.code);
        const std::vector<CodeRun> reference = highlight_code_with_source_highlight(s.lang, s.code);
        CHECK(difference(show(s.code, runs), show(s.code, reference)) == "");
        if (!runs.empty()) ++scanned;
    }
    CHECK(scanned >= 9);
    std::vector<CodeRun> out;
    CHECK_FALSE(scan_highlight("yaml.lang", "a: 1\n", out)); // not the scanner's: source-highlight's
    CHECK(out.empty());
    CHECK(scan_highlight("c.lang", "int x;\n", out));
    CHECK(show("int x;\n", out) == "2:int|0: x|7:;|0:\n|");
}
