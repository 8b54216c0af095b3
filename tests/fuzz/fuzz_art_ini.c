/* libFuzzer target: an art pack's art.ini (tp_art_pack_parse), its
 * drawings those of tests/data/svg/ok/, for a game with a few places. */
#include "fuzz_common.h"

#include "print/art/art_pack.h"

static char fz_dir[1200];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_init(0);
	snprintf(fz_dir, sizeof fz_dir, "%s/tests/data/svg/ok", fz_root);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct tp_art_place places[] = {
		{ "series.lateral", "a symbol", 3.3, 3.3 },
		{ "backs.logo", "a logo", 16, 16 },
		{ "board.title", "a title", 120, 20 },
	};
	struct tp_palette pal;
	memset(&pal, 0, sizeof pal);
	static const char *const names[] = { "lateral", "boxes", "vertical", "dots" };
	for (int i = 0; i < 4; i++) {
		snprintf(pal.ink[i].name, sizeof pal.ink[i].name, "%s", names[i]);
		snprintf(pal.ink[i].key, sizeof pal.ink[i].key, "%s", names[i]);
		pal.ink[i].cmyk[i] = 1;
	}
	pal.n_game = 4;
	pal.n = 4 + TP_N_SHARED_INKS;
	struct tp_palette before = pal;
	struct tp_art_pack *pk = NULL;
	int added = 0;
	tp_err e = { 0 };
	static const char *const known[] = { "vector.arrow", "arena.counter" };
	int rc = tp_art_pack_parse(fz_dir, (const char *)data, size, places, 3, known, 2, &pal, NULL,
				   300, 1.5, "Fuzz Tiles", &pk, &added, &e);
	fz_check_err(rc, &e);
	if (rc != TP_OK) {
		if (pk || added || memcmp(&pal, &before, sizeof pal) != 0)
			abort();   /* a refused pack changes nothing */
		return 0;
	}
	if (pal.n_game != 4 + (size_t)added || pal.n != pal.n_game + TP_N_SHARED_INKS)
		abort();
	for (size_t i = 0; i < pk->n; i++) {
		const struct tp_art_item *it = &pk->item[i];
		for (size_t k = 0; k < it->art.n; k++)
			if (tp_ink_index(&pal, it->ink[k]) < 0)
				abort();   /* every path in an ink of the palette */
	}
	tp_art_pack_free(pk);
	return 0;
}
