#ifndef TP_PACK_DIE_FILE_H
#define TP_PACK_DIE_FILE_H

/* A factory's separate die file, when the edition writes none in its
 * format: every written file is a die file when its format holds die
 * lines alone (a one-ink backend of the die ink: the DXF) or its sheet
 * does (the plan's facts: tp_sheet_facts.die_only, such as the series'
 * "cut" sheet).  Where no such file is in the format the factory asks
 * for (the table and hexagonal sets as SVG), the pack writes one: each
 * page of each sheet that draws die lines of its own, replayed through
 * the walk's die view (die and crease inks, no marks, no art) into a
 * scene of the page's size and written in that format, as
 * BASE-die.EXT (one page) or BASE-PAGE-die.EXT, BASE the sheet's file
 * name (print.file_name). */

#include <stddef.h>

#include "app/build.h"
#include "app/factory.h"
#include "app/session.h"
#include "core/status.h"

/* The files the pack wrote as die files. */
struct tp_pack_dies {
	char (*name)[200];
	size_t n, cap;
};

void tp_pack_dies_free(struct tp_pack_dies *d);

/* 1 when the file name of the package (built with the plan's facts,
 * by sheet of s's game, or NULL) holds die lines alone in the factory's
 * die format fa->die_file: a die file of the format, of a die-only
 * sheet, or one d lists. */
int tp_pack_is_die_file(const struct tp_config *c, const struct tp_factory *fa,
			const struct tp_sheet_facts *facts, const struct tp_pack_dies *d,
			const char *name);

/* Writes the die files fa wants into dir when the build (facts, by
 * sheet; the formats it wrote, a bit per tp_backends row) wrote none,
 * listing them in *d.  TP_OK, or e filled. */
int tp_pack_die_files(const struct tp_session *s, const struct tp_factory *fa,
		      const struct tp_sheet_facts *facts, unsigned formats, const char *dir,
		      struct tp_pack_dies *d, tp_err *e);

#endif
