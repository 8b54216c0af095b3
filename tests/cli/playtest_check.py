#!/usr/bin/env python3
"""Checks a playtest.pdf from the PDF alone (tests/cli/playtest.sh).

    playtest_check.py QDF LABELS_JSON PAPER DUPLEX OX OY [MIN_BACKED]

QDF: the file through `qpdf --qdf --object-streams=disable` (content
streams uncompressed, each page's marked "%% Contents for page N");
LABELS_JSON: `qpdf --json=2 --json-key=pagelabels`.  Checked:
  - colour: the content sets colours with rg/RG/g/G only (DeviceRGB or
    gray): no k/K, cs/CS/sc/scn (no CMYK, no Separation), and the file
    names no /DeviceCMYK, /Separation, /DeviceN;
  - sides: page labels read front 1, back 1, front 2, back 2, ...;
  - backs: every clipped box (a tile's or piece's bleed box: the writer
    clips each placed scene to its own box, `re W n`) on a back page,
    through the page's transforms (q/Q/cm), moved back by the offset
    (OX, OY mm right and down on the back page) and turned over as the
    duplex turns the paper (long/none: x -> W - x; short: y -> H - y), lies
    on a box of its own on the front page within 0.1 mm; at least
    MIN_BACKED such boxes in the file.
Prints one line of figures; exits 1 with the first failure.
"""
import json
import re
import sys

PT = 72 / 25.4


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def pages_of(qdf):
    """Content of each page, in page order (pages may share no stream)."""
    data = qdf.decode("latin-1")
    page_obj = {}
    for m in re.finditer(r"%% Contents for page (\d+)\n(?:%%[^\n]*\n)?(\d+) 0 obj", data):
        page_obj[int(m.group(1))] = int(m.group(2))
    out = []
    for n in sorted(page_obj):
        m = re.search(r"\n%d 0 obj\n<<.*?>>\nstream\n(.*?)\nendstream" % page_obj[n], data, re.S)
        if not m:
            fail("no content stream for page %d" % n)
        out.append(m.group(1))
    sizes = [tuple(float(v) for v in m.groups())
             for m in re.finditer(r"/MediaBox \[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)]
    return out, data, sizes


def mul(a, b):
    """a then b, PDF matrices [a b c d e f]."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


# Compiled once: boxes() tests millions of tokens on a big kit, and
# re.fullmatch(STRING, ...) looks its pattern up in re's cache each time.
TOKEN = re.compile(r"[-+]?\d*\.?\d+|[A-Za-z*'\"]+|/[^\s/\[\]()<>]+|\S")
NUMBER = re.compile(r"[-+]?\d*\.?\d+")


def boxes(content, page_h_pt):
    """Clip rectangles (re W n) in page mm, y down: (x0, y0, x1, y1)."""
    ctm = [1, 0, 0, 1, 0, 0]
    stack, nums, last_re, out, ops = [], [], None, [], set()
    for tok in TOKEN.findall(content):
        if NUMBER.fullmatch(tok):
            nums.append(float(tok))
            continue
        if tok.startswith("/"):
            nums = []
            continue
        ops.add(tok)
        if tok == "q":
            stack.append(ctm)
        elif tok == "Q":
            ctm = stack.pop()
        elif tok == "cm":
            ctm = mul(nums[-6:], ctm)
        elif tok == "re":
            x, y, w, h = nums[-4:]
            pts = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
            t = [(ctm[0] * px + ctm[2] * py + ctm[4], ctm[1] * px + ctm[3] * py + ctm[5])
                 for px, py in pts]
            xs = [p[0] / PT for p in t]
            ys = [(page_h_pt - p[1]) / PT for p in t]
            last_re = (min(xs), min(ys), max(xs), max(ys))
        elif tok == "W":
            if last_re is not None:
                out.append(last_re)
        elif tok not in ("n",):
            last_re = None if tok not in ("W*",) else last_re
        nums = []
    return out, ops


def main():
    qdf_path, labels_path, paper, duplex, ox, oy = sys.argv[1:7]
    min_backed = int(sys.argv[7]) if len(sys.argv) > 7 else 0
    ox, oy = float(ox), float(oy)
    want = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}[paper]
    qdf = open(qdf_path, "rb").read()
    contents, text, sizes = pages_of(qdf)
    for bad in ("/DeviceCMYK", "/Separation", "/DeviceN", "/ICCBased"):
        if bad in text:
            fail("the file names " + bad)
    if len(sizes) != len(contents):
        fail("%d media boxes for %d pages" % (len(sizes), len(contents)))
    for i, (w, h) in enumerate(sizes):
        if abs(w - want[0]) > 0.01 or abs(h - want[1]) > 0.01:
            fail("page %d is %g x %g pt, not %s" % (i + 1, w, h, paper))
    W, H = want[0] / PT, want[1] / PT
    # Page labels: one range per page, front N then back N.
    labels = json.load(open(labels_path))["pagelabels"]
    got = {}
    for r in labels:
        got[r["index"]] = r["label"]["/P"][2:] + str(r["label"].get("/St", 1))
    for i in range(len(contents)):
        want_l = ("front " if i % 2 == 0 else "back ") + str(i // 2 + 1)
        if got.get(i) != want_l:
            fail("page %d is labelled %r, want %r" % (i + 1, got.get(i), want_l))
    if len(contents) % 2:
        fail("%d pages: a front without its back" % len(contents))
    backed, worst = 0, 0.0
    for s in range(0, len(contents), 2):
        fb, fops = boxes(contents[s], want[1])
        bb, bops = boxes(contents[s + 1], want[1])
        for ops in (fops, bops):
            bad = ops & {"k", "K", "cs", "CS", "sc", "SC", "scn", "SCN"}
            if bad:
                fail("sheet %d sets colour with %s (not DeviceRGB)" % (s // 2 + 1, sorted(bad)))
        full = lambda b: b[2] - b[0] > W - 0.5 and b[3] - b[1] > H - 0.5
        # A box clipped twice (two runs of art) is one box; a back with
        # no art (a blank back) draws none.
        key = lambda b: tuple(round(v, 3) for v in b)
        fb = list({key(b): b for b in fb if not full(b)}.values())
        bb = list({key(b): b for b in bb if not full(b)}.values())
        if not bb:
            continue
        if len(bb) > len(fb):
            fail("sheet %d: %d boxes on the back, %d on the front" % (s // 2 + 1, len(bb), len(fb)))
        left = list(fb)
        for b in bb:
            x0, y0, x1, y1 = b[0] - ox, b[1] - oy, b[2] - ox, b[3] - oy
            if duplex == "short":
                x0, y0, x1, y1 = x0, H - y1, x1, H - y0
            else:
                x0, y0, x1, y1 = W - x1, y0, W - x0, y1
            d = [max(abs(x0 - f[0]), abs(y0 - f[1]), abs(x1 - f[2]), abs(y1 - f[3])) for f in left]
            k = min(range(len(d)), key=d.__getitem__) if d else -1
            if k < 0 or d[k] > 0.1:
                fail("sheet %d: the back box %s lands %.3f mm from any front box" %
                     (s // 2 + 1, tuple(round(v, 2) for v in b), d[k] if d else -1))
            worst = max(worst, d[k])
            del left[k]
            backed += 1
    if backed < min_backed:
        fail("%d backs matched, want at least %d" % (backed, min_backed))
    print("pages %d, sheets %d, backs matched %d, worst %.4f mm" %
          (len(contents), len(contents) // 2, backed, worst))


main()
