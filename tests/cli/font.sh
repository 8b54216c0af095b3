#!/bin/sh
# The designer's font (print.font) and the text entries of art packs:
# labels, booklet and box in another font, still outlined (no font in any
# PDF); DejaVu Sans named as print.font gives the default's bytes; the
# booklet's words unchanged; a text entry drawn inside its place's box
# and nowhere else, shrunk to fit or refused; bad fonts refused with exit
# 2 and one line naming the key or --set and the file.
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/font.sh      (make cli)

set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}

HARNESS=tp-font
. tests/cli/harness.sh
export SOURCE_DATE_EPOCH=1700000000

# Fonts of Debian's fonts-dejavu-core (a build dependency) and
# fonts-urw-base35 (a test dependency, make deps).
SANS=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
SERIF=/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf
OTF=/usr/share/fonts/opentype/urw-base35/C059-Roman.otf
for f in "$SANS" "$SERIF" "$OTF"; do
	[ -r "$f" ] || { echo "font.sh: $f missing (make deps installs it)"; exit 2; }
done

# pixdiff A.ppm B.ppm: the box of the pixels where a channel differs by
# more than 64 levels, "x0 y0 x1 y1 count" in pixels ("none" when none do).
pixdiff() {
	python3 - "$1" "$2" <<'EOF'
import sys
def ppm(p):
    b = open(p, 'rb').read()
    f, k = [], 0
    while len(f) < 4:
        while b[k:k + 1].isspace():
            k += 1
        if b[k:k + 1] == b'#':
            while b[k:k + 1] != b'\n':
                k += 1
            continue
        s = k
        while not b[k:k + 1].isspace():
            k += 1
        f.append(b[s:k])
    w, h = int(f[1]), int(f[2])
    return w, h, b[k + 1:k + 1 + 3 * w * h]
wa, ha, a = ppm(sys.argv[1])
wb, hb, b = ppm(sys.argv[2])
if (wa, ha) != (wb, hb):
    print("size", wa, ha, wb, hb)
    sys.exit(0)
x0, y0, x1, y1, n = wa, ha, -1, -1, 0
for y in range(ha):
    ra, rb = a[3 * y * wa:3 * (y + 1) * wa], b[3 * y * wa:3 * (y + 1) * wa]
    if ra == rb:
        continue
    for x in range(wa):
        if max(abs(ra[3 * x + i] - rb[3 * x + i]) for i in range(3)) > 64:
            n += 1
            x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
print("none" if n == 0 else "%d %d %d %d %d" % (x0, y0, x1, y1, n))
EOF
}

# nofonts PDF: pdffonts lists no font.
nofonts() {
	n=$(pdffonts "$1" | tail -n +3 | wc -l)
	[ "$n" -eq 0 ] || { fail "$1: $n fonts: $(pdffonts "$1" | tail -n +3 | head -3 | tr '\n' '|')"; return 1; }
}

# Digits, the booklet and the box in DejaVu Serif: no font in the PDFs,
# other glyphs than the default's, the booklet's words unchanged.
c_serif() {
	run build -o "$T/s0" --formats pdf -q
	expect_ok || return
	run build -o "$T/s1" --formats pdf -q --set print.font="$SERIF"
	expect_ok || return
	for f in fronts rules box; do
		nofonts "$T/s1/$f.pdf" || return
		pdftoppm -r 40 -f 1 -l 1 "$T/s0/$f.pdf" >"$T/a.ppm"
		pdftoppm -r 40 -f 1 -l 1 "$T/s1/$f.pdf" >"$T/b.ppm"
		d=$(pixdiff "$T/a.ppm" "$T/b.ppm")
		[ "$d" != none ] || { fail "$f.pdf: renders the same in DejaVu Serif as in DejaVu Sans"; return; }
	done
	# The front's colours are not text: outside the digits they do not
	# move, so the two renders differ in under 5 % of the pixels.
	pdftoppm -r 40 "$T/s0/fronts.pdf" >"$T/a.ppm"
	pdftoppm -r 40 "$T/s1/fronts.pdf" >"$T/b.ppm"
	set -- $(pixdiff "$T/a.ppm" "$T/b.ppm")
	tot=$(head -c 40 "$T/a.ppm" | awk 'NR == 2 { print $1 * $2 }')
	awk -v n="$5" -v t="$tot" 'BEGIN { exit !(n < 0.05 * t) }' ||
		{ fail "fronts: $5 of $tot pixels differ; only the digits should"; return; }
	cmp -s "$T/s0/manifest/rules.md" "$T/s1/manifest/rules.md" ||
		{ fail "manifest/rules.md changed with the font"; return; }
	grep -qF "\"print.font\": \"$SERIF\"" "$T/s1/manifest/build.json" ||
		{ fail "build.json does not record print.font"; return; }
	grep -q '"print.font"' "$T/s0/manifest/build.json" && fail "build.json names an unset print.font"
}
tcase "print.font: outlined, other glyphs, the booklet's words unchanged" c_serif

