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
on_disk = sorted(f for f in os.listdir(d) if f.endswith(".pdf") and not f.endswith("proof.pdf")
                 and f != "job.pdf")
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
    # The fronts, with their backs in one file (backs-last).
    fronts = [f for f in pdfs if f["file"].startswith("series_fronts")][0]
    if "die-cut" not in fronts["spots"] or "die-cut" not in fronts["finishing"]:
        bad("longpack fronts: spots %s, finishing %s" % (fronts["spots"], fronts["finishing"]))
    if not any(f["file"].startswith("series_cut") and f["file"].endswith(".dxf") for f in job["files"]):
        bad("longpack: no separate DXF die file")
    names = [f["file"] for f in job["files"]]
    alone = lambda n: "back" in n and "-and-" not in n
    backs = [i for i, n in enumerate(names) if alone(n)]
    if backs and min(backs) < max(i for i, n in enumerate(names) if not alone(n)):
        bad("longpack: backs not last: %s" % names)
if fac == "gamecrafter" and not any(f["file"].endswith(".png") for f in job["files"]):
    bad("gamecrafter: no raster images")
PY
		# The die ink of longpack, read by an independent tool: qpdf's
		# uncompressed text names the spot.
		if [ "$fac" = longpack ]; then
			qpdf --qdf --object-streams=disable "$d/series_fronts-and-backs.pdf" "$T/lp.pdf" &&
				grep -aq '/die-cut' "$T/lp.pdf" || { fail "longpack: no /die-cut separation in fronts"; return; }
		fi
	done
}
tcase "pack each factory: job ticket pages, trims and counts match pdfinfo and the manifest; checklist met" c_ticket

# factory_sets FACTORY: the --set arguments pack lays over the edition for
# FACTORY, read from its file: the profile, file naming, die lines for a
# separate die file, the wrap figures and the [print] keys; one a line.
factory_sets() {
	python3 - "config/factories/$1.ini" <<'PY'
import configparser, sys
c = configparser.ConfigParser(inline_comment_prefixes=(";",))
c.read(sys.argv[1])
f = c["factory"]
sets = []
if f.get("profile", "none") != "none":
    sets.append("print.profile=" + f["profile"])
sets.append("print.file_name=" + f["file_name"])
if f.get("die_file", "none") != "none":
    sets.append("print.die_lines=both")
for k in ("wrap_mm", "liner_inset_mm"):
    if k in f:
        sets.append("print.%s=%s" % (k, f[k]))
for k, v in (c["print"].items() if c.has_section("print") else []):
    sets.append("print.%s=%s" % (k, v))
print("\n".join(sets))
PY
}

