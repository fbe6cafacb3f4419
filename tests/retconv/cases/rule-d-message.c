// Rule D from what a branch says: a message that says something failed
// ("failed to ...", "cannot ...", "unable to ...") makes the branch one
// that handles an error, whatever the logger's name or level.  Taken on 0
// of a call whose 0 is success, it reads success as failure.
#include <errno.h>
#include <stdio.h>

#define KERN_DEBUG "\0017"
int printk(const char *fmt, ...);
#define pr_debug(fmt, ...) printk(KERN_DEBUG fmt, ##__VA_ARGS__)

struct ctx;
#define LOG_DEBUG 7
void app_msg(struct ctx *ctx, int level, const char *fmt, ...);

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
// expect: rule-d-message.c:57:6: warning: 'dev_setup' returns 0 or a negative errno (class errno, from its definition at rule-d-message.c:22): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d-message.c:56:2: note: 'ret' holds the result of 'dev_setup' from here
// expect: rule-d-message.c:58:3: note: the branch reports a failure ("fail") with pr_debug()
// expect: rule-d-message.c:71:7: warning: 'ctrl_scan_one' returns 0 or a negative errno (class errno, from its definition at rule-d-message.c:31): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d-message.c:72:4: note: the branch reports a failure ("unable to") with app_msg()
