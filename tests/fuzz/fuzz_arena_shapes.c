/* libFuzzer target: the shape arena's shapes reader (tp_arena_shapes_parse).
 * The input is a shapes file, parsed straight from memory (not
 * NUL-terminated, so reading past the end shows under ASan); a parsed set
 * is checked against the reader's promises, and dealt for every player
 * count. */
#include "fuzz_common.h"

#include "games/arena/model/arena_core.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_init(0);
	return 0;
}

static void die(const char *what, int i)
{
	fprintf(stderr, "tp-fuzz: shape %d: %s\n", i, what);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tp_arena_shapes sh;
	tp_err e = { 0 };
	/* A private copy of exactly size bytes: the reader gets no NUL. */
	char *text = malloc(size ? size : 1);
	if (text == NULL)
		abort();
	if (size)
		memcpy(text, data, size);
	int rc = tp_arena_shapes_parse(text, size, "fuzz.ini", &sh, &e);
	free(text);
	fz_check_err(rc, &e);
	if (rc != TP_OK) {
		if (strncmp(e.msg, "fuzz.ini:", 9) != 0)
			die("error does not name path:line", -1);
		return 0;
	}
	/* Six shapes sorted by size 1..6, named, cells in range (rows 0..5;
	 * cols 0..5, on triangles 0..11), no repeats, moved to the origin (on
	 * triangles by even steps of cols: an odd one turns cells over, so
	 * the first col is 0 or 1), edge-connected on the file's grid (docs/arena.md:
	 * hexes are (r, q) axial, also joined at (+1, -1) and (-1, +1);
	 * triangles are up at even cols, joined beside each other in a row and
	 * an up cell over the down cell one row and one col on). */
	const int tri = sh.grid == TP_GRID_TRI, hex = sh.grid == TP_GRID_HEX;
	for (int i = 0; i < TP_ARENA_SHAPES; i++) {
		const struct tp_arena_shape *s = &sh.s[i];
		if (memchr(s->name, '\0', sizeof s->name) == NULL || s->name[0] == '\0')
			die("name not terminated or empty", i);
		if (s->n_cells != i + 1)
			die("size is not its place in the order", i);
		int minr = 99, minc = 99;
		for (int c = 0; c < s->n_cells; c++) {
			if (s->cell[c][0] < 0 || s->cell[c][0] > 5 || s->cell[c][1] < 0 ||
			    s->cell[c][1] > (tri ? 11 : 5))
				die("cell out of range", i);
			minr = s->cell[c][0] < minr ? s->cell[c][0] : minr;
			minc = s->cell[c][1] < minc ? s->cell[c][1] : minc;
			for (int d = 0; d < c; d++)
				if (s->cell[c][0] == s->cell[d][0] && s->cell[c][1] == s->cell[d][1])
					die("cell repeated", i);
		}
		if (minr != 0 || minc > (tri ? 1 : 0))
			die("not moved to the origin", i);
		int in[6] = { 1 }, grew = 1;
		while (grew) {
			grew = 0;
			for (int a = 0; a < s->n_cells; a++)
				for (int b = 0; b < s->n_cells; b++) {
					int dr = s->cell[b][0] - s->cell[a][0], dc = s->cell[b][1] - s->cell[a][1];
					int up_a = s->cell[a][1] % 2 == 0, up_b = s->cell[b][1] % 2 == 0;
					int joined = tri ? (dr == 0 && abs(dc) == 1) ||
								   (dr == 1 && dc == 1 && up_a) ||
								   (dr == -1 && dc == -1 && up_b)
							 : abs(dr) + abs(dc) == 1 ||
								   (hex && ((dr == 1 && dc == -1) || (dr == -1 && dc == 1)));
					if (in[a] && !in[b] && joined)
						in[b] = grew = 1;
				}
		}
		for (int c = 0; c < s->n_cells; c++)
			if (!in[c])
				die("not connected", i);
	}
	for (int players = 2; players <= 6; players++) {
		struct tp_arena_deal *d = NULL;
		size_t n = 0;
		tp_err de = { 0 };
		if (tp_arena_deal(&sh, players, &d, &n, &de) != TP_OK)
			die("deal failed", players);
		int used[TP_ARENA_SHAPES][TP_MARK_N] = { { 0 } };
		for (size_t k = 0; k < n; k++) {
			if (d[k].shape < 0 || d[k].shape >= TP_ARENA_SHAPES || d[k].count < 1)
				die("deal line out of range", players);
			used[d[k].shape][d[k].mark] += d[k].count;
		}
		for (int s = 0; s < TP_ARENA_SHAPES; s++)
			for (int m = 0; m < TP_MARK_N; m++)
				if (used[s][m] > 2)
					die("a piece dealt twice", players);
		free(d);
	}
	return 0;
}
