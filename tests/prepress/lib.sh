# What the prepress suites (prepress.sh, factory.sh, pdf_defects.sh)
# share, sourced once they are at the tree's root:
#
#   . tests/prepress/lib.sh
#   scratch NAME "$@"
#
# scratch sets T, the folder the builds go to: SCRATCH_DIR when the suite
# was given one, else a fresh temporary tp-NAME.XXXXXX removed at exit.
# ok and bad count the checks (PASS, FAIL); build DIR ARGS... is a quiet
# build into T/DIR, its messages in T/build.log.

ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}

scratch() {
	if [ $# -ge 2 ]; then
		T=$2
		mkdir -p "$T" || exit 2
	else
		T=$(mktemp -d "${TMPDIR:-/tmp}/tp-$1.XXXXXX") || { echo "cannot make a temp dir"; exit 2; }
		trap 'rm -rf "$T"' EXIT
	fi
	trap 'exit 130' INT TERM HUP
}

PASS=0
FAIL=0
ok() { PASS=$((PASS + 1)); echo "ok   $1"; }
bad() { FAIL=$((FAIL + 1)); echo "FAIL $1"; [ -n "${2:-}" ] && sed 's/^/     /' "$2"; }

build() {
	d=$T/$1
	shift
	rm -rf "$d"
	"$TP_BIN" build -q -o "$d" "$@" >"$T/build.log" 2>&1
}
