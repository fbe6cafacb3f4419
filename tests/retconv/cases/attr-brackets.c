// A C23 attribute written in double brackets ([[gnu::format(...)]], as a
// header shared with C++ or a newer standard writes it) is an annotation:
// read as an expression, it was an error that dropped the declaration,
// and with it the class of what the function returns.
#include <stdbool.h>

[[gnu::format(printf, 1, 2)]] bool log_line(const char *fmt, ...);

[[nodiscard]] static bool queue_is_full(int n)
{
	return n > 8;
}

int flush_log(int n)
{
	if (log_line("%d", n) < 0)
		return -1;
	if (queue_is_full(n) < 0)
		return -1;
	return 0;
}
// expect: attr-brackets.c:16:6: warning: 'log_line' returns only 0 or 1 (class boolean, from its declared return type), never negative: 'log_line(...) < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: attr-brackets.c:18:6: warning: 'queue_is_full' returns only 0 or 1 (class boolean, from its definition at attr-brackets.c:9), never negative: 'queue_is_full(...) < 0' is never true; test it against 0 for what it means [retconv-C]
// exit: 1