# A sheet and its back in one press PDF, in the factory's page order:
# every page identified by its art against the sheet PDFs of a plain
# build with the factory's settings (tests/cli/pack_order.py), written
# whatever its preflight finds, as pack writes.
c_order() {
	for pair in series:longpack series:drivethru vector:drivethru arena:longpack series:generic; do
		ed=${pair%%:*} fac=${pair#*:}
		if [ "$ed" = series ] && [ -s "$T/o/pack-$fac/job.json" ]; then
			# The ticket case packed the same (same arguments); reused.
			rm -rf "$T/ord-$ed/pack-$fac" && mkdir -p "$T/ord-$ed" &&
				cp -R "$T/o/pack-$fac" "$T/ord-$ed/pack-$fac" || { fail "cp"; return; }
		else
			run -q -c "$ed" -o "$T/ord-$ed" pack "$fac"
			[ "$rc" -eq 0 ] || { fail "$ed $fac: exit $rc $(errtext)"; return; }
		fi
		ref=$T/ref-$ed-$fac
		if grep -q '^page_order *= *as-built' "config/factories/$fac.ini"; then
			ref=$T/ord-$ed/pack-$fac   # nothing combined: no reference needed
		else
			factory_sets "$fac" >"$T/sets" || { fail "$fac: cannot read its file"; return; }
			set --
			while IFS= read -r a; do set -- "$@" -s "$a"; done <"$T/sets"
			"$TP_BIN" -q -c "$ed" "$@" -s print.formats=pdf build --accept-preflight -o "$ref" \
				>"$OUT" 2>"$ERR" || { fail "$ed $fac: reference build: $(errtext)"; return; }
		fi
		python3 tests/cli/pack_order.py "$T/ord-$ed/pack-$fac" "$ref" \
			"config/factories/$fac.ini" "$ed" >"$T/order.out" 2>&1 ||
			{ fail "$ed $fac: $(cat "$T/order.out")"; return; }
	done
}
tcase "pack longpack and drivethru: each sheet and its back in one PDF, backs last or interleaved, pages matched by their art" c_order

# job.pdf, read by OCR (its text is glyph outlines: pdftotext finds none):
# each PDF's pages, trim and bleed as job.json gives them, in its order,
# and the checklist's count of rules met.
c_jobpdf() {
	for fac in longpack drivethru; do
		d=$T/o/pack-$fac
		[ -s "$d/job.pdf" ] || { fail "$fac: no job.pdf"; return; }
		pdfinfo "$d/job.pdf" >"$T/ji" 2>&1 && grep -q 'A4' "$T/ji" && grep -q 'PDF/X' "$T/ji" ||
			{ fail "$fac: job.pdf not A4 PDF/X: $(cat "$T/ji")"; return; }
		rm -f "$T"/jocr-*.png
		pdftoppm -r 300 -gray -png "$d/job.pdf" "$T/jocr" || { fail "$fac: pdftoppm"; return; }
		for f in "$T"/jocr-*.png; do tesseract "$f" - --psm 6 2>/dev/null; done >"$T/jocr.txt"
		python3 - "$d/job.json" "$T/jocr.txt" >"$T/jocr.out" 2>&1 <<'PY' || { fail "$fac: $(cat "$T/jocr.out")"; return; }
import json, re, sys
job = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
want = [(f["pages"], "%.1f" % f["trim_mm"][0], "%.1f" % f["trim_mm"][1], "%.1f" % f["bleed_mm"])
        for f in job["files"] if f["file"].endswith(".pdf")]
got = [(int(m.group(1)), m.group(2), m.group(3), m.group(4))
       for m in re.finditer(r"(\d+) (\d+\.\d) ?x ?(\d+\.\d) (\d+\.\d)", text)]
if got != want:
    print("job.pdf rows (pages, trim, bleed) %s, job.json %s" % (got, want)); sys.exit(1)
met = sum(1 for c in job["checklist"] if c["findings"] == 0)
n = len(job["checklist"])
m = re.search(r"Every rule met \((\d+) of (\d+)\)|(\d+) of (\d+) rules not met", text)
if m is None:
    print("job.pdf: no checklist summary"); sys.exit(1)
g = [int(v) for v in m.groups() if v is not None]
if (met == n and g != [n, n]) or (met < n and g != [n - met, n]):
    print("job.pdf checklist %s, job.json %d of %d met" % (g, met, n)); sys.exit(1)
PY
	done
}
tcase "job.pdf: A4 PDF/X; OCR reads each PDF's pages, trim and bleed and the checklist's count as job.json has them" c_jobpdf

# A rule of the factory's not met: the files are written, the checklist
# names the rule with the preflight's finding, and pack fails.  A factory
# that wants every line at least 1 mm: the vector board's grid lines are
# thinner (their width, read back from the PDF, is the finding's value).
c_unmet() {
	run -q -c vector -s print.min_line_mm=1 -o "$T/v" pack drivethru
	[ "$rc" -eq 2 ] && grep -q 'checklist not met' "$ERR" || { fail "exit $rc $(errtext)"; return; }
	line=$(grep -F '[FAIL]' "$T/v/pack-drivethru/job.txt")
	[ "$(printf '%s\n' "$line" | wc -l)" = 1 ] &&
		printf '%s\n' "$line" | grep -q '\[FAIL\] lines and fills thick enough to print: .*: line-weight: ' ||
		{ fail "job.txt: $(grep -F '[' "$T/v/pack-drivethru/job.txt" | tr '\n' '|')"; return; }
	w=$(printf '%s\n' "$line" | sed -n 's/.*line-weight: .* (\([0-9.]*\), limit 1).*/\1/p')
	awk -v w="$w" 'BEGIN { exit !(w != "" && w < 1) }' || fail "line-weight finding not under 1 mm: $line"
}
tcase "pack vector for drivethru with lines of 1 mm asked: the checklist fails on line weight, named by the preflight" c_unmet

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
			# it ran): its images are recorded and go (c_record); an image
			# no record lists is not tilepress's to remove: kept, and named.
			mkdir -p "$d/pack-gamecrafter/faces"
			[ -d "$T/o/pack-gamecrafter" ] && rm -rf "$d" && cp -R "$T/o" "$d"
			touch "$d/pack-gamecrafter/faces/series_fronts-999-front.png"
		fi
		"$TP_BIN" -c series "$@" manifest --format json >"$T/m-$route.json" || { fail "manifest"; return; }
		run -c series "$@" -o "$d" pack gamecrafter
		[ "$rc" -eq 0 ] || { fail "$route: exit $rc $(errtext)"; return; }
		if [ "$route" = slugs ]; then
			[ -e "$d/pack-gamecrafter/faces/series_fronts-999-front.png" ] &&
				grep -q 'did not write: faces/series_fronts-999-front.png' "$ERR" ||
				{ fail "$route: an image of no record removed or not named: $(errtext)"; return; }
			rm "$d/pack-gamecrafter/faces/series_fronts-999-front.png"
		fi
		python3 tests/prepress/faces_check.py "$d/pack-gamecrafter" config/factories/gamecrafter.ini \
			"$T/m-$route.json" "$route" >/dev/null 2>"$T/fc.err" || { fail "$route: $(cat "$T/fc.err")"; return; }
		python3 tests/prepress/faces_check.py "$d/pack-gamecrafter" config/factories/gamecrafter.ini \
			"$T/m-$route.json" any >/dev/null 2>"$T/fc.err" || { fail "$route: $(cat "$T/fc.err")"; return; }
	done
}
tcase "pack gamecrafter: one image per face at the product's pixels, counts, punchout yield, colours" c_faces

