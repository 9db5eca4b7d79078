// The hint that the sorts give before they read scattered records: Swift has no prefetch of its
// own.
#ifndef SECTIONSORT_MEMORY_HINTS_H
#define SECTIONSORT_MEMORY_HINTS_H

/// Asks for the cache line at `address` to be loaded for reading; never faults (an address
/// outside the process's memory is ignored), changes no memory and returns at once.
static inline void ssmh_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
