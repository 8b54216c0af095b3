#!/bin/sh
# The preflight of a PDF file (tilepress preflight FILE.pdf): a corpus of
# planted defects, each an edit of a clean press PDF made by
# tests/prepress/plant_defects.py through qpdf --qdf and fix-qdf (what an
# editor or a careless export does), must each be reported by its rule;
# two defects come from builds (a 1 mm bleed read under a 3 mm profile,
# printer's marks under x4's no-marks rule).  The clean files, every
# shipped edition's press PDFs under each shipped profile, and the same
# files after the qpdf round trip, give no finding at all.
#
#   TP_BIN=/abs/path/tilepress sh tests/prepress/pdf_defects.sh [SCRATCH_DIR]

set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/prepress/lib.sh
scratch pdfdef "$@"

# pf FILE ARGS...: the file's preflight into T/pf.out; its exit in $rc.
pf() {
	f=$1
	shift
	"$TP_BIN" "$@" preflight "$f" >"$T/pf.out" 2>&1
	rc=$?
}

# ---- the planted defects ---------------------------------------------------
if build clean -c series --profile generic-x1a --only fronts --formats pdf &&
	qpdf --qdf --object-streams=disable "$T/clean/fronts.pdf" "$T/clean.qdf.pdf"; then
	pf "$T/clean.qdf.pdf" --profile generic-x1a
	if [ "$rc" = 0 ] && head -n 1 "$T/pf.out" | grep -q ' 0 errors, 0 warnings$'; then
		ok "the clean fronts after qpdf --qdf: no finding"
	else
		bad "the clean fronts after qpdf --qdf" "$T/pf.out"
	fi
	mkdir -p "$T/def"
	if python3 tests/prepress/plant_defects.py "$T/clean.qdf.pdf" "$T/def" >"$T/def.list" 2>"$T/def.err"; then
		n=0
		missed=0
		: >"$T/missed.log"
		while read -r name rule; do
			n=$((n + 1))
			pf "$T/def/$name.pdf" --profile generic-x1a
			if ! grep -q "^[a-z]* $name page [0-9]* at ([-0-9., ]*) mm: $rule: " "$T/pf.out"; then
				missed=$((missed + 1))
				{ echo "$name: no $rule finding"; head -n 4 "$T/pf.out"; } >>"$T/missed.log"
			fi
		done <"$T/def.list"
		if [ "$n" -ge 15 ] && [ "$missed" = 0 ]; then
			ok "planted defects: all $n caught, each by its rule ($(cut -d' ' -f1 "$T/def.list" | tr '\n' ' '))"
		else
			bad "planted defects: $missed of $n missed" "$T/missed.log"
		fi
	else
		bad "plant_defects.py" "$T/def.err"
	fi
else
	bad "clean build or qpdf --qdf" "$T/build.log"
fi

# A 1 mm bleed read under a 3 mm profile; printer's marks under x4.
if build b1 -c series -s print.bleed_mm=1 --only fronts --formats pdf; then
	pf "$T/b1/fronts.pdf" --profile generic-x1a
	if [ "$rc" = 2 ] && grep -q ': bleed: .*(1, limit 3)' "$T/pf.out"; then
		ok "a 1 mm bleed under generic-x1a's 3 mm: a bleed error"
	else
		bad "a 1 mm bleed under generic-x1a's 3 mm" "$T/pf.out"
	fi
else
	bad "1 mm bleed build" "$T/build.log"
fi
if build mk -c series --only fronts --formats pdf; then
	pf "$T/mk/fronts.pdf" --profile x4
	if [ "$rc" = 2 ] && grep -q ': marks: ' "$T/pf.out"; then
		ok "printer's marks under x4 (marks = off): a marks error"
	else
		bad "marks under x4" "$T/pf.out"
	fi
else
	bad "marks build" "$T/build.log"
fi

# A die ink no press treats as a spot is refused before anything is built.
"$TP_BIN" -c series -s print.cut_ink=Black check >"$T/out" 2>"$T/err"
if [ $? = 2 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -q 'print.cut_ink = Black' "$T/err"; then
	ok "print.cut_ink = Black refused in one line"
else
	bad "print.cut_ink = Black" "$T/err"
fi

# ---- the clean files: every shipped edition under every shipped profile ----
# (the proof sheet is not a press file: left out).
: >"$T/clean.log"
files=0
for prof in generic-x1a x4 punchboard; do
	for cfg in config/*.ini; do
		ed=$(basename "$cfg" .ini)
		[ "$ed" = series-blind ] && [ -z "${TP_SLOW:-}" ] && continue   # 2.2 m sheets: TP_SLOW=1
		if ! build "c-$prof-$ed" -c "$cfg" --profile "$prof" --formats pdf; then
			echo "$prof $ed: build failed" >>"$T/clean.log"
			continue
		fi
		for f in "$T/c-$prof-$ed"/*.pdf; do
			[ "$(basename "$f")" = proof.pdf ] && continue
			files=$((files + 1))
			pf "$f" -c "$cfg" --profile "$prof"
			head -n 1 "$T/pf.out" | grep -q ' 0 errors, 0 warnings$' ||
				{ echo "$prof $ed $(basename "$f"):"; head -n 4 "$T/pf.out"; } >>"$T/clean.log"
		done
	done
done
if [ "$files" -gt 0 ] && [ ! -s "$T/clean.log" ]; then
	ok "clean: $files press PDFs of the shipped editions under 3 profiles, no finding"
else
	bad "clean files with findings ($files files)" "$T/clean.log"
fi

echo "pdf_defects: $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
