#include "print/ink/colour.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lcms2.h>
#include <lcms2_plugin.h>

#include "core/alloc.h"
#include "core/inputs.h"
#include "core/regfile.h"

/* Ghostscript's default CMYK profile (an output profile for SWOP-like
 * coated stock) is what Debian ships; no FOGRA39 ICC file is packaged.
 * Without any of these, proofs fall back to tp_colour_naive(), which
 * ignores dot gain and ink hue and shows colours too bright and clean. */
static const char *const system_profiles[] = {
	"/usr/share/color/icc/ghostscript/default_cmyk.icc",  /* Debian 12 */
	"/usr/share/ghostscript/iccprofiles/default_cmyk.icc",
	"/usr/local/share/color/icc/ghostscript/default_cmyk.icc",
	"/usr/local/share/ghostscript/iccprofiles/default_cmyk.icc",
};

static double unit(double v)
{
	return v < 0 ? 0 : v > 1 ? 1 : v;
}

void tp_colour_naive(const double cmyk[4], double rgb[3])
{
	double k = 1 - unit(cmyk[3]);
	for (int i = 0; i < 3; i++)
		rgb[i] = (1 - unit(cmyk[i])) * k;
}

const char *tp_colour_default_profile(void)
{
	for (size_t i = 0; i < sizeof system_profiles / sizeof system_profiles[0]; i++) {
		FILE *f = fopen(system_profiles[i], "rb");
		if (f != NULL) {
			fclose(f);
			return system_profiles[i];
		}
	}
	return NULL;
}

/* LittleCMS allocates through tp_malloc too, so that tests can fail its
 * allocations like everyone else's.  LittleCMS 2.14 reports a failed
 * malloc and a broken profile alike, and leaks on some of its failure
 * paths; so every block is kept on a list in the context's user data
 * (struct arena), which says whether a malloc failed and lets whatever
 * LittleCMS forgot be freed with the context. */
struct block {
	struct block *prev, *next;
};

union header {
	struct block b;
	max_align_t align;
};

struct arena {
	int oom;
	struct block head;   /* circular list of live blocks */
};

static struct arena *arena_of(cmsContext ctx)
{
	return ctx ? cmsGetContextUserData(ctx) : NULL;
}

static void link_after(struct block *at, struct block *b)
{
	b->prev = at;
	b->next = at->next;
	at->next->prev = b;
	at->next = b;
}

static void unlink_block(struct block *b)
{
	b->prev->next = b->next;
	b->next->prev = b->prev;
}

static void *lc_malloc(cmsContext ctx, cmsUInt32Number size)
{
	struct arena *a = arena_of(ctx);
	union header *h = tp_malloc(sizeof *h + size);
	if (h == NULL) {
		if (a != NULL)
			a->oom = 1;
		return NULL;
	}
	if (a != NULL) {
		link_after(&a->head, &h->b);
	} else {
		h->b.prev = h->b.next = &h->b;
	}
	return h + 1;
}

static void lc_free(cmsContext ctx, void *p)
{
	(void)ctx;
	if (p == NULL)
		return;
	union header *h = (union header *)p - 1;
	unlink_block(&h->b);
	free(h);
}

static void *lc_realloc(cmsContext ctx, void *p, cmsUInt32Number size)
{
	if (p == NULL)
		return lc_malloc(ctx, size);
	union header *h = (union header *)p - 1;
	int alone = h->b.next == &h->b;
	union header *n = tp_realloc(h, sizeof *n + size);
	if (n == NULL) {
		struct arena *a = arena_of(ctx);
		if (a != NULL)
			a->oom = 1;
		return NULL;
	}
	if (alone) {
		n->b.prev = n->b.next = &n->b;
	} else {
		n->b.prev->next = &n->b;
		n->b.next->prev = &n->b;
	}
	return n + 1;
}

/* Frees every block LittleCMS left behind. */
static void arena_free(struct arena *a)
{
	while (a->head.next != &a->head) {
		struct block *b = a->head.next;
		unlink_block(b);
		free(b);
	}
}

/* A context is used by one thread only, so its profiles need no locks.
 * (LittleCMS 2.14's own mutexes also crash when their malloc fails.) */
static char no_mutex;

static void *mx_create(cmsContext ctx)
{
	(void)ctx;
	return &no_mutex;
}

static void mx_destroy(cmsContext ctx, void *mtx)
{
	(void)ctx;
	(void)mtx;
}

static cmsBool mx_lock(cmsContext ctx, void *mtx)
{
	(void)ctx;
	(void)mtx;
	return TRUE;
}

