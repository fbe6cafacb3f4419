// How the convention reads names it was never tuned on, kernel style and
// user space alike, by what each word does in the name:
// - a last word that repeats a bool parameter's name makes a setter, an
//   action (set_active(x, bool active) sets, it does not ask whether the
//   set is active); declared bool, a setter is neither;
// - an auxiliary (can, did, may, should...) asks only of a verb after it:
//   last, it is a noun (a device's did, a bus's can);
// - a state adjective last after a noun asks about it (fw_compatible,
//   port_supported);
// - a verb in the third person after its subject asks (map_uses_hugepages,
//   dev_supports_dma), and so does match last after one (name_match),
//   but not a match that is a noun (best_match, find_match) or one after
//   a verb (check_match).
// args: --classes --static
#include <stdbool.h>

struct port;

int set_active(struct port *p, bool active) { return 0; }
int led_ready(struct port *p, bool is_ready) { return 0; }
bool link_enabled(struct port *p, bool enabled) { return true; }
int set_ready(struct port *p) { return 0; }
int port_active(struct port *p, int active) { return 0; }
int usb_get_did(struct port *p) { return 0; }
int pci_vendor_did(struct port *p) { return 0; }
int bus_can(struct port *p) { return 0; }
int can_sleep(struct port *p) { return 0; }
int did_timeout(struct port *p) { return 0; }
int fw_compatible(struct port *p) { return 0; }
int port_supported(struct port *p) { return 0; }
int codec_available(struct port *p) { return 0; }
int map_uses_hugepages(struct port *p) { return 0; }
int dev_supports_dma(struct port *p) { return 0; }
int uses_dma(struct port *p) { return 0; }
int apply_uses(struct port *p) { return 0; }
int name_match(const char *a, const char *b) { return 0; }
int best_match(const char *a, const char *b) { return 0; }
int find_match(const char *a, const char *b) { return 0; }
int check_match(const char *a, const char *b) { return 0; }
// expect: names-convention.c:19:5: set_active: public action errno
// expect: names-convention.c:20:5: led_ready: public action errno
// expect: names-convention.c:21:6: link_enabled: public neither boolean
// expect: names-convention.c:22:5: set_ready: public action errno
// expect: names-convention.c:23:5: port_active: public predicate errno
// expect: names-convention.c:24:5: usb_get_did: public neither errno
// expect: names-convention.c:25:5: pci_vendor_did: public neither errno
// expect: names-convention.c:26:5: bus_can: public neither errno
// expect: names-convention.c:27:5: can_sleep: public predicate errno
// expect: names-convention.c:28:5: did_timeout: public predicate errno
// expect: names-convention.c:29:5: fw_compatible: public predicate errno
// expect: names-convention.c:30:5: port_supported: public predicate errno
// expect: names-convention.c:31:5: codec_available: public predicate errno
// expect: names-convention.c:32:5: map_uses_hugepages: public predicate errno
// expect: names-convention.c:33:5: dev_supports_dma: public predicate errno
// expect: names-convention.c:34:5: uses_dma: public neither errno
// expect: names-convention.c:35:5: apply_uses: public action errno
// expect: names-convention.c:36:5: name_match: public predicate errno
// expect: names-convention.c:37:5: best_match: public neither errno
// expect: names-convention.c:38:5: find_match: public neither errno
// expect: names-convention.c:39:5: check_match: public action errno

/* The first words spell the type the first parameter points to: a noun,
 * even when a predicate word is among them. */
struct can_frame;
typedef struct did_entry did_entry_t;
int can_frame_valid(struct can_frame *cf) { return 0; }
int can_frame_send(struct can_frame *cf) { return 0; }
int did_entry_remove(did_entry_t *e) { return 0; }
int can_frame_len(int len) { return 0; }
int is_port_up(struct port *p) { return 0; }
// expect: names-convention.c:66:5: can_frame_valid: public neither errno
// expect: names-convention.c:67:5: can_frame_send: public action errno
// expect: names-convention.c:68:5: did_entry_remove: public action errno
// expect: names-convention.c:69:5: can_frame_len: public predicate errno
// expect: names-convention.c:70:5: is_port_up: public predicate errno

/* A state after a preposition is a noun, or says how. */
int fdt_node_offset_by_compatible(const void *fdt, int start) { return 0; }
int copy_in_full(int fd) { return 0; }
int buf_in_full(int fd) { return 0; }
// expect: names-convention.c:78:5: fdt_node_offset_by_compatible: public neither errno
// expect: names-convention.c:79:5: copy_in_full: public action errno
// expect: names-convention.c:80:5: buf_in_full: public neither errno

/* An answer given through a pointer to a bool of the name's last word:
 * the function fills it, and returns how that went.  An adjective after a
 * verb is not read. */
int xpmem_accessible(struct port *p, bool *accessible) { return 0; }
int ep_recv_buffer_available(struct port *p) { return 0; }
// expect: names-convention.c:88:5: xpmem_accessible: public action errno
// expect: names-convention.c:89:5: ep_recv_buffer_available: public neither errno
