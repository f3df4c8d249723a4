// folio core: reading what `folio build` wrote for the browser. See site_reader.h; the writers are
// schema.cpp and document_json.cpp, field for field.
#include "core/wire/site_reader.h"

#include <cstring>
#include <functional>

#include "core/model/bound.h"
#include "core/model/derive.h"
#include "core/text/text.h"

namespace folio {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] The cursor: JSON tokens, one pass, the first problem stops it
//-----------------------------------------------------------------------------

constexpr int kMaxDepth = 64; // what folio writes is shallower (trees: markdown.cpp flattens at 48)

struct Cursor {
    std::string_view t;
    const char* file;
    size_t i = 0;
    std::string error; // the first problem; once set, every read fails

    Cursor(std::string_view text, const char* file_name) : t(text), file(file_name) {}

    bool ok() const { return error.empty(); }

    bool fail(const char* what) {
        if (error.empty())
            error = std::string(file) + " is damaged at byte " + std::to_string(i) + " (" + what +
                    "). Rebuild the site with folio build, then reload.";
        return false;
    }

    void space() {
        while (i < t.size() && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t'))
            ++i;
    }
    // The next significant byte (0 at the end), without taking it.
    char peek() {
        space();
        return i < t.size() ? t[i] : '\0';
    }
    bool take(char c) {
        if (!ok() || peek() != c) return false;
        ++i;
        return true;
    }
    bool expect(char c, const char* what) { return take(c) || fail(what); }

    bool hex4(uint32_t& cp) {
        if (t.size() - i < 4) return false;
        cp = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = t[i++];
            const int d = c >= '0' && c <= '9'   ? c - '0'
                          : c >= 'a' && c <= 'f' ? c - 'a' + 10
                          : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                 : -1;
            if (d < 0) return false;
            cp = cp * 16 + static_cast<uint32_t>(d);
        }
        return true;
    }

    bool string(std::string& out) {
        if (!take('"')) return fail("expected a string");
        out.clear();
        for (;;) {
            // Copy the plain run up to the next quote, backslash or control byte at once.
            size_t run = i;
            while (run < t.size() && t[run] != '"' && t[run] != '\\' && static_cast<unsigned char>(t[run]) >= 0x20)
                ++run;
            out.append(t.data() + i, run - i);
            i = run;
            if (i >= t.size()) return fail("the text ends inside a string");
            const char c = t[i++];
            if (c == '"') return true;
            if (c != '\\') return --i, fail("a control character in a string");
            if (i >= t.size()) return fail("the text ends inside a string");
            switch (t[i++]) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                uint32_t cp = 0, low = 0;
                if (!hex4(cp)) return fail("a bad \\u escape");
                if (cp >= 0xDC00 && cp <= 0xDFFF) return fail("a lone surrogate");
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (t.size() - i < 2 || t[i] != '\\' || t[i + 1] != 'u') return fail("a lone surrogate");
                    i += 2;
                    if (!hex4(low) || low < 0xDC00 || low > 0xDFFF) return fail("a lone surrogate");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                if (cp == 0)
                    out += '\0';
                else
                    utf8_append(out, cp);
                break;
            }
            default: return fail("a bad escape in a string");
            }
        }
    }

    // An integer in [lo, hi], as JSON writes it: no fraction, no exponent, at most 18 digits.
    bool integer(long long& out, long long lo, long long hi) {
        if (!ok()) return false;
        space();
        const bool minus = i < t.size() && t[i] == '-';
        if (minus) ++i;
        const size_t start = i;
        long long v = 0;
        while (i < t.size() && t[i] >= '0' && t[i] <= '9' && i - start < 18)
            v = v * 10 + (t[i++] - '0');
        if (i == start) return fail("expected a number");
        if (i < t.size() && (t[i] == '.' || t[i] == 'e' || t[i] == 'E' || (t[i] >= '0' && t[i] <= '9')))
            return fail("expected a whole number in range");
        v = minus ? -v : v;
        if (v < lo || v > hi) return fail("a number out of range");
        out = v;
        return true;
    }
    bool integer(int& out, int lo = 0, int hi = 2000000000) {
        long long v = 0;
        if (!integer(v, lo, hi)) return false;
        out = static_cast<int>(v);
        return true;
    }

    bool boolean(bool& out) {
        if (!ok()) return false;
        space();
        if (t.substr(i, 4) == "true") return i += 4, out = true, true;
        if (t.substr(i, 5) == "false") return i += 5, out = false, true;
        return fail("expected true or false");
    }

    // Any value, unread (a member this reader does not know).
    bool skip(int depth = 0) {
        if (depth > kMaxDepth) return fail("nested too deeply");
        const char c = peek();
        if (c == '"') {
            std::string s;
            return string(s);
        }
        if (c == '{') return object([&](const std::string&) { return skip(depth + 1); });
        if (c == '[') return array([&] { return skip(depth + 1); });
        if (c == 't' || c == 'f') {
            bool b;
            return boolean(b);
        }
        if (c == 'n') return t.substr(i, 4) == "null" ? (i += 4, true) : fail("expected a value");
        if (c != '-' && (c < '0' || c > '9')) return fail("expected a value");
        while (i < t.size() && std::strchr("+-.0123456789eE", t[i]) && t[i] != '\0')
            ++i;
        return true;
    }

    // {"key": value, ...}: member(key) reads (or skips) each value.
    template <typename Member> bool object(Member member) {
        if (!expect('{', "expected an object")) return false;
        if (take('}')) return true;
        std::string key;
        do {
            if (!string(key) || !expect(':', "expected ':'") || !member(key)) return fail("a bad member");
        } while (take(','));
        return expect('}', "expected ',' or '}'");
    }

    // [value, ...]: item() reads each value.
    template <typename Item> bool array(Item item) {
        if (!expect('[', "expected an array")) return false;
        if (take(']')) return true;
        do {
            if (!item()) return fail("a bad element");
        } while (take(','));
        return expect(']', "expected ',' or ']'");
    }

    // The whole text is one value: nothing but white space may follow.
    bool end() {
        space();
        if (ok() && i != t.size()) return fail("text after the end");
        return ok();
    }

    bool strings(std::vector<std::string>& out) {
        out.clear();
        return array([&] {
            out.emplace_back();
            return string(out.back());
        });
    }

    bool date(Date& d) {
        std::string s;
        if (!string(s)) return false;
        if (!parse_iso_date(s, d.year, d.month, d.day) || !valid_date(d.year, d.month, d.day))
            return fail("expected a date");
        return true;
    }
};

