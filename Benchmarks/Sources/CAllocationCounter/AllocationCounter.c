// Interposes the C allocator to count allocations; see include/CAllocationCounter.h.
//
// The real functions are looked up with dlsym(RTLD_NEXT, ...) on first use. dlsym may itself allocate (glibc
// calls calloc for its error state), and that call arrives here before the real calloc is known: such calls
// are served from a small static buffer that is never freed. Counters are relaxed atomics: the benchmarks read
// them on one thread, before and after a loop, and only need every increment to land.
#define _GNU_SOURCE
#include "CAllocationCounter.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef void *(*malloc_fn)(size_t);
typedef void *(*calloc_fn)(size_t, size_t);
typedef void *(*realloc_fn)(void *, size_t);
typedef void (*free_fn)(void *);
typedef int (*posix_memalign_fn)(void **, size_t, size_t);
typedef void *(*aligned_alloc_fn)(size_t, size_t);

static malloc_fn real_malloc;
static calloc_fn real_calloc;
static realloc_fn real_realloc;
static free_fn real_free;
static posix_memalign_fn real_posix_memalign;
static aligned_alloc_fn real_aligned_alloc;
static aligned_alloc_fn real_memalign;

static _Atomic uint64_t allocations;
static _Atomic uint64_t frees;
static _Atomic uint64_t allocated_bytes;
static _Atomic int interposing;
static _Atomic int resolving;

// The bootstrap buffer: a bump allocator for the few calls dlsym makes before the real functions are known.
// Each block starts with a 16-byte header holding its size, so that realloc can copy it out.
#define BOOTSTRAP_SIZE (64 * 1024)
#define BOOTSTRAP_HEADER 16
static _Alignas(16) unsigned char bootstrap[BOOTSTRAP_SIZE];
static _Atomic size_t bootstrap_used;

static int in_bootstrap(const void *pointer) {
    const unsigned char *p = pointer;
    return p >= bootstrap && p < bootstrap + BOOTSTRAP_SIZE;
}

static void *bootstrap_alloc(size_t size) {
    size_t rounded = (size + BOOTSTRAP_HEADER + 15) & ~(size_t)15;
    size_t start = atomic_fetch_add(&bootstrap_used, rounded);
    if (start + rounded > BOOTSTRAP_SIZE) {
        return NULL;
    }
    unsigned char *block = bootstrap + start;
    memcpy(block, &size, sizeof size);
    return block + BOOTSTRAP_HEADER;  // static storage is zero-filled, so this serves calloc too
}

static size_t bootstrap_size(const void *pointer) {
    size_t size;
    memcpy(&size, (const unsigned char *)pointer - BOOTSTRAP_HEADER, sizeof size);
    return size;
}

// Looks the real functions up once. Returns 0 while a lookup is under way (the caller then uses the bootstrap
// buffer), 1 when they are known.
static int resolve(void) {
    if (__atomic_load_n(&real_free, __ATOMIC_ACQUIRE) != NULL) {
        return 1;
    }
    if (atomic_exchange(&resolving, 1) != 0) {
        return 0;
    }
    real_malloc = (malloc_fn)dlsym(RTLD_NEXT, "malloc");
    real_calloc = (calloc_fn)dlsym(RTLD_NEXT, "calloc");
    real_realloc = (realloc_fn)dlsym(RTLD_NEXT, "realloc");
    real_posix_memalign = (posix_memalign_fn)dlsym(RTLD_NEXT, "posix_memalign");
    real_aligned_alloc = (aligned_alloc_fn)dlsym(RTLD_NEXT, "aligned_alloc");
    real_memalign = (aligned_alloc_fn)dlsym(RTLD_NEXT, "memalign");
    __atomic_store_n(&real_free, (free_fn)dlsym(RTLD_NEXT, "free"), __ATOMIC_RELEASE);
    atomic_store(&resolving, 0);
    return 1;
}

static void count(size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&allocated_bytes, size, memory_order_relaxed);
}

void *malloc(size_t size) {
    if (!resolve()) {
        return bootstrap_alloc(size);
    }
    atomic_store_explicit(&interposing, 1, memory_order_relaxed);
    void *result = real_malloc(size);
    if (result != NULL) {
        count(size);
    }
    return result;
}

void *calloc(size_t count_, size_t size) {
    if (!resolve()) {
        size_t total;
        if (__builtin_mul_overflow(count_, size, &total)) {
            return NULL;
        }
        return bootstrap_alloc(total);
    }
    void *result = real_calloc(count_, size);
    if (result != NULL) {
        count(count_ * size);
    }
    return result;
}

void *realloc(void *pointer, size_t size) {
    if (pointer != NULL && in_bootstrap(pointer)) {
        void *moved = malloc(size);
        if (moved != NULL) {
            size_t old = bootstrap_size(pointer);
            memcpy(moved, pointer, old < size ? old : size);
        }
        return moved;
    }
    if (!resolve()) {
        return bootstrap_alloc(size);
    }
    void *result = real_realloc(pointer, size);
    if (result != NULL && size != 0) {
        count(size);
    }
    if (pointer != NULL && size == 0) {
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    }
    return result;
}

void free(void *pointer) {
    if (pointer == NULL || in_bootstrap(pointer)) {
        return;
    }
    // A pointer that is not ours came from the real allocator, so the functions are normally known already;
    // should another thread be looking them up at this very moment, the block is leaked rather than lost track of.
    if (!resolve()) {
        return;
    }
    atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    free_fn function = __atomic_load_n(&real_free, __ATOMIC_ACQUIRE);
    function(pointer);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (!resolve()) {
        return ENOMEM;
    }
    int status = real_posix_memalign(result, alignment, size);
    if (status == 0) {
        count(size);
    }
    return status;
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (!resolve()) {
        return NULL;
    }
    void *result = real_aligned_alloc(alignment, size);
    if (result != NULL) {
        count(size);
    }
    return result;
}

void *memalign(size_t alignment, size_t size) {
    if (!resolve()) {
        return NULL;
    }
    void *result = real_memalign(alignment, size);
    if (result != NULL) {
        count(size);
    }
    return result;
}

uint64_t cac_allocations(void) { return atomic_load(&allocations); }

uint64_t cac_frees(void) { return atomic_load(&frees); }

uint64_t cac_allocated_bytes(void) { return atomic_load(&allocated_bytes); }

int cac_is_interposing(void) { return atomic_load(&interposing); }

// The optimizer sees neither this body from Swift nor what it does with the value.
static volatile uint64_t black_hole_sink;

void cac_black_hole(uint64_t value) { black_hole_sink ^= value; }
