#!/bin/sh
# Total ink of every factory package that sets a limit, measured on the
# files: every edition packed for each factory of config/factories/ whose
# [print] max_tac_pct is set, every page of every press PDF separated by
# Ghostscript (tiffsep composes overprints and knock-outs as the press
# does), and the most C+M+Y+K of any pixel inside the bleed box held to
# the factory's own limit, read from its file.  Pages that paint no
# process ink (process_pages.py) are not separated; a 360 % fill planted
# on one of them shows that such a page is separated and caught.
#
#   TP_BIN=/abs/path/tilepress sh tests/prepress/pack_tac.sh [SCRATCH_DIR]
#
# TP_TAC_FACTORIES (default: every factory with a limit) and
# TP_TAC_EDITIONS (default: every config/*.ini) narrow the run.

set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/prepress/lib.sh
scratch pack-tac "$@"
rm -f "$T/plant.pdf"

# limit FILE: [print] max_tac_pct of a factory file, or nothing.
limit() {
	awk -F= '/^\[/ { s = $0 } s == "[print]" && $1 ~ /^[ \t]*max_tac_pct[ \t]*$/ {
		v = $2; sub(/;.*/, "", v); gsub(/[ \t]/, "", v); print v }' "$1"
}

DPI=100

# measure PDF LIMIT: the most C+M+Y+K of each page of PDF against LIMIT;
# each page over it, and each failure to measure, a line in $log; worst
# and where follow the most of any page so far.  Sets skipped to the
# pages left unrendered (no process ink, by process_pages.py).
measure() {
	pdf=$1 lim=$2
	rm -rf "$T/sep"
	mkdir -p "$T/sep"
	# Registration marks (the /All separation, on every plate)
	# are no product, and an imposed press sheet carries them
	# inside its trim: the /None separation never marks.
	qpdf --qdf --object-streams=disable "$pdf" "$T/q.pdf" >"$T/gs.log" 2>&1
	sed '/^ *\/Separation$/{n;s|^\( *\)/All$|\1/None|;}' "$T/q.pdf" >"$T/q2.pdf" &&
		fix-qdf "$T/q2.pdf" >"$T/page.pdf" ||
		{ echo "$pdf: qpdf or fix-qdf failed" >>"$log"; cat "$T/gs.log" >>"$log"; worst=999; return; }
	pages=$(pdfinfo "$pdf" | awk '/^Pages:/ { print $2 }')
	# Only the pages that may carry process ink are separated: the
	# others (emboss and recess plates, die-only sheets) paint nothing
	# but spot inks, as the file itself says (process_pages.py reads
	# it through qpdf; any page it cannot prove clean counts).
	inky=$(python3 tests/prepress/process_pages.py "$T/page.pdf" 2>"$T/gs.log") ||
		{ echo "$pdf: process_pages.py failed" >>"$log"; cat "$T/gs.log" >>"$log"; worst=999; return; }
	skipped=$(seq 1 "$pages" | awk -v l=" $inky " 'index(l, " " $1 " ") == 0' | tr '\n' ' ')
	: >"$T/most.txt"
	if [ -n "$inky" ]; then
		# Pixels by the centre rule (no fill adjust): Ghostscript's
		# default widens every fill by 0.3 pixel, 0.08 mm at this
		# resolution, so fills laid edge to edge would stack over a
		# band 8 press spots wide that no platesetter paints (its
		# spot, about 0.01 mm, is what overprint.c counts as touch).
		gs -q -dNOPAUSE -dBATCH -sDEVICE=tiffsep -sCompression=none -r$DPI -dUseBleedBox \
			-sPageList="$(echo $inky | tr ' ' ',')" \
			-sOutputFile="$T/sep/p%d.tif" -c '0 0 .setfilladjust2' -f "$T/page.pdf" >"$T/gs.log" 2>&1 ||
			{ echo "$pdf: gs failed" >>"$log"; cat "$T/gs.log" >>"$log"; worst=999; return; }
		# One process for the PDF's pages: a line per page, in order.
		python3 tests/prepress/sep_tac.py $(seq -f "$T/sep/p%.0f" 1 $(echo $inky | wc -w)) "$lim" >"$T/most.txt"
	fi
	[ "$(wc -l <"$T/most.txt")" -eq "$(echo $inky | wc -w)" ] ||
		echo "$(basename "$pdf"): sep_tac.py measured $(wc -l <"$T/most.txt") of $(echo $inky | wc -w) pages" >>"$log"
	# Back to the PDF's page numbers.
	echo $inky | tr ' ' '\n' | paste - "$T/most.txt" | awk 'NF == 2' >"$T/most.pg"
	awk -v f="$(basename "$pdf")" -v lim="$lim" \
		'$2 > lim + 4 * 0.5 * 100 / 255 { printf "%s page %d: %s %% over %s %%\n", f, $1, $2, lim }' \
		"$T/most.pg" >>"$log"
	set -- $(awk -v w="$worst" '$2 > w { w = $2; n = $1 } END { print n + 0, w }' "$T/most.pg")
	if [ "$1" -gt 0 ]; then
		worst=$2 where="$(basename "$pdf") page $1"
	fi
	rendered=$((rendered + $(echo $inky | wc -w))) total=$((total + pages))
}