//-----------------------------------------------------------------------------
// [SECTION] Document trees (document_json.h): ["tag", {attributes}?, children...] or "text"
//-----------------------------------------------------------------------------

bool read_attributes(Cursor& c, Node& n) {
    return c.object([&](const std::string& k) {
        if (k == "text") return c.string(n.text);
        if (k == "href") return c.string(n.href.edit());
        if (k == "info") return c.string(n.info.edit());
        if (k == "id") return c.string(n.id.edit());
        if (k == "level") return c.integer(n.level, 0, 6);
        if (k == "start") return c.integer(n.start, -1000000000, 1000000000);
        if (k == "width") return c.integer(n.width, 0, 100000);
        if (k == "height") return c.integer(n.height, 0, 100000);
        if (k == "ordered") return c.boolean(n.ordered);
        if (k == "header") return c.boolean(n.header);
        if (k == "align") {
            int a = 0;
            if (!c.integer(a, 0, 3)) return false;
            n.align = static_cast<Align>(a);
            return true;
        }
        if (k == "runs") {
            n.runs = std::vector<CodeRun>();
            return c.array([&] {
                int token = 0, size = 0;
                if (!c.integer(token, 0, kTokenCount - 1) || !c.expect(',', "a code run without its length") ||
                    !c.integer(size, 1))
                    return false;
                n.runs.edit().push_back({static_cast<Token>(token), static_cast<uint32_t>(size)});
                return true;
            });
        }
        return c.skip();
    });
}

bool read_node(Cursor& c, Node& n, int depth) {
    if (c.peek() == '"') {
        n.kind = NodeKind::Text;
        return c.string(n.text);
    }
    if (depth > kMaxDepth) return c.fail("a tree nested too deeply");
    if (!c.expect('[', "expected a tree node")) return false;
    std::string tag;
    if (!c.string(tag)) return false;
    int kind = 0;
    while (kind < kNodeKinds && tag != kNodeTags[kind])
        ++kind;
    if (kind == kNodeKinds || kind == static_cast<int>(NodeKind::HtmlInline)) return c.fail("an unknown tree node");
    n.kind = static_cast<NodeKind>(kind);
    if (n.kind == NodeKind::SoftBreak) n.text = " ";
    bool first = true;
    while (c.take(',')) {
        if (first && c.peek() == '{') {
            if (!read_attributes(c, n)) return false;
        } else {
            n.children.emplace_back();
            if (!read_node(c, n.children.back(), depth + 1)) return false;
        }
        first = false;
    }
    if (!n.runs.empty() && !runs_cover(n.text, n.runs)) return c.fail("a code block whose runs do not spell its text");
    return c.expect(']', "expected ',' or ']'");
}

