// SPDX-License-Identifier: MIT
/*
 * Completion queues (<kwq/completion.h>): every add gives one completion,
 * delivered on the thread that asks, in the order the items finished;
 * kwq_cq_remove() removes a pending item with or without a -ECANCELED
 * completion; results survive destroy_workqueue() and are all delivered by
 * kwq_cq_destroy(); a fork() child gets empty queues with descriptors of
 * its own; and under concurrent finishing, cancelling and re-adding the
 * descriptor is readable exactly when completions wait, so a poll() loop
 * never misses one.  The file stays whole past 800 lines: it is one
 * header's guarantees, one short test each, sharing the items above.
 */
#include "util.h"

#include <kwq/completion.h>

#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/wait.h>

#define NR 16

struct item {
	struct kwq_cq_work cw;
	int id;
	struct gate *gate;	/* if set, the function waits at it */
	int ran;		/* A: function runs */
	int delivered;		/* A: callback calls */
	int status;		/* A: status of the last callback */
	int rounds;		/* re-add from the callback until this many */
	int wrong_thread;	/* A: callbacks not on the expected thread */
	int destroy_err;	/* A: kwq_cq_destroy() from function/callback */
	int try_destroy;	/* call kwq_cq_destroy() from both */
	struct item *chain;	/* callback adds it once */
	int add_err;		/* A: the last failed add's error */
	struct workqueue_struct *wq; /* where the callback re-adds */
};

static pthread_t loop_thread;
static int order[4 * NR];
static int nr_order;

static void item_fn(struct kwq_cq_work *cw)
{
	struct item *it = container_of(cw, struct item, cw);

	if (it->gate)
		gate_wait(it->gate);
	if (it->try_destroy)
		STORE(&it->destroy_err, kwq_cq_destroy(cw->cq));
	INC(&it->ran);
}

static void item_done(struct kwq_cq_work *cw, int status)
{
	struct item *it = container_of(cw, struct item, cw);
	int n = INC(&nr_order) - 1;

	if (n < (int)ARRAY_SIZE(order))
		order[n] = it->id;
	if (!pthread_equal(pthread_self(), loop_thread))
		INC(&it->wrong_thread);
	STORE(&it->status, status);
	if (it->try_destroy)
		STORE(&it->destroy_err, kwq_cq_destroy(cw->cq));
	INC(&it->delivered);
	if (it->chain) {
		struct item *next = it->chain;

		it->chain = NULL;
		if (kwq_cq_add(next->wq, &next->cw))
			INC(&it->wrong_thread);
	}
}

static void item_init(struct item *it, struct kwq_cq *cq, int id)
{
	memset(it, 0, sizeof(*it));
	it->id = id;
	if (kwq_cq_init_work(&it->cw, cq, item_fn, item_done))
		bail_out("kwq_cq_init_work failed");
}

static struct kwq_cq *new_cq(void)
{
	struct kwq_cq *cq = kwq_cq_create(0);

	if (!cq)
		bail_out("kwq_cq_create: %s", strerror(errno));
	return cq;
}

static bool readable_within(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, ms) == 1 && (p.revents & POLLIN);
}

static bool readable(int fd)
{
	return readable_within(fd, 0);
}

static void reset_order(void)
{
	STORE(&nr_order, 0);
	loop_thread = pthread_self();
}

/* kwq_cq_create() with the descriptor limit reached: its errno. */
static int create_without_fds(void)
{
	struct rlimit old, low;
	struct kwq_cq *cq;
	int fd = dup(0), err;

	if (fd < 0 || getrlimit(RLIMIT_NOFILE, &old))
		bail_out("dup/getrlimit: %s", strerror(errno));
	close(fd);
	low = old;
	low.rlim_cur = (rlim_t)fd;	/* the lowest free number: none left */
	if (setrlimit(RLIMIT_NOFILE, &low))
		bail_out("setrlimit: %s", strerror(errno));
	errno = 0;
	cq = kwq_cq_create(0);
	err = cq ? 0 : errno;
	setrlimit(RLIMIT_NOFILE, &old);
	kwq_cq_destroy(cq);
	return err;
}

