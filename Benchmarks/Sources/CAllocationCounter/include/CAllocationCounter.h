// Counts heap allocations made by this process, for the benchmarks' "allocations per operation".
//
// The library defines malloc, calloc, realloc, free, posix_memalign, aligned_alloc and memalign itself; linked
// into the benchmark executable, those definitions take the place of the C library's for every caller (the
// Swift runtime included), count the call and forward it to the real function found with dlsym(RTLD_NEXT).
#ifndef CALLOCATION_COUNTER_H
#define CALLOCATION_COUNTER_H

#include <stdint.h>

/// Allocations so far: successful calls of malloc, calloc, posix_memalign, aligned_alloc and memalign, and
/// calls of realloc that made a new block (a NULL pointer or a size change the C library served).
uint64_t cac_allocations(void);

/// Calls of free with a non-NULL pointer so far.
uint64_t cac_frees(void);

/// Bytes requested by the counted allocations so far.
uint64_t cac_allocated_bytes(void);

/// True once the interposed functions have been called: false means the linker kept the C library's own
/// malloc and every count reads zero.
int cac_is_interposing(void);

/// Consumes a value the optimizer cannot see through, so that the work producing it is never removed.
void cac_black_hole(uint64_t value);

#endif
