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
	int n = 0;
	size_t start = 0;
	for (size_t i = 0; i <= size && n < MAX_SETS; i++) {
		if (i < size && data[i] != '\0' && data[i] != '\n')
			continue;
		size_t len = i - start;
		sets[n] = malloc(len + 1);
		if (sets[n] == NULL)
			abort();
		memcpy(sets[n], data + start, len);
		sets[n][len] = '\0';
		n++;
		start = i + 1;
	}
	fz_load_and_derive(path, (const char *const *)sets, n);
	for (int i = 0; i < n; i++)
		free(sets[i]);
	return 0;
}
