/* Shared by the libFuzzer targets in tests/fuzz/ (mk/fuzz.mk builds them).
 *
 * The targets run from any working directory: LLVMFuzzerInitialize points
 * TILEPRESS_DATA at the source tree (TP_ROOT, else the tree the target was
 * built from) so that template names and config/series.ini resolve. */
#ifndef TP_FUZZ_COMMON_H
#define TP_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/config_load.h"
#include "games/config.h"
#include "games/game.h"
#include "games/series/model/series_core.h"
#include "core/status.h"

#ifndef TP_FUZZ_ROOT
#define TP_FUZZ_ROOT "."
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char fz_root[1024];
static char fz_tmp[1100];

static inline void fz_cleanup(void)
{
	if (fz_tmp[0])
		unlink(fz_tmp);
}

/* Sets up the data directory and, with want_tmp, a private temporary file
 * that fz_write() fills with each input. */
static inline void fz_init(int want_tmp)
{
	const char *root = getenv("TP_ROOT");
	snprintf(fz_root, sizeof fz_root, "%s", root && root[0] ? root : TP_FUZZ_ROOT);
	setenv("TILEPRESS_DATA", fz_root, 1);
	if (!want_tmp)
		return;
	const char *dir = getenv("TMPDIR");
	snprintf(fz_tmp, sizeof fz_tmp, "%s/tp-fuzz-XXXXXX.ini", dir && dir[0] ? dir : "/tmp");
	int fd = mkstemps(fz_tmp, 4);
	if (fd < 0) {
		perror("tp-fuzz: mkstemps");
		abort();
	}
	close(fd);
	atexit(fz_cleanup);
}

static inline void fz_write(const uint8_t *data, size_t size)
{
	FILE *f = fopen(fz_tmp, "wb");
	if (f == NULL || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
		perror("tp-fuzz: writing the input file");
		abort();
	}
}

/* Splits data at NUL and newline bytes into up to max strings, each in its
 * own exact-size allocation so that ASan sees any read past its end.
 * Returns how many; the caller frees them with fz_free_sets. */
static inline int fz_split_sets(const uint8_t *data, size_t size, char **sets, int max)
{
	int n = 0;
	size_t start = 0;
	for (size_t i = 0; i <= size && n < max; i++) {
		if (i < size && data[i] != '\0' && data[i] != '\n')
			continue;
		size_t len = i - start;
		sets[n] = malloc(len + 1);
		if (sets[n] == NULL)
			abort();
		memcpy(sets[n], data + start, len);
		sets[n][len] = '\0';
		n++;
		start = i + 1;
	}
	return n;
}

static inline void fz_free_sets(char **sets, int n)
{
	for (int i = 0; i < n; i++)
		free(sets[i]);
}

/* The error contract (status.h): a failure carries its code and a one-line,
 * NUL-terminated, non-empty message. */
static inline void fz_check_err(int rc, const tp_err *e)
{
	if (rc == TP_OK)
		return;
	if (rc != TP_EINPUT && rc != TP_EIO) {
		fprintf(stderr, "tp-fuzz: return code %d is not an exit code\n", rc);
		abort();
	}
	if (memchr(e->msg, '\0', sizeof e->msg) == NULL) {
		fprintf(stderr, "tp-fuzz: error message not terminated\n");
		abort();
	}
	if (e->msg[0] == '\0') {
		fprintf(stderr, "tp-fuzz: failure (code %d) with an empty message\n", rc);
		abort();
	}
	if (e->code != rc) {
		fprintf(stderr, "tp-fuzz: returned %d but e->code is %d: %s\n", rc, e->code, e->msg);
		abort();
	}
}

/* Loads a config, derives its game's model as `tilepress check` does,
 * and checks what comes back: the error contract, and for the series the
 * pattern (fronts 1..9, Table I sums to the board).  With c_out, the
 * loaded config and model are handed back (NULL on failure) for more. */
static inline void fz_load(const char *path, const char *const *sets, int n_sets,
			   struct tp_config **c_out, void **model_out)
{
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	int rc = tp_config_load(&c, path, sets, n_sets, &tp_games, &e);
	fz_check_err(rc, &e);
	if (c_out)
		*c_out = NULL;
	if (model_out)
		*model_out = NULL;
	if (rc != TP_OK)
		return;
	if (c->game->warnings) {
		char warn[8][200];
		int nw = c->game->warnings(c, warn, 8);
		for (int i = 0; i < nw && i < 8; i++)
			if (memchr(warn[i], '\0', sizeof warn[i]) == NULL)
				abort();
	}
	void *model = NULL;
	e = (tp_err){ 0 };
	rc = c->game->derive(c, &model, &e);
	fz_check_err(rc, &e);
	if (rc == TP_OK && strcmp(c->game->name, "series") == 0) {
		const struct tp_pattern *p = model;
		long sum = 0;
		for (int f = 0; f < 9; f++)
			for (int b = 0; b <= TP_N_SERIES; b++)
				sum += p->count[f][b];
		if (sum != (long)p->rows * p->cols) {
			fprintf(stderr, "tp-fuzz: Table I counts %ld tiles on a %dx%d board\n", sum,
				p->rows, p->cols);
			abort();
		}
		size_t n = (size_t)p->rows * (size_t)p->cols;
		for (size_t i = 0; i < n; i++)
			if (p->tiles[i].front < 1 || p->tiles[i].front > 9 || p->tiles[i].corner > 3)
				abort();
	}
	if (rc != TP_OK && model != NULL) {
		fprintf(stderr, "tp-fuzz: derive failed but returned a model\n");
		abort();
	}
	if (c_out && rc == TP_OK) {
		*c_out = c;
		*model_out = model;
		return;
	}
	if (model)
		c->game->free_model(model);
	tp_config_free(c);
}

static inline void fz_load_and_derive(const char *path, const char *const *sets, int n_sets)
{
	fz_load(path, sets, n_sets, NULL, NULL);
}

#endif
