/* Loading configs (app/config_load.h), table-driven.  Each row is a
 * shipped config and one --set: accepted rows must read back, through the
 * key engine's formatter, as the value written in the row's own unit
 * converted here; refused rows must give exit code 2 (TP_EINPUT) and a
 * message naming the --set, the key and what is allowed. */

#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "app/config_load.h"
#include "core/units.h"
#include "games/game.h"

struct row {
	const char *config;   /* config/NAME.ini */
	const char *set;      /* SECTION.KEY=VALUE */
	const char *expect;   /* accepted: the key's formatted value; refused: NULL */
	const char *say[3];   /* refused: words the message must hold */
};

static const struct row rows[] = {
	{ "series", "print.tile_mm=2cm", "20mm", { 0 } },
	{ "series", "print.tile_mm=0.75in", NULL, { 0 } },       /* value computed below */
	{ "series", "print.marks=off", "off", { 0 } },
	{ "vector", "print.formats=pdf,svg", NULL, { 0 } },
	{ "arena", "print.bleed_mm=2", "2mm", { 0 } },
	{ "series", "print.tile_mm=abc", NULL, { "--set print.tile_mm=abc", "not a length", "20mm" } },
	{ "series", "print.nosuch=1", NULL, { "unknown key print.nosuch", "allowed in [print]", "tile_mm" } },
	{ "series", "prnt.tile_mm=20", NULL, { "unknown section [prnt]", "did you mean [print]", NULL } },
	{ "series", "game.name=nosuch", NULL, { "not a game", "allowed:", NULL } },
	{ "series", "print.formats=pdf,gif", NULL, { "'gif' is not a format", "pdf", NULL } },
	{ "series", "print.sheet_mm=A9", NULL, { "not a press sheet", "A4", NULL } },
	{ "vector", "series.pairing=4", NULL, { "game series", NULL, NULL } },
	{ "series", "print.marks=maybe", NULL, { "allowed: on, off", NULL, NULL } },
};

/* The formatted value an accepted row must read back as, when the row
 * leaves it to be worked out. */
static void expected(const struct row *r, char *out, size_t n)
{
	if (r->expect) {
		snprintf(out, n, "%s", r->expect);
	} else if (strstr(r->set, "print.tile_mm=")) {
		double mm;
		assert_int_equal(tp_parse_length(strchr(r->set, '=') + 1, &mm), 0);
		snprintf(out, n, "%gmm", mm);
	} else {
		/* formats: the list as given, in the table's order */
		snprintf(out, n, "%s", strchr(r->set, '=') + 1);
	}
}

static void one_row(const struct row *r)
{
	char path[64], sec[32], key[64];
	snprintf(path, sizeof path, "config/%s.ini", r->config);
	const char *sets[1] = { r->set };
	const char *dot = strchr(r->set, '.'), *eq = strchr(r->set, '=');
	snprintf(sec, sizeof sec, "%.*s", (int)(dot - r->set), r->set);
	snprintf(key, sizeof key, "%.*s", (int)(eq - dot - 1), dot + 1);
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	int rc = tp_config_load(&c, tu_path(path), sets, 1, &tp_games, &e);
	int refuse = r->say[0] != NULL;
	if (!refuse) {
		if (rc != TP_OK)
			fail_msg("%s --set %s: refused: %s", r->config, r->set, e.msg);
		long i = tp_config_find_key(c, sec, key);
		assert_true(i >= 0);
		struct tp_buf b = { 0 };
		tp_key_format(&c->keys[i], c, c->game_cfg, &b);
		char want[128];
		expected(r, want, sizeof want);
		if (b.s == NULL || strcmp(b.s, want) != 0)
			fail_msg("%s --set %s: reads back as '%s', expected '%s'", r->config, r->set,
				 b.s ? b.s : "", want);
		/* It says where it was set. */
		assert_non_null(strstr(tp_config_where(c, sec, key), r->set));
		assert_true(tp_config_given(c, sec, key));
		tp_buf_free(&b);
		tp_config_free(c);
		return;
	}
	if (rc != TP_EINPUT)
		fail_msg("%s --set %s: rc %d, expected TP_EINPUT", r->config, r->set, rc);
	assert_null(c);
	assert_null(strchr(e.msg, '\n'));
	for (int k = 0; k < 3 && r->say[k]; k++)
		if (strstr(e.msg, r->say[k]) == NULL)
			fail_msg("%s --set %s: message lacks '%s': %s", r->config, r->set, r->say[k], e.msg);
}

static void table(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		one_row(&rows[i]);
}

/* A --set game.name picks the game, and the loader names only the games of
 * the table it was given. */
static void games_of_the_table(void **state)
{
	(void)state;
	const char *sets[1] = { "game.name=vector" };
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_config_load(&c, tu_path("config/vector.ini"), sets, 1, &tp_games, &e), TP_OK);
	assert_string_equal(c->game->name, "vector");
	assert_ptr_equal(c->games, &tp_games);
	tp_config_free(c);
	const struct tp_game *row[1] = { tp_game_find(&tp_games, "series") };
	const struct tp_game_table one = { row, 1 };
	assert_int_equal(tp_config_load(&c, tu_path("config/vector.ini"), NULL, 0, &one, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "allowed: series"));
	assert_null(strstr(e.msg, "arena"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table),
		cmocka_unit_test(games_of_the_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
