// SPDX-License-Identifier: MIT
/*
 * strerror(3) takes a positive error number, as errno holds it.  Under
 * "if (ret < 0)" a 0/-errno result is negative and strerror(ret) names
 * no error; under "if (!ret)" it is the success 0.  Reported: a
 * user-space wrapper that passes its parameter to strerror() called with
 * a value a "<= 0" test left, the same wrapper under "!ret", and a
 * kernel-style "< 0" with the C library's strerror() itself, in a
 * logging macro's arguments, and with a void function that prints its
 * parameter with strerror().  Right:
 * strerror(-ret), a store between the test and the call, errno given
 * instead, a positive test, a wrapper that turns a negative errno round,
 * one that switches on its code first, a function that only prints the
 * number.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

const char *lib_strerror(int errnum)
{
	if (errnum >= 1000)
		return "library error";
	return strerror(errnum);
}

/* Takes both signs: not a wrapper whose argument must be positive. */
static const char *any_strerror(int err)
{
	if (err < 0)
		err = -err;
	return strerror(err);
}

int get_name(char *buf, int len);
int scan_one(const char *name);
int probe_hw(void);
void log_code(const char *what, int code);

void show_name(char *buf, int len)
{
	int ret = get_name(buf, len);

	if (ret <= 0)
		fprintf(stderr, "no name: %s\n", lib_strerror(ret));
}

int scan_all(const char **names, int n)
{
	int i, ret;

	for (i = 0; i < n; i++) {
		ret = scan_one(names[i]);
		if (!ret) {
			fprintf(stderr, "%s: %s\n", names[i],
				lib_strerror(ret));
			continue;
		}
	}
	return 0;
}

static void report_err(const char *what, int err)
{
	fprintf(stderr, "%s: %s\n", what, strerror(err));
}

static int hw_init(void)
{
	int err;

	err = probe_hw();
	if (err < 0) {
		printf("probe failed: %s\n", strerror(err));
		return err;
	}
	err = probe_hw();
	if (err)
		return err;
	err = probe_hw();
	if (err >= 0)
		return 0;
	report_err("second probe", err);
	if (err < 0)
		report_err("second probe", err);
	return err;
}

void __log(int level, const char *func, const char *fmt, ...);
#define log_err(fmt, ...) __log(3, __func__, fmt, ##__VA_ARGS__)

/* A message is mostly written in a logging macro's arguments. */
static int open_dev(void)
{
	int rc = probe_hw();

	if (rc < 0) {
		log_err("open: %s", strerror(rc));
		return rc;
	}
	return 0;
}

/* A table of its own for some codes: not a wrapper of strerror(). */
static const char *code_str(int code)
{
	switch (code) {
	case -1:
		return "bad code";
	default:
		return strerror(code);
	}
}

/* Right: each passes a positive errno, or none. */
int right_ones(char *buf, int len)
{
	int ret = get_name(buf, len);

	if (ret < 0)
		fprintf(stderr, "no name: %s\n", lib_strerror(-ret));
	if (ret < 0) {
		ret = errno;
		fprintf(stderr, "no name: %s\n", strerror(ret));
	}
	if (ret == -1)
		fprintf(stderr, "no name: %s\n", strerror(errno));
	if (ret > 0)
		fprintf(stderr, "status: %s\n", strerror(ret));
	if (ret < 0)
		fprintf(stderr, "no name: %s\n", any_strerror(ret));
	if (ret < 0)
		log_code("no name", ret);
	printf("%s\n", ret < 0 ? strerror(-ret) : "ok");
	if (ret < 0)
		printf("%s\n", code_str(ret));
	return hw_init() || open_dev();
}

// expect: strerror-sign.c:45:49: warning: 'ret' is 0 or negative here, but strerror() takes a positive error number ('lib_strerror' passes its argument 1 to strerror()): 0 reads "Success" and a negative value "Unknown error"; tell 0 apart, and pass -err for a negative errno, errno after a -1 [retconv-C]
// expect: strerror-sign.c:44:6: note: this test leaves 'ret' 0 or negative on the way to the call
// expect: strerror-sign.c:56:18: warning: 'ret' is 0 here, but strerror() takes a positive error number ('lib_strerror' passes its argument 1 to strerror()): strerror(0) reads "Success"; the test takes the success 0 for a failure [retconv-C]
// expect: strerror-sign.c:54:7: note: this test leaves 'ret' 0 on the way to the call
// expect: strerror-sign.c:74:41: warning: 'err' is negative here, but strerror takes a positive error number: a negative value reads "Unknown error"; pass -err for a negative errno, errno after a -1 [retconv-C]
// expect: strerror-sign.c:73:6: note: this test leaves 'err' negative on the way to the call
// expect: strerror-sign.c:85:30: warning: 'err' is negative here, but strerror() takes a positive error number ('report_err' passes its argument 2 to strerror()): a negative value reads "Unknown error"; pass -err for a negative errno, errno after a -1 [retconv-C]
// expect: strerror-sign.c:84:6: note: this test leaves 'err' negative on the way to the call
// expect: strerror-sign.c:98:3: warning: 'rc' is negative here, but strerror takes a positive error number: a negative value reads "Unknown error"; pass -err for a negative errno, errno after a -1 [retconv-C]
// expect: strerror-sign.c:97:6: note: this test leaves 'rc' negative on the way to the call