# Separate pieces (the arena's polyominoes, fronts and ribbed backs): on
# punchout slugs, each slug front with its cut file; every image at its
# product's pixels, the slugs' pieces adding up to the manifest's.
c_faces_parts() {
	"$TP_BIN" -c arena manifest --format json >"$T/m-arena.json" || { fail "manifest"; return; }
	run -q -c arena -o "$T/ar" pack gamecrafter
	[ "$rc" -eq 0 ] || { fail "exit $rc $(errtext)"; return; }
	python3 tests/prepress/faces_check.py "$T/ar/pack-gamecrafter" config/factories/gamecrafter.ini \
		"$T/m-arena.json" any >/dev/null 2>"$T/fc.err" || { fail "$(cat "$T/fc.err")"; return; }
	[ -s "$T/ar/pack-gamecrafter/faces/arena_pieces-slug-1-cut.svg" ] || fail "no cut file for slug 1"
	[ -s "$T/ar/pack-gamecrafter/faces/arena_pieces-slug-1-back.png" ] || fail "no back for slug 1"
}
tcase "pack gamecrafter: separate pieces on punchout slugs with their cuts, counted against the manifest" c_faces_parts

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

# A separate die file where the edition has no die-only sheet (the table
# and hexagonal sets): pack writes the die lines alone in the factory's
# format.  Which files hold die lines alone is read from the files (every
# drawn element in the edition's cut ink, from its config), and the pieces
# they cut are found from the lines alone (tests/prepress/die_cells.py,
# the planar faces of the lines; the DXF of the generic package through
# ezdxf): as many as the manifest's tiles, each the config's tile size
# (a pointy-topped hexagon: print.tile_mm across the flats, 2/sqrt(3) of
# it from point to point).  The default edition, whose "cut" sheet is its
# die file, gets none added.
c_die_file() {
	for ed in series-table series-hex; do
		"$TP_BIN" -c "$ed" manifest --format json >"$T/dm-$ed.json" || { fail "$ed: manifest"; return; }
		for fac in gamecrafter generic; do
			run -q -c "$ed" -o "$T/d-$ed" pack "$fac"
			[ "$rc" -eq 0 ] || { fail "$ed $fac: exit $rc $(errtext)"; return; }
			grep -q '\[ ok \] a separate die file' "$T/d-$ed/pack-$fac/job.txt" ||
				{ fail "$ed $fac: $(grep FAIL "$T/d-$ed/pack-$fac/job.txt")"; return; }
		done
		python3 - "$T/d-$ed/pack-gamecrafter" "config/$ed.ini" "$T/dm-$ed.json" "$ed" >"$T/die.out" 2>&1 <<'PY' ||
import configparser, json, math, os, subprocess, sys
import xml.etree.ElementTree as ET
d, ini, man, ed = sys.argv[1:5]
c = configparser.ConfigParser(inline_comment_prefixes=(";",))
c.read(ini)
ink, tile = c["print"]["cut_ink"], float(c["print"]["tile_mm"])
want = (tile, tile) if ed != "series-hex" else (tile, tile * 2 / math.sqrt(3))
n = json.load(open(man))["total"]
job = json.load(open(d + "/job.json"))
# Drawn: every shape but a clip path's.
def die_only(path):
    root = ET.parse(path).getroot()
    clips = {e for cp in root.iter() if cp.tag.endswith("clipPath") for e in cp.iter()}
    drawn = [e for e in root.iter() if e.tag.split("}")[1] in ("path", "rect", "text", "image", "use", "circle", "polygon", "line") and e not in clips]
    return bool(drawn) and all(e.get("data-spot") == ink for e in drawn)
svgs = sorted(f for f in os.listdir(d) if f.endswith(".svg"))
dies = [f for f in svgs if die_only(d + "/" + f)]
listed = [f["file"] for f in job["files"]]
if not dies or any(f not in listed for f in dies):
    sys.exit("die-only SVG files %s, the ticket lists %s" % (dies, listed))
marked = [f["file"] for f in job["files"] if f.get("die_file")]
if any(f not in marked for f in dies) or any(not f.endswith(".svg") for f in marked):
    sys.exit("die-only SVG files %s, the ticket marks %s" % (dies, marked))
fronts = [f for f in dies if "fronts" in f]
if len(fronts) != 1:
    sys.exit("die files of the fronts: %s" % fronts)
def pieces(path, py="python3"):
    out = subprocess.run([py, "tests/prepress/die_cells.py", path], capture_output=True, text=True)
    if out.returncode:
        sys.exit(out.stderr)
    rows = out.stdout.split("\n")[:-2]
    return [tuple(float(v) for v in r.split()) for r in rows]
got = pieces(d + "/" + fronts[0])
if len(got) != n:
    sys.exit("%s cuts %d pieces, the manifest has %d tiles" % (fronts[0], len(got), n))
off = [p for p in got if abs(p[0] - want[0]) > 0.01 or abs(p[1] - want[1]) > 0.01]
if off:
    sys.exit("%s: %d pieces not %.3f x %.3f mm, e.g. %s" % (fronts[0], len(off), want[0], want[1], off[0]))
# The generic profile panels the fronts: their DXF files cut the same
# pieces between them.
dxf = sorted(f for f in os.listdir(d + "/../pack-generic") if f.endswith(".dxf") and "fronts" in f)
other = [p for f in dxf for p in pieces(d + "/../pack-generic/" + f, "/usr/bin/python3")]
r = lambda ps: sorted((round(w, 2), round(h, 2)) for w, h, a in ps)
if not dxf or r(other) != r(got):
    sys.exit("the SVG die file's pieces differ from the DXF files' %s" % dxf)
print("%s: %d pieces %.2f x %.2f mm in %s and %s" % (ed, n, want[0], want[1], fronts[0], dxf))
PY
		{ fail "$ed: $(cat "$T/die.out")"; return; }
	done
	if [ ! -s "$T/o/pack-gamecrafter/job.json" ]; then   # else the ticket case's, the same
		run -q -c series -o "$T/o" pack gamecrafter
		[ "$rc" -eq 0 ] || { fail "series gamecrafter: exit $rc $(errtext)"; return; }
	fi
	ls "$T/o/pack-gamecrafter" | grep -- '-die\.svg$' && fail "series: a die file added beside its cut sheet"
	return 0
}
tcase "pack gamecrafter, generic: a die file for the table and hex sets; its pieces are the manifest's tiles at the config's size" c_die_file

