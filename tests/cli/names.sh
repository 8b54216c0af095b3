#!/bin/sh
# Names are data: a config's file name reaches file names ({edition}),
# the build record and the preview page only as data.  {edition} is
# reduced to the file-name alphabet; every link on the page is a relative
# ./path, percent-encoded, checked by parsing index.html and in headless
# chromium; a control character in the config's name is refused (exit 2,
# one line); -o naming something that is not a folder is bad usage.
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/names.sh      (make cli)

set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}
HARNESS=tp-names
. tests/cli/harness.sh

# links_relative PAGE: every href and src of PAGE is "./..." or "#...",
# and none holds a ':' before its first '/' (no scheme).
links_relative() {
	python3 - "$1" <<'PY'
import sys
from html.parser import HTMLParser
bad, n = [], 0
class P(HTMLParser):
    def handle_starttag(self, tag, attrs):
        global n
        for k, v in attrs:
            if k in ("href", "src"):
                n += 1
                if not (v.startswith("./") or v.startswith("#")) or ":" in v.split("/")[0]:
                    bad.append(v)
P().feed(open(sys.argv[1], encoding="utf-8").read())
assert n > 0, "no links"
assert not bad, bad
PY
}

c_javascript_name() {
	cfg="$T/javascript:document.title='X';x.ini"
	cp config/series.ini "$cfg" || { fail "cannot make the config"; return; }
	d=$T/js
	run -c "$cfg" build -o "$d" --only board,backs --formats svg,png -s print.dpi=72 -s 'print.file_name={edition}_{sheet}' -q
	[ "$rc" -eq 0 ] || { fail "exit $rc: $(errtext)"; return; }
	# The stem in the alphabet: the file is named by its reduction.
	want=$(printf '%s' "javascript:document.title='X';x" | sed 's/[^A-Za-z0-9._-]/_/g')
	[ -f "$d/${want}_board.svg" ] || { fail "no ${want}_board.svg: $(ls "$d" | tr '\n' ' ')"; return; }
	links_relative "$d/index.html" || { fail "index.html has a link that is not a relative ./path"; return; }
	grep -q 'href="javascript' "$d/index.html" && { fail "index.html links javascript:"; return; }
	command -v chromium >/dev/null 2>&1 || { fail "chromium is not installed (make deps-check installs it)"; return; }
	# In the browser: every link resolves to a file: URL in the folder.
	sed 's|</body>|<script>addEventListener("load", function () { var a = document.links, bad = 0; for (var i = 0; i < a.length; i++) if (a[i].protocol != "file:") bad++; console.log("TP-LINKS n=" + a.length + " bad=" + bad + " title=" + document.title); });</script></body>|' "$d/index.html" >"$d/.check.html"
	prof=$(mktemp -d "$T/profile.XXXXXX")
	timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
		--disable-component-update --disable-sync --no-first-run --user-data-dir="$prof" \
		--enable-logging=stderr --v=0 --dump-dom "file://$d/.check.html" >/dev/null 2>"$T/chrome.log"
	got=$(sed -n 's/.*"TP-LINKS n=\([0-9]*\) bad=\([0-9]*\) title=\(.*\)".*/\1 \2 \3/p' "$T/chrome.log")
	set -- $got
	[ $# -ge 2 ] || { fail "the link check did not run: $(head -c 300 "$T/chrome.log")"; return; }
	[ "$1" -gt 0 ] && [ "$2" -eq 0 ] || { fail "chromium: $2 of $1 links are not file: links"; return; }
	[ "${3:-}" != X ] || fail "the page's title was set by a link"
}
tcase "a config named javascript:...x.ini: file names reduced, every link a relative ./path (parsed, and in chromium)" c_javascript_name

c_control_names() {
	for ch in '\n' '\t' '\033'; do
		cfg=$(printf "$T/ed${ch}x.ini")
		cp config/series.ini "$cfg" || { fail "cannot make the config"; return; }
		d=$T/ctl
		rm -rf "$d"
		run -c "$cfg" build -o "$d" --only board --formats svg -s 'print.file_name={edition}_{sheet}'
		[ "$rc" -eq 2 ] || { fail "a config name with $ch: exit $rc, want 2: $(errtext)"; return; }
		one_err_line && err_has "control character" || return
		[ ! -e "$d" ] || { fail "a config name with $ch: something was written"; return; }
		run -c "$cfg" check
		[ "$rc" -eq 2 ] || { fail "check of a config name with $ch: exit $rc, want 2"; return; }
		rm -f "$cfg"
	done
}
tcase "a control character in the config's name: exit 2, one line, nothing written (build and check)" c_control_names

c_out_not_folder() {
	run build -o /dev/null --only board --formats svg
	[ "$rc" -eq 2 ] || { fail "-o /dev/null: exit $rc, want 2: $(errtext)"; return; }
	one_err_line && err_has "/dev/null" || return
	echo mine >"$T/afile"
	run build -o "$T/afile" --only board --formats svg
	[ "$rc" -eq 2 ] || { fail "-o FILE: exit $rc, want 2: $(errtext)"; return; }
	one_err_line && err_has "afile" || return
	[ "$(cat "$T/afile")" = mine ] || fail "the file given as -o was changed"
}
tcase "-o /dev/null or -o FILE (not a folder): exit 2, one line" c_out_not_folder

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
