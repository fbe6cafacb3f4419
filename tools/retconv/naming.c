// SPDX-License-Identifier: MIT
/*
 * Naming: is a function's name an action, a predicate, or neither?
 *
 * The seed's rule is about what a name says, so retconv reads the words of
 * a name, split at underscores and at camelCase humps.  Subsystem prefixes
 * from the configuration (kwq, can) are dropped from the front and lock
 * annotations (_locked) from the end, then, in this order:
 *
 *   1. a configured whole name settles it;
 *   2. a first verb that is no noun, its object and a question with its
 *      state last command (warn_file_is_world_accessible); else a
 *      predicate word anywhere (is, has, can, matches, trylock, or is/has
 *      glued to a state: current_is_worker, queue_is_dying, spin_trylock,
 *      set_isempty) makes a predicate, and so does try with lock last
 *      (try_tree_lock, a trylock) or after a lock's name (rwlock_try_read);
 *   3. a state last after a noun that is also a verb (queue_empty,
 *      ionic_queue_empty, work_pending) makes a predicate, unless a
 *      verb comes before the noun: scsi_track_queue_full tracks a full
 *      queue, wait_tx_queue_empty waits for an empty one;
 *   4. a first word that is a verb (add, queue, flush) makes an action,
 *      unless it is a noun too and a plural noun and a state or an error
 *      follow it: sync_resources_error asks about the error of the sync
 *      resources, and is neither (write_notes_tree is an action);
 *   5. a last word that is a state (work_pending, list_empty) makes a
 *      predicate, unless a verb comes before it (kwq__grab_pending is an
 *      action on a pending item, but a switch's state asks of a verb
 *      too: irq_wake_enabled), a lookup does (tree_get_less_or_equal
 *      finds a value: neither) or it follows a preposition
 *      (write_in_full, node_offset_by_compatible: the state is a noun or
 *      says how, and is
 *      not asking whether anything is full), and a last word that is a
 *      verb (wheel_insert) an action, unless a past participle comes
 *      before it (lpfc_error_lost_link asks about a lost link) or a word
 *      for a kind (op_type_lock asks whether the type is "lock");
 *   6. anything else is neither.
 *
 * Before all but 1, a comparison for order (entry_compare, key_cmp) is
 * neither: it returns less than, equal to or greater than 0; and a state
 * after an adverb of time (update_already_done) is a predicate: it asks
 * whether the state is reached, and the words before it are its subject.
 *
 * Before all but 1, a name that waits until a state (block_til_ready,
 * wait_until_idle) is read up to "until" or "til": the state is what it
 * waits for, not what it asks about, and waiting is an action.
 *
 * trylock is a predicate because a trylock's 1 means "it worked": the
 * seed's "succeeded" boolean (the kernel's mutex_trylock()).  pthread's
 * trylock is an action instead, 0 when it took the lock and an errno when
 * not; the word says neither, so a trylock whose returns are only 0 and
 * negative errnos is judged as the action it is (rules.c,
 * naming_trylock()).  try alone is not: uv_try_write() returns a
 * byte count or an errno, as the write it tries would.
 *
 * The verb test comes before the state test so that flush_pending is the
 * action it reads as.  Program entry points (main, git's cmd_* and
 * cmd__*) return exit statuses, 1 for failure, by another convention:
 * they are neither.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retconv.h"

#define MAX_WORDS 16
#define MAX_NAME 256

struct words {
	char buf[MAX_NAME * 2];
	char *v[MAX_WORDS];
	size_t n;
};

static bool is_upper(char c)
{
	return c >= 'A' && c <= 'Z';
}

static bool is_lower(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

/* A new word starts at an upper-case letter after a lower-case one, or at
 * the last capital of a run followed by lower case ("HTTPServer"). */
static bool hump(const char *name, size_t i)
{
	if (!i || !is_upper(name[i]))
		return false;
	if (is_lower(name[i - 1]))
		return true;
	return is_upper(name[i - 1]) && is_lower(name[i + 1]);
}

