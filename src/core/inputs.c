#include "core/inputs.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static char paths[TP_INPUTS_MAX][PATH_MAX];
static size_t n_paths;

void tp_inputs_reset(void)
{
	n_paths = 0;
}

void tp_inputs_note(const char *path)
{
	if (n_paths == TP_INPUTS_MAX || strlen(path) >= PATH_MAX)
		return;
	for (size_t i = 0; i < n_paths; i++)
		if (strcmp(paths[i], path) == 0)
			return;
	snprintf(paths[n_paths++], PATH_MAX, "%s", path);
}

size_t tp_inputs_count(void)
{
	return n_paths;
}

const char *tp_inputs_get(size_t i)
{
	return i < n_paths ? paths[i] : NULL;
}
