/* Reading a config: which game, then every key through the key engine,
 * then the game's own cross-checks. */

#include "app/config_load.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/file_name.h"
#include "app/impose_game.h"
#include "core/alloc.h"
#include "core/datadir.h"
#include "core/ini_read.h"
#include "core/inputs.h"
#include "games/rules.h"
#include "core/profile.h"
#include "print/ink/spot_name.h"
#include "core/units.h"
#include "print/backend/backend.h"
#include "print/ink/colour.h"
#include "print/art/text_outline.h"
#include "print/text/font.h"

/* ---- reading -------------------------------------------------------------- */

struct loader {
	struct tp_config *c;
	int *line_of;      /* per key: the file line that set it, 0 = not in the file */
	int *n_file, *n_set;
	int in_set;
	int game_by_set;   /* a --set game.name chose the game: it overrides the file's [game] */
	const char *profile;   /* the profile file being read, or NULL */
	char **prof_val;       /* per key: the value the profile gave it (owned), or NULL */
	char **prof_where;     /* per key: where in the profile (owned), or NULL */
};

static int has_section(const struct tp_key *keys, size_t n, const char *section)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(keys[i].section, section) == 0)
			return 1;
	return 0;
}

/* How far a typo may be from a name to suggest it: two edits, and no more
 * than half the typo ("foo" is not "job"). */
static int close_enough(const char *typo, int d)
{
	return d < 3 && (size_t)d * 2 <= strlen(typo);
}

/* The game (other than this config's) whose own keys use section, or
 * hold section.name when name is given. */
static const struct tp_game *owner_elsewhere(const struct tp_config *c, const char *section,
					     const char *name)
{
	for (size_t g = 0; g < c->games->n; g++) {
		const struct tp_game *gm = c->games->row[g];
		if (gm == c->game)
			continue;
		for (size_t i = 0; i < gm->n_keys; i++) {
			const struct tp_key *k = &gm->keys[i];
			if (strcmp(k->section, section) == 0 && (name == NULL || strcmp(k->name, name) == 0))
				return gm;
		}
	}
	return NULL;
}

static int unknown_section(const struct tp_config *c, const char *where, const char *section,
			   tp_err *e)
{
	const struct tp_game *other = owner_elsewhere(c, section, NULL);
	if (other)
		return tp_fail(e, TP_EINPUT,
			       "%s: section [%s] belongs to game %s, but this config is game %s (set [game] name = %s, or remove the section)",
			       where, section, other->name, c->game->name, other->name);
	char allowed[300] = "", best[40] = "";
	int bestd = 3;
	size_t len = 0;
	for (size_t i = 0; i < c->n_keys; i++) {
		const char *s = c->keys[i].section;
		if (i && has_section(c->keys, i, s))
			continue;
		len += (size_t)snprintf(allowed + len, sizeof allowed - len, "%s[%s]", len ? ", " : "", s);
		if (len >= sizeof allowed)
			len = sizeof allowed - 1;
		int d = tp_edit_distance(section, s);
		if (d < bestd && close_enough(section, d)) {
			bestd = d;
			snprintf(best, sizeof best, "%s", s);
		}
	}
	/* Sections of the other games are worth a hint too. */
	for (size_t g = 0; g < c->games->n; g++)
		for (size_t i = 0; i < c->games->row[g]->n_keys; i++) {
			int d = tp_edit_distance(section, c->games->row[g]->keys[i].section);
			if (d < bestd && close_enough(section, d)) {
				bestd = d;
				snprintf(best, sizeof best, "%s", c->games->row[g]->keys[i].section);
			}
		}
	char hint[64] = "";
	if (best[0])
		snprintf(hint, sizeof hint, " (did you mean [%s]?)", best);
	return tp_fail(e, TP_EINPUT, "%s: unknown section [%s]%s; allowed for game %s: %s",
		       where, section, hint, c->game->name, allowed);
}

