// SPDX-License-Identifier: MIT
/*
 * A program's main() returns an exit status, read by the shell: 0 for
 * success, 1 (EXIT_FAILURE) for failure.  An action whose result main()
 * returns as it is gives that status, and its 1 is a failure's exit code,
 * not a boolean's truth (a ping's run loop: ">= 0: exit with this code").
 * So is an action whose result that action returns so.  An action main()
 * tests before it returns ("if (load_config()) return 2;") is read by
 * main's own test, and is still judged by its name.
 */
#include <stdio.h>

struct opts {
	int count;
	int quiet;
};

static struct opts opts;

int finish_run(int received)
{
	if (!received)
		return 1;
	if (!opts.quiet)
		printf("%d received\n", received);
	return 0;
}

/* >= 0: exit with this code. */
int ping_run(int argc)
{
	int received = 0;

	while (received < opts.count && argc > 1)
		received++;
	return finish_run(received);
}

int load_config(const char *path)
{
	if (!path)
		return 1;
	opts.count = 3;
	return 0;
}

int main(int argc, char **argv)
{
	if (load_config(argc > 1 ? argv[1] : NULL))
		return 2;
	return ping_run(argc);
}
// expect: exit-status.c:39:5: warning: action 'load_config' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: exit-status.c:42:3: note: returns 1
