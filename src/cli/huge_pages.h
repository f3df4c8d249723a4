// folio CLI: a build's memory in huge pages (Linux, glibc).
#pragma once

namespace folio {

// glibc's malloc takes huge pages for its heaps only when the environment says so at the program's start
// (GLIBC_TUNABLES=glibc.malloc.hugetlb=1). A whole build touches about as much fresh memory as its peak
// (850 MB for 10,000 posts), and each 4 KB page's first touch is a fault: with 2 MB pages, page faults
// went from 275k to 120k, and `./folio build` of 10,000 real posts took 0.85 of the wall time
// (docs/first-view.md, "Builds"). So when the environment does not say it, this adds it to GLIBC_TUNABLES
// (after what the user set there) and starts the program again in place (execv: the same process). A
// user's own glibc.malloc.hugetlb, or an exec that fails, leaves the program as it is.
// For `folio build` alone: the preview's builder, which answers edits, was slower with them (a Markdown
// edit at 10,000 posts: 27.8 ms median against 16.2; a fault may wait for a 2 MB page to be found).
void restart_with_huge_pages(char** argv);

// Whether the environment asks glibc for huge pages (what FOLIO_BUILD_TIMES reports).
bool heaps_in_huge_pages();

} // namespace folio
