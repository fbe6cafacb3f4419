// "complete" last after a noun, with no verb before it (issue 26 section
// 4, round 18's kpatch insn_complete): the word is an adjective as often
// as a verb, and the name may ask whether the thing is complete or
// complete it.  As after a noun that is also a verb (names-inspect.c's
// buck_update_complete), the definition settles the kind: a predicate
// when it returns a boolean (only 0 and 1 too), an action when it returns
// 0 or a negative errno, neither otherwise.  After a verb that is no
// noun (dma_send_complete, apply_update_complete) it is still what the
// verb does, an action, and so is "complete" alone; a word that asks
// (request_is_complete) keeps the question; kernel style and user space
// alike.
#include <errno.h>
#include <stdbool.h>

/* Kernel style: an instruction decoder's question, 0 or 1 (silent). */
struct insn {
	int got_prefix, got_opcode, got_modrm, length;
};

int insn_complete(struct insn *insn)
{
	return insn->got_prefix && insn->got_opcode && insn->got_modrm;
}

/* A completion that reports its failure: 0 or -errno, an action
 * (silent). */
struct urb {
	int status;
	int actual;
};

int urb_data_complete(struct urb *urb)
{
	if (urb->status)
		return -EIO;
	return 0;
}

/* 1 for done beside a negative errno: neither (silent). */
int urb_frame_complete(struct urb *urb)
{
	if (urb->status)
		return -EPROTO;
	return urb->actual > 64 ? 1 : 0;
}

/* After a verb that is no noun: the verb acts, rule A (flagged). */
int dma_send_complete(struct urb *urb)
{
	return urb->actual ? 1 : 0;
}

/* User space: a parser's question, bool (silent). */
struct request {
	const char *buf;
	unsigned int len, head_end;
};

bool request_headers_complete(const struct request *r)
{
	return r->head_end && r->head_end <= r->len;
}

/* A word that asks keeps the question: a predicate that returns a
 * negative errno beside its answer (rule B, flagged). */
int request_is_complete(const struct request *r)
{
	if (!r->buf)
		return -EINVAL;
	return r->head_end != 0;
}

int request_finish(struct request *r)
{
	if (request_is_complete(r))
		return 0;
	return -EAGAIN;
}

/* An action before the noun: still the action (flagged). */
bool apply_update_complete(struct request *r)
{
	r->len = 0;
	return true;
}
// expect: names-complete.c:48:5: warning: action 'dma_send_complete' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-complete.c:50:2: note: returns 0 or 1
// expect: names-complete.c:66:5: warning: predicate 'request_is_complete' returns a negative errno beside its answer, and a caller reads the result as true or false, so the error reads as true; test its sign there, or return a bool [retconv-B]
// expect: names-complete.c:75:6: note: its result is read as true or false here, with no test of its sign: a negative errno reads as true
// expect: names-complete.c:69:3: note: returns a negative errno
// expect: names-complete.c:81:6: warning: action 'apply_update_complete' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-complete.c:84:2: note: returns true