static void mx_unlock(cmsContext ctx, void *mtx)
{
	(void)ctx;
	(void)mtx;
}

/* LittleCMS's messages (it prints nothing itself) are dropped: failures
 * are reported from the return values, with the file named. */
static void lc_log(cmsContext ctx, cmsUInt32Number code, const char *text)
{
	(void)ctx;
	(void)code;
	(void)text;
}

/* A LittleCMS context of our own (allocations in an arena, no mutex,
 * messages dropped) and what a conversion opens in it: a profile, sRGB,
 * their transform.  L stays where it is while the context lives (the
 * arena is its user data). */
struct lc {
	cmsPluginMutex mutex;
	cmsPluginMemHandler mem;
	struct arena arena;
	cmsContext ctx;
	cmsHPROFILE prof, srgb;
	cmsHTRANSFORM tr;
};

/* L->ctx, or NULL when out of memory (lc_close all the same). */
static cmsContext lc_open(struct lc *L)
{
	L->mutex = (cmsPluginMutex){
		{ cmsPluginMagicNumber, LCMS_VERSION, cmsPluginMutexSig, NULL },
		mx_create, mx_destroy, mx_lock, mx_unlock,
	};
	L->mem = (cmsPluginMemHandler){
		{ cmsPluginMagicNumber, LCMS_VERSION, cmsPluginMemHandlerSig,
		  (cmsPluginBase *)&L->mutex },
		lc_malloc, lc_free, lc_realloc, NULL, NULL, NULL,
	};
	L->arena = (struct arena){ 0, { &L->arena.head, &L->arena.head } };
	L->prof = L->srgb = NULL;
	L->tr = NULL;
	L->ctx = cmsCreateContext(&L->mem, &L->arena);
	if (L->ctx != NULL)
		cmsSetLogErrorHandlerTHR(L->ctx, lc_log);
	return L->ctx;
}

static void lc_close(struct lc *L)
{
	if (L->tr != NULL)
		cmsDeleteTransform(L->tr);
	if (L->srgb != NULL)
		cmsCloseProfile(L->srgb);
	if (L->prof != NULL)
		cmsCloseProfile(L->prof);
	if (L->ctx != NULL)
		cmsDeleteContext(L->ctx);
	arena_free(&L->arena);
}

/* Reads a whole file into memory; 0, or -1 with errno (ENOMEM included). */
static int slurp(const char *path, unsigned char **buf, size_t *n)
{
	*buf = NULL;
	tp_inputs_note(path);
	const char *why;
	FILE *f = tp_fopen_regular(path, &why);
	if (f == NULL) {
		errno = errno ? errno : EINVAL;
		return -1;
	}
	long len = -1;
	if (fseek(f, 0, SEEK_END) == 0)
		len = ftell(f);
	int rc = -1;
	if (len < 0 || len > (64L << 20) || fseek(f, 0, SEEK_SET) != 0)
		errno = EINVAL;
	else if ((*buf = tp_malloc(len ? (size_t)len : 1)) == NULL)
		errno = ENOMEM;
	else if (fread(*buf, 1, (size_t)len, f) != (size_t)len)
		errno = EIO;
	else
		rc = 0;
	fclose(f);
	if (rc != 0) {
		free(*buf);
		*buf = NULL;
	}
	*n = rc == 0 ? (size_t)len : 0;
	return rc;
}

/* The proof colour of every ink whose RGB was not given: through tr (CMYK
 * to sRGB), or the naive conversion when tr is NULL; registration is
 * black either way. */
static void proof_inks(cmsHTRANSFORM tr, struct tp_ink *inks, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (inks[i].rgb_given)
			continue;
		if (inks[i].kind == TP_INK_REGISTRATION) {
			inks[i].rgb[0] = inks[i].rgb[1] = inks[i].rgb[2] = 0;
			continue;
		}
		if (tr == NULL) {
			tp_colour_naive(inks[i].cmyk, inks[i].rgb);
			continue;
		}
		/* LittleCMS's floating-point CMYK is in percent. */
		double in[4], rgb[3];
		for (int k = 0; k < 4; k++)
			in[k] = unit(inks[i].cmyk[k]) * 100;
		cmsDoTransform(tr, in, rgb, 1);
		for (int k = 0; k < 3; k++)
			inks[i].rgb[k] = unit(rgb[k]);
	}
}

/* What a refused print.proof_profile may be instead (one a user gave). */
#define ALLOWED(user) ((user) ? "; allowed: a readable CMYK ICC profile (the proof colours come from the inks' CMYK)" : "")

