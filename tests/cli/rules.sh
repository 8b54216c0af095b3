#!/bin/sh
# The rules booklet: every number printed in it is read back by OCR
# (tesseract: the text is glyph outlines, so pdftotext finds none) and must
# be the numbers of manifest/rules.md, in order; each of those must come
# from the config, the manifest or `simulate`; changing three config
# values changes the booklet; the spreads are the reader's pages imposed
# for a saddle stitch (pdfinfo page sizes, page count a multiple of 4);
# a text that cannot fit is refused before anything is written.
HARNESS=tp-rules
. "$(dirname "$0")/harness.sh"
cd "$(dirname "$0")/../.." || exit 2
export SOURCE_DATE_EPOCH=1700000000

# ocr PDF OUT: the numbers tesseract reads on every page of PDF, one a line,
# the folio (below the type area, 190 mm down) cut off.
ocr() {
	rm -f "$T"/ocr-*.png
	pdftoppm -r 200 -gray -png -x 0 -y 0 -W 1200 -H 1520 "$1" "$T/ocr" || return 1
	for f in "$T"/ocr-*.png; do tesseract "$f" - 2>/dev/null; done > "$2.txt"
	grep -o '[0-9]\+' "$2.txt" > "$2"
}

# build NAME DIR ARGS: a PDF-only build without marks of edition NAME.
build() {
	n=$1 d=$2
	shift 2
	"$TP_BIN" -q -c "config/$n.ini" -s print.marks=off -s print.formats=pdf "$@" build -o "$d" \
		>"$OUT" 2>"$ERR"
}

# The numbers a booklet may print: the config's, the manifest's and
# simulate's (random players, 40 games of the vector tiles, 20 of the
# arena, seed 1, as the booklet runs them).
sources() {
	n=$1 d=$2
	shift 2
	{
		cat "config/$n.ini" "$d"/manifest/*.csv "$d"/manifest/*.txt 2>/dev/null
		"$TP_BIN" -q -c "config/$n.ini" "$@" check 2>&1
		case $n in
		vector) "$TP_BIN" -c "config/$n.ini" "$@" simulate --games 40 --seed 1 --strategy random ;;
		arena) "$TP_BIN" -c "config/$n.ini" "$@" simulate --games 20 --seed 1 --strategy random ;;
		esac
		# What follows by the seeds' rules: the vector tiles are shared
		# out among the players (counts.txt: "vector  N", players in the
		# config); a series player starts with 9 tiles ([0051]), so
		# the loose tiles serve loose / 9 players at most.
		case $n in
		vector) v=$(awk '$1 == "vector" {print $2}' "$d/manifest/counts.txt")
			p=$(sed -n 's/^players *= *\([0-9]*\).*/\1/p' "config/$n.ini")
			echo $((v / p)) ;;
		series*) l=$(sed -n 's/^loose tiles \([0-9]*\).*/\1/p' "$d/manifest/table1.txt" 2>/dev/null)
			[ -n "$l" ] && echo $((l / 9))
			# the board's size: squares x print.tile_mm (build.json)
			python3 -c 'import json, sys
c = json.load(open(sys.argv[1]))["config"]
t = float(c["print.tile_mm"].rstrip("m"))
for k in ("board.rows", "board.cols"):
    print("%g" % (int(c[k]) * t))' "$d/manifest/build.json" ;;
		esac
	} | python3 -c '
import re, sys
nums = set()
for tok in re.findall(r"[0-9]+(?:\.[0-9]+)?", sys.stdin.read()):
    nums.add(tok)
    if "." in tok:
        nums.add(str(round(float(tok))))
print("\n".join(sorted(nums)))'
}