static void test_args(void)
{
	struct workqueue_struct *wq = new_wq("cq-args", WQ_UNBOUND, 0);
	struct kwq_cq_work zero;
	struct kwq_cq *cq;
	struct item it;
	unsigned int nr = 99;

	errno = 0;
	ok(!kwq_cq_create(1) && errno == EINVAL,
	   "kwq_cq_create() with an unknown flag: NULL, EINVAL");
	ok(create_without_fds() == EMFILE,
	   "kwq_cq_create() without a free descriptor: NULL, EMFILE");
	cq = new_cq();
	ok(kwq_cq_fd(cq) >= 0 && (fcntl(kwq_cq_fd(cq), F_GETFD) & FD_CLOEXEC),
	   "kwq_cq_fd(): a close-on-exec descriptor");
	is_int(kwq_cq_fd(NULL), -EINVAL, "kwq_cq_fd(NULL): -EINVAL");
	is_int(kwq_cq_init_work(NULL, cq, item_fn, item_done) +
	       kwq_cq_init_work(&it.cw, NULL, item_fn, item_done) +
	       kwq_cq_init_work(&it.cw, cq, NULL, item_done), -3 * EINVAL,
	       "kwq_cq_init_work() with a NULL item, queue or function: -EINVAL");
	is_int(kwq_cq_init_work(&it.cw, cq, item_fn, NULL), -EINVAL,
	       "kwq_cq_init_work() without a callback: -EINVAL, no silent completion");
	memset(&zero, 0, sizeof(zero));
	item_init(&it, cq, 0);
	is_int(kwq_cq_add(wq, &zero), -EINVAL,
	       "kwq_cq_add() of a zeroed item: -EINVAL");
	is_int(kwq_cq_add(NULL, &it.cw), -EINVAL,
	       "kwq_cq_add() to a NULL queue: -EINVAL");
	is_int(kwq_cq_remove(&zero, 0), -EINVAL,
	       "kwq_cq_remove() of a zeroed item: -EINVAL");
	is_int(kwq_cq_remove(&it.cw, 4), -EINVAL,
	       "kwq_cq_remove() with an unknown flag: -EINVAL");
	is_int(kwq_cq_remove(&it.cw, KWQ_CQ_DELIVER | KWQ_CQ_DROP), -EINVAL,
	       "kwq_cq_remove() told both to deliver and to drop: -EINVAL");
	it.cw.done = NULL;
	is_int(kwq_cq_add(wq, &it.cw), -EINVAL,
	       "kwq_cq_add() of an item whose callback was cleared: -EINVAL");
	it.cw.done = item_done;
	is_int(kwq_cq_remove(&it.cw, KWQ_CQ_DELIVER), -ENOENT,
	       "kwq_cq_remove() of an idle item: -ENOENT");
	is_int(kwq_cq_run(NULL, 0, NULL), -EINVAL, "kwq_cq_run(NULL): -EINVAL");
	errno = 0;
	ok(!kwq_cq_pop(NULL) && errno == EINVAL, "kwq_cq_pop(NULL): EINVAL");
	errno = 0;
	ok(!kwq_cq_pop(cq) && errno == EAGAIN,
	   "kwq_cq_pop() of an empty queue: NULL, EAGAIN");
	ok(kwq_cq_run(cq, 0, &nr) == 0 && nr == 0,
	   "kwq_cq_run() of an empty queue: 0, nothing delivered");
	ok(!readable(kwq_cq_fd(cq)), "an empty queue does not poll readable");
	is_int(kwq_cq_destroy(NULL), 0, "kwq_cq_destroy(NULL): 0");
	is_int(kwq_cq_destroy(cq), 0, "kwq_cq_destroy() of an empty queue: 0");
	destroy_workqueue(wq);
}

