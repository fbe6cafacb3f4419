// SPDX-License-Identifier: MIT
/*
 * Warnings and reports: what kwq says when something goes wrong.
 *
 * Every warning (an old name's failed call, debug mode's misuse reports, the
 * manager's lockup reports) goes through kwq__warn() to one replaceable
 * handler, kwq_set_warn_handler(); by default a line on stderr.  Reports
 * name code by address with kwq__symbol() and call sites with kwq__site().
 * An impossible internal state is not a warning: kwq__bug() reports it and
 * aborts.
 */
#include "internal.h"

#include <dlfcn.h>
#include <link.h>
#include <stdarg.h>
#include <string.h>

static void default_handler(const struct kwq_warning *w)
{
	if (w->file)
		fprintf(stderr, "kwq: %s:%d: %s\n", w->file, w->line,
			w->message);
	else
		fprintf(stderr, "kwq: %s\n", w->message);
}

static void (*handler)(const struct kwq_warning *w) = default_handler;

void kwq_set_warn_handler(void (*fn)(const struct kwq_warning *w))
{
	__atomic_store_n(&handler, fn ? fn : default_handler,
			 __ATOMIC_RELEASE);
}

void kwq__warn(enum kwq_warning_kind kind, const char *file, int line,
	       const char *func, int err, const char *fmt, ...)
{
	struct kwq_warning w = {
		.kind = kind, .file = file, .line = line, .func = func,
		.err = err,
	};
	char msg[512];
	va_list ap;
	int old;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	w.message = msg;
	/* Callers may hold kwq's locks: the handler's stdio must not unwind. */
	old = kwq__nocancel_begin();
	__atomic_load_n(&handler, __ATOMIC_ACQUIRE)(&w);
	kwq__nocancel_end(old);
}

/*
 * Name code at @addr for a report: module+offset, which addr2line -e module
 * turns into file:line (for a position-dependent executable, whose
 * addresses are absolute, the address itself), then symbol+offset when the
 * dynamic symbol table knows it: static functions, and the functions of a
 * program not linked with -rdynamic, are not in it.
 */
void kwq__symbol(void *addr, char *buf, size_t len)
{
	const ElfW(Ehdr) *ehdr;
	const char *mod;
	unsigned long off;
	Dl_info info;
	int n;

	if (!addr || !dladdr(addr, &info) || !info.dli_fname) {
		snprintf(buf, len, "%p", addr);
		return;
	}
	mod = strrchr(info.dli_fname, '/');
	mod = mod ? mod + 1 : info.dli_fname;
	ehdr = info.dli_fbase;
	off = (unsigned long)addr;
	if (ehdr && ehdr->e_type != ET_EXEC)
		off -= (unsigned long)info.dli_fbase;
	n = snprintf(buf, len, "%s+%#lx", *mod ? mod : "?", off);
	if (!info.dli_sname || n <= 0 || (size_t)n >= len)
		return;
	off = (unsigned long)((char *)addr - (char *)info.dli_saddr);
	snprintf(buf + n, len - (size_t)n, " (%s+%#lx)", info.dli_sname, off);
}

/*
 * Name the call that returns to @ret: the call instruction, one byte back,
 * which addr2line places on the call's line rather than the next one.
 */
void kwq__site(void *ret, char *buf, size_t len)
{
	kwq__symbol(ret ? (char *)ret - 1 : NULL, buf, len);
}

void kwq__bug(const char *file, int line, const char *func, const char *cond)
{
	/*
	 * Nearly always the trace of a misused item (initialised or freed
	 * while pending), which debug mode reports where it happens.
	 */
	fprintf(stderr, "kwq: BUG at %s:%d in %s(): %s; a work item was probably initialised or freed while pending: run with KWQ_DEBUG=1 to find where\n",
		file, line, func, cond);
	abort();
}
