// SPDX-License-Identifier: MIT
/*
 * fuzz-retconv: a libFuzzer harness that feeds arbitrary bytes to retconv
 * as the contents of one C file.
 *
 * It does in one process what a retconv run does across its worker
 * processes and the parent, for one input: libclang parses the bytes as an
 * in-memory file (CXUnsavedFile) with the options worker.c gives every
 * file (clang's resource directory, then -w, no error limit, no spelling
 * correction, CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles and
 * KeepGoing), a parse error becomes a note as worker.c makes one, and the
 * file, however recovered, goes through worker_summarize() into a summary,
 * which is read back with summary_read(), resolved, judged by the rules
 * with the built-in vocabulary and printed in all three formats to
 * /dev/null.  Nothing is
 * forked, so a crash, a sanitizer report, a hang (-timeout=) or runaway
 * memory (-rss_limit_mb=) is libFuzzer's to see and to save.
 *
 * Two checks go beyond "does not crash": the summary a worker writes must
 * read back without a protocol error, since the parent would otherwise
 * drop the rest of that worker's files; and a file that parses must give
 * the same number of functions after the round trip as worker_summarize()
 * wrote.
 *
 * libclang's crash recovery is switched off (LIBCLANG_DISABLE_CRASH_RECOVERY)
 * before the index is created: with it, libclang would catch a fault in
 * its own parser with signal handlers of its own, and neither AddressSanitizer
 * nor libFuzzer would see it.  retconv itself contains such a fault in the
 * worker process, so a crash whose stack is all inside libclang is
 * libclang's bug; one that passes through tools/retconv is retconv's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "../retconv.h"

#ifndef RETCONV_RESOURCE_DIR
#define RETCONV_RESOURCE_DIR ""
#endif

/* The name the bytes go by: a .c file, as retconv sees most inputs. */
#define FUZZ_FILE "fuzz-input.c"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static CXIndex fuzz_index;
static struct rc_config fuzz_cfg;
static FILE *fuzz_null;
static const char *fuzz_rdir;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *dir = getenv("RETCONV_RESOURCE_DIR");

	(void)argc;
	(void)argv;
	setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
	if (!dir || !*dir)
		dir = RETCONV_RESOURCE_DIR;
	fuzz_rdir = *dir ? dir : NULL;
	fuzz_index = clang_createIndex(0, 0);
	config_init(&fuzz_cfg);
	fuzz_null = fopen("/dev/null", "w");
	if (!fuzz_index || !fuzz_null)
		abort();
	return 0;
}

/* A parse error is a note, as worker.c makes it; the file is checked on. */
static void note_error(CXTranslationUnit tu, FILE *out)
{
	char *msg = damage_first_error(tu);

	if (msg)
		summary_write_note(out, FUZZ_FILE, msg);
	free(msg);
}

static size_t count_funcs(const char *text, size_t len)
{
	size_t n = 0, i;

	for (i = 0; i < len; i++)
		if (text[i] == 'F' && (i == 0 || text[i - 1] == '\n'))
			n++;
	return n;
}

/* The summary back as the parent reads it; an empty one is no functions. */
static void read_back(char *text, size_t len, struct rc_result *res)
{
	long begun;
	FILE *in;

	if (!len)
		return;
	in = fmemopen(text, len, "r");
	if (!in)
		abort();
	if (summary_read(in, res, &begun)) {
		fprintf(stderr, "fuzz-retconv: the summary does not read back:\n"
			"%.*s\n", (int)len, text);
		abort();
	}
	fclose(in);
	if (res->nfuncs != count_funcs(text, len)) {
		fprintf(stderr, "fuzz-retconv: %zu F records, %zu functions read\n",
			count_funcs(text, len), res->nfuncs);
		abort();
	}
}

/* The parent's half: read the summary back, resolve, judge, print. */
static void judge(char *text, size_t len)
{
	struct rc_result res = { .funcs = NULL };
	struct rc_findings found = { NULL, 0 };
	struct rc_table table;

	read_back(text, len, &res);
	resolve_calls(&res);
	report_classes(fuzz_null, &fuzz_cfg, &res, SCOPE_STATIC);
	rules_apply(&fuzz_cfg, &res, SCOPE_STATIC, &found);
	/* The call-site rules, with the built-in table, as main.c runs them. */
	table_init(&table);
	sites_apply(&fuzz_cfg, &table, &res, &found);
	findings_sort(&found);
	table_free(&table);
	report_text(fuzz_null, &found);
	report_sarif(fuzz_null, &found, &res, true);
	findings_free(&found);
	result_free(&res);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct CXUnsavedFile file = {
		.Filename = FUZZ_FILE,
		.Contents = (const char *)data,
		.Length = (unsigned long)size,
	};
	const char *argv[5];
	CXTranslationUnit tu = NULL;
	enum CXErrorCode ec;
	char *text = NULL;
	size_t len = 0;
	FILE *out;
	int argc = 0;

	if (fuzz_rdir) {
		argv[argc++] = "-resource-dir";
		argv[argc++] = fuzz_rdir;
	}
	argv[argc++] = "-w";
	argv[argc++] = "-ferror-limit=0";
	argv[argc++] = "-fno-spell-checking";
	ec = clang_parseTranslationUnit2(fuzz_index, FUZZ_FILE, argv, argc,
		&file, 1, CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles |
		CXTranslationUnit_KeepGoing, &tu);
	if (ec != CXError_Success)
		return 0;
	out = open_memstream(&text, &len);
	if (!out)
		abort();
	note_error(tu, out);
	if (worker_summarize(tu, FUZZ_FILE, NULL, out))
		abort();
	clang_disposeTranslationUnit(tu);
	if (fclose(out))
		abort();
	judge(text, len);
	free(text);
	return 0;
}
