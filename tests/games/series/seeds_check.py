#!/usr/bin/env python3
"""Checks of the series tiles' separable quadrants and solid-colour tiles
(patent 000, [0055], [0060], claim 2, [0092]) from the rendered files,
not from the generator.

usage:
  seeds_check.py quadrants FRONTS.pdf QUADRANTS.pdf TILES.csv TABLE1.json
      Reads every tile's four quadrants off the rendered fronts sheet and
      every piece off the rendered quadrants sheet (a quadrant is 3 x 3
      cells; its colour names its series, [0055]: lateral red, boxes
      yellow, vertical green, dots blue; its filled cells its element).
      Each piece must show exactly the quadrant of the tile it was cut
      from (same series, element and pixels); the pieces per series and
      element must be those the tiles show, four a tile, and the
      manifest's counts; and by the seed's words each tile's lateral
      element is its front ([0093]: a front is named by its lateral
      count), vertical = 9 - lateral and dots = 9 - boxes ([0074]:
      opposing quadrants sum to 0 mod 9).
  seeds_check.py batches DIR SEED_TABLE1.txt TILE_MM
      Reads every tile off each solid batch's fronts file
      (DIR/fronts-BACK.pdf), counts its red cells (its front, [0093]),
      and compares each batch's fronts with Table I's column for that
      back (the seed's table): per front and in all.
  seeds_check.py svgsame A.svg B.svg
      The two SVGs draw the same art (every element but the die lines,
      data-spot="CutContour"), as multisets of lines.
Prints one line of totals; exit 1 on any difference.
"""
import json
import re
import subprocess
import sys

PX_MM = 4  # render at 4 px a mm
DPI = PX_MM * 25.4
SERIES = ('lateral', 'boxes', 'vertical', 'dots')


def render(pdf):
    """(width, height, rgb bytes, trim box in px: x0, y0, x1, y1)."""
    info = subprocess.run(['pdfinfo', '-box', pdf], capture_output=True, text=True,
                          check=True).stdout
    media = [float(v) for v in re.search(r'MediaBox:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)', info).groups()]
    trim = [float(v) for v in re.search(r'TrimBox:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)', info).groups()]
    ppm = subprocess.run(['pdftoppm', '-r', str(DPI), '-f', '1', '-l', '1', pdf],
                         capture_output=True, check=True).stdout
    m = re.match(rb'P6\s+(\d+)\s+(\d+)\s+255\s', ppm)
    w, h = int(m.group(1)), int(m.group(2))
    data = ppm[m.end():]
    k = DPI / 72
    box = ((trim[0] - media[0]) * k, (media[3] - trim[3]) * k,
           (trim[2] - media[0]) * k, (media[3] - trim[1]) * k)
    return w, h, data, box


def pixel(img, x, y):
    w, _, data, _ = img
    i = 3 * (int(y) * w + int(x))
    return data[i], data[i + 1], data[i + 2]


def series_of(rgb):
    """[0055]'s colours by hue: lateral red, boxes yellow, vertical green,
    dots blue; None for paper."""
    r, g, b = rgb
    if min(rgb) > 200:
        return None
    if r > 180 and g > 150 and b < 100:
        return 'boxes'
    if r > 150 and g < 100 and b < 100:
        return 'lateral'
    if g > 120 and r < 100 and b < 150:
        return 'vertical'
    if b > 120 and r < 100:
        return 'dots'
    raise ValueError(f'colour {rgb} is none of the four series nor paper')


def quadrant(img, x0, y0, t):
    """(series, element) of the quadrant of side t / 2 mm at (x0, y0) mm of
    the trim: its 3 x 3 cells sampled at their centres."""
    _, _, _, box = img
    cs = t / 6
    found = set()
    n = 0
    for a in range(3):
        for b in range(3):
            s = series_of(pixel(img, box[0] + (x0 + (b + 0.5) * cs) * PX_MM,
                                box[1] + (y0 + (a + 0.5) * cs) * PX_MM))
            if s:
                found.add(s)
                n += 1
    if len(found) != 1:
        raise ValueError(f'quadrant at ({x0}, {y0}) mm shows {sorted(found)}: not one series')
    return found.pop(), n


def region(img, x0, y0, w, h):
    _, _, _, box = img
    rows = []
    for y in range(int(box[1] + y0 * PX_MM), int(box[1] + (y0 + h) * PX_MM)):
        rows.append(bytes(c for x in range(int(box[0] + x0 * PX_MM), int(box[0] + (x0 + w) * PX_MM))
                          for c in pixel(img, x, y)))
    return rows


