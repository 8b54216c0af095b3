#!/bin/sh
# Total ink of every factory package that sets a limit, measured on the
# files: every edition packed for each factory of config/factories/ whose
# [print] max_tac_pct is set, every page of every press PDF separated by
# Ghostscript (tiffsep composes overprints and knock-outs as the press
# does), and the most C+M+Y+K of any pixel inside the bleed box held to
# the factory's own limit, read from its file.
#
#   TP_BIN=/abs/path/tilepress sh tests/prepress/pack_tac.sh [SCRATCH_DIR]
#
# TP_TAC_FACTORIES (default: every factory with a limit) and
# TP_TAC_EDITIONS (default: every config/*.ini) narrow the run.

set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/prepress/lib.sh
scratch pack-tac "$@"

# limit FILE: [print] max_tac_pct of a factory file, or nothing.
limit() {
	awk -F= '/^\[/ { s = $0 } s == "[print]" && $1 ~ /^[ \t]*max_tac_pct[ \t]*$/ {
		v = $2; sub(/;.*/, "", v); gsub(/[ \t]/, "", v); print v }' "$1"
}

DPI=100
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
		# The press files: the job ticket is for people, not the press.
		for pdf in "$d/pack-$fac"/*.pdf; do
			[ "$(basename "$pdf")" = job.pdf ] && continue
			rm -rf "$T/sep"
			mkdir -p "$T/sep"
			# Registration marks (the /All separation, on every plate)
			# are no product, and an imposed press sheet carries them
			# inside its trim: the /None separation never marks.
			qpdf --qdf --object-streams=disable "$pdf" "$T/q.pdf" >"$T/gs.log" 2>&1
			sed '/^ *\/Separation$/{n;s|^\( *\)/All$|\1/None|;}' "$T/q.pdf" >"$T/q2.pdf" &&
				fix-qdf "$T/q2.pdf" >"$T/page.pdf" &&
			# Pixels by the centre rule (no fill adjust): Ghostscript's
			# default widens every fill by 0.3 pixel, 0.08 mm at this
			# resolution, so fills laid edge to edge would stack over a
			# band 8 press spots wide that no platesetter paints (its
			# spot, about 0.01 mm, is what overprint.c counts as touch).
			gs -q -dNOPAUSE -dBATCH -sDEVICE=tiffsep -sCompression=none -r$DPI -dUseBleedBox \
				-sOutputFile="$T/sep/p%d.tif" -c '0 0 .setfilladjust2' -f "$T/page.pdf" >"$T/gs.log" 2>&1 ||
				{ echo "$pdf: qpdf, fix-qdf or gs failed" >>"$log"; cat "$T/gs.log" >>"$log"; worst=999; continue; }
			pages=$(pdfinfo "$pdf" | awk '/^Pages:/ { print $2 }')
			# One process for the PDF's pages: a line per page, in order.
			python3 tests/prepress/sep_tac.py $(seq -f "$T/sep/p%.0f" 1 "$pages") "$lim" >"$T/most.txt"
			awk -v f="$(basename "$pdf")" -v lim="$lim" \
				'$1 > lim + 4 * 0.5 * 100 / 255 { printf "%s page %d: %s %% over %s %%\n", f, NR, $1, lim }' \
				"$T/most.txt" >>"$log"
			[ "$(wc -l <"$T/most.txt")" -eq "$pages" ] ||
				echo "$(basename "$pdf"): sep_tac.py measured $(wc -l <"$T/most.txt") of $pages pages" >>"$log"
			n=$(awk -v w="$worst" '$1 > w { w = $1; n = NR } END { print n + 0 }' "$T/most.txt")
			if [ "$n" -gt 0 ]; then
				worst=$(sed -n "${n}p" "$T/most.txt") where="$(basename "$pdf") page $n"
			fi
		done
		if [ -s "$log" ]; then
			bad "$ed pack $fac: total ink within $lim % on every page (most $worst %, $where)" "$log"
		else
			ok "$ed pack $fac: total ink within $lim % on every page (most $worst %, $where)"
		fi
	done
done

echo "pack-tac: $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