static void split(const char *name, struct words *w)
{
	size_t i, o = 0;
	bool fresh = true;

	w->n = 0;
	for (i = 0; name[i] && o + 2 < sizeof(w->buf); i++) {
		if (name[i] == '_' || hump(name, i)) {
			if (!fresh)
				w->buf[o++] = '\0';
			fresh = true;
			if (name[i] == '_')
				continue;
		}
		if (fresh) {
			if (w->n == MAX_WORDS)
				break;
			w->v[w->n++] = &w->buf[o];
			fresh = false;
		}
		w->buf[o++] = is_upper(name[i]) ? name[i] - 'A' + 'a' : name[i];
	}
	w->buf[o] = '\0';
}

static enum rc_kind by_name(const struct rc_config *cfg, const char *name)
{
	if (words_has(&cfg->actions, name))
		return KIND_ACTION;
	if (words_has(&cfg->predicates, name))
		return KIND_PREDICATE;
	return KIND_NEITHER;
}

/*
 * "is" or "has" written together with the state it asks about, as C's
 * own isspace() and isatty() are: isempty, isvalid, hasvalid.  Only before
 * a state or an adjective, so that issue and hash stay what they are.
 */
static bool is_glued_pred(const struct rc_config *cfg, const char *w)
{
	const char *rest = !strncmp(w, "is", 2) ? w + 2 :
			   !strncmp(w, "has", 3) ? w + 3 : NULL;

	return rest && (words_has(&cfg->suffixes, rest) || lex_adjective(rest));
}

/* A word configured as a prefix is a noun wherever it appears. */
static bool is_pred_word(const struct rc_config *cfg, char **v, size_t n,
			 size_t i)
{
	if (words_has(&cfg->prefixes, v[i]))
		return false;
	if (is_glued_pred(cfg, v[i]))
		return true;
	if (!words_has(&cfg->preds, v[i]))
		return false;
	return i + 1 < n || !lex_auxiliary(v[i]);
}

/* A first word that can be a subject: no verb, or a noun as well (map). */
static bool subject_first(const struct rc_config *cfg, char **v)
{
	return !words_has(&cfg->verbs, v[0]) || lex_noun_too(v[0]);
}

/* A verb that is no noun among @v's words from @from to @to. */
static bool command_among(const struct rc_config *cfg, char **v, size_t from,
			  size_t to)
{
	size_t i;

	for (i = from; i < to; i++)
		if (words_has(&cfg->verbs, v[i]) && !lex_noun_too(v[i]))
			return true;
	return false;
}

/*
 * "match" last after its subject is the verb of a question (name_match:
 * does the name match?), unless a word before it makes it a noun (the
 * best_match, find_match), a verb starts the name (check_match) or
 * commands after the subject: the match is its object, a thing added or
 * registered (tail_match_add_match, fc_register_match).
 */
static bool is_match(const struct rc_config *cfg, char **v, size_t n)
{
	static const char *const nouns[] = {
		"best", "next", "first", "last", "find", "get", "lookup",
		"search", "longest", "closest", "partial", "exact",
	};

	return n > 1 && !strcmp(v[n - 1], "match") && subject_first(cfg, v) &&
	       !AMONG(v[n - 2], nouns) && !command_among(cfg, v, 1, n - 1);
}

/*
 * A verb in the third person asks only when what follows can be its
 * object: before a verb last that is no noun (zone_includes_add,
 * rule_holds_clear), it is a plural noun, and the verb acts on it.
 */
static bool asks_third(const struct rc_config *cfg, char **v, size_t n,
		       size_t i)
{
	return i && lex_third_person(v[i]) && subject_first(cfg, v) &&
	       !(i + 2 == n && words_has(&cfg->verbs, v[n - 1]) &&
		 !lex_noun_too(v[n - 1]));
}

/* A predicate word: anywhere, or a question's verb after its subject. */
static bool asks(const struct rc_config *cfg, char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (is_pred_word(cfg, v, n, i) || asks_third(cfg, v, n, i))
			return true;
	return is_match(cfg, v, n);
}

/* A plural noun: a word ending in one s that is no verb (resources). */
static bool is_plural(const struct rc_config *cfg, const char *w)
{
	size_t len = strlen(w);

	return len > 3 && w[len - 1] == 's' && w[len - 2] != 's' &&
	       !words_has(&cfg->verbs, w);
}

