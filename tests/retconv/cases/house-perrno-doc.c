// Kernel style, not a house of positive errnos: most functions that give
// an errno give it negated.  One documented to return a positive errno
// keeps its contract all the same: its callers read 0 or a positive
// errno ("< 0" is dead), its positive errnos are right, and a negated one
// is the odd one out.  An undocumented "return EIO;" beside negative
// errnos is still the slip rule E reports, and an undocumented function
// that gives only positive values is not read as a positive errno.
#include <errno.h>

struct dev {
	int up;
	int busy;
};

int dev_open(struct dev *d) { return d ? 0 : -ENODEV; }
int dev_close(struct dev *d) { return d->up ? 0 : -EBUSY; }
int dev_start(struct dev *d) { return d->up ? -EALREADY : 0; }
int dev_stop(struct dev *d) { return d->up ? 0 : -EINVAL; }

/**
 * hw_reset() - reset the hardware
 * @d: the device
 *
 * Return: 0, or a positive errno value if the hardware did not come back.
 */
int hw_reset(struct dev *d)
{
	return d->busy ? EBUSY : 0;
}

/* Returns 0 on success, a positive error code on failure. */
int hw_halt(struct dev *d)
{
	if (d->busy)
		return EBUSY;
	if (!d->up)
		return -EIO;
	return 0;
}

int dev_sync(struct dev *d)
{
	if (!d->up)
		return -EINVAL;
	if (d->busy)
		return EIO;
	return 0;
}

int hw_poll(struct dev *d)
{
	return d->busy ? EAGAIN : 0;
}

int dev_recover(struct dev *d)
{
	int ret;

	if (hw_reset(d) < 0 || hw_halt(d))
		return -EIO;
	ret = hw_poll(d);
	if (ret)
		return -EAGAIN;
	return dev_start(d);
}
// expect: house-perrno-doc.c:37:3: warning: 'hw_halt' gives a positive errno elsewhere (documented so), but returns -EIO here, a negative value its callers' comparisons with an errno (== EIO) and messages miss; return EIO [retconv-E]
// expect: house-perrno-doc.c:46:3: warning: 'dev_sync' fails with a negative value elsewhere, but returns EIO here, a positive errno its callers' failure tests (< 0) miss; return -EIO [retconv-E]
// expect: house-perrno-doc.c:59:6: warning: 'hw_reset' returns 0 or a positive errno (class perrno, from its definition at house-perrno-doc.c:26, documented so), never negative: 'hw_reset(...) < 0' is never true; its failure is non-zero [retconv-C]
