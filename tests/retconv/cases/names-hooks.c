// Hooks and predicative states (rules from branch rcfalse), kernel style
// and user space:
// - a hook is named for the event it is called at (on_message_complete,
//   parser_after_headers_complete, before_send): what it returns is its
//   caller's contract, neither; after a verb the preposition says when
//   the action runs (run_after_delay acts);
// - "ok" last asks about all before it, an action too (attrs_add_ok: is it
//   ok to add them?), where another state after a verb is its object
//   (dev_grab_pending grabs).
// args: --classes --static
#include <errno.h>
#include <stdbool.h>

struct parser;

int on_message_complete(struct parser *p) { return p ? 0 : -1; }
int parser_after_headers_complete(struct parser *p) { return 1; }
int before_send(struct parser *p) { return -EIO; }
int run_after_delay(struct parser *p) { return 0; }
bool es_attrs_add_ok(struct parser *p) { return true; }
int upstream_start_ok(struct parser *p) { return -EINVAL; }
int dev_grab_pending(struct parser *p) { return 0; }
// expect: names-hooks.c:16:5: on_message_complete: public neither errno
// expect: names-hooks.c:17:5: parser_after_headers_complete: public neither boolean
// expect: names-hooks.c:18:5: before_send: public neither errno
// expect: names-hooks.c:19:5: run_after_delay: public action errno
// expect: names-hooks.c:20:6: es_attrs_add_ok: public predicate boolean
// expect: names-hooks.c:21:5: upstream_start_ok: public predicate errno
// expect: names-hooks.c:22:5: dev_grab_pending: public action errno
