#!/usr/bin/env python3
"""The Game Crafter's face images of a package (pack gamecrafter), checked
against the factory's data and the sheet PNGs, with nothing taken from
the code under test but the files:

usage: faces_check.py PACKDIR FACTORY.ini MANIFEST.json ROUTE

ROUTE is "pieces" (the tiles match a stock product), "slugs", or "any"
(any edition: only the checks below that need no route).
For every edition:
- every image and cut file in faces/ is in the ticket and the other way
  round, each image at its product's pixel size in the ini;
- the bleed ring of every face of a stock square or hex product is the
  tile's own art run on: each sample in the middle of the ring has the
  colour of a pixel just inside the tile's edge beside it (a
  neighbour's art there would not);
- the pieces the faces carry match the manifest: the tiles on stock
  products by their counts, the pieces on slugs by the slugs' counts,
  and the piece sheet (pieces, fronts or tiles) holds the manifest's
  number of pieces (its "total", or board rows x cols);
- the product for the tiles is chosen again here from the ini's
  [products] (within match_mm; else the slug with the least board);
- every image in faces/ is in the ticket and the other way round, and
  its IHDR size is its product's pixel size in the ini; pngcheck passes;
- the images' counts add up to the manifest's tiles (pieces) or to the
  slugs the tiles take (slugs), each computed here from the slug's size,
  the tile, the bleed and the spacing;
- the centres of the quarters of each distinct face (or of every piece
  of the first slug, front and back) have the colour of the same point of the
  tile on the sheet PNG (fronts.png, backs.png: a back at column
  cols-1-c, as printed).
Exits 1 with the first mismatch.
"""
import configparser
import json
import math
import os
import re
import struct
import subprocess
import sys
import zlib

pack, ini, man_path, route = sys.argv[1:5]
IN = 25.4


def bad(msg):
    sys.stderr.write(msg + "\n")
    sys.exit(1)


cp = configparser.ConfigParser(inline_comment_prefixes=(';',), strict=False)
cp.read(ini)
prods = {}
for name, v in cp['products'].items():
    kind, w, h, pw, ph = v.split()
    prods[name] = (kind, float(w), float(h), int(pw), int(ph))
match = cp['factory'].getfloat('match_mm')
spacing = cp['factory'].getfloat('slug_spacing_mm')
dpi = cp['factory'].getfloat('raster_dpi')
bleed = cp['print'].getfloat('bleed_mm')
man = json.load(open(man_path))
job = json.load(open(os.path.join(pack, 'job.json')))
if route != 'any':
    rows, cols = man['board']['rows'], man['board']['cols']
    tile = man['tile_mm']
    tiles = rows * cols
    edition = re.sub(r'_fronts\.png$', '', [f for f in os.listdir(pack) if f.endswith('_fronts.png')][0])


def ihdr(path):
    with open(path, 'rb') as f:
        b = f.read(33)
    if b[:8] != b'\x89PNG\r\n\x1a\n' or b[12:16] != b'IHDR':
        bad('%s: not a PNG' % path)
    return struct.unpack('>II', b[16:24])


