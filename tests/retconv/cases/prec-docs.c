// Documented contracts the fifth blind round found unread, each a
// function's own word on its result:
//
//  - "0 on success, != 0 on error" is the non-zero status that "non-zero"
//    says: its 1 is a failure (a code of the project's own, FW_EFLASH),
//    not a success mixed with errnos; a function that passes it on as its
//    own result, and otherwise returns 0 or positive codes, keeps it;
//  - 0, 1 and a failure by a constant's name (DEV_ERROR_*), or by "other"
//    values that are errors, is a tri-state like 1, 0 or -errno;
//  - a marked section at the top of the body ("Return: 1 (dirty), 0
//    (clean), -1 (error)") is the function's documentation too;
//  - a function documented as such a tri-state that returns another's
//    result as it is gives that one's 1 as its own: the callee keeps the
//    contract;
//  - a callee documented to return "< 0" on error, whose body gives only
//    0 and 1, is tested for a sign by callers who follow the contract.
// The same shapes without the words are still findings.
#include <errno.h>

#define FW_EFLASH 1
#define DEV_ERROR_NO_DEVICE (-4)

struct area {
	int id;
	int bad;
};

int flash_put(struct area *a, int off);

/*
 * Write the trailer.
 *
 * @returns 0 on success, != 0 on error.
 */
int fw_trailer_write(struct area *a, int off)
{
	if (off < 0)
		return -1;
	if (flash_put(a, off))
		return FW_EFLASH;
	return 0;
}

int fw_flag_write(struct area *a, int off)
{
	return fw_trailer_write(a, off);
}

int fw_set_copy_done(struct area *a)
{
	int rc;

	if (a->bad)
		return FW_EFLASH;
	rc = fw_flag_write(a, 8);
	return rc;
}

int log_record_write(struct area *a, int off)
{
	if (off < 0)
		return -1;
	if (flash_put(a, off))
		return FW_EFLASH;
	return 0;
}

/**
 * Whether a kernel driver is bound.
 * \returns 0 if no kernel driver is active
 * \returns 1 if a kernel driver is active
 * \returns DEV_ERROR_NO_DEVICE if the device has been disconnected
 */
int dev_driver_active(struct area *a)
{
	if (a->bad)
		return DEV_ERROR_NO_DEVICE;
	return a->id > 0;
}

int dev_driver_is_bound(struct area *a)
{
	if (a->bad)
		return DEV_ERROR_NO_DEVICE;
	return a->id > 0;
}

/*
 * Returns:
 * 0: ignore this stop, bail out silently.
 * 1: ok, decoded.
 * other: error; pass it on.
 */
int stop_is_traced(struct area *a)
{
	if (a->bad)
		return -EIO;
	return a->id != 0;
}

/*
 * Returns 1 if the stop is traced, 0 if not.
 */
int stop_is_decoded(struct area *a)
{
	if (a->bad)
		return -EIO;
	return a->id != 0;
}

int bitmap_is_dirty(struct area *a)
{
	/*
	 * Read the bitmap.
	 *
	 * Return: 1 (dirty), 0 (clean), -1 (error)
	 */
	if (a->bad)
		return -1;
	return a->id & 1;
}

int bitmap_is_stale(struct area *a)
{
	/* Read the bitmap. */
	if (a->bad)
		return -1;
	return a->id & 1;
}

int scan_mounts(struct area *a)
{
	if (a->bad)
		return -EIO;
	return a->id ? 1 : 0;
}

/*
 * returns 1 if the device was mounted, < 0 on error or 0 if everything
 * is safe to continue.
 */
int dev_mounted(struct area *a)
{
	int ret;

	if (a->id < 0)
		return -EINVAL;
	ret = scan_mounts(a);
	return ret;
}

int scan_swaps(struct area *a)
{
	if (a->bad)
		return -EIO;
	return a->id ? 1 : 0;
}

/*
 * Push entries into the left node.
 *
 * returns 0 if some were pushed, < 0 if there was some horrible error,
 * and > 0 if there was no room in the left node.
 */
static int push_left(struct area *a)
{
	return a->id > 16;
}

static int push_right(struct area *a)
{
	return a->id > 16;
}

int balance(struct area *a)
{
	int ret = push_left(a);

	if (ret < 0)
		return ret;
	ret = push_right(a);
	if (ret < 0)
		return ret;
	return 0;
}

// args: --style
// expect: prec-docs.c:59:5: warning: action 'log_record_write' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: prec-docs.c:62:3: note: returns a negative errno
// expect: prec-docs.c:64:3: note: returns 1
// expect: prec-docs.c:81:5: warning: predicate 'dev_driver_is_bound' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: prec-docs.c:84:3: note: returns a negative errno
// expect: prec-docs.c:104:5: warning: predicate 'stop_is_decoded' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: prec-docs.c:107:3: note: returns a negative errno
// expect: prec-docs.c:123:5: warning: predicate 'bitmap_is_stale' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: prec-docs.c:127:3: note: returns a negative errno
// expect: prec-docs.c:152:5: warning: action 'scan_swaps' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: prec-docs.c:155:3: note: returns a negative errno
// expect: prec-docs.c:156:2: note: returns 0 or 1
// expect: prec-docs.c:182:6: warning: 'push_right' returns only 0 or 1 (class boolean, from its definition at prec-docs.c:170), never negative: 'ret < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: prec-docs.c:181:2: note: 'ret' holds the result of 'push_right' from here
