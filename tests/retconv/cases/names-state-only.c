// A name that reads as a predicate only for a state its function can
// put its object in (go_idle, mark_disabled, status_ready) or a match it
// can find (dedupe_match), with no word that asks, and whose definition
// returns only 0 and negative errnos, is an action in the 0/-errno
// convention: it brings the state about, or finds the match, and says
// how that went.  A name that asks (is, has, exists), a state only ever
// observed (supported, full), a bool, or a body that also returns 1
// keeps the predicate's reading: rule B.
#include <errno.h>
#include <stdbool.h>

struct host {
	int state;
	int card;
};

/* Kernel style: sends the command that puts the card in idle state. */
int mmc_go_idle(struct host *h)
{
	if (!h->card)
		return -ENOMEDIUM;
	h->state = 0;
	return 0;
}

int version_mark_disabled(struct host *h, int v)
{
	if (v < 0)
		return -EINVAL;
	h->state = v;
	return 0;
}

int dedupe_match(struct host *h, int key)
{
	if (h->state != key)
		return -ENOENT;
	return 0;
}

/* Asks, by its words: an error reads as "idle". */
int host_is_idle(struct host *h)
{
	if (!h->card)
		return -ENODEV;
	return 0;
}
// expect: names-state-only.c:42:5: warning: predicate 'host_is_idle' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: names-state-only.c:45:3: note: returns a negative errno

/* What no call can make so: a question about the host. */
int host_dma_supported(struct host *h)
{
	if (!h->card)
		return -EINVAL;
	return 0;
}
// expect: names-state-only.c:52:5: warning: predicate 'host_dma_supported' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: names-state-only.c:55:3: note: returns a negative errno

/* 1 for "ready" beside an error: a predicate's answer, mixed. */
int host_card_ready(struct host *h)
{
	if (!h->card)
		return -ENODEV;
	return h->state == 1 ? 1 : 0;
}
// expect: names-state-only.c:62:5: warning: predicate 'host_card_ready' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: names-state-only.c:65:3: note: returns a negative errno

/* User space: signals readiness on a pipe, 0 or -1. */
int status_ready(int fd)
{
	if (fd < 0)
		return -1;
	return 0;
}

int file_exists(const char *path)
{
	if (!path)
		return -1;
	return 0;
}
// expect: names-state-only.c:79:5: warning: predicate 'file_exists' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: names-state-only.c:82:3: note: returns a negative errno
// args: --style
