#!/bin/sh
# Runs one libFuzzer target (mk/fuzz.mk: make fuzz, make fuzz-smoke).
#
#   sh tests/fuzz/run.sh MODE TARGET COUNT
#
# MODE smoke: runs the seed corpus, then COUNT mutations from the seed
#   FUZZ_SEED (default 1) into a fresh scratch corpus, then replays every
#   file in tests/fuzz/regress/TARGET/: the same seed and number of runs
#   on every machine, however fast or loaded.  A target with a smoke set
#   (tests/fuzz/smoke/TARGET, see smoke_set.sh) runs that part of its
#   corpus, which reaches all the corpus's coverage, and any seed added
#   since the set was computed.
# MODE long:  fuzzes for COUNT seconds, keeping the grown corpus in
#   build/fuzz/corpus/TARGET across runs, and appends "TARGET EXECS SECONDS"
#   to build/fuzz/stats.txt.
# Crashing inputs land in build/fuzz/artifacts/TARGET/; copy them to
# tests/fuzz/regress/TARGET/ once the bug is fixed.  Exit 0 when no crash.
set -u
cd "$(dirname "$0")/../.." || exit 2
mode=$1 t=$2 count=$3
bin=build/fuzz/fuzz_$t
seeds=tests/fuzz/corpus/$t
regress=tests/fuzz/regress/$t
art=build/fuzz/artifacts/$t
log=build/fuzz/$mode-$t.log
[ -x "$bin" ] || { echo "fuzz: $bin not built"; exit 2; }
mkdir -p "$art"
# The config and template targets write each input to a file: in memory if
# we can.
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
	export TMPDIR=/dev/shm
fi
if [ "$mode" = smoke ]; then
	corpus=build/fuzz/smoke/$t
	rm -rf "$corpus"
	if [ -f tests/fuzz/smoke/$t ]; then
		seeds=build/fuzz/smoke-seeds/$t
		rm -rf "$seeds"
		sh tests/fuzz/smoke_set.sh seeds "$t" "$seeds" || exit 2
	fi
else
	corpus=build/fuzz/corpus/$t
fi
mkdir -p "$corpus"
# -timeout: the slowest committed input takes about 3 s of CPU a run under
# ASan (an arena config whose gate warning simulates games, 8 s before
# tp_arena_gate_check; a 12,000-square series board 2.2 s); 90 s keeps a
# 10x margin on a loaded 2-core machine, where a run can take several times
# its CPU time, and is still a hang.  series.indicia may name /dev/stdin or
# /dev/tty: stdin is /dev/null and, with setsid, there is no terminal.
export LSAN_OPTIONS="suppressions=$(pwd)/tests/fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
nosess=
command -v setsid >/dev/null 2>&1 && nosess="setsid -w"
if [ "$mode" = smoke ]; then
	# -runs counts the seed corpus's runs too
	nseeds=$(find "$seeds" -type f | wc -l)
	limit="-seed=${FUZZ_SEED:-1} -runs=$((nseeds + count))"
	what="(seeds: $nseeds, then $count mutations from seed ${FUZZ_SEED:-1}; "
else
	limit="-max_total_time=$count"
	what="in $count s ("
fi
$nosess "$bin" $limit -timeout=90 -rss_limit_mb=2048 -print_final_stats=1 \
	-artifact_prefix="$art/" "$corpus" "$seeds" </dev/null >"$log" 2>&1
rc=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
if [ $rc -ne 0 ]; then
	echo "fuzz: $t: FAILED (exit $rc); log $log, artifacts in $art/:"
	grep -E 'ERROR|SUMMARY|tp-fuzz|runtime error|Test unit written' "$log" | head -n 20
	exit 1
fi
echo "fuzz: $t: ${execs:-?} execs $what${rate:-?}/s, ${cov:-cov: ?}), no crash"
if [ "$mode" = long ]; then
	echo "$t ${execs:-0} $count" >>build/fuzz/stats.txt
fi
set -- "$regress"/*
if [ -e "$1" ]; then
	rlog=build/fuzz/regress-$t.log
	if ! $nosess "$bin" -timeout=90 -rss_limit_mb=2048 "$@" </dev/null >"$rlog" 2>&1; then
		echo "fuzz: $t: a regression input crashes again; log $rlog:"
		grep -E 'ERROR|SUMMARY|tp-fuzz|runtime error|Running:' "$rlog" | head -n 20
		exit 1
	fi
	echo "fuzz: $t: $# regression input(s) replayed, no crash"
fi
exit 0
