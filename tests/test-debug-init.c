// SPDX-License-Identifier: MIT
/*
 * Debug mode turned on while other threads already use kwq: the first call
 * that sets kwq up (here an add) reads KWQ_DEBUG=1 and turns debug mode on,
 * while other threads run INIT_WORK(), which debug mode checks against its
 * records.  Those records must exist before any thread can see the mode.
 * It takes a fresh process each time, so this program runs copies of
 * itself with KWQ_DEBUG=1 and counts those that did not exit cleanly.
 */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

#define COPIES 20
#define COPIES_SAN 5	/* a sanitizer's start-up is a second under TSan */
#define INITERS 3

static int stop;

static void nop(struct work_struct *w)
{
	(void)w;
}

static void *initer(void *arg)
{
	struct work_struct w;

	(void)arg;
	while (!LOAD(&stop))
		INIT_WORK(&w, nop);
	return NULL;
}

/* One copy: INIT_WORK() in a loop on other threads while kwq starts. */
static int copy(void)
{
	pthread_t th[INITERS];
	struct work_struct w;

	for (int i = 0; i < INITERS; i++)
		if (pthread_create(&th[i], NULL, initer, NULL))
			return 3;
	sleep_ms(1);
	INIT_WORK(&w, nop);
	if (add_work_to_q(system_wq, &w) || wait_for_work(&w))
		return 2;
	STORE(&stop, 1);
	for (int i = 0; i < INITERS; i++)
		pthread_join(th[i], NULL);
	return 0;
}

int main(int argc, char **argv)
{
	int bad = 0, last = 0;

	int copies = getenv("KWQ_TEST_SAN") ? COPIES_SAN : COPIES;
	char out[512];

	if (argc > 1 && !strcmp(argv[1], "copy"))
		return copy();
	tap_watchdog(60);
	plan(1);
	setenv("KWQ_DEBUG", "1", 1);	/* read by the copies' kwq, not ours */
	for (int i = 0; i < copies; i++) {
		int status = spawn_self(argv[0], "copy", out, sizeof(out));

		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			bad++;
			last = status;
		}
	}
	ok(!bad,
	   "debug mode turned on as kwq starts, with INIT_WORK() on other threads: %d copies of %d failed (last wait status %d)",
	   bad, copies, last);
	return done_testing();
}
