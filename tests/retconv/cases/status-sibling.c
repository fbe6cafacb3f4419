// A 1 spelled as a sibling of the success the body spells, the same
// prefix before SUCCESS or OK (a BIOS disk status: DISK_RET_EPARAM = 1
// beside DISK_RET_SUCCESS = 0), is a code of that status set, a failure,
// not a boolean's true (issue 26 section 4, the seventh blind round);
// an action that passes it on returns the same set.  A plain 1 beside
// a plain 0 is still rule A's.
#define DISK_RET_SUCCESS 0x00
#define DISK_RET_EPARAM 0x01

struct drive {
	int type;
	unsigned sectors;
};

int fill_generic_edd(struct drive *d, unsigned size)
{
	if (size < 26)
		return DISK_RET_EPARAM;
	d->sectors = size;
	return DISK_RET_SUCCESS;
}

int fill_edd(struct drive *d, unsigned size)
{
	switch (d->type) {
	case 1:
		return fill_generic_edd(d, size * 2);
	default:
		return fill_generic_edd(d, size);
	}
}

int fill_plain(struct drive *d, unsigned size)
{
	if (size < 26)
		return 1;
	d->sectors = size;
	return 0;
}
// expect: status-sibling.c:33:5: warning: action 'fill_plain' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: status-sibling.c:36:3: note: returns 1
