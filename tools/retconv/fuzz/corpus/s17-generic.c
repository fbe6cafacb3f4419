#define type_of(x) _Generic((x), int: 1, long: -2, default: 0)
int gen_type(long x) { return type_of(x); }
int comma_ret(int x) { return (x++, x--, -x); }
int sizeof_ret(int x) { return sizeof(x) - 8; }
int align_ret(void) { return _Alignof(long); }
