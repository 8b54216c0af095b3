#ifndef TP_CVD_H
#define TP_CVD_H

/* Colour differences as colour-blind viewers see them: sRGB simulated for
 * protanopia, deuteranopia and tritanopia (Machado, Oliveira and
 * Fernandes 2009, severity 1, applied in linear RGB), then CIELAB (D65)
 * and the CIEDE2000 difference (Sharma, Wu and Dalal 2005).  Pure
 * arithmetic. */

enum tp_vision { TP_VISION_NORMAL, TP_VISION_PROTAN, TP_VISION_DEUTAN, TP_VISION_TRITAN, TP_VISION_N };
extern const char *const tp_vision_names[TP_VISION_N]; /* "normal", "protanopia", ... */

/* sRGB (0..1) as seen with the vision `v` (clamped to 0..1). */
void tp_cvd_simulate(int v, const double rgb[3], double out[3]);

/* sRGB (0..1) to CIELAB, D65 white. */
void tp_srgb_to_lab(const double rgb[3], double lab[3]);

/* The CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1). */
double tp_ciede2000(const double a[3], const double b[3]);

/* The CIEDE2000 difference of two sRGB colours as vision v sees them. */
double tp_cvd_delta(int v, const double a[3], const double b[3]);

/* The WCAG 2 contrast ratio of two sRGB colours (0..1): 1 to 21, the
 * ratio of their relative luminances each plus 0.05.  Graphics that must
 * be seen ask at least 3. */
double tp_wcag_contrast(const double a[3], const double b[3]);

#endif
