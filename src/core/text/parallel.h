// folio core (the lowest library, so that every other may use it): how core runs independent work on several cores
// without starting a thread itself.
#pragma once

#include <cstddef>
#include <functional>

namespace folio {

// Runs body(i) once for every i below n, in any order, possibly on several threads at once. Core never
// starts a thread itself: the CLI passes one that uses every core (cli/build.h: parallel_for); null means
// one after another.
using ParallelFor = std::function<void(size_t n, const std::function<void(size_t)>& body)>;

// body(i) for every i below n, through parallel when there is one.
inline void for_each_index(const ParallelFor& parallel, size_t n, const std::function<void(size_t)>& body) {
    if (parallel) {
        parallel(n, body);
        return;
    }
    for (size_t i = 0; i < n; ++i)
        body(i);
}

} // namespace folio