/* One add, one completion, on the thread that runs the queue. */
static void test_basic(void)
{
	struct workqueue_struct *wq = new_wq("cq-basic", WQ_UNBOUND, 0);
	struct kwq_cq *cq = new_cq();
	int fd = kwq_cq_fd(cq);
	struct gate g = { 0 };
	unsigned int nr = 0;
	struct item it;
	int busy = 0;

	reset_order();
	item_init(&it, cq, 1);
	it.gate = &g;
	is_int(kwq_cq_add(wq, &it.cw), 0, "kwq_cq_add(): 0");
	busy |= kwq_cq_add(wq, &it.cw) != -EBUSY;	/* queued or running */
	wait_for(&g.entered, 1, 10000);
	busy |= kwq_cq_add(wq, &it.cw) != -EBUSY;	/* running */
	ok(!readable(fd), "not readable while the item runs");
	gate_open(&g);
	wait_for_work(&it.cw.work);
	busy |= kwq_cq_add(wq, &it.cw) != -EBUSY;	/* undelivered */
	ok(!busy, "-EBUSY while queued, running and undelivered");
	ok(readable(fd) && LOAD(&it.ran) == 1 && LOAD(&it.delivered) == 0,
	   "readable once the function has returned; nothing delivered yet");
	ok(kwq_cq_run(cq, 0, &nr) == 0 && nr == 1 && LOAD(&it.delivered) == 1 &&
	   LOAD(&it.status) == 0 && !LOAD(&it.wrong_thread),
	   "kwq_cq_run() calls the callback once, status 0, on its own thread");
	ok(!readable(fd), "not readable once delivered");
	is_int(kwq_cq_add(wq, &it.cw), 0,
	       "delivered: the item may be added again");
	wait_for_work(&it.cw.work);
	ok(kwq_cq_pop(cq) == &it.cw && it.cw.status == 0 &&
	   LOAD(&it.delivered) == 1 && !readable(fd),
	   "kwq_cq_pop() returns the item without calling its callback");
	kwq_cq_destroy(cq);
	destroy_workqueue(wq);
}

/* Delivery follows the order of completion, not of submission. */
static void test_fifo(void)
{
	static const int perm[] = { 2, 0, 3, 1 };
	struct workqueue_struct *wq = new_wq("cq-fifo", WQ_UNBOUND, 4);
	struct workqueue_struct *ord = new_ordered("cq-fifo-ord");
	struct kwq_cq *cq = new_cq();
	struct gate g[4];
	struct item it[64];
	unsigned int nr, total = 0;
	int bad = 0, n = 64;

	reset_order();
	memset(g, 0, sizeof(g));
	for (int i = 0; i < 4; i++) {
		item_init(&it[i], cq, i);
		it[i].gate = &g[i];
		kwq_cq_add(wq, &it[i].cw);
	}
	wait_for(&g[0].entered, 1, 10000);
	for (int k = 0; k < 4; k++) {
		gate_open(&g[perm[k]]);
		wait_for_work(&it[perm[k]].cw.work);
	}
	ok(kwq_cq_pop(cq) == &it[perm[0]].cw,
	   "kwq_cq_pop() takes the first to finish");
	kwq_cq_run(cq, 0, &nr);
	for (int k = 1; k < 4; k++)
		bad |= order[k - 1] != perm[k];
	ok(nr == 3 && !bad, "kwq_cq_run() goes on in the order they finished");

	/* An ordered queue: completions in order; max bounds each run. */
	reset_order();
	for (int i = 0; i < n; i++) {
		item_init(&it[i], cq, i);
		kwq_cq_add(ord, &it[i].cw);
	}
	flush_workqueue(ord);
	bad = 0;
	do {
		kwq_cq_run(cq, 5, &nr);
		total += nr;
		bad |= nr > 5;
		bad |= readable(kwq_cq_fd(cq)) != (total < (unsigned int)n);
	} while (nr);
	for (int i = 0; i < n; i++)
		bad |= order[i] != i;
	ok(total == (unsigned int)n && !bad,
	   "ordered queue: %d completions in order, at most max a run, readable while any wait",
	   n);
	kwq_cq_destroy(cq);
	destroy_workqueue(ord);
	destroy_workqueue(wq);
}

