// folio core: the in-house highlighter for the languages posts use most. See highlight_scan.h.
//
// One pass over the code, character by character, with the token classes and word lists of GNU
// source-highlight's definitions for each language (/usr/share/source-highlight/*.lang): comments,
// strings, numbers, keywords, types, preprocessor lines, a name before "(" as a function, punctuation as
// operators. It does not try to match those definitions' every regular expression (see highlight_scan.h);
// it is about fifty times faster than running them, and highlighting was most of a code-heavy build.
#include "core/markup/highlight_scan.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <string_view>
#include <unordered_set>

namespace folio {

namespace {

struct Scanner {
    const char* line_comments[3] = {}; // each starts a comment to the end of the line
    bool block_comments = false;       // /* ... */ (multiline)
    bool c_preproc = false;            // a line starting with # is a preprocessor line (its first word)
    bool triple_quotes = false;        // Python's ''' and """ strings (multiline)
    bool backtick_strings = false;     // `...` (multiline: Go, JavaScript; SQL's quoted names)
    bool rust_chars = false;           // ' starts a string only as a character literal ('a', '\n'), else a lifetime
    bool shell = false;                // $variables and name= are variables; # starts a comment only after a blank
    bool nocase = false;               // keywords in any case (SQL)
    bool functions = true;             // a name before "(" is a function (function.lang)
    bool function_blanks = true;       // ... with blanks between (function.lang; not go.lang's own rule)
    bool declarations = false;         // "Name name;": Name is a type (clike_vardeclaration.lang)
    bool labels = false;               // a line that is only "name:" is a label (shown as preprocessor)
    bool docstrings = false;           // a line that is only a string is a comment (Python)
    const char* symbols = "~!%^*()-+=[]\\:;,./?&<>|{}";
    std::unordered_set<std::string_view> class_keywords; // the name after one is a type: "struct ring"
    std::unordered_set<std::string_view> keywords, types, preprocs;
};

// Words separated by spaces, added to `to` (the views point into the literal, which lives for ever).
std::unordered_set<std::string_view> words(const char* list, std::unordered_set<std::string_view> to = {}) {
    for (const char* p = list; *p;) {
        const char* end = std::strchr(p, ' ');
        if (!end) end = p + std::strlen(p);
        if (end > p) to.insert(std::string_view(p, static_cast<size_t>(end - p)));
        p = *end ? end + 1 : end;
    }
    return to;
}

// The word lists of source-highlight's c.lang, cpp.lang, rust.lang, go.lang, python.lang, sh.lang, sql.lang,
// javascript.lang and java.lang.
const Scanner* scanner_for(const std::string& lang_file) {
    static const std::map<std::string, Scanner> table = [] {
        std::map<std::string, Scanner> t;
        const char* const c_keywords =
            "asm auto break case catch const continue default do else enum extern for goto if register restrict return "
            "sizeof static struct switch typedef union volatile while _Alignas _Alignof _Atomic _Generic _Noreturn "
            "_Static_assert _Thread_local __thread __asm __declspec";
        Scanner c;
        c.line_comments[0] = "//";
        c.block_comments = c.c_preproc = c.declarations = c.labels = true;
        c.class_keywords = words("enum struct union");
        c.keywords = words(c_keywords);
        c.types = words("bool char double float int long short signed unsigned void wchar_t _Bool _Complex "
                        "_Imaginary");
        t["c.lang"] = c;
        Scanner cpp = c;
        cpp.keywords =
            words("class const_cast constexpr decltype delete dynamic_cast explicit export false final friend inline "
                  "mutable namespace new noexcept operator override private protected public reinterpret_cast "
                  "static_cast static_assert template this throw true try typeid typename using virtual",
                  cpp.keywords);
        cpp.types = words("char16_t char32_t", cpp.types);
        cpp.class_keywords = words("class typename", cpp.class_keywords);
        t["cpp.lang"] = cpp;
        Scanner rust;
        rust.line_comments[0] = "//";
        rust.block_comments = rust.rust_chars = true;
        rust.keywords =
            words("as box break const continue crate else enum extern false fn for if impl in let loop match "
                  "mod move mut pub ref return self static struct super trait true type union unsafe use "
                  "where while");
        rust.types = words("i8 u8 i16 u16 i32 u32 i64 u64 i128 u128 isize usize bool char Self f32 f64 str");
        t["rust.lang"] = rust;
        Scanner go;
        go.line_comments[0] = "//";
        go.block_comments = go.backtick_strings = go.labels = true;
        go.function_blanks = false;
        go.class_keywords = words("interface struct");
        go.keywords = words("break case chan const continue default defer else fallthrough for func go goto if import "
                            "interface map package range return select struct switch type var");
        go.types = words("bool uint8 uint16 uint32 uint64 int8 int16 int32 int64 float32 float64 complex64 "
                         "complex128 byte rune string");
        t["go.lang"] = go;
        Scanner py;
        py.line_comments[0] = "#";
        py.triple_quotes = py.docstrings = true;
        py.keywords = words("and assert async await break class continue def del elif else except exec finally for "
                            "global if in is lambda not or pass print raise return try while");
        py.preprocs = words("import from");
        t["python.lang"] = py;
        Scanner sh;
        sh.line_comments[0] = "#";
        sh.shell = true;
        sh.functions = false; // its own rules: "name ()" and "function name"
        sh.symbols = "~!%^*()+=[]\\:;,./?&<>|";
        sh.keywords =
            words("alias bg bind break builtin caller case command compgen complete continue declare dirs "
                  "disown do done elif else enable esac eval exec exit export false fc fg fi for getopts hash "
                  "help history if in jobs let local logout popd printf pushd read readonly return select set "
                  "shift shopt source suspend test then times trap true type typeset umask unalias unset "
                  "until wait while");
        sh.preprocs = words("import");
        t["sh.lang"] = sh;
        Scanner sql;
        sql.line_comments[0] = "--";
        sql.line_comments[1] = "#";
        sql.block_comments = sql.backtick_strings = sql.nocase = true;
        sql.functions = false;
        sql.keywords =
            words("ALL ASC AS ALTER AND ADD AUTO_INCREMENT BETWEEN BINARY BOTH BY BOOLEAN CHANGE CHECK "
                  "COLUMNS COLUMN CROSS CREATE DATABASES DATABASE DATA DELAYED DESCRIBE DESC DISTINCT DELETE "
                  "DROP DEFAULT ENCLOSED ESCAPED EXISTS EXPLAIN FIELDS FIELD FLUSH FOR FOREIGN FUNCTION FROM "
                  "GROUP GRANT HAVING IGNORE INDEX INFILE INSERT INNER INTO IDENTIFIED IN IS IF JOIN KEYS "
                  "KILL KEY LEADING LIKE LIMIT LINES LOAD LOCAL LOCK LOW_PRIORITY LEFT LANGUAGE MODIFY "
                  "NATURAL NOT NULL NEXTVAL OPTIMIZE OPTION OPTIONALLY ORDER OUTFILE OR OUTER ON PROCEDURE "
                  "PROCEDURAL PRIMARY READ REFERENCES REGEXP RENAME REPLACE RETURN REVOKE RLIKE RIGHT SHOW "
                  "SONAME STATUS STRAIGHT_JOIN SELECT SETVAL SET TABLES TERMINATED TO TRAILING TRUNCATE TABLE "
                  "TEMPORARY TRIGGER TRUSTED UNION UNIQUE UNLOCK USE USING UPDATE VALUES VARIABLES VIEW WITH "
                  "WRITE WHERE ZEROFILL TYPE XOR");
        sql.types = words("VARCHAR TINYINT TEXT DATE SMALLINT MEDIUMINT INT BIGINT FLOAT DOUBLE DECIMAL DATETIME "
                          "TIMESTAMP TIME YEAR UNSIGNED CHAR TINYBLOB TINYTEXT BLOB MEDIUMBLOB MEDIUMTEXT LONGBLOB "
                          "LONGTEXT ENUM BOOL BINARY VARBINARY");
        t["sql.lang"] = sql;
        Scanner js;
        js.line_comments[0] = "//";
        js.block_comments = true;
        js.keywords =
            words("abstract break case catch class const continue debugger default delete do else enum export "
                  "extends false final finally for function goto if implements in instanceof interface native "
                  "new null private protected prototype public return static super switch synchronized throw "
                  "throws this transient true try typeof var volatile while with");
        t["javascript.lang"] = js;
        Scanner java;
        java.line_comments[0] = "//";
        java.block_comments = java.declarations = true;
        java.class_keywords = words("class interface");
        java.keywords =
            words("abstract assert break case catch class const continue default do else extends false final "
                  "finally for goto if implements instanceof interface native new null private protected "
                  "public return static strictfp super switch synchronized throw throws true this transient "
                  "try volatile while");
        java.types = words("int byte boolean char long float double short void");
        java.preprocs = words("import package");
        t["java.lang"] = java;
        return t;
    }();
    auto it = table.find(lang_file);
    return it == table.end() ? nullptr : &it->second;
}

bool word_char(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (c >= '0' && c <= '9') || c >= 0x80;
}
bool digit(char c) { return c >= '0' && c <= '9'; }
bool blank(char c) { return c == ' ' || c == '\t'; }
bool alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool space(char c) { return blank(c) || c == '\n' || c == '\r'; }
bool punct(char c) { return std::ispunct(static_cast<unsigned char>(c)) != 0; }

// Where "name:" alone on its line ends (the line's end), or 0: label.lang's
// '^[[:blank:]]*[[:alnum:]]+:[[:blank:]]*$'.
size_t label_end(const std::string& s, size_t line) {
    size_t i = line;
    while (i < s.size() && blank(s[i]))
        ++i;
    const size_t word = i;
    while (i < s.size() && (alpha(s[i]) || digit(s[i])))
        ++i;
    if (i == word || i >= s.size() || s[i] != ':') return 0;
    ++i;
    while (i < s.size() && blank(s[i]))
        ++i;
    return i == s.size() || s[i] == '\n' ? i : 0;
}

// After a name ending at `at`: optional template arguments, blanks, then another name and punctuation,
// as in "Value value;" or "vector<int> v =": where the type part ends (the name and its <...>), or 0.
size_t declaration_end(const std::string& s, size_t at) {
    size_t i = at;
    if (i < s.size() && s[i] == '<') {
        int depth = 0;
        for (; i < s.size() && s[i] != '\n'; ++i) {
            if (s[i] == '<') ++depth;
            if (s[i] == '>' && --depth == 0) break;
        }
        if (i >= s.size() || s[i] != '>') return 0;
        ++i;
    }
    const size_t type_end = i;
    if (i >= s.size() || !space(s[i])) return 0;
    while (i < s.size() && space(s[i]))
        ++i;
    while (i < s.size() && (s[i] == '*' || s[i] == '&'))
        ++i;
    if (i >= s.size() || !(alpha(s[i]) || s[i] == '_')) return 0;
    while (i < s.size() && !punct(s[i]) && !space(s[i]))
        ++i;
    while (i < s.size() && space(s[i]))
        ++i;
    return i < s.size() && punct(s[i]) ? type_end : 0;
}

// The shell's plain words with dashes or slashes ("cache-misses", "/usr/bin"): sh.lang's
// '([[:alpha:]]*[-/]+[[:alpha:]]+)+'; where one starting at `at` ends, or at.
size_t dashed_word_end(const std::string& s, size_t at) {
    size_t i = at, end = at;
    for (;;) {
        size_t j = i;
        while (j < s.size() && alpha(s[j]))
            ++j;
        const size_t dashes = j;
        while (j < s.size() && (s[j] == '-' || s[j] == '/'))
            ++j;
        if (j == dashes || j >= s.size() || !alpha(s[j])) return end;
        while (j < s.size() && alpha(s[j]))
            ++j;
        end = i = j;
    }
}

class Runs {
public:
    explicit Runs(std::vector<CodeRun>& out) : out_(out) {}
    // A token over several lines is one run a line: source-highlight highlights line by line, and the
    // newlines between are plain.
    void add(Token t, const std::string& code, size_t from, size_t to) {
        if (t != Token::Plain)
            for (size_t nl; from < to && (nl = code.find('\n', from)) < to; from = nl + 1) {
                add_one(t, from, nl);
                add_one(Token::Plain, nl, nl + 1);
            }
        add_one(t, from, to);
    }

private:
    void add_one(Token t, size_t from, size_t to) {
        if (to <= from) return;
        if (!out_.empty() && out_.back().token == t)
            out_.back().size += static_cast<uint32_t>(to - from);
        else
            out_.push_back({t, static_cast<uint32_t>(to - from)});
    }

private:
    std::vector<CodeRun>& out_;
};

bool starts(const std::string& s, size_t at, const char* with) { return s.compare(at, std::strlen(with), with) == 0; }

size_t line_end(const std::string& s, size_t at) {
    size_t nl = s.find('\n', at);
    return nl == std::string::npos ? s.size() : nl;
}

// The end of a string opened at `at` by `quote` (escapes with backslash); single-line strings stop at the
// line's end, as source-highlight's do.
size_t string_end(const std::string& s, size_t at, char quote, bool multiline) {
    for (size_t i = at + 1; i < s.size(); ++i) {
        if (s[i] == '\\' && quote != '`') {
            ++i;
            continue;
        }
        if (s[i] == quote) return i + 1;
        if (s[i] == '\n' && !multiline) return i;
    }
    return s.size();
}

// number.lang:
// '\<[+-]?((0x[[:xdigit:]]+)|(([[:digit:]]*\.)?[[:digit:]]+([eE][+-]?[[:digit:]]+)?))u?((int(?:8|16|32|64))|L)?\>' from
// a digit at `at` (after no word character): where the number ends, or 0 when the word is not one
// ("10s", "0u32", "1_000").
size_t number_end(const std::string& s, size_t at) {
    size_t i = at;
    if (starts(s, i, "0x") && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
        i += 2;
        while (i < s.size() && std::isxdigit(static_cast<unsigned char>(s[i])))
            ++i;
    } else {
        while (i < s.size() && digit(s[i]))
            ++i;
        if (i + 1 < s.size() && s[i] == '.' && digit(s[i + 1])) {
            ++i;
            while (i < s.size() && digit(s[i]))
                ++i;
        }
        if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
            size_t j = i + 1;
            if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
            if (j < s.size() && digit(s[j])) {
                i = j;
                while (i < s.size() && digit(s[i]))
                    ++i;
            }
        }
    }
    auto boundary = [&](size_t e) { return e >= s.size() || !word_char(static_cast<unsigned char>(s[e])); };
    if (boundary(i)) return i;
    // The suffixes: u, then int8 ... int64 or L.
    size_t j = i;
    if (s[j] == 'u') ++j;
    if (boundary(j)) return j;
    for (const char* suffix : {"int8", "int16", "int32", "int64", "L"})
        if (starts(s, j, suffix) && boundary(j + std::strlen(suffix))) return j + std::strlen(suffix);
    return 0;
}

bool in_set(const Scanner& sc, const std::unordered_set<std::string_view>& set, std::string_view w) {
    if (set.empty()) return false;
    if (!sc.nocase) return set.count(w) > 0;
    std::string upper(w);
    for (char& c : upper)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return set.count(upper) > 0;
}

//-----------------------------------------------------------------------------
// [SECTION] The scan
//-----------------------------------------------------------------------------

// Where the scan is: each token below starts at code[i] (neither a blank nor a newline) and, when it
// recognises its kind, emits it or steps past it, and says so.
struct Scan {
    const Scanner& sc;
    const std::string& code;
    Runs runs;
    size_t n = 0, i = 0, plain = 0; // plain: where the pending plain text began
    void emit(Token t, size_t from, size_t to) {
        runs.add(Token::Plain, code, plain, from);
        runs.add(t, code, from, to);
        plain = i = to;
    }
};

// At a line's first character: a label ("name:" alone), or a docstring (a line that is only a string).
bool line_start_token(Scan& s) {
    const Scanner& sc = s.sc;
    const std::string& code = s.code;
    const size_t i = s.i, n = s.n;
    const char c = code[i];
    if (!sc.labels && !sc.docstrings) return false;
    size_t line = i;
    while (line > 0 && code[line - 1] != '\n')
        --line;
    if (sc.labels) {
        const size_t end = label_end(code, line);
        // A keyword followed by ":" ("  public:") stays the keyword, as source-highlight shows it.
        const size_t word = code.find_first_not_of(" \t", line);
        if (end && !in_set(sc, sc.keywords, std::string_view(code.data() + word, code.find(':', word) - word))) {
            s.emit(Token::Preproc, line, end);
            return true;
        }
    }
    if (sc.docstrings) {
        size_t end = 0;
        if (starts(code, i, "\"\"\"") || starts(code, i, "'''")) {
            const size_t close = code.find(code.substr(i, 3), i + 3);
            end = close == std::string::npos ? n : close + 3;
        } else if (c == '"' || c == '\'') {
            size_t e = string_end(code, i, c, false);
            if (e > i + 1 && code[e - 1] == c) {
                while (e < n && blank(code[e]))
                    ++e;
                if (e == n || code[e] == '\n') end = e;
            }
        }
        if (end) {
            s.emit(Token::Comment, line, end);
            return true;
        }
    }
    return false;
}

// A comment to the line's end, or a block comment.
bool comment(Scan& s) {
    const Scanner& sc = s.sc;
    const std::string& code = s.code;
    const size_t i = s.i;
    bool line_comment = false;
    for (const char* lc : sc.line_comments)
        if (lc && starts(code, i, lc) && (!sc.shell || i == 0 || blank(code[i - 1]) || code[i - 1] == '\n'))
            line_comment = true;
    if (line_comment) {
        s.emit(Token::Comment, i, line_end(code, i));
        return true;
    }
    if (sc.block_comments && starts(code, i, "/*")) {
        const size_t close = code.find("*/", i + 2);
        s.emit(Token::Comment, i, close == std::string::npos ? s.n : close + 2);
        return true;
    }
    return false;
}

// A preprocessor line's first word, and an #include's header name as a string.
bool preproc(Scan& s, bool at_line_start) {
    const std::string& code = s.code;
    const size_t i = s.i, n = s.n;
    if (!s.sc.c_preproc || !at_line_start || code[i] != '#') return false;
    size_t j = i + 1;
    while (j < n && blank(code[j]))
        ++j;
    while (j < n && word_char(static_cast<unsigned char>(code[j])))
        ++j;
    const bool include = code.compare(i, j - i, "#include") == 0 || code.compare(i, j - i, "# include") == 0;
    s.emit(Token::Preproc, i, j);
    if (include) {
        size_t k = j;
        while (k < n && blank(code[k]))
            ++k;
        if (k < n && (code[k] == '<' || code[k] == '"')) { // the header's name is a string
            const size_t close = code.find(code[k] == '<' ? '>' : '"', k + 1);
            const size_t end = std::min(line_end(code, k), close == std::string::npos ? n : close + 1);
            s.i = k;
            s.emit(Token::String, k, end);
        }
    }
    return true;
}

// A string: triple-quoted, quoted, backticked; Rust's character literals (its lifetimes stay plain).
bool string_literal(Scan& s) {
    const Scanner& sc = s.sc;
    const std::string& code = s.code;
    const size_t i = s.i, n = s.n;
    const char c = code[i];
    if (sc.triple_quotes && (starts(code, i, "'''") || starts(code, i, "\"\"\""))) {
        const size_t close = code.find(code.substr(i, 3), i + 3);
        s.emit(Token::String, i, close == std::string::npos ? n : close + 3);
        return true;
    }
    if (c == '"' || (c == '`' && sc.backtick_strings)) {
        s.emit(Token::String, i, string_end(code, i, c, c == '`'));
        return true;
    }
    if (c != '\'') return false;
    if (!sc.rust_chars) {
        s.emit(Token::String, i, string_end(code, i, c, false));
        return true;
    }
    // Rust: 'a' or '\n' is a character; 'a without a closing quote is a lifetime (plain).
    size_t j = i + 1;
    if (j < n && code[j] == '\\') {
        const size_t close = code.find('\'', j + 2);
        if (close != std::string::npos && close < line_end(code, j)) {
            s.emit(Token::String, i, close + 1);
            return true;
        }
    } else if (j < n) {
        size_t k = j + 1;
        while (k < n && (static_cast<unsigned char>(code[k]) & 0xC0) == 0x80) // the rest of a UTF-8 character
            ++k;
        if (k < n && code[k] == '\'') {
            s.emit(Token::String, i, k + 1);
            return true;
        }
    }
    ++s.i;
    return true;
}

// The shell's $variables: $name, ${...}, $(...), $1, $@, $?.
bool shell_variable(Scan& s) {
    const std::string& code = s.code;
    const size_t i = s.i, n = s.n;
    if (!s.sc.shell || code[i] != '$' || i + 1 >= n) return false;
    size_t j = i + 1;
    if (code[j] == '{' || code[j] == '(') {
        // ${...} and $(...) without blanks inside (to the last closing one), else "$(" alone.
        const char close = code[j] == '{' ? '}' : ')';
        size_t last = 0;
        for (size_t k = j + 2; k < n && !blank(code[k]) && code[k] != '\n'; ++k)
            if (code[k] == close) last = k;
        j = last ? last + 1 : j + 1;
    } else if (word_char(static_cast<unsigned char>(code[j])) && !digit(code[j])) {
        while (j < n && word_char(static_cast<unsigned char>(code[j])))
            ++j;
    } else if (!blank(code[j]) && code[j] != '\n' && code[j] != '\'') {
        ++j; // $1, $@, $?
    }
    if (j == i + 1) return false;
    s.emit(Token::Function, i, j); // source-highlight's "variable"
    return true;
}

bool number(Scan& s) {
    const std::string& code = s.code;
    const size_t i = s.i;
    if (!digit(code[i]) || (i > 0 && word_char(static_cast<unsigned char>(code[i - 1])))) return false;
    const size_t end = number_end(code, i);
    if (!end) return false;
    s.emit(Token::Number, i, end);
    return true;
}

// The shell's plain words with dashes or slashes, stepped over as plain.
bool shell_dashed_word(Scan& s) {
    const char c = s.code[s.i];
    if (!s.sc.shell || !(alpha(c) || c == '-' || c == '/')) return false;
    const size_t end = dashed_word_end(s.code, s.i);
    if (end <= s.i) return false;
    s.i = end;
    return true;
}

// The shell's function definitions, with their blanks and "()": "name ()" and "function name ()";
// where the one whose word ends at j (the blanks after it to k) ends, or 0.
size_t shell_function_end(const Scan& s, std::string_view w, size_t j, size_t k) {
    const std::string& code = s.code;
    const size_t n = s.n;
    if (starts(code, k, "()")) return k + 2;
    if (w != "function" || k <= j || k >= n || !(alpha(code[k]) || code[k] == '_')) return 0;
    size_t e = k;
    while (e < n && word_char(static_cast<unsigned char>(code[e])))
        ++e;
    while (e < n && blank(code[e]))
        ++e;
    if (starts(code, e, "()")) e += 2;
    return e;
}

// A word: a keyword, a type, a preprocessor word, a function's name, a declaration's type, or plain.
bool word(Scan& s) {
    const Scanner& sc = s.sc;
    const std::string& code = s.code;
    const size_t i = s.i, n = s.n;
    const char c = code[i];
    if (!word_char(static_cast<unsigned char>(c))) return false;
    size_t j = i;
    while (j < n && word_char(static_cast<unsigned char>(code[j])))
        ++j;
    const std::string_view w(code.data() + i, j - i);
    size_t k = j;
    while (k < n && blank(code[k]))
        ++k;
    Token t = Token::Plain;
    if (in_set(sc, sc.keywords, w))
        t = Token::Keyword;
    else if (in_set(sc, sc.types, w))
        t = Token::Type;
    else if (in_set(sc, sc.preprocs, w))
        t = Token::Preproc;
    else if (sc.functions && (sc.function_blanks ? k : j) < n && code[sc.function_blanks ? k : j] == '(')
        t = Token::Function;
    else if (sc.shell && j < n && code[j] == '=')
        t = Token::Function; // an assignment's name: "variable"
    if (sc.shell && t == Token::Plain && !digit(c)) {
        if (const size_t e = shell_function_end(s, w, j, k)) {
            s.emit(Token::Function, i, e);
            return true;
        }
    }
    size_t declared = 0;
    if (t == Token::Plain && sc.declarations && (declared = declaration_end(code, j)) != 0) {
        s.emit(Token::Type, i, declared);
        return true;
    }
    if (t == Token::Plain) {
        s.i = j;
        return true;
    }
    s.emit(t, i, j);
    if (t == Token::Keyword && in_set(sc, sc.class_keywords, w) && k > j && k < n &&
        (alpha(code[k]) || digit(code[k]) || code[k] == '_')) { // "struct ring": the name is a type
        size_t e = k;
        while (e < n && (alpha(code[e]) || digit(code[e]) || code[e] == '_'))
            ++e;
        s.emit(Token::Type, k, e);
    }
    return true;
}

bool symbol(Scan& s) {
    const char c = s.code[s.i];
    if (c == 0 || !std::strchr(s.sc.symbols, c)) return false;
    s.emit(Token::Operator, s.i, s.i + 1);
    return true;
}

} // namespace

bool scan_highlight(const std::string& lang_file, const std::string& code, std::vector<CodeRun>& out) {
    const Scanner* found = scanner_for(lang_file);
    if (!found) return false;
    Scan s{*found, code, Runs(out), code.size()};
    bool line_start = true; // only blanks so far on this line
    while (s.i < s.n) {
        const char c = code[s.i];
        if (c == '\n') {
            line_start = true;
            ++s.i;
            continue;
        }
        if (blank(c)) {
            ++s.i;
            continue;
        }
        const bool at_line_start = line_start;
        line_start = false;
        // The first kind, in this order, that recognises the text here takes it.
        if ((at_line_start && line_start_token(s)) || comment(s) || preproc(s, at_line_start) || string_literal(s) ||
            shell_variable(s) || number(s) || shell_dashed_word(s) || word(s) || symbol(s))
            continue;
        ++s.i;
    }
    s.runs.add(Token::Plain, code, s.plain, s.n);
    return true;
}

} // namespace folio
