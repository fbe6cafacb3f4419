// A bool that is the value parsed, not the outcome: when failure is
// reported through a pointer parameter named for errors, what the
// function returns is its result, and rule A leaves it alone.  The same
// bool with no such parameter is the outcome, and is flagged.
#include <stdbool.h>
#include <string.h>

bool parse_switch(const char *word, int *err)
{
	if (!strcmp(word, "on"))
		return true;
	if (strcmp(word, "off"))
		*err = -22;
	return false;
}

bool parse_level(const char *word, int *level)
{
	*level = word[0] - '0';
	return *level >= 0 && *level <= 9;
}
// expect: error-param.c:17:6: warning: action 'parse_level' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: error-param.c:20:2: note: returns a boolean