int tp_colour_proofs(struct tp_ink *inks, size_t n, const char *profile_path, tp_err *e)
{
	int user = profile_path != NULL && profile_path[0] != '\0';
	const char *path = user ? profile_path : tp_colour_default_profile();
	if (path == NULL) {
		proof_inks(NULL, inks, n);
		return TP_OK;
	}

	unsigned char *icc;
	size_t len;
	if (slurp(path, &icc, &len) != 0) {
		if (errno == ENOMEM)
			return tp_fail(e, TP_EIO, "out of memory reading %s", path);
		return tp_fail(e, user ? TP_EINPUT : TP_EIO, "%s%s: %s%s",
			       user ? "print.proof_profile = " : "", path, strerror(errno), ALLOWED(user));
	}
	int rc = TP_OK;
	struct lc L;
	cmsContext ctx = lc_open(&L);
	if (ctx == NULL) {
		rc = tp_fail(e, TP_EIO, "out of memory converting proof colours");
		goto out;
	}
	cmsHPROFILE cmyk = L.prof = cmsOpenProfileFromMemTHR(ctx, icc, (cmsUInt32Number)len);
	cmsHPROFILE srgb = L.srgb = cmyk ? cmsCreate_sRGBProfileTHR(ctx) : NULL;
	if (cmyk == NULL || srgb == NULL) {
		rc = L.arena.oom || (srgb == NULL && cmyk != NULL)
		     ? tp_fail(e, TP_EIO, "out of memory reading %s", path)
		     : tp_fail(e, user ? TP_EINPUT : TP_EIO, "%s%s: not an ICC profile%s",
			       user ? "print.proof_profile = " : "", path, ALLOWED(user));
		goto out;
	}
	if (cmsGetColorSpace(cmyk) != cmsSigCmykData) {
		rc = tp_fail(e, user ? TP_EINPUT : TP_EIO, "%s%s: not a CMYK profile%s",
			     user ? "print.proof_profile = " : "", path, ALLOWED(user));
		goto out;
	}
	cmsHTRANSFORM tr = L.tr = cmsCreateTransformTHR(ctx, cmyk, TYPE_CMYK_DBL, srgb, TYPE_RGB_DBL,
							INTENT_RELATIVE_COLORIMETRIC,
							cmsFLAGS_BLACKPOINTCOMPENSATION | cmsFLAGS_NOCACHE);
	if (tr == NULL) {
		rc = L.arena.oom ? tp_fail(e, TP_EIO, "out of memory converting proof colours")
			 : tp_fail(e, user ? TP_EINPUT : TP_EIO, "%s%s: cannot convert "
				   "to sRGB%s", user ? "print.proof_profile = " : "", path, ALLOWED(user));
		goto out;
	}
	proof_inks(tr, inks, n);
out:
	lc_close(&L);
	free(icc);
	return rc;
}

int tp_icc_output_check(const char *path, char *why, size_t n)
{
	unsigned char h[128];
	tp_inputs_note(path);
	const char *reason;
	FILE *f = tp_fopen_regular(path, &reason);
	if (f == NULL) {
		snprintf(why, n, "cannot read: %s", reason);
		return -1;
	}
	long len = -1;
	if (fseek(f, 0, SEEK_END) == 0)
		len = ftell(f);
	int ok = len >= 128 && fseek(f, 0, SEEK_SET) == 0 && fread(h, 1, sizeof h, f) == sizeof h;
	fclose(f);
	unsigned long size = ok ? (unsigned long)h[0] << 24 | (unsigned long)h[1] << 16 |
					  (unsigned long)h[2] << 8 | h[3] : 0;
	const char *bad = NULL;
	if (!ok || memcmp(h + 36, "acsp", 4) != 0 || size != (unsigned long)len)
		bad = "not an ICC profile";
	else if (len > (64L << 20))
		bad = "larger than 64 MiB";
	else if (memcmp(h + 16, "CMYK", 4) != 0)
		bad = "not a CMYK profile (PDF/X-1a prints CMYK)";
	else if (memcmp(h + 12, "prtr", 4) != 0)
		bad = "not an output (printer) profile";
	if (bad) {
		snprintf(why, n, "%s; allowed: a CMYK output ICC profile, e.g. one for FOGRA39", bad);
		return -1;
	}
	return 0;
}

