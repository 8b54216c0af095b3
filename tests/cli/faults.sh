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

# running PID: PID has not ended (an ended child the shell has not
# waited for yet is a zombie, which kill -0 still finds).
running() {
	case $(ps -o stat= -p "$1" 2>/dev/null) in "" | Z*) return 1 ;; esac
}

# started_as PID: waits until PID runs tilepress itself (the wrappers
# below exec it; a signal that comes earlier meets the shell or python
# that ignores SIGINT, not the build).  1 if PID ended first.
started_as() {
	while [ "$(cat "/proc/$1/comm" 2>/dev/null)" != "$COMM" ]; do
		running "$1" || return 1
		sleep 0.01
	done
}
COMM=$(basename "$BIN" | cut -c 1-15)

# A background job of a script starts with SIGINT ignored; a terminal
# user's build does not, so put the default back.  (it execs: run it in a
# subshell, so that $! is the build's pid)
build_as_user() {
	exec python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
		"$BIN" "$@" >/dev/null 2>&1
}

# Starts a long build, waits until it is writing a PNG, then sends a
# signal.  No timing: a build that still finished first (the PNG was its
# last file and the signal came after it) is tried again, up to 3 times.
for sig in INT TERM; do
	for jobs in 1 2; do
		d=$T/sig-$sig-$jobs
		try=0 rc=0 seen=
		while [ $try -lt 3 ] && [ $rc -eq 0 ]; do
			try=$((try + 1))
			rm -rf "$d" && mkdir -p "$d"
			(build_as_user build -q -j "$jobs" -o "$d" --only fronts,board --formats png,pdf \
				-s print.dpi=1200) &
			pid=$!
			seen= i=0
			# (at most 300 s: a build that hangs fails, not the whole run)
			while [ $i -lt 15000 ] && running "$pid"; do
				[ -n "$(find "$d" -maxdepth 2 -name '.*.png.*' 2>/dev/null)" ] && { seen=1; break; }
				sleep 0.02
				i=$((i + 1))
			done
			kill -"$sig" "$pid" 2>/dev/null
			wait "$pid" 2>/dev/null
			rc=$?
		done
		# (no sleep: the parent waits for its workers before it dies)
		if [ -z "$seen" ]; then
			bad "SIG$sig -j $jobs: the build never started writing a PNG"
		elif [ $rc -eq 0 ]; then
			bad "SIG$sig -j $jobs: build was not interrupted (finished first, 3 times)"
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
# time on this machine, counted from when tilepress runs.  A build that
# finished before its signal (the machine got faster than the reference
# run: load comes and goes) is run again with half the delay, down to
# none, so that every one of the 24 is interrupted: the count no longer
# depends on the machine's speed or load.
rand_build() {
	build_as_user build -q -j 2 -o "$1" --only fronts,backs,board --formats png,pdf,svg \
		-s print.dpi=600
}
t0=$(date +%s%N)
(rand_build "$T/rand-ref")
span=$(( ($(date +%s%N) - t0) / 1000000 ))   # ms
left=0 interrupted=0 again=0
for n in $(seq 1 24); do
	d=$T/rand-$n
	case $((n % 2)) in 0) sig=TERM ;; *) sig=INT ;; esac
	# before, during and between files
	ms=$(( span * 8 * ((n * 7) % 24) / 240 ))
	try=0 rc=0
	while [ $try -lt 12 ] && [ $rc -eq 0 ]; do
		[ $try -eq 0 ] || { again=$((again + 1)); ms=$((ms / 2)); }
		try=$((try + 1))
		rm -rf "$d" && mkdir -p "$d"
		(rand_build "$d") &
		pid=$!
		started_as "$pid" || { wait "$pid" 2>/dev/null; rc=0; continue; }
		sleep "$((ms / 1000)).$(printf %03d $((ms % 1000)))"
		kill -"$sig" "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		rc=$?
		[ -z "$(find "$d" -name '.*' ! -name '.' 2>/dev/null)" ] || left=$((left + 1))
	done
	[ $rc -ne 0 ] && interrupted=$((interrupted + 1))
done
if [ $left -eq 0 ] && [ $interrupted -eq 24 ]; then
	ok "24 random kills of a 2-worker build (all interrupted, $again run again sooner): no temporary file outlives the parent"
else
	bad "random kills: temporary files left after $left runs, $interrupted of 24 interrupted ($again run again sooner)"
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
