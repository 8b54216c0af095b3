#!/usr/bin/env python3
"""PDF/X-1a:2003 (ISO 15930-4) checks that a file can show, through qpdf.

usage: pdfx_check.py [--condition ID] [--profile] FILE.pdf...

No PDF/X validator is packaged in Debian, so this checks each requirement
of the standard that is visible in the file's objects and content streams:

  version   one header version for all FILEs, 1.3 or 1.4, the same that
            qpdf reads; no PDF 1.5 structures (object or xref streams,
            JPX); not encrypted
  trailer   /ID of two non-empty strings
  info      /GTS_PDFXVersion (PDF/X-1a:2003), /Trapped /True or /False,
            non-empty /Title, /CreationDate and /ModDate as D: dates
  intent    exactly one /OutputIntents entry with /S /GTS_PDFX, a
            non-empty /OutputConditionIdentifier (== ID when given), and
            either a /RegistryName (a registered condition) or a
            /DestOutputProfile; an embedded profile must be an ICC output
            profile ('acsp', class 'prtr', data CMYK) with /N 4
            (--profile: one must be embedded)
  boxes     every page has a /MediaBox and a /TrimBox (not also an
            /ArtBox); TrimBox inside BleedBox inside MediaBox
  colour    colour spaces are DeviceCMYK, DeviceGray, Separation or DeviceN
            (alternate DeviceCMYK or DeviceGray), Indexed or Pattern over
            those; no RGB, CalRGB, Lab or ICCBased anywhere in the pages;
            no rg/RG operators; images not RGB
  transp.   no soft masks, /CA and /ca 1, blend mode Normal/Compatible,
            no transparency groups
  fonts     every font is embedded (Type 3, or a FontFile/2/3)
  forbidden no actions or JavaScript, no annotations or forms, no
            PostScript XObjects or OPI, no transfer functions
  overprint every object painted in a spot colour (a /Separation other
            than /All) is painted with overprint on (OP for strokes, op for
            fills): technical inks must not knock out the art

Not checked (not visible in the file, or beyond this script): whether the
named condition matches how the file was separated, trapping itself,
rendering of fonts, image resolution (there are no images), and the
standard's rules for PDF/X-3/4 features.

Prints one line per file; exits 1 if any check fails.
"""
import base64
import json
import re
import subprocess
import sys

ALLOWED_FILTERS = {'/FlateDecode', '/RunLengthDecode', '/ASCIIHexDecode',
                   '/ASCII85Decode', '/CCITTFaxDecode', '/DCTDecode'}
DEVICE_OK = {'/DeviceCMYK', '/DeviceGray'}


class Fail(Exception):
    pass


def qpdf_json(path):
    out = subprocess.run(['qpdf', '--json=2', '--json-stream-data=inline',
                          '--decode-level=generalized', path],
                         check=True, capture_output=True).stdout
    return json.loads(out)


class Doc:
    def __init__(self, path):
        self.path = path
        j = qpdf_json(path)
        self.j = j
        self.qversion = j['qpdf'][0]['pdfversion']
        self.objs = j['qpdf'][1]
        self.trailer = self.objs['trailer']['value']

    def get(self, v):
        """Resolves an indirect reference; returns the value or the stream
        record ({'dict':..., 'data':...})."""
        if isinstance(v, str) and v.endswith(' R'):
            o = self.objs.get('obj:' + v)
            if o is None:
                return None
            return o['value'] if 'value' in o else o['stream']
        return v

    def dict_of(self, v):
        v = self.get(v)
        if isinstance(v, dict) and 'dict' in v and 'data' in v:
            return v['dict']
        return v

    def data(self, v):
        s = self.get(v)
        return base64.b64decode(s.get('data') or '')


def text(v):
    """qpdf JSON strings are 'u:...' (text) or 'b:...' (hex)."""
    if isinstance(v, str) and v.startswith('u:'):
        return v[2:]
    if isinstance(v, str) and v.startswith('b:'):
        return bytes.fromhex(v[2:]).decode('latin-1')
    return None