# The package is one transaction with the build: its die files, faces and
# ticket are staged, recorded and moved into place with the sheets, and a
# file an earlier pack wrote that this one does not is removed.  The
# oracle: tests/cli/record_check.py (the record against the folder, every
# file hashed), and a pack of the same settings into a fresh folder.
# Pack A (the table set's quadrants as pieces, and the box) gives faces
# and die files that pack B (no quadrants, no box) drops.
pk_state() {
	python3 tests/cli/record_check.py ${3:-} "$1" >"$2" 2>"$T/rc.err" ||
		{ fail "$1: $(cat "$T/rc.err")"; return 1; }
}
pk_paused() {
	pz=0
	while [ "$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)" != T ]; do
		[ -e "/proc/$1" ] && [ "$pz" -lt 30000 ] || return 1
		pz=$((pz + 1))
		sleep 0.01
	done
}
# pk_kill POINT DIR ARGS...: packs ARGS into DIR, stopped at POINT
# (TP_TEST_PAUSE), then SIGKILLed.
pk_kill() {
	pk_point=$1 pk_dir=$2
	shift 2
	TP_TEST_PAUSE=$pk_point "$TP_BIN" -q -c series-table -o "$pk_dir" "$@" pack gamecrafter >"$OUT" 2>"$ERR" &
	pk_pid=$!
	pk_paused "$pk_pid" || { fail "the pack did not stop at $pk_point: $(errtext)"; kill -KILL "$pk_pid" 2>/dev/null; return 1; }
	kill -KILL "$pk_pid"
	wait "$pk_pid" 2>/dev/null
	return 0
}
c_record() {
	A="-s table.quadrants=on" B="-s table.quadrants=off -s print.box=off"
	for x in A B; do
		# shellcheck disable=SC2086
		run -q -c series-table -o "$T/f$x" $(eval echo \$$x) pack gamecrafter
		[ "$rc" -eq 0 ] || { fail "fresh $x: exit $rc $(errtext)"; return; }
		pk_state "$T/f$x/pack-gamecrafter" "$T/fresh$x" || return
	done
	dropped=$(comm -23 "$T/freshA" "$T/freshB" | grep -E '^faces/.*\.png$|-die\.svg$')
	[ -n "$dropped" ] || { fail "pack B drops no face or die file of pack A"; return; }
	d=$T/r/pack-gamecrafter
	# shellcheck disable=SC2086
	run -q -c series-table -o "$T/r" $A pack gamecrafter
	[ "$rc" -eq 0 ] && pk_state "$d" "$T/r1" || { fail "pack A: exit $rc $(errtext)"; return; }
	cmp -s "$T/r1" "$T/freshA" || { fail "pack A: files differ from a fresh pack's"; return; }
	# shellcheck disable=SC2086
	run -q -c series-table -o "$T/r" $B pack gamecrafter
	[ "$rc" -eq 0 ] && pk_state "$d" "$T/r2" || { fail "pack B over A: exit $rc $(errtext)"; return; }
	for f in $dropped; do
		[ ! -e "$d/$f" ] || { fail "pack B over A left $f"; return; }
	done
	cmp -s "$T/r2" "$T/freshB" || { fail "pack B over A: $(diff "$T/r2" "$T/freshB" | head -3 | tr '\n' ' ')"; return; }
	# Killed before anything is drawn, or with every file staged: the
	# folder is B's, as recorded.
	for point in staged before-commit; do
		# shellcheck disable=SC2086
		pk_kill "$point" "$T/r" $A || return
		pk_state "$d" "$T/r3" --killed || return
		cmp -s "$T/r3" "$T/freshB" || { fail "killed at $point: the folder is not B's"; return; }
		cmp -s "$d/job.json" "$T/fB/pack-gamecrafter/job.json" || { fail "killed at $point: job.json changed"; return; }
	done
	# Killed during the moves: the next pack finishes them, then writes its
	# own set; the folder is exactly that set.
	# shellcheck disable=SC2086
	pk_kill moving "$T/r" $A || return
	# shellcheck disable=SC2086
	run -q -c series-table -o "$T/r" $B pack gamecrafter
	[ "$rc" -eq 0 ] && pk_state "$d" "$T/r4" || { fail "pack B after a kill: exit $rc $(errtext)"; return; }
	cmp -s "$T/r4" "$T/freshB" || { fail "pack B after a kill: $(diff "$T/r4" "$T/freshB" | head -3 | tr '\n' ' ')"; return; }
	for f in job.json job.txt; do
		cmp -s "$d/$f" "$T/fB/pack-gamecrafter/$f" || { fail "pack B after a kill: $f differs from a fresh pack's"; return; }
	done
	return 0
}
tcase "pack: ticket, die files and faces recorded; a dropped face or die file removed; a kill leaves a recorded set" c_record

