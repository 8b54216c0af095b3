#!/bin/sh
# Factories as data (config/factories/*.ini) and `pack FACTORY`: the
# edition built in a factory's conventions into pack-FACTORY/ inside the
# output folder (-o moves it), with a job ticket whose numbers are the
# files' and the manifest's: every PDF's pages and trim box as pdfinfo
# reads them, the counts as `tilepress manifest --format json` gives
# them, and a checklist answered by the preflight of the files.
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/pack.sh
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}
HARNESS=tp-pack
. tests/cli/harness.sh

c_list() {
	run --list factories
	expect_ok || return
	want=$(ls config/factories/*.ini | sed 's|.*/||; s|\.ini$||' | sort | tr '\n' ' ')
	got=$(sort "$OUT" | tr '\n' ' ')
	[ "$got" = "$want" ] || fail "--list factories: '$got', want '$want'"
}
tcase "--list factories lists config/factories/*.ini" c_list

c_unknown() {
	run -c series -o "$T/u" pack nosuch
	[ "$rc" -eq 2 ] && one_err_line && grep -q 'pack nosuch: no such factory.*allowed: drivethru, gamecrafter, generic, longpack' "$ERR" ||
		fail "exit $rc $(errtext)"
	[ ! -e "$T/u" ] || fail "wrote $T/u"
	run -c series pack
	[ "$rc" -eq 2 ] && one_err_line || fail "pack without a factory: exit $rc $(errtext)"
}
tcase "pack of an unknown factory, or none, refused in one line; nothing written" c_unknown

# The ticket against the files and the manifest (python: the oracle is
# pdfinfo's and the manifest command's output).
c_ticket() {
	"$TP_BIN" -c series manifest --format json >"$T/manifest.json" || { fail "manifest"; return; }
	for fac in generic longpack drivethru gamecrafter; do
		run -q -c series -o "$T/o" pack "$fac"
		[ "$rc" -eq 0 ] || { fail "$fac: exit $rc $(errtext)"; return; }
		d=$T/o/pack-$fac
		[ -s "$d/job.json" ] && [ -s "$d/job.txt" ] || { fail "$fac: no job.json or job.txt in $d"; return; }
		python3 - "$d" "$T/manifest.json" "$fac" "$T/py.err" <<'PY' || { fail "$fac: $(cat "$T/py.err")"; return; }
import json, subprocess, sys, os
d, man, fac, errpath = sys.argv[1:5]
err = open(errpath, "w")
job = json.load(open(d + "/job.json"))
def bad(msg):
    err.write(msg); err.close(); sys.exit(1)
if job["manifest"] != json.load(open(man)):
    bad("the ticket's counts differ from tilepress manifest --format json")
pdfs = [f for f in job["files"] if f["file"].endswith(".pdf")]
on_disk = sorted(f for f in os.listdir(d) if f.endswith(".pdf") and not f.endswith("proof.pdf"))
if sorted(f["file"] for f in pdfs) != on_disk:
    bad("files %s, on disk %s" % (sorted(f["file"] for f in pdfs), on_disk))
for f in pdfs:
    info = subprocess.run(["pdfinfo", "-box", d + "/" + f["file"]], capture_output=True, text=True).stdout
    pages = int([l for l in info.splitlines() if l.startswith("Pages:")][0].split()[1])
    if pages != f["pages"]:
        bad("%s: %d pages in the ticket, pdfinfo %d" % (f["file"], f["pages"], pages))
    t = [float(v) for v in [l for l in info.splitlines() if l.startswith("TrimBox:")][0].split()[1:]]
    w, h = (t[2] - t[0]) * 25.4 / 72, (t[3] - t[1]) * 25.4 / 72
    if abs(w - f["trim_mm"][0]) > 0.02 or abs(h - f["trim_mm"][1]) > 0.02:
        bad("%s: trim %s in the ticket, pdfinfo %.2f x %.2f" % (f["file"], f["trim_mm"], w, h))
fails = [c for c in job["checklist"] if c["findings"] != 0 or c["answer"] != "ok"]
if fails:
    bad("checklist: %s" % fails)
if fac == "longpack":
    fronts = [f for f in pdfs if f["file"].endswith("_fronts.pdf")][0]
    if "die-cut" not in fronts["spots"] or "die-cut" not in fronts["finishing"]:
        bad("longpack fronts: spots %s, finishing %s" % (fronts["spots"], fronts["finishing"]))
    if not any(f["file"].startswith("series_cut") and f["file"].endswith(".dxf") for f in job["files"]):
        bad("longpack: no separate DXF die file")
    names = [f["file"] for f in job["files"]]
    backs = [i for i, n in enumerate(names) if "back" in n]
    if backs and min(backs) < max(i for i, n in enumerate(names) if "back" not in n):
        bad("longpack: backs not last: %s" % names)
if fac == "gamecrafter" and not any(f["file"].endswith(".png") for f in job["files"]):
    bad("gamecrafter: no raster images")
PY
		# The die ink of longpack, read by an independent tool: qpdf's
		# uncompressed text names the spot.
		if [ "$fac" = longpack ]; then
			qpdf --qdf --object-streams=disable "$d/series_fronts.pdf" "$T/lp.pdf" &&
				grep -aq '/die-cut' "$T/lp.pdf" || { fail "longpack: no /die-cut separation in fronts"; return; }
		fi
	done
}
tcase "pack each factory: job ticket pages, trims and counts match pdfinfo and the manifest; checklist met" c_ticket

# A rule of the factory's not met: the files are written, the checklist
# names the rule with the preflight's finding, and pack fails.
c_unmet() {
	run -q -c vector -o "$T/v" pack drivethru
	[ "$rc" -eq 2 ] && grep -q 'checklist not met' "$ERR" || { fail "exit $rc $(errtext)"; return; }
	grep -q '\[FAIL\] total ink at most 240 %.*: tac: ' "$T/v/pack-drivethru/job.txt" ||
		fail "job.txt: $(grep -F '[' "$T/v/pack-drivethru/job.txt" | tr '\n' '|')"
}
tcase "pack vector for drivethru (240 %): the checklist fails on total ink, named by the preflight" c_unmet

# The Game Crafter's face images: each at its product's pixel size read
# from gamecrafter.ini, pngcheck clean, counted against the manifest, the
# punchout yield recomputed from the slug, tile, bleed and spacing, and
# the faces' colours against the sheet PNGs (tests/prepress/faces_check.py).
c_faces() {
	for route in slugs pieces; do
		set --
		d=$T/f-$route
		if [ "$route" = pieces ]; then
			set -- -s print.tile_mm=1in   # the large square chit's size
		else
			# Packed again over an earlier package (the ticket case's, when
			# it ran): no image of the earlier one may stay.
			mkdir -p "$d/pack-gamecrafter/faces"
			[ -d "$T/o/pack-gamecrafter" ] && rm -rf "$d" && cp -R "$T/o" "$d"
			touch "$d/pack-gamecrafter/faces/series_fronts-999-front.png"
		fi
		"$TP_BIN" -c series "$@" manifest --format json >"$T/m-$route.json" || { fail "manifest"; return; }
		run -q -c series "$@" -o "$d" pack gamecrafter
		[ "$rc" -eq 0 ] || { fail "$route: exit $rc $(errtext)"; return; }
		[ ! -e "$d/pack-gamecrafter/faces/series_fronts-999-front.png" ] ||
			{ fail "$route: an older image left in faces/"; return; }
		python3 tests/prepress/faces_check.py "$d/pack-gamecrafter" config/factories/gamecrafter.ini \
			"$T/m-$route.json" "$route" >/dev/null 2>"$T/fc.err" || { fail "$route: $(cat "$T/fc.err")"; return; }
	done
}
tcase "pack gamecrafter: one image per face at the product's pixels, counts, punchout yield, colours" c_faces

# A bad line of [products]: one line naming the file and line and what a
# product line holds; nothing written.
c_bad_product() {
	mkdir -p "$T/bd/config/factories"
	sed 's/^small-punchout = slug 3 5 975 1575$/small-punchout = slug 3 5 975/' config/factories/gamecrafter.ini \
		>"$T/bd/config/factories/gamecrafter.ini"
	line=$(grep -n '^small-punchout' "$T/bd/config/factories/gamecrafter.ini" | cut -d: -f1)
	export TILEPRESS_DATA="$T/bd"
	run -c config/series.ini -o "$T/bo" pack gamecrafter
	unset TILEPRESS_DATA
	[ "$rc" -eq 2 ] && one_err_line &&
		grep -q "gamecrafter.ini:$line: products.small-punchout = slug 3 5 975: want KIND W_IN H_IN PX_W PX_H" "$ERR" ||
		fail "exit $rc $(errtext)"
	[ ! -e "$T/bo" ] || fail "wrote $T/bo"
}
tcase "pack gamecrafter with a bad [products] line: refused in one line naming it; nothing written" c_bad_product

echo "pack: $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