static int unknown_key(const struct tp_config *c, const char *where, const char *section,
		       const char *name, tp_err *e)
{
	const struct tp_unused_key *u = tp_game_unused(c->game, section, name);
	if (u)
		return tp_fail(e, TP_EINPUT, "%s: %s.%s is not used by game %s: %s", where, section, name,
			       c->game->name, u->why);
	const struct tp_game *other = owner_elsewhere(c, section, name);
	if (other)
		return tp_fail(e, TP_EINPUT,
			       "%s: %s.%s belongs to game %s, but this config is game %s; allowed keys: tilepress --list keys --game %s",
			       where, section, name, other->name, c->game->name, c->game->name);
	char allowed[520] = "", best[64] = "", nm[64];
	int bestd = 3;
	size_t len = 0;
	int colours = 0;
	for (size_t i = 0; i < c->n_keys; i++) {
		const struct tp_key *k = &c->keys[i];
		if (strcmp(k->section, section) != 0)
			continue;
		tp_config_key_name(&c->print.inks, k, nm, sizeof nm);
		int d = tp_edit_distance(name, nm);
		if (d < bestd && close_enough(name, d)) {
			bestd = d;
			snprintf(best, sizeof best, "%s", nm);
		}
		if (k->name == NULL) {
			colours = 1;
			continue;
		}
		if (len < sizeof allowed)
			len += (size_t)snprintf(allowed + len, sizeof allowed - len, "%s%s",
						len ? ", " : "", nm);
	}
	if (colours && len < sizeof allowed) {
		len += (size_t)snprintf(allowed + len, sizeof allowed - len,
					", and INK_cmyk, INK_rgb for INK in");
		for (size_t j = 0; j < c->print.inks.n && len < sizeof allowed; j++)
			len += (size_t)snprintf(allowed + len, sizeof allowed - len, " %s",
						c->print.inks.ink[j].key);
	}
	char hint[96] = "";
	if (best[0])
		snprintf(hint, sizeof hint, " (did you mean %s?)", best);
	return tp_fail(e, TP_EINPUT, "%s: unknown key %s.%s%s; allowed in [%s]: %s", where, section,
		       name, hint, section, allowed);
}

static int apply(struct loader *L, const char *where, const char *section, const char *name,
		 const char *value, int line, tp_err *e)
{
	struct tp_config *c = L->c;
	if (!has_section(c->keys, c->n_keys, section))
		return unknown_section(c, where, section, e);
	long i = tp_config_find_key(c, section, name);
	if (i < 0)
		return unknown_key(c, where, section, name, e);
	const struct tp_key *k = &c->keys[i];
	if (line && L->line_of[i] && !(k->flags & TP_KEY_REPEAT))
		return tp_fail(e, TP_EINPUT,
			       "%s: %s.%s is already set on line %d; give each key once (only repeatable keys such as series.anchor repeat)",
			       where, section, name, L->line_of[i]);
	if (line)
		L->line_of[i] = line;
	int *count = L->in_set ? &L->n_set[i] : &L->n_file[i];
	struct tp_key_ctx x = { where, L->in_set, *count == 0, c, c->game_cfg };
	(*count)++;
	char why[400];
	if (tp_key_apply(k, value, &x, why, sizeof why) != 0)
		return tp_fail(e, TP_EINPUT, "%s: %s.%s = %s: %s", where, section, name, value, why);
	char *w = tp_malloc(strlen(where) + 1);
	if (w == NULL)
		return tp_fail(e, TP_EIO, "out of memory reading %s", c->path);
	memcpy(w, where, strlen(where) + 1);
	free(c->where[i]);
	c->where[i] = w;
	/* A typed proof colour overrides the colour-managed one. */
	if (k->type == TP_KEY_RGB)
		c->print.inks.ink[tp_ink_index(&c->print.inks, k->ink)].rgb_given = 1;
	return TP_OK;
}

/* A [print] key of the config file that its factory profile sets too: the
 * profile wins (a factory's rules are not the edition's to loosen), and a
 * different value is noted in c->profile_wins for the build to say.
 * --set still overrides the profile.  1 when the key is the profile's. */
