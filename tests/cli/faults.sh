#!/bin/sh
# Faults a factory run meets: interrupted builds and two builds into one
# folder at once (the output folder's own guarantees: tests/cli/outdir.sh).  (Write failures are in tests/cli.sh; allocation failures
# in tests/test_faults.c.)  Prints "N passed, M failed".
set -u
BIN=${TP_BIN:?set TP_BIN to the tilepress binary}
T=$(mktemp -d /tmp/tp-faults.XXXXXX)
trap 'rm -rf "$T"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "FAIL - $1"; }

# Every file left in $1 is complete: PDFs pass qpdf, PNGs pngcheck, SVGs
# end with </svg>; and no temporary (dot) file is left.
all_complete() {
	[ -z "$(find "$1" -name '.*' ! -name '.' 2>/dev/null)" ] || return 1
	for f in $(find "$1" -type f); do
		case $f in
		*.pdf) qpdf --check "$f" >/dev/null 2>&1 || return 1 ;;
		*.png) pngcheck -q "$f" >/dev/null 2>&1 || return 1 ;;
		*.svg) tail -c 8 "$f" | grep -q '</svg>' || return 1 ;;
		esac
	done
	return 0
}

# Starts a long build, waits until it is writing, then sends a signal.
for sig in INT TERM; do
	for jobs in 1 2; do
		d=$T/sig-$sig-$jobs
		mkdir -p "$d"
		# A background job of a script starts with SIGINT ignored; a
		# terminal user's build does not, so put the default back.
		python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
			"$BIN" build -q -j "$jobs" -o "$d" --only fronts,board --formats png,pdf \
			-s print.dpi=1200 >/dev/null 2>&1 &
		pid=$!
		i=0
		while [ $i -lt 200 ] && [ -z "$(find "$d" -maxdepth 2 -name '.*.png.*' 2>/dev/null)" ]; do
			sleep 0.05
			i=$((i + 1))
		done
		kill -"$sig" "$pid" 2>/dev/null
		wait "$pid"
		rc=$?
		sleep 0.2   # workers finish their own clean-up
		if [ $i -ge 200 ]; then
			bad "SIG$sig -j $jobs: the build never started writing"
		elif [ $rc -eq 0 ]; then
			bad "SIG$sig -j $jobs: build was not interrupted (finished first)"
		elif all_complete "$d"; then
			ok "SIG$sig during a build (-j $jobs): temporary files removed, what is left is whole"
		else
			bad "SIG$sig -j $jobs: partial or temporary files left: $(ls -A "$d" | tr '\n' ' ')"
		fi
	done
done

# A two-worker build killed at random moments, 24 times: right after the
# parent exits (no sleep) no temporary file is left, since the parent
# passes the signal on and waits for every worker before it dies.
# The moments are spread over the first 80 % of an uninterrupted build's
# time on this machine now (fixed sleeps of 0 to 0.9 s once let half the
# builds of a fast machine finish first).
# (it execs: run it in a subshell, so that $! is the build's pid)
rand_build() {
	exec python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
		"$BIN" build -q -j 2 -o "$1" --only fronts,backs,board --formats png,pdf,svg \
		-s print.dpi=600 >/dev/null 2>&1
}
t0=$(date +%s%N)
(rand_build "$T/rand-ref")
span=$(( ($(date +%s%N) - t0) / 1000000 ))   # ms
left=0 interrupted=0
for n in $(seq 1 24); do
	d=$T/rand-$n
	mkdir -p "$d"
	case $((n % 2)) in 0) sig=TERM ;; *) sig=INT ;; esac
	(rand_build "$d") &
	pid=$!
	# before, during and between files
	ms=$(( span * 8 * ((n * 7) % 24) / 240 ))
	sleep "$((ms / 1000)).$(printf %03d $((ms % 1000)))"
	kill -"$sig" "$pid" 2>/dev/null
	wait "$pid"
	[ $? -ne 0 ] && interrupted=$((interrupted + 1))
	[ -z "$(find "$d" -name '.*' ! -name '.' 2>/dev/null)" ] || left=$((left + 1))
done
if [ $left -eq 0 ] && [ $interrupted -ge 12 ]; then
	ok "24 random kills of a 2-worker build ($interrupted interrupted): no temporary file outlives the parent"
else
	bad "random kills: temporary files left after $left of 24 ($interrupted interrupted)"
fi

# Two builds into the same folder at once with --wait: the second waits
# for the first, both exit 0, and the files equal a build's on its own.
# (Without --wait one refuses: tests/cli/outdir.sh.)
ref=$T/ref
"$BIN" build -q -o "$ref" --formats pdf,svg,png -s print.dpi=150 >/dev/null 2>&1
both=$T/both
"$BIN" build -q --wait -o "$both" --formats pdf,svg,png -s print.dpi=150 >/dev/null 2>&1 &
p1=$!
"$BIN" build -q --wait -o "$both" --formats pdf,svg,png -s print.dpi=150 >/dev/null 2>&1 &
p2=$!
wait $p1; r1=$?
wait $p2; r2=$?
if [ $r1 -eq 0 ] && [ $r2 -eq 0 ] && diff -r "$ref" "$both" >/dev/null && all_complete "$both"; then
	ok "two concurrent builds into one folder (--wait): both exit 0, files equal a single build's"
else
	bad "concurrent builds: rc $r1 $r2, diff: $(diff -rq "$ref" "$both" | head -3)"
fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
