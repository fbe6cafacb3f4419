// A house style: where more than half of a run's actions with a known
// class (at least 10) return bool or only 0 and 1, that is how the
// project says success, and rule A reports those actions only with
// --style; one line says so.  Kernel style, a vendor driver's _SUCCESS
// and _FAIL.  Rule B (a predicate's negative reads as true) and the
// call-site rules still report, whatever the house style.
#include <errno.h>

#define _SUCCESS 1
#define _FAIL 0

struct adapter {
	int up;
	int fw;
	int chan;
};

int init_adapter(struct adapter *a) { return a ? _SUCCESS : _FAIL; }
int start_adapter(struct adapter *a) { return a->up ? _SUCCESS : _FAIL; }
int stop_adapter(struct adapter *a) { return a->up ? _FAIL : _SUCCESS; }
int load_fw(struct adapter *a) { return a->fw ? _SUCCESS : _FAIL; }
int send_cmd(struct adapter *a) { return a->up ? _SUCCESS : _FAIL; }
int set_channel(struct adapter *a) { return a->chan ? _SUCCESS : _FAIL; }
int reset_chip(struct adapter *a) { return a->fw ? _SUCCESS : _FAIL; }
int enable_irq_line(struct adapter *a) { return a->up ? _SUCCESS : _FAIL; }
int disable_irq_line(struct adapter *a) { return a->up ? _FAIL : _SUCCESS; }
int flush_fifo(struct adapter *a) { return a->up ? _SUCCESS : _FAIL; }
int register_netdev_of(struct adapter *a) { return a ? 0 : -ENODEV; }

int is_ready(struct adapter *a)
{
	if (!a)
		return -EINVAL;
	return a->up;
}
// expect: house-success.c:30:5: warning: predicate 'is_ready' returns a negative errno beside its answer, and a caller reads the result as true or false, so the error reads as true; test its sign there, or return a bool [retconv-B]
// expect: house-success.c:52:9: note: its result is read as true or false here, with no test of its sign: a negative errno reads as true
// expect: house-success.c:33:3: note: returns a negative errno

int probe_adapter(struct adapter *a)
{
	if (start_adapter(a) < 0)
		return -EIO;
	return 0;
}
// expect: house-success.c:42:6: warning: 'start_adapter' returns only 0 or 1 (class boolean, from its definition at house-success.c:19), never negative: 'start_adapter(...) < 0' is never true; test it against 0 for what it means [retconv-C]
// stderr: retconv: note: house style: 10 of 13 actions return bool or only 0 and 1; rule A reports them only with --style

/* Its caller takes the -EINVAL for "ready". */
int wait_adapter(struct adapter *a)
{
	return is_ready(a) ? 0 : -EAGAIN;
}