def box(v):
    if not (isinstance(v, list) and len(v) == 4 and all(isinstance(x, (int, float)) for x in v)):
        raise Fail(f'bad box {v}')
    x0, y0, x1, y1 = v
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def inside(a, b, eps=0.01):
    return a[0] >= b[0] - eps and a[1] >= b[1] - eps and a[2] <= b[2] + eps and a[3] <= b[3] + eps


# --- content streams -------------------------------------------------------

TOKEN = re.compile(rb'''
    (?P<ws>[\x00\t\n\x0c\r ]+|%[^\r\n]*)
  | (?P<str>\()
  | (?P<hex><[0-9A-Fa-f\s]*>)
  | (?P<dict><<|>>)
  | (?P<arr>[\[\]])
  | (?P<name>/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*)
  | (?P<num>[+-]?(?:\d+\.?\d*|\.\d+))
  | (?P<op>[^\x00\t\n\x0c\r ()<>\[\]{}/%]+)
''', re.X)


def tokens(data):
    i, n = 0, len(data)
    while i < n:
        m = TOKEN.match(data, i)
        if not m:
            raise Fail(f'content stream: cannot read at byte {i}')
        kind = m.lastgroup
        if kind == 'str':
            depth, k = 1, m.end()
            while k < n and depth:
                c = data[k:k + 1]
                if c == b'\\':
                    k += 1
                elif c == b'(':
                    depth += 1
                elif c == b')':
                    depth -= 1
                k += 1
            yield 'str', data[i:k]
            i = k
            continue
        i = m.end()
        if kind == 'ws':
            continue
        val = m.group(kind)
        if kind == 'op' and val == b'ID':
            # inline image data runs to EI
            end = data.find(b'EI', i)
            yield 'op', b'ID'
            i = n if end < 0 else end + 2
            yield 'op', b'EI'
            continue
        yield kind, val


