// SPDX-License-Identifier: MIT
/*
 * Bound queues run an item on the CPU that added it, or on the CPU named by
 * an _on() call: here one item per CPU the process may use, each reporting
 * where it ran.  This is how kernel code keeps per-CPU data local.
 */
#include <kwq/workqueue.h>

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct probe {
	struct work_struct work;
	int asked;
	int ran_on;
};

static void where(struct work_struct *work)
{
	struct probe *p = container_of(work, struct probe, work);

	p->ran_on = sched_getcpu();
}

int main(void)
{
	struct probe *probes;
	cpu_set_t set;
	int n = 0, err;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 1;
	probes = calloc(CPU_SETSIZE, sizeof(*probes));
	if (!probes)
		return 1;
	for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &set))
			continue;
		probes[n].asked = cpu;
		INIT_WORK(&probes[n].work, where);
		err = add_work_on(cpu, &probes[n].work);
		if (err) {
			fprintf(stderr, "add_work_on(%d): %s\n", cpu,
				strerror(-err));
			return 1;
		}
		n++;
	}
	for (int i = 0; i < n; i++) {
		wait_for_work(&probes[i].work);
		printf("asked for CPU %d, ran on CPU %d\n", probes[i].asked,
		       probes[i].ran_on);
	}
	printf("add_work_on(-1, ...) = %d (a CPU this process may not use)\n",
	       add_work_on(-1, &probes[0].work));
	free(probes);
	return 0;
}