bool read_tree(Cursor& c, Document& d) {
    d = Document{};
    if (!read_node(c, d, 0)) return false;
    return d.kind == NodeKind::Document || c.fail("a tree that is not a document");
}

//-----------------------------------------------------------------------------
// [SECTION] site.json's records (schema.cpp writes them)
//-----------------------------------------------------------------------------

bool read_links(Cursor& c, std::vector<Link>& links) {
    links.clear();
    return c.array([&] {
        links.emplace_back();
        Link& l = links.back();
        return c.object([&](const std::string& k) {
            if (k == "text") return c.string(l.text);
            if (k == "href") return c.string(l.href);
            return c.skip();
        });
    });
}

// Every record in site.json is a tree already: a separate body's record (body_url) carries its opening's
// tree, or, in a bounded archive, nothing until the body arrives.
bool read_article(Cursor& c, Article& a) {
    a.body_is_tree = true;
    return c.object([&](const std::string& k) {
        if (k == "slug") return c.string(a.slug);
        if (k == "title") return c.string(a.title);
        if (k == "date") return c.date(a.date);
        if (k == "dek") return c.string(a.dek);
        if (k == "opening") return c.string(a.opening);
        if (k == "tags") return c.strings(a.tags);
        if (k == "number") return c.integer(a.number, 1, 100000000);
        if (k == "fold") return c.integer(a.fold, 0, 100000000);
        if (k == "words") return c.integer(a.words, 0, 100000000);
        if (k == "body_doc") return read_tree(c, a.body);
        if (k == "body_url") {
            a.body_loaded = false;
            return c.string(a.body_url);
        }
        return c.skip();
    });
}

bool read_shelf_item(Cursor& c, ShelfItem& it) {
    return c.object([&](const std::string& k) {
        if (k == "title") return c.string(it.title);
        if (k == "by") return c.strings(it.by);
        if (k == "note") return c.string(it.note);
        if (k == "href") return c.string(it.href);
        return c.skip();
    });
}

bool read_timeline_year(Cursor& c, TimelineYear& y) {
    return c.object([&](const std::string& k) {
        if (k == "year") return c.integer(y.year, 1, 9999);
        if (k != "entries") return c.skip();
        return c.array([&] {
            y.entries.emplace_back();
            TimelineEntry& e = y.entries.back();
            return c.object([&](const std::string& ek) {
                if (ek == "article" || ek == "project" || ek == "merged_into") {
                    e.kind = ek[0] == 'a' ? EntryKind::Article : ek[0] == 'p' ? EntryKind::Project : EntryKind::Pulls;
                    return c.string(e.ref);
                }
                if (ek == "show") return c.integer(e.show, 0, 1000);
                if (ek != "pulls") return c.skip();
                return c.array([&] {
                    e.pulls.emplace_back();
                    PullRequest& p = e.pulls.back();
                    return c.object([&](const std::string& pk) {
                        if (pk == "number") return c.integer(p.number, 1, 2000000000);
                        if (pk == "title") return c.string(p.title);
                        return c.skip();
                    });
                });
            });
        });
    });
}

// A list of records: each element read into a new item at the back.
template <typename T, typename Fn> bool read_list(Cursor& c, std::vector<T>& out, Fn read_one) {
    out.clear();
    return c.array([&] {
        out.emplace_back();
        return read_one(c, out.back());
    });
}

bool read_words(Cursor& c, Words& w) {
    return c.object([&](const std::string& k) {
        for (const auto& [key, member] : word_keys())
            if (k == key) return c.string(w.*member);
        return c.skip();
    });
}