class Png:
    """An 8-bit RGB PNG, rows decoded on demand (Up rows by whole-row
    integer arithmetic: bytewise sums without carries)."""

    def __init__(self, path):
        b = open(path, 'rb').read()
        i, idat = 8, []
        while i < len(b):
            n, = struct.unpack('>I', b[i:i + 4])
            t, d = b[i + 4:i + 8], b[i + 8:i + 8 + n]
            if t == b'IHDR':
                self.w, self.h, depth, ctype, _, _, lace = struct.unpack('>IIBBBBB', d)
                assert depth == 8 and ctype == 2 and lace == 0, path
            elif t == b'IDAT':
                idat.append(d)
            i += 12 + n
        self.raw = zlib.decompress(b''.join(idat))
        self.stride = self.w * 3
        self.rows = {}
        self.prev, self.y = bytes(self.stride), 0
        n = self.stride
        self.lo = int.from_bytes(b'\x7f' * n, 'big')
        self.hi = int.from_bytes(b'\x80' * n, 'big')

    def _next(self):
        s, y = self.stride, self.y
        ft = self.raw[y * (s + 1)]
        line = self.raw[y * (s + 1) + 1:(y + 1) * (s + 1)]
        if ft == 0:
            out = bytes(line)
        elif ft == 2:
            a, c = int.from_bytes(line, 'big'), int.from_bytes(self.prev, 'big')
            out = (((a & self.lo) + (c & self.lo)) ^ ((a ^ c) & self.hi)).to_bytes(s, 'big')
        else:
            line, prev = bytearray(line), self.prev
            for x in range(s):
                a = line[x - 3] if x >= 3 else 0
                up = prev[x]
                c = prev[x - 3] if x >= 3 else 0
                if ft == 1:
                    line[x] = (line[x] + a) & 255
                elif ft == 3:
                    line[x] = (line[x] + (a + up) // 2) & 255
                else:
                    p = a + up - c
                    pa, pb, pc = abs(p - a), abs(p - up), abs(p - c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else up if pb <= pc else c)) & 255
            out = bytes(line)
        self.prev, self.y = out, y + 1
        return out

    def px(self, x, y):
        if y not in self.rows:
            if y < self.y:
                bad('rows asked out of order')
            while self.y <= y:
                r = self._next()
            self.rows[y] = r
        r = self.rows[y]
        return tuple(r[3 * x:3 * x + 3])


def near(a, b):
    return all(abs(p - q) <= 8 for p, q in zip(a, b))


# Every image on disk is in the ticket, each at its product's size.
fdir = os.path.join(pack, 'faces')
on_disk = sorted(os.listdir(fdir))
faces = {f['file']: f for f in job['faces']}
if sorted(faces) != sorted(n for n in on_disk if n.endswith('.png')):
    bad('faces/ holds %s, the ticket %s' % (on_disk, sorted(faces)))
for name, f in faces.items():
    p = prods[f['product']]
    got = ihdr(os.path.join(fdir, name))
    if got != (p[3], p[4]):
        bad('%s: %s px, %s wants %d x %d (gamecrafter.ini)' % (name, got, f['product'], p[3], p[4]))
r = subprocess.run(['pngcheck', '-q'] + [os.path.join(fdir, n) for n in on_disk if n.endswith('.png')], capture_output=True, text=True)
if r.returncode != 0:
    bad('pngcheck: ' + r.stdout + r.stderr)



def manifest_pieces():
    t = man.get('total')
    if isinstance(t, int):
        return t
    if isinstance(t, dict):
        return t['total']
    return man['board']['rows'] * man['board']['cols']


def bleed_ring(name, p):
    """Samples of the ring outside the product's trim against the tile's
    own pixels just inside its edge (the tile within match_mm of it)."""
    kind, w_in, h_in, pxw, pxh = p
    img = Png(os.path.join(fdir, name))
    b = (pxw - w_in * dpi) / 2                      # the ring, px
    inset = int(math.ceil(b + (match / 2) * dpi / IN)) + 1   # past the tile's edge
    mid = int(b / 2)
    alongs = [int(b + (pxw - 2 * b) * (k + 0.5) / 12) for k in range(12)]
    want = {}    # (x, y) -> None, in row order for the decoder
    checks = []
    for a in alongs:
        for side in range(4):
            def at(d, t, side=side):
                return {0: (d, t), 1: (t, d), 2: (pxw - 1 - d, t), 3: (t, pxh - 1 - d)}[side]
            ring = at(mid, a)
            ref = [at(inset + dd, a + da) for dd in range(4) for da in (-2, 0, 2)]
            checks.append((ring, ref))
            want[ring] = None
            for q in ref:
                want[q] = None
    for q in sorted(want, key=lambda q: q[1]):
        want[q] = img.px(*q)
    bad_n = [(r, want[r]) for r, ref in checks if not any(near(want[r], want[q]) for q in ref)]
    if bad_n:
        bad('%s: the bleed ring at %s is %s, no pixel of the tile beside it has that colour '
            '(the next tile\'s art?)' % (name, bad_n[0][0], bad_n[0][1]))
    return len(checks)


