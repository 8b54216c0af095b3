#!/bin/sh
# The smoke seed set of a slow fuzz target: the part of its corpus that
# make fuzz-smoke replays (mk/fuzz.mk).  make fuzz keeps the whole corpus.
#
#   sh tests/fuzz/smoke_set.sh update TARGET      recompute tests/fuzz/smoke/TARGET
#   sh tests/fuzz/smoke_set.sh check TARGET       the set still reaches all the
#                                                 corpus's coverage (exit 1 if not)
#   sh tests/fuzz/smoke_set.sh seeds TARGET DIR   copy the seeds to replay into DIR
#
# Why the set loses no coverage: libFuzzer's -merge=1 runs every corpus
# input once, smallest first, and keeps each input that reached a feature
# no input before it had.  A feature is an edge of the sanitized build
# together with the bucket of its hit count (1, 2, 3, 4-7, 8-15, ... times);
# the inputs kept reach every feature and every edge the whole corpus
# reaches.  "check" proves it again for the current code: it runs the set
# first and then the whole corpus, and fails if the corpus adds a feature.
# The set is as good as the corpus at reaching code; an input it leaves
# out runs no edge, and no edge as many times, that the set does not.
#
# tests/fuzz/smoke/TARGET has a line "run SHA1 NAME" for each input kept
# and "covered SHA1 NAME" for the others (SHA1 of the file's bytes).  A
# corpus file with no line, or whose bytes changed, is replayed too: a new
# seed is never left out before the set is recomputed.  A kept input gone
# from the corpus is an error.
set -u
cd "$(dirname "$0")/../.." || exit 2
mode=${1:-} t=${2:-}
[ -n "$t" ] || { echo "usage: sh tests/fuzz/smoke_set.sh update|check|seeds TARGET [DIR]" >&2; exit 2; }
bin=build/fuzz/fuzz_$t
seeds=tests/fuzz/corpus/$t
list=tests/fuzz/smoke/$t
work=build/fuzz/smoke-set/$t

# The corpus's files as "SHA1 NAME", sorted by name.
sums() {
	(cd "$seeds" && find . -type f | sed 's|^\./||' | LC_ALL=C sort | xargs sha1sum) |
		awk '{ print $1, $2 }'
}

# The environment run.sh gives a target.
fuzzenv() {
	[ -x "$bin" ] || { echo "fuzz: $bin not built (make fuzz-build)" >&2; exit 2; }
	if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
		export TMPDIR=/dev/shm
	fi
	case ${LSAN_OPTIONS:-} in
	*lsan.supp*) ;;
	*) export LSAN_OPTIONS="suppressions=$(pwd)/tests/fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}" ;;
	esac
	nosess=
	command -v setsid >/dev/null 2>&1 && nosess="setsid -w"
}

# Runs libFuzzer's merge: $1 the output folder (its files run first), $2
# the corpus, $3 the control file (kept: "FT i ..." and "COV i ..." name
# the features and edges input i reached that no input before it did).
merge() {
	fuzzenv
	rm -f "$3"
	if ! $nosess "$bin" -merge=1 -merge_control_file="$3" -timeout=90 -rss_limit_mb=2048 \
		"$1" "$2" </dev/null >"$work/merge.log" 2>&1; then
		echo "fuzz: $t: the merge failed; log $work/merge.log:"
		grep -E 'ERROR|SUMMARY|tp-fuzz|runtime error' "$work/merge.log" | head -n 20
		exit 1
	fi
}

# Features and edges of the first N inputs of a control file, and of all.
tally() {
	awk 'NR == 1 { n = $1 } NR == 2 { first = $1 }
	     $1 == "FT" || $1 == "COV" {
		k = ($1 == "FT") ? "f" : "e"
		for (i = 3; i <= NF; i++) { all[k]++; if ($2 < first) head[k]++ }
	     }
	     END { printf "%d %d %d %d %d %d\n", first, head["f"], head["e"], n - first, all["f"], all["e"] }' "$1"
}

