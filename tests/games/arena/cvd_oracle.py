"""Colour differences as colour-blind viewers see them, written here from
the published formulas (for the arena's colour checks, issue 19): Machado,
Oliveira and Fernandes (2009) dichromacy matrices at severity 1 on linear
RGB; sRGB to CIELAB (D65); CIEDE2000 (Sharma, Wu and Dalal 2005, whose
test pairs are checked first).

    python3 cvd_oracle.py '#rrggbb' '#rrggbb' ...

prints, for every pair, "i j least vision" (1-based colour numbers; the
least difference over normal vision and the three simulations)."""

import math
import sys

MACHADO = {
    "normal vision": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def linear(c):
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def gamma(c):
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(vision, rgb):
    lin = [linear(c) for c in rgb]
    return [gamma(sum(m * x for m, x in zip(row, lin))) for row in MACHADO[vision]]


def lab(rgb):
    r, g, b = (linear(c) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def de2000(p, q):
    L1, a1, b1 = p
    L2, a2, b2 = q
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h = lambda b, a: 0.0 if a == 0 and b == 0 else math.degrees(math.atan2(b, a)) % 360
    h1p, h2p = h(b1, a1p), h(b2, a2p)
    dL, dC = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    else:
        dhp = h2p - h1p
        if dhp > 180:
            dhp -= 360
        elif dhp < -180:
            dhp += 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    Lbar, Cbar = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hbar = (h1p + h2p + 360) / 2
    else:
        hbar = (h1p + h2p - 360) / 2
    T = (1 - 0.17 * math.cos(math.radians(hbar - 30)) + 0.24 * math.cos(math.radians(2 * hbar))
         + 0.32 * math.cos(math.radians(3 * hbar + 6)) - 0.20 * math.cos(math.radians(4 * hbar - 63)))
    dtheta = 30 * math.exp(-(((hbar - 275) / 25) ** 2))
    Rc = 2 * math.sqrt(Cbar ** 7 / (Cbar ** 7 + 25 ** 7))
    Sl = 1 + 0.015 * (Lbar - 50) ** 2 / math.sqrt(20 + (Lbar - 50) ** 2)
    Sc, Sh = 1 + 0.045 * Cbar, 1 + 0.015 * Cbar * T
    Rt = -math.sin(math.radians(2 * dtheta)) * Rc
    x, y, z = dL / Sl, dC / Sc, dH / Sh
    return math.sqrt(x * x + y * y + z * z + Rt * y * z)


# Sharma, Wu and Dalal's published test pairs (first ones of their table).
for p, q, want in (((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
                   ((50, 3.1571, -77.2803), (50, 0, -82.7485), 2.8615),
                   ((50, 2.8361, -74.0200), (50, 0, -82.7485), 3.4412),
                   ((50, -1.3802, -84.2814), (50, 0, -82.7485), 1.0000),
                   ((50, 0, 0), (50, -1, 2), 2.3669)):
    assert abs(de2000(p, q) - want) < 5e-5, (p, q, de2000(p, q))


def hexrgb(h):
    return [int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)]


if __name__ == "__main__":
    cols = [hexrgb(h) for h in sys.argv[1:]]
    for i in range(len(cols)):
        for j in range(i + 1, len(cols)):
            least = min((de2000(lab(simulate(v, cols[i])), lab(simulate(v, cols[j]))), v)
                        for v in MACHADO)
            print(i + 1, j + 1, "%.4f" % least[0], least[1].replace(" ", "_"))
