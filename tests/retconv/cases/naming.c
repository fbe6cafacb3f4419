// How names are read: by their words, wherever the words are.
// args: --classes --static
#include <stdbool.h>
#include <stddef.h>

int can_queue(void) { return 0; }
int kwq__start_flush(void) { return 0; }
int wheel_insert(void) { return 0; }
int queueWork(void) { return 0; }
int HTTPServerStart(void) { return 0; }
int current_is_worker(void) { return 0; }
int delayed_work_pending(void) { return 0; }
int kwq__grab_pending(void) { return 0; }
int flush_pending(void) { return 0; }
int worker_idle_locked(void) { return 0; }
int queue_is_dying(void) { return 0; }
int spin_trylock(void) { return 0; }
int has_work(void) { return 0; }
int should_stop(void) { return 0; }
int list_empty(void) { return 0; }
int count_items(void) { return 0; }
int compute_hash(void) { return 0; }
int jiffies_to_msecs(void) { return 0; }
int busy(void) { return 0; }
int add(void) { return 0; }
void *alloc_work(void) { return NULL; }
void *work_create(void) { return NULL; }
/* try alone asks nothing: an attempt at the verb that follows it. */
int try_claim(void) { return 0; }
int uv_try_write(void) { return 0; }
/* A noun before a state is asked about, not acted on. */
int queue_empty(void) { return 0; }
int ionic_queue_empty(void) { return 0; }
/* "in full" says how, not what state. */
int write_in_full(void) { return 0; }
int writev_in_full(void) { return 0; }
int name_matches(void) { return 0; }
int list_contains(void) { return 0; }
int key_equals(void) { return 0; }
/* A verb before the noun and its state acts on them; a past participle
 * before a last verb makes it a noun. */
int hba_track_queue_full(void) { return 0; }
int nic_wait_tx_queue_empty(void) { return 0; }
int fs_make_empty(void) { return 0; }
int nic_poll_eeprom_done(void) { return 0; }
int hba_error_lost_link(void) { return 0; }
int dev_shared_lock(void) { return 0; }
int dev_rq_lock(void) { return 0; }
int nic_need_fw_reset(void) { return 0; }
/* try with lock last is a trylock; a handle is a noun before a state; a
 * word after a kind's name is its value. */
int fs_try_tree_lock(void) { return 0; }
int fs_handle_valid(void) { return 0; }
int fs_op_type_lock(void) { return 0; }
int fs_op_mode_read(void) { return 0; }
int fs_scan_active(void) { return 0; }
int try_write(void) { return 0; }
/* Exit statuses: 1 is failure, by the shell's convention. */
int main(void) { return 0; }
int cmd_add(void) { return 0; }
int cmd__read_graph(void) { return 0; }
// expect: naming.c:6:5: can_queue: public predicate errno
// expect: naming.c:7:5: kwq__start_flush: public action errno
// expect: naming.c:8:5: wheel_insert: public action errno
// expect: naming.c:9:5: queueWork: public action errno
// expect: naming.c:10:5: HTTPServerStart: public action errno
// expect: naming.c:11:5: current_is_worker: public predicate errno
// expect: naming.c:12:5: delayed_work_pending: public predicate errno
// expect: naming.c:13:5: kwq__grab_pending: public action errno
// expect: naming.c:14:5: flush_pending: public action errno
// expect: naming.c:15:5: worker_idle_locked: public predicate errno
// expect: naming.c:16:5: queue_is_dying: public predicate errno
// expect: naming.c:17:5: spin_trylock: public predicate errno
// expect: naming.c:18:5: has_work: public predicate errno
// expect: naming.c:19:5: should_stop: public predicate errno
// expect: naming.c:20:5: list_empty: public predicate errno
// expect: naming.c:21:5: count_items: public neither errno
// expect: naming.c:22:5: compute_hash: public neither errno
// expect: naming.c:23:5: jiffies_to_msecs: public neither errno
// expect: naming.c:24:5: busy: public neither errno
// expect: naming.c:25:5: add: public action errno
// expect: naming.c:26:7: alloc_work: public action pointer
// expect: naming.c:27:7: work_create: public action pointer
// expect: naming.c:29:5: try_claim: public action errno
// expect: naming.c:30:5: uv_try_write: public action errno
// expect: naming.c:32:5: queue_empty: public predicate errno
// expect: naming.c:33:5: ionic_queue_empty: public predicate errno
// expect: naming.c:35:5: write_in_full: public action errno
// expect: naming.c:36:5: writev_in_full: public neither errno
// expect: naming.c:37:5: name_matches: public predicate errno
// expect: naming.c:38:5: list_contains: public predicate errno
// expect: naming.c:39:5: key_equals: public predicate errno
// expect: naming.c:42:5: hba_track_queue_full: public action errno
// expect: naming.c:43:5: nic_wait_tx_queue_empty: public action errno
// expect: naming.c:44:5: fs_make_empty: public action errno
// expect: naming.c:45:5: nic_poll_eeprom_done: public action errno
// expect: naming.c:46:5: hba_error_lost_link: public neither errno
// expect: naming.c:47:5: dev_shared_lock: public neither errno
// expect: naming.c:48:5: dev_rq_lock: public action errno
// expect: naming.c:49:5: nic_need_fw_reset: public predicate errno
// expect: naming.c:52:5: fs_try_tree_lock: public predicate errno
// expect: naming.c:53:5: fs_handle_valid: public predicate errno
// expect: naming.c:54:5: fs_op_type_lock: public neither errno
// expect: naming.c:55:5: fs_op_mode_read: public neither errno
// expect: naming.c:56:5: fs_scan_active: public action errno
// expect: naming.c:57:5: try_write: public action errno
// expect: naming.c:59:5: main: public neither errno
// expect: naming.c:60:5: cmd_add: public neither errno
// expect: naming.c:61:5: cmd__read_graph: public neither errno
