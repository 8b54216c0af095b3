#ifndef TP_TESTUTIL_H
#define TP_TESTUTIL_H

/* Shared by the cmocka suites.  TP_ROOT (set by the Makefile) is the source
 * tree, so suites find config/ and templates/ wherever they run from. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "print/art/text_outline.h"
#include "print/text/text_layout.h"

/* Cairo's font caches and fontconfig's configuration live until these are
 * called; a suite that drew text calls this last so LeakSanitizer sees
 * only our own memory.  After a Pango layout (a rules booklet, a box)
 * Pango still holds Cairo fonts, and resetting Cairo's caches would
 * abort: those stay, reachable, as in the program (cli/main.c). */
static inline void tu_release_font_caches(void)
{
	tp_text_outline_release();
	if (!tp_text_layout_release()) {
		cairo_debug_reset_static_data();
		FcFini();
	}
}

static inline const char *tu_root(void)
{
	const char *r = getenv("TP_ROOT");
	return r && r[0] ? r : ".";
}

/* Path of a file in the source tree; static buffer, one use at a time. */
static inline const char *tu_path(const char *rel)
{
	static char buf[4][1024];
	static int i;
	i = (i + 1) % 4;
	snprintf(buf[i], sizeof buf[i], "%s/%s", tu_root(), rel);
	return buf[i];
}

/* A fresh temporary directory; the caller removes it with tu_rmrf. */
static inline char *tu_tmpdir(void)
{
	char *d = strdup("/tmp/tptest.XXXXXX");
	if (d == NULL || mkdtemp(d) == NULL)
		abort();
	return d;
}

static inline void tu_rmrf(char *d)
{
	char cmd[1100];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", d);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", d);
	free(d);
}

/* Writes text to dir/name and returns the path (static, rotating). */
static inline const char *tu_write(const char *dir, const char *name, const char *text)
{
	static char buf[4][1024];
	static int i;
	i = (i + 1) % 4;
	snprintf(buf[i], sizeof buf[i], "%s/%s", dir, name);
	FILE *f = fopen(buf[i], "w");
	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
		abort();
	return buf[i];
}

/* Group teardown for suites that drew text but keep no scratch folder. */
static inline int tu_teardown_fonts(void **state)
{
	(void)state;
	tu_release_font_caches();
	return 0;
}

/* The usual cmocka group fixture: a scratch folder for the suite, and the
 * font caches released at the end. */
static char *tu_tmp __attribute__((unused));

static inline int tu_setup_tmp(void **state)
{
	(void)state;
	tu_tmp = tu_tmpdir();
	return 0;
}

static inline int tu_teardown_tmp(void **state)
{
	(void)state;
	tu_rmrf(tu_tmp);
	tu_release_font_caches();
	return 0;
}

#ifdef TU_SUPPRESS_HARU_LEAK
/* libharu 2.3.0 leaks the graphics state it has just allocated when a later
 * allocation in HPDF_Page_New or HPDF_Page_GSave fails; that is its bug, not
 * the writer's, and it only shows when a suite makes allocations fail.
 * libhpdf has no frame pointers: without the slow unwinder the stacks end
 * in HPDF_GetMem and the suppression cannot tell its callers apart. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:HPDF_GState_New\n";
}
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "fast_unwind_on_malloc=0";
}
#endif

#endif
