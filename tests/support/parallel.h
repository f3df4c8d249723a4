// A ParallelFor as the CLI's (cli/build.h: parallel_for), for the tests that hold core's parallel paths to
// its sequential ones.
#pragma once

#include <atomic>
#include <thread>

#include "core/text/parallel.h"

namespace folio::testing {

// Three threads, each taking the next index from the end: what core hands it must depend neither on the
// order nor on one thread.
inline ParallelFor threads_from_the_end() {
    return [](size_t n, const std::function<void(size_t)>& body) {
        std::atomic<long> left{static_cast<long>(n)};
        auto work = [&] {
            for (long i; (i = left.fetch_sub(1)) > 0;)
                body(static_cast<size_t>(i - 1));
        };
        std::thread a(work), b(work);
        work();
        a.join();
        b.join();
    };
}

} // namespace folio::testing