# Pack of the blind and arena editions: the preflight's JSON holds no
# safe-zone finding (the blind board's pockets are its grid, marked to run
# to the cut; the arena boards' start ring keeps the zone from the part's
# split, which runs through the centre cell), no warning at all, and the
# build prints none (the arena's gates included).
c_quiet() {
	for ed in series-blind arena arena-hex; do
		run -c "$ed" -o "$T/q-$ed" pack generic
		[ "$rc" -eq 0 ] || { fail "$ed: exit $rc $(errtext)"; return; }
		if grep -i "warning" "$ERR" >"$T/q.warn"; then
			fail "$ed: warnings: $(head -n 3 "$T/q.warn")"
			return
		fi
		python3 - "$T/q-$ed/pack-generic/manifest/preflight.json" "$T/py.err" <<'PY' || { fail "$ed: $(cat "$T/py.err")"; return; }
import json, sys
pf = json.load(open(sys.argv[1]))
err = open(sys.argv[2], "w")
safe = [f for f in pf["findings"] if f["rule"] == "safe-zone"]
if pf["errors"] or pf["warnings"] or safe:
    err.write("%d errors, %d warnings, first %s" % (pf["errors"], pf["warnings"], (pf["findings"] or [None])[0]))
    sys.exit(1)
PY
	done
}
tcase "pack series-blind, arena, arena-hex: the preflight's JSON holds no warning or safe-zone finding" c_quiet