static int profile_wins(struct loader *L, const char *where, const char *section,
			const char *key, const char *value, tp_err *e, int *rc)
{
	long i = strcmp(section, "print") == 0 ? tp_config_find_key(L->c, section, key) : -1;
	if (i < 0 || L->prof_val == NULL || L->prof_val[i] == NULL)
		return 0;
	*rc = TP_OK;
	if (strcmp(L->prof_val[i], value) == 0)
		return 1;
	char line[1200];
	int n = snprintf(line, sizeof line,
			 "%s: print.%s = %s: not used, the factory profile (%s) sets %s = %s and wins (--set print.%s=%s overrides it)\n",
			 where, key, value, L->prof_where[i], key, L->prof_val[i], key, value);
	size_t old = L->c->profile_wins ? strlen(L->c->profile_wins) : 0;
	char *t = n > 0 ? tp_realloc(L->c->profile_wins, old + (size_t)n + 1) : NULL;
	if (t == NULL) {
		*rc = tp_fail(e, TP_EIO, "out of memory reading %s", L->c->path);
		return 1;
	}
	memcpy(t + old, line, (size_t)n + 1);
	L->c->profile_wins = t;
	return 1;
}

static int on_file_key(void *user, const char *section, const char *key, const char *value,
		       int line, tp_err *e)
{
	struct loader *L = user;
	if (key)
		L->c->file_keys++;
	char where[PATH_MAX + 32];
	snprintf(where, sizeof where, "%s:%d", L->c->path, line);
	/* --set game.name overrides the file's [game] name (the man page's
	 * promise): the file's value is not read at all. */
	if (key && L->game_by_set && strcmp(section, "game") == 0 && strcmp(key, "name") == 0)
		return TP_OK;
	if (key == NULL)
		return has_section(L->c->keys, L->c->n_keys, section)
			       ? TP_OK
			       : unknown_section(L->c, where, section, e);
	int rc;
	if (profile_wins(L, where, section, key, value, e, &rc))
		return rc;
	return apply(L, where, section, key, value, line, e);
}

/* A key of the factory profile (profile.h): [print] only, read like a
 * default, so the config and --set may set it again. */
static int on_profile_key(void *user, const char *section, const char *key, const char *value,
			  int line, tp_err *e)
{
	struct loader *L = user;
	char where[PATH_MAX + 32];
	snprintf(where, sizeof where, "%s:%d", L->profile, line);
	if (strcmp(section, "print") != 0 || (key && strcmp(key, "profile") == 0))
		return tp_fail(e, TP_EINPUT,
			       "%s: [%s]%s%s: a factory profile holds [print] keys only, and not print.profile",
			       where, section, key ? " " : "", key ? key : "");
	if (key == NULL)
		return TP_OK;
	int rc = apply(L, where, section, key, value, 0, e);
	long i = rc == TP_OK ? tp_config_find_key(L->c, section, key) : -1;
	if (i >= 0) {
		free(L->prof_val[i]);
		free(L->prof_where[i]);
		L->prof_val[i] = tp_malloc(strlen(value) + 1);
		L->prof_where[i] = tp_malloc(strlen(where) + 1);
		if (L->prof_val[i] == NULL || L->prof_where[i] == NULL)
			return tp_fail(e, TP_EIO, "out of memory reading %s", L->profile);
		memcpy(L->prof_val[i], value, strlen(value) + 1);
		memcpy(L->prof_where[i], where, strlen(where) + 1);
	}
	return rc;
}

/* Reads the profile print.profile names, if any, before the config. */
static int load_profile(struct loader *L, const char *path, const char *const *sets, int n,
			tp_err *e)
{
	char name[256], where[PATH_MAX + 32], file[PATH_MAX];
	int rc = tp_profile_find(path, sets, n, name, sizeof name, where, sizeof where, e);
	if (rc != TP_OK || name[0] == '\0')
		return rc;
	/* A path given with --set is the current folder's, as every file
	 * key's; one in the config is read beside it first. */
	rc = tp_profile_resolve(strncmp(where, "--set ", 6) == 0 ? NULL : path, name, where, file,
				sizeof file, e);
	if (rc != TP_OK)
		return rc;
	L->profile = file;
	rc = tp_ini_parse(file, on_profile_key, L, e);
	L->profile = NULL;
	return rc;
}

