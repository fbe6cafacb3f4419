struct s { int a; int (*fn)(void); };
int *get_ptr(struct s *p) { return p ? &p->a : 0; }
int call_fn(struct s *p) { return p->fn(); }
int deref_it(struct s *p) { return p[0].a ? *get_ptr(p) : -p->a; }