static void test_cancel(void)
{
	struct workqueue_struct *ord = new_ordered("cq-cancel");
	struct workqueue_struct *wq = new_wq("cq-cancel-u", WQ_UNBOUND, 0);
	struct kwq_cq *cq = new_cq();
	int fd = kwq_cq_fd(cq);
	struct item it[6];
	struct tw blocker;
	struct gate g, g2 = { 0 };
	unsigned int nr;

	reset_order();
	if (block_ordered(ord, &blocker, &g))
		bail_out("cannot block the ordered queue");
	for (int i = 0; i < 4; i++) {
		item_init(&it[i], cq, i);
		kwq_cq_add(ord, &it[i].cw);
	}
	is_int(kwq_cq_remove(&it[1].cw, KWQ_CQ_DROP), 0,
	       "kwq_cq_remove(KWQ_CQ_DROP) of a pending item: 0");
	is_int(kwq_cq_remove(&it[1].cw, KWQ_CQ_DROP), -ENOENT,
	       "again: -ENOENT, it is idle");
	ok(!readable(fd), "removed with KWQ_CQ_DROP: no completion");
	is_int(kwq_cq_add(ord, &it[1].cw), 0,
	       "the removed item may be added again");
	is_int(kwq_cq_remove(&it[2].cw, 0), 0,
	       "kwq_cq_remove(0) of a pending item: 0");
	ok(readable(fd), "the removal is a completion at once");
	ok(kwq_cq_run(cq, 0, &nr) == 0 && nr == 1 && order[0] == 2 &&
	   LOAD(&it[2].status) == -ECANCELED && LOAD(&it[2].ran) == 0,
	   "by default, as uv_cancel(): delivered with -ECANCELED, before the items ahead of it that are still queued");
	gate_open(&g);
	flush_workqueue(ord);
	kwq_cq_run(cq, 0, &nr);
	ok(nr == 3 && order[1] == 0 && order[2] == 3 && order[3] == 1 &&
	   LOAD(&it[0].status) == 0 && LOAD(&it[1].ran) == 1 &&
	   LOAD(&it[1].delivered) == 1 && LOAD(&it[2].ran) == 0,
	   "the others complete in order; the dropped instance neither ran nor completed");

	/* Started or finished: not removed, completes as usual. */
	item_init(&it[4], cq, 4);
	it[4].gate = &g2;
	kwq_cq_add(wq, &it[4].cw);
	wait_for(&g2.entered, 1, 10000);
	is_int(kwq_cq_remove(&it[4].cw, KWQ_CQ_DELIVER), -ENOENT,
	       "kwq_cq_remove() of a running item: -ENOENT");
	item_init(&it[5], cq, 5);
	kwq_cq_add(wq, &it[5].cw);
	wait_for_work(&it[5].cw.work);
	is_int(kwq_cq_remove(&it[5].cw, KWQ_CQ_DELIVER), -ENOENT,
	       "kwq_cq_remove() of a finished item: -ENOENT");
	gate_open(&g2);
	wait_for_work(&it[4].cw.work);
	kwq_cq_run(cq, 0, &nr);
	ok(nr == 2 && LOAD(&it[4].status) == 0 && LOAD(&it[5].status) == 0,
	   "both complete with status 0");
	kwq_cq_destroy(cq);
	destroy_workqueue(ord);
	destroy_workqueue(wq);
}

/* destroy_workqueue() runs the items; their completions wait on the cq. */
static void test_wq_destroyed(void)
{
	struct workqueue_struct *wq = new_wq("cq-wqdestroy", 0, 0);
	struct kwq_cq *cq = new_cq();
	struct item it[NR];
	unsigned int nr;
	int ran = 0, bad = 0;

	reset_order();
	for (int i = 0; i < NR; i++) {
		item_init(&it[i], cq, i);
		bad |= kwq_cq_add(wq, &it[i].cw);
	}
	destroy_workqueue(wq);
	for (int i = 0; i < NR; i++)
		ran += LOAD(&it[i].ran) + 100 * LOAD(&it[i].delivered);
	ok(!bad && ran == NR && readable(kwq_cq_fd(cq)),
	   "destroy_workqueue() ran all %d; the completions wait, undelivered", NR);
	kwq_cq_run(cq, 0, &nr);
	for (int i = 0; i < NR; i++)
		bad |= LOAD(&it[i].delivered) != 1 || LOAD(&it[i].status);
	ok(nr == NR && !bad && !readable(kwq_cq_fd(cq)),
	   "kwq_cq_run() after destroy_workqueue() delivers each once");
	kwq_cq_destroy(cq);
}

struct destroyer {
	pthread_t thread;
	struct kwq_cq *cq;
	int ret;		/* A */
	int done;		/* A */
};

static void *destroy_main(void *arg)
{
	struct destroyer *d = arg;

	loop_thread = pthread_self();
	STORE(&d->ret, kwq_cq_destroy(d->cq));
	STORE(&d->done, 1);
	return NULL;
}

