/* libFuzzer target: every game's sections through --set.  The first byte
 * picks a shipped config (series, vector, arena, series-blind,
 * series-tutorial); the rest is split at NUL and newline bytes into up to
 * 8 --set strings applied over it ([vector] directions and symbols,
 * [arena] ranges and shapes files, [game] name ...); when the config
 * loads, its game's model is derived and checked. */
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
	static const char *const configs[] = { "series", "vector", "arena", "series-blind",
					       "series-tutorial" };
	if (size == 0)
		return 0;
	char path[1200];
	snprintf(path, sizeof path, "%s/config/%s.ini", fz_root, configs[data[0] % 5]);
	data++;
	size--;
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
