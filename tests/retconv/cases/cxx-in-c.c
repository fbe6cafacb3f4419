// A C++ header parsed as C (a tree's bindings beside its C library): its
// names are errors, and the file is checked only where types are known,
// but the run must end; clang 14 given C23's attribute syntax in C took
// '::' for a token and never finished parsing this line.
int x = std::e<B>;
// stderr: retconv: cxx-in-c.c: note: parsed with errors: 1 other error, the first: cxx-in-c.c:5:9: error: use of undeclared identifier 'std'; checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
// exit: 0
