#!/bin/sh
# make layers: the include graph of src/ follows the layers
#   core -> print -> games -> app -> cli
# (a file includes only its own layer or a lower one; a game's folder
# includes no other game's), and every include is qualified from the one
# include root src/ ("core/status.h").  Tests include src/ headers the same
# way; their own helpers (tests/*.h, or next to the test) by bare name.
cd "$(dirname "$0")/.." || exit 1
awk '
function rank(p) {
	if (p ~ /^core\//) return 0
	if (p ~ /^print\//) return 1
	if (p ~ /^games\//) return 2
	if (p ~ /^app\//) return 3
	if (p ~ /^cli\//) return 4
	return -1
}
function game(p) { return p ~ /^games\/[^\/]+\// ? substr(p, 7, index(substr(p, 7), "/") - 1) : "" }
FNR == 1 {
	file = FILENAME; insrc = file ~ /^src\//
	rel = insrc ? substr(file, 5) : ""
	dir = file; sub(/\/[^\/]*$/, "", dir)
}
/^[ \t]*#[ \t]*include[ \t]*"/ {
	inc = $0; sub(/^[^"]*"/, "", inc); sub(/".*$/, "", inc)
	if (!insrc) {
		# a test: a src/ header must be named by its layer
		if ((getline tmp < ("src/" inc)) >= 0 && inc ~ /\//) { close("src/" inc); next }
		if ((getline tmp < (dir "/" inc)) >= 0) { close(dir "/" inc); next }
		if ((getline tmp < ("tests/" inc)) >= 0) { close("tests/" inc); next }
		printf "%s:%d: #include \"%s\": not a qualified src/ header (\"core/status.h\") nor a test helper\n", file, FNR, inc
		bad++; next
	}
	if (inc !~ /\// || rank(inc) < 0 || (getline tmp < ("src/" inc)) < 0) {
		printf "%s:%d: #include \"%s\": unqualified or unknown; name the header from src/ (\"core/status.h\")\n", file, FNR, inc
		bad++; next
	}
	close("src/" inc)
	if (rank(inc) > rank(rel)) {
		printf "%s:%d: #include \"%s\": upward include (layers: core -> print -> games -> app -> cli)\n", file, FNR, inc
		bad++; next
	}
	if (game(inc) != "" && game(rel) != "" && game(inc) != game(rel)) {
		printf "%s:%d: #include \"%s\": one game includes another game'"'"'s header\n", file, FNR, inc
		bad++; next
	}
	n++
}
END {
	if (bad) { printf "layers: %d bad include(s)\n", bad; exit 1 }
	printf "layers: %d includes follow core -> print -> games -> app -> cli\n", n
}' $(find src tests -name '*.[ch]' | sort)
