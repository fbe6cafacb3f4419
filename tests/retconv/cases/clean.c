// Code that keeps the convention, kwq style: nothing to report.
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

struct queue {
	pthread_mutex_t lock;
	int nr_items;
	bool dying;
};

struct queue *alloc_queue(void)
{
	struct queue *q = calloc(1, sizeof(*q));

	if (!q)
		return NULL;
	pthread_mutex_init(&q->lock, NULL);
	return q;
}

bool queue_is_dying(struct queue *q)
{
	return q->dying;
}

static int start_thread(pthread_t *t, void *(*fn)(void *), void *arg)
{
	return -pthread_create(t, NULL, fn, arg);
}

int add_item(struct queue *q)
{
	int err = 0;

	if (!q)
		return -EINVAL;
	pthread_mutex_lock(&q->lock);
	if (q->dying)
		err = -ESHUTDOWN;
	else
		q->nr_items++;
	pthread_mutex_unlock(&q->lock);
	return err;
}

int flush_queue(struct queue *q)
{
	int err;

	err = add_item(q);
	if (err)
		return err;
	return 0;
}

unsigned int queue_len(struct queue *q)
{
	return (unsigned int)q->nr_items;
}

int kick_worker(pthread_t *t, void *(*fn)(void *))
{
	return start_thread(t, fn, NULL);
}

void destroy_queue(struct queue *q)
{
	pthread_mutex_destroy(&q->lock);
	free(q);
}