/* A word for how a thing stands: a state, or an error it met. */
static bool is_condition(const struct rc_config *cfg, const char *w)
{
	return words_has(&cfg->suffixes, w) || !strcmp(w, "error") ||
	       !strcmp(w, "errors") || !strcmp(w, "failed");
}

/* Past participles, which make the verb after them a noun: a lost link,
 * a cached map.  A word ending in -ed that is a verb itself (embed) or
 * ends in -eed (need, feed) is none. */
static bool is_participle(const struct rc_config *cfg, const char *w)
{
	static const char *const irregular[] = {
		"lost", "broken", "hidden", "taken", "written", "frozen",
		"stolen", "chosen", "known", "shown", "sent", "built", "held",
	};
	size_t i, len = strlen(w);

	for (i = 0; i < sizeof(irregular) / sizeof(irregular[0]); i++)
		if (!strcmp(w, irregular[i]))
			return true;
	return len > 3 && !strcmp(w + len - 2, "ed") && w[len - 3] != 'e' &&
	       !words_has(&cfg->verbs, w);
}

/* Whether @w names a lock (not a block nor a clock). */
static bool is_lock_name(const char *w)
{
	static const char *const locks[] = { "lock", "rwlock", "spinlock",
					     "seqlock", "mutex", "rwsem" };

	return AMONG(w, locks);
}

/* A trylock by another spelling: try_spin_lock, try_tree_lock, and a
 * mutex's try_acquire, whose 1 means it took the lock; or an attempt
 * on a lock named before it (rwlock_try_read, rwlock_try_start_write:
 * the read or the write side of a reader-writer lock, taken or not). */
static bool is_trylock(char **v, size_t n)
{
	size_t i;

	for (i = 0; n > 1 && i + 1 < n; i++)
		if (!strcmp(v[i], "try"))
			break;
	if (n < 2 || i + 1 >= n)
		return false;
	if (!strcmp(v[n - 1], "lock") || !strcmp(v[n - 1], "acquire"))
		return true;
	while (i-- > 0)
		if (is_lock_name(v[i]))
			return true;
	return false;
}

/* Whether a verb comes among the first @n words. */
static bool verb_among(const struct rc_config *cfg, char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (words_has(&cfg->verbs, v[i]))
			return true;
	return false;
}

/* A noun phrase before a condition: "sync resources" in
 * sync_resources_error is what the name asks about, not a command, where
 * write_notes_tree still writes the notes tree. */
static bool noun_phrase(const struct rc_config *cfg, char **v, size_t n)
{
	return n > 2 && lex_noun_too(v[0]) && is_plural(cfg, v[1]) &&
	       is_condition(cfg, v[n - 1]);
}

/* "if" or "unless": what follows is the condition of the action before
 * it (skip_if_exists, create_unless_present), not a question.  Not before
 * "is", "has" or another auxiliary, which no condition starts with ("skip
 * if is"): "if" is a noun there, an interface (eigrp_if_is_passive,
 * ldp_sync_if_is_enabled), and the name asks.  "if" written together
 * with "not" or with the state it asks for starts a condition too
 * (gen_ifnot_exists, create_ifneeded), as "is" glued to a state asks. */
static bool is_conditional(const struct rc_config *cfg, const char *w)
{
	if (!strcmp(w, "if") || !strcmp(w, "unless") || !strcmp(w, "ifnot"))
		return true;
	return !strncmp(w, "if", 2) && w[2] &&
	       (words_has(&cfg->suffixes, w + 2) || lex_adjective(w + 2) ||
		words_has(&cfg->preds, w + 2));
}

/*
 * Whether @w can open a condition: a state, an adjective or a participle
 * (if_needed, if_positive, if_modified), a word that asks or one written
 * together with it (if_is, if_can2stderr), "not" or "no", a match (HTTP's
 * and CoAP's If-Match: ngx_http_test_if_match), or "else" (if_else).
 */
static bool opens_condition(const struct rc_config *cfg, const char *w)
{
	static const char *const also[] = { "not", "no", "null", "zero",
					    "nonzero", "positive", "negative",
					    "different", "any", "none", "match",
					    "else" };
	size_t i;

	if (words_has(&cfg->suffixes, w) || lex_adjective(w) ||
	    is_participle(cfg, w) || AMONG(w, also))
		return true;
	for (i = 0; i < cfg->preds.n; i++)
		if (!strncmp(w, cfg->preds.v[i], strlen(cfg->preds.v[i])))
			return true;
	return false;
}