/* kwq_cq_destroy() waits for what is in flight and delivers everything. */
static void test_cq_destroy(void)
{
	struct workqueue_struct *ord = new_ordered("cq-destroy");
	struct workqueue_struct *wq = new_wq("cq-destroy-u", WQ_UNBOUND, 0);
	struct kwq_cq *cq = new_cq();
	struct destroyer d = { .cq = cq };
	struct item it[6], other;
	struct tw blocker;
	struct gate g;
	int bad = 0;

	reset_order();
	for (int i = 0; i < 6; i++) {
		item_init(&it[i], cq, i);
		it[i].wq = wq;
	}
	for (int i = 0; i < 2; i++) {		/* finished, undelivered */
		kwq_cq_add(wq, &it[i].cw);
		wait_for_work(&it[i].cw.work);
	}
	if (block_ordered(ord, &blocker, &g))
		bail_out("cannot block the ordered queue");
	kwq_cq_add(ord, &it[2].cw);		/* removed, -ECANCELED */
	kwq_cq_add(ord, &it[3].cw);		/* in flight */
	it[3].chain = &it[4];			/* its callback adds #4 */
	kwq_cq_remove(&it[2].cw, KWQ_CQ_DELIVER);
	item_init(&other, cq, 9);

	if (pthread_create(&d.thread, NULL, destroy_main, &d))
		bail_out("pthread_create failed");
	wait_for(&nr_order, 3, 10000);
	ok(LOAD(&nr_order) == 3 && !LOAD(&d.done),
	   "kwq_cq_destroy() delivers what finished, then waits for what is in flight");
	is_int(kwq_cq_add(wq, &other.cw), -ESHUTDOWN,
	       "kwq_cq_add() from outside during kwq_cq_destroy(): -ESHUTDOWN");
	gate_open(&g);
	pthread_join(d.thread, NULL);
	for (int i = 0; i < 5; i++)
		bad |= LOAD(&it[i].delivered) != 1 || LOAD(&it[i].wrong_thread);
	ok(LOAD(&d.ret) == 0 && !bad && LOAD(&it[2].status) == -ECANCELED &&
	   LOAD(&it[4].status) == 0 && LOAD(&it[4].ran) == 1,
	   "then returns 0 having delivered each once on its thread, a chained add included");
	ok(order[0] == 0 && order[1] == 1 && order[2] == 2 && order[3] == 3 &&
	   order[4] == 4, "in order of completion");
	destroy_workqueue(ord);

	/* From a function or a callback of its own: -EDEADLK. */
	cq = new_cq();
	reset_order();
	item_init(&it[5], cq, 5);
	it[5].try_destroy = 1;
	kwq_cq_add(wq, &it[5].cw);
	wait_for_work(&it[5].cw.work);
	is_int(LOAD(&it[5].destroy_err), -EDEADLK,
	       "kwq_cq_destroy() from an item's function: -EDEADLK");
	STORE(&it[5].destroy_err, 0);
	kwq_cq_run(cq, 0, NULL);
	is_int(LOAD(&it[5].destroy_err), -EDEADLK,
	       "kwq_cq_destroy() from an item's callback: -EDEADLK");
	is_int(kwq_cq_destroy(cq), 0, "the queue is still whole: destroyed");
	destroy_workqueue(wq);
}

/* In the child: exit 0 only if its queue is empty and its own. */
static int in_child(struct kwq_cq *cq, int fd, struct workqueue_struct *wq,
		    struct item *it, struct gate *g)
{
	unsigned int nr, total = 0;
	int bad = 0;

	alarm(20);
	loop_thread = pthread_self();
	gate_open(g);
	bad |= (kwq_cq_fd(cq) != fd) << 0;
	bad |= readable(fd) << 1;
	bad |= (kwq_cq_pop(cq) != NULL) << 2;
	bad |= (kwq_cq_add(wq, &it[0].cw) != 0) << 3;	/* undelivered there */
	bad |= (kwq_cq_add(wq, &it[1].cw) != 0) << 4;	/* running there */
	while (total < 2 && readable_within(fd, 10000)) {
		kwq_cq_run(cq, 0, &nr);
		total += nr;
	}
	bad |= (total != 2) << 5;
	bad |= (LOAD(&it[0].delivered) != 1) << 6;
	bad |= (LOAD(&it[1].delivered) != 1) << 6;
	bad |= readable(fd) << 7;
	return bad;
}

static pid_t forked_pid;		/* A */
static int fork_delivered;		/* A */

/* In the child forked by fork_fn(): its completion must come here too. */
static void *child_loop(void *arg)
{
	struct kwq_cq *cq = arg;
	unsigned int nr = 0;

	alarm(20);
	if (readable_within(kwq_cq_fd(cq), 10000))
		kwq_cq_run(cq, 0, &nr);
	_exit(nr == 1 && LOAD(&fork_delivered) == 1 ? 0 : 1);
}

