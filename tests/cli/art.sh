#!/bin/sh
# Art packs (print.art): --list art, the shipped geometric pack built into
# press PDFs that keep the art vector (no image: pdfimages, qpdf), colours
# mapped to the game's inks or separated into process inks, an empty pack
# that changes no byte, and every refusal: exit 2, one line naming the
# file and line, before anything is written.  PNG pictures: one CMYK
# image in press PDFs (soft mask under PDF/X-4, none under PDF/X-1a), the
# PNG proof's pixels in place, the preflight's resolution rule and the
# ink report against Ghostscript.
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/art.sh      (make cli)

set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}

HARNESS=tp-art
. tests/cli/harness.sh
export SOURCE_DATE_EPOCH=1700000000

# --list art: a line per place, PLACE TAB what TAB W x H; the series'
# symbols sit in a cell, a sixth of the tile.
c_list() {
	run --list art --game series --set print.tile_mm=30
	expect_ok || return
	want=$(awk 'BEGIN { printf "%.2f x %.2f", 30 / 6, 30 / 6 }')
	got=$(awk -F '\t' '$1 == "series.lateral" { print $3 }' "$OUT")
	[ "$got" = "$want" ] || { fail "series.lateral box '$got', want '$want'"; return; }
	bad=$(awk -F '\t' 'NF != 3 || $3 !~ /^[0-9.]+ x [0-9.]+$/' "$OUT")
	[ -z "$bad" ] || { fail "not PLACE<TAB>what<TAB>box: $bad"; return; }
	for p in series.boxes series.vertical series.dots backs.logo; do
		grep -q "^$p	" "$OUT" || { fail "no $p"; return; }
	done
	run --list art --game vector
	expect_ok || return
	for p in vector.arrow vector.start1 vector.home4 vector.blank backs.logo board.title board.credit; do
		grep -q "^$p	" "$OUT" || { fail "vector: no $p"; return; }
	done
}
tcase "--list art prints every place with its box" c_list

# The arena's ledge places: a ledge 0.6 of a square deep, its boxes 1 mm
# (or the safe zone) in from the cut, 1 mm clear of the squares; a corner
# a square of the ledge less that margin each side.  The counters' art:
# the square inside the counter's circle kept the safe zone (at least
# 0.5 mm) from its die line.  The vector board's corners: its ledge less
# the margin.
c_list_arena() {
	run --list art --game arena --set arena.marking=colours --set arena.square_mm=30 \
		--set arena.side=13 --set arena.counter_mm=20 --set print.safe_mm=2
	expect_ok || return
	box() { awk -F '\t' -v p="$1" '$1 == p { print $3 }' "$OUT"; }
	want=$(awk 'BEGIN { L = 0.6 * 30; printf "%.2f x %.2f", 13 * 30 - 2 * L, L - 1 - 2 }')
	[ "$(box board.title)" = "$want" ] || { fail "board.title '$(box board.title)', want '$want'"; return; }
	[ "$(box board.credit)" = "$want" ] || { fail "board.credit '$(box board.credit)', want '$want'"; return; }
	want=$(awk 'BEGIN { s = 0.6 * 30 - 2 * 2; printf "%.2f x %.2f", s, s }')
	[ "$(box board.corner)" = "$want" ] || { fail "board.corner '$(box board.corner)', want '$want'"; return; }
	want=$(awk 'BEGIN { s = sqrt(2) * (20 / 2 - 2.05); printf "%.2f x %.2f", s, s }')
	[ "$(box arena.counter)" = "$want" ] || { fail "arena.counter '$(box arena.counter)', want '$want'"; return; }
	# numbers print no counters
	run --list art --game arena
	grep -q '^arena.counter	' "$OUT" && { fail "arena.counter listed with marking = numbers"; return; }
	run --list art --game vector --set vector.ledge_mm=12
	want=$(awk 'BEGIN { printf "%.2f x %.2f", 12 - 2, 12 - 2 }')
	got=$(awk -F '\t' '$1 == "board.corner" { print $3 }' "$OUT")
	[ "$got" = "$want" ] || fail "vector board.corner '$got', want '$want'"
}
tcase "--list art: the arena's ledges and counters, the vector's corners" c_list_arena

# Every place of the shipped pack is a place of some game.
c_pack_places() {
	run --list art --game series
	cp "$OUT" "$T/places"
	run --list art --game vector
	cat "$OUT" >>"$T/places"
	run --list art --game arena --set arena.marking=colours --set arena.colours=8
	cat "$OUT" >>"$T/places"
	run --list art -c series-hex --set hex.indicia=shapes
	cat "$OUT" >>"$T/places"
	# The value pictures (NAME.1 .. NAME.9) are the geometric values.ini's.
	cut -f 1 "$T/places" | grep -v '\.[1-9]$' | sort -u >"$T/names"
	cut -f 1 "$T/places" | grep '\.[1-9]$' | sort -u >"$T/values"
	cut -f 1 "$T/places" | sort -u >"$T/all"
	for pk in geometric/art.ini pictorial/art.ini geometric/values.ini; do
		want=$T/names
		[ "$pk" = geometric/values.ini ] && want=$T/values
		sed -n 's/^\[\(.*\)\]$/\1/p' templates/art/$pk | grep -v '^colours$' | sort -u >"$T/pk"
		extra=$(comm -13 "$T/all" "$T/pk" | tr '\n' ' ')
		[ -z "$extra" ] || { fail "$pk: [$extra] no game's place"; return; }
		missing=$(comm -23 "$want" "$T/pk" | tr '\n' ' ')
		[ -z "$missing" ] || { fail "$pk: no drawing for $missing"; return; }
	done
}
tcase "both shipped packs fill every place, and only real places" c_pack_places