/*
 * "if" with no verb (nor lookup) before it starts no condition, there
 * being no action for it to govern, unless a condition follows
 * (sg_if_can2stderr prints if it can; error_if_port_is_too_long raises
 * one if the port is): it is a noun, an interface, the subject the words
 * before it name, and the words after it are read alone (tun_if_init
 * inits; net_if_mac and system_if_force_external say neither).
 */
static bool looks_up(char **v, size_t n);

static bool if_noun(const struct rc_config *cfg, char **v, size_t n,
		    size_t i)
{
	return !strcmp(v[i], "if") && !verb_among(cfg, v, i) &&
	       !looks_up(v, i + 1) && !opens_condition(cfg, v[i + 1]) &&
	       !asks(cfg, v + i + 1, n - i - 1);
}

/*
 * An inspection after its object (flash_wipe_check, self_test), a check
 * of a state (check_alive, check_ready, with the thing checked between:
 * dev_check_types_valid, not after another verb: check_and_set_enabled)
 * and "complete" after a noun, one that is also a verb too
 * (update_complete: is it, or a completion's callback?; insn_complete:
 * is the instruction complete, or complete it?), with no verb before
 * and no word that asks (is_complete asks),
 * may answer whether all is well or report what is not: the name says
 * neither, and the definition settles it (defs.c).
 */
static bool inspects(const struct rc_config *cfg, char **v, size_t n)
{
	const char *last = v[n - 1];
	size_t i;

	if (n < 2)
		return false;
	if ((!strcmp(last, "check") || !strcmp(last, "test")) &&
	    strcmp(v[0], "check") && strcmp(v[0], "test"))
		return true;
	if (!strcmp(last, "complete") && !verb_among(cfg, v, n - 2) &&
	    (lex_noun_too(v[n - 2]) ||
	     (!words_has(&cfg->verbs, v[n - 2]) && !asks(cfg, v, n))))
		return true;
	if (!words_has(&cfg->suffixes, last) && !lex_adjective(last))
		return false;
	for (i = n - 1; i-- > 0;) {
		if (!strcmp(v[i], "check"))
			return true;
		if ((words_has(&cfg->verbs, v[i]) && !lex_noun_too(v[i])) ||
		    !strcmp(v[i], "and") || !strcmp(v[i], "then"))
			return false;
	}
	return false;
}

/*
 * A comparison for order (schedule_entry_compare, key_cmp, strcasecmp)
 * returns less than, equal to or greater than 0: neither a success code
 * nor a yes or no, whatever verb comes before it.
 */
static bool orders(char **v, size_t n)
{
	size_t i, len;

	for (i = 0; i < n; i++) {
		len = strlen(v[i]);
		if (!strcmp(v[i], "compare") || !strcmp(v[i], "comparator") ||
		    !strcmp(v[i], "collate") ||
		    (len >= 3 && !strcmp(v[i] + len - 3, "cmp")))
			return true;
	}
	return false;
}

/*
 * A state after an adverb of time is a state reached or not
 * (update_already_done, job_still_running): the name asks whether it is,
 * and the words before it are its subject, even a verb.
 */
static bool state_reached(const struct rc_config *cfg, char **v, size_t n)
{
	static const char *const adverbs[] = { "already", "still", "yet" };

	return n > 1 && AMONG(v[n - 2], adverbs) &&
	       (words_has(&cfg->suffixes, v[n - 1]) ||
		lex_adjective(v[n - 1]) || is_participle(cfg, v[n - 1]));
}

/*
 * A first verb that is no noun, then its object, then a whole question
 * about it, a predicate word and the state it asks for
 * (warn_file_is_world_accessible: warn that the file is accessible),
 * commands: the name is an action's.  A predicate word just after the
 * verb makes the verb its subject (wait_should_retry, parse_is_top_num),
 * and a question without a state last may ask of a noun that the verb
 * starts (claim_type_is_v2).
 */