# DejaVu Sans named as print.font is the default font: the same bytes,
# through Cairo's outlines (the digits) and through Pango (the booklet).
c_same_as_default() {
	run build -o "$T/d0" --formats pdf --only fronts,rules -q
	expect_ok || return
	run build -o "$T/d1" --formats pdf --only fronts,rules -q --set print.font="$SANS"
	expect_ok || return
	for f in fronts rules; do
		cmp -s "$T/d0/$f.pdf" "$T/d1/$f.pdf" || fail "$f.pdf: DejaVuSans.ttf as print.font differs from the default"
	done
}
tcase "DejaVu Sans as print.font gives the default's bytes" c_same_as_default

# An OpenType (CFF) font, named in a config relative to the config's
# folder, run from another folder.
c_otf_beside() {
	mkdir -p "$T/ed/fonts" "$T/elsewhere"
	cp "$OTF" "$T/ed/fonts/title.otf"
	printf '[game]\nname = vector\n[print]\nfont = fonts/title.otf\n' >"$T/ed/ed.ini"
	# (the data folder named: a sanitizer binary in build/asan/ has none
	# beside it)
	(cd "$T/elsewhere" && TILEPRESS_DATA=$ROOT "$TP_BIN" build -c "$T/ed/ed.ini" -o "$T/o1" --formats pdf --only tile-backs,rules -q) \
		>"$OUT" 2>"$ERR"
	rc=$?
	expect_ok || return
	nofonts "$T/o1/rules.pdf" || return
	run build -c vector -o "$T/o0" --formats pdf --only rules -q
	cmp -s "$T/o0/rules.pdf" "$T/o1/rules.pdf" && fail "rules.pdf the same in C059 as in DejaVu Sans"
}
tcase "an .otf font beside the config" c_otf_beside

# Bad fonts: exit 2, one line naming where and the file, nothing written.
c_bad_font() {
	refuse "--set print.font=$T/none.ttf" "$T/none.ttf" "cannot read" -- --set print.font="$T/none.ttf"
	[ -n "$why" ] && return
	printf 'not a font\n' >"$T/fake.ttf"
	refuse "--set print.font=$T/fake.ttf" "$T/fake.ttf" "not a font" -- --set print.font="$T/fake.ttf"
	[ -n "$why" ] && return
	# a FIFO would block the read: refused unopened
	mkfifo "$T/fifo.ttf"
	refuse "--set print.font=$T/fifo.ttf" "not a regular file" -- --set print.font="$T/fifo.ttf"
	[ -n "$why" ] && return
	mkdir -p "$T/bad"
	printf '[game]\nname = series\n\n[print]\nfont = missing.otf\n' >"$T/bad/b.ini"
	refuse "$T/bad/b.ini:5:" "print.font = missing.otf" ".ttf, .otf" -- -c "$T/bad/b.ini"
}
tcase "a bad print.font: exit 2, one line, nothing written" c_bad_font

# pack DIR ART_INI: an art pack in $T/DIR.
pack() {
	mkdir -p "$T/$1"
	printf '%b' "$2" >"$T/$1/art.ini"
}