# Every game (the arena with each marking that has places), every place,
# both packs, both layouts: the preflight finds no error.
c_every_place() {
	for pk in geometric pictorial; do
		for lay in gang punchboard; do
			for g in "-c config/series.ini" "-c config/series-table.ini" "-c config/series-hex.ini" \
				"-c config/vector.ini" "-c config/arena.ini --set arena.marking=colours --set arena.colours=8" \
				"-c config/arena.ini --set arena.marking=pictures"; do
				# shellcheck disable=SC2086
				run preflight $g --set print.art=$pk --set print.layout=$lay
				head -1 "$OUT" | grep -q ' 0 errors' ||
					{ fail "$pk, $lay, $g: $(head -2 "$OUT" | tr '\n' ' ')"; return; }
			done
		done
	done
}
tcase "every game, every place, both packs, both layouts: 0 preflight errors" c_every_place

# The shipped pack in press PDFs: the art is paths, not images; the PDF is
# sound; the designer's orange is a process ink of its own.
c_vector_pdf() {
	d=$T/vec
	run build -c vector --set print.art=geometric -o "$d" --formats pdf -q
	expect_ok || return
	for f in tiles tile-backs board; do
		qpdf --check "$d/$f.pdf" >/dev/null 2>&1 || { fail "$f.pdf: qpdf --check fails"; return; }
		n=$(pdfimages -list "$d/$f.pdf" | tail -n +3 | wc -l)
		[ "$n" -eq 0 ] || { fail "$f.pdf holds $n images"; return; }
	done
	# The back is blue (mostly C, M): the logo's separated orange brings
	# yellow, as Ghostscript sees the plates.
	run build -c vector -o "$T/vec0" --formats pdf --only tile-backs -q
	expect_ok || return
	y0=$(gs -q -o - -sDEVICE=inkcov "$T/vec0/tile-backs.pdf" | awk '{ print $3 }')
	y1=$(gs -q -o - -sDEVICE=inkcov "$d/tile-backs.pdf" | awk '{ print $3 }')
	awk -v a="$y0" -v b="$y1" 'BEGIN { exit !(b > a + 0.01) }' ||
		{ fail "yellow plate without the pack $y0, with it $y1: want at least 1 % more with it"; return; }
	head -1 "$d/manifest/preflight.txt" | grep -q ' 0 errors' ||
		fail "preflight: $(head -1 "$d/manifest/preflight.txt")"
}
tcase "vector with the pack: vector PDFs, separated orange, 0 preflight errors" c_vector_pdf

# The art changes the pages it is placed on: the series fronts with the
# pack differ from the fronts without, in the series' inks only.
c_series_fronts() {
	run build --set print.art=geometric -o "$T/s1" --only fronts --formats pdf -q
	expect_ok || return
	run build -o "$T/s0" --only fronts --formats pdf -q
	expect_ok || return
	cmp -s "$T/s0/fronts.pdf" "$T/s1/fronts.pdf" && { fail "the pack changed nothing"; return; }
	n=$(pdfimages -list "$T/s1/fronts.pdf" | tail -n +3 | wc -l)
	[ "$n" -eq 0 ] || fail "fronts.pdf holds $n images"
}
tcase "series fronts take the pack's symbols, as vectors" c_series_fronts

# A pack with no places for this game, or none at all, changes no byte of
# any sheet.
c_empty_pack() {
	mkdir -p "$T/empty"
	printf '; nothing yet\n[colours]\n' >"$T/empty/art.ini"
	run build -c vector -o "$T/e0" --formats pdf,svg -q
	expect_ok || return
	run build -c vector --set print.art="$T/empty" -o "$T/e1" --formats pdf,svg -q
	expect_ok || return
	for f in $(cd "$T/e0" && ls *.pdf *.svg); do
		cmp -s "$T/e0/$f" "$T/e1/$f" || { fail "$f differs"; return; }
	done
	# The record names the key once it is given, and not before (so a
	# build without a pack records what it did before the key existed).
	grep -q '"print.art"' "$T/e0/manifest/build.json" && { fail "build.json names an unset print.art"; return; }
	grep -qF "\"print.art\": \"$T/empty\"" "$T/e1/manifest/build.json" ||
		{ fail "build.json lacks print.art = $T/empty"; return; }
	# another game's places are skipped: a vector pack changes no byte of
	# the arena (its orange would be an ink of the arena's if it were read)
	mkdir -p "$T/other"
	printf '[vector.blank]\nfile = a.svg\n' >"$T/other/art.ini"
	printf '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"><rect width="10" height="10" fill="#e07020"/></svg>\n' >"$T/other/a.svg"
	run build -c arena -o "$T/a0" --formats pdf --only board -q
	run build -c arena --set print.art="$T/other" -o "$T/a1" --formats pdf --only board -q
	expect_ok || return
	cmp -s "$T/a0/board.pdf" "$T/a1/board.pdf" || fail "arena board.pdf differs"
}
tcase "an empty pack changes no byte" c_empty_pack