/* Splits "SECTION.KEY=VALUE"; values are trimmed as the INI reader trims. */
static int split_set(const char *set, char *section, size_t ns, char *key, size_t nk,
		     char *value, size_t nv, const char *where, tp_err *e)
{
	const char *eq = strchr(set, '=');
	const char *dot = strchr(set, '.');
	if (eq == NULL)
		return tp_fail(e, TP_EINPUT,
			       "%s: missing '='; write --set SECTION.KEY=VALUE, e.g. --set board.rows=36",
			       where);
	if (dot == NULL || dot > eq || dot == set)
		return tp_fail(e, TP_EINPUT,
			       "%s: missing SECTION.; write --set SECTION.KEY=VALUE with a section such as game, board, print or the game's own",
			       where);
	size_t ls = (size_t)(dot - set), lk = (size_t)(eq - dot - 1);
	const char *v = eq + 1;
	while (*v == ' ')
		v++;
	if (ls >= ns || lk >= nk)
		return tp_fail(e, TP_EINPUT, "%s: the section or key name is too long", where);
	if (strlen(v) >= nv)
		return tp_fail(e, TP_EINPUT, "%s: the value is longer than %zu bytes", where, nv - 1);
	memcpy(section, set, ls);
	section[ls] = '\0';
	memcpy(key, dot + 1, lk);
	key[lk] = '\0';
	snprintf(value, nv, "%s", v);
	size_t n = strlen(value);
	while (n > 0 && value[n - 1] == ' ')
		value[--n] = '\0';
	return TP_OK;
}

/* "game, board, print, series, emboss": the sections of c's keys. */
static void section_list(const struct tp_config *c, char *out, size_t n)
{
	size_t len = 0;
	out[0] = '\0';
	for (size_t i = 0; i < c->n_keys && len < n; i++)
		if (!has_section(c->keys, i, c->keys[i].section))
			len += (size_t)snprintf(out + len, n - len, "%s%s", len ? ", " : "",
						c->keys[i].section);
}

static int apply_set(struct loader *L, const char *set, tp_err *e)
{
	char where[4200], section[64], key[64], value[512];
	if (strlen(set) > 4096)
		return tp_fail(e, TP_EINPUT, "--set %.60s...: longer than 4096 bytes", set);
	snprintf(where, sizeof where, "--set %s", set);
	const char *dot = strchr(set, '.'), *eq = strchr(set, '=');
	if (eq && (dot == NULL || dot > eq || dot == set)) {
		char sections[300];
		section_list(L->c, sections, sizeof sections);
		return tp_fail(e, TP_EINPUT,
			       "%s: missing SECTION.; write --set SECTION.KEY=VALUE with a section of game %s: %s",
			       where, L->c->game->name, sections);
	}
	int rc = split_set(set, section, sizeof section, key, sizeof key, value, sizeof value,
			   where, e);
	if (rc != TP_OK)
		return rc;
	L->in_set = 1;
	return apply(L, where, section, key, value, 0, e);
}

/* ---- which game: the first pass ----------------------------------------- */

struct which {
	char name[64];
	char where[PATH_MAX + 32];
	const char *path;
};

static int on_game_key(void *user, const char *section, const char *key, const char *value,
		       int line, tp_err *e)
{
	(void)e;
	struct which *w = user;
	if (key && strcmp(section, "game") == 0 && strcmp(key, "name") == 0 && !w->where[0]) {
		snprintf(w->name, sizeof w->name, "%s", value);
		snprintf(w->where, sizeof w->where, "%s:%d", w->path, line);
	}
	return TP_OK;
}

static int which_game(const char *path, const char *const *sets, int n_sets,
		      const struct tp_game_table *games, const struct tp_game **out, int *by_set,
		      tp_err *e)
{
	*by_set = 0;
	struct which w = { "series", "", path };
	int rc = tp_ini_parse(path, on_game_key, &w, e);
	if (rc != TP_OK)
		return rc;
	for (int i = 0; i < n_sets; i++)
		if (strncmp(sets[i], "game.name", 9) == 0 && (sets[i][9] == '=' || sets[i][9] == ' ')) {
			char s[64], k[64], v[64];
			char where[4200];
			snprintf(where, sizeof where, "--set %.4096s", sets[i]);
			if (split_set(sets[i], s, sizeof s, k, sizeof k, v, sizeof v, where, e) != TP_OK)
				return e->code;
			snprintf(w.name, sizeof w.name, "%s", v);
			snprintf(w.where, sizeof w.where, "%s", where);
			*by_set = 1;
		}
	*out = tp_game_find(games, w.name);
	if (*out == NULL) {
		return tp_fail(e, TP_EINPUT, "%s: game.name = %s: not a game; allowed: %s",
			       w.where, w.name, tp_game_names(games));
	}
	return TP_OK;
}

