/* libFuzzer target: the indicia template reader (tp_template_load). */
#include "fuzz_common.h"

#include "games/series/model/template.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_init(1);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct tp_template t;
	tp_err e = { 0 };
	fz_write(data, size);
	int rc = tp_template_load(fz_tmp, &t, &e);
	fz_check_err(rc, &e);
	if (rc != TP_OK)
		return 0;
	/* A loaded template names cells of the 3x3 quadrant only. */
	if (memchr(t.name, '\0', sizeof t.name) == NULL ||
	    memchr(t.description, '\0', sizeof t.description) == NULL)
		abort();
	for (int v = 1; v <= 9; v++)
		for (int i = 0; i < v; i++)
			if (t.cell[v][i][0] > 2 || t.cell[v][i][1] > 2) {
				fprintf(stderr, "tp-fuzz: value %d cell %d is %d,%d\n", v, i,
					t.cell[v][i][0], t.cell[v][i][1]);
				abort();
			}
	return 0;
}
