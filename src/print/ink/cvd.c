/* Colour differences as colour-blind viewers see them (contract in
 * cvd.h). */
#include "print/ink/cvd.h"

#include <math.h>

const char *const tp_vision_names[TP_VISION_N] = { "normal vision", "protanopia", "deuteranopia",
						   "tritanopia" };

/* Machado et al. 2009, severity 1.0, on linear RGB. */
static const double cvd_m[TP_VISION_N][3][3] = {
	{ { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
	{ { 0.152286, 1.052583, -0.204868 }, { 0.114503, 0.786281, 0.099216 },
	  { -0.003882, -0.048116, 1.051998 } },
	{ { 0.367322, 0.860646, -0.227968 }, { 0.280085, 0.672501, 0.047413 },
	  { -0.011820, 0.042940, 0.968881 } },
	{ { 1.255528, -0.076749, -0.178779 }, { -0.078411, 0.930809, 0.147602 },
	  { 0.004733, 0.691367, 0.303900 } },
};

static double to_linear(double c)
{
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double to_srgb(double c)
{
	c = c < 0 ? 0 : c > 1 ? 1 : c;
	return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055;
}

void tp_cvd_simulate(int v, const double rgb[3], double out[3])
{
	double lin[3];
	for (int i = 0; i < 3; i++)
		lin[i] = to_linear(rgb[i]);
	for (int i = 0; i < 3; i++)
		out[i] = to_srgb(cvd_m[v][i][0] * lin[0] + cvd_m[v][i][1] * lin[1] +
				 cvd_m[v][i][2] * lin[2]);
}

static double lab_f(double t)
{
	return t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116;
}

void tp_srgb_to_lab(const double rgb[3], double lab[3])
{
	double r = to_linear(rgb[0]), g = to_linear(rgb[1]), b = to_linear(rgb[2]);
	double x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
	double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
	double z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b;
	double fx = lab_f(x / 0.95047), fy = lab_f(y), fz = lab_f(z / 1.08883);
	lab[0] = 116 * fy - 16;
	lab[1] = 500 * (fx - fy);
	lab[2] = 200 * (fy - fz);
}

static double deg(double rad)
{
	return rad * 180 / M_PI;
}

static double rad(double d)
{
	return d * M_PI / 180;
}

/* Hue angle in degrees, 0..360. */
static double hue(double b, double ap)
{
	if (b == 0 && ap == 0)
		return 0;
	double h = deg(atan2(b, ap));
	return h < 0 ? h + 360 : h;
}

double tp_ciede2000(const double p[3], const double q[3])
{
	double c1 = hypot(p[1], p[2]), c2 = hypot(q[1], q[2]), cm = (c1 + c2) / 2;
	double cm7 = pow(cm, 7), g = 0.5 * (1 - sqrt(cm7 / (cm7 + pow(25, 7))));
	double a1 = (1 + g) * p[1], a2 = (1 + g) * q[1];
	double c1p = hypot(a1, p[2]), c2p = hypot(a2, q[2]);
	double h1 = hue(p[2], a1), h2 = hue(q[2], a2);
	double dl = q[0] - p[0], dc = c2p - c1p, dh = 0;
	if (c1p * c2p != 0) {
		dh = h2 - h1;
		dh = dh > 180 ? dh - 360 : dh < -180 ? dh + 360 : dh;
	}
	double dH = 2 * sqrt(c1p * c2p) * sin(rad(dh / 2));
	double lm = (p[0] + q[0]) / 2, cmp = (c1p + c2p) / 2, hm = h1 + h2;
	if (c1p * c2p != 0) {
		if (fabs(h1 - h2) <= 180)
			hm = (h1 + h2) / 2;
		else
			hm = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
	}
	double t = 1 - 0.17 * cos(rad(hm - 30)) + 0.24 * cos(rad(2 * hm)) +
		   0.32 * cos(rad(3 * hm + 6)) - 0.20 * cos(rad(4 * hm - 63));
	double dtheta = 30 * exp(-pow((hm - 275) / 25, 2));
	double cmp7 = pow(cmp, 7), rc = 2 * sqrt(cmp7 / (cmp7 + pow(25, 7)));
	double l50 = (lm - 50) * (lm - 50);
	double sl = 1 + 0.015 * l50 / sqrt(20 + l50), sc = 1 + 0.045 * cmp, sh = 1 + 0.015 * cmp * t;
	double rt = -sin(rad(2 * dtheta)) * rc;
	double x = dl / sl, y = dc / sc, z = dH / sh;
	return sqrt(x * x + y * y + z * z + rt * y * z);
}

double tp_cvd_delta(int v, const double a[3], const double b[3])
{
	double sa[3], sb[3], la[3], lb[3];
	tp_cvd_simulate(v, a, sa);
	tp_cvd_simulate(v, b, sb);
	tp_srgb_to_lab(sa, la);
	tp_srgb_to_lab(sb, lb);
	return tp_ciede2000(la, lb);
}

static double wcag_lum(const double rgb[3])
{
	double l[3];
	for (int i = 0; i < 3; i++) {
		double v = rgb[i] < 0 ? 0 : rgb[i] > 1 ? 1 : rgb[i];
		l[i] = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
	}
	return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

double tp_wcag_contrast(const double a[3], const double b[3])
{
	double x = wcag_lum(a), y = wcag_lum(b);
	return (fmax(x, y) + 0.05) / (fmin(x, y) + 0.05);
}