/* ---- loading --------------------------------------------------------------- */

void tp_config_free(struct tp_config *c)
{
	if (c == NULL)
		return;
	if (c->game && c->game->release && c->game_cfg)
		c->game->release(c);
	free(c->game_cfg);
	tp_rules_src_free(c->rules_src);
	for (size_t i = 0; c->where && i < c->n_keys; i++)
		free(c->where[i]);
	free(c->keys);
	free(c->where);
	free(c->path);
	tp_art_pack_free(c->art);
	free(c->profile_wins);
	free(c);
}

void tp_config_sizes(struct tp_config *c)
{
	if (c->game->tile_size)
		c->print.tile_mm = c->game->tile_size(c);
}

static void core_defaults(struct tp_config *c)
{
	struct tp_print *p = &c->print;
	c->board.rows = 18;
	c->board.cols = 18;
	p->tile_mm = c->game->tile_mm > 0 ? c->game->tile_mm : 20;
	p->bleed_mm = 3;
	p->dpi = 300;
	p->proof_dpi = 100;
	p->marks = 1;
	p->split = TP_SPLIT_ROWS;
	p->formats = (1u << tp_n_backends) - 1;
	p->max_sheet_mm = TP_PDF_MAX_MM;
	p->panel_overlap_mm = 10;
	p->max_files = 10000;
	p->max_gpx = 40;
	/* 240 x 240, the largest board the benchmarks hold to their goals. */
	p->max_squares = 57600;
	p->max_mb = 500;
	c->sim_max_work = 1e8;
	p->layout = TP_LAYOUT_GANG;
	snprintf(p->sheet_name, sizeof p->sheet_name, "SRA3");
	p->sheet_w_mm = 320;
	p->sheet_h_mm = 450;
	p->gutter_mm = 6;
	p->nick_mm = 0.5;
	snprintf(p->file_name, sizeof p->file_name, "{sheet}");
	p->emboss_min_mm = 0.2;   /* blind emboss: thinner strokes do not form */
	p->image_ppi_min = 150;   /* raster art: the usual figures of print guides */
	p->image_ppi_warn = 300;
	p->min_text_pt = 5;       /* the smallest type print guides quote (PDF files) */
	p->nick_corner_mm = 3;
	p->margin_mm = 10;
	p->gripper_mm = 12;
	snprintf(p->job, sizeof p->job, "tilepress %s", c->game->name);
	snprintf(p->output_condition, sizeof p->output_condition, "%s", TP_OUTPUT_CONDITION);
	snprintf(p->output_info, sizeof p->output_info, "%s", TP_OUTPUT_INFO);
	snprintf(p->output_registry, sizeof p->output_registry, "%s", TP_OUTPUT_REGISTRY);
	tp_config_shared_inks(&p->inks, c->game->inks, c->game->n_inks);
	p->inks.min_tint_line_mm = 0.2;
	p->rules = 1;
	p->box = 1;
	snprintf(p->rules_lang, sizeof p->rules_lang, "en");
	/* The box: the factories' published figures (docs/booklet-and-box.md). */
	p->box_board_mm = 2;
	p->box_wrap_mm = 18;
	p->box_clearance_mm = 5.5;
	p->part_mm = 2;
	/* The board wrap: Boda's published least turn-in (LongPack 20 mm,
	 * Hopes 15-20 mm), 2 mm greyboard, a liner 3 mm smaller per side
	 * (LongPack, Boda); docs/factory.md. */
	p->wrap_mm = 18;
	p->greyboard_mm = 2;
	p->liner_inset_mm = 3;
}

/* A relative file path set in a file (the config, or a profile it names)
 * is that file's: it is taken from beside the file when it is there, from
 * whatever folder tilepress runs in; one given with --set stays the
 * current folder's. */
