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
	int n = fz_split_sets(data, size, sets, MAX_SETS);
	fz_load_and_derive(path, (const char *const *)sets, n);
	fz_free_sets(sets, n);
	return 0;
}