def edition_of(name):
    return name.split('_', 1)[0] + '_'


# Cut files: each slug front names one, on disk.
cuts = {f['cut'] for f in job['faces'] if f.get('cut')}
imgs = sorted(n for n in on_disk if n.endswith('.png'))
if sorted(set(on_disk) - set(imgs)) != sorted(cuts):
    bad('faces/ holds cut files %s, the ticket %s' % (sorted(set(on_disk) - set(imgs)), sorted(cuts)))
for c in cuts:
    txt = open(os.path.join(fdir, c)).read()
    if '<path' not in txt and '<rect' not in txt and '<polygon' not in txt:
        bad('%s: no cut line in it' % c)
# A slug with a cut: nothing drawn outside its pieces' cuts grown by the
# bleed (art that runs past a piece would be printed on the board).
for name, f in sorted(faces.items()):
    if not f.get('cut'):
        continue
    boxes = []
    for d in re.findall(r' d="([^"]*)"', open(os.path.join(fdir, f['cut'])).read()):
        v = [float(x) for x in re.findall(r'-?\d+(?:\.\d+)?(?:e-?\d+)?', d)]
        xs, ys = v[0::2], v[1::2]
        boxes.append((min(xs), min(ys), max(xs), max(ys)))
    entry = [e for e in job['punchout'] if name.startswith(edition_of(name) + e['sheet'] + '-slug-')
             or ('-' + e['sheet'] + '-slug-') in name]
    b_mm = (entry[0]['bleed_mm'] if entry else bleed) + 0.5
    img = Png(os.path.join(fdir, name))
    step = max(1, int(dpi / 25.4 * 2))   # every 2 mm
    for y in range(0, img.h, step):
        for x in range(0, img.w, step):
            u, v = (x + 0.5) * IN / dpi, (y + 0.5) * IN / dpi
            if any(bx[0] - b_mm <= u <= bx[2] + b_mm and bx[1] - b_mm <= v <= bx[3] + b_mm for bx in boxes):
                continue
            if img.px(x, y) != (255, 255, 255):
                bad('%s: art at (%.1f, %.1f) mm, outside every piece of its cut %s' % (name, u, v, f['cut']))
ring_n = 0
for name, f in sorted(faces.items()):
    p = prods[f['product']]
    if p[0] in ('square', 'hex'):
        ring_n += bleed_ring(name, p)
# The pieces the faces carry, against the ticket and the manifest.
carried = {}
for e in job.get('punchout', []):
    base = None
    slug_fronts = {}
    for n, f in faces.items():
        m = re.match(r'(.*)-slug-(\d+)-front\.png$', n)
        if m and f['side'] == 'front' and m.group(1).endswith('_' + e['sheet']) or (
                m and f['side'] == 'front' and m.group(1).endswith('-' + e['sheet'])):
            slug_fronts[n] = f['count']
    chosen = [x for x in e['slugs'] if x['product'] == e['chosen']]
    if not chosen:
        continue
    n_slugs = chosen[0]['slugs']
    if sum(slug_fronts.values()) != n_slugs:
        bad('%s: %d slug fronts counted, the ticket chose %d slugs' % (e['sheet'], sum(slug_fronts.values()), n_slugs))
    if 'slug_pieces' in e:
        if len(e['slug_pieces']) != n_slugs or sum(e['slug_pieces']) != e['pieces']:
            bad('%s: pieces per slug %s, %d slugs of %d pieces' % (e['sheet'], e['slug_pieces'], n_slugs, e['pieces']))
    else:
        per = chosen[0]['per_slug']
        if not (per * (n_slugs - 1) < e['pieces'] <= per * n_slugs):
            bad('%s: %d slugs of %d do not hold %d pieces' % (e['sheet'], n_slugs, per, e['pieces']))
    carried[e['sheet']] = e['pieces']
