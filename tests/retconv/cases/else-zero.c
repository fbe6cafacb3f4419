// SPDX-License-Identifier: MIT
/*
 * The else of "if (err)" holds only 0: a test of err's sign there is
 * never true, and its branch never runs.  One of the two tests misreads
 * the result, whatever the callee returns (here nothing says: the
 * callees are only declared).  Reported: a user-space chain that shows
 * its list on a failure, and a kernel-style probe whose error branch is
 * dead.  Right: the chain written "if (!err)", a test still true for 0
 * (judged as any other), another variable tested in the else, a value
 * stored again in between.
 */
struct dev;

int identify(int fd, char *buf);
int dev_reset(struct dev *d);
void show_list(const char *buf);
void show_status(int status);
void perror(const char *s);
int printk(const char *fmt, ...);

int list_ctrl(int fd)
{
	char buf[64];
	int err;

	err = identify(fd, buf);
	if (err)
		show_list(buf);
	else if (err > 0)
		show_status(err);
	else
		perror("identify");
	return err;
}

static int dev_probe(struct dev *d)
{
	int ret = dev_reset(d);

	if (ret) {
		printk("reset done\n");
	} else if (ret < 0) {
		printk("reset failed: %d\n", ret);
		return ret;
	}
	return 0;
}

/* Right: 0 first, then the sign. */
int list_ctrl_right(int fd)
{
	char buf[64];
	int err;

	err = identify(fd, buf);
	if (!err)
		show_list(buf);
	else if (err > 0)
		show_status(err);
	else
		perror("identify");
	return err;
}

/* Right: a test still true for 0 asks nothing wrong. */
int list_ctrl_loose(int fd)
{
	char buf[64];
	int err = identify(fd, buf);

	if (err)
		show_status(err);
	else if (err >= 0)
		show_list(buf);
	return err;
}

/* Right: another variable, or err stored again before its test. */
int list_two(int fd, int other)
{
	char buf[64];
	int err = identify(fd, buf);

	if (err)
		show_status(err);
	else if (other > 0)
		show_list(buf);
	if (err)
		show_status(err);
	else if ((err = identify(fd, buf)) < 0)
		perror("identify");
	return err;
}

/* A test still true for 0 is judged as anywhere else: here, a flag's
 * test for a sign (rule C's own reading, not this one). */
static int dev_busy(int n)
{
	return n > 3;
}

int busy_twice(int n)
{
	int busy = dev_busy(n);

	if (busy)
		return 1;
	else if (busy >= 0)
		return 0;
	return -1;
}

int probe_all(struct dev *d)
{
	return dev_probe(d);
}
// expect: else-zero.c:29:11: warning: 'err > 0' is never true: 'err' holds the result of 'identify', and the if this else belongs to took every value but 0, so this branch never runs; one of the two tests misreads it (0 is the success of an action) [retconv-C]
// expect: else-zero.c:26:2: note: 'err' holds the result of 'identify' from here
// expect: else-zero.c:27:6: note: this test sends every value of 'err' but 0 its own way
// expect: else-zero.c:42:13: warning: 'ret < 0' is never true: 'ret' holds the result of 'dev_reset', and the if this else belongs to took every value but 0, so this branch never runs; one of the two tests misreads it (0 is the success of an action) [retconv-C]
// expect: else-zero.c:38:6: note: 'ret' holds the result of 'dev_reset' from here
// expect: else-zero.c:40:6: note: this test sends every value of 'ret' but 0 its own way
// expect: else-zero.c:108:11: warning: 'dev_busy' returns only 0 or 1 (class boolean, from its definition at else-zero.c:97), never negative: 'busy >= 0' is always true; test it against 0 for what it means [retconv-C]
// expect: else-zero.c:104:6: note: 'busy' holds the result of 'dev_busy' from here
// expect: else-zero.c:106:6: note: this test sends every value of 'busy' but 0 its own way
