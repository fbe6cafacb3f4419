#line 10 "other.h"
int in_header(int x) { return x < 0; }
# 1 "fake.c" 1
int after_line(int x) { return -x; }
