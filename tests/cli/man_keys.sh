#!/bin/sh
# The man page may not fall behind the code: every config key (src/config.c
# plain_keys[] and colour_inks[]), every long and short option (src/main.c),
# every command and every sheet (src/series_sheets.c) must appear in
# man/tilepress.1, config keys in the section of the page for their
# [section].  Prints "man_keys: N passed, M failed"; exit 1 on a miss.
#
# The bash completion (completions/tilepress.bash) must offer the same keys,
# options, commands and sheets.
#
#   sh tests/man_keys.sh [MANPAGE [COMPLETION]]   (from mk/install.mk: make install-test)
set -u
cd "$(dirname "$0")/../.." || exit 2
MAN=${1:-man/tilepress.1}
COMP=${2:-completions/tilepress.bash}
CONFIG_C=src/core/config.c
MAIN_C=src/cli/main.c
SHEETS_C=src/games/series/series_sheets.c
for f in "$MAN" "$COMP" "$CONFIG_C" "$MAIN_C" "$SHEETS_C"; do
	[ -r "$f" ] || { echo "man_keys: cannot read $f"; exit 2; }
done
T=$(mktemp -d "${TMPDIR:-/tmp}/tp-man.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT

# The page with roff escapes for - undone, so names compare as typed.
sed 's/\\-/-/g' "$MAN" >"$T/man"

PASS=0
FAIL=0
ok() { PASS=$((PASS + 1)); }
miss() { FAIL=$((FAIL + 1)); echo "man_keys: FAIL - $*"; }

# The lines of the page's ".SS [SECTION]" part, up to the next .SS or .SH.
section_text() {
	awk -v want=".SS \"[$1]\"" '
		/^\.S[SH] / { inside = ($0 == want); next }
		inside' "$T/man"
}

# An entry in a section: a .B/.BI/.IB line that starts with the key.
has_entry() {
	grep -Eq "^\.(B|BI|IB|BR) \"?$2([ \"_]|\$)" "$1"
}

# ---- config keys ----------------------------------------------------------
# plain_keys[] rows: { "section", "name", K_..., ... },
sed -n '/^static const struct key plain_keys\[\]/,/^};/p' "$CONFIG_C" |
	sed -n 's/^[[:space:]]*{ *"\([a-z_]*\)", *"\([a-z_0-9]*\)",.*/\1 \2/p' >"$T/keys"
# colour_inks[] entries: { "ink", TP_INK_... }
sed -n '/colour_inks\[\] = {/,/^};/p' "$CONFIG_C" |
	grep -o '{ *"[a-z_]*", *TP_INK_' | sed 's/{ *"\([a-z_]*\)".*/\1/' >"$T/inks"
# The sections the reader accepts.
sed -n 's/^static const char \*const sections\[\] = {\(.*\)};/\1/p' "$CONFIG_C" |
	tr -d ' "' | tr ',' '\n' | sed '/^$/d' >"$T/sections"

[ -s "$T/keys" ] || { miss "no keys found in $CONFIG_C plain_keys[] (parser out of date?)"; }
[ -s "$T/inks" ] || { miss "no inks found in $CONFIG_C colour_inks[] (parser out of date?)"; }
[ -s "$T/sections" ] || { miss "no sections found in $CONFIG_C sections[]"; }

while read -r sec; do
	section_text "$sec" >"$T/sec-$sec"
	if [ -s "$T/sec-$sec" ]; then ok; else miss "section [$sec] has no .SS \"[$sec]\" part"; fi
done <"$T/sections"

while read -r sec key; do
	if [ -f "$T/sec-$sec" ] && has_entry "$T/sec-$sec" "$key"; then
		ok
	else
		miss "config key $sec.$key is not documented under .SS \"[$sec]\""
	fi
done <"$T/keys"

section_text print >"$T/sec-print-inks"
while read -r ink; do
	for suffix in cmyk rgb; do
		if grep -q "${ink}_$suffix" "$T/sec-print-inks"; then ok; else
			miss "colour key print.${ink}_$suffix is not documented under [print]"
		fi
	done
	if grep -q "^\.B $ink\$" "$T/sec-print-inks"; then ok; else
		miss "ink $ink has no entry (default colours) under [print]"
	fi
done <"$T/inks"

# ---- options and commands ---------------------------------------------------
# struct option rows: { "name", required_argument, NULL, ... },
grep -o '{ *"[a-z-]*", *[a-z_]*argument' "$MAIN_C" | sed 's/{ *"\([a-z-]*\)".*/\1/' >"$T/longopts"
[ -s "$T/longopts" ] || miss "no long options found in $MAIN_C"
while read -r opt; do
	if grep -q -- "--$opt\\b" "$T/man"; then ok; else miss "option --$opt is not documented"; fi
done <"$T/longopts"
# The getopt_long short options string, e.g. ":c:s:qhVo:j:".
short=$(sed -n 's/.*getopt_long([^"]*"\([^"]*\)".*/\1/p' "$MAIN_C" | tr -d ':')
[ -n "$short" ] || miss "no short options found in $MAIN_C"
for ch in $(printf '%s' "$short" | sed 's/./& /g'); do
	if grep -Eq -- "^\.(B|BR|BI) \"?-$ch([ \",]|\$)" "$T/man"; then ok; else
		miss "option -$ch is not documented"
	fi
done
# Commands: { "check", TP_CMD_CHECK }
grep -o '{ *"[a-z]*", *TP_CMD_[A-Z]*' "$MAIN_C" | sed 's/{ *"\([a-z]*\)".*/\1/' >"$T/cmds"
[ -s "$T/cmds" ] || miss "no commands found in $MAIN_C"
while read -r cmd; do
	if grep -q "^\.B $cmd\$" "$T/man"; then ok; else miss "command $cmd is not documented"; fi
done <"$T/cmds"

# ---- sheets -------------------------------------------------------------------
sed -n '/tp_series_sheets\[\] = {/,/^};/p' "$SHEETS_C" |
	grep -o '^[[:space:]]*{ *"[a-z0-9-]*"' | sed 's/.*"\([a-z0-9-]*\)"/\1/' >"$T/sheets"
[ -s "$T/sheets" ] || miss "no sheets found in $SHEETS_C tp_series_sheets[]"
awk '/^\.SH "OUTPUT FILES"/ { inside = 1; next } /^\.SH / { inside = 0 } inside' \
	"$T/man" >"$T/outfiles"
while read -r sheet; do
	if grep -q "^\.B $sheet\$" "$T/outfiles" && grep -Eq "^\.BR $sheet [,.]$" "$T/man"; then
		ok
	else
		miss "sheet $sheet is not listed under OUTPUT FILES and in --only"
	fi
done <"$T/sheets"

# ---- the bash completion ------------------------------------------------------
while read -r sec key; do
	if grep -q "$sec\.$key=" "$COMP"; then ok; else miss "completion: no --set $sec.$key="; fi
done <"$T/keys"
inks=$(sed -n 's/^[[:space:]]*for ink in \(.*\); do$/\1/p' "$COMP")
while read -r ink; do
	case " $inks " in
	*" $ink "*) ok ;;
	*) miss "completion: ink $ink missing from its colour keys" ;;
	esac
done <"$T/inks"
while read -r opt; do
	if grep -q -- "--$opt\b" "$COMP"; then ok; else miss "completion: no option --$opt"; fi
done <"$T/longopts"
for ch in $(printf '%s' "$short" | sed 's/./& /g'); do
	if grep -Eq -- "(^|[ '])-$ch( |'|\$)" "$COMP"; then ok; else miss "completion: no option -$ch"; fi
done
while read -r cmd; do
	if grep -q "commands=.*\b$cmd\b" "$COMP"; then ok; else miss "completion: no command $cmd"; fi
done <"$T/cmds"
sed -n "/local sheets='/,/'/p" "$COMP" >"$T/compsheets"
while read -r sheet; do
	if grep -Eq "(^|[ '])$sheet( |'|\$)" "$T/compsheets"; then ok; else
		miss "completion: --only $sheet missing"
	fi
done <"$T/sheets"

echo "man_keys: $PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
