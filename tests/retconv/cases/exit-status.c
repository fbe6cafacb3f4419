// SPDX-License-Identifier: MIT
/*
 * A program's main() returns an exit status, read by the shell: 0 for
 * success, 1 (EXIT_FAILURE) for failure.  An action whose result main()
 * returns as it is, with no failure code of main's own beside it, gives
 * that status, and its 1 is a failure's exit code, not a boolean's truth
 * (a ping's run loop: ">= 0: exit with this code", tried on each address
 * until one gives a status).  So is an action whose result that action
 * returns so.  An action main() tests before it returns ("if
 * (load_config()) return 2;") is read by main's own test, and one whose 1
 * main() merges into a status of its own ("ret |= close_log();" beside
 * "ret = 1;") feeds main's status: both are still judged by their names.
 */
#include <stdio.h>

struct opts {
	int count;
	int quiet;
	FILE *log;
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

/* >= 0: exit with this code; < 0: try the next address. */
int ping_run(int family)
{
	int received = 0;

	if (family != 4 && family != 6)
		return -1;
	while (received < opts.count)
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

int close_log(void)
{
	if (opts.log && fclose(opts.log))
		return 1;
	return 0;
}

int main(int argc, char **argv)
{
	int families[2] = { 6, 4 };
	int i, ret;

	if (load_config(argc > 1 ? argv[1] : NULL))
		return 2;
	if (argc > 2) {
		ret = argv[2][0] == 'q';
		ret |= close_log();
		return ret;
	}
	for (i = 0; i < 2; i++) {
		ret = ping_run(families[i]);
		if (ret >= 0)
			break;
	}
	return ret;
}
// expect: exit-status.c:45:5: warning: action 'load_config' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: exit-status.c:48:3: note: returns 1
// expect: exit-status.c:53:5: warning: action 'close_log' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: exit-status.c:56:3: note: returns 1
