/* Atomic output files (print/output/outfile.h), table-driven: each row writes a
 * file one way, and the folder must then hold exactly the files the row's
 * outcome allows: the new file whole, or the old one untouched, and never
 * a temporary file (.name.XXXXXX). */

#include "testutil.h"
#include "tu_files.h"

#include <dirent.h>
#include <string.h>
#include <sys/stat.h>

#include "print/output/outfile.h"

/* Files in dir, dot files included ("." and ".." aside). */
static int entries(const char *dir, int *dots)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	int n = 0;
	*dots = 0;
	for (struct dirent *de; (de = readdir(d)) != NULL;) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		n++;
		*dots += de->d_name[0] == '.';
	}
	closedir(d);
	return n;
}

enum how { WRITE, COMMIT, ABORT, OVERWRITE, ABORT_OVER, NO_DIR, LONG_NAME };

static const struct row {
	const char *what;
	enum how how;
	int ok;            /* TP_OK expected */
	int files;         /* regular files afterwards */
	const char *text;  /* what name holds afterwards, NULL when absent */
} rows[] = {
	{ "tp_out_write", WRITE, 1, 1, "new" },
	{ "open, write, commit", COMMIT, 1, 1, "new" },
	{ "open, write, abort", ABORT, 1, 0, NULL },
	{ "commit over an old file", OVERWRITE, 1, 1, "new" },
	{ "abort over an old file", ABORT_OVER, 1, 1, "old" },
	{ "a folder that is not there", NO_DIR, 0, 0, NULL },
	{ "a name longer than PATH_MAX", LONG_NAME, 0, 0, NULL },
};

static void one(const struct row *r)
{
	char *dir = tu_tmpdir();
	char path[1200], where[1200];
	snprintf(path, sizeof path, "%s/f.txt", dir);
	snprintf(where, sizeof where, "%s", r->how == NO_DIR ? "/nonexistent/tilepress" : dir);
	tp_err e = { 0 };
	int rc = TP_OK;
	struct tp_out o;
	if (r->how == OVERWRITE || r->how == ABORT_OVER)
		assert_int_equal(tp_out_write(dir, "f.txt", "old", 3, &e), TP_OK);
	static char long_name[PATH_MAX + 10];
	memset(long_name, 'a', sizeof long_name - 1);
	const char *name = r->how == LONG_NAME ? long_name : "f.txt";
	if (r->how == WRITE || r->how == NO_DIR || r->how == LONG_NAME) {
		rc = tp_out_write(where, name, "new", 3, &e);
	} else {
		rc = tp_out_open(&o, where, name, &e);
		assert_int_equal(rc, TP_OK);
		assert_int_equal(fputs("new", o.f) >= 0, 1);
		if (r->how == ABORT || r->how == ABORT_OVER)
			tp_out_abort(&o);
		else
			rc = tp_out_commit(&o, &e);
	}
	if ((rc == TP_OK) != r->ok)
		fail_msg("%s: rc %d (%s)", r->what, rc, e.msg);
	if (!r->ok)
		assert_true(e.msg[0] != '\0');
	int dots;
	int n = entries(dir, &dots);
	if (n != r->files || dots != 0)
		fail_msg("%s: %d files, %d of them temporary; expected %d and none", r->what, n, dots,
			 r->files);
	if (r->text) {
		size_t len;
		char *s = tu_slurp(path, &len);
		assert_non_null(s);
		assert_int_equal(len, strlen(r->text));
		assert_memory_equal(s, r->text, len);
		free(s);
	} else {
		assert_int_not_equal(access(path, F_OK), 0);
	}
	tu_rmrf(dir);
}

static void table(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		one(&rows[i]);
}

/* tp_mkdirs makes every missing parent, and is content with what exists. */
static void mkdirs(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	static const char *const rel[] = { "a", "a/b/c", "a/b/c", "d/e/f/g" };
	for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
		char p[1200];
		struct stat st;
		tp_err e = { 0 };
		snprintf(p, sizeof p, "%s/%s", dir, rel[i]);
		assert_int_equal(tp_mkdirs(p, &e), TP_OK);
		assert_int_equal(stat(p, &st), 0);
		assert_true(S_ISDIR(st.st_mode));
	}
	tu_rmrf(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table),
		cmocka_unit_test(mkdirs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
