// The other half of sites-a.c.
int claim_tag(int *tag)
{
	if (*tag)
		return 0;
	*tag = 1;
	return 1;
}
// expect: sites-b.c:2:5: warning: action 'claim_tag' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: sites-b.c:7:2: note: returns 1
