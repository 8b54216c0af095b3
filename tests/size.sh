#!/bin/sh
# make size: small files named for what they do.  No file under src/ over
# 600 lines, no function body over 80 (brace to brace: functions open and
# close their body in column 0).
cd "$(dirname "$0")/.." || exit 1
awk -v max_file=600 -v max_fn=80 '
FNR == 1 {
	if (prev != "" && lines > max_file) { printf "%s: %d lines (at most %d)\n", prev, lines, max_file; bad++ }
	prev = FILENAME; head = ""; start = 0
}
{ lines = FNR }
/^[A-Za-z_].*\(/ && !/;[ \t]*$/ && !/^(static |const |extern )*struct [A-Za-z_]+ *\{/ { head = $0; start = FNR }
/^\{/ && start { open = start }
/^\}/ && open {
	n = FNR - open + 1
	if (n > max_fn) {
		name = head; sub(/\(.*/, "", name); sub(/.*[ *]/, "", name)
		printf "%s:%d: %s(): %d lines (at most %d)\n", FILENAME, open, name, n, max_fn; bad++
	}
	open = 0; start = 0
}
END {
	if (prev != "" && lines > max_file) { printf "%s: %d lines (at most %d)\n", prev, lines, max_file; bad++ }
	if (bad) { printf "size: %d over the limits\n", bad; exit 1 }
	print "size: every file under src/ within 600 lines, every function within 80"
}' $(find src -name '*.[ch]' | sort)
