/* The shared technical inks every game prints with. */

#include "app/config_load.h"

#include <stdio.h>
#include <string.h>

static struct tp_ink ink(const char *name, const char *key, int kind, int overprint,
			 double c, double m, double y, double k, unsigned rgb)
{
	struct tp_ink i = { .kind = kind, .overprint = overprint,
			    .cmyk = { c / 100, m / 100, y / 100, k / 100 },
			    .rgb = { ((rgb >> 16) & 255) / 255.0, ((rgb >> 8) & 255) / 255.0,
				     (rgb & 255) / 255.0 } };
	snprintf(i.name, sizeof i.name, "%s", name);
	snprintf(i.key, sizeof i.key, "%s", key);
	return i;
}

void tp_config_shared_inks(struct tp_palette *p, const struct tp_ink *game_inks, size_t n_game)
{
	memset(p, 0, sizeof *p);
	if (n_game > TP_GAME_INKS_MAX)
		n_game = TP_GAME_INKS_MAX;
	memcpy(p->ink, game_inks, n_game * sizeof *game_inks);
	p->n_game = n_game;
	/* In enum tp_shared_ink order. */
	const struct tp_ink shared[TP_N_SHARED_INKS] = {
		/* Thin linework and text overprint the colour under them, so a
		 * misregistered K plate shows no paper slivers. */
		ink("lines", "lines", TP_INK_PROCESS, 1, 0, 0, 0, 45, 0x9d9d9c),
		ink("text", "text", TP_INK_PROCESS, 1, 0, 0, 0, 100, 0x1d1d1b),
		ink("Assembly", "anchor", TP_INK_SPOT, 1, 0, 60, 100, 0, 0xf39200),
		ink("marks", "marks", TP_INK_REGISTRATION, 0, 100, 100, 100, 100, 0x000000),
		ink("CutContour", "cut", TP_INK_SPOT, 1, 0, 100, 0, 0, 0xec008c),
		ink("Emboss", "emboss", TP_INK_SPOT, 1, 100, 0, 0, 0, 0x00a0e3),
	};
	memcpy(p->ink + n_game, shared, sizeof shared);
	p->n = n_game + TP_N_SHARED_INKS;
}
