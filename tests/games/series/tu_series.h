#ifndef TP_TU_SERIES_H
#define TP_TU_SERIES_H

/* What the series print-set suites (test_series_build, test_series_punch)
 * share: the config they build from, the config and pattern the build
 * used (for the oracle), and the colour a series must show in a PNG. */

#include "tu_build.h"
#include "oracle.h"

#include "games/series/config/series_config.h"
#include "games/series/model/series_core.h"

/* config, or the shipped config/series.ini when it is NULL. */
static inline const char *tu_series_config(const char *config)
{
	return config ? config : tu_path("config/series.ini");
}

/* The config the build of tu_series_config(config) with sets[0..n-1]
 * used, and its pattern; the test fails when either cannot be had.  The
 * caller frees them (tp_series_free, tp_config_free). */
static inline void tu_series_load(const char *config, const char *const *sets, int n,
				  struct tp_config **c, struct tp_pattern **p)
{
	*c = tu_config(tu_series_config(config), sets, n);
	tp_err e = { 0 };
	assert_int_equal(tp_series_derive(&SER(*c)->rules, p, &e), 0);
}

/* Fails the test unless the pixel px (non-NULL) is the colour of series
 * `series` (tu_ink_rgb of its ink), or paper white for TP_NONE; what, r
 * and col name the place in the message. */
static inline void tu_series_expect_ink(const struct tp_config *c, const unsigned char *px, int series,
					const char *what, int r, int col)
{
	assert_non_null(px);
	unsigned char want[3] = { 255, 255, 255 };
	if (series != TP_NONE) {
		static const int ink[4] = { TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS };
		tu_ink_rgb(c, ink[series], want);
	}
	if (memcmp(px, want, 3) != 0)
		fail_msg("%s (%d,%d): pixel %02x%02x%02x, want %02x%02x%02x (%s)", what, r, col,
			 px[0], px[1], px[2], want[0], want[1], want[2], tp_series_names[series]);
}

#endif
