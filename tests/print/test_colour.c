/* Proof colours through LittleCMS (colour.c).  The oracle for the profile
 * conversion is Ghostscript itself where it matters (tests/prepress/prepress.sh
 * compares proofs with gs renders of the press PDF); here: the rules every
 * CMYK profile obeys, the fallbacks and the errors. */

#include "testutil.h"

#include <lcms2.h>
#include <math.h>

#include "core/alloc.h"
#include "print/ink/colour.h"
#include "print/scene/scene.h"

static void ink(struct tp_ink *k, int kind, double c, double m, double y, double kk)
{
	memset(k, 0, sizeof *k);
	snprintf(k->name, sizeof k->name, "ink");
	k->kind = kind;
	k->cmyk[0] = c;
	k->cmyk[1] = m;
	k->cmyk[2] = y;
	k->cmyk[3] = kk;
	k->rgb[0] = k->rgb[1] = k->rgb[2] = -1;   /* must be overwritten */
}

static double lum(const double rgb[3])
{
	return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
}

static void test_naive(void **state)
{
	(void)state;
	/* every corner of the CMYK cube, from the formula's definition */
	for (int bits = 0; bits < 16; bits++) {
		double cmyk[4], rgb[3];
		for (int i = 0; i < 4; i++)
			cmyk[i] = (bits >> i) & 1;
		tp_colour_naive(cmyk, rgb);
		for (int i = 0; i < 3; i++)
			assert_true(rgb[i] == ((cmyk[i] == 0 && cmyk[3] == 0) ? 1 : 0));
	}
	double half[4] = { 0.5, 0.25, 0, 0.2 }, out[3];
	tp_colour_naive(half, out);
	assert_true(fabs(out[0] - 0.5 * 0.8) < 1e-12);
	assert_true(fabs(out[1] - 0.75 * 0.8) < 1e-12);
	assert_true(fabs(out[2] - 0.8) < 1e-12);
	double wild[4] = { -1, 2, 0.5, 0 };
	tp_colour_naive(wild, out);
	assert_true(out[0] == 1 && out[1] == 0 && out[2] == 0.5);
}

/* What any sensible CMYK press profile gives, for the default profile and
 * for the same file named by the user (which must agree). */
static void check_profile(const char *path)
{
	enum { WHITE, C, M, Y, K, K45, SPOT, REG, GIVEN, N };
	struct tp_ink k[N];
	ink(&k[WHITE], TP_INK_PROCESS, 0, 0, 0, 0);
	ink(&k[C], TP_INK_PROCESS, 1, 0, 0, 0);
	ink(&k[M], TP_INK_PROCESS, 0, 1, 0, 0);
	ink(&k[Y], TP_INK_PROCESS, 0, 0, 1, 0);
	ink(&k[K], TP_INK_PROCESS, 0, 0, 0, 1);
	ink(&k[K45], TP_INK_PROCESS, 0, 0, 0, 0.45);
	ink(&k[SPOT], TP_INK_SPOT, 0, 1, 0, 0);       /* alternate = process M */
	ink(&k[REG], TP_INK_REGISTRATION, 1, 1, 1, 1);
	ink(&k[GIVEN], TP_INK_PROCESS, 1, 0, 0, 0);
	k[GIVEN].rgb_given = 1;
	k[GIVEN].rgb[0] = 0.25;
	k[GIVEN].rgb[1] = 0.5;
	k[GIVEN].rgb[2] = 0.75;
	tp_err e = { 0 };
	assert_int_equal(tp_colour_proofs(k, N, path, &e), TP_OK);
	for (int i = 0; i < N; i++)
		for (int c = 0; c < 3; c++)
			assert_true(k[i].rgb[c] >= 0 && k[i].rgb[c] <= 1);
	/* paper is white (relative colorimetric) */
	for (int c = 0; c < 3; c++)
		assert_true(k[WHITE].rgb[c] > 0.99);
	/* each process ink absorbs its own third most */
	assert_true(k[C].rgb[0] < k[C].rgb[1] && k[C].rgb[0] < k[C].rgb[2]);
	assert_true(k[M].rgb[1] < k[M].rgb[0] && k[M].rgb[1] < k[M].rgb[2]);
	assert_true(k[Y].rgb[2] < k[Y].rgb[0] && k[Y].rgb[2] < k[Y].rgb[1]);
	/* black is dark, 45 % black a middle grey, neutral-ish */
	assert_true(lum(k[K].rgb) < 0.2);
	assert_true(lum(k[K45].rgb) > lum(k[K].rgb) && lum(k[K45].rgb) < lum(k[WHITE].rgb));
	/* a spot proofs as its alternate CMYK */
	assert_memory_equal(k[SPOT].rgb, k[M].rgb, sizeof k[M].rgb);
	/* registration proofs as black, an override stays as typed */
	for (int c = 0; c < 3; c++)
		assert_true(k[REG].rgb[c] == 0);
	assert_true(k[GIVEN].rgb[0] == 0.25 && k[GIVEN].rgb[1] == 0.5 && k[GIVEN].rgb[2] == 0.75);
	/* the profile is used, not the naive formula: dot gain darkens */
	double naive[3];
	tp_colour_naive(k[K45].cmyk, naive);
	assert_true(fabs(lum(k[K45].rgb) - lum(naive)) > 0.02);
	/* more black is darker, step by step */
	double prev = 2;
	for (int s = 0; s <= 10; s++) {
		struct tp_ink g;
		ink(&g, TP_INK_PROCESS, 0, 0, 0, s / 10.0);
		assert_int_equal(tp_colour_proofs(&g, 1, path, &e), TP_OK);
		assert_true(lum(g.rgb) < prev);
		prev = lum(g.rgb);
	}
}

