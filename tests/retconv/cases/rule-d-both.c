// SPDX-License-Identifier: MIT
/*
 * Rule D reports a branch taken on success that handles an error.  When
 * the other way fails too, the test only chooses which error to return:
 * a card reset after too many failed commands clears the count and still
 * fails the command that led to it, with another error when the reset
 * itself failed.  With an else, or with what follows the if, the same.
 * An inverted test, whose other way goes on as success, is reported.
 */
#include <errno.h>
#include <stdio.h>

struct card {
	int errors;
	int open;
	int hw;
};

int reset_card(struct card *c)
{
	c->errors = 0;
	return c->hw ? 0 : -EIO;
}

int send_card_cmd(struct card *c)
{
	if (c->errors > 8) {
		if (reset_card(c) == 0) {
			c->errors = 0;
			return -EIO;
		}
		fprintf(stderr, "card: reset failed\n");
		return -EINVAL;
	}
	return 0;
}

int stop_card(struct card *c)
{
	if (!reset_card(c)) {
		c->open = 0;
		return -EAGAIN;
	} else {
		return -ENODEV;
	}
}

int open_card(struct card *c)
{
	if (!reset_card(c)) {
		fprintf(stderr, "card: cannot reset\n");
		return -EBUSY;
	}
	c->open = 1;
	return 0;
}
// expect: rule-d-both.c:50:6: warning: 'reset_card' returns 0 or a negative errno (class errno, from its definition at rule-d-both.c:19): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d-both.c:51:3: note: the branch logs an error with fprintf()