# pack NAME SECTION-TEXT [SVG-NAME SVG-TEXT]: a pack folder $T/NAME.
pack() {
	mkdir -p "$T/$1"
	printf '%b' "$2" >"$T/$1/art.ini"
	[ $# -ge 4 ] && printf '%b' "$4" >"$T/$1/$3"
	return 0
}
SQ='<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">\n<rect width="10" height="10" fill="#d32f2f"/>\n</svg>\n'

# The arena with an empty pack, colours marking: the board, its parts, the
# cut sheet and the counters keep every byte (no ledge without a title).
# A title alone adds the top ledge (0.6 of a square) and nothing below; a
# corner adds both, and the parts and the cut sheet follow.
c_arena_ledges() {
	mkdir -p "$T/aempty"
	printf '[colours]\n' >"$T/aempty/art.ini"
	set -- --set arena.marking=colours --only board,board-part-1,board-part-2,cut,counters --formats pdf,svg -q
	run build -c arena "$@" -o "$T/ae0"
	expect_ok || return
	run build -c arena "$@" --set print.art="$T/aempty" -o "$T/ae1"
	expect_ok || return
	for f in $(cd "$T/ae0" && ls *.pdf *.svg); do
		cmp -s "$T/ae0/$f" "$T/ae1/$f" || { fail "$f differs with an empty pack"; return; }
	done
	pack at '[board.title]\nfile = a.svg\n#d32f2f = numbers\n' a.svg "$SQ"
	pack ac '[board.corner]\nfile = a.svg\n#d32f2f = numbers\n' a.svg "$SQ"
	run build -c arena --only board,board-part-1,board-part-2 --formats svg -q --set print.art="$T/at" -o "$T/at1"
	expect_ok || return
	run build -c arena --only board,board-part-1,board-part-2 --formats svg -q --set print.art="$T/ac" -o "$T/ac1"
	expect_ok || return
	L=$(awk 'BEGIN { print 0.6 * 25 }')
	for f in board board-part-1 board-part-2; do
		h0=$(grep -o 'height="[0-9.]*mm"' "$T/ae0/$f.svg" | head -1 | tr -dc '0-9.')
		ht=$(grep -o 'height="[0-9.]*mm"' "$T/at1/$f.svg" | head -1 | tr -dc '0-9.')
		hc=$(grep -o 'height="[0-9.]*mm"' "$T/ac1/$f.svg" | head -1 | tr -dc '0-9.')
		L2=$(awk -v l="$L" 'BEGIN { print 2 * l }')
		case $f in board) wt=$L wc=$L2 ;; board-part-1) wt=$L wc=$L ;; *) wt=0 wc=$L ;; esac
		awk -v a="$h0" -v b="$ht" -v c="$hc" -v t="$wt" -v k="$wc" \
			'BEGIN { exit !(b - a > t - 0.01 && b - a < t + 0.01 && c - a > k - 0.01 && c - a < k + 0.01) }' ||
			{ fail "$f: height $h0 mm, with a title $ht (want +$wt), with corners $hc (want +$wc)"; return; }
	done
	run preflight -c arena --set print.art="$T/ac"
	head -1 "$OUT" | grep -q ' 0 errors' || fail "preflight: $(head -1 "$OUT")"
}
tcase "arena: no ledge without a title, a ledge for each given" c_arena_ledges

# The hexagonal and triangular boards, cut round their cells, take the
# title on ledges too: the board becomes the rectangle of its cells' box
# and the ledges.  --list art gives the title's box by the square board's
# rule (the ledge 0.6 of a pitch deep, the box 1 mm or the safe zone from
# the cut, 1 mm clear of the cells); Poppler's rendering puts the title's
# ink in that box and on no cell, the die line is that rectangle, and the
# cells are the board without a pack moved down (ledge_pixels.py --cells).
# The parts' die lines (and, punchboard, their pieces') tile the
# rectangle: one piece each, their areas adding up to the whole board's
# (die_cells.py).  Both shipped packs: 0 preflight errors or warnings.
c_cell_ledges() {
	pack ht '[board.title]\ntext = Ledge\nink = numbers\n'
	pack hb '[board.title]\ntext = Ledge\nink = outer\n'
	L=$(awk 'BEGIN { print 0.6 * 25 }')
	for g in hex tri; do
		set -- -c config/arena.ini --set arena.grid=tri
		[ $g = hex ] && set -- -c config/arena-hex.ini
		run --list art "$@" --set print.split=cols
		expect_ok || return
		bc=$(awk -F '\t' '$1 == "board.title" { print $3 }' "$OUT" | awk '{ print $1 }')
		run --list art "$@" --set print.split=none
		expect_ok || return
		b=$(awk -F '\t' '$1 == "board.title" { print $3 }' "$OUT")
		[ -n "$b" ] || { fail "$g: no board.title listed"; return; }
		for v in plain ht hb; do
			a=""
			[ $v = plain ] || a="--set print.art=$T/$v"
			# shellcheck disable=SC2086
			run build "$@" $a --set print.split=none --only board --formats pdf -q -o "$T/$g-$v"
			expect_ok || return
		done
		w=$(echo "$b" | awk '{ print $1 }')
		h=$(echo "$b" | awk '{ print $3 }')
		out=$(python3 tests/cli/ledge_pixels.py --cells "$T/$g-ht/board.pdf" "$T/$g-hb/board.pdf" \
			"$T/$g-plain/board.pdf" "$L" 0 "$L" 1 "$w" "$h" 2>&1) || { fail "$g: $out"; return; }
		dw=$(echo "$out" | sed -n 's/.*die \([0-9.]*\) x.*/\1/p')
		awk -v d="$dw" -v w="$w" -v l="$L" -v h="$h" 'BEGIN { exit !(w > d - 2 * l - 0.01 && w < d - 2 * l + 0.01 && h > l - 2.01 && h < l - 1.99) }' ||
			{ fail "$g: title box $b, want $dw - 2 x $L wide, $L - 2 high"; return; }
		# split into columns, the cut runs through the ledge within half a
		# pitch left of the middle: the title keeps 1 mm left of that
		awk -v d="$dw" -v w="$bc" -v l="$L" 'BEGIN { x = d / 2 - 25 / 2 - 1 - l; exit !(w > x - 0.01 && w < x + 0.01) }' ||
			{ fail "$g, split cols: title $bc mm wide, want $dw / 2 - 12.5 - 1 - $L"; return; }
		for pk in geometric pictorial; do
			for lay in gang punchboard; do
				run preflight "$@" --set print.art=$pk --set print.layout=$lay
				head -1 "$OUT" | grep -q ' 0 errors, 0 warnings' ||
					{ fail "$g, $pk, $lay: $(head -3 "$OUT" | tr '\n' ' ')"; return; }
			done
		done
		run build "$@" --set print.art=geometric --set print.split=none --only cut --formats svg -q -o "$T/$g-c0"
		expect_ok || return
		whole=$(python3 tests/prepress/die_cells.py "$T/$g-c0/cut-board.svg" | awk 'NR == 1 { print $3 }')
		for sp in rows cols; do
			for lay in gang punchboard; do
				d=$T/$g-c-$sp-$lay
				run build "$@" --set print.art=geometric --set print.split=$sp --set print.layout=$lay \
					--only cut --formats svg -q -o "$d"
				expect_ok || return
				sum=0
				for f in "$d"/cut-board-part-*.svg; do
					r=$(python3 tests/prepress/die_cells.py "$f")
					echo "$r" | grep -qx 'pieces 1' || { fail "$f: $(echo "$r" | tail -1), want 1"; return; }
					sum=$(echo "$r" | awk -v s="$sum" 'NR == 1 { print s + $3 }')
				done
				awk -v a="$sum" -v b="$whole" 'BEGIN { exit !(a > b - 0.5 && a < b + 0.5) }' ||
					{ fail "$g, split $sp, $lay: the parts' dies add up to $sum mm2, the board's is $whole"; return; }
			done
		done
	done
}
tcase "hex and tri boards: ledges, the title on no cell, parts tiling the rectangle" c_cell_ledges

