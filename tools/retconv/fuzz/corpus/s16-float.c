double half_of(double x) { return x / 2; }
struct pair { int a, b; };
struct pair make_pair(int a) { struct pair p = { a, -a }; return p; }
int trunc_it(double d) { return d; }
_Complex float cplx(void) { return 1; }
