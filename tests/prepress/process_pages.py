#!/usr/bin/env python3
"""The pages of a PDF that may put process ink on a plate.

usage: process_pages.py FILE.pdf

Prints the numbers (from 1) of the pages that may carry Cyan, Magenta,
Yellow or Black, one line, space-separated (an empty line when none may).
pack_tac.sh renders only these: a page that paints nothing in a process
colour cannot pass a total-ink limit, and Ghostscript's separations of an
emboss plate or a die-only sheet cost as much as those of a full sheet.

The reading is the file's own, through qpdf, and knows nothing of how
tilepress wrote it.  It errs one way only: a page counts as inky unless
every mark it makes is proven to be in a spot colour.  So a page counts
when it paints (fills, strokes, shows text, draws a shading or an image)
while its colour is a device, ICC, Lab, Indexed or Pattern space, or a
Separation or DeviceN naming a process ink or /All; when it paints before
choosing a colour (DeviceGray black); when it draws an inline image or
uses a Type 3 font; when it has annotations (Ghostscript draws their
appearances); and when anything in it cannot be read.  Form XObjects are
followed with the colours in force where they are drawn.  A file with more
spot inks than Ghostscript's tiffsep keeps apart (it then mixes the rest
into the process plates) counts as inky on every page.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pdfx_check import Doc, tokens  # noqa: E402

PROCESS = {'/Cyan', '/Magenta', '/Yellow', '/Black', '/All'}
# tiffsep keeps this many spot plates apart at least (Ghostscript 9.5x
# and later allow more); past it a spot could land on process plates.
MAX_SPOTS = 8
FILL_OPS = {'f', 'F', 'f*', 'B', 'B*', 'b', 'b*'}
STROKE_OPS = {'S', 's', 'B', 'B*', 'b', 'b*'}
TEXT_OPS = {'Tj', 'TJ', "'", '"'}
DEVICE = {'/DeviceGray': True, '/DeviceRGB': True, '/DeviceCMYK': True,
          '/Pattern': True, '/G': True, '/RGB': True, '/CMYK': True}


class Inky(Exception):
    pass


class Scan:
    def __init__(self, doc):
        self.d = doc
        self.spots = set()

    def space_inky(self, cs, spaces):
        """True unless colour space cs (a name or array) is a Separation
        or DeviceN of spot inks only."""
        d = self.d
        if isinstance(cs, str) and not cs.endswith(' R'):
            if cs in DEVICE:
                return True
            if cs not in spaces:
                return True
            cs = spaces[cs]
        cs = d.get(cs)
        if not isinstance(cs, list) or not cs:
            return True
        fam = cs[0]
        if fam == '/Separation' and len(cs) > 1 and isinstance(cs[1], str):
            names = [cs[1]]
        elif fam == '/DeviceN' and len(cs) > 1:
            names = d.get(cs[1])
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                return True
        else:
            return True
        if any(n in PROCESS for n in names):
            return True
        self.spots.update(n for n in names if n != '/None')
        return False

    def content(self, data, res, fill, stroke, depth):
        """Raises Inky at the first mark that may be in a process ink."""
        d = self.d
        if depth > 16:
            raise Inky
        res = d.dict_of(res) or {}
        spaces = d.dict_of(res.get('/ColorSpace')) or {}
        xobjs = d.dict_of(res.get('/XObject')) or {}
        shadings = d.dict_of(res.get('/Shading')) or {}
        for f in (d.dict_of(res.get('/Font')) or {}).values():
            if (d.dict_of(f) or {}).get('/Subtype') == '/Type3':
                raise Inky
        stack = []
        operands = []
        for kind, val in tokens(data):
            if kind != 'op':
                operands.append(val)
                continue
            op = val.decode('latin-1')
            last = operands[-1].decode('latin-1') if operands and isinstance(operands[-1], bytes) else None
            operands = []
            if op == 'q':
                stack.append((fill, stroke))
            elif op == 'Q':
                if stack:
                    fill, stroke = stack.pop()
            elif op == 'cs':
                fill = last is None or self.space_inky(last, spaces)
            elif op == 'CS':
                stroke = last is None or self.space_inky(last, spaces)
            elif op in ('g', 'rg', 'k'):
                fill = True
            elif op in ('G', 'RG', 'K'):
                stroke = True
            elif op in ('BI', 'ID', 'EI'):
                raise Inky
            elif op in FILL_OPS and fill or op in STROKE_OPS and stroke:
                raise Inky
            elif op in TEXT_OPS and (fill or stroke):
                raise Inky
            elif op == 'sh':
                sh = d.dict_of(shadings.get(last)) if last else None
                if not isinstance(sh, dict) or self.space_inky(sh.get('/ColorSpace'), spaces):
                    raise Inky
            elif op == 'Do':
                ref = xobjs.get(last) if last else None
                x = d.dict_of(ref) if ref else None
                if not isinstance(x, dict):
                    raise Inky
                if x.get('/Subtype') == '/Form':
                    self.content(d.data(ref), x.get('/Resources', res), fill, stroke, depth + 1)
                elif x.get('/Subtype') == '/Image':
                    if x.get('/ImageMask') is True:
                        if fill:
                            raise Inky
                    elif '/ColorSpace' not in x or self.space_inky(x['/ColorSpace'], spaces):
                        raise Inky
                else:
                    raise Inky

    def page_inky(self, page):
        d = self.d
        p = d.dict_of(page['object']) or {}
        if '/Annots' in p:
            return True
        res = p.get('/Resources')
        node = p
        while res is None and '/Parent' in node:
            node = d.dict_of(node['/Parent']) or {}
            res = node.get('/Resources')
        contents = p.get('/Contents')
        contents = d.get(contents) if isinstance(d.get(contents), list) else [contents] if contents else []
        data = b'\n'.join(d.data(c) for c in contents)
        try:
            # Black fill and stroke until the page chooses a colour.
            self.content(data, res, True, True, 0)
        except Inky:
            return True
        except Exception:  # anything unreadable may be ink
            return True
        return False


def main():
    doc = Doc(sys.argv[1])
    scan = Scan(doc)
    inky = [i + 1 for i, pg in enumerate(doc.j['pages']) if scan.page_inky(pg)]
    if len(scan.spots) > MAX_SPOTS:
        inky = list(range(1, len(doc.j['pages']) + 1))
    print(' '.join(map(str, inky)))


if __name__ == '__main__':
    main()
