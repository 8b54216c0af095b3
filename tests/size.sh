#!/bin/sh
# make size: no function body over 80 lines (brace to brace: functions
# open and close their body in column 0).  Files have no line limit: a file
# holds one concept, however long (none is split or merged for a count).
cd "$(dirname "$0")/.." || exit 1
awk -v max_fn=80 '
FNR == 1 {
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
	if (bad) { printf "size: %d over the limits\n", bad; exit 1 }
	print "size: every function under src/ within 80 lines"
}' $(find src -name '*.[ch]' | sort)
