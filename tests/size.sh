#!/bin/sh
# make size: reports files under src/ over 600 lines and function bodies
# over 80 (brace to brace: functions open and close their body in column
# 0) as notes to look at, and fails for a file over 1,000 lines or a
# function over 150.  A file past 1,000 holds more than one idea: cut it
# by concept into a folder (print/art/svg/ is the model), never by count.
# TP_SIZE_MAX_FILE sets another file limit (0: none).
cd "$(dirname "$0")/.." || exit 1
awk -v note_file=600 -v note_fn=80 -v max_file="${TP_SIZE_MAX_FILE:-1000}" -v max_fn=150 '
function file_done() {
	if (prev == "" || lines <= note_file)
		return
	if (max_file > 0 && lines > max_file) { printf "%s: %d lines (at most %d)\n", prev, lines, max_file; bad++ }
	else { printf "note: %s: %d lines (over %d)\n", prev, lines, note_file; notes++ }
}
FNR == 1 { file_done(); prev = FILENAME; head = ""; start = 0 }
{ lines = FNR }
/^[A-Za-z_].*\(/ && !/;[ \t]*$/ && !/^(static |const |extern )*struct [A-Za-z_]+ *\{/ { head = $0; start = FNR }
/^\{/ && start { open = start }
/^\}/ && open {
	n = FNR - open + 1
	if (n > note_fn) {
		name = head; sub(/\(.*/, "", name); sub(/.*[ *]/, "", name)
		if (n > max_fn) { printf "%s:%d: %s(): %d lines (at most %d)\n", FILENAME, open, name, n, max_fn; bad++ }
		else { printf "note: %s:%d: %s(): %d lines (over %d)\n", FILENAME, open, name, n, note_fn; notes++ }
	}
	open = 0; start = 0
}
END {
	file_done()
	if (bad) { printf "size: %d over the limits\n", bad; exit 1 }
	printf "size: %d note%s; ", notes, notes == 1 ? "" : "s"
	if (max_file > 0) printf "no file over %d lines, ", max_file
	printf "no function over %d lines\n", max_fn
}' $(find src -name '*.[ch]' | sort)
