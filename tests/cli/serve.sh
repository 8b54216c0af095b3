#!/bin/sh
# watch --serve: the watch's folder over HTTP on 127.0.0.1 only, the
# served page carrying the reload script (the file on disk none), nothing
# outside the folder or hidden served, and a server-sent "reload" event
# after a save's rebuild commits.  Loopback only; every wait bounded.
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/serve.sh      (make cli)

set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}
# A rebuild at 72 dpi takes seconds; on a loaded machine far more.
LIMIT=${TP_WATCH_LIMIT:-600}

HARNESS=tp-serve
. tests/cli/harness.sh

WPID=
stop_watch() {
	[ -n "$WPID" ] && kill "$WPID" 2>/dev/null && wait "$WPID" 2>/dev/null
	WPID=
}
trap 'stop_watch; chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT

wait_for() {
	i=0
	while [ "$(grep -c -- "$2" "$1" 2>/dev/null || :)" -lt "$3" ] 2>/dev/null || [ ! -s "$1" ]; do
		kill -0 "$WPID" 2>/dev/null || return 1
		[ $i -lt $((LIMIT * 5)) ] || return 1
		sleep 0.2
		i=$((i + 1))
	done
}

c_serve() {
	TILEPRESS_DATA=$ROOT
	export TILEPRESS_DATA
	w=$T/design
	mkdir -p "$w"
	cp templates/indicia/spiral-cw.ini "$w/mine.ini"
	sed 's|^indicia *=.*|indicia = mine.ini|' config/series.ini >"$w/game.ini"
	(cd "$w" && exec "$TP_BIN" -c game.ini watch -o out --serve 0 >watch.out 2>watch.err) &
	WPID=$!
	wait_for "$w/watch.out" 'watch: serving' 1 || { fail "not serving: $(cat "$w/watch.err")"; return; }
	port=$(sed -n 's|.*serving .* at http://127.0.0.1:\([0-9]*\)/$|\1|p' "$w/watch.out")
	[ -n "$port" ] || { fail "no port in: $(cat "$w/watch.out")"; return; }
	# Listening on 127.0.0.1 only (/proc/net/tcp: 0100007F, state 0A).
	hex=$(printf '%04X' "$port")
	grep -q " 0100007F:$hex 00000000:0000 0A " /proc/net/tcp ||
		{ fail "port $port is not listening on 127.0.0.1 alone"; return; }
	grep " 00000000:$hex " /proc/net/tcp | grep -q " 0A " && { fail "port $port listens on every address"; return; }
	grep -q '<script' "$w/out/watch/index.html" && { fail "the page on disk has a script"; return; }
	# The page with its script, the files, nothing else; then a save and
	# its reload event, within LIMIT seconds.
	python3 - "$port" "$w/mine.ini" "$LIMIT" templates/indicia/spiral-ccw-inner.ini >"$T/py.out" 2>&1 <<'PY' || { fail "$(tail -n 3 "$T/py.out")"; return; }
import socket, sys, time, urllib.error, urllib.request
port, template, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
base = "http://127.0.0.1:%s" % port
page = urllib.request.urlopen(base + "/", timeout=limit).read().decode()
assert "EventSource" in page and page.index("EventSource") < page.index("</body>"), "no reload script"
r = urllib.request.urlopen(base + "/manifest/build.json", timeout=limit)
assert r.status == 200 and r.headers["Content-Type"] == "application/json", r.headers
for bad in ("/../game.ini", "/%2e%2e/game.ini", "/.%2e/game.ini", "/manifest/../../game.ini", "/nope.png"):
    try:
        urllib.request.urlopen(base + bad, timeout=limit)
        raise AssertionError("served " + bad)
    except urllib.error.HTTPError as e:
        assert e.code == 404, (bad, e.code)
# The event stream, raw: a save, then "event: reload".
s = socket.create_connection(("127.0.0.1", int(port)), timeout=limit)
s.sendall(b"GET /__events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
got = b""
while b"tilepress watch" not in got:
    got += s.recv(4096)
assert b"text/event-stream" in got, got[:200]
order = [l for l in open(sys.argv[4]).read().splitlines() if l.startswith("order =")][0]
lines = [order if l.startswith("order =") else l for l in open(template).read().splitlines()]
t0 = time.time()
open(template, "w").write("\n".join(lines) + "\n")
while b"event: reload" not in got:
    if time.time() - t0 > limit:
        raise AssertionError("no reload event in %g s" % limit)
    got += s.recv(4096)
print("reload event %.2f s after the save" % (time.time() - t0))
PY
	echo "#   $(cat "$T/py.out")"
	# The first commit of the rebuild (its first changed sheet, alone)
	# sends the event; its line follows.
	wait_for "$w/watch.out" ' in place$' 1 || fail "the event came without a commit: $(cat "$w/watch.out")"
	stop_watch
}
tcase "watch --serve: 127.0.0.1 only, the folder alone, a reload event after a rebuild" c_serve

c_serve_usage() {
	run -c series build --serve
	[ "$rc" -eq 2 ] || { fail "build --serve: exit $rc, want 2"; return; }
	run -c series watch --serve=70000
	[ "$rc" -eq 2 ] || fail "--serve=70000: exit $rc, want 2"
}
tcase "--serve applies to watch, with a port 0..65535" c_serve_usage

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