t_numbers() {
	n=$1
	d=$T/$n
	build "$n" "$d" || { fail "$n: build: $(cat "$ERR")"; return; }
	ocr "$d/rules-pages.pdf" "$T/$n.ocr" || { fail "$n: pdftoppm"; return; }
	grep -o '[0-9]\+' "$d/manifest/rules.md" > "$T/$n.md"
	[ -s "$T/$n.md" ] || { fail "$n: rules.md has no numbers"; return; }
	# rules.md's numbers in the booklet's order; a figure (the arena's
	# board) may print more between them.
	python3 - "$T/$n.md" "$T/$n.ocr" <<'PY' || { fail "$n: the booklet prints $(tr '\n' ' ' < "$T/$n.ocr"), rules.md says $(tr '\n' ' ' < "$T/$n.md")"; return; }
import sys
md = open(sys.argv[1]).read().split()
it = iter(open(sys.argv[2]).read().split())
sys.exit(0 if all(any(x == y for y in it) for x in md) else 1)
PY
	sources "$n" "$d" > "$T/$n.src"
	for k in $(sort -u "$T/$n.ocr"); do
		grep -qx "$k" "$T/$n.src" || { fail "$n: $k is in the booklet but in no config, manifest or simulate figure, nor follows from them by the rules"; return; }
	done
	pages=$(pdfinfo "$d/rules-pages.pdf" | awk '/^Pages:/ {print $2}')
	spreads=$(pdfinfo "$d/rules.pdf" | awk '/^Pages:/ {print $2}')
	[ $((pages % 4)) = 0 ] || fail "$n: $pages pages, not a multiple of 4"
	[ "$spreads" = $((pages / 2)) ] || fail "$n: $spreads spreads for $pages pages"
	# A5 pages, A4 spreads: trim boxes in pt.
	pdfinfo -box "$d/rules-pages.pdf" | grep -q 'TrimBox: *8.50[0-9]* *8.50[0-9]* *428.03' ||
		fail "$n: reader's pages are not A5 trimmed: $(pdfinfo -box "$d/rules-pages.pdf" | grep TrimBox)"
	pdfinfo -box "$d/rules.pdf" | grep -q 'TrimBox: *8.50[0-9]* *8.50[0-9]* *847.5[0-9]' ||
		fail "$n: spreads are not two A5 pages wide: $(pdfinfo -box "$d/rules.pdf" | grep TrimBox)"
}

# Three values changed: the players and blank tiles of the vector tiles,
# the arena's gate; the booklet says so.
t_follows() {
	build vector "$T/v3" -s vector.players=3 -s vector.blanks=2 || { fail "vector: $(cat "$ERR")"; return; }
	build arena "$T/a60" -s arena.gate=60 || { fail "arena: $(cat "$ERR")"; return; }
	ocr "$T/v3/rules-pages.pdf" "$T/v3.ocr" && ocr "$T/a60/rules-pages.pdf" "$T/a60.ocr" ||
		{ fail "pdftoppm"; return; }
	tr '\n' ' ' < "$T/v3.ocr.txt" | grep -q 'for 3 players' || fail "vector.players = 3 not in the booklet"
	tr '\n' ' ' < "$T/v3.ocr.txt" | grep -q '2 blank tiles' || fail "vector.blanks = 2 not in the booklet"
	tr '\n' ' ' < "$T/a60.ocr.txt" | grep -q 'scored 60 points' || fail "arena.gate = 60 not in the booklet"
	tr '\n' ' ' < "$T/a60.ocr.txt" | grep -q 'scored 75 points' && fail "arena.gate = 60 still prints 75"
}

# A paragraph longer than a page is refused, naming the file and line,
# and nothing is written.
t_overflow() {
	mkdir -p "$T/data/templates/rules" "$T/data/config"
	cp config/vector.ini "$T/data/config/"
	{ echo "title = Long"; printf 'para = {players}'; i=0
	  while [ $i -lt 60 ]; do echo; printf 'more = a very long paragraph of words that runs on and on and on and on'; i=$((i + 1)); done
	  echo; } > "$T/data/templates/rules/vector.en.ini"
	TILEPRESS_DATA=$T/data "$TP_BIN" -q -c "$T/data/config/vector.ini" build -o "$T/long" >"$OUT" 2>"$ERR"
	rc=$?
	[ $rc = 2 ] || { fail "exit $rc, want 2"; return; }
	grep -q 'vector.en.ini:2: .*more than a page' "$ERR" || fail "message: $(cat "$ERR")"
	[ ! -e "$T/long/rules.pdf" ] || fail "rules.pdf written"
}