for n, f in faces.items():
    m = re.match(r'.*?_([a-z-]+?)-\d+-front\.png$', n)
    if m and f['side'] == 'front' and '-slug-' not in n:
        carried[m.group(1)] = carried.get(m.group(1), 0) + f['count']
for n, f in faces.items():
    m = re.match(r'.*?_([a-z-]+?)-\d+-back\.png$', n)
    if m and f['side'] == 'back' and '-slug-' not in n:
        carried.setdefault(m.group(1) + ' backs', 0)
        carried[m.group(1) + ' backs'] += f['count']
for k in list(carried):
    if k.endswith(' backs') and carried[k] != carried.get(k[:-6]):
        bad('%s: %d backs for %s fronts' % (k, carried[k], carried.get(k[:-6])))
main = [k for k in ('pieces', 'fronts', 'tiles') if k in carried]
want_n = manifest_pieces()
if main and carried[main[0]] != want_n:
    bad('the faces carry %d %s, the manifest %d' % (carried[main[0]], main[0], want_n))
if route == 'any':
    print('faces: %d images, %d cut files, %d bleed-ring samples, pieces %s (manifest %d)' % (
        len(imgs), len(cuts), ring_n, carried, want_n))
    sys.exit(0)

fronts = {n: f for n, f in faces.items() if '_fronts-' in n and f['side'] == 'front'}
backs = {n: f for n, f in faces.items() if '_fronts-' in n and f['side'] == 'back'}
sheet_f = Png(os.path.join(pack, edition + '_fronts.png'))
sheet_b = Png(os.path.join(pack, edition + '_backs.png'))
sb = (sheet_f.w * IN / dpi - cols * tile) / 2   # the sheet's bleed, from its size


def sheet_at(png, c, r, u, v):
    """The sheet's pixel at (u, v) mm inside tile (r, c) of its gang."""
    return (int(math.floor((c * tile + u + sb) * dpi / IN)), int(math.floor((r * tile + v + sb) * dpi / IN)))


# The centre of each quarter of the tile: a series tile's own centre is
# the corner where its four quadrants meet, half a pixel from either
# colour at 300 dpi with a 1/8 in bleed, so no pixel there is one colour.
samples = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]
coloured = 0
if route == 'pieces':
    want = [n for n, p in prods.items() if p[0] == 'square' and abs(p[1] * IN - tile) <= match + 1e-9]
    want = min(want, key=lambda n: prods[n][1] * prods[n][2])
    if {f['product'] for f in fronts.values()} != {want}:
        bad('fronts on %s, want %s' % ({f['product'] for f in fronts.values()}, want))
    if sum(f['count'] for f in fronts.values()) != tiles or sum(f['count'] for f in backs.values()) != tiles:
        bad('front counts %d, back counts %d, the manifest %d tiles' % (
            sum(f['count'] for f in fronts.values()), sum(f['count'] for f in backs.values()), tiles))
    kind, pw_in, ph_in, pxw, pxh = prods[want]
    fb = (pxw * IN / dpi - pw_in * IN) / 2
    for side, group, sheet in (('front', fronts, sheet_f), ('back', backs, sheet_b)):
        pts = []
        for name in sorted(group):
            i = int(re.search(r'-(\d+)-%s\.png$' % side, name).group(1)) - 1
            r_, c_ = divmod(i, cols)
            if side == 'back':
                c_ = cols - 1 - c_   # work-and-turn: the back sheet as printed
            for su, sv in samples:
                x, y = int(math.floor((su * tile + fb) * dpi / IN)), int(math.floor((sv * tile + fb) * dpi / IN))
                u, v = (x + 0.5) * IN / dpi - fb, (y + 0.5) * IN / dpi - fb
                pts.append((name, (x, y), sheet_at(sheet, c_, r_, u, v)))
        fpx = {}
        for name in sorted({p[0] for p in pts}):
            face = Png(os.path.join(fdir, name))
            for q in sorted({p[1] for p in pts if p[0] == name}, key=lambda q: q[1]):
                fpx[(name, q)] = face.px(*q)
        spx = {q: None for q in sorted({p[2] for p in pts}, key=lambda q: q[1])}
        for q in spx:
            spx[q] = sheet.px(*q)
        for name, f_, s_ in pts:
            if not near(fpx[(name, f_)], spx[s_]):
                bad('%s at %s: %s, the sheet at %s: %s' % (name, f_, fpx[(name, f_)], s_, spx[s_]))
            coloured += fpx[(name, f_)] != (255, 255, 255)
