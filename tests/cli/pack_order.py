#!/usr/bin/env python3
"""A package's press PDFs that hold a sheet and its back, against the
separate sheet PDFs a plain build with the factory's settings writes.

    pack_order.py PACKDIR REFDIR FACTORY.ini EDITION

The page order and file naming are read from the factory's file; the
files of the package from its job.json.  Every page of a combined file is
identified by its art: rendered by pdftoppm inside its trim box and matched
with the page of the reference's sheet PDFs it differs least from (the
slug, which names the file, lies inside the trim of a press sheet of parts;
at most 1 % of the pixels may differ).  Then: the combined file has
the front's pages plus the back's, every page once; backs-last puts every
back after every front, interleaved puts each back after its front; the
back that follows (or, backs last, the k-th back) has its front's trim
size; each page has a TrimBox and a BleedBox (qpdf --qdf), and the file is
PDF/X (pdfinfo).  Prints what is wrong and exits 1, or exits 0."""

import configparser
import json
import os
import re
import subprocess
import sys


def bad(msg):
    print(msg)
    sys.exit(1)


def info(pdf):
    out = subprocess.run(["pdfinfo", "-box", "-f", "1", "-l", "9999", pdf],
                         capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", out, re.M).group(1))
    boxes = {}
    for m in re.finditer(r"^Page\s+(\d+)\s+(MediaBox|TrimBox):\s+(.*)$", out, re.M):
        boxes.setdefault(int(m.group(1)), {})[m.group(2)] = [float(v) for v in m.group(3).split()]
    return pages, boxes, out


def render(pdf, k, box, tmp):
    """Page k's art inside its trim box, as gray pixels at 12 dpi."""
    r = 12
    media, trim = box["MediaBox"], box["TrimBox"]
    x = round(trim[0] * r / 72)
    y = round((media[3] - trim[3]) * r / 72)
    w = round((trim[2] - trim[0]) * r / 72)
    h = round((trim[3] - trim[1]) * r / 72)
    subprocess.run(["pdftoppm", "-r", str(r), "-gray", "-f", str(k), "-l", str(k),
                    "-x", str(x), "-y", str(y), "-W", str(w), "-H", str(h),
                    "-singlefile", pdf, tmp], check=True)
    with open(tmp + ".pgm", "rb") as f:
        data = f.read()
    # P5 W H 255, then the pixels.
    head = data.split(maxsplit=4)
    return (int(head[1]), int(head[2])), head[4]


def differ(a, b):
    """The share of pixels of two renders that differ (1 for other sizes)."""
    if a[0] != b[0]:
        return 1.0
    n = sum(1 for x, y in zip(a[1], b[1]) if abs(x - y) > 32)
    return n / max(1, len(a[1]))


def size(box):
    t = box["TrimBox"]
    return (round(t[2] - t[0], 2), round(t[3] - t[1], 2))


def main():
    pack, ref, ini, edition = sys.argv[1:5]
    fac = configparser.ConfigParser(inline_comment_prefixes=(";",))
    fac.read(ini)
    order = fac["factory"]["page_order"]
    naming = fac["factory"]["file_name"]
    job = json.load(open(os.path.join(pack, "job.json")))
    if job["page_order"] != order:
        bad("job.json page_order %s, the factory's %s" % (job["page_order"], order))
    # The sheets' PDFs of the reference build, by sheet name.
    prefix, suffix = naming.replace("{edition}", edition).split("{sheet}")
    sheets = {}
    for f in os.listdir(ref):
        if f.endswith(".pdf") and f.startswith(prefix) and f[:-4].endswith(suffix):
            sheets[f[len(prefix):len(f) - 4 - len(suffix)]] = os.path.join(ref, f)
    combined = []
    for f in job["files"]:
        name = f["file"]
        if not name.endswith(".pdf"):
            continue
        sheet = name[len(prefix):len(name) - 4 - len(suffix)]
        pairs = [(a, b) for a in sheets for b in sheets if a + "-and-" + b == sheet]
        if pairs:
            combined.append((name, pairs[0]))
        elif sheet in sheets and order != "as-built" and any(
                s.startswith(sheet + "-and-") or s.endswith("-and-" + sheet)
                for s in (g["file"] for g in job["files"])):
            bad("%s: written alone beside a combined file" % name)
    if order == "as-built":
        if combined:
            bad("as-built: combined files %s" % [c[0] for c in combined])
        return
    if not combined:
        bad("%s: no file holds a sheet and its back (files %s, reference sheets %s)"
            % (order, [f["file"] for f in job["files"]], sorted(sheets)))
    tmp = os.path.join(pack, "..", "order-render")
    for name, (front, back) in combined:
        path = os.path.join(pack, name)
        n, boxes, text = info(path)
        if "PDF/X" not in text:
            bad("%s: pdfinfo shows no PDF/X subtype" % name)
        qdf = subprocess.run(["qpdf", "--qdf", "--object-streams=disable", path, "-"],
                             capture_output=True, check=True).stdout
        for key in (b"/TrimBox", b"/BleedBox"):
            if qdf.count(key) != n:
                bad("%s: %d %s for %d pages" % (name, qdf.count(key), key.decode(), n))
        if qdf.count(b"/GTS_PDFXVersion") != 1 or qdf.count(b"/OutputIntents") != 1:
            bad("%s: not one document info and output intent" % name)
        refs = {}
        sizes = {}
        for side, sheet in ((0, front), (1, back)):
            m, bx, _ = info(sheets[sheet])
            for k in range(1, m + 1):
                refs[(side, k)] = render(sheets[sheet], k, bx[k], tmp)
                sizes[(side, k)] = size(bx[k])
        nf = sum(1 for p in refs if p[0] == 0)
        nb = sum(1 for p in refs if p[0] == 1)
        if n != nf + nb:
            bad("%s: %d pages, %s %d + %s %d" % (name, n, front, nf, back, nb))
        got = []
        for k in range(1, n + 1):
            art = render(path, k, boxes[k], tmp)
            left = sorted((differ(art, r), p) for p, r in refs.items() if p not in got)
            if not left or left[0][0] > 0.01:
                bad("%s page %d: like no page of %s or %s left (%s)" % (name, k, front, back, left[:1]))
            got.append(left[0][1])
        sides = [p[0] for p in got]
        fronts = [p for p in got if p[0] == 0]
        if [p[1] for p in fronts] != list(range(1, nf + 1)):
            bad("%s: the fronts' pages out of order: %s" % (name, got))
        if order == "backs-last":
            if sides != [0] * nf + [1] * nb:
                bad("%s: backs not last: %s" % (name, got))
            for f, b in zip(fronts, got[nf:]):
                if sizes[f] != sizes[b]:
                    bad("%s: back %s (%s mm) follows front %s (%s mm)" % (name, b, sizes[b], f, sizes[f]))
        else:
            for i, p in enumerate(got):
                if p[0] == 1 and i < 2 * min(nf, nb):
                    if i == 0 or got[i - 1][0] != 0 or sizes[got[i - 1]] != sizes[p]:
                        bad("%s: back %s is not after its front: %s" % (name, p, got))
            if sides[:2 * min(nf, nb)] != [0, 1] * min(nf, nb):
                bad("%s: not interleaved: %s" % (name, got))
        print("%s: %d pages (%s %d, %s %d), %s" % (name, n, front, nf, back, nb, order))


main()
