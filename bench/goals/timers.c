// SPDX-License-Identifier: MIT
/*
 * bench-timers: kwq's timer engine against the speed goals of issue 3, and
 * against the timers a C programmer would otherwise pick (issue 5, item 5):
 * libuv's uv_timer_t on a uv_loop_t and GLib's timeout sources on a
 * GMainContext.
 *
 *   arm+cancel  ns per arm+cancel pair of one item, single thread, while
 *               1k, 100k, 1M or 10M other items are armed 1 to 2 hours
 *               ahead on the same queue, loop or context (goal for kwq:
 *               flat from 1k to 10M, at most 50 ns; GLib is left out at
 *               10M, where arming its sources alone takes minutes)
 *   lateness    start minus due time (due = the time read just before the
 *               add, plus the delay) of items with delays from 1 ms to 1 s,
 *               spread on a log scale, while 100k items are armed far ahead:
 *               p50, p99, max, and how many started early (goal: p99 under
 *               2 ms, none early); then again with one spinning thread per
 *               CPU of the process's, at the program's own priority, so
 *               that every CPU is busy with other work (goal: p99 at most
 *               1 ms, none early); beside kwq, the floor the system gives:
 *               one thread that sleeps to each due time in turn
 *               (clock_nanosleep(), absolute) and stamps it itself, with
 *               no queue and no hand-over, under the same load
 *   idle        context switches per second of the whole process while it
 *               idles, with 0 and with 1M items armed far ahead (goal: 0
 *               and at most 2)
 *
 * The item of a pair is armed for 1 to 5 s, shorter than everything in the
 * background, the common case of a short timeout among long ones.  The GLib
 * pair also sets a callback, as g_timeout_add_full() does; a timeout source
 * without one could not do anything.  Neither libuv's loop nor GLib's
 * context is run: only the cost of arming and cancelling is measured.
 *
 * Usage: bench-timers [-q] [-r ROTATION] [-o PART].  -q makes a shorter run
 * (fewer pairs and items, shorter idle windows); -r rotates the order in
 * which the libraries are measured, so that repeated runs do not favour
 * one; -o runs only arm+cancel, lateness or idle.  Output: one
 * "metric,impl,param,value" line per figure (see bench.h).
 */
#include "../bench.h"

#include <kwq/workqueue.h>

#include <errno.h>
#include <glib.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#define NR_IMPLS 3

static const int sizes[] = { 1000, 100000, 1000000, 10000000 };

/* GLib's sources are armed this many at most (see the top). */
#define GLIB_MAX_ARMED 1000000

static struct {
	long pairs;		/* timed arm+cancel pairs per figure */
	int late_items;		/* items whose lateness is measured */
	int late_armed;		/* armed far ahead meanwhile */
	int idle_armed;		/* armed far ahead for the second idle figure */
	uint64_t settle_ns;	/* quiet time before an idle window */
	uint64_t window_ns;	/* the idle window */
} cfg = { 200000, 2000, 100000, 1000000, 1000000000LL, 2000000000LL };

static unsigned int seed = 12345;

/* Far ahead: 1 to 2 hours, in milliseconds (kwq's jiffies, libuv, GLib). */
static unsigned int far_ms(void)
{
	return 3600000U + (unsigned int)(rand_r(&seed) % 3600000U);
}

/* The delay of the @i-th pair: 1 to 5 s, a different one each time. */
static unsigned int pair_ms(long i)
{
	return 1000U + (unsigned int)(i & 4095);
}

/*
 * An adapter: arm @armed items far ahead, time @n arm+cancel pairs of one
 * more item (returns ns per pair), and take everything back.
 */
struct impl {
	const char *name;
	void (*setup)(int armed);
	double (*pairs)(long n);
	void (*teardown)(void);
};

/* --- kwq: add_delayed_work_to_q() and remove_delayed_work() -------------- */

static struct workqueue_struct *kwq;
static struct delayed_work *kbg;
static int kbg_n;
static struct delayed_work kx;

static void nop_fn(struct work_struct *w)
{
	(void)w;
}

static void kwq_arm_far(struct delayed_work *dw, int n)
{
	for (int i = 0; i < n; i++) {
		INIT_DELAYED_WORK(&dw[i], nop_fn);
		if (add_delayed_work_to_q(kwq, &dw[i], far_ms()))
			die("kwq: cannot arm background item %d", i);
	}
}