# A text entry without a size is fitted whole into its place, so it is
# inside its box by construction, for any letters (the outline's points,
# not the font's ink box, are what is fitted); with a size too large for
# the box it is shrunk, and an offset that pushes it out is refused.
c_text_fitted() {
	for t in X W Ag '#' 'Ship'; do
		pack tf "[board.corner]\ntext = $t\nink = text\n"
		run check -c series --set print.art="$T/tf"
		expect_ok || { fail "text = $t: $(head -2 "$OUT")"; return; }
	done
	pack tf '[board.corner]\ntext = X\nink = text\noffset = 3 0\n'
	expect_usage check -c series --set print.art="$T/tf"
	err_has "art.ini:1: [board.corner]: the text reaches " " mm outside its 10.00 x 10.00 mm box"
}
tcase "a text entry without a size is fitted inside its box" c_text_fitted

# The series board: squares to the cut, so its title, credit line and
# corners come on ledges, 0.6 of a square deep, as on the arena's square
# board: --list art gives their boxes (1 mm, or the safe zone, from the
# cut and 1 mm clear of the squares), an empty pack keeps every byte of
# the board, its halves and the cut sheet, a title grows the board and
# the top half by a ledge (corners: both ledges, each half one), and the
# title lands in its box, centred, over squares that are the board
# without a pack moved down (ledge_pixels.py, Poppler's rendering).
# The blind edition's board is its recess plate's: no ledge places.
c_series_ledges() {
	run --list art --game series --set print.tile_mm=30
	expect_ok || return
	box() { awk -F '\t' -v p="$1" '$1 == p { print $3 }' "$OUT"; }
	want=$(awk 'BEGIN { L = 0.6 * 30; printf "%.2f x %.2f", 18 * 30 - 2 * L, L - 1 - 1 }')
	[ "$(box board.title)" = "$want" ] || { fail "board.title '$(box board.title)', want '$want'"; return; }
	[ "$(box board.credit)" = "$want" ] || { fail "board.credit '$(box board.credit)', want '$want'"; return; }
	want=$(awk 'BEGIN { s = 0.6 * 30 - 2 * 1; printf "%.2f x %.2f", s, s }')
	[ "$(box board.corner)" = "$want" ] || { fail "board.corner '$(box board.corner)', want '$want'"; return; }
	run --list art -c series-blind
	expect_ok || return
	grep -q '^board\.' "$OUT" && { fail "the blind edition lists $(grep '^board\.' "$OUT" | cut -f1)"; return; }
	mkdir -p "$T/sempty"
	printf '[colours]\n' >"$T/sempty/art.ini"
	set -- --only board,board-half-1,board-half-2,cut --formats pdf,svg -q
	run build "$@" -o "$T/se0"
	expect_ok || return
	run build "$@" --set print.art="$T/sempty" -o "$T/se1"
	expect_ok || return
	for f in $(cd "$T/se0" && ls *.pdf *.svg); do
		cmp -s "$T/se0/$f" "$T/se1/$f" || { fail "$f differs with an empty pack"; return; }
	done
	pack stitle '[board.title]\ntext = {title}\n' 
	pack scorner '[board.corner]\nfile = a.svg\n#d32f2f = text\n' a.svg "$SQ"
	run build "$@" --set print.art="$T/stitle" --set print.title=Ledges -o "$T/st1"
	expect_ok || return
	run build "$@" --set print.art="$T/scorner" -o "$T/sc1"
	expect_ok || return
	L=$(awk 'BEGIN { print 0.6 * 20 }')
	for f in board board-half-1 board-half-2 cut-board-half-1 cut-board-half-2; do
		h0=$(grep -o 'height="[0-9.]*mm"' "$T/se0/$f.svg" | head -1 | tr -dc '0-9.')
		ht=$(grep -o 'height="[0-9.]*mm"' "$T/st1/$f.svg" | head -1 | tr -dc '0-9.')
		hc=$(grep -o 'height="[0-9.]*mm"' "$T/sc1/$f.svg" | head -1 | tr -dc '0-9.')
		L2=$(awk -v l="$L" 'BEGIN { print 2 * l }')
		case $f in board) wt=$L wc=$L2 ;; *half-1) wt=$L wc=$L ;; *) wt=0 wc=$L ;; esac
		awk -v a="$h0" -v b="$ht" -v c="$hc" -v t="$wt" -v k="$wc" \
			'BEGIN { exit !(b - a > t - 0.01 && b - a < t + 0.01 && c - a > k - 0.01 && c - a < k + 0.01) }' ||
			{ fail "$f: height $h0 mm, with a title $ht (want +$wt), with corners $hc (want +$wc)"; return; }
	done
	# the title's box on the page with the top ledge only: the credit's
	# ledge is missing, the box is the same
	run --list art --game series
	b=$(awk -F '\t' '$1 == "board.title" { print $3 }' "$OUT" | awk '{ print $1, $3 }')
	set -- $b
	bx=$(awk -v l="$L" 'BEGIN { print l }')
	out=$(python3 tests/cli/ledge_pixels.py "$T/st1/board.pdf" "$T/se0/board.pdf" "$L" "$bx" 1 "$1" "$2" 2>&1) ||
		{ fail "title: $out"; return; }
	run preflight --set print.art="$T/stitle"
	head -1 "$OUT" | grep -q ' 0 errors' || fail "preflight: $(head -1 "$OUT")"
}
tcase "series: ledges for the title, credit and corners; none without" c_series_ledges