# arena.gate per player count: each count given its own gate in the
# shipped configs is one that half or more of check's own 12 greedy games'
# hands reach (simulate's figure, the warning's oracle), and about half
# over 400 games; the rules print every count's gate; one gate for every
# count still warns for the counts that cannot reach it.
c_gate_counts() {
	for ed in arena arena-hex; do
		cfg=config/$ed.ini
		val=$(sed -n 's/^gate[[:space:]]*=[[:space:]]*\([^;]*\).*/\1/p' "$cfg" | sed 's/[[:space:]]*$//')
		base=${val%%,*}
		counts=$(echo "$val" | tr ',' '\n' | grep ':' | tr -d ' ')
		[ -n "$counts" ] || { fail "$ed: gate '$val' has no count of its own"; return; }
		run -c "$ed" -o "$T/g-$ed" build --formats svg
		[ "$rc" -eq 0 ] || { fail "$ed: build exit $rc $(errtext)"; return; }
		for pc in $counts; do
			p=${pc%%:*} g=${pc#*:}
			for games in 12 400; do
				run -c "$ed" simulate --players "$p" --games $games --seed $([ $games = 12 ] && echo 1 || echo 7) --format csv
				[ "$rc" -eq 0 ] || { fail "$ed: simulate exit $rc"; return; }
				reached=$(awk -F, '$1 == "all" { print $5 }' "$OUT")
				hands=$((games * p))
				if [ $games = 12 ]; then
					[ $((2 * reached)) -ge $hands ] || { fail "$ed: $p players: $reached of $hands reach $g"; return; }
				else
					[ $((100 * reached)) -ge $((35 * hands)) ] && [ $((100 * reached)) -le $((75 * hands)) ] ||
						{ fail "$ed: $p players: $reached of $hands reach $g, not about half"; return; }
				fi
			done
			case $p in 5) w=five ;; 6) w=six ;; 4) w=four ;; 3) w=three ;; *) w=two ;; esac
			grep -q "scored $base points (.*$g with $w players" "$T/g-$ed/manifest/rules.md" ||
				{ fail "$ed: rules.md does not give $p players' gate $g: $(grep scored "$T/g-$ed/manifest/rules.md")"; return; }
		done
		run -c "$ed" -s "arena.gate=$base" check
		[ "$rc" -eq 0 ] || { fail "$ed: gate $base: exit $rc"; return; }
		for pc in $counts; do
			grep -q "arena.gate = $base: [0-9]* of [0-9]* greedy ${pc%%:*}-player hands reach it" "$ERR" ||
				{ fail "$ed: gate $base alone: no warning for ${pc%%:*} players: $(errtext)"; return; }
		done
	done
	for bad in "75, 7:3" "75, 5:x" "5:60" "75, 5:60, 5:61" "75, 80" "75, 5:0"; do
		run -c arena -s "arena.gate=$bad" check
		[ "$rc" -eq 2 ] && one_err_line && grep -q -- "--set arena.gate=$bad: arena.gate = $bad: " "$ERR" ||
			{ fail "'$bad': exit $rc $(errtext)"; return; }
	done
	sed 's/^gate[[:space:]]*=.*/gate = 75, 9:40/' config/arena.ini >"$T/badgate.ini"
	line=$(grep -n '^gate = 75, 9:40' "$T/badgate.ini" | cut -d: -f1)
	run -c "$T/badgate.ini" check
	[ "$rc" -eq 2 ] && one_err_line && grep -q "badgate.ini:$line: .*player count 9 is out of range; allowed: 2..6" "$ERR" ||
		fail "config file: exit $rc $(errtext)"
}
tcase "arena.gate per player count: shipped gates reached by about half the hands, printed in the rules; bad values refused" c_gate_counts