static void fork_fn(struct kwq_cq_work *cw)
{
	pthread_t t;
	pid_t pid = fork();

	if (pid == 0 && pthread_create(&t, NULL, child_loop, cw->cq))
		_exit(2);
	if (pid != 0)
		STORE(&forked_pid, pid);
}

static void fork_done(struct kwq_cq_work *cw, int status)
{
	(void)cw;
	if (status == 0)
		INC(&fork_delivered);
}

/* fork() from an item's function: it returns, and completes, in both. */
static void test_fork_from_item(struct kwq_cq *cq, struct workqueue_struct *wq)
{
	struct kwq_cq_work cw;
	unsigned int nr;
	int st = -1;

	kwq_cq_init_work(&cw, cq, fork_fn, fork_done);
	kwq_cq_add(wq, &cw);
	wait_for_work(&cw.work);
	if (LOAD(&forked_pid) < 0)
		bail_out("fork: %s", strerror(errno));
	waitpid(LOAD(&forked_pid), &st, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "fork() from an item's function: the child delivers its completion (%#x)",
	   WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	kwq_cq_run(cq, 0, &nr);
	ok(nr == 1 && LOAD(&fork_delivered) == 1,
	   "and so does the parent, once");
}

static void test_fork(void)
{
	struct workqueue_struct *wq = new_wq("cq-fork", WQ_UNBOUND, 0);
	struct kwq_cq *cq = new_cq();
	int fd = kwq_cq_fd(cq), st = -1;
	struct gate g = { 0 };
	struct item it[2];
	unsigned int nr;
	pid_t pid;

	if (getenv("KWQ_TEST_SAN")) {
		/* As tests/test-fork.c: no threads after fork() there. */
		skip(5, "the sanitizers do not support threads after fork()");
		kwq_cq_destroy(cq);
		destroy_workqueue(wq);
		return;
	}
	reset_order();
	item_init(&it[0], cq, 0);
	item_init(&it[1], cq, 1);
	it[1].gate = &g;
	kwq_cq_add(wq, &it[0].cw);
	wait_for_work(&it[0].cw.work);
	kwq_cq_add(wq, &it[1].cw);
	wait_for(&g.entered, 1, 10000);

	pid = fork();
	if (pid < 0)
		bail_out("fork: %s", strerror(errno));
	if (pid == 0)
		_exit(in_child(cq, fd, wq, it, &g));
	waitpid(pid, &st, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "child: same fd number, empty, not readable; the parent's items idle, usable (%#x)",
	   WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	ok(readable(fd) && LOAD(&it[0].delivered) == 0,
	   "parent: its completion still waits; the child took nothing");
	gate_open(&g);
	wait_for_work(&it[1].cw.work);
	kwq_cq_run(cq, 0, &nr);
	ok(nr == 2 && LOAD(&it[0].delivered) == 1 &&
	   LOAD(&it[1].delivered) == 1,
	   "parent: both completions delivered once");
	test_fork_from_item(cq, wq);
	kwq_cq_destroy(cq);
	destroy_workqueue(wq);
}

/* --- concurrency: finishing, cancelling, re-adding, one poll() loop ---- */

struct stress {
	struct kwq_cq *cq;
	struct workqueue_struct *wq;
	struct item it[NR];
	int rounds;
	int stop;		/* A */
	long adds;		/* A: kwq_cq_add() that returned 0 */
	long ok_done;		/* A: completions with status 0 */
	long canceled;		/* A: completions with -ECANCELED */
	long dropped;		/* A: removals without delivery */
	long cancel_deliver;	/* A: removals with delivery */
	long deliveries;	/* A: callbacks */
	long add_err;		/* A: adds that failed */
};

static struct stress *S;

static void stress_fn(struct kwq_cq_work *cw)
{
	struct item *it = container_of(cw, struct item, cw);

	INC(&it->ran);
}

static void stress_add(struct item *it)
{
	int err = kwq_cq_add(S->wq, &it->cw);

	if (err) {
		INC(&S->add_err);
		STORE(&it->add_err, err);
	} else
		INC(&S->adds);
}

static void stress_done(struct kwq_cq_work *cw, int status)
{
	struct item *it = container_of(cw, struct item, cw);

	INC(status ? &S->canceled : &S->ok_done);
	INC(&S->deliveries);
	if (INC(&it->delivered) < S->rounds)
		stress_add(it);
}

static void *canceller(void *arg)
{
	unsigned int seed = 1;
	int err;

	(void)arg;
	while (!LOAD(&S->stop)) {
		struct item *it = &S->it[rand_r(&seed) % NR];
		unsigned int flags = rand_r(&seed) % 2 ? 0 : KWQ_CQ_DROP;

		err = kwq_cq_remove(&it->cw, flags);
		if (err == 0 && !flags) {
			INC(&S->cancel_deliver);
		} else if (err == 0) {
			/* Dropped: nobody else will add it, so add it here. */
			INC(&S->dropped);
			stress_add(it);
		}
		if (rand_r(&seed) % 4 == 0)
			sched_yield();
	}
	return NULL;
}

static void test_stress(int pass)
{
	struct stress s;
	pthread_t t;
	int fd, lost = 0, spurious = 0;
	unsigned int nr, max = 1 + pass % 4;
	long ran = 0;

	memset(&s, 0, sizeof(s));
	S = &s;
	s.rounds = (int)tap_scale(1000);
	s.cq = new_cq();
	/* With max_active 1 most items wait their turn: cancels hit them. */
	s.wq = new_wq("cq-stress", WQ_UNBOUND, pass % 2 ? 0 : 1);
	fd = kwq_cq_fd(s.cq);
	for (int i = 0; i < NR; i++) {
		memset(&s.it[i], 0, sizeof(s.it[i]));
		s.it[i].id = i;
		kwq_cq_init_work(&s.it[i].cw, s.cq, stress_fn, stress_done);
	}
	if (pthread_create(&t, NULL, canceller, NULL))
		bail_out("pthread_create failed");
	for (int i = 0; i < NR; i++)
		stress_add(&s.it[i]);
	while (LOAD(&s.deliveries) < (long)NR * s.rounds) {
		if (!readable_within(fd, 30000)) {
			for (int i = 0; i < NR; i++) {
				struct item *it = &s.it[i];

				diag("item %d: state %d, %d delivered, %d ran, pending %d, add error %d",
				     i, it->cw.state, it->delivered, it->ran,
				     work_pending(&it->cw.work),
				     LOAD(&it->add_err));
			}
			lost = 1;
			break;
		}
		kwq_cq_run(s.cq, max, &nr);
		spurious += nr == 0;
	}
	STORE(&s.stop, 1);
	pthread_join(t, NULL);
	ok(!lost, "pass %d: poll() saw every completion (%ld) within 30 s",
	   pass, LOAD(&s.deliveries));
	is_int(spurious, 0,
	       "pass %d: one thread runs it: readable means a completion waits",
	       pass);
	ok(LOAD(&s.adds) == LOAD(&s.ok_done) + LOAD(&s.canceled) +
	   LOAD(&s.dropped) && LOAD(&s.canceled) == LOAD(&s.cancel_deliver) &&
	   !LOAD(&s.add_err),
	   "pass %d: each of %ld adds gave one completion or one drop (%ld removed with -ECANCELED, %ld dropped)",
	   pass, LOAD(&s.adds), LOAD(&s.canceled), LOAD(&s.dropped));
	for (int i = 0; i < NR; i++)
		ran += LOAD(&s.it[i].ran);
	ok(ran == LOAD(&s.ok_done) && !readable(fd) && !kwq_cq_pop(s.cq),
	   "pass %d: functions ran once per status-0 completion; nothing left",
	   pass);
	destroy_workqueue(s.wq);
	kwq_cq_destroy(s.cq);
}

/*
 * One item re-added from its callback while another thread keeps trying to
 * cancel it: an add must never fail with -EBUSY because a cancel that
 * found nothing to remove held the item's PENDING bit for a moment.
 */
static struct kwq_cq_work *race_cw;
static struct workqueue_struct *race_wq;
static int race_stop, race_left, race_add_err, race_removed;

static void race_fn(struct kwq_cq_work *cw)
{
	(void)cw;
}

static void race_done(struct kwq_cq_work *cw, int status)
{
	(void)status;
	if (DEC(&race_left) > 0 && kwq_cq_add(race_wq, cw))
		INC(&race_add_err);
}

static void *race_canceller(void *arg)
{
	(void)arg;
	while (!LOAD(&race_stop))
		if (!kwq_cq_remove(race_cw, KWQ_CQ_DELIVER))
			INC(&race_removed);
	return NULL;
}

static void test_cancel_add_race(void)
{
	struct kwq_cq *cq = new_cq();
	struct kwq_cq_work cw;
	pthread_t t;
	int lost = 0;

	race_wq = new_wq("cq-race", WQ_UNBOUND, 0);
	race_cw = &cw;
	STORE(&race_left, (int)tap_scale(20000));
	kwq_cq_init_work(&cw, cq, race_fn, race_done);
	if (pthread_create(&t, NULL, race_canceller, NULL))
		bail_out("pthread_create failed");
	kwq_cq_add(race_wq, &cw);
	while (LOAD(&race_left) > 0 && !LOAD(&race_add_err)) {
		if (!readable_within(kwq_cq_fd(cq), 30000)) {
			lost = 1;
			break;
		}
		kwq_cq_run(cq, 0, NULL);
	}
	STORE(&race_stop, 1);
	pthread_join(t, NULL);
	ok(!lost && !LOAD(&race_add_err),
	   "re-adds beside a cancelling thread never fail (%d removed)",
	   LOAD(&race_removed));
	destroy_workqueue(race_wq);
	kwq_cq_destroy(cq);
}

/* Two threads running one queue: each completion goes to one of them. */
static struct kwq_cq *two_cq;
static int two_stop;

static void *two_runner(void *arg)
{
	(void)arg;
	while (!LOAD(&two_stop)) {
		if (readable_within(kwq_cq_fd(two_cq), 10))
			kwq_cq_run(two_cq, 2, NULL);
	}
	return NULL;
}

static void two_done(struct kwq_cq_work *cw, int status)
{
	struct item *it = container_of(cw, struct item, cw);

	(void)status;
	INC(&it->delivered);
}

static void test_two_runners(void)
{
	struct workqueue_struct *wq = new_wq("cq-two", WQ_UNBOUND, 0);
	struct item it[NR];
	pthread_t t[2];
	int rounds = (int)tap_scale(200), bad = 0, all = 0;

	two_cq = new_cq();
	STORE(&two_stop, 0);
	for (int i = 0; i < NR; i++) {
		memset(&it[i], 0, sizeof(it[i]));
		kwq_cq_init_work(&it[i].cw, two_cq, stress_fn, two_done);
	}
	for (int i = 0; i < 2; i++)
		if (pthread_create(&t[i], NULL, two_runner, NULL))
			bail_out("pthread_create failed");
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < NR; i++)
			while (kwq_cq_add(wq, &it[i].cw) == -EBUSY)
				sched_yield();
	}
	for (int i = 0; i < NR; i++)
		all += wait_for(&it[i].delivered, rounds, 10000);
	STORE(&two_stop, 1);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < NR; i++)
		bad |= LOAD(&it[i].delivered) != rounds ||
			LOAD(&it[i].ran) != rounds;
	ok(all == NR && !bad,
	   "two threads running one queue: each of %d completions delivered once",
	   NR * rounds);
	destroy_workqueue(wq);
	kwq_cq_destroy(two_cq);
}