class Checker:
    def __init__(self, doc, errors):
        self.doc = doc
        self.err = errors

    def fail(self, msg):
        self.err.append(msg)

    # colour spaces ---------------------------------------------------------
    def check_cs(self, cs, where):
        d = self.doc
        cs = d.get(cs)
        if isinstance(cs, str):
            if cs in DEVICE_OK or cs == '/Pattern':
                return
            self.fail(f'{where}: colour space {cs}')
            return
        if not isinstance(cs, list) or not cs:
            self.fail(f'{where}: unreadable colour space {cs}')
            return
        fam = cs[0]
        if fam in ('/Separation', '/DeviceN'):
            alt = d.get(cs[2]) if len(cs) > 2 else None
            if alt not in DEVICE_OK:
                self.fail(f'{where}: {fam} {cs[1]} with alternate {alt}')
        elif fam == '/Indexed':
            self.check_cs(cs[1], where + ' (Indexed base)')
        elif fam == '/Pattern':
            if len(cs) > 1:
                self.check_cs(cs[1], where + ' (Pattern base)')
        else:
            self.fail(f'{where}: colour space family {fam}')

    def spot_of(self, cs):
        """The spot name if cs is a Separation other than /All (or None)."""
        cs = self.doc.get(cs)
        if isinstance(cs, list) and cs and cs[0] == '/Separation' and cs[1] != '/All':
            return cs[1]
        return None

    # resources ---------------------------------------------------------------
    def check_resources(self, res, where):
        d = self.doc
        res = d.dict_of(res) or {}
        for name, cs in (d.dict_of(res.get('/ColorSpace')) or {}).items():
            self.check_cs(cs, f'{where} /ColorSpace {name}')
        for name, gs in (d.dict_of(res.get('/ExtGState')) or {}).items():
            g = d.dict_of(gs) or {}
            sm = g.get('/SMask')
            if sm is not None and sm != '/None':
                self.fail(f'{where} ExtGState {name}: soft mask')
            for k in ('/CA', '/ca'):
                if k in g and g[k] != 1:
                    self.fail(f'{where} ExtGState {name}: {k} {g[k]} (transparency)')
            bm = g.get('/BM')
            if bm is not None and bm not in ('/Normal', '/Compatible', ['/Normal']):
                self.fail(f'{where} ExtGState {name}: blend mode {bm}')
            for k in ('/TR', '/TR2'):
                if k in g and g[k] != '/Default':
                    self.fail(f'{where} ExtGState {name}: transfer function {k}')
        for name, f in (d.dict_of(res.get('/Font')) or {}).items():
            self.check_font(d.dict_of(f) or {}, f'{where} font {name}')
        for name, x in (d.dict_of(res.get('/XObject')) or {}).items():
            xd = d.dict_of(x) or {}
            sub = xd.get('/Subtype')
            if sub == '/PS' or '/OPI' in xd:
                self.fail(f'{where} XObject {name}: PostScript or OPI')
            if '/SMask' in xd or '/SMaskInData' in xd:
                self.fail(f'{where} XObject {name}: soft mask')
            g = d.dict_of(xd.get('/Group')) or {}
            if g.get('/S') == '/Transparency':
                self.fail(f'{where} XObject {name}: transparency group')
            if sub == '/Image' and '/ColorSpace' in xd:
                self.check_cs(xd['/ColorSpace'], f'{where} image {name}')
            if sub == '/Form':
                self.check_resources(xd.get('/Resources'), f'{where} form {name}')
                self.check_content(d.data(x), xd.get('/Resources'), f'{where} form {name}')

    def check_font(self, f, where):
        d = self.doc
        if f.get('/Subtype') == '/Type3':
            return
        if f.get('/Subtype') == '/Type0':
            for k in f.get('/DescendantFonts') or []:
                self.check_font(d.dict_of(k) or {}, where)
            return
        fd = d.dict_of(f.get('/FontDescriptor')) or {}
        if not any(k in fd for k in ('/FontFile', '/FontFile2', '/FontFile3')):
            self.fail(f'{where}: {f.get("/BaseFont")} not embedded')

    # content -----------------------------------------------------------------
    def check_content(self, data, res, where):
        d = self.doc
        res = d.dict_of(res) or {}
        spaces = d.dict_of(res.get('/ColorSpace')) or {}
        states = d.dict_of(res.get('/ExtGState')) or {}
        gs = {'OP': False, 'op': None, 'fill': None, 'stroke': None}
        stack = []
        operands = []
        painted = {}
        for kind, val in tokens(data):
            if kind != 'op':
                operands.append(val)
                continue
            op = val.decode('latin-1')
            if op in ('rg', 'RG'):
                self.fail(f'{where}: RGB colour operator {op}')
            elif op == 'q':
                stack.append(dict(gs))
            elif op == 'Q':
                if stack:
                    gs = stack.pop()
            elif op in ('cs', 'CS') and operands:
                name = operands[-1].decode('latin-1')
                cs = spaces.get(name, name)
                if isinstance(cs, str) and not cs.endswith(' R') and cs not in DEVICE_OK \
                        and cs != '/Pattern':
                    self.fail(f'{where}: {op} {name}: colour space not in resources or not CMYK')
                gs['fill' if op == 'cs' else 'stroke'] = self.spot_of(cs)
            elif op in ('k', 'g'):
                gs['fill'] = None
            elif op in ('K', 'G'):
                gs['stroke'] = None
            elif op == 'gs' and operands:
                g = d.dict_of(states.get(operands[-1].decode('latin-1'))) or {}
                if '/OP' in g:
                    gs['OP'] = g['/OP']
                    if '/op' not in g:
                        gs['op'] = None
                if '/op' in g:
                    gs['op'] = g['/op']
            elif op in ('f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'S', 's'):
                fill = op not in ('S', 's')
                stroke = op not in ('f', 'F', 'f*')
                # op defaults to OP when it is not set (PDF 1.3 rule)
                op_fill = gs['op'] if gs['op'] is not None else gs['OP']
                for on, spot, kind_ in ((fill, gs['fill'], 'fill'), (stroke, gs['stroke'], 'stroke')):
                    if on and spot:
                        ok = op_fill if kind_ == 'fill' else gs['OP']
                        painted.setdefault(spot, [0, 0])
                        painted[spot][0] += 1
                        if not ok:
                            painted[spot][1] += 1
            elif op == 'BI':
                pass
            elif op == 'Do' and operands:
                pass
            operands = []
        for spot, (n, bad) in sorted(painted.items()):
            if bad:
                self.fail(f'{where}: {bad} of {n} paints in spot {spot} knock out (no overprint)')
        return painted


def check_file(path, args, errors):
    d = Doc(path)
    c = Checker(d, errors)
    with open(path, 'rb') as f:
        head = f.read(16)
    m = re.match(rb'%PDF-(\d\.\d)', head)
    version = m.group(1).decode() if m else None
    if version not in ('1.3', '1.4'):
        errors.append(f'header version {version}: PDF/X-1a:2003 allows 1.3 or 1.4')
    if version != d.qversion:
        errors.append(f'header {version} but qpdf reads {d.qversion}')

    t = d.trailer
    if '/Encrypt' in t:
        errors.append('encrypted')
    ids = t.get('/ID')
    if not (isinstance(ids, list) and len(ids) == 2 and all(text(x) for x in ids)):
        errors.append(f'trailer /ID missing or malformed: {ids}')

    for k, o in d.objs.items():
        if not k.startswith('obj:'):
            continue
        dd = o['stream']['dict'] if 'stream' in o else o.get('value')
        if not isinstance(dd, dict):
            continue
        if dd.get('/Type') in ('/ObjStm', '/XRef'):
            errors.append(f'{k}: {dd["/Type"]} (PDF 1.5)')
        if 'stream' in o:
            fl = dd.get('/Filter')
            fl = fl if isinstance(fl, list) else [fl] if fl else []
            for x in fl:
                if x not in ALLOWED_FILTERS:
                    errors.append(f'{k}: filter {x}')
        for key in ('/JS', '/JavaScript', '/AA'):
            if key in dd:
                errors.append(f'{k}: {key}')
        if dd.get('/S') in ('/JavaScript', '/Launch', '/URI', '/GoToR'):
            errors.append(f'{k}: action {dd["/S"]}')

    info = d.dict_of(t.get('/Info')) or {}
    if text(info.get('/GTS_PDFXVersion')) != 'PDF/X-1a:2003':
        errors.append(f'Info /GTS_PDFXVersion {info.get("/GTS_PDFXVersion")}')
    if info.get('/Trapped') not in ('/True', '/False'):
        errors.append(f'Info /Trapped {info.get("/Trapped")} (must be /True or /False)')
    if not text(info.get('/Title')):
        errors.append('Info /Title missing')
    for k in ('/CreationDate', '/ModDate'):
        if not re.match(r"D:\d{14}(Z|[+-]\d\d'\d\d'?)?", text(info.get(k)) or ''):
            errors.append(f'Info {k} {info.get(k)}')

    cat = d.dict_of(t.get('/Root')) or {}
    for key in ('/OpenAction', '/AA', '/AcroForm'):
        if key in cat:
            errors.append(f'catalog {key}')
    names = d.dict_of(cat.get('/Names')) or {}
    if '/JavaScript' in names:
        errors.append('catalog /Names /JavaScript')
    intents = [d.dict_of(x) or {} for x in (d.get(cat.get('/OutputIntents')) or [])]
    pdfx = [x for x in intents if x.get('/S') == '/GTS_PDFX']
    if len(pdfx) != 1:
        errors.append(f'{len(pdfx)} /GTS_PDFX output intents (need exactly 1)')
    for oi in pdfx:
        cond = text(oi.get('/OutputConditionIdentifier'))
        if not cond:
            errors.append('output intent: no /OutputConditionIdentifier')
        elif args['condition'] and cond != args['condition']:
            errors.append(f'output intent: condition {cond}, expected {args["condition"]}')
        prof = oi.get('/DestOutputProfile')
        if prof is None:
            if args['profile']:
                errors.append('output intent: no /DestOutputProfile embedded')
            if not text(oi.get('/RegistryName')):
                errors.append('output intent: no profile and no /RegistryName')
        else:
            pd = d.dict_of(prof) or {}
            icc = d.data(prof)
            if pd.get('/N') != 4:
                errors.append(f'DestOutputProfile /N {pd.get("/N")}')
            if len(icc) < 128 or icc[36:40] != b'acsp' or icc[16:20] != b'CMYK' \
                    or icc[12:16] != b'prtr' or int.from_bytes(icc[:4], 'big') != len(icc):
                errors.append('DestOutputProfile is not a CMYK output ICC profile')

    painted = {}
    for i, pg in enumerate(d.j['pages']):
        ref = pg['object']
        p = d.dict_of(ref)
        where = f'page {i + 1}'
        try:
            mb = box(p.get('/MediaBox') or inherited(d, p, '/MediaBox'))
            if '/TrimBox' not in p:
                errors.append(f'{where}: no /TrimBox')
            elif '/ArtBox' in p:
                errors.append(f'{where}: both /TrimBox and /ArtBox')
            else:
                tb = box(p['/TrimBox'])
                bb = box(p['/BleedBox']) if '/BleedBox' in p else tb
                if not inside(tb, bb) or not inside(bb, mb):
                    errors.append(f'{where}: boxes not nested: trim {tb} bleed {bb} media {mb}')
        except Fail as ex:
            errors.append(f'{where}: {ex}')
        if '/Annots' in p:
            errors.append(f'{where}: annotations')
        if '/AA' in p:
            errors.append(f'{where}: /AA')
        g = d.dict_of(p.get('/Group')) or {}
        if g.get('/S') == '/Transparency':
            errors.append(f'{where}: transparency group')
        res = p.get('/Resources') or inherited(d, p, '/Resources')
        c.check_resources(res, where)
        contents = d.get(p.get('/Contents'))
        streams = contents if isinstance(contents, list) else [p.get('/Contents')]
        data = b'\n'.join(d.data(s) for s in streams if s)
        try:
            for k, v in c.check_content(data, res, where).items():
                painted[k] = painted.get(k, 0) + v[0]
        except Fail as ex:
            errors.append(f'{where}: {ex}')
    return version, len(d.j['pages']), painted


def inherited(d, p, key):
    while p is not None:
        if key in p:
            return p[key]
        p = d.dict_of(p.get('/Parent'))
    return None


def main():
    args = {'condition': None, 'profile': False}
    files = []
    it = iter(sys.argv[1:])
    for a in it:
        if a == '--condition':
            args['condition'] = next(it)
        elif a == '--profile':
            args['profile'] = True
        else:
            files.append(a)
    if not files:
        sys.exit(__doc__)
    versions = set()
    bad = 0
    for path in files:
        errors = []
        try:
            version, pages, painted = check_file(path, args, errors)
            versions.add(version)
        except (subprocess.CalledProcessError, KeyError, ValueError, Fail) as ex:
            errors.append(f'cannot check: {ex!r}')
            pages, painted = 0, {}
        spots = ', '.join(f'{k[1:]} {v}' for k, v in sorted(painted.items())) or 'none'
        if errors:
            bad += 1
            for e in errors[:20]:
                print(f'{path}: FAIL {e}')
        else:
            print(f'{path}: ok ({pages} pages; spot paints, all overprinting: {spots})')
    if len(versions) > 1:
        print(f'FAIL: files differ in PDF version: {sorted(versions)}')
        bad += 1
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
