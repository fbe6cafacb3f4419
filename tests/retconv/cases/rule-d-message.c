// Rule D from what a branch says: a message that says something failed
// ("failed to ...", "cannot ...", "unable to ...") makes the branch one
// that handles an error, whatever the logger's name or level.  Taken on 0
// of a call whose 0 is success, it reads success as failure.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#define KERN_DEBUG "\0017"
int printk(const char *fmt, ...);
#define pr_debug(fmt, ...) printk(KERN_DEBUG fmt, ##__VA_ARGS__)

struct ctx;
#define LOG_DEBUG 7
void app_msg(struct ctx *ctx, int level, const char *fmt, ...);
#define app_dbg(ctx, fmt, ...) app_msg(ctx, LOG_DEBUG, fmt, ##__VA_ARGS__)

struct dev {
	const char *name;
	int state;
};

/* 0 or a negative errno. */
int dev_setup(struct dev *d)
{
	if (!d->name)
		return -EINVAL;
	d->state = 1;
	return 0;
}

/* 0 or a negative errno; its name says neither action nor question. */
static int ctrl_scan_one(struct ctx *ctx, const char *name)
{
	(void)ctx;
	return name[0] ? 0 : -ENOENT;
}

/* 0 when found, -ENOENT when not: a lookup's 0 is "found". */
static int ctrl_lookup(struct ctx *ctx, const char *name)
{
	(void)ctx;
	return name[0] == 'n' ? 0 : -ENOENT;
}

/* A count: its 0 may well be a failure. */
static int ctrl_count(struct ctx *ctx, const char *name)
{
	(void)ctx;
	return name[0] ? 2 : 0;
}

/* Flagged, kernel style: the branch on success says it failed. */
int dev_start(struct dev *d)
{
	int ret;

	ret = dev_setup(d);
	if (!ret) {
		pr_debug("failed to set up %s\n", d->name);
		return ret;
	}
	d->state = 2;
	return 0;
}

/* Flagged, user space: a debug-level message of a project's logger. */
void ctrl_scan_all(struct ctx *ctx, const char **names, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (!ctrl_scan_one(ctx, names[i])) {
			app_msg(ctx, LOG_DEBUG, "unable to scan ctrl %s\n",
				names[i]);
			continue;
		}
	}
}

/* Not flagged: the message is on the failure's branch. */
void ctrl_scan_right(struct ctx *ctx, const char **names, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (ctrl_scan_one(ctx, names[i]))
			app_msg(ctx, LOG_DEBUG, "cannot scan ctrl %s\n",
				names[i]);
}

/* Not flagged: a test that the call did not fail says so. */
void ctrl_scan_check(struct ctx *ctx)
{
	if (!ctrl_scan_one(ctx, "x"))
		app_msg(ctx, LOG_DEBUG, "scan of x did not fail\n");
}

/* Not flagged: a lookup's 0 ("found") may be what fails. */
void ctrl_add(struct ctx *ctx, const char *name)
{
	if (!ctrl_lookup(ctx, name))
		app_msg(ctx, LOG_DEBUG, "cannot add %s: exists\n", name);
}

/* Not flagged: a count's 0 is no success. */
void ctrl_list(struct ctx *ctx, const char *name)
{
	if (!ctrl_count(ctx, name))
		fprintf(stdout, "failed to list %s: none\n", name);
}

/* Flagged, user space: the message through a macro, in two literals. */
void ctrl_connect(struct ctx *ctx, const char *name)
{
	int ret = ctrl_scan_one(ctx, name);

	if (!ret) {
		app_dbg(ctx, "skipping %s, "
			"could not scan it\n", name);
		return;
	}
	ctrl_list(ctx, name);
}

/* Not flagged: the same macro says the call did not fail. */
void ctrl_scan_checked(struct ctx *ctx)
{
	if (!ctrl_scan_one(ctx, "y"))
		app_dbg(ctx, "scan of y did not fail, as it should not\n");
}

/* Flagged, user space: every descriptor but 0 taken for a failure. */
void tty_open(struct ctx *ctx, const char *path)
{
	if (open(path, O_RDWR))
		app_dbg(ctx, "cannot open %s\n", path);
}

/* Not flagged: written against 0, the test asks for descriptor 0 (the
 * standard input closed just before). */
void tty_reopen(struct ctx *ctx, const char *path)
{
	close(0);
	if (open(path, O_RDWR) != 0)
		app_dbg(ctx, "cannot open %s as standard input\n", path);
}
// expect: rule-d-message.c:60:6: warning: 'dev_setup' returns 0 or a negative errno (class errno, from its definition at rule-d-message.c:25): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d-message.c:59:2: note: 'ret' holds the result of 'dev_setup' from here
// expect: rule-d-message.c:61:3: note: the branch reports a failure ("fail") with pr_debug()
// expect: rule-d-message.c:74:7: warning: 'ctrl_scan_one' returns 0 or a negative errno (class errno, from its definition at rule-d-message.c:34): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d-message.c:75:4: note: the branch reports a failure ("unable to") with app_msg()
// expect: rule-d-message.c:119:6: warning: 'ctrl_scan_one' returns 0 or a negative errno (class errno, from its definition at rule-d-message.c:34): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d-message.c:117:6: note: 'ret' holds the result of 'ctrl_scan_one' from here
// expect: rule-d-message.c:120:3: note: the branch reports a failure ("could not") with app_dbg()
// expect: rule-d-message.c:137:6: warning: 'open' returns a descriptor, which may be 0, or -1 on failure (class descriptor, from the built-in table): the branch taken on a value other than 0 handles an error, but its successes are such values; test it for < 0 [retconv-D]
// expect: rule-d-message.c:138:3: note: the branch reports a failure ("cannot") with app_dbg()