static void beside_setter(const struct tp_config *c, const char *section, const char *key,
			  char *path, size_t n)
{
	if (path[0] == '\0' || path[0] == '/' || !tp_config_given(c, section, key))
		return;
	const char *where = tp_config_where(c, section, key);
	const char *colon = strrchr(where, ':');
	size_t len = colon ? (size_t)(colon - where) : strlen(where);
	const char *slash = NULL;
	for (const char *q = where; q < where + len; q++)
		if (*q == '/')
			slash = q;
	if (tp_config_from_set(c, section, key) || slash == NULL)
		return;
	char buf[PATH_MAX];
	if ((size_t)snprintf(buf, sizeof buf, "%.*s/%s", (int)(slash - where), where, path) < sizeof buf &&
	    strlen(buf) < n && access(buf, R_OK) == 0)
		snprintf(path, n, "%s", buf);
}

static int core_checks(struct tp_config *c, tp_err *e)
{
	struct tp_print *p = &c->print;
	char why[200];
	/* The config's name goes into the record, the page and file names:
	 * a control character in it is refused, not carried. */
	for (const char *q = c->path; *q; q++)
		if ((unsigned char)*q < 0x20 || *q == 0x7f) {
			char shown[80];
			size_t k = 0;
			for (const char *r = c->path; *r && k + 5 < sizeof shown; r++)
				k += (size_t)snprintf(shown + k, sizeof shown - k,
						      (unsigned char)*r < 0x20 || *r == 0x7f ? "\\x%02x" : "%c",
						      (unsigned char)*r);
			return tp_fail(e, TP_EINPUT, "%s: the config file's name holds a control character (byte 0x%02x); rename it with letters, digits, '-', '_' and '.'",
				       shown, (unsigned char)*q);
		}
	beside_setter(c, "print", "output_profile", p->output_profile, sizeof p->output_profile);
	beside_setter(c, "print", "proof_profile", p->proof_profile, sizeof p->proof_profile);
	if (tp_file_pattern_check(p->file_name, why, sizeof why) != 0)
		return tp_fail(e, TP_EINPUT, "%s: print.file_name = %s: %s",
			       tp_config_where(c, "print", "file_name"), p->file_name, why);
	/* The font first: the checks below measure text in it. */
	beside_setter(c, "print", "font", p->font, sizeof p->font);
	if (p->font[0])
		tp_inputs_note(p->font);
	if (tp_font_use(p->font, e) != TP_OK) {
		char msg[sizeof e->msg];
		snprintf(msg, sizeof msg, "%s", e->msg);
		snprintf(e->msg, sizeof e->msg, "%s: print.font = %s", tp_config_where(c, "print", "font"), msg);
		return e->code;
	}
	/* The job name is printed in the slug line. */
	if (tp_text_printable(tp_config_where(c, "print", "title"), "print.title", p->title, e) != TP_OK)
		return e->code;
	if (tp_text_printable(tp_config_where(c, "print", "job"), "print.job", p->job, e) != TP_OK)
		return e->code;
	/* A spot ink (the die's, the assembly marks') a press takes for a
	 * process plate, registration or nothing prints in the wrong place. */
	for (size_t i = 0; i < c->n_keys; i++) {
		const struct tp_key *k = &c->keys[i];
		int at = k->type == TP_KEY_NAME ? tp_ink_index(&p->inks, k->ink) : -1;
		if (at >= 0 && tp_spot_name_refused(p->inks.ink[at].name, why, sizeof why))
			return tp_fail(e, TP_EINPUT,
				       "%s: %s.%s = %s: %s; name the spot for what it does, e.g. CutContour, DieCut, Crease",
				       tp_config_where(c, k->section, k->name), k->section, k->name,
				       p->inks.ink[at].name, why);
	}
	if (p->output_condition[0] == '\0')
		return tp_fail(e, TP_EINPUT, "%s: print.output_condition is empty; PDF/X needs a registered printing condition, e.g. FOGRA39",
			       tp_config_where(c, "print", "output_condition"));
	if (p->output_profile[0] && tp_icc_output_check(p->output_profile, why, sizeof why) != 0)
		return tp_fail(e, TP_EINPUT, "%s: print.output_profile = %s: %s",
			       tp_config_where(c, "print", "output_profile"), p->output_profile, why);
	/* Its size, for the guard on the set's bytes (every PDF embeds it). */
	struct stat icc;
	p->output_profile_bytes = p->output_profile[0] && stat(p->output_profile, &icc) == 0
				  ? (double)icc.st_size : 0;
	/* The scene's palette carries the press's ink limit: the walk decides
	 * by it which overprints knock out (print/scene/overprint.h). */
	p->inks.max_tac_pct = p->max_tac_pct;
	/* Proof colours from the CMYK, once, now that the profile is known. */
	int rc = tp_colour_proofs(p->inks.ink, p->inks.n, p->proof_profile, e);
	if (rc != TP_OK) {
		char msg[sizeof e->msg];
		snprintf(msg, sizeof msg, "%s: %s", tp_config_where(c, "print", "proof_profile"), e->msg);
		snprintf(e->msg, sizeof e->msg, "%s", msg);
		return rc;
	}
	double room = p->max_sheet_mm - 2 * (p->bleed_mm + (p->marks ? 13.0 : 0));
	if (room < 2 * p->panel_overlap_mm + 10)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.max_sheet_mm = %g leaves %g mm for art after bleed%s; it must exceed twice print.panel_overlap_mm (%g) by 10 mm",
			       tp_config_where(c, "print", "max_sheet_mm"), p->max_sheet_mm, room,
			       p->marks ? " and marks" : "", p->panel_overlap_mm);
	return TP_OK;
}