# pack gamecrafter of arena-hex: every board part has a face, on a board
# product of gamecrafter.ini whose finished size holds the part's trim box
# as pdfinfo reads it, the image at that product's pixels (the PNG's
# header).
c_parts_fit() {
	run -q -c arena-hex -o "$T/pf" pack gamecrafter
	[ "$rc" -eq 0 ] || { fail "exit $rc $(errtext)"; return; }
	python3 - "$T/pf/pack-gamecrafter" config/factories/gamecrafter.ini "$T/py.err" <<'PY' || fail "$(cat "$T/py.err")"
import json, re, struct, subprocess, sys
d, ini, errpath = sys.argv[1:4]
err = open(errpath, "w")
def bad(msg):
    err.write(msg); err.close(); sys.exit(1)
prod = {}
for line in open(ini):
    m = re.match(r"([a-z-]+) = board ([0-9.]+) ([0-9.]+) ([0-9]+) ([0-9]+)", line)
    if m:
        prod[m.group(1)] = (float(m.group(2)) * 25.4, float(m.group(3)) * 25.4, int(m.group(4)), int(m.group(5)))
job = json.load(open(d + "/job.json"))
parts = [f["file"] for f in job["files"] if re.search(r"_board-part-[0-9]+\.pdf$", f["file"])]
if len(parts) < 2:
    bad("board parts in the ticket: %s" % parts)
for pdf in parts:
    face = [f for f in job["faces"] if f["file"] == pdf[:-4] + "-face.png"]
    if not face or face[0]["product"] not in prod:
        bad("%s: no face on a board product: %s" % (pdf, face))
    w, h, pw, ph = prod[face[0]["product"]]
    box = subprocess.run(["pdfinfo", "-box", d + "/" + pdf], capture_output=True, text=True).stdout
    x0, y0, x1, y1 = map(float, re.search(r"TrimBox:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)", box).groups())
    tw, th = (x1 - x0) / 72 * 25.4, (y1 - y0) / 72 * 25.4
    if not ((tw <= w + 0.01 and th <= h + 0.01) or (tw <= h + 0.01 and th <= w + 0.01)):
        bad("%s: trim %.1f x %.1f mm on %s (%.1f x %.1f mm)" % (pdf, tw, th, face[0]["product"], w, h))
    png = open(d + "/faces/" + face[0]["file"], "rb").read(24)
    if struct.unpack(">II", png[16:24]) != (pw, ph):
        bad("%s: image %s, product %d x %d" % (face[0]["file"], struct.unpack(">II", png[16:24]), pw, ph))
PY
}
tcase "pack gamecrafter of arena-hex: each board part on a board product that holds its trim" c_parts_fit

echo "pack: $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