# The seed's other ways to play are stated when the config asks for them,
# and only then: the arena's die game, the Eye, four players alone; the
# vector tiles' blanks laid by the players.
t_ways() {
	build arena "$T/ways" -s arena.players=4 -s arena.teams=individual -s arena.start=eye \
		-s arena.variant=die -s arena.die=pips || { fail "arena: $(cat "$ERR")"; return; }
	build arena "$T/std" || { fail "arena: $(cat "$ERR")"; return; }
	build vector "$T/vp" -s vector.blanks_placed=players || { fail "vector: $(cat "$ERR")"; return; }
	w=$T/ways/manifest/rules.md s=$T/std/manifest/rules.md v=$T/vp/manifest/rules.md
	for p in 'hides the Eye' 'as the die shows' 'each plays alone' "until the blocker's next turn"; do
		grep -q "$p" "$w" || fail "arena ways: '$p' not in the booklet"
		grep -q "$p" "$s" && fail "standard arena: '$p' in the booklet"
	done
	grep -q 'Toss a coin' "$s" || fail "standard arena: the coin toss not stated"
	grep -q 'Toss a coin' "$w" && fail "arena.start = eye still states the coin"
	grep -q 'blank tiles are laid by the players' "$v" || fail "vector: players' blanks not in the set-up"
	grep -q 'blank tiles are laid by the players' "$T/std/manifest/rules.md" && fail "wrong file"
	ocr "$T/ways/rules-pages.pdf" "$T/ways.ocr" || { fail "pdftoppm"; return; }
	tr '\n' ' ' < "$T/ways.ocr.txt" | grep -q 'as the die shows' || fail "the die game not on the booklet's page"
}

# print.title renames the game where the rules text titles it: rules.md's
# heading, the booklet's cover (read back by OCR) and the box's lid.
t_title() {
	want=$(sed -n 's/^title = //p' templates/rules/vector.en.ini | head -n 1)
	build vector "$T/t0" -s print.box=on || { fail "$(cat "$ERR")"; return; }
	[ "$(head -n 1 "$T/t0/manifest/rules.md")" = "# $want" ] || { fail "default title: $(head -n 1 "$T/t0/manifest/rules.md")"; return; }
	build vector "$T/t1" -s print.title="Arrows Home" || { fail "$(cat "$ERR")"; return; }
	[ "$(head -n 1 "$T/t1/manifest/rules.md")" = "# Arrows Home" ] || { fail "rules.md: $(head -n 1 "$T/t1/manifest/rules.md")"; return; }
	grep -qF "$want" "$T/t1/manifest/rules.md" && { fail "the old title left in rules.md"; return; }
	pdftoppm -r 150 -gray -png -f 1 -l 1 "$T/t1/rules-pages.pdf" "$T/cover" || { fail "pdftoppm"; return; }
	tesseract "$T"/cover-*1.png - 2>/dev/null | grep -q "Arrows Home" || { fail "the cover lacks the title"; return; }
	pdftoppm -r 100 -gray -png -f 1 -l 1 "$T/t1/box.pdf" "$T/lid" || { fail "pdftoppm box"; return; }
	tesseract "$T"/lid-*1.png - 2>/dev/null | grep -q "Arrows Home" || fail "the box lacks the title"
}

t_off() {
	build vector "$T/off" -s print.rules=off || { fail "$(cat "$ERR")"; return; }
	[ ! -e "$T/off/rules.pdf" ] && [ ! -e "$T/off/manifest/rules.md" ] || fail "print.rules = off still writes the booklet"
}

tcase "vector: the booklet's numbers are rules.md's and the config's" t_numbers vector
tcase "arena: the booklet's numbers are rules.md's and the config's" t_numbers arena
tcase "series: the booklet's numbers are rules.md's and the config's" t_numbers series
tcase "three config values changed: the booklet follows" t_follows
tcase "a text longer than a page is refused" t_overflow
tcase "the seed's other ways to play are stated when chosen" t_ways
tcase "print.title renames the booklet and the box" t_title
tcase "print.rules = off" t_off
echo "rules: $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
