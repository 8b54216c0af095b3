#!/usr/bin/env python3
"""Plants one press defect at a time in a clean tilepress PDF.

usage: plant_defects.py CLEAN.qdf.pdf OUTDIR

CLEAN.qdf.pdf is a tilepress press PDF run through `qpdf --qdf
--object-streams=disable` (uncompressed, a classic xref); each defect is an
edit of its text, and fix-qdf repairs the lengths and the xref after it.
Writes OUTDIR/NAME.pdf for each defect and prints "NAME RULE" per line: the
preflight rule that must report it (tests/prepress/pdf_defects.sh).  The
edits know nothing of tilepress's code: they are what an editor (or a
careless export) does to a file.
"""
import re
import subprocess
import sys


def page_box(text, name):
    m = re.search(r"/%s \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]" % name, text)
    return [float(v) for v in m.groups()]


def first_content_end(text):
    """Offset of the first page content stream's endstream."""
    at = text.index("%% Contents for page 1")
    return text.index("endstream", at)


def resource(text, family, name=None):
    """The resource name of a Separation colour space (of spot `name`)."""
    pat = r"/(\w+) \[\s*/Separation\s*/%s" % (re.escape(name) if name else r"\w+")
    m = re.search(pat, text)
    return m.group(1) if m else None


def overprint_gs(text):
    m = re.search(r"/(E\d+) (\d+) 0 R", text)
    return m.group(1) if m else None


def insert(text, snippet):
    at = first_content_end(text)
    return text[:at] + "\nq\n" + snippet + "\nQ\n" + text[at:]


def main():
    src, out = sys.argv[1], sys.argv[2]
    text = open(src, "rb").read().decode("latin-1")
    trim = page_box(text, "TrimBox")
    x, y = trim[0] + 40, trim[1] + 40   # inside the trim, away from its edge
    die = resource(text, "Separation", "CutContour")
    gs = overprint_gs(text)
    if die is None or gs is None:
        sys.exit("the clean file has no CutContour spot or no overprinting ExtGState")
    defects = {
        # An RGB fill (an export that left a colour in RGB).
        "rgb": ("pdfx", insert(text, "1 0 0 rg %g %g 20 20 re f" % (x, y))),
        # 360 % total ink.
        "tac360": ("tac", insert(text, "1 1 1 0.6 k %g %g 20 20 re f" % (x, y))),
        # A 300 % fill under a 100 % K fill that overprints: 400 % where they meet.
        "overprint-stack": ("tac", insert(text, "1 1 1 0 k %g %g 40 40 re f /%s gs 0 0 0 1 k %g %g 20 20 re f"
                                          % (x, y, gs, x + 10, y + 10))),
        # A 0.035 mm line in a 30 % tint.
        "hairline-tint": ("line-weight", insert(text, "0.3 0 0 0 K 0.1 w %g %g m %g %g l S" % (x, y, x + 60, y))),
        # A solid fill 0.021 mm thin (0.06 pt).
        "thin-fill": ("thin-fill", insert(text, "0 0 0 1 k %g %g 0.06 50 re f" % (x, y))),
        # 1.9 pt text.
        "tiny-text": ("text-size", insert(text, "BT /F1 1.9 Tf %g %g Td (tiny) Tj ET" % (x, y))),
        # An open die path that meets no other cut.
        "open-die": ("die-open", insert(text, "/%s CS 1 SCN /%s gs 0.7 w %g %g m %g %g l %g %g l S"
                                         % (die, gs, x, y, x + 30, y, x + 30, y + 30))),
        # A die line cut twice.
        "doubled-die": ("die-doubled", insert(text, "/%s CS 1 SCN /%s gs 0.7 w %g %g 30 30 re S %g %g 30 30 re S"
                                               % (die, gs, x, y, x, y))),
        # The die ink knocks out (its overprint turned off).
        "knocked-out-die": ("spot-overprint", re.sub(r"/OP true", "/OP false", re.sub(r"/op true", "/op false", text))),
        # The die ink renamed Black, then All: no press takes either for a spot.
        "die-black": ("spot-name", text.replace("/CutContour", "/Black")),
        "die-all": ("spot-name", text.replace("/CutContour", "/All")),
        "die-none": ("spot-name", text.replace("/CutContour", "/None")),
        # Transparency in a PDF/X-1a file.
        "transparency": ("pdfx", re.sub(r"/Type /ExtGState", "/Type /ExtGState\n  /ca 0.5", text, count=1)),
        # The output intent dropped.
        "no-output-intent": ("pdfx", text.replace("/OutputIntents", "/OutputIntentz", 1)),
        # The trim box dropped (a page with no trim).
        "no-trimbox": ("pdfx", text.replace("/TrimBox", "/TrimBoz", 1)),
    }
    for name, (rule, body) in defects.items():
        if body == text:
            sys.exit("%s: the edit changed nothing" % name)
        raw = out + "/" + name + ".raw.pdf"
        with open(raw, "wb") as f:
            f.write(body.encode("latin-1"))
        with open(out + "/" + name + ".pdf", "wb") as f:
            subprocess.run(["fix-qdf", raw], stdout=f, check=True)
        print(name, rule)


if __name__ == "__main__":
    main()