/* Completions left by a bounded run give edge-triggered epoll a new edge. */
static void test_epoll_et(void)
{
	struct workqueue_struct *ord = new_ordered("cq-et");
	struct kwq_cq *cq = new_cq();
	struct epoll_event ev = { .events = EPOLLIN | EPOLLET }, out;
	struct item it[3];
	int ep = epoll_create1(EPOLL_CLOEXEC), edges = 0;
	unsigned int nr, total = 0;

	reset_order();
	if (ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, kwq_cq_fd(cq), &ev))
		bail_out("epoll: %s", strerror(errno));
	for (int i = 0; i < 3; i++) {
		item_init(&it[i], cq, i);
		kwq_cq_add(ord, &it[i].cw);
	}
	flush_workqueue(ord);
	while (epoll_wait(ep, &out, 1, 0) == 1) {
		edges++;
		kwq_cq_run(cq, 1, &nr);
		total += nr;
		if (edges > 10)
			break;
	}
	ok(edges == 3 && total == 3,
	   "edge-triggered epoll: an edge after each run that left completions (%d edges)",
	   edges);
	close(ep);
	kwq_cq_destroy(cq);
	destroy_workqueue(ord);
}

int main(void)
{
	tap_watchdog(60);
	plan(75);
	test_args();
	test_basic();
	test_fifo();
	test_cancel();
	test_wq_destroyed();
	test_cq_destroy();
	test_fork();
	for (int pass = 0; pass < 4; pass++)
		test_stress(pass);
	test_cancel_add_race();
	test_two_runners();
	test_epoll_et();
	return done_testing();
}
