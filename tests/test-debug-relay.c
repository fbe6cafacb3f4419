// SPDX-License-Identifier: MIT
/*
 * Debug mode (KWQ_DEBUG=1) and two remove_work_sync() of one item in turn.
 * The second can own the item, marked as being cancelled, between the
 * first one's release of it and the first one's last word to debug mode
 * (kwq__sync_release_hook holds the first there).  A remove_work() of the
 * item meanwhile must see an item being cancelled, not memory nobody
 * owns: debug mode recorded one holder per item, so the first one's
 * letting go made the second's item look like garbage, and the remove was
 * refused with -EINVAL (test-stress's shared delayed items, once in a CI
 * run, session 31).  White-box: links cancel.c's test build.
 */
#include "../src/internal.h"
#include "util.h"

static struct work_struct w;
static int run_open;		/* A: the item's run may end */
static int runs;		/* A: runs begun */
static int hooked;		/* A: releases seen by the hook */
static int in_window;		/* A: the first remove waits in the hook */
static int go_on;		/* A: and may leave it */
static int misuse;		/* A: misuse reports */

static void fn(struct work_struct *work)
{
	(void)work;
	INC(&runs);
	while (!LOAD(&run_open))
		sleep_us(100);
}

/* Hold the first remove between its release and its word to debug mode. */
static void hold_first(struct work_struct *x)
{
	if (x != &w || INC(&hooked) != 1)
		return;
	STORE(&in_window, 1);
	while (!LOAD(&go_on))
		sleep_us(100);
}

static void catch_misuse(const struct kwq_warning *warn)
{
	if (warn->kind == KWQ_WARN_MISUSE)
		INC(&misuse);
}

static void *remove_sync_main(void *arg)
{
	(void)arg;
	remove_work_sync(&w);
	return NULL;
}

int main(void)
{
	struct workqueue_struct *wq;
	pthread_t first, second;
	int r;

	setenv("KWQ_DEBUG", "1", 1);
	tap_watchdog(60);
	plan(4);
	kwq_set_warn_handler(catch_misuse);
	wq = new_wq("relay-q", WQ_UNBOUND, 0);
	INIT_WORK(&w, fn);
	STORE(&kwq__sync_release_hook, hold_first);

	/* The first remove waits for a run, then lets the item go. */
	if (add_work_to_q(wq, &w) || !wait_for(&runs, 1, 10000))
		bail_out("the item did not start");
	if (pthread_create(&first, NULL, remove_sync_main, NULL))
		bail_out("pthread_create failed");
	sleep_ms(20);
	STORE(&run_open, 1);
	ok(wait_for(&in_window, 1, 10000),
	   "the first remove_work_sync() released the item");

	/* The item runs again, and a second remove owns it, waiting. */
	STORE(&run_open, 0);
	if (add_work_to_q(wq, &w) || !wait_for(&runs, 2, 10000))
		bail_out("the item did not start again");
	if (pthread_create(&second, NULL, remove_sync_main, NULL))
		bail_out("pthread_create failed");
	for (int i = 0; i < 10000 && !(work_data(&w) & WORK_CANCELING); i++)
		sleep_us(100);
	ok(work_data(&w) & WORK_CANCELING,
	   "the second owns the item, marked as being cancelled");

	/* The first says its last word; the second still holds the item. */
	STORE(&go_on, 1);
	pthread_join(first, NULL);
	r = remove_work(&w);
	ok(r != -EINVAL && LOAD(&misuse) == 0,
	   "remove_work() meanwhile sees an item being cancelled, not garbage (returned %d, %d misuse reports)",
	   r, LOAD(&misuse));

	STORE(&run_open, 1);
	pthread_join(second, NULL);
	STORE(&kwq__sync_release_hook, NULL);
	ok(!work_pending(&w) && LOAD(&runs) == 2,
	   "the second remove ends with the item idle after its two runs");
	destroy_workqueue(wq);
	kwq_set_warn_handler(NULL);
	return done_testing();
}