else:
    g = max(spacing, 2 * bleed)
    best = None
    for n, p in sorted(prods.items()):
        if p[0] != 'slug':
            continue
        W, H = p[3] * IN / dpi, p[4] * IN / dpi
        across = int(math.floor((W - 2 * bleed + g) / (tile + g) + 1e-9))
        down = int(math.floor((H - 2 * bleed + g) / (tile + g) + 1e-9))
        per = across * down
        slugs = -(-tiles // per) if per else 0
        got = [s for s in job['punchout'][0]['slugs'] if s['product'] == n][0]
        if (got['across'], got['down'], got['per_slug'], got['slugs']) != (across, down, per, slugs):
            bad('%s: ticket %s, computed across %d down %d per slug %d slugs %d' % (n, got, across, down, per, slugs))
        if per and (best is None or slugs * W * H < best[0] - 1e-6):
            best = (slugs * W * H, n, W, H, across, down, slugs)
    _, chosen, W, H, across, down, slugs = best
    if job['punchout'][0]['chosen'] != chosen:
        bad('chosen %s, want %s' % (job['punchout'][0]['chosen'], chosen))
    if sum(f['count'] for f in fronts.values()) != slugs or sum(f['count'] for f in backs.values()) != slugs:
        bad('slug images count %d fronts, %d backs; %d slugs' % (
            sum(f['count'] for f in fronts.values()), sum(f['count'] for f in backs.values()), slugs))
    # The first slug: each of its pieces against its tile on the sheets.
    bw = across * tile + (across - 1) * g + 2 * bleed
    bh = down * tile + (down - 1) * g + 2 * bleed
    x0, y0 = (W - bw) / 2 + bleed, (H - bh) / 2 + bleed
    for side, sheet in (('front', sheet_f), ('back', sheet_b)):
        face = Png(os.path.join(fdir, '%s_fronts-slug-1-%s.png' % (edition, side)))
        pts = []
        for i in range(min(across * down, tiles)):
            r_, c_ = divmod(i, cols)
            sx = x0 + (i % across) * (tile + g)
            sy = y0 + (i // across) * (tile + g)
            if side == 'back':
                sx, c_ = W - sx - tile, cols - 1 - c_   # work-and-turn, as printed
            for su, sv in samples:
                x, y = int(math.floor((sx + su * tile) * dpi / IN)), int(math.floor((sy + sv * tile) * dpi / IN))
                u, v = (x + 0.5) * IN / dpi - sx, (y + 0.5) * IN / dpi - sy
                pts.append(((x, y), sheet_at(sheet, c_, r_, u, v)))
        # Face rows in order, then the sheet's rows in order.
        fpx = {p[0]: None for p in pts}
        for (fx, fy) in sorted(fpx, key=lambda q: q[1]):
            fpx[(fx, fy)] = face.px(fx, fy)
        spx = {}
        for (gx, gy) in sorted({p[1] for p in pts}, key=lambda q: q[1]):
            spx[(gx, gy)] = sheet.px(gx, gy)
        for f_, s_ in pts:
            if not near(fpx[f_], spx[s_]):
                bad('slug 1 %s at %s: %s, the sheet at %s: %s' % (side, f_, fpx[f_], s_, spx[s_]))
            coloured += fpx[f_] != (255, 255, 255)
if coloured == 0:
    bad('every sample white: the check saw no art')
print('faces: %d images, %d coloured samples matched' % (len(faces), coloured))
