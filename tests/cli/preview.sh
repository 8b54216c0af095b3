#!/bin/sh
# The preview page (issue 21, section 2): every build writes index.html,
# which opens from disk in a real browser (Debian's chromium, headless):
# it loads with no console message, shows every sheet that has files in
# the folder with its PNG proof loaded, and fetches nothing from outside.
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/preview.sh      (make cli)

set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}

HARNESS=tp-preview
. tests/cli/harness.sh

# chromium FILE: loads file:// FILE headless; its log (console messages
# appear as "CONSOLE" lines) in $T/chrome.log, the DOM in $T/dom.html.
chromium_load() {
	prof=$(mktemp -d "$T/profile.XXXXXX")
	timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
		--disable-component-update --disable-sync --no-first-run --user-data-dir="$prof" \
		--enable-logging=stderr --v=0 --dump-dom "file://$1" >"$T/dom.html" 2>"$T/chrome.log"
}

# sheets_in DIR GAME: the sheets of GAME with a file in DIR (NAME.EXT or
# NAME-PAGE.EXT, the longest sheet name winning), one a line.
sheets_in() {
	"$TP_BIN" --list sheets --game "$2" | grep -vx 'manifest\|proof' >"$T/sheets"
	(cd "$1" && ls) | awk 'NR == FNR { s[$0] = 1; next }
		{ best = ""; for (n in s) if ((index($0, n ".") == 1 || index($0, n "-") == 1) && length(n) > length(best)) best = n
		  if (best != "") print best }' "$T/sheets" - | sort -u
}

