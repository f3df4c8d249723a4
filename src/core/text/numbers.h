// folio core: numbers written as text, without the C library's printf. The book's first view writes a
// few numbers (the text layer's positions, the theme's CSS colours), and printf with its floating-point
// formatting is 6.7 KB of wasm that it would download for them (docs/first-view.md).
#pragma once

#include <cstdint>
#include <string>

namespace folio {

// v in decimal with at least `width` digits, zero-padded ("%0*d").
std::string zero_padded(long long v, int width);
// v in lowercase hexadecimal with at least `digits` digits, zero-padded ("%0*x").
std::string hex_digits(uint64_t v, int digits);
// v rounded to `places` decimals, its trailing zeros and a bare point dropped ("12.5", "3", "0.078"); never
// "-0"; a value that is not finite is 0, and one beyond ±10^12 that bound. Ties round away from zero.
std::string short_decimal(double v, int places);

} // namespace folio
