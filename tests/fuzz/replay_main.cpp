// Replays a fuzz target's corpus natively: every file of the given folders, once, through the target's
// LLVMFuzzerTestOneInput, linked with this main instead of libFuzzer (g++, the native build). ctest runs
// one replay per target (CMakeLists.txt), so every `./folio test` checks that no committed input crashes,
// trips AddressSanitizer or UBSan, or breaks one of the target's checks.
//
//   fuzz_<name>_replay MIN DIR...
//
// Exits 1 naming the file on a crash, an abort (a target's broken invariant, an escaping exception), a
// sanitizer report, an input that runs longer than kSecondsPerInput or one that makes the heap in use grow
// past FUZZ_HEAP_LIMIT_MB (default kDefaultHeapLimitMb); and when fewer than MIN files were replayed, so a
// corpus folder that went missing or empty cannot pass.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

constexpr unsigned kSecondsPerInput = 20;  // generous: sanitizers slow the code several times
constexpr long kDefaultHeapLimitMb = 2048; // libFuzzer's -rss_limit_mb default

// What a dying process says, kept in static buffers: a signal handler may not allocate.
char g_target[128];
char g_file[4096];

void say(const char* s) {
    ssize_t ignored = write(STDERR_FILENO, s, std::strlen(s));
    (void)ignored;
}

void name_the_input(const char* what) {
    say("\n");
    say(g_target);
    say(": FAILED (");
    say(what);
    say(") on ");
    say(g_file);
    say("\n");
}

void on_signal(int sig) {
    name_the_input(sig == SIGALRM ? "ran too long" : sig == SIGABRT ? "abort" : "crash");
    std::signal(sig, SIG_DFL);
    if (sig == SIGALRM) _exit(1);
    std::raise(sig);
}

#if defined(__SANITIZE_ADDRESS__)
void on_sanitizer_death() { name_the_input("sanitizer report above"); }
#endif

} // namespace

#if defined(__SANITIZE_ADDRESS__)
// The heap cap. Not an address-space limit (setrlimit(RLIMIT_AS) fails AddressSanitizer, whose shadow
// reserves terabytes) nor ASan's hard_rss_limit_mb (its RSS counts the quarantine and is read by a thread
// every so often): the bytes the program holds, counted exactly through the allocator's hooks, so an input
// that allocates without end fails at the allocation that crosses the cap, with its stack.
extern "C" {
void __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void*, size_t),
                                               void (*free_hook)(const volatile void*));
size_t __sanitizer_get_allocated_size(const volatile void* p);
}

namespace {

std::atomic<long long> g_heap{0}; // signed: what was allocated before the hooks may be freed after
std::atomic<long long> g_peak{0};
long long g_heap_cap = 0;
std::atomic<bool> g_over{false};

void on_malloc(const volatile void*, size_t size) {
    const long long now = g_heap.fetch_add(static_cast<long long>(size)) + static_cast<long long>(size);
    for (long long peak = g_peak.load(); now > peak && !g_peak.compare_exchange_weak(peak, now);) {
    }
    if (now <= g_heap_cap || g_over.exchange(true)) return;
    name_the_input("the heap in use passed FUZZ_HEAP_LIMIT_MB; the allocation that crossed it");
    __sanitizer_print_stack_trace();
    _exit(1);
}

void on_free(const volatile void* p) {
    if (p) g_heap.fetch_sub(static_cast<long long>(__sanitizer_get_allocated_size(p)));
}

} // namespace
#endif

#if defined(__SANITIZE_ADDRESS__)
// The sanitizers' options when ASAN_OPTIONS and UBSAN_OPTIONS do not say otherwise: tests/fuzz/run.sh's, so
// a replay fails on what the fuzzer fails on (leaks too). UBSan's fatal reports skip the death callback:
// abort_on_error makes them reach the SIGABRT handler, which names the input.
extern "C" const char* __asan_default_options() {
    return "detect_leaks=1:strict_string_checks=1:check_initialization_order=1";
}
extern "C" const char* __ubsan_default_options() { return "halt_on_error=1:print_stacktrace=1:abort_on_error=1"; }
#endif