/* print.art: a folder beside the config (or as given), or a name in
 * templates/art/ of the data folders. */
static int load_art(struct tp_config *c, tp_err *e)
{
	struct tp_print *p = &c->print;
	if (p->art[0] == '\0')
		return TP_OK;
	const char *where = tp_config_where(c, "print", "art");
	char dir[PATH_MAX];
	snprintf(dir, sizeof dir, "%s", p->art);
	size_t al = strlen(p->art);
	int ini = al > 4 && strcmp(p->art + al - 4, ".ini") == 0;
	const char *slash1 = strchr(p->art, '/');
	if (slash1 == NULL) {
		char rel[600];
		snprintf(rel, sizeof rel, "templates/art/%s/art.ini", p->art);
		if (tp_data_find(rel, dir, sizeof dir) == 0) {
			char *slash = strrchr(dir, '/');
			*slash = '\0';
		} else {
			snprintf(dir, sizeof dir, "%s", p->art);
		}
	} else if (ini && strchr(slash1 + 1, '/') == NULL && access(p->art, R_OK) != 0) {
		/* NAME/VARIANT.ini: a variant of a shipped pack. */
		char rel[600];
		snprintf(rel, sizeof rel, "templates/art/%s", p->art);
		if (tp_data_find(rel, dir, sizeof dir) != 0)
			snprintf(dir, sizeof dir, "%s", p->art);
	}
	char beside[512];
	snprintf(beside, sizeof beside, "%s", dir);
	beside_setter(c, "print", "art", beside, sizeof beside);
	struct tp_art_place places[TP_ART_MAX_PLACES];
	size_t n = c->game->art_places ? c->game->art_places(c, places, TP_ART_MAX_PLACES) : 0;
	/* Every game's place names: a pack's section for another game's place
	 * is skipped, not refused. */
	size_t nk = 0;
	for (size_t g = 0; g < c->games->n; g++)
		for (const char *const *q = c->games->row[g]->art_names; q && *q; q++)
			nk++;
	const char **known = tp_calloc(nk + 1, sizeof *known);
	if (known == NULL)
		return tp_fail(e, TP_EIO, "out of memory reading %s", where);
	nk = 0;
	for (size_t g = 0; g < c->games->n; g++)
		for (const char *const *q = c->games->row[g]->art_names; q && *q; q++)
			known[nk++] = *q;
	int added = 0;
	int rc = tp_art_pack_load(beside, places, n, known, nk, &p->inks, p->output_profile,
				  p->max_tac_pct, p->min_text_pt * 25.4 / 72, tp_rules_title(c), &c->art,
				  &added, e);
	free(known);
	if (rc == TP_OK && c->game->art_check)
		rc = c->game->art_check(c, e);
	if (rc != TP_OK) {
		char msg[sizeof e->msg];
		snprintf(msg, sizeof msg, "%s", e->msg);
		/* The pack's own file and line first, where it is to be fixed;
		 * then where the pack was named, once (a --set says its value). */
		if (tp_config_from_set(c, "print", "art"))
			snprintf(e->msg, sizeof e->msg, "%s (the pack of %s)", msg, where);
		else
			snprintf(e->msg, sizeof e->msg, "%s (the pack of %s: print.art = %s)", msg, where,
				 p->art);
		return rc;
	}
	/* The shared inks moved up by the inks added: so do the keys that
	 * point at them (colour pairs, cut_ink, anchor_ink). */
	for (size_t i = 0; added && i < c->n_keys; i++)
		if (c->keys[i].ink >= TP_GAME_INKS_MAX && c->keys[i].home == TP_HOME_CORE)
			c->keys[i].off += (size_t)added * sizeof(struct tp_ink);
	return TP_OK;
}

