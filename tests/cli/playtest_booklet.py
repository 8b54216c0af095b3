#!/usr/bin/env python3
"""The rules booklet and the box in a playtest.pdf, read by OCR
(tests/cli/playtest.sh).  The booklet's text is glyph outlines, as on every
sheet, so pdftotext finds none: tesseract reads the pages instead.

    playtest_booklet.py KIT_PDF RULES_MD TMPDIR DUPLEX

Checked, from the kit's rendered pages alone:
  - each page's title line (OCR) names its sheet of paper and side; the
    booklet's sheets say "rules booklet, pages a and b of n": n is a
    multiple of 4 (a saddle-stitched booklet), pages 1..n come in order,
    the odd page on a front and the next even one on its back;
  - those pages, read in order (with DUPLEX short a back page is drawn
    turned half round, to come out upright when the paper turns over its
    short edge: it is read turned back, qpdf --rotate), print rules.md's words in order (at least
    95 % of them in difflib's matching blocks: OCR misreads a word here
    and there; the pages' titles and test bars are words more) and every
    number of rules.md, in order;
  - the box: its two pages (base, lid) are there, each as panels 1..N.
Prints one line of figures; exits 1 with the first failure.
"""
import difflib
import os
import re
import subprocess
import sys


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def ocr_pages(pdf, tmp, pages, top_only):
    """Text of each page (1-based numbers) through one tesseract run."""
    files = []
    for p in pages:
        base = os.path.join(tmp, "ocr-%d" % p)
        args = ["pdftoppm", "-r", "150", "-gray", "-png", "-singlefile", "-f", str(p), "-l", str(p)]
        if top_only:   # the title line: the top 20 mm
            args += ["-x", "0", "-y", "0", "-W", "1240", "-H", "118"]
        subprocess.run(args + [pdf, base], check=True)
        files.append(base + ".png")
    lst = os.path.join(tmp, "ocr-list.txt")
    with open(lst, "w") as f:
        f.write("\n".join(files) + "\n")
    out = subprocess.run(["tesseract", lst, "-"], check=True, capture_output=True,
                         text=True).stdout
    for x in files:
        os.remove(x)
    got = out.split("\f")
    if len(got) < len(pages):
        fail("tesseract gave %d pages for %d" % (len(got), len(pages)))
    return got[:len(pages)]


def words(text):
    return re.findall(r"[a-z0-9]+", text.lower().replace("\u2019", "'"))


def main():
    pdf, md_path, tmp, duplex = sys.argv[1:5]
    info = subprocess.run(["pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
    n_pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    titles = ocr_pages(pdf, tmp, list(range(1, n_pages + 1)), True)
    leaves, box = [], {}
    for i, t in enumerate(titles):
        t = " ".join(t.split())
        side = "front" if i % 2 == 0 else "back"
        if not re.search(r"sheet %d of %d, %s" % (i // 2 + 1, n_pages // 2, side), t):
            fail("page %d's title %r is not sheet %d's %s" % (i + 1, t, i // 2 + 1, side))
        m = re.search(r"rules booklet, pages? (\d+)(?: and (\d+))? of (\d+)", t)
        if m:
            leaves.append((i + 1, side, [int(v) for v in m.groups() if v]))
        m = re.search(r"box, page (\d) of 2: panel (\d+) of (\d+)", t)
        if m and side == "front":
            box.setdefault(int(m.group(1)), []).append((int(m.group(2)), int(m.group(3))))
    if not leaves:
        fail("no page of the kit is titled 'rules booklet'")
    n = leaves[0][2][-1]
    if n % 4:
        fail("the booklet has %d pages, not a multiple of 4" % n)
    want_page, order = 1, []
    for page, side, v in leaves:
        on = v[0] if side == "front" else v[1] if len(v) > 2 else None
        if on != want_page or v[-1] != n:
            fail("kit page %d (%s) is titled %s, want booklet page %d of %d" %
                 (page, side, v, want_page, n))
        order.append(page)
        want_page += 1
    if want_page != n + 1:
        fail("the kit prints booklet pages 1 to %d of %d" % (want_page - 1, n))
    read = pdf
    if duplex == "short":
        read = os.path.join(tmp, "upright.pdf")
        backs = ",".join(str(p) for p in order if p % 2 == 0)
        subprocess.run(["qpdf", pdf, "--rotate=+180:" + backs, read], check=True)
    text = "\n".join(ocr_pages(read, tmp, order, False))
    md = open(md_path).read()
    md_words = words(re.sub(r"[#*_`]", " ", md))
    got_words = words(text)
    sm = difflib.SequenceMatcher(None, md_words, got_words, autojunk=False)
    ratio = sum(b.size for b in sm.get_matching_blocks()) / len(md_words)
    if ratio < 0.95:
        fail("the booklet's pages print %.3f of rules.md's words in order, want 0.95: %s" %
             (ratio, " ".join(got_words[:60])))
    nums = iter(re.findall(r"\d+", text))
    for x in re.findall(r"\d+", md):
        if not any(x == y for y in nums):
            fail("rules.md's %s is not printed in the kit's booklet (in order)" % x)
    for part in (1, 2):
        got = sorted(box.get(part, []))
        if not got or [k for k, _ in got] != list(range(1, got[0][1] + 1)):
            fail("box page %d: panels %s, want 1..N once each" % (part, got))
    print("booklet %d pages on %d sheets, %.3f of rules.md's words; box %d + %d panels" %
          (n, len(order) // 2 + len(order) % 2, ratio, len(box[1]), len(box[2])))


main()
