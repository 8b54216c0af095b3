#!/usr/bin/env python3
"""Reads the project's Markdown documents for tests/cli/newuser.sh.

  docs_check.py links FILE...        every relative link resolves: the file
                                     exists, and a #anchor names a heading of
                                     it (GitHub's rule for heading anchors)
  docs_check.py index                docs/README.md links every file in docs/, each once
  docs_check.py sentences FILE MEDIAN MAX
                                     the prose's sentences (not code, tables or
                                     headings): median words below MEDIAN, none
                                     over MAX
  docs_check.py commands FILE        the lines of FILE's code blocks that run
                                     ./tilepress, one a line
  docs_check.py files FILE EDITION   the file names FILE's "What goes to the
                                     press" tables give EDITION: those under
                                     "Every edition" and under each heading
                                     naming `EDITION`; one a line

Prints what is wrong and exits 1; exits 0 when all is well.
"""
import os
import re
import statistics
import sys

LINK = re.compile(r'\]\(([^)\s]+)\)')


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped
    (not - or _), each space a hyphen."""
    h = re.sub(r'[`*]', '', heading.strip().lower())
    h = re.sub(r'[^\w\- ]', '', h)
    return h.replace(' ', '-')


def headings(path):
    out, seen, fence = set(), {}, False
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.startswith('```'):
                fence = not fence
            if fence:
                continue
            m = re.match(r'#{1,6} (.*)', line)
            if m:
                a = slug(m.group(1))
                n = seen.get(a, 0)
                seen[a] = n + 1
                out.add(a if n == 0 else '%s-%d' % (a, n))
    return out


def prose_lines(path):
    """Lines outside code blocks (fenced or indented), tables and headings."""
    fence = False
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if line.startswith('```'):
                fence = not fence
                continue
            if fence or line.startswith('    ') or line.startswith('\t'):
                continue
            if line.startswith('|') or line.startswith('#'):
                continue
            yield line


def links(files):
    bad = []
    for path in files:
        base = os.path.dirname(path)
        for ln in prose_lines_all(path):
            for target in LINK.findall(ln):
                if re.match(r'[a-z]+:', target):
                    continue
                fname, _, anchor = target.partition('#')
                dest = os.path.normpath(os.path.join(base, fname)) if fname else path
                if not os.path.exists(dest):
                    bad.append('%s: link to %s: no such file' % (path, target))
                    continue
                if anchor and dest.endswith('.md') and anchor not in headings(dest):
                    bad.append('%s: link to %s: no such heading in %s' % (path, target, dest))
    return bad


def prose_lines_all(path):
    """Every line outside code blocks (tables included: they hold links)."""
    fence = False
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.startswith('```'):
                fence = not fence
                continue
            if not fence and not line.startswith('    '):
                yield line


def index():
    listed = set()
    bad = []
    for ln in prose_lines_all('docs/README.md'):
        # a row of the table is one guide: a guide in two rows is listed twice
        rows = LINK.findall(ln)[:1] if ln.startswith('|') else []
        for target in rows:
            p = os.path.normpath(os.path.join('docs', target.partition('#')[0]))
            if p in listed:
                bad.append('docs/README.md lists %s twice' % p)
            listed.add(p)
        for target in LINK.findall(ln):
            listed.add(os.path.normpath(os.path.join('docs', target.partition('#')[0])))
    for name in sorted(os.listdir('docs')):
        p = os.path.join('docs', name)
        if name == 'README.md' or not os.path.isfile(p):
            continue
        if p not in listed:
            bad.append('docs/README.md does not list %s' % p)
    return bad


def sentences(path, median_max, longest_max):
    text = ' '.join(l.strip() for l in prose_lines(path) if l.strip())
    text = re.sub(r'!\[[^\]]*\]\([^)]*\)', ' ', text)      # images
    text = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', text)    # links: their words
    text = re.sub(r'^\s*[*-] ', ' ', text)
    parts = re.split(r'(?<=[.!?:;])\s+(?=[A-Z`*(])', text)
    counts = [len(p.split()) for p in parts if p.split()]
    med = statistics.median(counts)
    longest = max(counts)
    bad = []
    print('%s: %d sentences, median %g words, longest %d' % (path, len(counts), med, longest))
    if med >= median_max:
        bad.append('%s: median sentence %g words, want below %d' % (path, med, median_max))
    for p in parts:
        if len(p.split()) > longest_max:
            bad.append('%s: a sentence of %d words (most %d): %s' % (path, len(p.split()), longest_max, p[:80]))
    return bad


def commands(path):
    fence = False
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.startswith('```'):
                fence = not fence
                continue
            if fence or line.startswith('    '):
                cmd = line.strip()
                if cmd.startswith('./tilepress'):
                    print(cmd)
    return []


def files(path, edition):
    sect, take, out = None, False, []
    with open(path, encoding='utf-8') as f:
        for line in f:
            m = re.match(r'(#+) (.*)', line)
            if m:
                level, title = len(m.group(1)), m.group(2)
                if level == 2:
                    sect = title
                    take = False
                elif level == 3 and sect == 'What goes to the press':
                    names = re.findall(r'`([^`]+)`', title)
                    take = title == 'Every edition' or edition in names
                continue
            if take and line.startswith('| `'):
                first = line.split('|')[1]
                for tok in re.findall(r'`([^`]+)`', first):
                    if re.fullmatch(r'[a-z0-9/-]+\.[a-z]+', tok):
                        out.append(tok)
    for t in out:
        print(t)
    return []


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd = argv[1]
    if cmd == 'links':
        bad = links(argv[2:])
    elif cmd == 'index':
        bad = index()
    elif cmd == 'sentences':
        bad = sentences(argv[2], int(argv[3]), int(argv[4]))
    elif cmd == 'commands':
        bad = commands(argv[2])
    elif cmd == 'files':
        bad = files(argv[2], argv[3])
    else:
        print(__doc__)
        return 2
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
