// SPDX-License-Identifier: MIT
/*
 * A counting malloc for bench-mem, without LD_PRELOAD: the program itself
 * defines malloc() and friends, which the dynamic linker then binds for the
 * shared libraries too (glibc supports replacing malloc this way), and
 * forwards them to glibc's own allocator through its __libc_* entry points.
 * It counts allocation calls (for the whole process and per thread) and the
 * usable bytes live, which heap_snapshot() reports to the memory workload.
 *
 * Only bench-mem links it, so that the other measurements, callgrind's
 * instruction counts above all, see glibc's malloc untouched.
 */
#include "bench.h"

#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <unistd.h>

/* glibc's allocator under the names it exports for this purpose. */
void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t size);
void *__libc_memalign(size_t align, size_t size);
void __libc_free(void *p);

/* The replacements, declared for -Wmissing-prototypes' sake. */
void *malloc(size_t size);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t size);
void free(void *p);
void *memalign(size_t align, size_t size);
void *aligned_alloc(size_t align, size_t size);
int posix_memalign(void **out, size_t align, size_t size);
void *valloc(size_t size);
void *pvalloc(size_t size);

static uint64_t calls;
static int64_t live;
static __thread uint64_t thread_calls;

static void *counted(void *p)
{
	if (p) {
		__atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED);
		__atomic_add_fetch(&live, (int64_t)malloc_usable_size(p),
				   __ATOMIC_RELAXED);
		thread_calls++;
	}
	return p;
}

static void uncounted(void *p)
{
	if (p)
		__atomic_sub_fetch(&live, (int64_t)malloc_usable_size(p),
				   __ATOMIC_RELAXED);
}

void *malloc(size_t size)
{
	return counted(__libc_malloc(size));
}

void *calloc(size_t n, size_t size)
{
	return counted(__libc_calloc(n, size));
}

void *realloc(void *p, size_t size)
{
	void *q;

	if (!p)
		return malloc(size);
	uncounted(p);
	q = __libc_realloc(p, size);
	if (!q && size) {
		/* The old block is still there. */
		__atomic_add_fetch(&live, (int64_t)malloc_usable_size(p),
				   __ATOMIC_RELAXED);
		return NULL;
	}
	return counted(q);
}

void free(void *p)
{
	uncounted(p);
	__libc_free(p);
}

void *memalign(size_t align, size_t size)
{
	return counted(__libc_memalign(align, size));
}

void *aligned_alloc(size_t align, size_t size)
{
	return memalign(align, size);
}

int posix_memalign(void **out, size_t align, size_t size)
{
	void *p;

	if (!align || (align & (align - 1)) || align % sizeof(void *))
		return EINVAL;
	p = memalign(align, size);
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

void *valloc(size_t size)
{
	return memalign((size_t)sysconf(_SC_PAGESIZE), size);
}

void *pvalloc(size_t size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	return memalign(page, (size + page - 1) & ~(page - 1));
}

int heap_snapshot(struct heap_snap *s)
{
	s->calls = __atomic_load_n(&calls, __ATOMIC_RELAXED);
	s->live = __atomic_load_n(&live, __ATOMIC_RELAXED);
	s->thread_calls = thread_calls;
	return 0;
}
