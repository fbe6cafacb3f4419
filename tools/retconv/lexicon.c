// SPDX-License-Identifier: MIT
/*
 * The lexicon of naming.c: which words of a function's name are which part
 * of speech (a verb that is a noun too, an adjective, a preposition, an
 * auxiliary, a quantifier, a verb in the third person, ...).  naming.c
 * holds the grammar that reads a name's words in order; these lists are
 * what it looks the words up in, and grow with each code base that shows
 * a word read as the wrong part of speech, apart from the grammar.
 */
#include <string.h>

#include "retconv.h"

/* Verbs that are nouns as well, and read as nouns before a state. */
bool lex_noun_too(const char *w)
{
	static const char *const nouns[] = {
		"queue", "lock", "map", "link", "signal", "process", "store",
		"set", "list", "run", "post", "load", "copy", "mount",
		"update", "commit", "work", "write", "read", "sync", "handle",
	};
	size_t i;

	for (i = 0; i < sizeof(nouns) / sizeof(nouns[0]); i++)
		if (!strcmp(w, nouns[i]))
			return true;
	return false;
}

/*
 * Adjectives that ask about the noun before them (fw_compatible), and
 * only then: after a verb anywhere (recv_buffer_available) the name is
 * not read, where a state makes an action of it (grab_pending).
 */
bool lex_adjective(const char *w)
{
	static const char *const adj[] = {
		"compatible", "supported", "available", "capable", "possible",
		"usable", "writable", "readable", "accessible", "online",
		"offline", "connected", "initialized", "initialised",
		"registered", "attached", "suspended", "stale", "dirty",
		"required", "needed",
	};

	return AMONG(w, adj);
}

/* A state after one of these is a noun, or says how (write_in_full). */
bool lex_preposition(const char *w)
{
	static const char *const preps[] = {
		"in", "by", "for", "with", "from", "of", "to", "on", "at",
		"via", "into", "as",
	};

	return AMONG(w, preps);
}

/*
 * Auxiliaries ask a question only of the verb that follows them: last, or
 * alone, they are nouns or abbreviations (a device's did, a bus's can).
 */
bool lex_auxiliary(const char *w)
{
	static const char *const aux[] = {
		"can", "could", "did", "does", "may", "might", "must",
		"should", "shall", "will", "was", "were", "need",
	};

	return AMONG(w, aux);
}

/*
 * A verb in the third person after its subject asks about it:
 * map_uses_hugepages, dev_supports_dma.  Only verbs whose third person
 * is seldom a plural noun are here (checks, locks and maps are nouns as
 * often as verbs).
 */
bool lex_third_person(const char *w)
{
	static const char *const verbs[] = {
		"uses", "supports", "requires", "allows", "accepts", "expects",
		"includes", "belongs", "owns", "holds", "fits", "overlaps",
		"intersects", "differs", "covers", "refers", "knows",
	};

	return AMONG(w, verbs);
}

/* States of being there, which a name can only ask about. */
bool lex_existence(const char *w)
{
	return !strcmp(w, "exists") || !strcmp(w, "present");
}

/* Words that name a kind of thing: the word after them is its value
 * (op_type_lock, mode_read), not a verb. */
bool lex_category(const char *w)
{
	return !strcmp(w, "type") || !strcmp(w, "mode") ||
	       !strcmp(w, "kind") || !strcmp(w, "class");
}

bool lex_be_or_have(const char *w)
{
	static const char *const v[] = { "is", "are", "has", "have" };

	return AMONG(w, v);
}

/*
 * A switch's state (enabled, disabled, allowed) last asks whether what
 * comes before it is switched on, even a verb that names a behaviour:
 * one just before the state (irq_wake_enabled) or before a preposition
 * (abort_on_error_enabled).  A verb with an object after it acts on the
 * object in that state (handle_adj_ip_enabled), and "set" or "clear"
 * makes a setter.  Other states are the object of a verb before them
 * (kwq__grab_pending grabs a pending item).
 */
bool lex_switch(const char *w)
{
	static const char *const switches[] = { "enabled", "disabled",
						"allowed" };

	return AMONG(w, switches);
}

/* States that never stand before their noun (an "ok queue"): last, they
 * ask about everything before them, even an action (attrs_add_ok: is it
 * ok to add them?).  (From branch rcfalse.) */
bool lex_predicative(const char *w)
{
	return !strcmp(w, "ok") || !strcmp(w, "okay");
}

/* Words that say how much of a set a state holds for: all_set, any_clear
 * ask whether the bits are set, as a state, not to set them. */
bool lex_quantifier(const char *w)
{
	static const char *const q[] = { "all", "any", "none", "some" };

	return AMONG(w, q);
}

/* Verbs whose plain form is a state as well, a past participle or an
 * adjective (the bits are set, the page is read, the slot is free): only
 * these read as a state after a quantifier.  ep_any_post posts to the
 * "any" endpoint: "post" is no state. */
bool lex_state_verb(const char *w)
{
	static const char *const v[] = {
		"set", "unset", "reset", "clear", "read", "put", "free",
		"open", "empty", "zero", "cut", "shut", "split",
	};

	return AMONG(w, v);
}
