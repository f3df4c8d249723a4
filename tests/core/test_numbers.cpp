// Numbers as text without printf (core/text/numbers.h), held to what printf writes.
#include <catch2/catch_test_macros.hpp>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include "core/text/numbers.h"

using namespace folio;

namespace {

// printf's "%.*f", trimmed as short_decimal trims.
std::string printf_trimmed(double v, int places) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", places, v);
    std::string s(buf);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s == "-0" ? "0" : s;
}

} // namespace

TEST_CASE("zero-padded and hexadecimal numbers are printf's", "[numbers]") {
    char buf[32];
    for (long long v : {0LL, 7LL, 42LL, 2026LL, 12345LL, -5LL, -2026LL}) {
        std::snprintf(buf, sizeof buf, "%04lld", v);
        CHECK(zero_padded(v, 4) == buf);
    }
    for (uint64_t v : {0ull, 9ull, 0x1full, 0xabcull, 0xdeadbeefull, 0x123456789ull}) {
        std::snprintf(buf, sizeof buf, "%08llx", static_cast<unsigned long long>(v));
        CHECK(hex_digits(v, 8) == buf);
        std::snprintf(buf, sizeof buf, "%02llx", static_cast<unsigned long long>(v));
        CHECK(hex_digits(v, 2) == buf);
    }
}

TEST_CASE("short decimals are printf's rounding, trimmed", "[numbers]") {
    CHECK(short_decimal(12.5, 2) == "12.5");
    CHECK(short_decimal(3.0, 2) == "3");
    CHECK(short_decimal(-0.001, 2) == "0");
    CHECK(short_decimal(-1.25f, 2) == "-1.25");
    CHECK(short_decimal(128 / 255.0, 3) == "0.502");
    CHECK(short_decimal(20 / 255.0, 3) == "0.078");
    CHECK(short_decimal(NAN, 2) == "0");
    CHECK(short_decimal(INFINITY, 2) == "0");
    CHECK(short_decimal(1e300, 2) == "1000000000000");
    CHECK(short_decimal(-1e300, 4) == "-1000000000000");
    // Random page positions and colours' alphas: the same text as printf, except at an exact tie, where
    // printf rounds to even and short_decimal away from zero.
    std::mt19937 rng(46);
    std::uniform_real_distribution<float> position(-5000.0f, 20000.0f);
    int compared = 0;
    for (int i = 0; i < 100000; ++i) {
        const float v = position(rng);
        const double scaled = std::fabs(static_cast<double>(v)) * 100;
        if (scaled - std::floor(scaled) == 0.5) continue; // a tie
        INFO(v);
        REQUIRE(short_decimal(v, 2) == printf_trimmed(v, 2));
        ++compared;
    }
    CHECK(compared > 99000);
    for (int a = 0; a < 256; ++a)
        CHECK(short_decimal(a / 255.0, 3) == printf_trimmed(a / 255.0, 3));
}