static void kwq_disarm(struct delayed_work *dw, int n)
{
	for (int i = 0; i < n; i++)
		if (remove_delayed_work(&dw[i]))
			die("kwq: background item %d was not armed", i);
}

static void kwq_setup(int armed)
{
	kbg = calloc((size_t)armed, sizeof(*kbg));
	if (!kbg)
		die("out of memory");
	kbg_n = armed;
	kwq_arm_far(kbg, armed);
	INIT_DELAYED_WORK(&kx, nop_fn);
}

static double kwq_pairs(long n)
{
	uint64_t t0 = now_ns();

	for (long i = 0; i < n; i++) {
		if (add_delayed_work_to_q(kwq, &kx, pair_ms(i)))
			die("kwq: arm failed");
		if (remove_delayed_work(&kx))
			die("kwq: cancel found nothing armed");
	}
	return (double)(now_ns() - t0) / (double)n;
}

static void kwq_teardown(void)
{
	kwq_disarm(kbg, kbg_n);
	free(kbg);
}

/* --- libuv: uv_timer_start() and uv_timer_stop() on one loop ------------- */

static uv_loop_t uloop;
static uv_timer_t *ubg;
static int ubg_n;
static uv_timer_t ux;

static void uv_nop(uv_timer_t *t)
{
	(void)t;
}

static void libuv_setup(int armed)
{
	if (uv_loop_init(&uloop))
		die("libuv: uv_loop_init failed");
	ubg = calloc((size_t)armed, sizeof(*ubg));
	if (!ubg)
		die("out of memory");
	ubg_n = armed;
	for (int i = 0; i < armed; i++) {
		uv_timer_init(&uloop, &ubg[i]);
		if (uv_timer_start(&ubg[i], uv_nop, far_ms(), 0))
			die("libuv: cannot arm background timer %d", i);
	}
	uv_timer_init(&uloop, &ux);
}

static double libuv_pairs(long n)
{
	uint64_t t0 = now_ns();

	for (long i = 0; i < n; i++) {
		if (uv_timer_start(&ux, uv_nop, pair_ms(i), 0))
			die("libuv: uv_timer_start failed");
		uv_timer_stop(&ux);
	}
	return (double)(now_ns() - t0) / (double)n;
}

static void libuv_teardown(void)
{
	for (int i = 0; i < ubg_n; i++)
		uv_close((uv_handle_t *)&ubg[i], NULL);
	uv_close((uv_handle_t *)&ux, NULL);
	uv_run(&uloop, UV_RUN_DEFAULT);	/* runs the closes, nothing else */
	if (uv_loop_close(&uloop))
		die("libuv: loop still busy");
	free(ubg);
}

/* --- GLib: timeout sources attached to one GMainContext ------------------ */

static GMainContext *gctx;
static GSource **gbg;
static int gbg_n;

static gboolean g_nop(gpointer data)
{
	(void)data;
	return G_SOURCE_REMOVE;
}

static GSource *glib_arm(unsigned int ms)
{
	GSource *s = g_timeout_source_new(ms);

	g_source_set_callback(s, g_nop, NULL, NULL);
	if (!g_source_attach(s, gctx))
		die("glib: g_source_attach failed");
	return s;
}

static void glib_setup(int armed)
{
	gctx = g_main_context_new();
	gbg = calloc((size_t)armed, sizeof(*gbg));
	if (!gbg)
		die("out of memory");
	gbg_n = armed;
	for (int i = 0; i < armed; i++)
		gbg[i] = glib_arm(far_ms());
}

static double glib_pairs(long n)
{
	uint64_t t0 = now_ns();

	for (long i = 0; i < n; i++) {
		GSource *s = glib_arm(pair_ms(i));

		g_source_destroy(s);
		g_source_unref(s);
	}
	return (double)(now_ns() - t0) / (double)n;
}

static void glib_teardown(void)
{
	for (int i = 0; i < gbg_n; i++) {
		g_source_destroy(gbg[i]);
		g_source_unref(gbg[i]);
	}
	free(gbg);
	g_main_context_unref(gctx);
}

static const struct impl impls[NR_IMPLS] = {
	{ "kwq", kwq_setup, kwq_pairs, kwq_teardown },
	{ "libuv", libuv_setup, libuv_pairs, libuv_teardown },
	{ "glib", glib_setup, glib_pairs, glib_teardown },
};

