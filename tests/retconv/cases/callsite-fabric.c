// libfabric's reads return a count (completions, bytes; fi_cq_readerr's
// 1), or a negative fabric errno: fi_cq(3), fi_eq(3).  "if (ret)"
// whose branch handles an error takes every success for a failure, and
// one that reads it only for being 0 takes a failure for a success.
// Tested for a sign, or against the count asked for, it stays silent,
// and so does fi_av_insert, whose result is a count or 0 as the address
// vector is synchronous or not (fi_av(3)).
// Declared here as the library's headers do, without them.
#include <stdio.h>
#include <sys/types.h>

struct fid_av;
struct fid_cq;
struct fi_cq_err_entry {
	int err;
};
typedef unsigned long fi_addr_t;

int fi_av_insert(struct fid_av *av, const void *addr, size_t count,
		 fi_addr_t *fi_addr, unsigned long flags, void *context);
ssize_t fi_cq_readerr(struct fid_cq *cq, struct fi_cq_err_entry *buf,
		      unsigned long flags);
ssize_t fi_cq_read(struct fid_cq *cq, void *buf, size_t count);

int poll_any(struct fid_cq *cq, void *entry)
{
	int ret = (int)fi_cq_read(cq, entry, 1);

	if (ret) {
		fprintf(stderr, "fi_cq_read: %d\n", ret);
		return ret;
	}
	return 0;
}

void report_error(struct fid_cq *cq)
{
	struct fi_cq_err_entry e;
	int ret = fi_cq_readerr(cq, &e, 0);

	if (ret)
		printf("fi_cq_readerr %d\n", ret);
	printf("%d\n", e.err);
}

/* Right. */
int add_peer(struct fid_av *av, void *addr, fi_addr_t *out)
{
	int ret = fi_av_insert(av, addr, 1, out, 0, NULL);

	if (ret) {
		fprintf(stderr, "fi_av_insert: %d\n", ret);
		return ret;
	}
	return 0;
}

int add_peer_right(struct fid_av *av, void *addr, fi_addr_t *out)
{
	int ret = fi_av_insert(av, addr, 1, out, 0, NULL);

	if (ret != 1) {
		fprintf(stderr, "fi_av_insert: %d\n", ret);
		return ret < 0 ? ret : -1;
	}
	return 0;
}

int poll_one(struct fid_cq *cq, void *entry)
{
	ssize_t ret = fi_cq_read(cq, entry, 1);

	if (ret < 0) {
		fprintf(stderr, "fi_cq_read: %zd\n", ret);
		return (int)ret;
	}
	return 0;
}
// expect: callsite-fabric.c:29:6: warning: 'fi_cq_read' returns a value or a negative errno (class mixed, from the built-in table): the branch taken on a value other than 0 handles an error, but its successes are such values; test it for < 0 [retconv-D]
// expect: callsite-fabric.c:27:6: note: 'ret' holds the result of 'fi_cq_read' from here
// expect: callsite-fabric.c:30:3: note: the branch logs an error with fprintf()
// expect: callsite-fabric.c:41:6: warning: 'fi_cq_readerr' returns a value or a negative errno (class mixed, from the built-in table): it is tested only for being 0, so its failure, negative, goes the way of a success; test it for > 0, or for the count it must reach [retconv-D]
// expect: callsite-fabric.c:39:6: note: 'ret' holds the result of 'fi_cq_readerr' from here