case $mode in
seeds)
	dir=${3:?}
	mkdir -p "$dir"
	if [ ! -f "$list" ]; then
		cp "$seeds"/* "$dir"/
		exit 0
	fi
	sums | awk -v list="$list" '
		BEGIN {
			while ((getline l < list) > 0) {
				split(l, w, " ")
				if (w[1] == "run") run[w[3]] = w[2]
				else if (w[1] == "covered") cov[w[3]] = w[2]
			}
		}
		{ seen[$2] = 1; if (!($2 in cov) || cov[$2] != $1) print $2 }
		END {
			for (n in run) if (!(n in seen)) {
				printf "fuzz: %s names %s, which is not in the corpus: make fuzz-smoke-corpus\n", list, n > "/dev/stderr"
				bad = 1
			}
			exit bad
		}' >"$dir.names" || exit 2
	while read -r n; do cp "$seeds/$n" "$dir/"; done <"$dir.names"
	rm -f "$dir.names"
	;;
update)
	rm -rf "$work"
	mkdir -p "$work/out" tests/fuzz/smoke
	merge "$work/out" "$seeds" "$work/control"
	sh tests/fuzz/smoke_set.sh cover "$t"
	;;
cover)
	# The merge keeps an input for a feature no smaller input reached, even
	# when larger inputs reach all of its features: most of the corpus.
	# Each input it kept runs alone, in a fresh process, and a greedy cover
	# picks from them (the input with the most features not yet reached
	# first) until every feature and edge is reached.
	fuzzenv
	rm -rf "$work/one" "$work/set"
	mkdir -p "$work/one" "$work/set"
	(cd "$work/out" && ls) | LC_ALL=C sort >"$work/kept"
	while read -r h; do printf '1\n0\n%s\n' "$work/out/$h" >"$work/one/$h"; done <"$work/kept"
	xargs -P "$(nproc 2>/dev/null || echo 1)" -I{} \
		sh -c "$nosess $bin -merge_inner=1 -merge_control_file=$work/one/{} -timeout=90 -rss_limit_mb=2048 </dev/null >$work/one/{}.log 2>&1" \
		<"$work/kept"
	while read -r h; do
		grep -q '^COV 0' "$work/one/$h" || { echo "fuzz: $t: $h did not run; log $work/one/$h.log"; exit 1; }
	done <"$work/kept"
	python3 - "$work" <<'PY' >"$work/cover" || exit 1
import os, sys
work = sys.argv[1]
reach, size = {}, {}
for h in open(os.path.join(work, "kept")).read().split():
    s = set()
    for line in open(os.path.join(work, "one", h)):
        w = line.split()
        if w and w[0] in ("FT", "COV"):
            s.update(w[0] + x for x in w[2:])
    reach[h], size[h] = s, os.path.getsize(os.path.join(work, "out", h))
left = set().union(*reach.values())
while left:
    h = max(reach, key=lambda h: (len(reach[h] & left), -size[h], h))
    print(h)
    left -= reach.pop(h)
PY
	while read -r h; do cp "$work/out/$h" "$work/set/"; done <"$work/cover"
	# The proof, as check makes it: the set first, then the whole corpus,
	# in one process.  An input that still adds a feature there (a count
	# that depends on what ran before) joins the set.
	merge "$work/set" "$seeds" "$work/control"
	set -- $(tally "$work/control")
	(cd "$work/set" && ls) | LC_ALL=C sort >"$work/kept"
	n=$(wc -l <"$work/kept") c=$(wc -l <"$work/cover")
	{
		echo "# The smoke seeds of fuzz_$t: make fuzz-smoke-corpus wrote this with"
		echo "# tests/fuzz/smoke_set.sh; make fuzz checks it.  Do not edit by hand."
		echo "# The corpus reaches $5 features, $6 edges; the $n inputs marked run reach them all."
		sums | awk -v kept="$work/kept" '
			BEGIN { while ((getline h < kept) > 0) want[h] = 1 }
			{ if (($1 in want) && !($1 in done)) { done[$1] = 1; print "run", $1, $2 }
			  else print "covered", $1, $2 }'
	} >"$list"
	echo "fuzz: $t: $list: $n of $(sums | wc -l) inputs ($c from the cover, $((n - c)) added by the proof) reach the corpus's $5 features, $6 edges"
	;;
check)
	rm -rf "$work"
	mkdir -p "$work"
	sh tests/fuzz/smoke_set.sh seeds "$t" "$work/set" || exit 2
	merge "$work/set" "$seeds" "$work/control"
	set -- $(tally "$work/control")
	nf=$(($5 - $2)) ne=$(($6 - $3))
	echo "fuzz: $t: smoke set: $1 inputs, $2 features, $3 edges; with the whole corpus ($4 inputs): $5 features, $6 edges"
	if [ "$nf" -ne 0 ] || [ "$ne" -ne 0 ]; then
		echo "fuzz: $t: the corpus reaches $nf features, $ne edges the smoke set does not: make fuzz-smoke-corpus"
		exit 1
	fi
	;;
*)
	echo "usage: sh tests/fuzz/smoke_set.sh update|check|seeds TARGET [DIR]" >&2
	exit 2
	;;
esac
