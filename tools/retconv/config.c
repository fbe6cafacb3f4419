// SPDX-License-Identifier: MIT
/*
 * The naming vocabulary and the configuration file that extends it.
 *
 * Names are judged by their words (naming.c).  The built-in words below are
 * the kernel's: imperative verbs make actions, is/has/can and a few state
 * adjectives make predicates.  Every code base has words that only look
 * like these (the CAN bus subsystem's can_send is an action), so a
 * configuration file adds words and prefixes, or settles whole names.
 *
 * The file is line based: a keyword, then words separated by blanks; '#'
 * starts a comment.  Keywords: verb, predicate, suffix, prefix, trailer,
 * action, boolean, ignore.  Without --config, retconv reads .retconv from
 * the current directory or the nearest parent that has one.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "retconv.h"

static const char *const builtin_verbs[] = {
	"add", "queue", "enqueue", "dequeue", "register", "unregister",
	"create", "destroy", "start", "stop", "flush", "cancel", "drain",
	"init", "initialize", "exit", "open", "close", "read", "write",
	"send", "recv", "receive", "set", "clear", "reset", "insert",
	"remove", "delete", "del", "attach", "detach", "bind", "unbind",
	"lock", "unlock", "submit", "schedule", "run", "exec", "execute",
	"wait", "wake", "signal", "notify", "push", "install", "uninstall",
	"enable", "disable", "connect", "disconnect", "mount", "unmount",
	"update", "apply", "commit", "prepare", "setup", "shutdown",
	"suspend", "resume", "restart", "kill", "sync", "copy", "move",
	"mod", "modify", "release", "acquire", "grab", "claim", "reserve",
	"probe", "handle", "process", "dispatch", "post", "activate",
	"deactivate", "kick", "load", "save", "store", "parse", "emit",
	"complete", "check", "validate", "verify", "alloc", "allocate",
	"free", "put", "fill", "map", "unmap", "arm", "disarm", "join",
	"finish", "begin", "abort", "retry", "spawn", "trigger", "requeue",
	"cleanup", "refresh", "reload", "restore", "resize", "configure",
	"drop", "link", "unlink", "erase", "encode", "decode", "deliver",
	"transfer", "make", "poll", "track", "scan", "warn",
};

static const char *const builtin_preds[] = {
	"is", "has", "have", "can", "could", "should", "shall", "may",
	"might", "must", "will", "was", "were", "are", "does", "did", "need", "needs",
	"wants", "trylock", "matches", "contains", "equals",
};

static const char *const builtin_suffixes[] = {
	"pending", "empty", "full", "valid", "enabled", "disabled", "busy",
	"idle", "active", "running", "ready", "done", "exists", "present",
	"allowed", "visible", "equal", "ok", "expired", "queued", "dead",
	"alive",
};

static const char *const builtin_trailers[] = {
	"locked", "unlocked", "nolock",
};

static void push_all(struct rc_words *w, const char *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		words_push(w, v[i]);
}

#define PUSH_ALL(w, v) push_all(w, v, sizeof(v) / sizeof((v)[0]))

void config_init(struct rc_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	PUSH_ALL(&cfg->verbs, builtin_verbs);
	PUSH_ALL(&cfg->preds, builtin_preds);
	PUSH_ALL(&cfg->suffixes, builtin_suffixes);
	PUSH_ALL(&cfg->trailers, builtin_trailers);
}

void config_free(struct rc_config *cfg)
{
	words_free(&cfg->verbs);
	words_free(&cfg->preds);
	words_free(&cfg->suffixes);
	words_free(&cfg->prefixes);
	words_free(&cfg->trailers);
	words_free(&cfg->actions);
	words_free(&cfg->predicates);
	words_free(&cfg->neither);
	while (cfg->nlearned)
		free(cfg->learned[--cfg->nlearned].name);
	free(cfg->learned);
	cfg->learned = NULL;
}

static struct rc_words *keyword_list(struct rc_config *cfg, const char *kw)
{
	if (!strcmp(kw, "verb"))
		return &cfg->verbs;
	if (!strcmp(kw, "predicate"))
		return &cfg->preds;
	if (!strcmp(kw, "suffix"))
		return &cfg->suffixes;
	if (!strcmp(kw, "prefix"))
		return &cfg->prefixes;
	if (!strcmp(kw, "trailer"))
		return &cfg->trailers;
	if (!strcmp(kw, "action"))
		return &cfg->actions;
	if (!strcmp(kw, "boolean"))
		return &cfg->predicates;
	if (!strcmp(kw, "ignore"))
		return &cfg->neither;
	return NULL;
}

/* Words are matched lower case, as naming.c splits names into. */
static bool word_is_valid(const char *w)
{
	for (; *w; w++)
		if (!(*w == '_' || (*w >= 'a' && *w <= 'z') ||
		      (*w >= 'A' && *w <= 'Z') || (*w >= '0' && *w <= '9')))
			return false;
	return true;
}

static void lower(char *w)
{
	for (; *w; w++)
		if (*w >= 'A' && *w <= 'Z')
			*w += 'a' - 'A';
}

static int config_line(void *ctx, char *line, const char *path,
		       unsigned lineno)
{
	struct rc_config *cfg = ctx;
	struct rc_words *list;
	char *save, *kw, *w;

	line[strcspn(line, "#\n")] = '\0';
	kw = strtok_r(line, " \t\r", &save);
	if (!kw)
		return 0;
	list = keyword_list(cfg, kw);
	if (!list) {
		fprintf(stderr, "retconv: %s:%u: unknown keyword '%s'\n",
			path, lineno, kw);
		return -EINVAL;
	}
	while ((w = strtok_r(NULL, " \t\r", &save))) {
		if (!word_is_valid(w)) {
			fprintf(stderr, "retconv: %s:%u: '%s' is not a C identifier\n",
				path, lineno, w);
			return -EINVAL;
		}
		if (list != &cfg->actions && list != &cfg->predicates &&
		    list != &cfg->neither)
			lower(w);
		words_push(list, w);
	}
	return 0;
}

int config_load(struct rc_config *cfg, const char *path)
{
	return read_lines(path, config_line, cfg);
}

/* The nearest .retconv from the current directory up, or NULL. */
char *config_find(void)
{
	char dir[PATH_MAX];
	char *slash, *path;

	if (!getcwd(dir, sizeof(dir)))
		return NULL;
	for (;;) {
		path = xasprintf("%s/.retconv", strcmp(dir, "/") ? dir : "");
		if (!access(path, F_OK))
			return path;
		free(path);
		slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			break;
		*slash = '\0';
	}
	path = xstrdup("/.retconv");
	if (!access(path, F_OK))
		return path;
	free(path);
	return NULL;
}
