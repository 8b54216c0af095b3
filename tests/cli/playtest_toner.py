#!/usr/bin/env python3
"""The toner per page in a playtest build's summary against Ghostscript
(tests/cli/playtest.sh).

    playtest_toner.py SUMMARY PAGES INK_COV INKCOV [ABS REL]

SUMMARY: the build's standard output; PAGES: the PDF's page count
(pdfinfo); INK_COV: one line per page of

    gs -q -o - -sDEVICE=ink_cov -r300 -c '0 0 .setfilladjust2' -f playtest.pdf

(the amount of each toner, % of the page: the kit's sRGB separated by
Ghostscript's own colour management into its default CMYK); INKCOV: the
same from -sDEVICE=inkcov (the fraction of the page each toner touches at
all, any tint counted full).  Checked: one summary figure per page, in
page order (sheet N: front, back); each within ABS percentage points plus
REL of the value (default 0.3 and 0.03) of ink_cov's, plate by plate:
ABS for the edges (the kit measures at 4 px a mm with antialiasing,
Ghostscript at 300 dpi by pixel centres), REL for the separation
(LittleCMS relative colorimetric with black-point compensation against
Ghostscript's own default rendering, through the same CMYK profile); none
above what inkcov counts (an amount cannot exceed the area it lies on);
the mean page is the mean of the pages.
Prints the worst difference; exits 1 with the first failure.
"""
import re
import sys


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def gs_lines(path, scale):
    return [[float(v) * scale for v in line.split()[:4]]
            for line in open(path, encoding="ascii") if "CMYK" in line]


def main():
    summary, pages, ink_cov, inkcov = sys.argv[1:5]
    tol_abs = float(sys.argv[5]) if len(sys.argv) > 5 else 0.3
    tol_rel = float(sys.argv[6]) if len(sys.argv) > 6 else 0.03
    pages = int(pages)
    text = open(summary, encoding="utf-8").read()
    ours = []
    for m in re.finditer(r"sheet (\d+): front ([\d. ]+?)(?:, back ([\d. ]+))?\n", text):
        if int(m.group(1)) != len(ours) // 2 + 1:
            fail("summary sheet %s out of order" % m.group(1))
        for g in m.group(2), m.group(3):
            if g:
                ours.append([float(v) for v in g.split()])
    if len(ours) != pages:
        fail("%d pages in the summary, %d in the PDF" % (len(ours), pages))
    amount = gs_lines(ink_cov, 1)
    area = gs_lines(inkcov, 100)   # inkcov gives fractions
    if len(amount) != pages or len(area) != pages:
        fail("Ghostscript measured %d and %d pages of %d" % (len(amount), len(area), pages))
    worst, where = 0.0, ""
    for p in range(pages):
        for k, plate in enumerate("CMYK"):
            d = abs(ours[p][k] - amount[p][k])
            if d > worst:
                worst, where = d, "page %d %s, %.2f against %.2f" % (
                    p + 1, plate, ours[p][k], amount[p][k])
            if d > tol_abs + tol_rel * amount[p][k]:
                fail("page %d %s: summary %.2f %%, Ghostscript ink_cov %.2f %%" %
                     (p + 1, plate, ours[p][k], amount[p][k]))
            if ours[p][k] > area[p][k] + tol_abs:
                fail("page %d %s: summary %.2f %% is more than the %.2f %% inkcov finds inked" %
                     (p + 1, plate, ours[p][k], area[p][k]))
    m = re.search(r"mean page: ([\d. ]+)\n", text)
    if not m:
        fail("no mean page in the summary")
    mean = [float(v) for v in m.group(1).split()]
    for k in range(4):
        want = sum(v[k] for v in ours) / pages
        if abs(mean[k] - want) > 0.01:
            fail("mean page %s is %.2f, the pages' mean %.2f" % ("CMYK"[k], mean[k], want))
    print("%d pages, worst %.3f points (%s) from Ghostscript ink_cov" % (pages, worst, where))


main()
