// A definition that stands in for an outside library's function, of the
// same name (a SHA-1 built in where OpenSSL is not linked, a test's stub
// of MySQL's C API), keeps that library's contract (issue 26 section 4,
// the seventh blind round): SHA1_Init(3) returns 1 for success, and
// mysql_stmt_close() a bool that is true on failure.  Rules A and B do
// not judge it by its name.  A function of the project's own with the
// same body is judged.
#include <stdbool.h>
#include <string.h>

typedef struct {
	unsigned h[5];
	unsigned size;
} SHA_CTX;

typedef struct {
	int open;
} MYSQL_STMT;

int SHA1_Init(SHA_CTX *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->h[0] = 0x67452301;
	return 1;
}

bool mysql_stmt_close(MYSQL_STMT *stmt)
{
	stmt->open = 0;
	return false;
}

/* The project's own: an action giving bool, rule A. */
bool stmt_close(MYSQL_STMT *stmt)
{
	stmt->open = 0;
	return false;
}
// expect: standin-outside.c:34:6: warning: action 'stmt_close' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: standin-outside.c:37:2: note: returns false