# The series board halved, with each shipped pack, across the columns and
# across the rows: the preflight finds nothing, and each half, rendered by
# Poppler, has the bleed box of its trim grown by the bleed on every side,
# carries the ink at its split edge on through the bleed, and has no
# ledge art within 1 mm of the split (split_bleed.py): no art is cut there.
c_split_bleed() {
	L=$(awk 'BEGIN { print 0.6 * 20 }')
	bleed=$(awk -F ' *= *' '$1 == "bleed_mm" { split($2, a, " "); print a[1] }' config/series.ini)
	for a in geometric pictorial; do
		for s in cols rows; do
			run preflight --set print.art=$a --set print.split=$s
			expect_ok || return
			head -1 "$OUT" | grep -q ' 0 errors, 0 warnings$' ||
				{ fail "$a, split = $s: $(head -3 "$OUT" | tr '\n' ' ')"; return; }
			d=$T/split-$a-$s
			run build --set print.art=$a --set print.split=$s --only board-half-1,board-half-2 --formats pdf -q -o "$d"
			expect_ok || return
			case $s in cols) s1=right s2=left ;; *) s1=bottom s2=top ;; esac
			for h in 1 2; do
				eval side=\$s$h
				out=$(python3 tests/cli/split_bleed.py "$d/board-half-$h.pdf" "$side" "$bleed" "$L" "$L" 1 2>&1) ||
					{ fail "$a, split = $s, half $h: $out"; return; }
			done
		done
	done
}
tcase "series: both packs, halved either way: no art cut at the split, full bleed" c_split_bleed

# Art under a fill painted after it is never seen: the preflight warns
# (hidden-art), naming art.ini's line of the section (found in the file)
# and the place.  A title in the arena's inner ink lies under its outer
# ledge; a colour class's mark in the inner ink under the outer squares
# drawn over it; the same art in the numbers' ink shows, and is not named.
c_hidden_art() {
	pack hid '[board.credit]\ntext = Seen\nink = numbers\n\n[board.title]\ntext = Hidden\nink = inner\n\n[arena.class1]\nfile = a.svg\n#d32f2f = inner\n' a.svg "$SQ"
	run build -c arena --set arena.marking=colours --set print.art="$T/hid" --formats pdf -q -o "$T/hid1"
	expect_ok || return
	j=$T/hid1/manifest/preflight.json
	for p in board.title arena.class1; do
		line=$(grep -n "^\[$p\]" "$T/hid/art.ini" | cut -d: -f1)
		grep -qF "\"sheet\":\"board\",\"page\":1," "$j" || { fail "no board page in $j"; return; }
		grep -F "\"rule\":\"hidden-art\"" "$j" | grep -qF "[$p] ($T/hid/art.ini:$line) lies under a fill in outer" ||
			{ fail "no hidden-art warning for [$p] at art.ini:$line: $(grep hidden-art "$j" | head -3)"; return; }
	done
	grep -q 'hidden-art.*\[board.credit\]' "$j" && { fail "the credit line in numbers is named hidden"; return; }
	grep -q '^warning board page 1 at .*: hidden-art: \[.*alike on board page 1: .*\[arena.class1\], 1 \[board.title\]' \
		"$T/hid1/manifest/preflight.txt" || { fail "preflight.txt: $(grep hidden-art "$T/hid1/manifest/preflight.txt")"; return; }
	pack shown '[board.title]\ntext = Shown\nink = numbers\n\n[arena.class1]\nfile = a.svg\n#d32f2f = numbers\n' a.svg "$SQ"
	run preflight -c arena --set arena.marking=colours --set print.art="$T/shown"
	expect_ok || return
	grep -q hidden-art "$OUT" && fail "art in the numbers' ink named hidden: $(grep hidden-art "$OUT")"
}
tcase "preflight: art under a fill drawn over it is named by its art.ini line" c_hidden_art

# check reports the pack it read whole: its file, how many of the game's
# places (--list art) it draws, how many of its sections are other games'
# places, and the inks its colours print in; nothing without a pack.
c_check_report() {
	run check
	expect_ok || return
	grep -q '^art pack' "$OUT" && { fail "an art line without a pack"; return; }
	ini=templates/art/geometric/art.ini
	for g in series vector; do
		run --list art --game $g
		cut -f 1 "$OUT" | sort >"$T/places.$g"
		grep '^\[' "$ini" | tr -d '[]' | grep -vx colours | sort >"$T/sections"
		drawn=$(comm -12 "$T/places.$g" "$T/sections" | wc -l)
		skipped=$(comm -13 "$T/places.$g" "$T/sections" | wc -l)
		places=$(wc -l <"$T/places.$g")
		# the drawn sections that are lines of text (text =)
		awk '/^\[/ { s = substr($0, 2, length($0) - 2) } /^text *=/ { print s }' "$ini" | sort >"$T/texts"
		texts=$(comm -12 "$T/places.$g" "$T/texts" | wc -l)
		run -c $g check --set print.art=geometric
		expect_ok || return
		want="art pack $ini: ok, $drawn of $places places of this game drawn ($((drawn - texts)) drawings, $texts text entries, 0 pictures), $skipped sections of other games skipped; inks:"
		line=$(grep '^art pack' "$OUT" | sed 's|^art pack [^:]*templates/art/|art pack templates/art/|')
		case $line in "$want"*) ;; *) fail "$g: '$line', want '$want ...'"; return ;; esac
		# the logo's orange is separated, the symbols mapped
		echo "$line" | grep -q 'art-f39200 (separated: C[0-9]* M[0-9]* Y[0-9]* K[0-9]*)' ||
			{ fail "$g: no separated orange in '$line'"; return; }
	done
	echo "$line" | grep -q 'inks: vectors,' || fail "vector: the arrows' ink not listed: $line"
	# a shared ink (text) is listed as the game's are
	pack ck '[colours]\n#1d1d1b = text\n[backs.logo]\nfile = k.svg\n' k.svg \
		'<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm">\n<rect width="10" height="10" fill="#1d1d1b"/>\n</svg>\n'
	run check --set print.art="$T/ck"
	expect_ok || return
	grep -q "^art pack $T/ck/art.ini: ok, 1 of .* (1 drawings, .*; inks: text\$" "$OUT" ||
		fail "the text ink not listed: $(grep '^art pack' "$OUT")"
}
tcase "check reports the pack: its places, skipped sections and inks" c_check_report