void tp_colour_naive_cmyk(const double rgb[3], double cmyk[4])
{
	double r = unit(rgb[0]), g = unit(rgb[1]), b = unit(rgb[2]);
	double mx = fmax(r, fmax(g, b)), k = 1 - mx;
	cmyk[3] = k;
	for (int i = 0; i < 3; i++)
		cmyk[i] = mx > 0 ? unit((mx - (i == 0 ? r : i == 1 ? g : b)) / mx) : 0;
}

/* sRGB to CMYK through path: doubles (rgb, cmyk), or bytes (rgb8, cmyk8)
 * when rgb is NULL. */
static int separate(const double *rgb, double *cmyk, const uint8_t *rgb8, uint8_t *cmyk8,
		    size_t n, const char *path, int user, tp_err *e)
{
	unsigned char *icc;
	size_t len;
	if (slurp(path, &icc, &len) != 0) {
		if (errno == ENOMEM)
			return tp_fail(e, TP_EIO, "out of memory reading %s", path);
		return tp_fail(e, user ? TP_EINPUT : TP_EIO, "%s: %s", path, strerror(errno));
	}
	int rc = TP_OK;
	struct lc L;
	cmsContext ctx = lc_open(&L);
	if (ctx == NULL) {
		rc = tp_fail(e, TP_EIO, "out of memory converting art colours");
		goto out;
	}
	cmsHPROFILE prof = L.prof = cmsOpenProfileFromMemTHR(ctx, icc, (cmsUInt32Number)len);
	cmsHPROFILE srgb = L.srgb = prof ? cmsCreate_sRGBProfileTHR(ctx) : NULL;
	if (prof == NULL || srgb == NULL || cmsGetColorSpace(prof) != cmsSigCmykData) {
		rc = tp_fail(e, user ? TP_EINPUT : TP_EIO, "%s: not a CMYK ICC profile", path);
		goto out;
	}
	cmsHTRANSFORM tr = L.tr = cmsCreateTransformTHR(ctx, srgb, rgb ? TYPE_RGB_DBL : TYPE_RGB_8, prof,
							rgb ? TYPE_CMYK_DBL : TYPE_CMYK_8,
							INTENT_RELATIVE_COLORIMETRIC,
							cmsFLAGS_BLACKPOINTCOMPENSATION | cmsFLAGS_NOCACHE);
	if (tr == NULL) {
		rc = tp_fail(e, user ? TP_EINPUT : TP_EIO, "%s: cannot convert sRGB to it", path);
		goto out;
	}
	/* Bytes a row at a time: LittleCMS takes a count of 32 bits. */
	for (size_t i = 0; !rgb && i < n; i += 1u << 20) {
		size_t m = n - i < (1u << 20) ? n - i : 1u << 20;
		cmsDoTransform(tr, rgb8 + 3 * i, cmyk8 + 4 * i, (cmsUInt32Number)m);
	}
	for (size_t i = 0; rgb && i < n; i++) {
		double in[3], out4[4];
		for (int k = 0; k < 3; k++)
			in[k] = unit(rgb[3 * i + k]);
		cmsDoTransform(tr, in, out4, 1);
		/* TYPE_CMYK_DBL is 0..100 */
		for (int k = 0; k < 4; k++)
			cmyk[4 * i + k] = unit(round(out4[k] * 10) / 1000);
	}
out:
	lc_close(&L);
	free(icc);
	return rc;
}

int tp_colour_separate(const double *rgb, double *cmyk, size_t n, const char *profile_path,
		       tp_err *e)
{
	int user = profile_path != NULL && profile_path[0] != '\0';
	const char *path = user ? profile_path : tp_colour_default_profile();
	if (path == NULL) {
		for (size_t i = 0; i < n; i++)
			tp_colour_naive_cmyk(rgb + 3 * i, cmyk + 4 * i);
		return TP_OK;
	}
	return separate(rgb, cmyk, NULL, NULL, n, path, user, e);
}

int tp_colour_separate8(const uint8_t *rgb, uint8_t *cmyk, size_t n, const char *profile_path,
			tp_err *e)
{
	int user = profile_path != NULL && profile_path[0] != '\0';
	const char *path = user ? profile_path : tp_colour_default_profile();
	if (path != NULL)
		return separate(NULL, NULL, rgb, cmyk, n, path, user, e);
	for (size_t i = 0; i < n; i++) {
		double c[3] = { rgb[3 * i] / 255.0, rgb[3 * i + 1] / 255.0, rgb[3 * i + 2] / 255.0 };
		double k[4];
		tp_colour_naive_cmyk(c, k);
		for (int j = 0; j < 4; j++)
			cmyk[4 * i + j] = (uint8_t)lround(k[j] * 255);
	}
	return TP_OK;
}
