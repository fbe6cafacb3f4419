// A result documented only by the project's own named constants (pdPASS
// or pdFAIL, NET_SUCCESS or NET_FAIL) is a status of its own, documented:
// the function's contract, not an action's 1 for success.  The comment
// may stand above a prototype guarded by "#if", with the definition
// elsewhere (kernel style, below).  An undocumented action that returns 0 or 1 is rule A's.
#include <stdbool.h>

#define pdPASS 1
#define pdFAIL 0
#define NET_SUCCESS 1
#define NET_FAIL 0
#define configUSE_SETS 1

struct queue {
	struct queue *set;
};

/*
 * Adds a queue to a set.
 *
 * @return If the queue was added to the set then pdPASS is returned.  If
 * it is a member of another set already then pdFAIL is returned.
 */
#if ( configUSE_SETS == 1 )
long queue_add_to_set(struct queue *q, struct queue *set);
#endif

long queue_add_to_set(struct queue *q, struct queue *set)
{
	if (q->set)
		return pdFAIL;
	q->set = set;
	return pdPASS;
}

/**
 * send_frame() - send one frame
 * @q: the queue
 *
 * Return: NET_SUCCESS when sent, NET_FAIL when the queue is full.
 */
int send_frame(struct queue *q)
{
	return q->set ? NET_SUCCESS : NET_FAIL;
}

/* User space, undocumented: rule A. */
int flush_frame(struct queue *q)
{
	return q->set ? NET_SUCCESS : NET_FAIL;
}
// expect: doc-named-status.c:48:5: warning: action 'flush_frame' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: doc-named-status.c:50:2: note: returns 0 or 1

/* Code commented out above a definition is no documentation. */
/*
int flush_frame_old(struct queue *q)
{
	return NET_SUCCESS;
}
*/
int flush_frame_now(struct queue *q)
{
	return q->set ? NET_SUCCESS : NET_FAIL;
}
// expect: doc-named-status.c:62:5: warning: action 'flush_frame_now' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: doc-named-status.c:64:2: note: returns 0 or 1
