// Shared by the Catch2 tests: running code that may run away (allocate without end, loop) in a child
// process with its memory and time capped, so the test that asked fails instead of the machine.
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <string>

namespace folio::testing {

struct BoundedResult {
    bool ok = false;    // fn returned within the caps, without throwing
    std::string output; // what it returned
};

// The address space the process has now (bytes): the cap is set above it, the child inherits it all.
inline size_t address_space_now() {
    std::ifstream statm("/proc/self/statm");
    size_t pages = 0;
    statm >> pages;
    return pages * static_cast<size_t>(sysconf(_SC_PAGESIZE));
}

// Runs fn in a forked child that may grow by at most `megabytes` (RLIMIT_AS: std::bad_alloc past it) and
// run for at most `seconds`; its return value comes back through a pipe.
inline BoundedResult run_bounded(const std::function<std::string()>& fn, size_t megabytes = 1024,
                                 unsigned seconds = 60) {
    BoundedResult r;
    int fds[2];
    if (pipe(fds) != 0) return r;
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid < 0) return r;
    if (pid == 0) {
        close(fds[0]);
        const rlim_t cap = address_space_now() + (static_cast<rlim_t>(megabytes) << 20);
        const rlimit limit{cap, cap};
        setrlimit(RLIMIT_AS, &limit);
        alarm(seconds);
        int code = 1;
        try {
            const std::string out = fn();
            code = write(fds[1], out.data(), out.size()) == static_cast<ssize_t>(out.size()) ? 0 : 1;
        } catch (...) {
        }
        _exit(code);
    }
    close(fds[1]);
    char buf[4096];
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;)
        r.output.append(buf, static_cast<size_t>(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    r.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return r;
}

} // namespace folio::testing
