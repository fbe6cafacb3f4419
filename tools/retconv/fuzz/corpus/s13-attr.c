__attribute__((visibility("hidden"))) int hide_work(int x) { return x; }
static inline int inl_work(int x) { return x == 3; }
extern int ext_work(int x);
int ext_work(int x) { return inl_work(x) ? 1 : -1; }
__attribute__((noreturn)) void die_now(void) { for (;;); }
