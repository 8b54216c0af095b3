#!/bin/sh
# Prepress checks of a build, with the tools a print shop's prepress desk
# uses: Ghostscript tiffsep and inkcov, qpdf, pdfinfo, pngcheck,
# xmllint, rsvg-convert.
#
#   TP_BIN=/abs/path/tilepress sh tests/prepress/prepress.sh [SCRATCH_DIR]
#
# SCRATCH_DIR (default: a fresh temporary folder, removed afterwards) takes
# the builds.  Expected values come from the files and the tools, never
# from numbers written here.

set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/prepress/lib.sh
scratch prepress "$@"

# ---- every PDF of a full build, the blind edition and a second build -------
if build full --formats pdf,png,svg,dxf && build blind --formats pdf,svg,dxf \
	-s emboss.plates=on -s print.style=patent -s print.marks=off &&
	build again --formats pdf; then
	ok "builds"
else
	bad "builds" "$T/build.log"
fi

qbad=0
for f in "$T"/full/*.pdf "$T"/blind/*.pdf; do
	if ! qpdf --check "$f" >"$T/qpdf.log" 2>&1 || grep -q WARNING "$T/qpdf.log"; then
		bad "qpdf --check $(basename "$f")" "$T/qpdf.log"
		qbad=1
	fi
done
[ "$qbad" = 0 ] && ok "qpdf --check clean on every PDF"

if python3 tests/prepress/pdfx_check.py --condition FOGRA39 "$T"/full/*.pdf "$T"/blind/*.pdf \
	>"$T/pdfx.log" 2>&1; then
	ok "PDF/X-1a:2003 checks on $(grep -c ': ok' "$T/pdfx.log") PDFs"
else
	bad "PDF/X-1a:2003 checks" "$T/pdfx.log"
fi

# pdfinfo agrees: one version, boxes on every page
vers=$(for f in "$T"/full/*.pdf "$T"/blind/*.pdf; do pdfinfo "$f" | sed -n 's/^PDF version: *//p'; done | sort -u)
if [ "$(echo "$vers" | wc -l)" = 1 ] && { [ "$vers" = 1.3 ] || [ "$vers" = 1.4 ]; }; then
	ok "pdfinfo: one PDF version ($vers)"
else
	bad "pdfinfo: PDF versions: $vers"
fi

