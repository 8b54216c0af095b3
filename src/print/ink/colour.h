#ifndef TP_COLOUR_H
#define TP_COLOUR_H

/* Proof colours: the sRGB that PNG and SVG proofs show for each ink, taken
 * from the ink's CMYK through a CMYK profile with LittleCMS, so that proof
 * and press agree. */

#include <stddef.h>
#include <stdint.h>

#include "core/status.h"
#include "print/scene/scene.h"

/* Fills rgb (0..1 sRGB) of every ink in inks[0..n-1] whose rgb_given is 0:
 * process inks from their CMYK, spot inks from their alternate CMYK,
 * registration as black.  The CMYK goes through profile_path (a CMYK ICC
 * profile), or when that is NULL or "" through tp_colour_default_profile();
 * when there is none, through tp_colour_naive().  Relative colorimetric
 * intent with black-point compensation (paper white is the screen's white,
 * press black its black): the conversion Ghostscript applies when it shows
 * the press PDF, so proof and PDF agree on screen.  Deterministic for a
 * given profile and LittleCMS.
 *
 * Returns TP_OK; TP_EINPUT when the user's profile cannot be opened or is
 * not a CMYK profile; TP_EIO when out of memory (inks untouched on error). */
int tp_colour_proofs(struct tp_ink *inks, size_t n, const char *profile_path, tp_err *e);

/* The system's default CMYK profile: the first of a fixed list of paths
 * (Ghostscript's default_cmyk.icc, as Debian 12's libgs-common installs
 * it, then other common places) that can be opened; NULL when none. */
const char *tp_colour_default_profile(void);

/* The profile-free conversion: r = (1-c)(1-k), g = (1-m)(1-k),
 * b = (1-y)(1-k), inputs clamped to 0..1.  Pure. */
void tp_colour_naive(const double cmyk[4], double rgb[3]);

/* sRGB colours rgb[3 * i ..] (0..1) into CMYK cmyk[4 * i ..] (0..1, to
 * 0.1 %) for a designer's art: through profile_path (a CMYK ICC profile),
 * or when that is NULL or "" tp_colour_default_profile(), relative
 * colorimetric with black-point compensation; without any profile
 * tp_colour_naive_cmyk().  TP_OK; TP_EINPUT when the user's profile is no
 * CMYK profile; TP_EIO when out of memory. */
int tp_colour_separate(const double *rgb, double *cmyk, size_t n, const char *profile_path,
		       tp_err *e);

/* The same for bytes (a raster image's pixels): rgb[3 * i ..] into
 * cmyk[4 * i ..], 0..255 each. */
int tp_colour_separate8(const uint8_t *rgb, uint8_t *cmyk, size_t n, const char *profile_path,
			tp_err *e);

/* The profile-free separation: k = 1 - max(r, g, b), c = (max - r) / max... */
void tp_colour_naive_cmyk(const double rgb[3], double cmyk[4]);

/* What PDF/X asks of a DestOutputProfile, checked from the file's header
 * when the config is read: an ICC file ('acsp') whose size is the one it
 * declares, device class output ('prtr'), data colour space CMYK.  0, or -1
 * with the reason in why. */
int tp_icc_output_check(const char *path, char *why, size_t n);

#endif
