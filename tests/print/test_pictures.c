/* The game-neutral pictures file (src/print/art/pictures.c): any section
 * names, the caller's sections first in the order it asked, the others
 * after in file order; a missing wanted section, a repeated one and bad
 * items refused naming file (and line); paths beside the config first. */

#include "testutil.h"

#include "print/art/pictures.h"

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	assert_true(fputs(text, f) >= 0);
	assert_int_equal(fclose(f), 0);
}

static void wanted_sections_first(void **state)
{
	(void)state;
	char *d = tu_tmpdir();
	char path[1100];
	snprintf(path, sizeof path, "%s/p.ini", d);
	write_file(path, "[c]\nname = third\ncircle = 5 5 4\n"
			 "[a]\nname = first\npoly = 1 1 9 1 5 9\npoly = 0 0 1 0 1 1\n"
			 "[b]\ncircle = 1 1 1\n[z]\ncircle = 2 2 2\n");
	struct tp_pictures *p = malloc(sizeof *p);
	assert_non_null(p);
	tp_err e = { 0 };
	const char *want[] = { "a", "b", "c" };
	assert_int_equal(tp_pictures_load(path, want, 3, p, &e), TP_OK);
	assert_int_equal(p->n, 4);
	for (int i = 0; i < 3; i++)
		assert_string_equal(p->pic[i].section, want[i]);
	assert_string_equal(p->pic[3].section, "z");
	assert_string_equal(p->pic[0].name, "first");
	assert_int_equal(p->pic[0].n, 2);
	assert_int_equal(p->pic[0].item[0].n, 3);
	assert_int_equal(p->pic[2].item[0].circle, 1);

	/* A section the caller needs and the file lacks. */
	const char *more[] = { "a", "q" };
	e = (tp_err){ 0 };
	assert_int_equal(tp_pictures_load(path, more, 2, p, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "no [q] section"));
	assert_non_null(strstr(e.msg, path));

	/* Bad lines name file:line. */
	/* Non-finite numbers too: NaN passes every range comparison. */
	const char *bad[] = { "[a]\ncircle = 5 5\n", "[a]\ncircle = 1 1 1\n[a]\ncircle = 1 1 1\n",
			      "[a]\npoly = 1 1 11 1 5 5\n", "circle = 1 1 1\n", "[a]\nsquare = 1\n",
			      "[a]\ncircle = nan nan nan\n", "[a]\npoly = 1 1 inf 1 5 5\n",
			      "[a]\ncircle = 5 5 -nan\n" };
	int line[] = { 2, 3, 2, 1, 2, 2, 2, 2 };
	for (int i = 0; i < 8; i++) {
		write_file(path, bad[i]);
		e = (tp_err){ 0 };
		assert_int_equal(tp_pictures_load(path, want, 1, p, &e), TP_EINPUT);
		char at[1200];
		snprintf(at, sizeof at, "%s:%d:", path, line[i]);
		assert_non_null(strstr(e.msg, at));
	}
	free(p);
	tu_rmrf(d);
}

/* A relative path is the config's when the file is beside it, else taken
 * as given; a name is looked up in the data folders. */
static void resolve_beside_config(void **state)
{
	(void)state;
	char *d = tu_tmpdir();
	char cfg[1100], pic[1100], out[1200];
	snprintf(cfg, sizeof cfg, "%s/game.ini", d);
	snprintf(pic, sizeof pic, "%s/mine.ini", d);
	write_file(pic, "[a]\ncircle = 1 1 1\n");
	tp_err e = { 0 };
	assert_int_equal(tp_pictures_resolve("k", "mine.ini", cfg, out, sizeof out, &e), TP_OK);
	assert_string_equal(out, pic);
	assert_int_equal(tp_pictures_resolve("k", "mine.ini", NULL, out, sizeof out, &e), TP_OK);
	assert_string_equal(out, "mine.ini");
	assert_int_equal(tp_pictures_resolve("k", "toys", NULL, out, sizeof out, &e), TP_OK);
	assert_non_null(strstr(out, "templates/pictures/toys.ini"));
	e = (tp_err){ 0 };
	assert_int_equal(tp_pictures_resolve("k", "no-such", NULL, out, sizeof out, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "k = no-such"));
	tu_rmrf(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(wanted_sections_first),
		cmocka_unit_test(resolve_beside_config),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
