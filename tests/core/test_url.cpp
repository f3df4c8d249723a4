// URLs as a browser reads them: schemes, percent-encoding, dot segments and relative resolution.
#include <catch2/catch_test_macros.hpp>

#include "core/text/url.h"

using namespace folio;

TEST_CASE("url: the scheme is RFC 3986's, lower-cased", "[url]") {
    CHECK(url_scheme("https://example.org/") == "https");
    CHECK(url_scheme("MAILTO:ada@example.org") == "mailto");
    CHECK(url_scheme("JavaScript:alert(1)") == "javascript");
    CHECK(url_scheme("a+b-c.d:x") == "a+b-c.d");
    CHECK(url_scheme("other/page") == "");
    CHECK(url_scheme("1abc:x") == ""); // must start with a letter
    CHECK(url_scheme("a b:c") == "");  // no spaces
    CHECK(url_scheme("/x:y") == "");
    CHECK(url_scheme("") == "");
}

TEST_CASE("url: relative references are those a browser resolves against the page", "[url]") {
    for (const char* r : {"other", "../other", "./other", "other#part", "#part", "?q=1", "", "a/b:c"})
        CHECK(relative_reference(r));
    for (const char* r : {"/x", "//host/x", "/\\host", "\\x", "https://h/", "mailto:a@b", "javascript:x"})
        CHECK_FALSE(relative_reference(r));
}

TEST_CASE("url: percent-encoding keeps what a URL may hold and is idempotent", "[url]") {
    CHECK(percent_encode_url("/my uri") == "/my%20uri");
    CHECK(percent_encode_url("/my%20uri") == "/my%20uri");
    CHECK(percent_encode_url(percent_encode_url("/a b/ä")) == "/a%20b/%C3%A4");
    CHECK(percent_encode_url("foo\\bar") == "foo%5Cbar");
    CHECK(percent_encode_url("/a\"b<c>d`e{f}g|h^i") == "/a%22b%3Cc%3Ed%60e%7Bf%7Dg%7Ch%5Ei");
    CHECK(percent_encode_url("https://ex.org/?a=1&b=2#x") == "https://ex.org/?a=1&b=2#x");
    CHECK(percent_encode_url("/100%") == "/100%"); // a lone '%' stays, as browsers leave it
    CHECK(percent_encode_url("/a[1]") == "/a%5B1%5D");
    CHECK(percent_encode_url("http://[::1]:8080/a[1]") == "http://[::1]:8080/a%5B1%5D");
    CHECK(percent_encode_url(std::string("/a\nb\x7f")) == "/a%0Ab%7F");
    CHECK(percent_encode_url("/~u/p-q_r.s!$&'()*+,;=:@") == "/~u/p-q_r.s!$&'()*+,;=:@");
}

TEST_CASE("url: percent-decoding turns escapes back into bytes", "[url]") {
    CHECK(percent_decode("/images/bootstrap%20fun_6_2.png") == "/images/bootstrap fun_6_2.png");
    CHECK(percent_decode("%C3%A4%c3%a4") == "\xC3\xA4\xC3\xA4");
    CHECK(percent_decode("100%") == "100%");
    CHECK(percent_decode("%zz%4") == "%zz%4");
}

TEST_CASE("url: dot segments are removed, never above the root", "[url]") {
    CHECK(remove_dot_segments("/a/b/c/./../../g") == "/a/g"); // RFC 3986 5.2.4's example
    CHECK(remove_dot_segments("mid/content=5/../6") == "mid/6");
    CHECK(remove_dot_segments("/a/b/..") == "/a/");
    CHECK(remove_dot_segments("/a/.") == "/a/");
    CHECK(remove_dot_segments("/../../x") == "/x");
    CHECK(remove_dot_segments("/") == "/");
    CHECK(remove_dot_segments("/a//b") == "/a//b");
}

TEST_CASE("url: references resolve against a route as a browser resolves them", "[url]") {
    const std::string post = "/writing/post";
    CHECK(resolve_reference(post, "other") == "/writing/other");
    CHECK(resolve_reference(post, "other#part") == "/writing/other#part");
    CHECK(resolve_reference(post, "../about") == "/about");
    CHECK(resolve_reference(post, "../../../../x") == "/x");
    CHECK(resolve_reference(post, "./") == "/writing/");
    CHECK(resolve_reference(post, "..") == "/");
    CHECK(resolve_reference(post, "#part") == "/writing/post#part");
    CHECK(resolve_reference(post, "?q=1") == "/writing/post?q=1");
    CHECK(resolve_reference(post, "") == "/writing/post");
    CHECK(resolve_reference("/writing/post?x=1#f", "") == "/writing/post?x=1");
    CHECK(resolve_reference("/writing/post?x=1", "#g") == "/writing/post?x=1#g");
    CHECK(resolve_reference(post, "x?q=1#f") == "/writing/x?q=1#f");
    CHECK(resolve_reference(post, "/abs/./path/../p") == "/abs/p");
    CHECK(resolve_reference("/", "images/a b.png") == "/images/a b.png");
    CHECK(resolve_reference("/writing/", "other") == "/writing/other");
    // Absolute URLs and network-path references are not relative: unchanged.
    CHECK(resolve_reference(post, "https://ex.org/a/../b") == "https://ex.org/a/../b");
    CHECK(resolve_reference(post, "//host/x") == "//host/x");
    CHECK(resolve_reference(post, "javascript:alert(1)") == "javascript:alert(1)");
}