c_refusals() {
	pack p1 '[series.laterl]\nfile = a.svg\n'
	refuse "$T/p1/art.ini:1:" "series.laterl" "series.lateral" -- --set print.art="$T/p1"
	[ -n "$why" ] && return
	# the pack's file and line first, the --set named once
	case $(cat "$ERR") in "tilepress: $T/p1/art.ini:1: "*) ;; *) fail "not art.ini:1 first: $(errtext)"; return ;; esac
	n=$(grep -o "print\.art" "$ERR" | wc -l)
	[ "$n" -eq 1 ] || { fail "print.art named $n times: $(errtext)"; return; }
	grep -qF "(the pack of --set print.art=$T/p1)" "$ERR" || { fail "no --set named: $(errtext)"; return; }
	printf '[print]\nart = p1\n' >"$T/p1.ini"
	run -c "$T/p1.ini" --set game.name=series check
	[ "$rc" -eq 2 ] || { fail "a config's pack: exit $rc, want 2"; return; }
	one_err_line || return
	err_has "$T/p1/art.ini:1:" "(the pack of $T/p1.ini:2: print.art = p1)" || return
	pack p2 '[series.lateral]\nfile = a.svg\n#d32f2f = purple\n' a.svg "$SQ"
	refuse "$T/p2/art.ini:3:" "purple" "lateral" -- --set print.art="$T/p2"
	[ -n "$why" ] && return
	pack p3 '[colours]\nconvert = off\n[series.lateral]\nfile = a.svg\n' a.svg "$SQ"
	refuse "$T/p3/a.svg:2:" "#d32f2f" "maps to no ink" -- --set print.art="$T/p3"
	[ -n "$why" ] && return
	pack p4 '[series.lateral]\nfile = a.svg\nscale = 1.5\n#d32f2f = lateral\n' a.svg "$SQ"
	refuse "$T/p4/art.ini:1:" "outside its" -- --set print.art="$T/p4"
	[ -n "$why" ] && return
	pack p5 '[series.lateral]\nfile = a.png\n'
	refuse "$T/p5/art.ini:2:" "[series.lateral] file = a.png" "no such file" -- --set print.art="$T/p5"
	[ -n "$why" ] && return
	pack p9 '[backs.logo]\nscale = 0.5\nfile = logo.svg\n'
	refuse "$T/p9/art.ini:3:" "[backs.logo] file = logo.svg" "no such file" -- --set print.art="$T/p9"
	[ -n "$why" ] && return
	pack p7 '[backs.logo]\nfile = a.png\n' a.png '<svg/>\n'
	refuse "$T/p7/a.png" "not a PNG" "Export" -- --set print.art="$T/p7"
	[ -n "$why" ] && return
	pack p8 '[backs.logo]\nfile = a.gif\n'
	refuse "$T/p8/art.ini:2:" "a.gif" "NAME.png" -- --set print.art="$T/p8"
	[ -n "$why" ] && return
	cp tests/data/svg/bad/gradient.svg "$T/p2/g.svg"
	pack p6 '[series.lateral]\nfile = g.svg\n'
	cp tests/data/svg/bad/gradient.svg "$T/p6/g.svg"
	refuse "$T/p6/g.svg:6:" "<path>" "Inkscape" -- --set print.art="$T/p6"
	[ -n "$why" ] && return
	refuse "print.art" "art.ini" -- --set print.art="$T/nowhere"
}
tcase "bad packs: exit 2, one line naming file and line, nothing written" c_refusals

# A colour that separates to more ink than the profile allows is refused
# by name (pure black in sRGB goes near 300 % through a press profile).
c_tac() {
	pack t1 '[series.lateral]\nfile = k.svg\n' k.svg \
		'<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm">\n<rect width="10" height="10" fill="#000000"/>\n</svg>\n'
	run check --set print.art="$T/t1" --set print.max_tac_pct=150
	[ "$rc" -eq 2 ] || { fail "exit $rc, want 2"; return; }
	one_err_line || return
	err_has "k.svg:2:" "#000000" "max_tac_pct = 150" "#000000 = text"
}
tcase "a separated colour over the ink limit is refused" c_tac

# The preflight sees the art's strokes at the size they print: a 0.2 unit
# stroke of a 10-unit drawing in a 20 mm tile's cell (20 / 6 mm) is
# 0.2 / 10 * 20 / 6 mm, under print.min_line_mm = 0.1.
c_thin() {
	pack th '[series.lateral]\nfile = t.svg\n#d32f2f = lateral\n' t.svg \
		'<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">\n<path d="M1 5 H9" stroke="#d32f2f" stroke-width="0.2"/>\n</svg>\n'
	want=$(awk 'BEGIN { printf "a %.3f mm line in lateral", 0.2 / 10 * 20 / 6 }')
	run preflight --set print.min_line_mm=0.1
	grep -qF "in lateral" "$OUT" && { fail "line-weight in lateral without the pack"; return; }
	run preflight --set print.art="$T/th" --set print.min_line_mm=0.1
	grep -qF "$want" "$OUT" || fail "no '$want' in: $(head -c 300 "$OUT")"
}
tcase "the preflight measures art strokes as printed" c_thin

