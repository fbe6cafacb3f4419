// Rule C holds only when the call's value is the only one that can reach
// the test.  An initialiser with a conditional store after it, a jump to a
// cleanup label, a store in a branch or a loop, and an unsigned value put
// into a signed int of the same width all let a negative value through.
#include <errno.h>
#include <stdbool.h>

int close(int fd);
void dup_out(int fd);
unsigned long copy_from_user(void *to, const void *from, unsigned long n);

/* 0 or 1: boolean, from this definition. */
static int parse_flag(const char *s)
{
	return *s == 'y' ? 1 : 0;
}

/* Never negative: it returns only after the test. */
static int open_log(const char *path)
{
	int fd = 3;

	while (path) {
		if (fd >= 0)
			return fd;
	}
	return 0;
}

static const signed char hexval_table[256] = { -1 };

static unsigned int hexval(unsigned char c)
{
	return hexval_table[c];
}

/* ~0U for a bad digit becomes -1 as an int: it can be negative. */
static int hex2chr(const char *s)
{
	unsigned int val = hexval(s[0]);

	return (val & ~0xfU) ? val : (val << 4) | hexval(s[1]);
}

/* Not flagged: -1 unless the option was given (iproute2's bpdu_guard). */
int bpdu_guard_value(const char *opt)
{
	signed char guard = -1;

	if (opt)
		guard = parse_flag(opt);
	if (guard >= 0)
		return guard;
	return 0;
}

/* Not flagged: the cleanup label is reached with fd still -1. */
int write_diag(const char *path, int mode)
{
	int fd = -1;

	if (mode)
		goto cleanup;
	fd = open_log(path);
	dup_out(fd);
cleanup:
	if (fd >= 0)
		close(fd);
	return 0;
}

/* Not flagged: the store runs only when the ?: or && picks it. */
int pick(const char *s)
{
	int ret = 0;

	if (s && (ret = parse_flag(s)) > 0)
		return 1;
	if (ret < 0)
		return ret;
	ret = s ? parse_flag(s) : -EINVAL;
	if (ret < 0)
		return ret;
	return 0;
}

/* Not flagged: the previous iteration's value reaches the test. */
int scan_flags(const char **v, int n)
{
	int ret = -1;
	int i;

	ret = parse_flag(v[0]);
	for (i = 0; i < n; i++) {
		if (ret < 0)
			return ret;
		ret = v[i][0] ? -EINVAL : 0;
	}
	return 0;
}

/* Not flagged: hex2chr() can be negative (git's pkt-line.c). */
int packet_length(const char *buf)
{
	int len = hex2chr(buf);

	if (len < 0)
		return -1;
	return len;
}

/* Flagged: the call's value is the only one the test can see. */
int read_flag(const char *s)
{
	int ret = -1;

	ret = parse_flag(s);
	if (ret < 0)
		return ret;
	for (;;) {
		ret = parse_flag(s + 1);
		if (ret < 0)
			return -EINVAL;
		break;
	}
	return 0;
}
/* Not flagged: a u32 attribute that is -1 for "none" (iproute2's netns
 * id), kept in an int, can be negative there. */
static unsigned int attr_u32(const unsigned int *attr)
{
	return *attr;
}

int show_netns(const unsigned int *attr)
{
	int id = attr_u32(attr);

	if (id >= 0)
		return id;
	return 0;
}

/* Flagged: a long holds every unsigned int. */
int show_netns_long(const unsigned int *attr)
{
	long id = attr_u32(attr);

	if (id < 0)
		return -EINVAL;
	return 0;
}
// expect: rule-c-flow.c:118:6: warning: 'parse_flag' returns only 0 or 1 (class boolean, from its definition at rule-c-flow.c:13), never negative: 'ret < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: rule-c-flow.c:117:2: note: 'ret' holds the result of 'parse_flag' from here
// expect: rule-c-flow.c:122:7: warning: 'parse_flag' returns only 0 or 1 (class boolean, from its definition at rule-c-flow.c:13), never negative: 'ret < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: rule-c-flow.c:121:3: note: 'ret' holds the result of 'parse_flag' from here
// expect: rule-c-flow.c:149:6: warning: 'attr_u32' returns a count (class count, from its definition at rule-c-flow.c:130), never negative: 'id < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: rule-c-flow.c:147:7: note: 'id' holds the result of 'attr_u32' from here
