// SPDX-License-Identifier: MIT
/*
 * read(2)'s 0, and recv(2)'s, store nothing in the buffer.  A test of
 * the result for its failure alone is right where the count is used
 * next; where the buffer is read next as a string, without its count, a
 * 0 leaves that string as the declaration left it.  Reported: a
 * user-space sysfs reader ("len < 0", then sscanf()), a kernel-style
 * reply parser ("ret == -1" with goto unwinding, then strncmp()).
 * Right: the count looked at first (a terminator at buf[len], a test for
 * 0 below), a test for <= 0, a buffer with an initializer or cleared
 * before the read, an if with an else, a use through memcpy() with the
 * count, a byte stored before one is read.  A loop's second read into
 * the buffer the first one's sscanf() read is reported at its own bytes
 * ("buf[1]" read at a constant index).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

int atoi_like(const char *s);

int entry_type(const char *path)
{
	char buf[32];
	ssize_t len;
	int f, type;

	f = open(path, O_RDONLY);
	if (f < 0)
		return -1;
	len = read(f, buf, sizeof(buf));
	close(f);
	if (len < 0)
		return -1;
	if (sscanf(buf, "%d", &type) != 1)
		return -1;
	return type;
}

int peer_hello(int sock, int *state)
{
	char reply[16];
	int ret;

	ret = recv(sock, reply, sizeof(reply), 0);
	if (ret == -1)
		goto err;
	if (strncmp(reply, "OK", 2))
		goto err;
	*state = 1;
	return 0;
err:
	*state = 0;
	return -1;
}

/* Right: the count terminates the string first. */
int entry_terminated(int f)
{
	char buf[32];
	ssize_t len;
	int type;

	len = read(f, buf, sizeof(buf) - 1);
	if (len < 0)
		return -1;
	buf[len] = '\0';
	if (sscanf(buf, "%d", &type) != 1)
		return -1;
	return type;
}

/* Right: 0 is sent away with the failure. */
int entry_le(int f)
{
	char buf[32];
	ssize_t len;

	len = read(f, buf, sizeof(buf));
	if (len <= 0)
		return -1;
	return (int)strlen(buf);
}

/* Right: 0 told apart by the next test. */
int entry_zero_below(int f)
{
	char buf[32];
	ssize_t len;

	len = read(f, buf, sizeof(buf));
	if (len < 0)
		return -1;
	if (len == 0)
		return 0;
	return atoi_like(buf);
}

/* Right: the buffer holds a string before the read. */
int entry_init(int f)
{
	char buf[32] = { 0 };
	char two[32];
	ssize_t len;

	len = read(f, buf, sizeof(buf) - 1);
	if (len < 0)
		return -1;
	memset(two, 0, sizeof(two));
	len = read(f, two, sizeof(two) - 1);
	if (len < 0)
		return -1;
	return (int)strlen(buf) + (int)strlen(two);
}

/* Right: an else, and a copy that takes the count. */
int entry_else(int f, char *out)
{
	char buf[32];
	ssize_t len;

	len = read(f, buf, sizeof(buf));
	if (len < 0) {
		return -1;
	} else {
		memcpy(out, buf, (size_t)len);
	}
	len = read(f, buf, sizeof(buf));
	if (len < 0)
		return -1;
	memcpy(out, buf, (size_t)len);
	return 0;
}

/* Reported: the second read's 0 leaves the first file's bytes. */
static int dmi_uuid(int dir, unsigned char *uuid)
{
	char buf[64];
	int f, type;
	long len;

	for (;;) {
		f = openat(dir, "type", O_RDONLY);
		if (f < 0)
			return -1;
		len = read(f, buf, sizeof(buf));
		close(f);
		if (len < 0)
			continue;
		if (sscanf(buf, "%d", &type) != 1 || type != 1)
			continue;
		if ((f = openat(dir, "raw", O_RDONLY)) < 0)
			break;
		len = pread(f, buf, sizeof(buf), 0);
		close(f);
		if (len == -1)
			continue;
		uuid[0] = buf[1];
		return 0;
	}
	return -1;
}

/* Right: a byte is stored before any is read. */
int dmi_first(int f, unsigned char *uuid)
{
	char buf[64];
	long len;

	len = read(f, buf, sizeof(buf));
	if (len < 0)
		return -1;
	buf[sizeof(buf) - 1] = 0;
	uuid[0] = buf[1];
	return dmi_uuid(f, uuid);
}
// expect: read-unread.c:36:6: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table), and 0 when it stored nothing: 'len < 0' lets 0 through, and the buffer is then read as if bytes had been stored in it; test it for <= 0 too [retconv-C]
// expect: read-unread.c:34:2: note: 'len' holds the result of 'read' from here
// expect: read-unread.c:38:6: note: 'sscanf' reads 'buf' as a string, and a 0 from 'read' stored nothing in it: its bytes are what was there before
// expect: read-unread.c:49:6: warning: 'recv' returns a count or a length, or a negative value on failure (class value, from the built-in table), and 0 when it stored nothing: 'ret == -1' lets 0 through, and the buffer is then read as if bytes had been stored in it; test it for <= 0 too [retconv-C]
// expect: read-unread.c:48:2: note: 'ret' holds the result of 'recv' from here
// expect: read-unread.c:51:6: note: 'strncmp' reads 'reply' as a string, and a 0 from 'recv' stored nothing in it: its bytes are what was there before
// expect: read-unread.c:151:7: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table), and 0 when it stored nothing: 'len < 0' lets 0 through, and the buffer is then read as if bytes had been stored in it; test it for <= 0 too [retconv-C]
// expect: read-unread.c:149:3: note: 'len' holds the result of 'read' from here
// expect: read-unread.c:153:7: note: 'sscanf' reads 'buf' as a string, and a 0 from 'read' stored nothing in it: its bytes are what was there before
// expect: read-unread.c:159:7: warning: 'pread' returns a count or a length, or a negative value on failure (class value, from the built-in table), and 0 when it stored nothing: 'len == -1' lets 0 through, and the buffer is then read as if bytes had been stored in it; test it for <= 0 too [retconv-C]
// expect: read-unread.c:157:3: note: 'len' holds the result of 'pread' from here
// expect: read-unread.c:161:13: note: 'buf[1]' reads a byte of 'buf', and a 0 from 'pread' stored nothing in it: it is what was there before
