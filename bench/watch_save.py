#!/usr/bin/env python3
"""A template save under `tilepress watch --serve`, timed (make bench, part watch).

    watch_save.py TILEPRESS WORKDIR REPS

TILEPRESS is a binary with config/ and templates/ beside it (bench/run.sh's
snapshot).  In WORKDIR it makes a copy of the default series config whose
indicia template is a copy of spiral-cw (design/game.ini, design/mine.ini),
starts `watch --serve 0` on it at the watch's 72 dpi with TP_TRACE set, and
listens to the page's server-sent events.  Each repetition saves the template
with the other spiral's order (turn about), waits for the rebuild, and then
times a full `build -s print.dpi=72` of the same config into a fresh folder.

The clock is CLOCK_MONOTONIC throughout (Python's time.monotonic, the
trace's clock).  The save is the moment before the template is written;
from there:
  commit  the end of the trace's "watch save-to-commit SHEET" span (the
          first changed sheet's files and record in place),
  event   the first "reload" event read from /__events after the save,
  done    the end of "watch save-to-done" (every changed sheet, the
          manifest, the contact sheet and the page in place),
  full    the wall time of the full build that follows;
and cpu, the CPU seconds of the first commit: the watch's own over the
trace's span and its workers' ("worker" spans inside it), the figure a
loaded machine does not inflate.
Prints one line per repetition and a last line of medians:
  median SHEET COMMIT EVENT DONE FULL CPU
"""

import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time


def design(tp, work):
    root = os.path.dirname(os.path.abspath(tp))
    d = os.path.join(work, "design")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    shutil.copy(os.path.join(root, "templates/indicia/spiral-cw.ini"), os.path.join(d, "mine.ini"))
    src = open(os.path.join(root, "config/series.ini")).read()
    cfg, n = re.subn(r"(?m)^indicia *=.*$", "indicia = mine.ini", src)
    if n != 1:
        sys.exit("watch_save: config/series.ini has no indicia line")
    open(os.path.join(d, "game.ini"), "w").write(cfg)
    orders = []
    for t in ("spiral-cw.ini", "spiral-ccw-inner.ini"):
        m = re.search(r"(?m)^order = .*$", open(os.path.join(root, "templates/indicia", t)).read())
        orders.append(m.group(0))
    return d, orders


class Events(threading.Thread):
    """The times of the "reload" events of the page's event stream."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.times = []
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(b"GET /__events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")

    def run(self):
        buf = b""
        while True:
            try:
                chunk = self.sock.recv(4096)
            except OSError:
                return
            if not chunk:
                return
            now = time.monotonic()
            buf += chunk
            while b"event: reload" in buf:
                self.times.append(now)
                buf = buf[buf.index(b"event: reload") + 13:]


def spans(trace, name):
    """(name, start, end, cpu) of the trace's spans whose name starts so."""
    out = []
    for line in open(trace):
        f = line.rstrip("\n").split("\t")
        if len(f) >= 5 and f[1].startswith(name):
            out.append((f[1], float(f[2]), float(f[3]), float(f[4])))
    return out


def main():
    tp, work, reps = sys.argv[1], sys.argv[2], int(sys.argv[3])
    d, orders = design(tp, work)
    trace = os.path.join(work, "watch.trace")
    if os.path.exists(trace):
        os.remove(trace)
    env = dict(os.environ, TP_TRACE=trace)
    env.pop("TILEPRESS_DATA", None)
    w = subprocess.Popen([tp, "-c", "game.ini", "watch", "--serve", "0", "-o", "out"], cwd=d, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = None
    for line in w.stdout:
        m = re.search(r"serving .* at http://127\.0\.0\.1:(\d+)/", line)
        if m:
            port = int(m.group(1))
            break
    if port is None:
        sys.exit("watch_save: the watch did not start serving")
    ev = Events(port)
    ev.start()
    time.sleep(0.5)
    rows = []
    tpl = os.path.join(d, "mine.ini")
    try:
        for r in range(reps):
            text = re.sub(r"(?m)^order = .*$", orders[(r + 1) % 2], open(tpl).read())
            t0 = time.monotonic()
            with open(tpl, "w") as f:
                f.write(text)
            for line in w.stdout:
                if "rebuilt" in line:
                    break
            first = [s for s in spans(trace, "watch save-to-commit ") if s[1] >= t0 - 0.01]
            done = [s for s in spans(trace, "watch save-to-done") if s[1] >= t0 - 0.01]
            events = [t for t in ev.times if t >= t0]
            if not first or not done:
                sys.exit("watch_save: no watch spans in the trace")
            sheet = first[0][0].split()[-1]
            cpu = first[0][3] + sum(x[3] for x in spans(trace, "worker")
                                    if x[1] >= first[0][1] and x[2] <= first[0][2])
            full_dir = os.path.join(work, "full")
            shutil.rmtree(full_dir, ignore_errors=True)
            f0 = time.monotonic()
            subprocess.run([tp, "-c", "game.ini", "build", "-q", "-o", full_dir, "-s", "print.dpi=72"], cwd=d,
                           check=True, env=dict(os.environ))
            full = time.monotonic() - f0
            row = (sheet, first[0][2] - t0, (events[0] - t0) if events else float("nan"), done[0][2] - t0, full,
                   cpu)
            rows.append(row)
            print("rep %d: %s commit %.3f event %.3f done %.3f full %.3f cpu %.3f" % ((r + 1,) + row),
                  flush=True)
            time.sleep(0.5)
    finally:
        w.terminate()
        w.wait()
    med = [statistics.median(x[i] for x in rows) for i in range(1, 6)]
    print("median %s %.3f %.3f %.3f %.3f %.3f" % ((rows[0][0],) + tuple(med)))


if __name__ == "__main__":
    main()