bool read_site_info(Cursor& c, SiteInfo& s) {
    return c.object([&](const std::string& k) {
        if (k == "title") return c.string(s.title);
        if (k == "author") return c.string(s.author);
        if (k == "tagline") return c.string(s.tagline);
        if (k == "bio") return c.string(s.bio);
        if (k == "base_url") return c.string(s.base_url);
        if (k == "guid_base") return c.string(s.guid_base);
        if (k == "language") return c.string(s.language);
        if (k == "description") return c.string(s.description);
        if (k == "links") return read_links(c, s.links);
        if (k == "words") return read_words(c, s.words);
        if (k == "other_host_images") return c.boolean(s.other_host_images);
        return c.skip();
    });
}

bool read_project(Cursor& c, Project& p) {
    return c.object([&](const std::string& k) {
        if (k == "id") return c.string(p.id);
        if (k == "name") return c.string(p.name);
        if (k == "summary") return c.string(p.summary);
        if (k == "where") return c.string(p.where);
        if (k == "date") return c.date(p.date);
        if (k == "event") return c.string(p.event);
        if (k == "links") return read_links(c, p.links);
        return c.skip();
    });
}

bool read_contribution(Cursor& c, Contribution& co) {
    return c.object([&](const std::string& k) {
        if (k == "repo") return c.string(co.repo);
        if (k == "host") return c.string(co.host);
        if (k == "merged_total") return c.integer(co.merged_total, 0, 1000000);
        return c.skip();
    });
}

bool read_loves(Cursor& c, Loves& l) {
    l.present = true;
    return c.object([&](const std::string& k) {
        if (k == "title") return c.string(l.title);
        if (k == "intro_doc") return l.trees = true, read_tree(c, l.intro);
        if (k != "shelves") return c.skip();
        return read_list(c, l.shelves, [](Cursor& c, Shelf& sh) {
            return c.object([&](const std::string& k) {
                if (k == "id") return c.string(sh.id);
                if (k == "title") return c.string(sh.title);
                if (k == "subtitle") return c.string(sh.subtitle);
                if (k == "running_head") return c.string(sh.running_head);
                if (k == "numbered") return c.boolean(sh.numbered);
                if (k != "groups") return c.skip();
                return read_list(c, sh.groups, [](Cursor& c, ShelfGroup& g) {
                    return c.object([&](const std::string& k) {
                        if (k == "heading") return c.string(g.heading);
                        if (k == "fold") return c.integer(g.fold, 0, 100000000);
                        if (k == "items") return read_list(c, g.items, read_shelf_item);
                        return c.skip();
                    });
                });
            });
        });
    });
}

bool read_work(Cursor& c, Work& w) {
    w.present = true;
    return c.object([&](const std::string& k) {
        if (k == "title") return c.string(w.title);
        if (k == "intro_doc") return w.trees = true, read_tree(c, w.intro);
        if (k == "after_doc") return read_tree(c, w.after);
        if (k == "projects") return c.strings(w.projects);
        if (k != "focus") return c.skip();
        return read_list(c, w.focus, [](Cursor& c, FocusArea& f) {
            return c.object([&](const std::string& k) {
                if (k == "term") return c.string(f.term);
                if (k == "text") return c.string(f.text);
                return c.skip();
            });
        });
    });
}

bool read_find_me(Cursor& c, FindMe& f) {
    f.present = true;
    return c.object([&](const std::string& k) {
        if (k == "title") return c.string(f.title);
        if (k == "handle_label") return c.string(f.handle_label);
        if (k == "handle") return c.string(f.handle);
        if (k == "links") return read_links(c, f.links);
        return c.skip();
    });
}

bool read_contents_entry(Cursor& c, ContentsEntry& e) {
    return c.object([&](const std::string& k) {
        if (k == "title") return c.string(e.title);
        if (k == "chapter") return c.string(e.chapter);
        return c.skip();
    });
}

bool read_fold(Cursor& c, Fold& f) {
    f.loaded = false;
    return c.object([&](const std::string& k) {
        if (k == "kind") {
            std::string kind;
            if (!c.string(kind)) return false;
            int n = 0;
            while (n < 3 && kind != kFoldKinds[n])
                ++n;
            if (n == 3) return c.fail("an unknown fold kind");
            f.kind = static_cast<FoldKind>(n);
            return true;
        }
        if (k == "year") return c.integer(f.year, 0, 9999);
        if (k == "first_year") return c.integer(f.first_year, 0, 9999);
        if (k == "shelf") return c.integer(f.shelf, 0, 100000000);
        if (k == "group") return c.integer(f.group, 0, 100000000);
        if (k == "count") return c.integer(f.count, 0, 100000000);
        if (k == "partial_year") return c.boolean(f.partial_year);
        if (k == "url") return c.string(f.url);
        return c.skip();
    });
}

