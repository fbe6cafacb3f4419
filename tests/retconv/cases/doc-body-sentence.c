// SPDX-License-Identifier: MIT
/*
 * A contract written in the block comment that opens a function's body,
 * after the locals it sets up (systemd's style, the seventeenth blind
 * round's elogind: "Returns > 0 if it supports it, == 0 if it does not.
 * Return -EAGAIN if we can't determine it"): a documented tri-state, the
 * function's contract and no mix, as it is in a comment above the
 * definition.  Kernel style first (a locked probe), then user space (a
 * cleanup attribute on the first local).
 *
 * Still findings: a comment there that says nothing of the result, and
 * one that speaks of returning without naming a value.
 */
#include <errno.h>
#include <unistd.h>

#define _cleanup_close_ __attribute__((cleanup(closep)))

static inline void closep(int *fd)
{
	if (*fd >= 0)
		close(*fd);
}

struct dev;
int dev_lock(struct dev *d);
int dev_reg(struct dev *d);

int dev_probe_bus(struct dev *d)
{
	int ret;

	/*
	 * Returns 1 if a device answered, 0 if the bus is empty, or a
	 * negative errno if the bus could not be locked.
	 */
	ret = dev_lock(d);
	if (ret)
		return -EBUSY;
	if (dev_reg(d))
		return 1;
	return 0;
}

int mount_option_supported(const char *fs, int x)
{
	_cleanup_close_ int fd = -EBADF;
	int r;

	/* Checks if the file system supports a mount option. Returns > 0 if
	 * it supports it, == 0 if it does not. Return -EAGAIN if we can't
	 * determine it. */

	if (!fs)
		return -EINVAL;
	fd = x;
	r = x > 3;
	if (r)
		return -EAGAIN;
	if (fd)
		return 1;
	return 0;
}

int frob_setup(int x)
{
	int r;

	/* Set the thing up; the caller holds the lock. */
	if (x < 0)
		return -EINVAL;
	r = x;
	if (r)
		return 1;
	return 0;
}

int frob_start(int x)
{
	int r;

	/* Returns early when there is nothing to do. */
	if (x < 0)
		return -EINVAL;
	r = x;
	if (r)
		return 1;
	return 0;
}

// expect: doc-body-sentence.c:65:5: warning: action 'frob_setup' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: doc-body-sentence.c:71:3: note: returns a negative errno
// expect: doc-body-sentence.c:74:3: note: returns 1
// expect: doc-body-sentence.c:78:5: warning: action 'frob_start' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: doc-body-sentence.c:84:3: note: returns a negative errno
// expect: doc-body-sentence.c:87:3: note: returns 1
