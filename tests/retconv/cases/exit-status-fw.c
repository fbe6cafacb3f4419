// SPDX-License-Identifier: MIT
/*
 * Kernel-style firmware with a hosted test build: its main() runs the
 * self-test and returns the result as the process's exit status, 0 or 1.
 * run_board_tests() follows the exit status's convention, not the kernel's;
 * board_probe(), whose 1 main() never returns, still mixes 1 with
 * negative errnos.
 */
#define EIO 5
#define ENODEV 19

struct board {
	unsigned int id;
	int ready;
};

static struct board board;

int run_board_tests(struct board *b)
{
	if (!b->ready)
		return 1;
	return b->id == 0x42 ? 0 : 1;
}

int board_probe(struct board *b)
{
	if (!b->id)
		return -ENODEV;
	if (b->id > 0xff)
		return -EIO;
	b->ready = 1;
	return 1;
}

int main(void)
{
	board.id = 0x42;
	if (board_probe(&board) < 0)
		return 1;
	return run_board_tests(&board);
}
// expect: exit-status-fw.c:26:5: warning: action 'board_probe' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: exit-status-fw.c:29:3: note: returns a negative errno
// expect: exit-status-fw.c:31:3: note: returns a negative errno
// expect: exit-status-fw.c:33:2: note: returns 1
