// How C names actions and predicates, read word by word (kernel style and
// user space alike):
// - a first verb that is no noun, its object and a question with its
//   state last command (warn_file_is_world_accessible warns); a first
//   verb that is a noun as well is the subject of the question
//   (queue_is_empty asks), and so is one just before the predicate word
//   (wait_can_retry) or one before a question with no state last
//   (claim_kind_is_v2: the kind of a claim);
// - "is" or "has" written together with a state asks, as isspace() does
//   (set_isempty, cfg_isvalid), but not inside another word (issue);
// - a switch's state (enabled, disabled, allowed) last asks whether the
//   behaviour named before it is on, a verb too (logging_abort_on_error_
//   enabled, irq_wake_enabled), but not after set, a setter's, nor after
//   a verb with its object (handle_port_link_enabled handles the port);
//   other states are a verb's object (dev_grab_pending grabs);
// - check, anywhere before a state last with only nouns between, inspects
//   (dev_check_types_valid): the definition settles it; not after "and"
//   (check_and_set_enabled commands);
// - a verb in the third person before a verb last is a plural noun, the
//   object (zone_includes_add adds to the includes), where before a state
//   or a noun it asks (zone_includes_configured, dev_supports_dma);
// - a lookup before a state returns what it found, a value
//   (tree_get_less_or_equal, find_first_empty): neither;
// - a bool function whose last word is a kind of value (state, type,
//   mode) that repeats the name of an integer it takes asks of which kind
//   it is (send_state(int state)), where set_state(int state) sets and
//   wake_cpu(int cpu) acts;
// - a name read as a predicate that hands out what it made through a
//   pointer to a writable pointer named for an output (void **ret) and
//   returns negative values reports a status, an action
//   (unhexmem_full); without one it still asks (buffer_full).
// args: --classes --static
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

struct dev;

int warn_file_is_world_accessible(const char *path) { return 0; }
bool queue_is_empty(struct dev *d) { return true; }
bool wait_can_retry(int error) { return error == EINTR; }
bool claim_kind_is_v2(int k) { return k > 2; }
bool current_is_worker(void) { return false; }
bool set_isempty(struct dev *d) { return true; }
int cfg_isvalid(struct dev *d) { return 1; }
int issue_cmd(struct dev *d) { return 0; }
bool logging_abort_on_error_enabled(void) { return false; }
bool irq_wake_enabled(struct dev *d) { return false; }
int port_set_enabled(struct dev *d) { return 0; }
int handle_port_link_enabled(struct dev *d) { return d ? 0 : -EIO; }
int dev_grab_pending(struct dev *d) { return 0; }
bool dev_check_types_valid(struct dev *d, int t) { return t > 0; }
int qspi_check_mode_valid(struct dev *d) { return -EINVAL; }
int check_and_set_enabled(struct dev *d) { return 0; }
int zone_includes_add(struct dev *z, struct dev *inc) { return -ENOMEM; }
bool zone_includes_configured(struct dev *z) { return true; }
bool dev_supports_dma(struct dev *d) { return true; }
int tree_get_less_or_equal(struct dev *t, int k, struct dev **found)
{
	return k < 0 ? -EINVAL : 1;
}
int find_first_empty(struct dev *d) { return 3; }
bool send_state(int state) { return state != 2; }
int set_state(struct dev *d, int state) { return 0; }
bool wake_cpu(int cpu) { return cpu > 0; }
int unhexmem_full(const char *p, size_t l, void **ret, size_t *ret_len)
{
	return p ? 0 : -EINVAL;
}
int buffer_full(struct dev *d) { return d ? 0 : -EINVAL; }
// expect: names-words.c:39:5: warn_file_is_world_accessible: public action errno
// expect: names-words.c:40:6: queue_is_empty: public predicate boolean
// expect: names-words.c:41:6: wait_can_retry: public predicate boolean
// expect: names-words.c:42:6: claim_kind_is_v2: public predicate boolean
// expect: names-words.c:43:6: current_is_worker: public predicate boolean
// expect: names-words.c:44:6: set_isempty: public predicate boolean
// expect: names-words.c:45:5: cfg_isvalid: public predicate boolean
// expect: names-words.c:46:5: issue_cmd: public neither errno
// expect: names-words.c:47:6: logging_abort_on_error_enabled: public predicate boolean
// expect: names-words.c:48:6: irq_wake_enabled: public predicate boolean
// expect: names-words.c:49:5: port_set_enabled: public action errno
// expect: names-words.c:50:5: handle_port_link_enabled: public action errno
// expect: names-words.c:51:5: dev_grab_pending: public action errno
// expect: names-words.c:52:6: dev_check_types_valid: public predicate boolean
// expect: names-words.c:53:5: qspi_check_mode_valid: public action errno
// expect: names-words.c:54:5: check_and_set_enabled: public action errno
// expect: names-words.c:55:5: zone_includes_add: public action errno
// expect: names-words.c:56:6: zone_includes_configured: public predicate boolean
// expect: names-words.c:57:6: dev_supports_dma: public predicate boolean
// expect: names-words.c:58:5: tree_get_less_or_equal: public neither mixed
// expect: names-words.c:62:5: find_first_empty: public neither count
// expect: names-words.c:63:6: send_state: public predicate boolean
// expect: names-words.c:64:5: set_state: public action errno
// expect: names-words.c:65:6: wake_cpu: public action boolean
// expect: names-words.c:66:5: unhexmem_full: public action errno
// expect: names-words.c:70:5: buffer_full: public predicate errno