check_page() {
	d=$1 game=$2
	page=$d/index.html
	[ -s "$page" ] || { fail "$game: no index.html"; return; }
	grep -q '<script' "$page" && { fail "$game: index.html has a script"; return; }
	grep -Eq '(src|href)="(https?:)?//' "$page" && { fail "$game: index.html links outside the folder"; return; }
	grep -q '"path": "index.html"' "$d/manifest/build.json" || { fail "$game: the build record does not list index.html"; return; }
	want=$(sheets_in "$d" "$game" | wc -l | tr -d ' ')
	[ "$want" -gt 0 ] || { fail "$game: no sheets found in the folder"; return; }
	# Every sheet, by its figure, with its name, trim size and inks.
	for s in $(sheets_in "$d" "$game"); do
		grep -q "<figure class=\"sheet\" id=\"sheet-$s\">" "$page" || { fail "$game: no figure for $s"; return; }
	done
	[ "$(grep -c '<figure class="sheet"' "$page")" -eq "$want" ] || { fail "$game: figures differ from the $want sheets in the folder"; return; }
	[ "$(grep -c '<br>trim [0-9]* x [0-9]* mm, [0-9]* page' "$page")" -eq "$want" ] || { fail "$game: a sheet lacks its trim size and pages"; return; }
	# Each manifest CSV as a table.
	for f in "$d"/manifest/*.csv; do
		grep -q "<summary><a href=\"./manifest/$(basename "$f")\">" "$page" || { fail "$game: no table for $(basename "$f")"; return; }
	done
	if ! command -v chromium >/dev/null 2>&1; then
		fail "chromium is not installed (make deps-check installs it)"
		return
	fi
	# The page alone: no console message at all.
	chromium_load "$page"
	if grep -q 'CONSOLE' "$T/chrome.log"; then
		fail "$game: console: $(grep CONSOLE "$T/chrome.log" | head -n 2 | tr '\n' ' ')"
		return
	fi
	grep -q 'id="sheet-' "$T/dom.html" || { fail "$game: the browser's DOM has no sheets (did it load?)"; return; }
	# A copy beside it with a check added (the page itself has no script):
	# every image decoded, every sheet's figure there.
	sed 's|</body>|<script>addEventListener("load", function () { var im = document.images, bad = 0; for (var i = 0; i < im.length; i++) if (!im[i].complete \|\| im[i].naturalWidth == 0) bad++; console.log("TP-CHECK images=" + im.length + " broken=" + bad + " figures=" + document.querySelectorAll("figure.sheet").length); });</script></body>|' "$page" >"$d/.check.html"
	chromium_load "$d/.check.html"
	rm -f "$d/.check.html"
	got=$(sed -n 's/.*"TP-CHECK images=\([0-9]*\) broken=\([0-9]*\) figures=\([0-9]*\)".*/\1 \2 \3/p' "$T/chrome.log")
	set -- $got
	[ $# -eq 3 ] || { fail "$game: the check did not run: $(grep CONSOLE "$T/chrome.log" | head -n 2)"; return; }
	[ "$2" -eq 0 ] || { fail "$game: $2 of $1 images did not load"; return; }
	[ "$3" -eq "$want" ] || { fail "$game: the browser shows $3 sheets, want $want"; return; }
	pngs=$(grep -o '<img src="[^"]*"' "$page" | wc -l | tr -d ' ')
	[ "$1" -eq "$pngs" ] && [ "$pngs" -gt 0 ] || fail "$game: $1 images in the browser, $pngs in the page"
}

c_page() {
	d=$T/out-$1
	run -c "$1" build -o "$d" -s print.dpi=72 -q
	[ "$rc" -eq 0 ] || { fail "$1: build: exit $rc: $(errtext)"; return; }
	check_page "$d" "$(sed -n 's/.*"game": "\([a-z]*\)".*/\1/p' "$d/manifest/build.json")"
}
for ed in series vector arena; do
	tcase "index.html of $ed: every sheet, its PNG, no console error in chromium" c_page $ed
done

# A later --only build keeps the earlier sheets on the page; a build
# without PNG says so instead of linking a missing image.
c_partial() {
	d=$T/out-series
	run build -o "$d" --only board --formats svg -s print.dpi=72 -q
	[ "$rc" -eq 0 ] || { fail "exit $rc: $(errtext)"; return; }
	check_page "$d" series
	d=$T/out-svg
	run build -o "$d" --only board --formats svg -q
	grep -q 'no PNG proof' "$d/index.html" || fail "an SVG-only build does not say it has no PNG"
	grep -q '<img' "$d/index.html" && fail "an SVG-only build links an image"
}
tcase "index.html after --only builds: earlier sheets kept, no PNG said" c_partial

# The preflight's verdict is on the page: the summary line carries the
# counts of manifest/preflight.json, and each sheet with findings lists
# as many as preflight.json gives it (at most 20 shown, the rest named).
c_preflight() {
	d=$T/out-table
	run -c series-table build -o "$d" --formats png -s print.dpi=72 -q
	[ "$rc" -eq 0 ] || { fail "exit $rc: $(errtext)"; return; }
	python3 - "$d" <<'PY' || fail "index.html does not show the preflight of manifest/preflight.json"
import html, json, re, sys
d = sys.argv[1]
pf = json.load(open(d + "/manifest/preflight.json"))
page = open(d + "/index.html").read()
m = re.search(r'Preflight of this build: (\d+) pages?, <span[^>]*>(\d+) errors?</span>, (\d+) warnings?', page)
assert m and tuple(map(int, m.groups())) == (pf["pages"], pf["errors"], pf["warnings"]), m and m.groups()
per = {}
for f in pf["findings"]:
    per[f["sheet"]] = per.get(f["sheet"], 0) + 1
for fig in re.findall(r'<figure class="sheet" id="sheet-([^"]+)">(.*?)</figure>', page, re.S):
    name, body = fig
    n = per.get(html.unescape(name), 0)
    if n == 0:
        assert 'preflight: <span class="ok">clean</span>' in body, name
    else:
        shown = body.count("<li>") - ("more in manifest/preflight.txt" in body)
        assert shown == min(n, 20), (name, shown, n)
PY
}
tcase "index.html shows the preflight: totals and each sheet's findings" c_preflight

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
