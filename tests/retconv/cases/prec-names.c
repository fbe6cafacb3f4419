// Names whose words only look like a question or a command (the fifth
// blind round's false findings, read by the convention):
//
//  - a first word that begins the name of a type a parameter points to is
//    the subsystem's noun, not the auxiliary (can_calc_bittiming(struct
//    can_bittiming *) computes, it does not ask whether it can);
//  - try before acquire is a trylock, as try before lock: 1 = taken;
//  - "match" last after a verb is its object (tail_add_match adds one);
//  - a noun between a verb and "ok" names the flag the verb writes
//    (write_image_ok), where attrs_add_ok asks whether adding is ok, and
//    es_add_l3_attrs_ok whether adding the attributes is (a plural);
//  - "valid" last judges what the words before it name, an operation
//    too (list_add_valid), unless a setter makes it so (list_mark_valid);
//  - a verb last after all, any or none is a state (range_all_set);
//  - a verb last after a preposition is a noun (address_on_link), and
//    after "no" it names an option, a setting (conf_get_no_verify);
//  - a pointer parameter that repeats the name's last word takes the
//    answer out, an unsigned count too (stream_pending(s, unsigned
//    *pending)): the result is the call's status.
#include <errno.h>
#include <stdbool.h>

struct net_device;
struct can_bittiming {
	int bitrate;
};
struct mtx {
	int owner;
};
struct tail {
	int n;
};
struct area {
	int id;
};
struct list {
	struct list *next, *prev;
};
struct strm {
	int state;
	unsigned out;
};

int can_calc_bittiming(struct net_device *dev, struct can_bittiming *bt)
{
	if (!bt->bitrate)
		return -EINVAL;
	return 0;
}

int can_retry(struct net_device *dev, int tries)
{
	return tries > 3 ? -EBUSY : 1;
}

int mtx_try_acquire(struct mtx *m)
{
	if (m->owner)
		return 0;
	m->owner = 1;
	return 1;
}

int mtx_acquire(struct mtx *m)
{
	if (m->owner)
		return 0;
	m->owner = 1;
	return 1;
}

int tail_add_match(struct tail *t, const char *re)
{
	if (!re)
		return -EINVAL;
	t->n++;
	return 0;
}

int name_match(const char *re)
{
	return re ? 1 : -EINVAL;
}

int fw_write_image_ok(struct area *a)
{
	return a->id < 0 ? -EIO : 0;
}

int attrs_add_ok(struct area *a)
{
	return a->id < 0 ? -EINVAL : 1;
}

int es_add_l3_attrs_ok(struct area *a)
{
	return a->id < 0 ? -EINVAL : 1;
}

bool list_add_valid(struct list *n, struct list *prev)
{
	return n != prev && prev->next != n;
}

bool list_mark_valid(struct list *n)
{
	n->prev = n;
	return true;
}

bool bitmap_range_all_set(const unsigned long *map, int n)
{
	return map[0] == ~0UL && n > 0;
}

bool bitmap_range_set(unsigned long *map, int n)
{
	map[0] |= (1UL << n) - 1;
	return true;
}

int iface_address_on_link(struct area *a, int addr)
{
	return a->id == addr;
}

int iface_link(struct area *a, int addr)
{
	return a->id == addr;
}

bool conf_get_no_verify(struct area *a)
{
	return a->id > 2;
}

bool conf_verify(struct area *a)
{
	return a->id > 2;
}

int stream_pending(struct strm *s, unsigned *pending)
{
	if (!s)
		return -EINVAL;
	*pending = s->out;
	return 0;
}

int stream_is_pending(struct strm *s)
{
	if (!s)
		return -EINVAL;
	return s->out != 0;
}

// args: --style
// expect: prec-names.c:51:5: warning: predicate 'can_retry' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: prec-names.c:53:2: note: returns a negative errno
// expect: prec-names.c:64:5: warning: action 'mtx_acquire' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: prec-names.c:69:2: note: returns 1
// expect: prec-names.c:80:5: warning: predicate 'name_match' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: prec-names.c:82:2: note: returns a negative errno
// expect: prec-names.c:90:5: warning: predicate 'attrs_add_ok' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: prec-names.c:92:2: note: returns a negative errno
// expect: prec-names.c:95:5: warning: predicate 'es_add_l3_attrs_ok' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: prec-names.c:97:2: note: returns a negative errno
// expect: prec-names.c:105:6: warning: action 'list_mark_valid' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: prec-names.c:108:2: note: returns true
// expect: prec-names.c:116:6: warning: action 'bitmap_range_set' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: prec-names.c:119:2: note: returns true
// expect: prec-names.c:127:5: warning: action 'iface_link' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: prec-names.c:129:2: note: returns a boolean
// expect: prec-names.c:137:6: warning: action 'conf_verify' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: prec-names.c:139:2: note: returns a boolean
// expect: prec-names.c:150:5: warning: predicate 'stream_is_pending' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: prec-names.c:153:3: note: returns a negative errno
