// An unsigned field wider than the signed type it is returned as keeps
// only its low bits: the value can come out negative, and a caller's test
// for a negative value is no dead test (an assembler's 64-bit expression
// value returned as an int, tested for the negative operand a user
// wrote).  A field of the result's own width is still a count
// (rule-c-contract.c), and a test of it for < 0 is reported.
#include <stdint.h>

struct expr_value {
	uint64_t v;
	unsigned int nr;
};

void parse_expr(struct expr_value *e);
void error(const char *msg);

int int_expr(void)
{
	struct expr_value e;

	parse_expr(&e);
	return e.v;
}

int shift_count(void)
{
	int n = int_expr();

	if (n < 0)
		error("negative shift count");
	return n;
}

int entry_count(void)
{
	struct expr_value e;

	parse_expr(&e);
	return e.nr;
}

int use_entries(void)
{
	if (entry_count() < 0)
		return -1;
	return 0;
}

/* A member of a union holds one of a variant's readings: a constant's
 * bits kept in a uint64_t and read back as an int64_t can be negative. */
union cvalue {
	double d;
	uint64_t i;
};

void parse_const(union cvalue *c);

int64_t const_expr(void)
{
	union cvalue c;
	int64_t v;

	parse_const(&c);
	v = c.i;
	return v;
}

int check_align(void)
{
	if (const_expr() < 0)
		return -1;
	return 0;
}
// expect: narrowed-field.c:34:5: warning: 'entry_count' is declared to return a signed int and 1 call site tests it for a negative value, but its body never returns one (class count, from its definition): return a negative value on failure, or make its failure plain to its callers and drop their tests [retconv-C]
// expect: narrowed-field.c:44:6: note: 'entry_count(...) < 0' in use_entries() expects a negative value
