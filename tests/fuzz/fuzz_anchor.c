/* libFuzzer target: the anchor-line parser and the derivation it feeds.
 * The first byte picks the shipped config (series, series-tutorial or
 * series-blind); the rest is split at newlines into 1 to 4 lines, each
 * applied as --set series.anchor=<line>, and the pattern is derived. */
#include "fuzz_common.h"

#define MAX_ANCHORS 4

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_init(0);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const configs[] = { "series", "series-tutorial", "series-blind" };
	if (size == 0)
		return 0;
	char path[1200];
	snprintf(path, sizeof path, "%s/config/%s.ini", fz_root, configs[data[0] % 3]);
	data++;
	size--;
	char *sets[MAX_ANCHORS];
	int n = 0;
	size_t start = 0;
	for (size_t i = 0; i <= size && n < MAX_ANCHORS; i++) {
		if (i < size && data[i] != '\n')
			continue;
		size_t len = i - start;
		static const char prefix[] = "series.anchor=";
		sets[n] = malloc(sizeof prefix + len);
		if (sets[n] == NULL)
			abort();
		memcpy(sets[n], prefix, sizeof prefix - 1);
		memcpy(sets[n] + sizeof prefix - 1, data + start, len);
		sets[n][sizeof prefix - 1 + len] = '\0';
		n++;
		start = i + 1;
	}
	fz_load_and_derive(path, (const char *const *)sets, n);
	for (int i = 0; i < n; i++)
		free(sets[i]);
	return 0;
}