# no fonts at all (text is outlines), hence none unembedded
nf=0
for f in "$T"/full/*.pdf "$T"/blind/*.pdf; do
	n=$(pdffonts "$f" 2>/dev/null | tail -n +3 | wc -l)
	nf=$((nf + n))
done
if [ "$nf" = 0 ]; then ok "pdffonts: no fonts"; else bad "pdffonts: $nf fonts"; fi

# deterministic: the same bytes twice
same=1
for f in "$T"/again/*.pdf; do
	cmp -s "$f" "$T/full/$(basename "$f")" || { same=0; echo "     differs: $(basename "$f")"; }
done
if [ "$same" = 1 ]; then ok "PDFs byte-identical across builds"; else bad "PDFs differ across builds"; fi

# ---- overprint: linework does not knock out the colour under it ------------
mkdir -p "$T/sep"
rm -f "$T"/sep/*.tif
if gs -q -dNOPAUSE -dBATCH -sDEVICE=tiffsep -sCompression=none -r300 \
	-sOutputFile="$T/sep/board.tif" "$T/full/board.pdf" >"$T/gs.log" 2>&1 &&
	python3 tests/prepress/sep_overprint.py "$T/sep/board" >"$T/sep.log" 2>&1; then
	ok "tiffsep: grid lines overprint ($(sed -n 's/^Black: //p' "$T/sep.log"))"
else
	cat "$T/gs.log" >>"$T/sep.log"
	bad "tiffsep: linework knocks out" "$T/sep.log"
fi
rm -f "$T"/sep/*.tif

# ---- proofs: sRGB-tagged, the PDF's colours --------------------------------
pbad=0
for f in "$T"/full/*.png; do
	if ! pngcheck -v "$f" >"$T/png.log" 2>&1 || ! grep -q 'chunk sRGB' "$T/png.log"; then
		bad "pngcheck/sRGB $(basename "$f")" "$T/png.log"
		pbad=1
	fi
done
[ "$pbad" = 0 ] && ok "pngcheck clean, sRGB chunk on every PNG"

# The proof's cell colours are those Ghostscript shows for the press PDF
# (both through the default CMYK profile): at 72 dpi to stay quick.
if build proof --only board --formats pdf,png -s print.marks=off -s print.dpi=72 &&
	gs -q -dNOPAUSE -dBATCH -sDEVICE=ppmraw -r72 -sOutputFile="$T/board.ppm" \
		"$T/proof/board.pdf" >"$T/gs.log" 2>&1 &&
	python3 tests/prepress/proof_match.py "$T/proof/board.png" "$T/board.ppm" 0.05 >"$T/match.log" 2>&1; then
	ok "proof colours = Ghostscript's render of the PDF ($(grep -c '^#' "$T/match.log") colours)"
else
	cat "$T/build.log" "$T/gs.log" >>"$T/match.log" 2>/dev/null
	bad "proof colours differ from the PDF render" "$T/match.log"
fi

# ---- SVG: valid XML, renders, inks as Inkscape layers -----------------------
svgbad=0
for f in "$T"/full/*.svg "$T"/blind/*.svg; do
	if ! xmllint --noout "$f" >"$T/xml.log" 2>&1; then
		bad "xmllint $(basename "$f")" "$T/xml.log"
		svgbad=1
	elif ! grep -q 'inkscape:groupmode="layer"' "$f"; then
		bad "no Inkscape layers in $(basename "$f")"
		svgbad=1
	fi
done
[ "$svgbad" = 0 ] && ok "xmllint clean, Inkscape layers in every SVG"
if rsvg-convert -o "$T/board-svg.png" "$T/full/board.svg" >"$T/rsvg.log" 2>&1; then
	ok "rsvg-convert renders board.svg"
else
	bad "rsvg-convert board.svg" "$T/rsvg.log"
fi
# every spot ink of every SVG has a layer labelled with the spot's name
lbad=0
for f in "$T"/full/*.svg "$T"/blind/*.svg; do
	for s in $(grep -o 'data-spot="[^"]*"' "$f" | sort -u | sed 's/data-spot="\(.*\)"/\1/'); do
		[ "$s" = All ] && continue
		if ! grep -Eq "inkscape:label=\"$s( \([^\"]*\))?\"" "$f"; then
			bad "$(basename "$f"): spot $s has no layer labelled with its name"
			lbad=1
		fi
	done
done
[ "$lbad" = 0 ] && ok "every spot ink named in an Inkscape layer label"

# ---- punchboard imposition (print.layout = punchboard) ----------------------
# The press sheet and spacing given on the command line are the expectations.
PW=300 PH=400 PM=8 PG=14
PUNCH="-s print.layout=punchboard -s print.sheet_mm=${PW}x${PH} -s print.margin_mm=$PM -s print.gripper_mm=$PG"
# shellcheck disable=SC2086
if build punch --formats pdf $PUNCH -s print.marks=off &&
	build punchmarks --formats pdf --only fronts,backs $PUNCH &&
	build punchblind --formats pdf --only fronts,emboss-fronts,board $PUNCH -c series-blind \
		-s board.rows=6 -s board.cols=6; then
	ok "punchboard builds"
else
	bad "punchboard builds" "$T/build.log"
fi
qbad=0
for f in "$T"/punch/*.pdf "$T"/punchmarks/*.pdf "$T"/punchblind/*.pdf; do
	if ! qpdf --check "$f" >"$T/qpdf.log" 2>&1 || grep -q WARNING "$T/qpdf.log"; then
		bad "qpdf --check punchboard $(basename "$f")" "$T/qpdf.log"
		qbad=1
	fi
done
[ "$qbad" = 0 ] && ok "qpdf --check clean on every punchboard PDF"
if python3 tests/prepress/pdfx_check.py --condition FOGRA39 "$T"/punch/*.pdf "$T"/punchmarks/*.pdf \
	"$T"/punchblind/*.pdf >"$T/pdfx.log" 2>&1; then
	ok "PDF/X-1a:2003 checks on $(grep -c ': ok' "$T/pdfx.log") punchboard PDFs"
else
	bad "PDF/X-1a:2003 checks, punchboard" "$T/pdfx.log"
fi
# pdfinfo: an imposed page is the press sheet (Media = Bleed = Trim; every
# page of the tile sheets, the first pages of cut.pdf); any other page
# (panels, small sheets) fits inside the margins and below the gripper,
# marks included, upright or turned across the sheet.
boxes_bad=0
for f in "$T"/punch/*.pdf "$T"/punchmarks/*.pdf "$T"/punchblind/*.pdf; do
	# (proof.pdf, the contact sheet, is for review, not for the press;
	# box.pdf, the box's wraps, goes to the box maker's own sheet whole,
	# never onto the game's press sheets: its sheet is TP_SHEET_WHOLE.)
	case $(basename "$f") in proof.pdf|box.pdf) continue ;; esac
	pdfinfo -box -f 1 -l 9999 "$f" 2>/dev/null | awk -v W="$PW" -v H="$PH" -v M="$PM" -v G="$PG" \
		-v F="$(basename "$f")" -v IMPOSED="$(case $(basename "$f") in fronts.pdf|backs.pdf|emboss-fronts.pdf) echo 1;; *) echo 0;; esac)" '
		function near(a, b) { return a - b < 0.02 && b - a < 0.02 }
		# "[Page N] NameBox: x0 y0 x1 y1": width and height after the name
		function wh(name,  i) { for (i = 1; i <= NF; i++) if ($i == name) { w = $(i + 3) - $(i + 1); h = $(i + 4) - $(i + 2) } }
		BEGIN { k = 72 / 25.4; top = (G > M ? G : M) }
		/MediaBox:/ { wh("MediaBox:"); mw = w; mh = h; pages++ }
		/BleedBox:/ { wh("BleedBox:"); bw = w; bh = h }
		/TrimBox:/ {
			wh("TrimBox:"); tw = w; th = h
			press = near(mw, W * k) && near(mh, H * k) && near(bw, mw) && near(bh, mh) && near(tw, mw) && near(th, mh)
			if (IMPOSED && !press)
				{ print F " page " pages ": " mw " x " mh " pt, not the press sheet"; bad = 1 }
			else if (!press && (mw > (W - 2 * M) * k + 0.02 || mh > (H - top - M) * k + 0.02) &&
				 (mh > (W - 2 * M) * k + 0.02 || mw > (H - top - M) * k + 0.02))
				{ print F " page " pages ": " mw " x " mh " pt exceeds the press sheet clear area, upright and turned"; bad = 1 }
		}
		END { if (pages == 0) { print F ": no pages"; bad = 1 } exit bad }' >>"$T/boxes.log" || boxes_bad=1
done
if [ "$boxes_bad" = 0 ]; then ok "pdfinfo: imposed pages are the press sheet, others fit it"; else bad "pdfinfo boxes, punchboard" "$T/boxes.log"; fi
# One page per press sheet, as many as punch.csv numbers.
sheets=$(tail -n +2 "$T/punch/manifest/punch.csv" | cut -d, -f1 | sort -un | wc -l)
tiles=$(tail -n +2 "$T/punch/manifest/tiles.csv" | wc -l)
rows=$(tail -n +2 "$T/punch/manifest/punch.csv" | wc -l)
pf=$(pdfinfo "$T/punch/fronts.pdf" | sed -n 's/^Pages: *//p')
pb=$(pdfinfo "$T/punch/backs.pdf" | sed -n 's/^Pages: *//p')
if [ "$pf" = "$sheets" ] && [ "$pb" = "$sheets" ] && [ "$rows" = $((2 * tiles)) ]; then
	ok "punch.csv: $rows placements of $tiles tiles on $sheets press sheets = the PDFs' pages"