static bool commands(const struct rc_config *cfg, char **v, size_t n)
{
	const char *last = v[n - 1];
	size_t i;

	if (n < 4 || !words_has(&cfg->verbs, v[0]) || lex_noun_too(v[0]) ||
	    is_pred_word(cfg, v, n, 1) ||
	    (!words_has(&cfg->suffixes, last) && !lex_adjective(last)))
		return false;
	for (i = 2; i + 1 < n; i++)
		if (is_pred_word(cfg, v, n, i))
			return true;
	return false;
}

/*
 * A lookup (get, find, lookup, search) before a state last returns what
 * it finds, a value: the state says which one (tree_get_less_or_equal,
 * find_first_empty), and the name is neither.
 */
static bool looks_up(char **v, size_t n)
{
	static const char *const lookups[] = { "get", "find", "lookup",
					       "search" };
	size_t i;

	for (i = 0; i + 1 < n; i++)
		if (AMONG(v[i], lookups))
			return true;
	return false;
}

/* A word that makes a state so, among the first @n of @v. */
static bool setter_among(char **v, size_t n)
{
	static const char *const setters[] = { "set", "clear", "mark",
					       "make", "invalidate" };
	size_t i;

	for (i = 0; i < n; i++)
		if (AMONG(v[i], setters))
			return true;
	return false;
}

/*
 * A comparison for equality (link_state_equal, set_equal, devnum_equals)
 * answers whether its two arguments are equal: a predicate, whatever
 * words come before, a verb too, which names what is compared (a link's
 * state; a set, the type), as a comparison for order is neither whatever
 * verb comes before it.  Not after a lookup, which finds the value that
 * is (tree_get_less_or_equal).
 */
static bool compares_equal(char **v, size_t n)
{
	static const char *const equal[] = { "equal", "equals" };

	return n > 1 && AMONG(v[n - 1], equal) && !looks_up(v, n);
}

/*
 * "not" before a state last asks whether the thing named before it is
 * not in that state (udp_recv_q_not_empty): a state can be made (set
 * empty, mark ready), its negation is only ever observed.  Not after a
 * first verb that is no noun (wait_queue_not_empty waits) nor with a
 * setter before it (mark_dev_not_ready marks).
 */
static bool not_state(const struct rc_config *cfg, char **v, size_t n)
{
	return n > 2 && !strcmp(v[n - 2], "not") &&
	       (words_has(&cfg->suffixes, v[n - 1]) || lex_adjective(v[n - 1])) &&
	       subject_first(cfg, v) && !setter_among(v, n - 2);
}

static bool acts_on_state(const struct rc_config *cfg, char **v, size_t n)
{
	static const char *const setters[] = { "set", "clear" };
	size_t i;

	/* "valid" last judges what the words before it name, an operation
	 * too (list_add_valid: is this add valid?), unless a setter makes
	 * it so (mark_valid, set_entry_valid). */
	if (!strcmp(v[n - 1], "valid"))
		return setter_among(v, n - 1);
	if (!lex_switch(v[n - 1]))
		return verb_among(cfg, v + 1, n - 2);
	for (i = 1; i + 1 < n; i++)
		if (AMONG(v[i], setters) ||
		    (words_has(&cfg->verbs, v[i]) && i + 2 < n &&
		     !lex_preposition(v[i + 1])))
			return true;
	return false;
}

/*
 * A hook is named for the event it is called at (after_message_complete,
 * on_headers, before_send): what it returns is its caller's contract,
 * neither a status nor an answer of its own.  After a verb the
 * preposition says when the action runs (run_after_delay).  (From branch
 * rcfalse.)
 */
static bool is_hook(const struct rc_config *cfg, char **v, size_t n)
{
	static const char *const when[] = { "after", "before", "upon", "when" };
	size_t i;

	for (i = 0; i + 1 < n; i++) {
		if (words_has(&cfg->verbs, v[i]))
			return false;
		if (AMONG(v[i], when) || (!i && !strcmp(v[i], "on")))
			return true;
	}
	return false;
}

/*
 * One noun between a verb and the state last is the state's own noun,
 * and the two name what the verb acts on: write_image_ok writes the
 * image_ok flag, set_image_ok sets it, where attrs_add_ok asks whether
 * adding is, and add_l3_attrs_ok or send_to_client_ok whether adding
 * the attributes, or sending to the client, is (more words, a plural, a
 * preposition: the object of the verb, not a flag's name).
 */
