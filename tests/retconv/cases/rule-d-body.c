// Rule D from a body: a function that returns 0 and negative errnos
// succeeds with 0, by the convention, whatever its name says, unless the
// name asks a question (a predicate's) or where something is (a lookup's
// 0 is "found").  The branch may be written through a hint macro
// (unlikely(), __builtin_expect()) or log through a project's own
// error-level macro.
#include <errno.h>
#include <stddef.h>

#define unlikely(x) __builtin_expect(!!(x), 0)
#define OFS_UNLIKELY(x) __builtin_expect((x), 0)

void app_log(int level, const char *fmt, ...);
#define APP_LOG_ERROR(...) do { app_log(3, __VA_ARGS__); } while (0)
#define APP_LOG_DEBUG(...) do { app_log(7, __VA_ARGS__); } while (0)

struct ring {
	size_t count;
	size_t last;
	int *slots;
};

/* 0 or -ENOMEM: its name is neither an action's nor a predicate's. */
static int ring_table_size(struct ring *r, size_t n)
{
	if (r->last + n > r->count)
		return -ENOMEM;
	return 0;
}

/* 0 when found, -ENOENT when not: a lookup. */
static int ring_slot_lookup(const struct ring *r, int key)
{
	return r->slots[key] ? 0 : -ENOENT;
}

/* 0 or 1 from its body: which is failure, the body does not say. */
static int ring_slot_state(const struct ring *r, int key)
{
	return r->slots[key] ? 1 : 0;
}

/* Flagged: kernel style, the result kept, the test in unlikely(). */
int ring_grow(struct ring *r, size_t n)
{
	int ret;

	ret = ring_table_size(r, n);
	if (unlikely(!ret))
		goto err;
	r->last += n;
	return 0;
err:
	return ret;
}

/* Flagged: user space style, a project's hint macro and log macro. */
void ring_fill(struct ring *r, size_t n)
{
	if (OFS_UNLIKELY(!ring_table_size(r, n))) {
		APP_LOG_ERROR("no room for %zu slots\n", n);
	}
}

/* Flagged: the branch returns a negative errno. */
int ring_add(struct ring *r, size_t n)
{
	if (!ring_table_size(r, n))
		return -ENOMEM;
	r->last += n;
	return 0;
}

/* Not flagged: the right test, through the hint. */
int ring_grow_right(struct ring *r, size_t n)
{
	int ret = ring_table_size(r, n);

	if (unlikely(ret))
		return ret;
	r->last += n;
	return 0;
}

/* Not flagged: a debug message is no error handling. */
void ring_fill_quiet(struct ring *r, size_t n)
{
	if (!ring_table_size(r, n)) {
		APP_LOG_DEBUG("room for %zu slots\n", n);
	}
}

/* Not flagged: a lookup's 0 is "found", which may well be an error. */
int ring_claim(struct ring *r, int key)
{
	if (!ring_slot_lookup(r, key))
		return -EBUSY;
	r->slots[key] = 1;
	return 0;
}

/* Not flagged: a 0/1 body does not say that 0 is success. */
int ring_check(struct ring *r, int key)
{
	if (!ring_slot_state(r, key))
		return -EINVAL;
	return 0;
}

void ring_log_err(const char *fmt, ...);

/* Not flagged: a lower-case function named for errors is no sure error
 * handling (it may record one, warn, or end the program for the very
 * case the test asked for); only a capitals macro's name, or the C
 * library's and the kernel's own loggers, say the branch handles one. */
void ring_fill_named(struct ring *r, size_t n)
{
	if (!ring_table_size(r, n))
		ring_log_err("room for %zu slots\n", n);
}
// expect: rule-d-body.c:49:6: warning: 'ring_table_size' returns 0 or a negative errno (class errno, from its definition at rule-d-body.c:24): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d-body.c:48:2: note: 'ret' holds the result of 'ring_table_size' from here
// expect: rule-d-body.c:50:3: note: the branch goes to the error label 'err'
// expect: rule-d-body.c:60:6: warning: 'ring_table_size' returns 0 or a negative errno (class errno, from its definition at rule-d-body.c:24): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d-body.c:61:3: note: the branch calls APP_LOG_ERROR()
// expect: rule-d-body.c:68:6: warning: 'ring_table_size' returns 0 or a negative errno (class errno, from its definition at rule-d-body.c:24): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d-body.c:69:3: note: the branch returns a negative errno