else
	bad "punch.csv: $rows rows, $tiles tiles, $sheets sheets; fronts.pdf $pf, backs.pdf $pb pages"
fi
# Ghostscript: with marks off, no ink outside the margins or in the gripper.
gbad=0
# (cut.pdf: its first pages are the fronts' press sheets; then the halves.)
for f in "$T"/punch/fronts.pdf "$T"/punch/backs.pdf "$T"/punch/cut.pdf; do
	gs -q -dNOPAUSE -dBATCH -sDEVICE=bbox -dLastPage="$sheets" "$f" 2>&1 | awk -v W="$PW" -v H="$PH" -v M="$PM" -v G="$PG" -v F="$(basename "$f")" '
		BEGIN { k = 72 / 25.4; top = (G > M ? G : M) }
		/HiResBoundingBox/ {
			n++
			if ($2 < M * k - 0.1 || $3 < M * k - 0.1 || $4 > (W - M) * k + 0.1 || $5 > (H - top) * k + 0.1)
				{ print F " page " n ": ink at " $2 " " $3 " " $4 " " $5 " pt"; bad = 1 }
		}
		END { if (n == 0) { print F ": gs drew nothing"; bad = 1 } exit bad }' >>"$T/gsbox.log" || gbad=1
done
if [ "$gbad" = 0 ]; then ok "gs bbox: ink only inside the margins, below the gripper"; else bad "gs bbox, punchboard" "$T/gsbox.log"; fi

