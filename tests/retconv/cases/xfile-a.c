// Calls are resolved across files: alone, mark_done() is defined nowhere
// and proves nothing; checked with xfile-b.c, which defines it as a 0/1
// function, finish_job() passes a boolean on as its result.
int mark_done(int *job);

int finish_job(int *job)
{
	if (!job)
		return -22;
	return mark_done(job);
}