static bool verb_then_noun(const struct rc_config *cfg, char **v, size_t n)
{
	return n > 2 && words_has(&cfg->verbs, v[n - 3]) &&
	       !words_has(&cfg->verbs, v[n - 2]) && !is_plural(cfg, v[n - 2]) &&
	       !lex_preposition(v[n - 2]);
}

/*
 * A test joined to an action (test_and_set, test_and_clear_bit,
 * atomic_dec_and_test) does both at once and returns what the test
 * found: the old bit, or whether the count reached zero.  It answers.
 */
static bool tests_and_acts(char **v, size_t n)
{
	size_t i;

	for (i = 0; i + 1 < n; i++)
		if (!strcmp(v[i + 1], "and") &&
		    (!strcmp(v[i], "test") ||
		     (i + 2 < n && !strcmp(v[i + 2], "test"))))
			return true;
	return false;
}

/* Prepositions of place: addr_in_range asks whether the address is in
 * the range (naming_place_subject()), in_interrupt whether the caller
 * runs in one (place_first()). */
static const char *const places[] = { "in", "within", "inside", "outside" };

/*
 * A name that opens with a preposition of place, and a word that is no
 * verb after it (in_interrupt, in_kernel_shutdown, within_budget), asks
 * whether the caller, or the context it runs in, is there: a predicate
 * whose subject goes without saying.  A verb after it (in_read) makes the
 * first word an abbreviation (input), not the preposition.
 */
static bool place_first(const struct rc_config *cfg, char **v, size_t n)
{
	return n > 1 && AMONG(v[0], places) && !words_has(&cfg->verbs, v[1]);
}

static enum rc_kind by_words(const struct rc_config *cfg, char **v, size_t n)
{
	enum rc_kind before;
	bool state;
	size_t i;

	if (!n || orders(v, n))
		return KIND_NEITHER;
	if (state_reached(cfg, v, n))
		return KIND_PREDICATE;
	for (i = 1; i + 1 < n; i++) {
		if (if_noun(cfg, v, n, i))
			return by_words(cfg, v + i + 1, n - i - 1);
		if (!strcmp(v[i], "until") || !strcmp(v[i], "til") ||
		    (is_conditional(cfg, v[i]) && !lex_be_or_have(v[i + 1]) &&
		     !lex_auxiliary(v[i + 1]))) {
			before = by_words(cfg, v, i);
			return before == KIND_NEITHER ? KIND_ACTION : before;
		}
	}
	if (is_hook(cfg, v, n) || inspects(cfg, v, n))
		return KIND_NEITHER;
	if (place_first(cfg, v, n))
		return KIND_PREDICATE;
	if (tests_and_acts(v, n) || compares_equal(v, n) ||
	    not_state(cfg, v, n))
		return KIND_PREDICATE;
	if (commands(cfg, v, n))
		return KIND_ACTION;
	if (asks(cfg, v, n))
		return KIND_PREDICATE;
	if (is_trylock(v, n))
		return KIND_PREDICATE;
	state = n > 1 && words_has(&cfg->suffixes, v[n - 1]) &&
		!lex_preposition(v[n - 2]);
	if (state && looks_up(v, n))
		return KIND_NEITHER;
	if (state && lex_noun_too(v[n - 2]) && strcmp(v[n - 2], "set") &&
	    !verb_among(cfg, v, n - 2))
		return KIND_PREDICATE;
	/* Existence is only observed: before "exists" or "present", words
	 * that are nouns too name what is asked about (process_info_exists,
	 * libtock_read_only_state_exists); a verb that is no noun can make
	 * it so (ensure_dir_exists, make_entry_present). */
	if (state && lex_existence(v[n - 1]) &&
	    !command_among(cfg, v, 0, n - 1))
		return KIND_PREDICATE;
	if (words_has(&cfg->verbs, v[0]) && !noun_phrase(cfg, v, n))
		return KIND_ACTION;
	if (state && lex_predicative(v[n - 1]))
		return verb_then_noun(cfg, v, n) ? KIND_ACTION : KIND_PREDICATE;
	if (state)
		return acts_on_state(cfg, v, n) ? KIND_ACTION : KIND_PREDICATE;
	if (n > 1 && words_has(&cfg->verbs, v[n - 1]) &&
	    lex_quantifier(v[n - 2]) && lex_state_verb(v[n - 1]))
		return KIND_PREDICATE;
	/* A verb last after a preposition is a noun (address_on_link), and
	 * after "no" it names an option (conf_get_no_verify): neither
	 * commands. */
	if (n > 1 && words_has(&cfg->verbs, v[n - 1]) &&
	    !is_participle(cfg, v[n - 2]) && !lex_category(v[n - 2]) &&
	    !lex_preposition(v[n - 2]) && strcmp(v[n - 2], "no"))
		return KIND_ACTION;
	if (n > 1 && lex_adjective(v[n - 1]) && !lex_preposition(v[n - 2]) &&
	    !verb_among(cfg, v, n - 1))
		return KIND_PREDICATE;
	return KIND_NEITHER;
}