// The indices the model follows without checking: each fold a record names exists and folds what it
// names. (A reference by slug or id that resolves to nothing is drawn as nothing, as derive allows.)
bool check_folds(Cursor& c, const Site& s) {
    const int n = static_cast<int>(s.folds.size());
    for (const Article& a : s.writing)
        if (a.fold >= n || (a.fold >= 0 && s.folds[a.fold].kind != FoldKind::Writing))
            return c.fail("an article names no such fold");
    for (const Shelf& sh : s.loves.shelves)
        for (const ShelfGroup& g : sh.groups)
            if (g.fold >= n) return c.fail("a shelf group names no such fold");
    for (int i = 0; i < n; ++i) {
        const Fold& f = s.folds[i];
        if (f.kind == FoldKind::Shelf &&
            !(f.shelf >= 0 && f.shelf < static_cast<int>(s.loves.shelves.size()) && f.group >= 0 &&
              f.group < static_cast<int>(s.loves.shelves[f.shelf].groups.size()) &&
              s.loves.shelves[f.shelf].groups[f.group].fold == i))
            return c.fail("a fold names no shelf group that has it");
    }
    return true;
}

bool read_site(Cursor& c, Site& site) {
    bool schema = false;
    const bool read = c.object([&](const std::string& k) {
        if (k == "schema") return schema = true, c.integer(site.schema, 1, 1);
        if (k == "site") return read_site_info(c, site.info);
        if (k == "writing") return read_list(c, site.writing, read_article);
        if (k == "projects") return read_list(c, site.projects, read_project);
        if (k == "contributions") return read_list(c, site.contributions, read_contribution);
        if (k == "timeline") return read_list(c, site.timeline, read_timeline_year);
        if (k == "loves") return read_loves(c, site.loves);
        if (k == "work") return read_work(c, site.work);
        if (k == "find_me") return read_find_me(c, site.find_me);
        if (k == "contents") return read_list(c, site.contents, read_contents_entry);
        if (k == "folds") return read_list(c, site.folds, read_fold);
        return c.skip();
    });
    if (!read || !c.end()) return false;
    if (!schema) return c.fail("no schema version");
    if (site.info.guid_base.empty()) site.info.guid_base = site.info.base_url;
    return check_folds(c, site);
}

bool valid_utf8(Cursor& c) {
    // Strings are copied as they are: check the bytes once, up front.
    const size_t bad = find_invalid_utf8(c.t);
    if (bad == std::string::npos) return true;
    c.i = bad;
    return c.fail("not UTF-8");
}

} // namespace

bool read_built_site(std::string_view text, Site& site, std::string& error, const char* file) {
    Cursor c(text, file);
    Site out;
    if (!valid_utf8(c) || !read_site(c, out)) {
        error = c.error;
        site = Site{};
        return false;
    }
    derive(out);
    site = std::move(out);
    return true;
}

bool read_built_tree(std::string_view text, Document& d, std::string& error, const char* file) {
    Cursor c(text, file);
    if (!valid_utf8(c) || !read_tree(c, d) || !c.end()) {
        error = c.error;
        d = Document{};
        return false;
    }
    return true;
}

bool read_built_fold(std::string_view text, FoldEntries& out, std::string& error, const char* file) {
    Cursor c(text, file);
    out = FoldEntries{};
    const bool read = valid_utf8(c) && c.object([&](const std::string& k) {
        if (k == "writing") return read_list(c, out.writing, read_article);
        if (k == "items") return read_list(c, out.items, read_shelf_item);
        if (k == "timeline") return read_list(c, out.timeline, read_timeline_year);
        return c.skip();
    });
    if (!read || !c.end()) {
        error = c.error;
        out = FoldEntries{};
        return false;
    }
    return true;
}

bool merge_fold(Site& site, int fold, const std::string& text) {
    if (fold < 0 || fold >= static_cast<int>(site.folds.size())) return false;
    FoldEntries got;
    std::string error;
    if (!read_built_fold(text, got, error, "a fold chunk")) {
        site.folds[fold].failed = true;
        return false;
    }
    return add_fold_entries(site, fold, std::move(got));
}

} // namespace folio