# ---- PNG art ----------------------------------------------------------
# png_pack NAME W H rgb|rgba: a pack with a W x H picture of four coloured
# quadrants (tests/cli/png_tool.py) as the series backs' logo.
png_pack() {
	mkdir -p "$T/$1"
	python3 tests/cli/png_tool.py make "$T/$1/logo.png" "$2" "$3" "$4" || return 1
	printf '[backs.logo]\nfile = logo.png\n' >"$T/$1/art.ini"
}

# Press PDFs hold the picture as one CMYK image shared by every back, no
# RGB anywhere (the PDF/X-1a checks); its alpha flattened under PDF/X-1a
# (no soft mask; its pixels of alpha 0 an explicit stencil mask), kept as
# a soft mask under PDF/X-4.
c_png_press() {
	png_pack pa 200 200 rgba || { fail "no png"; return; }
	run build --set print.art="$T/pa" -o "$T/pa1" --only backs --formats pdf -q
	expect_ok || return
	pdfimages -list "$T/pa1/backs.pdf" | tail -n +3 >"$T/list1"
	[ -s "$T/list1" ] || { fail "backs.pdf holds no image"; return; }
	awk '$3 == "image" && $6 != "cmyk" { bad = 1 } $3 == "smask" { bad = 1 } END { exit bad }' "$T/list1" ||
		{ fail "PDF/X-1a: an image not CMYK, or a soft mask: $(head -3 "$T/list1")"; return; }
	# the pixels of alpha 0 (its right quarter) are a stencil, no transparency
	grep -q ' mask ' "$T/list1" || { fail "PDF/X-1a: no stencil mask for the empty pixels"; return; }
	objs=$(awk '{ print $11 }' "$T/list1" | sort -u | wc -l)
	[ "$objs" -eq 1 ] || { fail "$objs image objects for one picture, want 1"; return; }
	python3 tests/prepress/pdfx_check.py "$T/pa1/backs.pdf" >"$T/x1a.txt" 2>&1 ||
		{ fail "pdfx_check: $(tail -3 "$T/x1a.txt")"; return; }
	qpdf --check "$T/pa1/backs.pdf" >/dev/null 2>&1 || { fail "qpdf --check fails"; return; }
	run build --set print.art="$T/pa" --set print.pdfx=x4 -o "$T/pa4" --only backs --formats pdf -q
	expect_ok || return
	pdfimages -list "$T/pa4/backs.pdf" | tail -n +3 >"$T/list4"
	grep -q ' smask ' "$T/list4" || { fail "PDF/X-4: no soft mask: $(head -3 "$T/list4")"; return; }
	awk '$3 == "image" && $6 != "cmyk" { bad = 1 } END { exit bad }' "$T/list4" ||
		{ fail "PDF/X-4: an image not CMYK"; return; }
	grep -q 'DeviceRGB' "$T/pa4/backs.pdf" && { fail "PDF/X-4 names DeviceRGB"; return; }
	head -1 "$T/pa4/manifest/preflight.txt" 2>/dev/null | grep -q ' 0 errors' ||
		[ ! -f "$T/pa4/manifest/preflight.txt" ] || fail "preflight: $(head -1 "$T/pa4/manifest/preflight.txt")"
}
tcase "PNG art: one CMYK image, flattened in X-1a, soft mask in X-4" c_png_press

# The PNG proof shows the picture's pixels where it is placed: each
# quadrant's centre, found through the placement the SVG gives, has the
# source's colour (resampling blurs only the edges).
c_png_pixels() {
	png_pack pp 200 200 rgb || { fail "no png"; return; }
	run build --set print.art="$T/pp" --set print.dpi=100 --set print.bleed_mm=3 \
		-o "$T/pp1" --only backs --formats png,svg -q
	expect_ok || return
	grep -c '<image ' "$T/pp1/backs.svg" | grep -qx 1 || { fail "backs.svg: not one <image>"; return; }
	m=$(grep -o '<use xlink:href="#img[0-9]*" transform="matrix([^)]*)' "$T/pp1/backs.svg" | head -1 |
		sed 's/.*matrix(//')
	[ -n "$m" ] || { fail "backs.svg: no placement"; return; }
	set -- $m
	xy=$(awk -v a="$1" -v b="$2" -v c="$3" -v d="$4" -v e="$5" -v f="$6" 'BEGIN {
		s = 100 / 25.4
		split("50 50 150 50 150 150 50 150", q, " ")
		for (k = 1; k <= 8; k += 2) {
			x = e + a * q[k] + c * q[k + 1]; y = f + b * q[k] + d * q[k + 1]
			printf "%d %d ", int((x + 3) * s), int((y + 3) * s)
		}
	}')
	python3 tests/cli/png_tool.py pixel "$T/pp1/backs.png" $xy >"$T/px" || { fail "cannot read backs.png"; return; }
	# red, green, blue, yellow: top-left, top-right, bottom-right, bottom-left
	printf '220 30 30\n30 160 60\n30 60 200\n240 200 20\n' >"$T/want"
	paste "$T/px" "$T/want" | awk '{ for (i = 1; i <= 3; i++) if ($i - $(i + 3) > 3 || $(i + 3) - $i > 3) bad = 1 }
		END { exit bad }' || { fail "pixels $(tr '\n' ';' <"$T/px"), want $(tr '\n' ';' <"$T/want")"; return; }
}
tcase "PNG art: the PNG proof shows the picture's pixels in place" c_png_pixels

