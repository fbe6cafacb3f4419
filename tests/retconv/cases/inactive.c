// Code in a configuration the parse did not select: the branches of #if,
// #ifdef and #elif the preprocessor skipped in the file are read again,
// each conditional with its first skipped branch taken, and the call
// sites on those lines are judged as any other (a TLS backend that was
// not chosen, another port, an optional driver).  Not "#if 0", which
// keeps code out on purpose, nor C++'s side of a header.  A definition
// in a skipped branch does not stand for the function: the class of
// dev_start below is its live definition's, not the stub's.
#include <errno.h>
#include <stdint.h>

struct dev {
	int fd;
	int up;
};

int SSL_read(void *ssl, void *buf, int num);

/* Kernel style: 0 or a negative errno. */
int dev_start(struct dev *d)
{
	if (d->fd < 0)
		return -ENODEV;
	d->up = 1;
	return 0;
}

#define CONFIG_DEV_FAST 1

#ifdef CONFIG_DEV_FAST
int dev_resume(struct dev *d)
{
	return dev_start(d);
}
#else
int dev_resume(struct dev *d)
{
	uint8_t err = dev_start(d);

	if (err < 0)
		return err;
	return 0;
}
#endif

#ifdef CONFIG_DEV_PM
int dev_thaw(struct dev *d)
{
	if (dev_start(d) == 1)
		return -EIO;
#ifdef CONFIG_DEV_PM_DEBUG
	if (dev_start(d) > 0)
		return -EIO;
#endif
	return 0;
}

int dev_start(struct dev *d)
{
	(void)d;
	return 1;
}
#endif

#if 0
int dev_old(struct dev *d)
{
	if (dev_start(d) == 1)
		return -EIO;
	return 0;
}
#endif

/* User space: a TLS backend not built here. */
#if defined(USE_OPENSSL)
long tls_recv(void *ssl, char *buf, int len)
{
	int n = SSL_read(ssl, buf, len);

	if (n < 0)
		return -1;
	return n;
}
#elif defined(USE_GNUTLS)
long tls_recv(void *ssl, char *buf, int len)
{
	(void)ssl;
	(void)buf;
	return len;
}
#endif

#ifdef __cplusplus
extern "C" {
int cxx_only(struct dev *d)
{
	return dev_start(d) == 1;
}
}
#endif

int dev_open(struct dev *d)
{
	if (dev_start(d) == 1)
		return -EIO;
	return 0;
}
// expect: inactive.c:40:6: warning: 'dev_start' returns 0 or a negative errno (class errno, from its definition at inactive.c:20), but 'err' is unsigned: 'err < 0' is never true; keep it in a signed int [retconv-C]
// expect: inactive.c:38:10: note: 'err' holds the result of 'dev_start' from here
// expect: inactive.c:40:6: note: in a branch of #if that the configuration read here skips; checked with that branch taken
// expect: inactive.c:49:6: warning: 'dev_start' returns 0 or a negative errno (class errno, from its definition at inactive.c:20): 'dev_start(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]
// expect: inactive.c:49:6: note: in a branch of #if that the configuration read here skips; checked with that branch taken
// expect: inactive.c:52:6: warning: 'dev_start' returns 0 or a negative errno (class errno, from its definition at inactive.c:20): 'dev_start(...) > 0' is never true; its success is 0 and its failure negative [retconv-C]
// expect: inactive.c:52:6: note: in a branch of #if that the configuration read here skips; checked with that branch taken
// expect: inactive.c:80:6: warning: 'SSL_read' returns a positive value on success, 0 or a negative value on failure (class positive, from the built-in table): 'n < 0' takes its failure 0 for a success; test it for <= 0 [retconv-C]
// expect: inactive.c:78:6: note: 'n' holds the result of 'SSL_read' from here
// expect: inactive.c:80:6: note: in a branch of #if that the configuration read here skips; checked with that branch taken
// expect: inactive.c:104:6: warning: 'dev_start' returns 0 or a negative errno (class errno, from its definition at inactive.c:20): 'dev_start(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]

/* A constant written as a name has the value of the configuration read
 * here: the slot count is 0 in this one, not in a build that takes the
 * branch, so "slot >= CONFIG_DEV_SLOTS" is not "slot >= 0". */
#define CONFIG_DEV_SLOTS 0

unsigned int dev_slot(struct dev *d);

#if CONFIG_DEV_SLOTS
int dev_bind(struct dev *d)
{
	unsigned int slot = dev_slot(d);

	if (slot >= CONFIG_DEV_SLOTS)
		return -ENOSPC;
	return 0;
}
#endif
