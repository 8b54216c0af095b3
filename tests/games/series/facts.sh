# Sourced by tests/cli/cli.sh and tests/games/series/cli.sh (after
# tests/cli/harness.sh, with CFG set to a series config): facts read from
# $CFG and the templates, and fixtures derived from it in $T.
# shellcheck shell=sh disable=SC2034 # the facts are read by the sourcing scripts

# cfgval KEY: the first value of KEY in $CFG, comment and blanks stripped.
cfgval() {
	sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*\([^;]*\).*/\1/p" "$CFG" |
		head -n 1 | sed 's/[[:space:]]*$//'
}

# the anchors of $CFG, one "row col front corner" a line: its anchor lines,
# or, when it has none, the ";anchor = ..." comments naming the anchors the
# tool derives for its board (series.ini), which the cases below check.
cfg_anchors() {
	sed -n 's/^[[:space:];]*anchor[[:space:]]*=[[:space:]]*\([^;]*\).*/\1/p' "$CFG" |
		sed 's/[[:space:]]*$//'
}

ROWS=$(cfgval rows)
COLS=$(cfgval cols)
N_SQUARES=$((ROWS * COLS))
N_ANCHOR_SQUARES=$(cfg_anchors | awk '{ print $1 "," $2 }' | sort -u | wc -l | tr -d ' ')
N_ANCHOR_LINES=$(cfg_anchors | wc -l | tr -d ' ')

# lineof FILE REGEX [NTH]: line number of the NTH (default 1st) match.
lineof() {
	grep -n -e "$2" "$1" | sed -n "${3:-1}p" | cut -d: -f1
}

# derive NAME SED-SCRIPT: $T/NAME.ini is $CFG edited by SED-SCRIPT; prints the path.
derive() {
	sed -e "$2" "$CFG" >"$T/$1.ini"
	echo "$T/$1.ini"
}

# with_anchors NAME ANCHOR...: $CFG with its anchor lines replaced by ANCHORs
# (placed where the first anchor line was); prints the path.
with_anchors() {
	wa_f=$T/$1.ini
	shift
	wa_first=$(lineof "$CFG" '^[[:space:];]*anchor[[:space:]]*=')
	{
		sed -n "1,$((wa_first - 1))p" "$CFG"
		for wa in "$@"; do
			echo "anchor = $wa"
		done
		sed -n "$wa_first,\$p" "$CFG" | grep -v '^[[:space:];]*anchor[[:space:]]*='
	} >"$wa_f"
	echo "$wa_f"
}

# anchor_line FILE N: line of the Nth anchor in FILE
anchor_line() {
	lineof "$1" '^[[:space:]]*anchor[[:space:]]*=' "$2"
}

# append FILE TEXT...: $CFG plus lines at the end; prints the path.
append() {
	ap_f=$T/$1.ini
	shift
	{
		cat "$CFG"
		for ap in "$@"; do
			printf '%s\n' "$ap"
		done
	} >"$ap_f"
	echo "$ap_f"
}

# set_key NAME KEY VALUE: $CFG with KEY's value replaced; prints the path.
set_key() {
	derive "$1" "s/^\([[:space:]]*$2[[:space:]]*=[[:space:]]*\)[^;[:space:]]*\([^;]*\)/\1$3 /"
}

# bad_value KEY VALUE [EXTRA]: a bad value in the file is refused at its line.
bad_value() {
	f=$(set_key "bad-$1-$(echo "$2" | tr -c 'a-z0-9\n-' _)" "$1" "$2")
	grep -q "^[[:space:]]*$1[[:space:]]*=[[:space:]]*$2 " "$f" || { fail "fixture: could not set $1 = $2"; return; }
	refuse "$f:$(lineof "$f" "^[[:space:]]*$1[[:space:]]*="):" "$1" "${3:-}" -- -c "$f"
}
