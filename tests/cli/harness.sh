# The shell harness of the CLI tests (tests/cli/cli.sh and each game's
# tests/games/NAME/cli.sh), sourced from the tree's root after TP_BIN is
# set: a scratch folder $T, tcase/fail/run, the one-line error checks, and
# refuse (bad input: exit 2, one line naming the place and the key, nothing
# written).  HARNESS names the scratch folder.
T=$(mktemp -d "${TMPDIR:-/tmp}/${HARNESS:-tp-cli}.XXXXXX") || { echo "cannot make a temp dir"; exit 2; }
trap 'chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT
trap 'exit 130' INT TERM HUP

PASS=0
FAIL=0
OUT=$T/stdout
ERR=$T/stderr

# ---- harness ----------------------------------------------------------------

# cpu_s: the CPU seconds (user + system) this shell and its waited-for
# children have used so far, from the shell's own `times` (run here, not
# in a subshell, which would count only itself).
cpu_s() {
	times >"$T/times"
	awk '{ for (i = 1; i <= NF; i++) { split($i, a, "m"); s += a[1] * 60 + a[2] } }
		END { printf "%.2f\n", s }' "$T/times"
}

# tcase NAME FUNCTION [ARGS...]: runs FUNCTION; it reports trouble with fail.
# With TP_CASE set (make check CASE=PATTERN), only the cases whose NAME
# matches that shell pattern run; the others are not counted.  With
# TP_TIMES=1 each case's line ends with the CPU seconds it took (what
# makes a suite slow on a machine whose wall clock is shared).
tcase() {
	tc_name=$1
	shift
	if [ -n "${TP_CASE:-}" ]; then
		# shellcheck disable=SC2254
		case $tc_name in
		$TP_CASE) ;;
		*) return 0 ;;
		esac
	fi
	why=
	tc_cpu=
	if [ "${TP_TIMES:-}" = 1 ]; then cpu_s >"$T/t0"; fi
	"$@"
	if [ "${TP_TIMES:-}" = 1 ]; then
		cpu_s >"$T/t1"
		tc_cpu=" # $(cat "$T/t0" "$T/t1" | awk 'NR == 1 { a = $1 } NR == 2 { printf "%.1f", $1 - a }') CPU s"
	fi
	if [ -z "$why" ]; then
		PASS=$((PASS + 1))
		echo "ok - $tc_name$tc_cpu"
	else
		FAIL=$((FAIL + 1))
		echo "FAIL - $tc_name: $why$tc_cpu"
	fi
}

# fail MESSAGE: records the first failure of the running case.
fail() {
	[ -n "$why" ] || why=$*
}

# run ARGS...: runs tilepress; stdout in $OUT, stderr in $ERR, status in $rc.
run() {
	"$TP_BIN" "$@" >"$OUT" 2>"$ERR"
	rc=$?
}

errtext() {
	head -c 400 "$ERR" | tr '\n' '|'
}

# expect_ok: the last run exited 0 with an empty stderr.
expect_ok() {
	if [ "$rc" -ne 0 ]; then
		fail "exit $rc, want 0; stderr: $(errtext)"
		return 1
	fi
	if [ -s "$ERR" ]; then
		fail "exit 0 but stderr not empty: $(errtext)"
		return 1
	fi
	return 0
}

# one_err_line: stderr is exactly one newline-terminated line starting
# with "tilepress: ".
one_err_line() {
	n=$(wc -l <"$ERR")
	b=$(wc -c <"$ERR")
	if [ "$n" -ne 1 ] || [ "$(head -n 1 "$ERR" | wc -c)" -ne "$b" ]; then
		fail "want exactly one stderr line, got $n line(s): $(errtext)"
		return 1
	fi
	case $(cat "$ERR") in
	"tilepress: "*) ;;
	*) fail "stderr does not start with 'tilepress: ': $(errtext)"; return 1 ;;
	esac
	return 0
}

# err_has TEXT...: the stderr line contains each TEXT (fixed strings).
err_has() {
	for eh in "$@"; do
		[ -n "$eh" ] || continue
		if ! grep -qF -- "$eh" "$ERR"; then
			fail "stderr lacks '$eh': $(errtext)"
			return 1
		fi
	done
	return 0
}

# expect_usage ARGS...: exit 2 and one clear line.
expect_usage() {
	run "$@"
	if [ "$rc" -ne 2 ]; then
		fail "exit $rc, want 2; stderr: $(errtext)"
		return
	fi
	[ -s "$OUT" ] && fail "wrote to stdout: $(head -c 200 "$OUT")"
	one_err_line
}

# fresh_dir: a folder holding only a marker file; prints its path.
fresh_dir() {
	fd_dir=$T/out.$1
	rm -rf "$fd_dir"
	mkdir "$fd_dir" && echo "marker $1" >"$fd_dir/marker"
	echo "$fd_dir"
}

# only_marker DIR: DIR still holds just its marker, unchanged.
only_marker() {
	om=$(cd "$1" && ls -A)
	if [ "$om" != marker ]; then
		fail "output folder gained files: $(echo "$om" | tr '\n' ' ')"
		return 1
	fi
	if [ "$(cat "$1/marker")" != "marker $(basename "$1" | sed 's/^out\.//')" ]; then
		fail "marker file changed"
		return 1
	fi
	return 0
}

# refuse LOC KEY [EXTRA] -- TILEPRESS-OPTIONS...
# Bad input: `check` and `build -o DIR` both exit 2 with one stderr line
# that names LOC ("file:line:", a file, or the --set text) and KEY (and
# EXTRA); build writes nothing into DIR, which holds a marker file.
refuse() {
	rf_loc=$1 rf_key=$2 rf_extra=
	shift 2
	if [ "$1" != -- ]; then
		rf_extra=$1
		shift
	fi
	shift
	run "$@" check
	if [ "$rc" -ne 2 ]; then
		fail "check: exit $rc, want 2; stderr: $(errtext)"
		return
	fi
	[ -s "$OUT" ] && { fail "check wrote to stdout: $(head -c 200 "$OUT" | tr '\n' '|')"; return; }
	one_err_line || return
	err_has "$rf_loc" "$rf_key" "$rf_extra" || return
	cp "$ERR" "$T/check.err"
	rf_dir=$(fresh_dir refuse)
	run "$@" build -o "$rf_dir" --formats svg
	if [ "$rc" -ne 2 ]; then
		fail "build: exit $rc, want 2; stderr: $(errtext)"
		return
	fi
	[ -s "$OUT" ] && { fail "build wrote to stdout: $(head -c 200 "$OUT")"; return; }
	one_err_line || return
	cmp -s "$ERR" "$T/check.err" || { fail "build and check give different messages: $(errtext)"; return; }
	only_marker "$rf_dir"
}
