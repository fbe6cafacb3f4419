// SPDX-License-Identifier: MIT
/*
 * Fault injection: every call kwq makes that can fail for lack of a
 * resource (memory, a thread, thread attributes, CPU affinity) goes through
 * kwq__fault(), so that tests can make the n-th such call fail and check
 * that kwq unwinds cleanly and loses no queued work.
 *
 * Off unless asked for: by the environment variable KWQ_FAULT_INJECT, read
 * when kwq starts, or by kwq__fault_set() from a white-box test linked with
 * libkwq.a.  A spec is "[SITE:]N[+]": fail the N-th call at SITE (malloc,
 * thread, attr, affinity; any site when omitted), or with "+" that call and
 * every later one.  When off, a check costs one predictable branch, and only
 * on set-up paths: the add path has no fallible call.
 */
#include "internal.h"

#include <string.h>

static const char *const site_names[FAULT_NR] = {
	[FAULT_MALLOC] = "malloc",
	[FAULT_THREAD] = "thread",
	[FAULT_ATTR] = "attr",
	[FAULT_AFFINITY] = "affinity",
};

static struct {
	int armed;		/* A: a spec is in force */
	int site;		/* published by armed: FAULT_NR for any */
	long nth;		/* published by armed: the call that fails */
	int sticky;		/* published by armed: and every later one */
	long calls;		/* A: calls counted so far */
	long injected;		/* A: failures injected */
} fault;

int kwq__fault_set(const char *spec)
{
	int site = FAULT_NR;
	const char *colon;
	char *end;
	long nth;

	__atomic_store_n(&fault.armed, 0, __ATOMIC_SEQ_CST);
	if (!spec || !*spec)
		return 0;
	colon = strchr(spec, ':');
	if (colon) {
		for (site = 0; site < FAULT_NR; site++)
			if (!strncmp(spec, site_names[site],
				     (size_t)(colon - spec)) &&
			    !site_names[site][colon - spec])
				break;
		if (site == FAULT_NR && strncmp(spec, "any:", 4))
			return -EINVAL;
		spec = colon + 1;
	}
	/* Digits only, as kwq(7) says: strtol() would take " 3" and "+3". */
	if (*spec < '0' || *spec > '9')
		return -EINVAL;
	nth = strtol(spec, &end, 10);
	if (nth < 1 || (*end && strcmp(end, "+")))
		return -EINVAL;
	fault.site = site;
	fault.nth = nth;
	fault.sticky = *end == '+';
	__atomic_store_n(&fault.calls, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&fault.armed, 1, __ATOMIC_SEQ_CST);
	return 0;
}

long kwq__fault_injected(void)
{
	return __atomic_load_n(&fault.injected, __ATOMIC_RELAXED);
}

bool kwq__fault(enum kwq__fault_site site)
{
	long n;

	if (likely(!__atomic_load_n(&fault.armed, __ATOMIC_ACQUIRE)))
		return false;
	if (fault.site != FAULT_NR && fault.site != (int)site)
		return false;
	n = __atomic_add_fetch(&fault.calls, 1, __ATOMIC_RELAXED);
	if (n != fault.nth && !(fault.sticky && n > fault.nth))
		return false;
	__atomic_add_fetch(&fault.injected, 1, __ATOMIC_RELAXED);
	return true;
}

void kwq__fault_init(void)
{
	const char *spec = getenv("KWQ_FAULT_INJECT");

	if (spec && kwq__fault_set(spec))
		fprintf(stderr, "kwq: KWQ_FAULT_INJECT=%s: not a [SITE:]N[+] (SITE malloc, thread, attr, affinity or any; N from 1); ignored\n",
			spec);
}

void *kwq__zalloc(size_t size)
{
	return kwq__fault(FAULT_MALLOC) ? NULL : calloc(1, size);
}

void *kwq__zalloc_array(size_t n, size_t size)
{
	return kwq__fault(FAULT_MALLOC) ? NULL : calloc(n, size);
}

/* Zeroed memory aligned for a pointer in a work item's data word. */
void *kwq__zalloc_aligned(size_t size)
{
	void *p;

	if (kwq__fault(FAULT_MALLOC))
		return NULL;
	size = (size + WORK_ALIGN - 1) & ~(WORK_ALIGN - 1);
	p = aligned_alloc(WORK_ALIGN, size);
	if (p)
		memset(p, 0, size);
	return p;
}