static int by_learned_name(const void *key, const void *elt)
{
	return strcmp(key, ((const struct rc_named *)elt)->name);
}

/* The kind the run settled for @name (defs.c); @found says if it did. */
enum rc_kind naming_learned(const struct rc_config *cfg, const char *name,
			    bool *found)
{
	const struct rc_named *x = NULL;

	if (cfg->nlearned)
		x = bsearch(name, cfg->learned, cfg->nlearned,
			    sizeof(*cfg->learned), by_learned_name);
	*found = x != NULL;
	return x ? x->kind : KIND_NEITHER;
}

/* The last word of @name, in lower case ("" for none). */
void naming_last_word(const char *name, char *buf, size_t size)
{
	struct words w;

	split(name ? name : "", &w);
	snprintf(buf, size, "%s", w.n ? w.v[w.n - 1] : "");
}

/* The first word of @name after the configured prefixes ("" for none). */
void naming_first_word(const struct rc_config *cfg, const char *name,
		       char *buf, size_t size)
{
	struct words w;
	size_t first = 0;

	split(name, &w);
	while (first < w.n && words_has(&cfg->prefixes, w.v[first]))
		first++;
	snprintf(buf, size, "%s", first < w.n ? w.v[first] : "");
}

static enum rc_kind classify(const struct rc_config *cfg, const char *name,
			     bool learn)
{
	struct words w;
	size_t first = 0;
	enum rc_kind kind;
	bool learned;

	if (words_has(&cfg->neither, name))
		return KIND_NEITHER;
	kind = by_name(cfg, name);
	if (kind != KIND_NEITHER)
		return kind;
	kind = naming_learned(cfg, name, &learned);
	if (learned && learn)
		return kind;
	split(name, &w);
	if (!strcmp(name, "main") || (w.n > 1 && !strcmp(w.v[0], "cmd")))
		return KIND_NEITHER;
	while (first < w.n && words_has(&cfg->prefixes, w.v[first]))
		first++;
	while (w.n > first + 1 && words_has(&cfg->trailers, w.v[w.n - 1]))
		w.n--;
	return by_words(cfg, w.v + first, w.n - first);
}

enum rc_kind naming_classify(const struct rc_config *cfg, const char *name)
{
	return classify(cfg, name, true);
}

/* By the configuration and the words alone, not what the run settled. */
enum rc_kind naming_classify_words(const struct rc_config *cfg,
				   const char *name)
{
	return classify(cfg, name, false);
}

/* Whether @name is a trylock's (spin_trylock, try_tree_lock), whose
 * convention its returns say (rules.c). */
bool naming_trylock(const char *name)
{
	struct words w;
	size_t i;

	split(name, &w);
	for (i = 0; i < w.n; i++)
		if (!strcmp(w.v[i], "trylock"))
			return true;
	return is_trylock(w.v, w.n);
}

/* Whether @name inspects, and is left to its definition to settle; a
 * hook's name (on_message_complete) names an event, and is neither. */