# ---- ink coverage per plate (Ghostscript inkcov) ---------------------------
for f in "$T"/full/board.pdf "$T"/full/fronts.pdf; do
	if gs -q -dNOPAUSE -dBATCH -sDEVICE=inkcov -r72 -o - "$f" >"$T/inkcov.log" 2>&1; then
		echo "     inkcov $(basename "$f"): $(tr -s ' ' <"$T/inkcov.log" | head -3 | tr '\n' ';')"
	fi
done

# ---- die lines: each edge cut once; DXF of the die lines ------------------
# A python with ezdxf (Debian's python3-ezdxf) also audits the DXFs.
PY=python3
python3 -c 'import ezdxf' 2>/dev/null || { /usr/bin/python3 -c 'import ezdxf' 2>/dev/null && PY=/usr/bin/python3; }
ndxf=$(ls "$T"/full/*.dxf "$T"/blind/*.dxf 2>/dev/null | wc -l)
if [ "$ndxf" -gt 0 ] && [ ! -e "$T/full/board.dxf" ] && [ ! -e "$T/full/backs.dxf" ] &&
	$PY tests/prepress/die_check.py "$T"/full/cut-*.svg "$T"/full/fronts.svg "$T"/blind/cut-*.svg \
		"$T"/full/*.dxf "$T"/blind/*.dxf >"$T/die.log" 2>&1; then
	ok "die lines cut once in SVG and $ndxf DXFs; none for sheets without die lines ($(sed -n 's/^.*full\/cut-fronts.svg: \([^,]*\),.*/\1/p' "$T/die.log"); $(tail -n 1 "$T/die.log"))"
else
	bad "die lines" "$T/die.log"
fi

# ---- ink report: manifest/inks.csv against Ghostscript ---------------------
# Built without marks and bleed, so Ghostscript's page is the trim box.
# ink_cov (amount of each ink; inkcov would count any tint as full) at 300
# dpi, overprint simulated as the press prints it, and without the fill
# adjustment that widens every edge by up to half a pixel (hairlines would
# measure twice as wide).
ibad=0
if build inks --only fronts,board,manifest --formats pdf -s print.marks=off -s print.bleed_mm=0; then
	for s in fronts board; do
		if gs -q -o - -sDEVICE=ink_cov -r300 -dOverprint=/simulate -c '0 0 .setfilladjust2' \
			-f "$T/inks/$s.pdf" >"$T/gs-$s.txt" 2>"$T/gs.log" &&
			python3 tests/prepress/inkcov_match.py "$T/inks/manifest/inks.csv" "$s" \
				"$T/inks/$s.pdf" "$T/gs-$s.txt" 1 >"$T/ink-$s.log" 2>&1; then
			sed -n 's/^/     /p' "$T/ink-$s.log"
		else
			cat "$T/gs.log" >>"$T/ink-$s.log"
			bad "inks.csv against Ghostscript ink_cov: $s" "$T/ink-$s.log"
			ibad=1
		fi
	done
else
	bad "build for the ink report" "$T/build.log"
	ibad=1
fi
[ "$ibad" = 0 ] && ok "inks.csv agrees with Ghostscript ink_cov within 1 point per plate (fronts, board)"
[ -s "$T/full/manifest/inks.csv" ] && ok "the full build writes manifest/inks.csv" ||
	bad "no manifest/inks.csv in the full build"

echo "prepress: $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