static void test_default_profile(void **state)
{
	(void)state;
	const char *def = tp_colour_default_profile();
	if (def == NULL) {
		/* no system profile: the naive conversion */
		struct tp_ink k;
		ink(&k, TP_INK_PROCESS, 0.2, 0.4, 0.6, 0.1);
		tp_err e = { 0 };
		assert_int_equal(tp_colour_proofs(&k, 1, NULL, &e), TP_OK);
		double want[3];
		tp_colour_naive(k.cmyk, want);
		assert_memory_equal(k.rgb, want, sizeof want);
		return;
	}
	check_profile(NULL);
	check_profile("");
	check_profile(def);
	/* the user's file and the default give the same colours */
	struct tp_ink a, b;
	ink(&a, TP_INK_PROCESS, 0, 1, 1, 0);
	ink(&b, TP_INK_PROCESS, 0, 1, 1, 0);
	tp_err e = { 0 };
	assert_int_equal(tp_colour_proofs(&a, 1, NULL, &e), TP_OK);
	assert_int_equal(tp_colour_proofs(&b, 1, def, &e), TP_OK);
	assert_memory_equal(a.rgb, b.rgb, sizeof a.rgb);
}

static const char *write_file(const char *name, const void *data, size_t n)
{
	static char path[1100];
	snprintf(path, sizeof path, "%s/%s", tu_tmp, name);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
	return path;
}

/* The user's file must be a CMYK profile; on error the inks are as before. */
static void test_bad_profiles(void **state)
{
	(void)state;
	static const char garbage[] = "this is not an ICC profile at all, just some text";
	char rgbpath[1100];
	/* an RGB profile LittleCMS writes itself */
	cmsHPROFILE srgb = cmsCreate_sRGBProfile();
	cmsUInt32Number n = 0;
	assert_true(cmsSaveProfileToMem(srgb, NULL, &n));
	void *mem = malloc(n);
	assert_true(cmsSaveProfileToMem(srgb, mem, &n));
	cmsCloseProfile(srgb);
	snprintf(rgbpath, sizeof rgbpath, "%s", write_file("srgb.icc", mem, n));
	free(mem);
	struct {
		const char *path, *why;
	} bad[] = {
		{ "/nonexistent/proof.icc", "No such file" },
		{ rgbpath, "not a CMYK profile" },
		{ NULL, "not an ICC profile" },
	};
	char gpath[1100];
	snprintf(gpath, sizeof gpath, "%s", write_file("garbage.icc", garbage, sizeof garbage));
	bad[2].path = gpath;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct tp_ink k;
		ink(&k, TP_INK_PROCESS, 0, 1, 1, 0);
		tp_err e = { 0 };
		assert_int_equal(tp_colour_proofs(&k, 1, bad[i].path, &e), TP_EINPUT);
		if (!strstr(e.msg, bad[i].why) || !strstr(e.msg, bad[i].path) ||
		    !strstr(e.msg, "print.proof_profile = ") || !strstr(e.msg, "; allowed: "))
			fail_msg("%s: \"%s\"", bad[i].path, e.msg);
		assert_true(k.rgb[0] == -1 && k.rgb[1] == -1 && k.rgb[2] == -1);
	}
}

/* Every allocation (LittleCMS's included) fails in turn: TP_EIO, never a
 * blamed profile, inks untouched, nothing leaked (ASan). */
static void test_out_of_memory(void **state)
{
	(void)state;
	const char *def = tp_colour_default_profile();
	if (def == NULL)
		skip();
	int done = 0;
	for (long at = 1; !done && at < 100000; at++) {
		struct tp_ink k;
		ink(&k, TP_INK_PROCESS, 0, 1, 1, 0);
		tp_err e = { 0 };
		tp_alloc_fail_at(at);
		int rc = tp_colour_proofs(&k, 1, def, &e);
		tp_alloc_fail_at(0);
		if (rc == TP_OK) {
			done = 1;
		} else {
			if (rc != TP_EIO)
				fail_msg("allocation %ld: code %d (%s)", at, rc, e.msg);
			assert_true(k.rgb[0] == -1);
		}
	}
	assert_true(done);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_naive),
		cmocka_unit_test(test_default_profile),
		cmocka_unit_test(test_bad_profiles),
		cmocka_unit_test(test_out_of_memory),
	};
	return cmocka_run_group_tests(tests, tu_setup_tmp, tu_teardown_tmp);
}
