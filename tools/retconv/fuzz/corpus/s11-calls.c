int a_get(int);
int b_get(int x) { return a_get(x) ? b_get(x - 1) : -1; }
int a_get(int x) { return b_get(x) < 0 ? b_get(x) : 2; }
int c_set(int x) { return a_get(x) + b_get(x); }
long d_set(long x) { return c_set((int)x); }