# A text entry on the vector board's top ledge: the board's pixels change
# inside the board.title box of --list art (centred across the board, in
# its top ledge) and nowhere else; no font in the PDF.
c_text_entry() {
	pack tx '[board.title]\ntext = Vector Tiles\nsize = 6\n'
	run --list art -c vector --set vector.ledge_mm=12
	box=$(awk -F '\t' '$1 == "board.title" { print $3 }' "$OUT")
	[ -n "$box" ] || { fail "vector has no board.title"; return; }
	bw=${box% x *}
	bh=${box#* x }
	run build -c vector -o "$T/t0" --formats pdf --only board -q --set vector.ledge_mm=12
	expect_ok || return
	run build -c vector -o "$T/t1" --formats pdf --only board -q --set vector.ledge_mm=12 --set print.art="$T/tx"
	expect_ok || return
	nofonts "$T/t1/board.pdf" || return
	dpi=100
	pdftoppm -r $dpi "$T/t0/board.pdf" >"$T/a.ppm"
	pdftoppm -r $dpi "$T/t1/board.pdf" >"$T/b.ppm"
	d=$(pixdiff "$T/a.ppm" "$T/b.ppm")
	[ "$d" != none ] || { fail "the title drew nothing"; return; }
	# The trim box (pt), to put the pixels in mm from the board's corner.
	trim=$(pdfinfo -box "$T/t1/board.pdf" | awk '/^TrimBox/ { print $2, $3, $4, $5 }')
	media=$(pdfinfo -box "$T/t1/board.pdf" | awk '/^MediaBox/ { print $5 }')
	echo "$d $trim $media $bw $bh" | awk -v dpi=$dpi '{
		px = 25.4 / dpi; pt = 25.4 / 72
		x0 = $1 * px - $6 * pt; x1 = ($3 + 1) * px - $6 * pt
		y0 = $2 * px - ($10 - $9) * pt; y1 = ($4 + 1) * px - ($10 - $9) * pt
		W = ($8 - $6) * pt
		# the width of the glyphs: at most the box; centred on the board
		if (x1 - x0 > $11 + 0.5) { print "text " x1 - x0 " mm wide in a " $11 " mm box"; exit 1 }
		if (((x0 + x1) / 2 - W / 2) ^ 2 > 1) { print "text centred at " (x0 + x1) / 2 " mm, board at " W / 2; exit 1 }
		# inside the top ledge (12 mm), no taller than the box
		if (y0 < -0.1 || y1 > 12.1) { print "text from " y0 " to " y1 " mm: outside the ledge"; exit 1 }
		if (y1 - y0 > $12 + 0.5) { print "text " y1 - y0 " mm tall in a " $12 " mm box"; exit 1 }
		# 6 mm type: capitals about 0.73 em tall
		if (y1 - y0 < 0.6 * 6) { print "text only " y1 - y0 " mm tall at size 6 mm"; exit 1 }
	}' >"$T/why" || fail "$(cat "$T/why")"
}
tcase "a text entry is drawn in its place's box and nowhere else" c_text_entry

# Too large: shrunk into the box; too small once shrunk: refused, naming
# the line.  Points are read as points.  Bad keys refused.
c_text_fit() {
	pack big '[board.title]\ntext = A title far too long for any ledge of any board, A title far too long\nsize = 40 pt\n'
	run build -c vector -o "$T/b1" --formats pdf --only board -q --set print.art="$T/big" --set vector.ledge_mm=12
	expect_ok || return
	run build -c vector -o "$T/b0" --formats pdf --only board -q --set vector.ledge_mm=12
	pdftoppm -r 50 "$T/b0/board.pdf" >"$T/a.ppm"
	pdftoppm -r 50 "$T/b1/board.pdf" >"$T/b.ppm"
	set -- $(pixdiff "$T/a.ppm" "$T/b.ppm")
	run --list art -c vector --set vector.ledge_mm=12
	bw=$(awk -F '\t' '$1 == "board.title" { print $3 + 0 }' "$OUT")
	awk -v a="$1" -v b="$3" -v bw="$bw" 'BEGIN { exit !((b - a + 1) * 25.4 / 50 <= bw + 0.6) }' ||
		{ fail "shrunk text $(( $3 - $1 + 1 )) px wide at 50 dpi, box $bw mm"; return; }
	pack tiny '[backs.logo]\ntext = A credit line far too long for a tile back\nsize = 5\n'
	refuse "$T/tiny/art.ini:2:" "print.min_text_pt" "shrunk" -- -c vector --set print.art="$T/tiny"
	[ -n "$why" ] && return
	pack both '[board.title]\ntext = T\nfile = t.svg\n'
	refuse "$T/both/art.ini:2:" "both file" -- -c vector --set print.art="$T/both"
	[ -n "$why" ] && return
	pack sz '[board.title]\ntext = T\nsize = 5 inches\n'
	refuse "$T/sz/art.ini:3:" "size = 5 inches" "14 pt" -- -c vector --set print.art="$T/sz"
	[ -n "$why" ] && return
	pack ik '[board.title]\ntext = T\nink = gold\n'
	refuse "$T/ik/art.ini:3:" "ink = gold" "vectors" -- -c vector --set print.art="$T/ik"
	[ -n "$why" ] && return
	printf 'not a font\n' >"$T/fake.otf"
	pack fo "[board.title]\\ntext = T\\nfont = $T/fake.otf\\n"
	refuse "$T/fo/art.ini:3:" "fake.otf" "not a font" -- -c vector --set print.art="$T/fo"
}
tcase "text entries: shrunk to fit, refused under the minimum size, bad keys" c_text_fit

