// A count compared with 1 where nothing the call asks makes it 1: the
// printf family's length of output, whose format here prints two
// characters or more, and the number of objects X509_load_crl_file(3)
// read from a file that may hold several.  "!= 1" takes a success for a
// failure.  Counts the call asks for (read(fd, &c, 1), fwrite(p, n, 1,
// f), sscanf() with one conversion) and formats that may print one
// character ("%c", "%s") stay silent, and so does a format that is no
// literal.
#define _GNU_SOURCE
#include <stdio.h>
#include <unistd.h>
#include <openssl/x509_vfy.h>

int name_port(char **out, const char *host, int port)
{
	if (asprintf(out, "%s:%d", host, port) != 1)
		return -1;
	return 0;
}

int name_bus(char **out)
{
	int n = asprintf(out, "pcie");

	if (n == 1)
		return 0;
	return -1;
}

int load_crls(X509_LOOKUP *lookup, const char *file)
{
	int rc = X509_load_crl_file(lookup, file, X509_FILETYPE_PEM);

	if (rc != 1) {
		fprintf(stderr, "cannot load %s\n", file);
		return -1;
	}
	return 0;
}

/* Right: the count is bounded by what the call asks. */
int read_byte(int fd, char *c)
{
	if (read(fd, c, 1) != 1)
		return -1;
	return 0;
}

int write_rec(FILE *f, const void *rec, size_t size)
{
	if (fwrite(rec, size, 1, f) != 1)
		return -1;
	return 0;
}

int parse_int(const char *s, int *v)
{
	if (sscanf(s, "%d", v) != 1)
		return -1;
	return 0;
}

int put_char(char *buf, size_t n, char c)
{
	if (snprintf(buf, n, "%c", c) != 1)
		return -1;
	return 0;
}

int copy_name(char **out, const char *name)
{
	if (asprintf(out, "%s", name) != 1)
		return -1;
	return 0;
}

int format_with(char *buf, size_t n, const char *fmt, int v)
{
	if (snprintf(buf, n, fmt, v) != 1)
		return -1;
	return 0;
}

int load_crls_right(X509_LOOKUP *lookup, const char *file)
{
	if (X509_load_crl_file(lookup, file, X509_FILETYPE_PEM) <= 0)
		return -1;
	return 0;
}
// expect: callsite-count-one.c:16:6: warning: 'asprintf' returns a count or a length, or a negative value on failure (class value, from the built-in table): its count is the length of its output, which its format makes two characters or more, so 'asprintf(...) != 1' takes a success other than 1 for a failure; test it for < 0 [retconv-C]
// expect: callsite-count-one.c:25:6: warning: 'asprintf' returns a count or a length, or a negative value on failure (class value, from the built-in table): its count is the length of its output, which its format makes two characters or more, so 'n == 1' takes a success other than 1 for a failure; test it for < 0 [retconv-C]
// expect: callsite-count-one.c:23:6: note: 'n' holds the result of 'asprintf' from here
// expect: callsite-count-one.c:34:6: warning: 'X509_load_crl_file' returns a positive value on success, 0 or a negative value on failure (class positive, from the built-in table): its count is how many objects the file held, which may be several, so 'rc != 1' takes a success other than 1 for a failure; test it for <= 0 [retconv-C]
// expect: callsite-count-one.c:32:6: note: 'rc' holds the result of 'X509_load_crl_file' from here