bool naming_inspects(const struct rc_config *cfg, const char *name)
{
	struct words w;
	size_t first = 0;

	split(name, &w);
	while (first < w.n && words_has(&cfg->prefixes, w.v[first]))
		first++;
	while (w.n > first + 1 && words_has(&cfg->trailers, w.v[w.n - 1]))
		w.n--;
	return w.n > first && inspects(cfg, w.v + first, w.n - first) &&
	       !is_hook(cfg, w.v + first, w.n - first);
}

/* Whether @name compares for order (key_cmp, entry_compare): its result
 * is less than, equal to or greater than 0, and none of them an error. */
bool naming_orders(const char *name)
{
	struct words w;

	split(name, &w);
	return w.n && orders(w.v, w.n);
}

/*
 * Whether @name, read as a predicate, only names a state its function can
 * put its object in (mmc_go_idle, version_mark_disabled, status_ready,
 * key_registered) or a match it can find (dedupe_match), with no word
 * that asks (is, has, can, a verb in the third person after its subject:
 * map_uses_hugepages).  A state that is only ever observed (full, empty,
 * pending, stalled, supported) is a question whatever the words before.
 */
bool naming_made_state(const struct rc_config *cfg, const char *name)
{
	static const char *const made[] = {
		"idle", "ready", "enabled", "disabled", "active", "inactive",
		"registered", "unregistered", "attached", "detached",
		"suspended", "online", "offline", "connected", "disconnected",
		"initialized", "initialised", "writable", "readable", "closed",
		"match",
	};
	struct words w;
	size_t first = 0, i;

	split(name, &w);
	while (first < w.n && words_has(&cfg->prefixes, w.v[first]))
		first++;
	while (w.n > first + 1 && words_has(&cfg->trailers, w.v[w.n - 1]))
		w.n--;
	if (w.n <= first || !AMONG(w.v[w.n - 1], made))
		return false;
	for (i = first; i < w.n; i++)
		if (is_pred_word(cfg, w.v + first, w.n - first, i - first) ||
		    asks_third(cfg, w.v + first, w.n - first, i - first))
			return false;
	return true;
}

/*
 * @name's kind when its first @skip words are a noun (the type its first
 * parameter points to: can_frame_valid(struct can_frame *)): -1 when none
 * of them is a predicate word, so that nothing changes.
 */
int naming_classify_after(const struct rc_config *cfg, const char *name,
			  size_t skip)
{
	struct words w;
	size_t i;
	bool asked = false;

	split(name, &w);
	if (skip >= w.n)
		return -1;
	for (i = 0; i < skip; i++)
		asked |= words_has(&cfg->preds, w.v[i]);
	if (!asked)
		return -1;
	while (w.n > skip + 1 && words_has(&cfg->trailers, w.v[w.n - 1]))
		w.n--;
	return by_words(cfg, w.v + skip, w.n - skip);
}

/* How many words of @name, from the first, spell @type's ("can_frame_t"
 * in can_frame_len: 2); 0 if not all of them do. */
size_t naming_type_words(const char *name, const char *type)
{
	struct words n, t;
	size_t i;

	split(name, &n);
	split(type, &t);
	if (t.n > 1 && !strcmp(t.v[t.n - 1], "t"))
		t.n--;
	if (!t.n || t.n >= n.n)
		return 0;
	for (i = 0; i < t.n; i++)
		if (strcmp(n.v[i], t.v[i]))
			return 0;
	return t.n;
}

/* Whether @name ends with a switch's state (enabled, disabled, allowed). */
bool naming_switch_last(const char *name)
{
	struct words w;

	split(name, &w);
	return w.n > 1 && lex_switch(w.v[w.n - 1]);
}

/*
 * The word before a preposition of place (in, within, inside, outside)
 * that has words after it, into @buf: what the name asks the place of
 * (addr_in_range: is the address in the range?).  False for none.
 */
bool naming_place_subject(const char *name, char *buf, size_t size)
{
	struct words w;
	size_t i;

	split(name, &w);
	for (i = 1; i + 1 < w.n; i++)
		if (AMONG(w.v[i], places)) {
			snprintf(buf, size, "%s", w.v[i - 1]);
			return true;
		}
	return false;
}

const char *naming_kind_name(enum rc_kind kind)
{
	switch (kind) {
	case KIND_ACTION:
		return "action";
	case KIND_PREDICATE:
		return "predicate";
	default:
		return "neither";
	}
}
