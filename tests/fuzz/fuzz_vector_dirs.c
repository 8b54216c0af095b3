/* libFuzzer target: the vector tiles' directions parser
 * (tp_vector_parse_dirs, src/games/vector/).  The input, NUL-terminated in
 * an exact-size copy, is parsed as a `directions` value.  Checks the
 * contract: a failure has a one-line, non-empty, terminated reason; a
 * success gives 1..8 distinct compass points that parse back the same from
 * their names; and every per_tile over them derives on a board that fits.
 *
 * Self-contained rather than built on fuzz_common.h: that header pulls in
 * series.h, whose enum tp_corner reuses the names TP_DIR_NE, TP_DIR_SE, TP_DIR_SW and
 * TP_DIR_NW of enum tp_compass. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/vector/model/vector_core.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void die(const char *what, const char *detail)
{
	fprintf(stderr, "tp-fuzz: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
	abort();
}

static void check_why(const char *why, size_t n)
{
	if (memchr(why, '\0', n) == NULL)
		die("reason not terminated", NULL);
	if (why[0] == '\0')
		die("failure with an empty reason", NULL);
	if (strchr(why, '\n') != NULL || strchr(why, '\r') != NULL)
		die("reason spans lines", why);
}

/* Each per_tile over the parsed directions, on the smallest 2-row board
 * that holds the tiles (spare squares become blanks): derives, and the
 * counts add up. */
static void derive_all(const int dirs[TP_N_DIRS], int n)
{
	for (int k = 1; k <= n; k++) {
		struct tp_vector_rules r;
		tp_vector_rules_default(&r);
		memcpy(r.dirs, dirs, sizeof r.dirs);
		r.n_dirs = n;
		r.per_tile = k;
		long need = tp_vector_binom(n, k) + 2L * r.players;
		r.rows = 2;
		r.cols = (int)((need + 1) / 2);
		r.blanks = (int)(2L * r.cols - need);
		struct tp_vector_model *m = NULL;
		tp_err e = { 0 };
		if (tp_vector_derive(&r, &m, &e) != TP_OK)
			die("a fitting board does not derive", e.msg);
		long sum = 0;
		for (int t = 0; t < TP_VK_COUNT; t++)
			sum += m->count[t];
		if (sum != 2L * r.cols || m->count[TP_VK_VECTOR] != m->n_sets)
			die("counts do not add up", NULL);
		tp_vector_free(m);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (s == NULL)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	int dirs[TP_N_DIRS], n = -1;
	char why[200];
	memset(why, 'x', sizeof why);
	int rc = tp_vector_parse_dirs(s, dirs, &n, why, sizeof why);
	free(s);
	if (rc != 0) {
		if (rc != -1)
			die("return code is neither 0 nor -1", NULL);
		check_why(why, sizeof why);
		return 0;
	}
	if (n < 1 || n > TP_N_DIRS)
		die("direction count out of range", NULL);
	unsigned seen = 0;
	char again[64] = "";
	for (int i = 0; i < n; i++) {
		if (dirs[i] < 0 || dirs[i] >= TP_N_DIRS || (seen & (1u << dirs[i])))
			die("direction out of range or repeated", NULL);
		seen |= 1u << dirs[i];
		strcat(again, tp_compass_names[dirs[i]]);
		strcat(again, " ");
	}
	int dirs2[TP_N_DIRS], n2 = -1;
	if (tp_vector_parse_dirs(again, dirs2, &n2, why, sizeof why) != 0 || n2 != n ||
	    memcmp(dirs, dirs2, (size_t)n * sizeof dirs[0]) != 0)
		die("the names do not parse back the same", again);
	derive_all(dirs, n);
	return 0;
}
