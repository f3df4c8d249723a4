// folio core: syntax highlighting with GNU source-highlight, or, for the languages posts use most, with
// folio's own scanner (highlight_scan.h). See highlight.h.
//
// source-highlight reads a language definition (a .lang file of regular expressions), then calls a
// formatter per element ("keyword", "string", ...) for each line. Our formatters only collect runs;
// the theme decides the colours. Definitions are read once per language and kept for the process.
#include "core/markup/highlight.h"
#include "core/markup/highlight_scan.h"

#include <srchilite/formatter.h>
#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/regexrulefactory.h>
#include <srchilite/sourcehighlighter.h>

#include <map>
#include <memory>
#include <mutex>

#ifndef FOLIO_HIGHLIGHT_DIR
#error "FOLIO_HIGHLIGHT_DIR must name the folder with folio's own .lang files"
#endif

namespace folio {

namespace {

const char* const kSystemLangDir = "/usr/share/source-highlight";

struct LangInfo {
    const char* file;
    bool ours; // a definition folio ships (src/core/highlight/), for what Debian's package lacks
};

// Fence names as authors write them (GitHub's and Hugo's aliases), to a definition file.
const LangInfo* lang_for(const std::string& name) {
    static const std::map<std::string, LangInfo> table = {
        {"c", {"c.lang", false}},
        {"h", {"c.lang", false}},
        {"cpp", {"cpp.lang", false}},
        {"c++", {"cpp.lang", false}},
        {"cc", {"cpp.lang", false}},
        {"cxx", {"cpp.lang", false}},
        {"hpp", {"cpp.lang", false}},
        {"cuda", {"cpp.lang", false}},
        {"cu", {"cpp.lang", false}},
        {"python", {"python.lang", false}},
        {"py", {"python.lang", false}},
        {"python3", {"python.lang", false}},
        {"rust", {"rust.lang", false}},
        {"rs", {"rust.lang", false}},
        {"go", {"go.lang", false}},
        {"golang", {"go.lang", false}},
        {"javascript", {"javascript.lang", false}},
        {"js", {"javascript.lang", false}},
        {"jsx", {"javascript.lang", false}},
        {"mjs", {"javascript.lang", false}},
        {"typescript", {"javascript.lang", false}},
        {"ts", {"javascript.lang", false}},
        {"tsx", {"javascript.lang", false}},
        {"shell", {"sh.lang", false}},
        {"sh", {"sh.lang", false}},
        {"bash", {"sh.lang", false}},
        {"zsh", {"sh.lang", false}},
        {"console", {"sh.lang", false}},
        {"shell-session", {"sh.lang", false}},
        {"json", {"json.lang", false}},
        {"jsonc", {"json.lang", false}},
        {"yaml", {"yaml.lang", true}},
        {"yml", {"yaml.lang", true}},
        {"toml", {"toml.lang", true}},
        {"diff", {"diff.lang", false}},
        {"patch", {"diff.lang", false}},
        {"sql", {"sql.lang", false}},
        {"html", {"html.lang", false}},
        {"xml", {"html.lang", false}},
        {"css", {"css.lang", false}},
        {"java", {"java.lang", false}},
        {"ruby", {"ruby.lang", false}},
        {"lua", {"lua.lang", false}},
        {"makefile", {"makefile.lang", false}},
        {"make", {"makefile.lang", false}},
        {"haskell", {"haskell.lang", false}},
        {"perl", {"perl.lang", false}},
        {"php", {"php.lang", false}},
    };
    auto it = table.find(name);
    return it == table.end() ? nullptr : &it->second;
}

std::string first_word_lower(const std::string& info) {
    std::string w;
    for (char c : info) {
        if (c == ' ' || c == '\t' || c == '{' || c == ',') break;
        w += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return w;
}

Token token_of(const std::string& element) {
    static const std::map<std::string, Token> table = {
        {"keyword", Token::Keyword},
        {"type", Token::Type},
        {"classname", Token::Type},
        {"usertype", Token::Type},
        {"key", Token::Type},
        {"section", Token::Type},
        {"selector", Token::Keyword},
        {"property", Token::Type},
        {"string", Token::String},
        {"regexp", Token::String},
        {"specialchar", Token::String},
        {"value", Token::String},
        {"number", Token::Number},
        {"comment", Token::Comment},
        {"todo", Token::Comment},
        {"function", Token::Function},
        {"predef_func", Token::Function},
        {"preproc", Token::Preproc},
        {"symbol", Token::Operator},
        {"cbracket", Token::Operator},
        {"newfile", Token::Added},
        {"oldfile", Token::Removed},
        {"difflines", Token::Preproc},
        {"variable", Token::Function},
        {"predef_var", Token::Function},
        {"label", Token::Preproc},
        {"url", Token::String},
    };
    auto it = table.find(element);
    return it == table.end() ? Token::Plain : it->second;
}

// Collects source-highlight's pieces as runs of the code, checking each piece is the code's next bytes.
struct RunCollector : srchilite::Formatter {
    Token token;
    struct Into {
        const std::string* code = nullptr;
        size_t at = 0;
        bool spelled = true; // every piece so far was the code's own text
        std::vector<CodeRun> runs;
        void add(Token t, std::string_view s) {
            if (s.empty()) return;
            if (code->compare(at, s.size(), s) != 0) spelled = false;
            at += s.size();
            if (!runs.empty() && runs.back().token == t)
                runs.back().size += static_cast<uint32_t>(s.size());
            else
                runs.push_back({t, static_cast<uint32_t>(s.size())});
        }
    };
    Into* out;
    RunCollector(Token t, Into* o) : token(t), out(o) {}
    void format(const std::string& s, const srchilite::FormatterParams*) override { out->add(token, s); }
};

// One language's rules, read once.
struct Language {
    srchilite::HighlightStatePtr state;
};

// Per thread: articles are parsed on several threads at once, and a language's rules are only known
// to be safe to use from one. Reading a definition goes through source-highlight's parser, which keeps
// global state: one thread at a time.
// The process's one setting: where folio's own definitions are (set_highlight_definitions).
std::string& definitions_dir() {
    static std::string dir = FOLIO_HIGHLIGHT_DIR;
    return dir;
}

Language* language(const LangInfo& info) {
    thread_local std::map<std::string, std::unique_ptr<Language>> cache;
    auto it = cache.find(info.file);
    if (it != cache.end()) return it->second.get();
    static std::mutex reading;
    std::lock_guard<std::mutex> lock(reading);
    std::unique_ptr<Language> lang;
    try {
        static srchilite::RegexRuleFactory factory;
        static srchilite::LangDefManager manager(&factory);
        auto l = std::make_unique<Language>();
        l->state = manager.getHighlightState(info.ours ? definitions_dir() : kSystemLangDir, info.file);
        lang = std::move(l);
    } catch (const std::exception&) {
        lang.reset(); // a definition that cannot be read: the code stays plain
    }
    Language* p = lang.get();
    cache[info.file] = std::move(lang);
    return p;
}

} // namespace

std::string highlight_language(const std::string& info) {
    const LangInfo* l = lang_for(first_word_lower(info));
    return l ? first_word_lower(info) : "";
}

namespace {

std::vector<CodeRun> source_highlight(const LangInfo& li, const std::string& code) {
    Language* lang = language(li);
    if (!lang) return {};
    static const char* const elements[] = {"keyword",    "type",     "classname", "usertype", "key",         "section",
                                           "selector",   "property", "string",    "regexp",   "specialchar", "value",
                                           "number",     "comment",  "todo",      "function", "predef_func", "preproc",
                                           "symbol",     "cbracket", "newfile",   "oldfile",  "difflines",   "variable",
                                           "predef_var", "label",    "url"};
    RunCollector::Into into;
    into.code = &code;
    srchilite::FormatterManager formatters(srchilite::FormatterPtr(new RunCollector(Token::Plain, &into)));
    for (const char* e : elements)
        formatters.addFormatter(e, srchilite::FormatterPtr(new RunCollector(token_of(e), &into)));
    try {
        srchilite::SourceHighlighter highlighter(lang->state);
        highlighter.setFormatterManager(&formatters);
        srchilite::FormatterParams params;
        highlighter.setFormatterParams(&params);
        size_t start = 0;
        while (start < code.size()) {
            size_t nl = code.find('\n', start);
            size_t end = nl == std::string::npos ? code.size() : nl;
            std::string line = code.substr(start, end - start);
            params.start = 0;
            highlighter.highlightParagraph(line);
            if (nl != std::string::npos) into.add(Token::Plain, "\n");
            start = end + 1;
        }
    } catch (const std::exception&) {
        return {}; // the rules failed on this text: plain is always right
    }
    // The runs must spell the code exactly; if the highlighter ever dropped or added text, stay plain.
    if (!into.spelled || into.at != code.size()) return {};
    return std::move(into.runs);
}

} // namespace

std::vector<CodeRun> highlight_code(const std::string& info, const std::string& code) {
    std::vector<CodeRun> runs;
    const LangInfo* li = lang_for(first_word_lower(info));
    if (!li || code.empty()) return runs;
    // The languages posts use most have a scanner of their own, far faster than the regular expressions.
    if (!li->ours && scan_highlight(li->file, code, runs)) return runs;
    return source_highlight(*li, code);
}

std::vector<CodeRun> highlight_code_with_source_highlight(const std::string& info, const std::string& code) {
    const LangInfo* li = lang_for(first_word_lower(info));
    if (!li || code.empty()) return {};
    return source_highlight(*li, code);
}

void set_highlight_definitions(const std::string& dir) { definitions_dir() = dir; }

} // namespace folio
