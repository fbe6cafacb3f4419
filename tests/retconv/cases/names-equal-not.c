// Names that ask though a verb, or a word that reads as one, comes
// before the question:
// - a comparison for equality (link_state_equal, set_equal: "set" is the
//   type compared, "link" the thing whose state is) answers whether its
//   arguments are equal, as a comparison for order is neither whatever
//   verb comes first; a lookup before it (tree_find_less_or_equal) still
//   finds a value;
// - "not" before a state (udp_recv_q_not_empty) asks: a state can be
//   made, its negation only observed; a first verb (wait_queue_not_empty)
//   or a setter (set_port_not_ready) still acts;
// - "shall", a modal as should and must are (manager_shall_kill).
// Kernel style first, then user space (bool).
// args: --classes --static
#include <errno.h>
#include <stdbool.h>

struct link_state {
	int up, speed;
};
struct queue {
	int n;
};
struct port;

int link_state_equal(const struct link_state *a, const struct link_state *b)
{
	return a->up == b->up && a->speed == b->speed;
}

int udp_recv_q_not_empty(const struct queue *q)
{
	return q->n != 0;
}

int wait_queue_not_empty(struct queue *q)
{
	return q->n ? 0 : -EAGAIN;
}

int set_port_not_ready(struct port *p)
{
	return 0;
}

int tree_find_less_or_equal(const struct queue *q, int key)
{
	return key < q->n ? key : -ENOENT;
}

struct set;
struct manager;

bool set_equal(const struct set *a, const struct set *b)
{
	return a == b;
}

bool manager_shall_kill(const struct manager *m, const char *user)
{
	return m && user;
}

bool devnum_set_and_equal(unsigned a, unsigned b)
{
	return a && a == b;
}
// expect: names-equal-not.c:25:5: link_state_equal: public predicate boolean
// expect: names-equal-not.c:30:5: udp_recv_q_not_empty: public predicate boolean
// expect: names-equal-not.c:35:5: wait_queue_not_empty: public action errno
// expect: names-equal-not.c:40:5: set_port_not_ready: public action errno
// expect: names-equal-not.c:45:5: tree_find_less_or_equal: public neither unknown
// expect: names-equal-not.c:53:6: set_equal: public predicate boolean
// expect: names-equal-not.c:58:6: manager_shall_kill: public predicate boolean
// expect: names-equal-not.c:63:6: devnum_set_and_equal: public predicate boolean
