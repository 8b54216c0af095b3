#include "backend.h"

#include <stdio.h>
#include <string.h>

const struct tp_backend tp_backends[] = {
	{ "pdf", ".pdf", 1, 0, tp_pdf_write, 0 },
	{ "png", ".png", 0, 1, tp_png_write, 0 },
	{ "svg", ".svg", 0, 0, tp_svg_write, 0 },
	{ "dxf", ".dxf", 0, 0, tp_dxf_write, TP_INK_CUT },
};
const size_t tp_n_backends = sizeof tp_backends / sizeof tp_backends[0];

const struct tp_backend *tp_backend_find(const char *name)
{
	for (size_t i = 0; i < tp_n_backends; i++)
		if (strcmp(tp_backends[i].name, name) == 0)
			return &tp_backends[i];
	return NULL;
}

const char *tp_backend_names(void)
{
	static char list[128];
	size_t len = 0;
	for (size_t i = 0; i < tp_n_backends && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
					tp_backends[i].name);
	return list;
}