namespace {

void install_handlers() {
    // SIGABRT: a target's require() or std::terminate. AddressSanitizer handles the memory faults itself
    // (its report is the useful part) and names the input through its death callback; without it, the
    // faults are caught here.
    std::signal(SIGABRT, on_signal);
    std::signal(SIGALRM, on_signal);
#if defined(__SANITIZE_ADDRESS__)
    __sanitizer_set_death_callback(on_sanitizer_death);
    const char* limit = std::getenv("FUZZ_HEAP_LIMIT_MB");
    const long mb = limit ? std::strtol(limit, nullptr, 10) : kDefaultHeapLimitMb;
    g_heap_cap = static_cast<long long>(mb > 0 ? mb : kDefaultHeapLimitMb) << 20;
    __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);
#else
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL})
        std::signal(sig, on_signal);
#endif
}

void copy_name(char* to, size_t size, const std::string& from) {
    const size_t n = std::min(size - 1, from.size());
    std::memcpy(to, from.data(), n);
    to[n] = '\0';
}

} // namespace

int main(int argc, char** argv) {
    const std::string self = std::filesystem::path(argv[0]).filename().string();
    copy_name(g_target, sizeof g_target, self);
    char* end = nullptr;
    const long min = argc >= 3 ? std::strtol(argv[1], &end, 10) : 0;
    if (argc < 3 || *end != '\0' || min < 1) {
        std::fprintf(stderr, "usage: %s MIN DIR... (MIN: the fewest files to replay, at least 1)\n", self.c_str());
        return 2;
    }

    // Every regular file of every folder, in name order, so a run is repeatable.
    std::vector<std::filesystem::path> files;
    for (int i = 2; i < argc; ++i) {
        std::error_code ec;
        std::filesystem::directory_iterator it(argv[i], ec);
        if (ec) {
            std::fprintf(stderr, "%s: cannot read the corpus folder %s: %s\n", self.c_str(), argv[i],
                         ec.message().c_str());
            return 1;
        }
        std::vector<std::filesystem::path> here;
        for (const auto& entry : it)
            if (entry.is_regular_file()) here.push_back(entry.path());
        std::sort(here.begin(), here.end());
        files.insert(files.end(), here.begin(), here.end());
    }
    if (files.size() < static_cast<size_t>(min)) {
        std::fprintf(stderr, "%s: FAILED: %zu files in the corpus, expected at least %ld\n", self.c_str(), files.size(),
                     min);
        return 1;
    }

    install_handlers();
    const auto start = std::chrono::steady_clock::now();
    size_t bytes = 0;
    for (const auto& path : files) {
        copy_name(g_file, sizeof g_file, path.string());
        // A buffer of exactly the input's size (as libFuzzer passes it), so a read one past the end is
        // AddressSanitizer's to see.
        std::error_code ec;
        const size_t size = std::filesystem::file_size(path, ec);
        std::unique_ptr<uint8_t[]> data(new uint8_t[ec ? 0 : size]);
        std::ifstream in(path, std::ios::binary);
        if (ec || !in.read(reinterpret_cast<char*>(data.get()), static_cast<std::streamsize>(size))) {
            std::fprintf(stderr, "%s: cannot read %s\n", self.c_str(), g_file);
            return 1;
        }
        alarm(kSecondsPerInput);
        LLVMFuzzerTestOneInput(data.get(), size);
        alarm(0);
        bytes += size;
    }
    // LeakSanitizer reports at exit, after every input: no one file to name.
    copy_name(g_file, sizeof g_file, "the corpus as a whole (leaks show at exit: replay its files one by one)");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%s: %zu files (%zu bytes) replayed in %.2f s, at least %ld expected: no crash, sanitizer report "
                "or broken check\n",
                self.c_str(), files.size(), bytes, seconds, min);
#if defined(__SANITIZE_ADDRESS__)
    std::printf("%s: at most %.1f MB of heap in use (the cap: %lld MB)\n", self.c_str(),
                static_cast<double>(g_peak.load()) / (1 << 20), g_heap_cap >> 20);
#endif
    return 0;
}
