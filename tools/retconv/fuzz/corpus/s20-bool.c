#include <stdbool.h>
bool can_run(int x) { return x && !x || x > 1; }
bool test_and_set(int *x) { bool old = *x; *x = 1; return old; }
int set_flag(int *x) { return test_and_set(x); }
