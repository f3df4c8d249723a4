// folio core: numbers as text. See numbers.h.
#include "core/text/numbers.h"

#include <cmath>

namespace folio {

std::string zero_padded(long long v, int width) {
    const bool negative = v < 0;
    std::string digits =
        std::to_string(negative ? -static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v));
    const int pad = width - static_cast<int>(digits.size()) - (negative ? 1 : 0);
    if (pad > 0) digits.insert(0, static_cast<size_t>(pad), '0');
    return negative ? "-" + digits : digits;
}

std::string hex_digits(uint64_t v, int digits) {
    std::string out;
    do {
        out.insert(out.begin(), "0123456789abcdef"[v & 0xF]);
        v >>= 4;
    } while (v != 0);
    if (static_cast<int>(out.size()) < digits) out.insert(0, static_cast<size_t>(digits) - out.size(), '0');
    return out;
}

std::string short_decimal(double v, int places) {
    if (!std::isfinite(v)) v = 0;
    v = std::fmax(-1e12, std::fmin(1e12, v)); // within what a double holds with its decimals
    double scale = 1;
    for (int i = 0; i < places; ++i)
        scale *= 10;
    const double scaled = std::round(std::fabs(v) * scale);
    std::string digits = std::to_string(static_cast<unsigned long long>(scaled));
    if (static_cast<int>(digits.size()) <= places)
        digits.insert(0, static_cast<size_t>(places) + 1 - digits.size(), '0');
    digits.insert(digits.size() - static_cast<size_t>(places), ".");
    while (digits.back() == '0')
        digits.pop_back();
    if (digits.back() == '.') digits.pop_back();
    return v < 0 && digits != "0" ? "-" + digits : digits;
}

} // namespace folio