# A text entry's own font, and a text entry in a game ink.
c_text_font_ink() {
	pack f1 "[board.title]\\ntext = Vector\\nsize = 6\\nink = vectors\\n"
	pack f2 "[board.title]\\ntext = Vector\\nsize = 6\\nink = vectors\\nfont = $OTF\\n"
	run build -c vector -o "$T/f1" --formats pdf --only board -q --set print.art="$T/f1"
	expect_ok || return
	run build -c vector -o "$T/f2" --formats pdf --only board -q --set print.art="$T/f2"
	expect_ok || return
	nofonts "$T/f2/board.pdf" || return
	cmp -s "$T/f1/board.pdf" "$T/f2/board.pdf" && { fail "font = had no effect"; return; }
	# In the vectors ink, which has cyan where the ledge has none: more
	# of the page carries cyan with the title (Ghostscript's inkcov: the
	# share of the page each plate inks).
	run build -c vector -o "$T/f0" --formats pdf --only board -q
	c0=$(gs -q -o - -sDEVICE=inkcov "$T/f0/board.pdf" | awk '{ print $1 }')
	c1=$(gs -q -o - -sDEVICE=inkcov "$T/f1/board.pdf" | awk '{ print $1 }')
	awk -v a="$c0" -v b="$c1" 'BEGIN { exit !(b > a) }' || fail "cyan on $c0 of the page without the title, $c1 with it"
}
tcase "a text entry's own font and ink" c_text_font_ink

# The shipped variant of the geometric pack with lettered titles: every
# section a place of some game, and the vector edition preflights clean
# with it, in the default font and in another.
c_lettered() {
	f=templates/art/geometric/lettered.ini
	run --list art --game series
	cp "$OUT" "$T/places"
	run --list art --game vector
	cat "$OUT" >>"$T/places"
	run --list art --game arena --set arena.marking=colours --set arena.colours=8
	cat "$OUT" >>"$T/places"
	run --list art -c series-hex --set hex.indicia=shapes
	cat "$OUT" >>"$T/places"
	for s in $(sed -n 's/^\[\(.*\)\]$/\1/p' "$f"); do
		grep -q "^$s	" "$T/places" || { fail "[$s] is no game's place"; return; }
	done
	grep -q '^text = ' "$f" || { fail "$f has no text entry"; return; }
	for font in "" "$OTF"; do
		run preflight -c vector --set print.art=geometric/lettered.ini --set print.font="$font"
		expect_ok || return
		grep -q '^preflight: .* 0 errors' "$OUT" || { fail "font '$font': $(head -1 "$OUT")"; return; }
	done
	# every game takes it: its ink lists have one ink of each game
	for g in series arena "arena --set arena.marking=colours" series-hex; do
		run preflight -c $g --set print.art=geometric/lettered.ini
		[ "$rc" -eq 0 ] || { fail "$g: exit $rc: $(errtext)"; return; }
		grep -q '^preflight: .* 0 errors' "$OUT" || { fail "$g: $(head -1 "$OUT")"; return; }
	done
}
tcase "the lettered variant of the geometric pack" c_lettered

# {title} in a text entry is the game's name: the rules text's title, or
# print.title; the board is the one a pack with those words draws.  An
# ink list takes the first ink the game has; one with none is refused.
c_title_words() {
	want=$(sed -n 's/^title = //p' templates/rules/vector.en.ini | head -n 1)
	for v in '{title}' "$want" 'Arrows Home'; do
		d=$T/tw$(printf '%s' "$v" | tr -dc 'a-zA-Z')
		mkdir -p "$d"
		printf '[board.title]\ntext = %s\nsize = 7\nink = gold, board, text\n' "$v" >"$d/art.ini"
	done
	b() {
		bo=$1 bp=$2
		shift 2
		"$TP_BIN" -c vector build --only board --formats pdf -q -o "$T/$bo" --set vector.ledge_mm=12 \
			--set print.art="$T/$bp" "$@" >/dev/null 2>"$ERR"
	}
	b o1 twtitle || { fail "build: $(errtext)"; return; }
	b o2 "tw$(printf '%s' "$want" | tr -dc 'a-zA-Z')" || { fail "build: $(errtext)"; return; }
	cmp -s "$T/o1/board.pdf" "$T/o2/board.pdf" || { fail "{title} is not '$want'"; return; }
	b o3 twtitle --set print.title='Arrows Home' || { fail "build: $(errtext)"; return; }
	b o4 twArrowsHome || { fail "build: $(errtext)"; return; }
	cmp -s "$T/o3/board.pdf" "$T/o4/board.pdf" || { fail "{title} is not print.title"; return; }
	cmp -s "$T/o1/board.pdf" "$T/o3/board.pdf" && { fail "print.title changed nothing"; return; }
	mkdir -p "$T/nk"
	printf '[board.title]\ntext = {title}\nink = gold, silver\n' >"$T/nk/art.ini"
	refuse "$T/nk/art.ini:3:" "ink = gold, silver: none is an ink of this game" "the first the game has" -- \
		-c vector --set print.art="$T/nk"
}
tcase "{title} is the game's name; an ink list takes the first the game has" c_title_words

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
