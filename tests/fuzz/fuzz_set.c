/* libFuzzer target: the --set parser.  The input is split at NUL and
 * newline bytes into up to 8 strings, which are applied as --set options
 * over config/series.ini; when the config loads, the pattern is derived. */
#include "fuzz_common.h"

#define MAX_SETS 8

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_init(0);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[1200];
	snprintf(path, sizeof path, "%s/config/series.ini", fz_root);
	/* Each string in its own exact-size allocation, so that ASan sees any
	 * read past its terminator. */
	char *sets[MAX_SETS];
	int n = fz_split_sets(data, size, sets, MAX_SETS);
	fz_load_and_derive(path, (const char *const *)sets, n);
	fz_free_sets(sets, n);
	return 0;
}
