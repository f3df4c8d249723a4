// folio web: sscanf for whole numbers only. Dear ImGui reads its .ini lines with sscanf (the code is
// linked even though the book never loads an .ini), and that links the C library's
// whole scanf, with its float and long double parsing (about 7 KB gzip of wasm). The book keeps no .ini
// (main.cpp sets io.IniFilename to null) and draws no widget that reads a number typed as text, and
// nothing else in the web build scans text (core/wire/site_reader.h parses its own numbers). So this sscanf
// knows literal text, white space and %d %i %u %x %X (with a width) and %n, and stops at anything else,
// returning the conversions made so far, as scanf does at a mismatch.
#include <cctype>
#include <cstdarg>

extern "C" int sscanf(const char* s, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const char* const start = s;
    int done = 0;
    for (; *fmt; ++fmt) {
        if (std::isspace(static_cast<unsigned char>(*fmt))) {
            while (std::isspace(static_cast<unsigned char>(*s)))
                ++s;
            continue;
        }
        if (*fmt != '%' || fmt[1] == '%') {
            if (*fmt == '%') ++fmt;
            if (*s != *fmt) break;
            ++s;
            continue;
        }
        ++fmt;
        int width = 0;
        while (*fmt >= '0' && *fmt <= '9')
            width = width * 10 + (*fmt++ - '0');
        if (*fmt == 'n') {
            *va_arg(args, int*) = static_cast<int>(s - start);
            continue;
        }
        const bool hex = *fmt == 'x' || *fmt == 'X';
        if (!hex && *fmt != 'd' && *fmt != 'i' && *fmt != 'u') break;
        while (std::isspace(static_cast<unsigned char>(*s)))
            ++s;
        const char* const from = s;
        const bool minus = !hex && *s == '-';
        if (minus || (!hex && *s == '+')) ++s;
        unsigned value = 0;
        int digits = 0;
        for (; width == 0 || s - from < width; ++s, ++digits) {
            const int c = static_cast<unsigned char>(*s);
            const int d = std::isdigit(c) ? c - '0' : hex && std::isxdigit(c) ? (std::tolower(c) - 'a' + 10) : -1;
            if (d < 0) break;
            value = value * (hex ? 16u : 10u) + static_cast<unsigned>(d);
        }
        if (digits == 0) break;
        *va_arg(args, unsigned*) = minus ? 0u - value : value; // int and unsigned share the bits
        ++done;
    }
    va_end(args);
    return done;
}
