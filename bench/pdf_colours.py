#!/usr/bin/env python3
"""pdf_colours: colour operators in a PDF's content streams, and how many set
the colour that is already current (benchmark helper; make bench runs it).

    pdf_colours.py FILE.pdf...

Each file is expanded with `qpdf --qdf --object-streams=disable` first; the
page contents and Form XObjects are read as operator streams, with the
graphics state saved and restored by q/Q.  A fill (k, rg, g, sc, scn, cs) or
stroke (K, RG, G, SC, SCN, CS) colour operator "repeats" when the colour space
and values it sets equal the current ones.  Prints one line per file:
FILE colour_ops=N repeats=N fills=N."""
import re
import subprocess
import sys

TOKEN = re.compile(rb"/[^\s/\[\]<>()]+|\[|\]|<<|>>|\([^)]*\)|[^\s/\[\]<>()]+")
FILL_OPS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}


def streams(path):
    """The content streams' bytes: page contents and Form XObjects."""
    data = subprocess.run(["qpdf", "--qdf", "--object-streams=disable", path, "-"],
                          check=True, capture_output=True).stdout
    for m in re.finditer(rb"\nstream\n(.*?)\nendstream", data, re.S):
        start = data.rfind(b" 0 obj\n", 0, m.start())
        head = data[start:m.start()]
        before = data[max(0, start - 200):start]
        if b"%% Contents for page" in before or b"/Subtype /Form" in head:
            yield m.group(1)


def count(body):
    ops = repeats = fills = 0
    stack = []
    # current colour per side: (space, values)
    cur = {"f": (b"DeviceGray", (b"0",)), "s": (b"DeviceGray", (b"0",))}
    pending = {"f": None, "s": None}
    args = []
    for tok in TOKEN.findall(body):
        if tok[:1] in b"/[]<(" or re.fullmatch(rb"[-+.\d]+", tok):
            args.append(tok)
            continue
        side = None
        new = None
        if tok in (b"k", b"K"):
            side, new = ("f" if tok == b"k" else "s"), (b"DeviceCMYK", tuple(args[-4:]))
        elif tok in (b"rg", b"RG"):
            side, new = ("f" if tok == b"rg" else "s"), (b"DeviceRGB", tuple(args[-3:]))
        elif tok in (b"g", b"G"):
            side, new = ("f" if tok == b"g" else "s"), (b"DeviceGray", tuple(args[-1:]))
        elif tok in (b"cs", b"CS"):
            s = "f" if tok == b"cs" else "s"
            pending[s] = args[-1] if args else None
            ops += 1
        elif tok in (b"sc", b"scn", b"SC", b"SCN"):
            side = "f" if tok in (b"sc", b"scn") else "s"
            space = pending[side] or cur[side][0]
            new = (space, tuple(args))
        elif tok == b"q":
            stack.append(dict(cur))
        elif tok == b"Q":
            if stack:
                cur = stack.pop()
        elif tok in FILL_OPS:
            fills += 1
        if side is not None:
            ops += 1
            if new == cur[side]:
                repeats += 1 + (pending[side] is not None)
            cur[side] = new
            pending[side] = None
        args = []
    return ops, repeats, fills


def main():
    for path in sys.argv[1:]:
        ops = repeats = fills = 0
        for body in streams(path):
            o, r, f = count(body)
            ops, repeats, fills = ops + o, repeats + r, fills + f
        print(f"{path} colour_ops={ops} repeats={repeats} fills={fills}")


if __name__ == "__main__":
    main()