/* One figure: a warm-up of a tenth of the pairs, then the timed pairs. */
static void arm_cancel(const struct impl *im, int armed)
{
	double ns;
	char p[16];

	if (im->setup == glib_setup && armed > GLIB_MAX_ARMED)
		return;
	im->setup(armed);
	im->pairs(cfg.pairs / 10);
	ns = im->pairs(cfg.pairs);
	im->teardown();
	snprintf(p, sizeof(p), "%d", armed);
	figure("arm_cancel_ns", im->name, p, "%.1f", ns);
}

/* --- lateness of expiry (kwq) --------------------------------------------- */

struct late_item {
	struct delayed_work dw;
	int64_t due;		/* ns: read before the add, plus the delay */
	int64_t start;		/* ns: when its function began */
};

static sem_t late_sem;
static int late_left;		/* items that have not started yet */

static void late_fn(struct work_struct *w)
{
	struct late_item *l = container_of(to_delayed_work(w),
					   struct late_item, dw);

	l->start = (int64_t)now_ns();
	if (__atomic_sub_fetch(&late_left, 1, __ATOMIC_ACQ_REL) == 0)
		sem_post(&late_sem);
}

/*
 * The load: one thread per CPU the process may use, each spinning on
 * arithmetic until told to stop, so that the timer thread and the workers
 * find every CPU taken when an item falls due.
 */
static int load_stop;

static void *spin_fn(void *arg)
{
	volatile unsigned long x = (unsigned long)arg;

	while (!__atomic_load_n(&load_stop, __ATOMIC_RELAXED))
		for (int i = 0; i < 10000; i++)
			x = x * 6364136223846793005UL + 1;
	return NULL;
}

static int load_start(pthread_t *t, int max)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof(set), &set))
		die("sched_getaffinity: %s", strerror(errno));
	n = CPU_COUNT(&set);
	if (n > max)
		n = max;
	load_stop = 0;
	for (int i = 0; i < n; i++)
		if (pthread_create(&t[i], NULL, spin_fn, (void *)(long)i))
			die("cannot start load thread %d", i);
	return n;
}

static void load_end(pthread_t *t, int n)
{
	__atomic_store_n(&load_stop, 1, __ATOMIC_RELAXED);
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
}

/* Delays of @n items, 1 ms .. 1 s: 10^(3 i / (n - 1)) ms. */
static unsigned long late_delay_ms(int i, int n)
{
	return (unsigned long)lround(pow(1000.0, (double)i / (n - 1)));
}

/* The figures of @nv lateness values in @v, by @impl, with @loaded. */
static void late_figures(int64_t *v, int nv, int early, int missing,
			 int loaded, const char *impl)
{
	char p[16];

	snprintf(p, sizeof(p), "%d", cfg.late_armed);
	figure(loaded ? "late_load_p50_us" : "late_p50_us", impl, p, "%.1f",
	       (double)percentile(v, (size_t)nv, 0.50) / 1e3);
	figure(loaded ? "late_load_p99_us" : "late_p99_us", impl, p, "%.1f",
	       (double)percentile(v, (size_t)nv, 0.99) / 1e3);
	figure(loaded ? "late_load_max_us" : "late_max_us", impl, p, "%.1f",
	       (double)percentile(v, (size_t)nv, 1.0) / 1e3);
	figure(loaded ? "late_load_early" : "late_early", impl, p, "%d",
	       early);
	figure(loaded ? "late_load_missing" : "late_missing", impl, p, "%d",
	       missing);
}

/*
 * The floor under kwq's lateness, with @loaded: the calling thread sleeps
 * to each due time of the same schedule in turn and reads the clock when
 * it wakes, as an item that ran on the thread its timer woke would.  What
 * kwq adds to it is the wheel's tick and the hand-over to a worker.
 */
static void late_floor(int loaded)
{
	int n = cfg.late_items, early = 0, nload = 0;
	int64_t *due = calloc((size_t)n, sizeof(*due));
	int64_t *v = calloc((size_t)n, sizeof(*v));
	pthread_t load[CPU_SETSIZE];
	int64_t t0;

	if (!due || !v)
		die("out of memory");
	if (loaded)
		nload = load_start(load, CPU_SETSIZE);
	t0 = (int64_t)now_ns();
	for (int i = 0; i < n; i++)
		due[i] = t0 + (int64_t)late_delay_ms(i, n) * 1000000;
	for (int i = 0; i < n; i++) {
		struct timespec ts = { (time_t)(due[i] / 1000000000),
				       (long)(due[i] % 1000000000) };

		/* Asleep only until the next due time that has not passed:
		 * a due item runs at once, as kwq's fired ones do. */
		while ((int64_t)now_ns() < due[i] &&
		       clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts,
				       NULL) == EINTR)
			;
		v[i] = (int64_t)now_ns() - due[i];
		early += v[i] < 0;
	}
	if (loaded)
		load_end(load, nload);
	late_figures(v, n, early, 0, loaded, "thread");
	free(due);
	free(v);
}

