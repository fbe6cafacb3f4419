// Kernel style: most actions return 0 or a negative errno, so that is the
// house style, and an action returning bool breaks it: rule A, no note.
#include <errno.h>
#include <stdbool.h>

struct dev {
	int up;
};

int dev_open(struct dev *d) { return d ? 0 : -ENODEV; }
int dev_close(struct dev *d) { return d->up ? 0 : -EBUSY; }
int start_dev(struct dev *d) { return d->up ? -EALREADY : 0; }
int stop_dev(struct dev *d) { return d->up ? 0 : -EINVAL; }
int reset_dev(struct dev *d) { return d ? 0 : -EIO; }
int load_fw(struct dev *d) { return d ? 0 : -ENOENT; }
int send_cmd(struct dev *d) { return d->up ? 0 : -EIO; }
int flush_dev(struct dev *d) { return d->up ? 0 : -EIO; }
int suspend_dev(struct dev *d) { return d->up ? 0 : -EAGAIN; }
int resume_dev(struct dev *d) { return d->up ? -EBUSY : 0; }
bool register_dev(struct dev *d) { return d != 0; }
// expect: house-errno.c:20:6: warning: action 'register_dev' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: house-errno.c:20:36: note: returns a boolean