factories=${TP_TAC_FACTORIES:-$(for f in config/factories/*.ini; do
	[ -n "$(limit "$f")" ] && basename "$f" .ini; done)}
editions=${TP_TAC_EDITIONS:-$(for c in config/*.ini; do basename "$c" .ini; done)}
for fac in $factories; do
	lim=$(limit "config/factories/$fac.ini")
	[ -n "$lim" ] || { bad "$fac: no [print] max_tac_pct in config/factories/$fac.ini"; continue; }
	for ed in $editions; do
		d=$T/$fac-$ed
		rm -rf "$d"
		"$TP_BIN" -q -c "config/$ed.ini" -o "$d" pack "$fac" >"$T/pack.log" 2>&1
		prc=$?
		# pack writes its files whatever its checklist says: measured all
		# the same.
		[ "$prc" = 0 ] && ok "$ed pack $fac: exit 0" || bad "$ed pack $fac: exit $prc" "$T/pack.log"
		[ -d "$d/pack-$fac" ] || continue
		worst=0 where= log=$T/tac.log
		: >"$log"
		rendered=0 total=0
		# The press files: the job ticket is for people, not the press.
		for pdf in "$d/pack-$fac"/*.pdf; do
			[ "$(basename "$pdf")" = job.pdf ] && continue
			measure "$pdf" "$lim"
			# A file with a page left unrendered, for the planted page below.
			if [ -n "$skipped" ] && [ ! -f "$T/plant.pdf" ]; then
				cp "$T/page.pdf" "$T/plant.pdf"
				plant_page=${skipped%% *} plant_lim=$lim plant_name=$(basename "$pdf")
			fi
		done
		if [ -s "$log" ]; then
			bad "$ed pack $fac: total ink within $lim % on every page (most $worst %, $where; $rendered of $total pages separated, the rest no process ink)" "$log"
		else
			ok "$ed pack $fac: total ink within $lim % on every page (most $worst %, $where; $rendered of $total pages separated, the rest no process ink)"
		fi
	done
done

# A page left unrendered above, given a 360 % fill over its whole sheet
# (an edit of the file's text, as plant_defects.py makes): it must now be
# separated and found over the limit.
if [ -f "$T/plant.pdf" ]; then
	awk -v p="$plant_page" '
		$0 == "%% Contents for page " p { c = 1 }
		c && $0 == "endstream" { print "q 1 1 1 0.6 k -10000 -10000 20000 20000 re f Q"; c = 0 }
		{ print }' "$T/plant.pdf" >"$T/plant2.pdf"
	fix-qdf "$T/plant2.pdf" >"$T/$plant_name"
	worst=0 where= log=$T/tac.log rendered=0 total=0
	: >"$log"
	measure "$T/$plant_name" "$plant_lim"
	if grep -q "^$plant_name page $plant_page: 36[0-9.]* % over $plant_lim %" "$log"; then
		ok "a 360 % fill planted on $plant_name page $plant_page (no process ink before) is caught: $(cat "$log")"
	else
		bad "a 360 % fill planted on $plant_name page $plant_page is not caught ($rendered of $total pages separated)" "$log"
	fi
fi

echo "pack-tac: $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
