// SPDX-License-Identifier: MIT
/*
 * "-x" where x holds a negative value gives a positive one.  BSD-derived
 * file-system operations return a positive errno (their VFS tests != 0,
 * the system call returns -error), and keep their libraries' 0/-errno
 * results as "return -rc;", "return -lib_open(...);", "rc = -rc;" or an
 * error pointer's code negated ("rc = -PTR2ERR(p);"): each is a positive
 * errno, so "return ENOMEM;" beside them is the function's convention,
 * not the odd one out.  Still reported: a function that passes on a
 * negative errno as it is and returns EINVAL elsewhere, and one whose
 * negation takes a positive value ("rc = EIO; ... return -rc;").
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#define PTRISERR(p) ((intptr_t)(p) < 0 && (intptr_t)(p) >= -512)
#define PTR2ERR(p) ((int)((intptr_t)(p)))

struct fid {
	int n;
};

struct fid *fid_walk(int x);
void fid_put(struct fid *f);

/* The library: 0 or a negative errno. */
int lib_open(struct fid *f, int flags)
{
	if (!f)
		return -EINVAL;
	return flags > 3 ? -EIO : 0;
}

/* A vnode operation: 0 or a positive errno. */
int vn_open(int flags)
{
	struct fid *fid;
	void *fd;
	int rc;

	fd = calloc(1, 8);
	if (!fd)
		return ENOMEM;
	fid = fid_walk(flags);
	if (PTRISERR(fid)) {
		rc = PTR2ERR(fid);
		goto out;
	}
	if (flags)
		rc = lib_open(fid, flags);
	else
		rc = -EOPNOTSUPP;
	if (rc)
		goto out_put;
	return 0;
out_put:
	fid_put(fid);
out:
	free(fd);
	return -rc;
}

int vn_mkdir(int mode)
{
	if (!mode)
		return EINVAL;
	return -lib_open(NULL, mode);
}

int vfs_mount(int flags)
{
	struct fid *fid;
	int rc;

	if (!flags)
		return ENOMEM;
	fid = fid_walk(flags);
	if (PTRISERR(fid)) {
		rc = -PTR2ERR(fid);
		goto out;
	}
	rc = lib_open(fid, flags);
	if (rc != 0) {
		rc = -rc;
		goto out;
	}
	return 0;
out:
	fid_put(fid);
	return rc;
}

/* Reported: the library's negative errno passed on as it is. */
int dev_open(int flags)
{
	int rc;

	if (!flags)
		return EINVAL;
	rc = lib_open(NULL, flags);
	if (rc < 0)
		return rc;
	return 0;
}

/* Reported: a positive errno negated is negative. */
int dev_reset(int flags)
{
	int rc = 0;

	if (!flags)
		return EBUSY;
	if (flags > 2)
		rc = EIO;
	return -rc;
}
// expect: positive-errno-negated.c:100:3: warning: 'dev_open' fails with a negative value elsewhere, but returns EINVAL here, a positive errno its callers' failure tests (< 0) miss; return -EINVAL [retconv-E]
// expect: positive-errno-negated.c:113:3: warning: 'dev_reset' fails with a negative value elsewhere, but returns EBUSY here, a positive errno its callers' failure tests (< 0) miss; return -EBUSY [retconv-E]
