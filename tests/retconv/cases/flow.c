// What a returned variable holds is read in the order the body runs: a
// reader's 1 for "got a line", kept in ret while a loop runs, is replaced
// before every return, and a count stored in err is overwritten before
// the label that returns it.  A 1 that does reach a return is still seen,
// and so is an errno that reaches it only through a goto.  A store replaces
// what the variable held, whatever an earlier branch left in it, and a
// copy of another variable takes what that one holds where it is copied.
#include <errno.h>
#include <stdio.h>

/* 1: a line was read; 0: end of file; -1: a bad line. */
static int next_line(FILE *fp, char *buf, int size)
{
	if (!fgets(buf, size, fp))
		return 0;
	return buf[0] == '#' ? -1 : 1;
}

int load_lines(FILE *fp, int *count)
{
	char buf[64];
	int ret = -1;

	while ((ret = next_line(fp, buf, sizeof(buf)))) {
		if (ret == -1)
			goto out;
		ret = -1;
		if (buf[0] == '\n')
			continue;
		if (++*count > 100)
			goto out;
	}
	ret = 0;
out:
	return ret;
}

/* 1: one line written; -1: an error. */
static int emit_line(FILE *fp, const char *text)
{
	return fputs(text, fp) < 0 ? -1 : 1;
}

int write_lines(FILE *fp, const char *text, int n)
{
	int err = 0;

	if (!n)
		goto done;
	for (int i = 0; i < n; i++) {
		err = emit_line(fp, text);
		if (err < 0) {
			err = -EIO;
			goto done;
		}
	}
	err = fflush(fp) ? -EIO : 0;
done:
	return err;
}

int check_lines(FILE *fp, char *buf)
{
	int ret;

	ret = next_line(fp, buf, 16);
	if (ret < 0)
		goto out;
	switch (buf[0]) {
	case 'x':
		ret = -EINVAL;
		break;
	default:
		ret = 1;
		break;
	}
out:
	return ret;
}

int read_lines(FILE *fp, char *buf)
{
	int ret;

	ret = next_line(fp, buf, 16);
	if (ret)
		goto out;
	ret = 1;
out:
	return ret;
}

typedef int (*line_fn)(FILE *fp);

int load_each_line(FILE *fp, line_fn first, char *buf)
{
	int err;

	if (first) {
		err = first(fp);
		if (err)
			return err;
	}
	err = next_line(fp, buf, 16);
	if (err == 1)
		err = 0;
	return err;
}

int save_lines(FILE *fp, const char *text)
{
	int ret = 0, err;

	err = emit_line(fp, text) < 0 ? -EIO : 0;
	if (err) {
		ret = err;
		goto out;
	}
	err = fputs("\n", fp) < 0;
	if (err)
		ret = -EIO;
out:
	return ret;
}
// expect: flow.c:62:5: warning: action 'check_lines' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: flow.c:78:2: note: returns 1 or a negative errno
// expect: flow.c:81:5: warning: action 'read_lines' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: flow.c:90:2: note: returns 1 or a negative errno
