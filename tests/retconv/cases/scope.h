/* The exported interface of scope.c: what is declared here is bound. */
int scope_add(int x);