# The preflight measures a picture's resolution as printed: backs.logo is
# 16 mm, so 50 px is 79 ppi (an error, under 150) and 120 px 190 ppi (a
# warning, under 300); 200 px passes.
c_png_ppi() {
	png_pack lo 50 50 rgb && png_pack mid 120 120 rgb && png_pack hi 200 200 rgb ||
		{ fail "no png"; return; }
	run preflight --set print.art="$T/lo"
	want=$(awk 'BEGIN { printf "%.0f ppi", 50 * 25.4 / 16 }')
	grep -q "^error backs .*image-ppi: picture logo.png at $want" "$OUT" ||
		{ fail "lo: no image-ppi error at $want: $(head -3 "$OUT")"; return; }
	run preflight --set print.art="$T/mid"
	want=$(awk 'BEGIN { printf "%.0f ppi", 120 * 25.4 / 16 }')
	grep -q "^warning backs .*image-ppi: picture logo.png at $want" "$OUT" ||
		{ fail "mid: no image-ppi warning at $want: $(head -3 "$OUT")"; return; }
	grep -q "^error .*image-ppi" "$OUT" && { fail "mid: an image-ppi error"; return; }
	run preflight --set print.art="$T/hi"
	grep -q "image-ppi" "$OUT" && { fail "hi: $(grep image-ppi "$OUT" | head -1)"; return; }
	# the figures are the profile's keys: 79 ppi under a 60 ppi minimum is
	# a warning only, and 190 ppi passes a 180 ppi warning figure
	run preflight --set print.art="$T/lo" --set print.image_ppi_min=60
	grep -q "^error .*image-ppi" "$OUT" && { fail "lo, min 60: an image-ppi error"; return; }
	grep -q "^warning backs .*image-ppi" "$OUT" || { fail "lo, min 60: no image-ppi warning"; return; }
	run preflight --set print.art="$T/mid" --set print.image_ppi_warn=180
	grep -q "image-ppi" "$OUT" && fail "mid, warn 180: $(grep image-ppi "$OUT" | head -1)"
}
tcase "PNG art: the preflight's resolution error and warning, from the profile's keys" c_png_ppi

# The ink report counts the picture's CMYK pixels as Ghostscript measures
# the press PDF (an opaque picture, no marks nor bleed).
c_png_inks() {
	png_pack pi 120 120 rgb || { fail "no png"; return; }
	run build --set print.art="$T/pi" --set print.marks=off --set print.bleed_mm=0 \
		-o "$T/pi1" --formats pdf -q
	expect_ok || return
	gs -q -o - -sDEVICE=ink_cov -r300 -dOverprint=/simulate -c '0 0 .setfilladjust2' \
		-f "$T/pi1/backs.pdf" >"$T/gs.txt" 2>/dev/null
	python3 tests/prepress/inkcov_match.py "$T/pi1/manifest/inks.csv" backs "$T/pi1/backs.pdf" \
		"$T/gs.txt" >"$T/match.txt" 2>&1 || fail "$(cat "$T/match.txt")"
}
tcase "PNG art: the ink report agrees with Ghostscript" c_png_inks

# A colour class's mark on the board: --list art gives the box the board
# draws it in, on squares, hexagons and triangles.  A pack whose class 1
# art fills its box (scale 1) against one whose art is a dot (scale
# 0.05): the pixels that differ (pdftoppm, 4 px/mm) are the marks, and
# the largest blob's width and height must be the listed box (within a
# pixel).
c_class_box() {
	pack full '[arena.class1]\nfile = a.svg\nscale = 1\n#d32f2f = colour1\n' a.svg "$SQ"
	pack dot '[arena.class1]\nfile = a.svg\nscale = 0.05\n#d32f2f = colour1\n' a.svg "$SQ"
	for g in "-c arena-hex -s arena.side=7" "-c arena -s arena.grid=tri -s arena.side=13" "-c arena -s arena.side=13"; do
		for m in colours pictures; do
			# shellcheck disable=SC2086
			set -- $g -s print.split=none -s arena.marking=$m
			run --list art "$@" -s print.art="$T/full"
			expect_ok || return
			box=$(awk -F '\t' '$1 == "arena.class1" { print $3 }' "$OUT")
			[ -n "$box" ] || { fail "$g $m: --list art gives no arena.class1"; return; }
			for p in full dot; do
				run -q "$@" -s print.art="$T/$p" build -o "$T/cb-$p" --only board --formats pdf
				expect_ok || return
				pdftoppm -r 101.6 "$T/cb-$p/board.pdf" "$T/cb-$p" || { fail "pdftoppm"; return; }
			done
			/usr/bin/python3 - "$T"/cb-full-*1.ppm "$T"/cb-dot-*1.ppm "$box" >"$T/cb.out" 2>&1 <<'PY' ||
import sys
def ppm(path):
    raw = open(path, 'rb').read()
    parts = raw.split(b'\n', 3)
    w, h = map(int, parts[1].split())
    return w, h, parts[3]
w, h, a = ppm(sys.argv[1])
_, _, b = ppm(sys.argv[2])
want = float(sys.argv[3].split(' x ')[0])
diff = set()
for y in range(h):
    ra, rb = a[3 * w * y:3 * w * (y + 1)], b[3 * w * y:3 * w * (y + 1)]
    if ra != rb:
        diff |= {(x, y) for x in range(w) if ra[3 * x:3 * x + 3] != rb[3 * x:3 * x + 3]}
best = None
while diff:
    stack = [diff.pop()]
    xs, ys = [], []
    while stack:
        x, y = stack.pop()
        xs.append(x); ys.append(y)
        for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if q in diff:
                diff.remove(q); stack.append(q)
    size = ((max(xs) - min(xs) + 1) / 4, (max(ys) - min(ys) + 1) / 4)
    if best is None or size[0] * size[1] > best[0] * best[1]:
        best = size
if best is None:
    print('no mark drawn'); sys.exit(1)
if abs(best[0] - want) > 0.5 or abs(best[1] - want) > 0.5:
    print(f'drawn {best[0]:.2f} x {best[1]:.2f} mm, listed {want:.2f}'); sys.exit(1)
PY
				{ fail "$g $m: $(cat "$T/cb.out")"; return; }
			rm -f "$T"/cb-*.ppm
		done
	done
}
tcase "--list art: a colour class's box is the mark the board draws, on every grid" c_class_box

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
