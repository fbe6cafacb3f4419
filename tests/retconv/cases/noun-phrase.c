// A first word that is a noun as well as a verb, followed by a plural noun,
// names a thing, not a command: store_buffers_error() asks whether the
// store's buffers met an error, and its bool is no action's result.  With a
// verb last it is an action again, two words stay a verb and its object,
// and so do three without a state or an error last.
// args: --classes
#include <stdbool.h>

struct mirror {
	bool failed;
	int nbufs;
};

bool store_buffers_error(const struct mirror *m)
{
	return m->failed;
}

int store_buffers_reset(struct mirror *m)
{
	m->failed = false;
	return 0;
}

bool sync_buffers(struct mirror *m)
{
	return m->nbufs > 0;
}

bool copy_pages_tree(const struct mirror *m)
{
	return m->nbufs != 0;
}
// expect: noun-phrase.c:14:6: store_buffers_error: public neither boolean
// expect: noun-phrase.c:19:5: store_buffers_reset: public action errno
// expect: noun-phrase.c:25:6: sync_buffers: public action boolean
// expect: noun-phrase.c:30:6: copy_pages_tree: public action boolean