def cmd_quadrants(fronts_pdf, quads_pdf, tiles_csv, table1_json):
    lines = open(tiles_csv).read().split('\n')[1:]
    tiles = [l.split(',') for l in lines if l]
    rows = max(int(t[0]) for t in tiles)
    cols = max(int(t[1]) for t in tiles)
    fr, qu = render(fronts_pdf), render(quads_pdf)
    t = (fr[3][2] - fr[3][0]) / PX_MM / cols
    if abs((qu[3][2] - qu[3][0]) - (fr[3][2] - fr[3][0])) > 1:
        raise ValueError('the quadrants sheet is not the fronts sheet\'s size')
    corners = {'nw': (0, 0), 'ne': (1, 0), 'se': (1, 1), 'sw': (0, 1)}
    count = {}
    pieces = 0
    inset = 1.0   # mm: clear of the die line and the quadrant cross
    for r, c, front, lat, _back, _anchor in tiles:
        r, c, front = int(r) - 1, int(c) - 1, int(front)
        val = {}
        for qx in range(2):
            for qy in range(2):
                x0, y0 = c * t + qx * t / 2, r * t + qy * t / 2
                tile_q = quadrant(fr, x0, y0, t)
                piece = quadrant(qu, x0, y0, t)
                if piece != tile_q:
                    raise ValueError(f'piece at tile ({r + 1},{c + 1}) quadrant ({qx},{qy}): {piece}, the tile shows {tile_q}')
                if region(fr, x0 + inset, y0 + inset, t / 2 - 2 * inset, t / 2 - 2 * inset) != \
                   region(qu, x0 + inset, y0 + inset, t / 2 - 2 * inset, t / 2 - 2 * inset):
                    raise ValueError(f'piece at tile ({r + 1},{c + 1}) quadrant ({qx},{qy}): pixels differ from the tile\'s')
                if piece[0] in val:
                    raise ValueError(f'tile ({r + 1},{c + 1}) shows {piece[0]} twice')
                val[piece[0]] = (piece[1], (qx, qy))
                count[piece] = count.get(piece, 0) + 1
                pieces += 1
        if val['lateral'][0] != front:
            raise ValueError(f'tile ({r + 1},{c + 1}): lateral {val["lateral"][0]}, front {front}')
        if val['lateral'][1] != corners[lat]:
            raise ValueError(f'tile ({r + 1},{c + 1}): lateral quadrant not at its corner {lat}')
        if (val['lateral'][0] + val['vertical'][0]) % 9 or (val['boxes'][0] + val['dots'][0]) % 9:
            raise ValueError(f'tile ({r + 1},{c + 1}): opposing quadrants do not sum to 0 mod 9')
    if pieces != 4 * len(tiles):
        raise ValueError(f'{pieces} pieces for {len(tiles)} tiles')
    q = json.load(open(table1_json))['quadrants']
    if q['pieces'] != pieces:
        raise ValueError(f'manifest says {q["pieces"]} pieces, the sheet holds {pieces}')
    for s in SERIES:
        want = [count.get((s, v), 0) for v in range(1, 10)]
        if q[s] != want:
            raise ValueError(f'manifest {s} pieces {q[s]}, the tiles show {want}')
    print(f'{len(tiles)} tiles, {pieces} pieces, each its tile\'s quadrant; '
          f'{len(count)} kinds, {min(count.values())}-{max(count.values())} pieces a kind, as the manifest')


def table1(path):
    """Table I of the seed: {front: [lateral, vertical, boxes, dots, unmarked]}."""
    rows = {}
    for line in open(path):
        cells = line.rstrip('\n').split('\t')
        if re.fullmatch(r'[1-9]', cells[0]) and len(cells) == 7:
            rows[int(cells[0])] = [int(v) for v in cells[1:6]]
    if sorted(rows) != list(range(1, 10)):
        raise ValueError(f'{path}: no Table I rows 1..9')
    return rows


def cmd_batches(folder, table_txt, tile_mm):
    t = float(tile_mm)
    rows1 = table1(table_txt)
    backs = ('lateral', 'vertical', 'boxes', 'dots', 'unmarked')   # Table I's columns
    total = 0
    for col, back in enumerate(backs):
        img = render(f'{folder}/fronts-{back}.pdf')
        box = img[3]
        nc = round((box[2] - box[0]) / PX_MM / t)
        nr = round((box[3] - box[1]) / PX_MM / t)
        per_front = {}
        for r in range(nr):
            for c in range(nc):
                seen = {}
                for qx in range(2):
                    for qy in range(2):
                        s, n = quadrant(img, c * t + qx * t / 2, r * t + qy * t / 2, t)
                        seen[s] = n
                if sorted(seen) != sorted(SERIES):
                    raise ValueError(f'fronts-{back}: tile ({r + 1},{c + 1}) is no front: {seen}')
                per_front[seen['lateral']] = per_front.get(seen['lateral'], 0) + 1
        want = {f: rows1[f][col] for f in range(1, 10) if rows1[f][col]}
        if per_front != want:
            raise ValueError(f'fronts-{back}: fronts {dict(sorted(per_front.items()))}, Table I\'s column {want}')
        total += nr * nc
    want_total = sum(sum(v) for v in rows1.values())
    if total != want_total:
        raise ValueError(f'{total} tiles in the batches, Table I has {want_total}')
    print(f'5 batches, {total} tiles, each batch\'s fronts as Table I\'s column')


def svg_art(path):
    out = []
    for line in open(path, encoding='utf-8'):
        if re.match(r'\s*<(rect|path|polygon|circle|use)\b', line) and 'CutContour' not in line:
            out.append(line.strip())
    return sorted(out)


def cmd_svgsame(a, b):
    x, y = svg_art(a), svg_art(b)
    if x != y:
        raise ValueError(f'{a} and {b} draw different art ({len(x)} and {len(y)} elements)')
    print(f'{len(x)} art elements alike')


def main(argv):
    cmds = {'quadrants': (cmd_quadrants, 4), 'batches': (cmd_batches, 3), 'svgsame': (cmd_svgsame, 2)}
    if len(argv) < 2 or argv[1] not in cmds or len(argv) - 2 != cmds[argv[1]][1]:
        sys.exit(__doc__)
    try:
        cmds[argv[1]][0](*argv[2:])
    except (ValueError, OSError, subprocess.CalledProcessError, KeyError) as e:
        print(f'seeds_check: {e}')
        sys.exit(1)


if __name__ == '__main__':
    main(sys.argv)
