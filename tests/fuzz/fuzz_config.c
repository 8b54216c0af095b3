/* libFuzzer target: the config reader.  The input is a config file; it is
 * loaded over the defaults (tp_config_load, no --set) and, when it loads,
 * the pattern is derived. */
#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_init(1);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_write(data, size);
	fz_load_and_derive(fz_tmp, NULL, 0);
	return 0;
}
