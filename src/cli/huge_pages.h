// folio CLI: the process's memory in huge pages (Linux, glibc).
#pragma once

namespace folio {

// glibc's malloc takes huge pages for its heaps only when the environment says so at the program's start
// (GLIBC_TUNABLES=glibc.malloc.hugetlb=1). A build touches about as much fresh memory as its peak (850 MB
// for 10,000 posts), and each 4 KB page's first touch is a fault: with 2 MB pages a build of 10,000 real
// posts took 0.85 of the wall time and 0.86 of the CPU (farm-bench, docs/first-view.md). So when the
// environment does not say it, this adds it to GLIBC_TUNABLES (keeping what the user set there) and starts
// the program again in place (execv, same process). A user's own glibc.malloc.hugetlb, or an exec that
// fails, leaves the program as it is. Call first in main.
void restart_with_huge_pages(char** argv);

} // namespace folio
