// SPDX-License-Identifier: MIT
/*
 * A branch whose message says that something failed handles an error,
 * whatever logger writes it and at whatever level: rule D reads it so.
 * Reported: a library's debug-level log that a controller "failed to
 * allocate" in the branch taken on an action's 0 (user space); a
 * kernel-style tool's SYSERROR("Failed to ...") macro on a mount's 0.
 * Right: the same messages in the branch on a failure, a message that
 * says the call did not fail, a message with no word of failure, a
 * boolean's 0 (its failure) logged as one, and a kernel-style status of
 * named codes compared with its success's name, under a timeout whose
 * failure the message reports.
 */
#include <errno.h>
#include <stdio.h>

struct ctx {
	int level;
};

void ctx_msg(struct ctx *c, int level, const char *fmt, ...);
void log_write(int level, const char *fmt, ...);

#define LOG_DEBUG 7
#define SYSERROR(fmt, ...) log_write(3, fmt, ##__VA_ARGS__)

int ctrl_create(struct ctx *c, const char *name)
{
	if (!name)
		return -EINVAL;
	if (c->level < 0)
		return -ENOMEM;
	return 0;
}

int mount_fs(const char *src, const char *dst)
{
	if (!src || !dst)
		return -EINVAL;
	return 0;
}

int trylock_dev(int busy)
{
	return busy ? 0 : 1;
}

int connect_entry(struct ctx *c, const char *name)
{
	int ret = ctrl_create(c, name);

	if (!ret) {
		ctx_msg(c, LOG_DEBUG, "skipping entry, failed to allocate %s\n",
			name);
		return ret;
	}
	return 0;
}

int setup_rootfs(const char *src)
{
	int ret = 0;

	if (!mount_fs(src, "/rootfs")) {
		SYSERROR("Failed to mount \"%s\"", src);
		ret = -EINVAL;
	}
	return ret;
}

int connect_entry_right(struct ctx *c, const char *name)
{
	int ret = ctrl_create(c, name);

	if (ret) {
		ctx_msg(c, LOG_DEBUG, "skipping entry, failed to allocate %s\n",
			name);
		return ret;
	}
	return 0;
}

int check_entry(struct ctx *c, const char *name)
{
	if (!ctrl_create(c, name))
		ctx_msg(c, LOG_DEBUG, "%s: create did not fail\n", name);
	if (!ctrl_create(c, name))
		ctx_msg(c, LOG_DEBUG, "%s created\n", name);
	return 0;
}

int grab(int busy)
{
	if (!trylock_dev(busy)) {
		SYSERROR("Failed to lock the device");
		return -EBUSY;
	}
	return 0;
}

#define DEV_SUCCESS 0
#define DEV_TEST_FAILED 0x109

struct host {
	unsigned int active;
	int port;
};

void dev_log(int level, struct host *h, int id, const char *fmt, ...);

static int check_active(struct host *h)
{
	if (h->active & (1U << h->port))
		return DEV_SUCCESS;
	else
		return DEV_TEST_FAILED;
}

void wait_ready(struct host *h, int timed_out)
{
	if (timed_out) {
		if (check_active(h) == DEV_SUCCESS)
			dev_log(1, h, 0x1cf, "device init failed\n");
	}
}


// expect: callsite-says-failed.c:52:6: warning: 'ctrl_create' returns 0 or a negative errno (class errno, from its definition at callsite-says-failed.c:27): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-says-failed.c:50:6: note: 'ret' holds the result of 'ctrl_create' from here
// expect: callsite-says-failed.c:53:3: note: the branch says with ctx_msg() that something failed
// expect: callsite-says-failed.c:64:6: warning: 'mount_fs' returns 0 or a negative errno (class errno, from its definition at callsite-says-failed.c:36): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-says-failed.c:65:3: note: the branch says with SYSERROR() that something failed
