// Names that inspect or act on a condition, kernel style and user space:
// - an inspection after its object (flash_wipe_check, self_test) and a
//   check of a state (hw_check_alive, qspi_check_ready) may answer or
//   report: the definition settles it, a predicate when it returns a
//   boolean, an action when 0 or a negative errno, else neither (a
//   value: crc_check); an inspection that leads the name (check_len,
//   check_match) is the action it reads as;
// - complete after a noun that is also a verb (buck_update_complete) is a
//   state or a completion, settled the same way; after a verb or alone
//   it acts;
// - set before a state is a verb, a setter (boot_set_pending), where a
//   noun before one asks (queue_empty, work_pending);
// - "if" or "unless" starts the condition of the action before it
//   (skip_if_exists, create_unless_present): the name acts, and asks
//   nothing (a name asking before its condition still asks); but not
//   before "is" or "has", where "if" is a noun, an interface, and the
//   name asks (eigrp_if_is_passive, ldp_sync_if_is_enabled).
// args: --classes --static
#include <stdbool.h>

struct dev;

bool flash_wipe_check(void) { return true; }
int dev_self_test(struct dev *d) { return 0; }
int hw_check_alive(struct dev *d) { return 1; }
bool qspi_check_ready(struct dev *d) { return true; }
long crc_check(const char *b) { return b[0] ? 2 : -1; }
int check_len(struct dev *d) { return 0; }
int check_match(const char *a, const char *b) { return 0; }
bool buck_update_complete(void) { return true; }
int queue_complete(struct dev *d) { return 0; }
int complete(struct dev *d) { return 0; }
int apply_update_complete(struct dev *d) { return 0; }
int boot_set_pending(int permanent) { return 0; }
bool work_pending(struct dev *d) { return false; }
int queue_empty(struct dev *d) { return 0; }
int asn1_skip_if_exists(struct dev *d) { return 0; }
int dir_create_unless_present(const char *path) { return 0; }
int is_set_if_valid(struct dev *d) { return 0; }
bool eigrp_if_is_passive(struct dev *d) { return false; }
bool ldp_sync_if_is_enabled(struct dev *d) { return true; }
int port_if_has_link(struct dev *d) { return 1; }
// expect: names-inspect.c:23:6: flash_wipe_check: public predicate boolean
// expect: names-inspect.c:24:5: dev_self_test: public action errno
// expect: names-inspect.c:25:5: hw_check_alive: public predicate boolean
// expect: names-inspect.c:26:6: qspi_check_ready: public predicate boolean
// expect: names-inspect.c:27:6: crc_check: public neither mixed
// expect: names-inspect.c:28:5: check_len: public action errno
// expect: names-inspect.c:29:5: check_match: public action errno
// expect: names-inspect.c:30:6: buck_update_complete: public predicate boolean
// expect: names-inspect.c:31:5: queue_complete: public action errno
// expect: names-inspect.c:32:5: complete: public action errno
// expect: names-inspect.c:33:5: apply_update_complete: public action errno
// expect: names-inspect.c:34:5: boot_set_pending: public action errno
// expect: names-inspect.c:35:6: work_pending: public predicate boolean
// expect: names-inspect.c:36:5: queue_empty: public predicate errno
// expect: names-inspect.c:37:5: asn1_skip_if_exists: public action errno
// expect: names-inspect.c:38:5: dir_create_unless_present: public action errno
// expect: names-inspect.c:39:5: is_set_if_valid: public predicate errno
// expect: names-inspect.c:40:6: eigrp_if_is_passive: public predicate boolean
// expect: names-inspect.c:41:6: ldp_sync_if_is_enabled: public predicate boolean
// expect: names-inspect.c:42:5: port_if_has_link: public predicate boolean
