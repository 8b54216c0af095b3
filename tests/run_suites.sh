#!/bin/sh
# run_suites.sh JOBS SUITE...: runs the shell suites JOBS at a time with
# TP_BIN from the environment, the longest first as the list gives them.
# Each suite writes its own log, printed whole (with its wall time) when it
# ends, so two suites' lines never mix.  Exit 1 naming the failed suites.
jobs=$1
shift
logs=$(mktemp -d "${TMPDIR:-/tmp}/tp-suites.XXXXXX") || exit 2
trap 'rm -rf "$logs"' EXIT
: >"$logs/failed"
printf '%s\n' "$@" | xargs -P "$jobs" -I{} sh -c '
	d=$1 t=$2
	log="$d/$(printf %s "$t" | tr / _).log"
	start=$(date +%s)
	if sh "$t" >"$log" 2>&1; then st=; else st=" FAILED"; fi
	end=$(date +%s)
	flock "$d/lock" sh -c "echo \"== $t ($((end - start)) s)$st\"; cat \"$log\"; [ -z \"$st\" ] || echo \"$t\" >>\"$d/failed\""
' sh "$logs" {}
failed=$(tr '\n' ' ' <"$logs/failed")
[ -z "$failed" ] || { echo "cli: FAILED: $failed"; exit 1; }
