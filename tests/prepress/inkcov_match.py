#!/usr/bin/env python3
"""The build's ink report against Ghostscript's.

usage: inkcov_match.py INKS_CSV SHEET FILE.pdf GS_OUTPUT [TOLERANCE]

INKS_CSV is manifest/inks.csv of a build made with print.marks = off and
print.bleed_mm = 0 (Ghostscript measures the media box, which is then the
trim box).  GS_OUTPUT holds one line per page of

    gs -q -o - -sDEVICE=ink_cov -r300 -dOverprint=/simulate \
       -c '0 0 .setfilladjust2' -f FILE.pdf

(percent of the page per process plate).  A CMYK device has no spot
plates: Ghostscript paints a spot ink through its alternate CMYK, which
this script reads from the PDF's /Separation arrays (qpdf --qdf), so the
expected process value is the report's plate plus each spot's coverage
times its alternate, where the plate is not already inked (taken as
independent).  Every plate of every page must agree within TOLERANCE
percentage points (default 1).  Prints the pairs; exit 1 on a mismatch.
"""
import re
import subprocess
import sys

PLATES = ['Cyan', 'Magenta', 'Yellow', 'Black']


def alternates(pdf):
    qdf = subprocess.run(['qpdf', '--qdf', '--object-streams=disable', pdf, '-'],
                         capture_output=True, check=False).stdout.decode('latin-1')
    alt = {}
    for m in re.finditer(r'/Separation\s+/(\S+)\s+/DeviceCMYK\s+<<.*?/C1\s*\[([^\]]*)\]', qdf, re.S):
        alt[m.group(1)] = [float(v) for v in m.group(2).split()]
    return alt


def main(argv):
    csv_path, sheet, pdf, gs_path = argv[:4]
    tol = float(argv[4]) if len(argv) > 4 else 1.0
    report = {}
    with open(csv_path, encoding='utf-8') as f:
        if f.readline().strip() != 'sheet,page,ink,coverage_pct':
            print('inks.csv: unexpected header')
            return 1
        for line in f:
            s, page, ink, v = line.strip().split(',')
            if s == sheet:
                report.setdefault(int(page), {})[ink] = float(v)
    gs = [line.split()[:4] for line in open(gs_path, encoding='ascii') if 'CMYK' in line]
    alt = alternates(pdf)
    if len(gs) != len(report) or not gs:
        print(f'{sheet}: {len(report)} pages in inks.csv, {len(gs)} measured by Ghostscript')
        return 1
    bad = 0
    for page, got in sorted(report.items()):
        meas = [float(v) for v in gs[page - 1]]
        for k, plate in enumerate(PLATES):
            want = got[plate]
            for ink, v in got.items():
                if ink in alt:
                    want += v * alt[ink][k] * (1 - got[plate] / 100)
            ok = abs(want - meas[k]) <= tol
            bad |= not ok
            print(f'{sheet} page {page} {plate}: report {want:.2f} % (plate {got[plate]:.2f}), '
                  f'Ghostscript {meas[k]:.2f} %{"" if ok else "  MISMATCH"}')
        print(f'{sheet} page {page}: TAC max {got["tac_max_pct"]:.0f} %')
    return bad


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