int tp_config_load(struct tp_config **out, const char *path, const char *const *sets,
		   int n_sets, const struct tp_game_table *games, tp_err *e)
{
	*out = NULL;
	/* A factory profile given as the config would build the default game
	 * under the profile's name: it is read through a config instead. */
	char prof[32];
	if (tp_profile_shipped(path, prof, sizeof prof))
		return tp_fail(e, TP_EINPUT,
			       "%s: this is the factory profile %s (print keys for a factory), not a game config; allowed: a game config (-c series, config/series.ini, ...) with print.profile = %s in its [print] section, or -s print.profile=%s",
			       path, prof, prof, prof);
	const struct tp_game *g;
	int by_set;
	int rc = which_game(path, sets, n_sets, games, &g, &by_set, e);
	if (rc != TP_OK)
		return rc;
	struct tp_config *c = tp_calloc(1, sizeof *c);
	struct loader L = { .c = c, .game_by_set = by_set };
	if (c == NULL)
		return tp_fail(e, TP_EIO, "out of memory reading %s", path);
	c->game = g;
	c->games = games;
	snprintf(c->game_name, sizeof c->game_name, "%s", g->name);
	c->path = tp_malloc(strlen(path) + 1);
	c->game_cfg = tp_calloc(1, g->cfg_size ? g->cfg_size : 1);
	if (c->path == NULL || c->game_cfg == NULL ||
	    tp_config_keys(g, &c->keys, &c->n_keys, e) != TP_OK) {
		tp_config_free(c);
		return tp_fail(e, TP_EIO, "out of memory reading %s", path);
	}
	memcpy(c->path, path, strlen(path) + 1);
	c->where = tp_calloc(c->n_keys, sizeof *c->where);
	L.line_of = tp_calloc(c->n_keys, sizeof *L.line_of);
	L.n_file = tp_calloc(c->n_keys, sizeof *L.n_file);
	L.n_set = tp_calloc(c->n_keys, sizeof *L.n_set);
	L.prof_val = tp_calloc(c->n_keys, sizeof *L.prof_val);
	L.prof_where = tp_calloc(c->n_keys, sizeof *L.prof_where);
	if (c->where == NULL || L.line_of == NULL || L.n_file == NULL || L.n_set == NULL ||
	    L.prof_val == NULL || L.prof_where == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory reading %s", path);
	if (rc == TP_OK) {
		core_defaults(c);
		g->defaults(c);
		rc = load_profile(&L, path, sets, n_sets, e);
	}
	if (rc == TP_OK) {
		rc = tp_ini_parse(path, on_file_key, &L, e);
	}
	for (int i = 0; rc == TP_OK && i < n_sets; i++)
		rc = apply_set(&L, sets[i], e);
	if (rc == TP_OK)
		rc = core_checks(c, e);
	if (rc == TP_OK && g->finish)
		rc = g->finish(c, e);
	if (rc == TP_OK)
		tp_config_sizes(c);
	/* The rules text before the art: a pack's {title} is its title. */
	if (rc == TP_OK && (c->print.rules || c->print.box))
		rc = tp_rules_load(c, e);
	if (rc == TP_OK)
		rc = load_art(c, e);
	if (rc == TP_OK)
		rc = tp_impose_check(c, e);
	free(L.line_of);
	free(L.n_file);
	free(L.n_set);
	for (size_t i = 0; i < c->n_keys && L.prof_val && L.prof_where; i++) {
		free(L.prof_val[i]);
		free(L.prof_where[i]);
	}
	free(L.prof_val);
	free(L.prof_where);
	if (rc != TP_OK) {
		tp_config_free(c);
		return rc;
	}
	*out = c;
	return TP_OK;
}
