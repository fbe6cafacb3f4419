// SPDX-License-Identifier: MIT
/*
 * The program tests/pkg*.t build against an installed kwq, each through one
 * build system (pkg-config, CMake, meson): it runs one work item on an
 * unbound queue and says so.  Exit status 0 only if the item ran.
 */
#include <kwq/workqueue.h>
#include <stdio.h>

static int ran;

static void fn(struct work_struct *w)
{
	(void)w;
	__atomic_store_n(&ran, 1, __ATOMIC_RELEASE);
}

int main(void)
{
	struct workqueue_struct *wq = alloc_workqueue("pc", WQ_UNBOUND, 0);
	struct work_struct w;
	int err;

	if (!wq)
		return 2;
	INIT_WORK(&w, fn);
	err = add_work_to_q(wq, &w);
	if (!err)
		err = wait_for_work(&w);
	destroy_workqueue(wq);
	if (err || !__atomic_load_n(&ran, __ATOMIC_ACQUIRE))
		return 1;
	puts("kwq ran the work item");
	return 0;
}