/* Lateness with @loaded: p50 and p99 go to late_load_*, see the top. */
static void lateness(int loaded)
{
	int n = cfg.late_items, early = 0, missing = 0;
	struct delayed_work *bg = calloc((size_t)cfg.late_armed, sizeof(*bg));
	struct late_item *l = calloc((size_t)n, sizeof(*l));
	int64_t *v = calloc((size_t)n, sizeof(*v));
	struct timespec deadline;
	pthread_t load[CPU_SETSIZE];
	int nv = 0, nload = 0;

	if (!bg || !l || !v)
		die("out of memory");
	kwq_arm_far(bg, cfg.late_armed);
	if (loaded)
		nload = load_start(load, CPU_SETSIZE);
	sem_init(&late_sem, 0, 0);
	late_left = n;
	for (int i = 0; i < n; i++) {
		unsigned long d = late_delay_ms(i, n);

		INIT_DELAYED_WORK(&l[i].dw, late_fn);
		l[i].due = (int64_t)now_ns() + (int64_t)d * 1000000;
		if (add_delayed_work_to_q(kwq, &l[i].dw, d))
			die("kwq: cannot arm item %d", i);
	}
	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_sec += 10;
	if (sem_timedwait(&late_sem, &deadline))
		fprintf(stderr, "bench-timers: items still waiting after 10 s\n");
	if (loaded)
		load_end(load, nload);
	for (int i = 0; i < n; i++) {
		if (!__atomic_load_n(&l[i].start, __ATOMIC_ACQUIRE)) {
			missing++;
			continue;
		}
		v[nv] = l[i].start - l[i].due;
		early += v[nv] < 0;
		nv++;
	}
	late_figures(v, nv, early, missing, loaded, "kwq");
	kwq_disarm(bg, cfg.late_armed);
	if (missing)
		exit(1);	/* the items still refer to l[] */
	free(bg);
	free(l);
	free(v);
}

/* --- idle wake-ups (kwq) -------------------------------------------------- */

static void idle(int armed)
{
	struct delayed_work *bg = NULL;
	struct idle_result r;
	char p[16];

	if (armed) {
		bg = calloc((size_t)armed, sizeof(*bg));
		if (!bg)
			die("out of memory");
		kwq_arm_far(bg, armed);
	}
	r = idle_wakeups(cfg.settle_ns, cfg.window_ns);
	snprintf(p, sizeof(p), "%d", armed);
	figure("idle_wakeups_per_s", "kwq", p, "%.2f", r.per_s);
	figure("idle_threads", "kwq", p, "%d", r.threads);
	if (armed) {
		kwq_disarm(bg, armed);
		free(bg);
	}
}

int main(int argc, char **argv)
{
	const char *only;
	int rot, quick;

	if (goals_options(argc, argv, &quick, &rot, &only))
		return 2;
	if (quick) {
		cfg.pairs = 50000;
		cfg.late_items = 500;
		cfg.settle_ns = 500000000LL;
		cfg.window_ns = 1000000000LL;
	}
	/* Extra workers retire in the settling time, not in a window. */
	kwq_set_idle_timeout(50);
	kwq = system_wq;
	if (!kwq)
		die("system_wq: %s", strerror(errno));

	for (size_t s = 0; goals_part(only, "arm+cancel") &&
	     s < sizeof(sizes) / sizeof(sizes[0]); s++)
		for (int k = 0; k < NR_IMPLS; k++)
			arm_cancel(&impls[(k + rot) % NR_IMPLS], sizes[s]);
	if (goals_part(only, "lateness")) {
		late_floor(0);
		late_floor(1);
		lateness(0);
		lateness(1);
	}
	if (goals_part(only, "idle")) {
		idle(0);
		idle(cfg.idle_armed);
	}
	return 0;
}
