// The severity scale: exported (declared in a header), public, static.
// args: --static
#include "scope.h"

int scope_add(int x)
{
	return x > 0;
}

int scope_flush(int x)
{
	return x < 0;
}

static int scope_start(int x)
{
	return x == 0;
}

int scope_use(int x)
{
	return scope_start(x) || scope_flush(x);
}
// expect: scope.c:5:5: warning: action 'scope_add' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: scope.c:7:2: note: returns a boolean
// expect: scope.c:10:5: warning: action 'scope_flush' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: scope.c:12:2: note: returns a boolean
// expect: scope.c:15:12: warning: static action 'scope_start' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: scope.c:17:2: note: returns a boolean
