static inline int hdr_set(int x) { return x ? -1 : 0; }
int hdr_is_ok(int x);
int hdr_is_ok(int x) { return x > 0 ? 2 : 1; }
