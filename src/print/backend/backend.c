#include "print/backend/backend.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const struct tp_backend tp_backends[] = {
	[TP_BACKEND_PDF] = { "pdf", ".pdf", .multipage = 1, .write = tp_pdf_write,
			     .outline_text = 1, .open = tp_pdf_open, .add = tp_pdf_add,
			     .close = tp_pdf_close },
	[TP_BACKEND_PNG] = { "png", ".png", .raster = 1, .write = tp_png_write,
			     .proof = 1, .outline_text = 1 },
	[TP_BACKEND_SVG] = { "svg", ".svg", .write = tp_svg_write },
	[TP_BACKEND_DXF] = { "dxf", ".dxf", .write = tp_dxf_write, .only_ink = TP_INK_CUT,
			     .outline_text = 1 },
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

struct tp_walk_opts tp_backend_view(const struct tp_backend *b,
				    const struct tp_doc_info *info)
{
	struct tp_walk_opts o = {
		/* Marks are for the press: not on proofs, not in a file of one
		 * ink for a machine (the die maker's DXF). */
		.marks = info->marks && !b->raster && !b->only_ink,
		/* A die file carries the fold lines (crease) with the die's. */
		.inks = b->only_ink ? TP_WALK_INK(b->only_ink) |
					      (b->only_ink == TP_INK_CUT ? TP_WALK_INK(TP_INK_CREASE) : 0)
				    : 0,
		.proof = b->proof,
		.outline_text = b->outline_text,
		.unknown = TP_WALK_FAIL,
	};
	return o;
}

int tp_backend_parse_list(const char *list, unsigned *bits, char *why, size_t n)
{
	unsigned f = 0;
	const char *s = list;
	for (;;) {
		size_t len = strcspn(s, ",");
		const char *a = s, *z = s + len;
		while (a < z && isspace((unsigned char)*a))
			a++;
		while (z > a && isspace((unsigned char)z[-1]))
			z--;
		char name[16];
		const struct tp_backend *b = NULL;
		if (z == a && s[len] == '\0' && s == list) {
			snprintf(why, n, "empty; allowed: a comma list of %s", tp_backend_names());
			return -1;
		}
		if (z == a) {
			snprintf(why, n, "an empty name in the list; allowed: a comma list of %s",
				 tp_backend_names());
			return -1;
		}
		if ((size_t)(z - a) < sizeof name) {
			memcpy(name, a, (size_t)(z - a));
			name[z - a] = '\0';
			b = tp_backend_find(name);
		}
		if (b == NULL) {
			snprintf(why, n, "'%.*s' is not a format; allowed: a comma list of %s",
				 (int)(z - a < 40 ? z - a : 40), a, tp_backend_names());
			return -1;
		}
		f |= 1u << (b - tp_backends);
		if (s[len] == '\0')
			break;
		s += len + 1;
	}
	*bits = f;
	return 0;
}
