#!/bin/sh
# tilepress watch (issue 21, section 2): a template is edited under a
# running watch; the sheets that use it are rebuilt (byte for byte what a
# fresh build of the edited config writes), the others are not touched;
# a bad edit leaves every file as it was and says why; the next good save
# rebuilds.  index.html follows each rebuild.
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/watch.sh      (make cli)

set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}
# A rebuild at 72 dpi takes seconds; on a loaded machine far more.
LIMIT=${TP_WATCH_LIMIT:-600}

HARNESS=tp-watch
. tests/cli/harness.sh

WPID=
stop_watch() {
	[ -n "$WPID" ] && kill "$WPID" 2>/dev/null && wait "$WPID" 2>/dev/null
	WPID=
}
trap 'stop_watch; chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT

# wait_for FILE PATTERN COUNT: until FILE has COUNT lines matching PATTERN
# (or the watch died, or LIMIT seconds passed).
wait_for() {
	i=0
	# (a FILE the watch has not created yet counts 0 lines, not an error
	# that would end the wait early)
	while [ "$(grep -c -- "$2" "$1" 2>/dev/null || :)" -lt "$3" ] 2>/dev/null ||
	      [ ! -s "$1" ]; do
		kill -0 "$WPID" 2>/dev/null || return 1
		[ $i -lt $((LIMIT * 5)) ] || return 1
		sleep 0.2
		i=$((i + 1))
	done
}

sums() {
	(cd "$1" && find . -type f ! -name '.*' | sort | xargs sha256sum)
}

# stat_of DIR: "path inode mtime size" of every file (staging aside).
stat_of() {
	(cd "$1" && find . -name '.tilepress-stage.*' -prune -o -type f -printf '%p %i %T@ %s\n' | sort)
}

# sheet_files DIR SHEET...: the files of DIR belonging to the sheets named
# (a file belongs to the sheet whose name, the longest that fits, starts
# it, followed by '.' or '-'), one path a line.
sheet_files() {
	d=$1
	shift
	python3 - "$d" "$@" <<'PY'
import os, sys
d, want = sys.argv[1], set(sys.argv[2:])
sheets = sys.argv[2:]
for root, dirs, files in os.walk(d):
    dirs[:] = [x for x in dirs if not x.startswith(".")]
    for f in files:
        rel = os.path.relpath(os.path.join(root, f), d)
        if "/" in rel:
            continue
        best = ""
        for s in os.environ["SHEETS"].split(","):
            if (rel.startswith(s + ".") or rel.startswith(s + "-")) and len(s) > len(best):
                best = s
        if best in want:
            print(rel)
PY
}

# record_true DIR: DIR's record names tilepress, and every file it lists
# (files and earlier_files) is there with its size and SHA-256; no file
# but the record and those is in DIR; no staging folder is left unless
# STAGING_OK is set (a killed build's, for the next to recover).
record_true() {
	python3 - "$1" <<'PY'
import hashlib, json, os, sys
d = sys.argv[1]
r = json.load(open(os.path.join(d, "manifest/build.json")))
assert r["tool"].startswith("tilepress "), r["tool"]
listed = set()
for f in r["files"] + r["earlier_files"]:
    data = open(os.path.join(d, f["path"]), "rb").read()
    assert len(data) == f["bytes"] and hashlib.sha256(data).hexdigest() == f["sha256"], "not as recorded: " + f["path"]
    listed.add(f["path"])
for root, dirs, files in os.walk(d):
    if os.environ.get("STAGING_OK"):
        dirs[:] = [x for x in dirs if not x.startswith(".tilepress-stage.")]
    for f in files + [x for x in dirs if x.startswith(".")]:
        p = os.path.relpath(os.path.join(root, f), d)
        assert not f.startswith("."), "left behind: " + p
        assert p in listed or p == "manifest/build.json", "unrecorded: " + p
PY
}

# wait_stopped: until the watch stops itself (TP_TEST_PAUSE), or dies, or
# LIMIT seconds pass.
wait_stopped() {
	i=0
	until [ "$(awk '{ print $3 }' "/proc/$WPID/stat" 2>/dev/null)" = T ]; do
		kill -0 "$WPID" 2>/dev/null || return 1
		[ $i -lt $((LIMIT * 5)) ] || return 1
		sleep 0.2
		i=$((i + 1))
	done
}

c_watch() {
	# the shipped templates, wherever the binary under test lives
	TILEPRESS_DATA=$ROOT
	export TILEPRESS_DATA
	w=$T/design
	mkdir -p "$w"
	cp templates/indicia/spiral-cw.ini "$w/mine.ini"
	sed 's|^indicia *=.*|indicia = mine.ini|' config/series.ini >"$w/game.ini"
	grep -q '^indicia = mine.ini' "$w/game.ini" || { fail "config/series.ini has no indicia line to point at the copy"; return; }
	(cd "$w" && exec "$TP_BIN" -c game.ini watch -o out >watch.out 2>watch.err) &
	WPID=$!
	wait_for "$w/watch.out" 'watch: start: built' 1 || { fail "no first build: $(cat "$w/watch.err")"; return; }
	[ -s "$w/out/watch/index.html" ] || { fail "no index.html after the first build"; return; }
	cut_inode=$(stat -c %i "$w/out/watch/cut.pdf")
	index_inode=$(stat -c %i "$w/out/watch/index.html")
	sums "$w/out/watch" >"$T/before"
	# A good edit: the other spiral.
	order=$(sed -n 's/^order = //p' templates/indicia/spiral-ccw-inner.ini)
	[ -n "$order" ] || { fail "no order in spiral-ccw-inner.ini"; return; }
	sed -i "s/^order = .*/order = $order/" "$w/mine.ini"
	wait_for "$w/watch.out" 'rebuilt' 1 || { fail "no rebuild after the edit: $(cat "$w/watch.err")"; return; }
	line=$(grep rebuilt "$w/watch.out")
	case $line in *mine.ini*fronts*) ;; *) fail "rebuild line: $line"; return ;; esac
	case $line in *cut*) fail "the die lines do not use the template, yet: $line"; return ;; esac
	[ "$(stat -c %i "$w/out/watch/cut.pdf")" = "$cut_inode" ] || { fail "cut.pdf was rewritten"; return; }
	[ "$(stat -c %i "$w/out/watch/index.html")" != "$index_inode" ] || { fail "index.html was not rewritten"; return; }
	# The rebuilt sheets are what a fresh build of the edited config writes.
	(cd "$w" && "$TP_BIN" -c game.ini build -o "$T/fresh" -s print.dpi=72 -q) || { fail "fresh build failed"; return; }
	for f in fronts.svg fronts.png backs.png spanning-set.svg; do
		cmp -s "$w/out/watch/$f" "$T/fresh/$f" || { fail "$f differs from a fresh build of the edited config"; return; }
	done
	old=$(grep ' ./fronts.svg$' "$T/before" | cut -d' ' -f1)
	[ -n "$old" ] && [ "$old" != "$(sha256sum <"$w/out/watch/fronts.svg" | cut -d' ' -f1)" ] ||
		{ fail "fronts.svg did not change (the edit does not bite)"; return; }
	sums "$w/out/watch" >"$T/good"
	# A bad edit: said, nothing written.
	printf '[indicia\n' >"$w/mine.ini"
	wait_for "$w/watch.err" 'keeps the last good set' 1 || { fail "a bad edit was not reported: $(cat "$w/watch.err")"; return; }
	grep -q 'mine.ini:1:' "$w/watch.err" || { fail "the error does not name the template's line: $(cat "$w/watch.err")"; return; }
	sleep 1
	sums "$w/out/watch" >"$T/after-bad"
	cmp -s "$T/good" "$T/after-bad" || { fail "a bad edit changed files: $(diff "$T/good" "$T/after-bad" | head -n 2 | tr '\n' ' ')"; return; }
	# The next good save rebuilds against the last good set.
	cp templates/indicia/spiral-cw.ini "$w/mine.ini"
	wait_for "$w/watch.out" 'rebuilt' 2 || { fail "no rebuild after the fix: $(tail -n 2 "$w/watch.err")"; return; }
	(cd "$w" && "$TP_BIN" -c game.ini build -o "$T/fresh2" -s print.dpi=72 -q) || { fail "fresh build failed"; return; }
	cmp -s "$w/out/watch/fronts.svg" "$T/fresh2/fronts.svg" || fail "after the fix fronts.svg differs from a fresh build"
	stop_watch
}
tcase "watch: an edited template rebuilds its sheets only; a bad edit keeps the set" c_watch

# A watch in a folder that holds a press set never touches it: its 72 dpi
# proofs go to DIR/watch, whose page says what it shows.
c_press_set() {
	stop_watch
	w=$T/press
	mkdir -p "$w"
	run -c vector build -o "$w/out" -q
	[ "$rc" -eq 0 ] || { fail "press build: exit $rc: $(errtext)"; return; }
	sums "$w/out" >"$T/press-before"
	(cd "$w" && exec "$TP_BIN" -c vector watch -o out >watch.out 2>watch.err) &
	WPID=$!
	wait_for "$w/watch.out" 'watch: start: built' 1 || { fail "no first build: $(cat "$w/watch.err")"; return; }
	stop_watch
	(cd "$w/out" && find . -path ./watch -prune -o -type f ! -name '.*' -print | sort | xargs sha256sum) >"$T/press-after"
	cmp -s "$T/press-before" "$T/press-after" || { fail "the press set changed: $(diff "$T/press-before" "$T/press-after" | head -n 3 | tr '\n' ' ')"; return; }
	[ -s "$w/out/watch/tiles.png" ] || { fail "no proofs in out/watch"; return; }
	grep -q 'id="note".*not the press set' "$w/out/watch/index.html" || fail "the watch's page does not say what it shows"
}
tcase "watch never replaces a press set: its proofs go to DIR/watch" c_press_set

# The config's folder replaced under the watch (moved away, a new one made
# and the config saved into it): the watch follows the new folder.
c_watch_replaced_folder() {
	TILEPRESS_DATA=$ROOT
	export TILEPRESS_DATA
	w=$T/replace
	mkdir -p "$w/cfg"
	cp config/series.ini "$w/cfg/game.ini"
	grep -q '^indicia *= *spiral-cw' "$w/cfg/game.ini" || { fail "config/series.ini has no indicia = spiral-cw line"; return; }
	(cd "$w" && exec "$TP_BIN" -c cfg/game.ini watch -o out --formats svg >watch.out 2>watch.err) &
	WPID=$!
	wait_for "$w/watch.out" 'watch: start: built' 1 || { fail "no first build: $(cat "$w/watch.err")"; return; }
	mv "$w/cfg" "$w/cfg.old" && mkdir "$w/cfg"
	sed 's|^indicia *=.*|indicia = spiral-ccw-inner|' "$w/cfg.old/game.ini" >"$w/cfg/game.ini"
	wait_for "$w/watch.out" 'rebuilt' 1 || { fail "no rebuild after the folder was replaced: $(tail -n 2 "$w/watch.err")"; stop_watch; return; }
	(cd "$w" && "$TP_BIN" -c cfg/game.ini build -o "$T/fresh-r" --formats svg -s print.dpi=72 -q) || { fail "fresh build failed"; stop_watch; return; }
	wait_for "$w/watch.out" 'rebuilt.*fronts' 1 || { fail "the rebuild did not redraw fronts: $(cat "$w/watch.out")"; stop_watch; return; }
	cmp -s "$w/out/watch/fronts.svg" "$T/fresh-r/fronts.svg" || { fail "fronts.svg is not the new folder's config's"; stop_watch; return; }
	# And it keeps watching the new folder.
	sed -i 's|^indicia *=.*|indicia = spiral-cw|' "$w/cfg/game.ini"
	n=$(grep -c rebuilt "$w/watch.out")
	wait_for "$w/watch.out" 'rebuilt' $((n + 1)) || fail "a save in the new folder was not seen: $(tail -n 2 "$w/watch.err")"
	stop_watch
}
tcase "watch: the config's folder replaced (mv; mkdir): the watch follows it" c_watch_replaced_folder

# A symlinked config: an edit of the file the link points to rebuilds.
c_watch_symlink() {
	TILEPRESS_DATA=$ROOT
	export TILEPRESS_DATA
	w=$T/link
	mkdir -p "$w/real" "$w/lnk"
	cp config/series.ini "$w/real/game.ini"
	ln -s ../real/game.ini "$w/lnk/game.ini"
	(cd "$w" && exec "$TP_BIN" -c lnk/game.ini watch -o out --formats svg >watch.out 2>watch.err) &
	WPID=$!
	wait_for "$w/watch.out" 'watch: start: built' 1 || { fail "no first build: $(cat "$w/watch.err")"; return; }
	sed -i 's|^indicia *=.*|indicia = spiral-ccw-inner|' "$w/real/game.ini"
	wait_for "$w/watch.out" 'rebuilt' 1 || fail "an edit of the link's target was not seen: $(tail -n 2 "$w/watch.err")"
	stop_watch
}
tcase "watch: a symlinked config: an edit of its target rebuilds" c_watch_symlink

# design DIR: a copy of the series config in DIR/game.ini whose indicia
# template is DIR/mine.ini, a copy of the shipped spiral-cw.
design() {
	TILEPRESS_DATA=$ROOT
	export TILEPRESS_DATA
	mkdir -p "$1"
	cp templates/indicia/spiral-cw.ini "$1/mine.ini"
	sed 's|^indicia *=.*|indicia = mine.ini|' config/series.ini >"$1/game.ini"
	grep -q '^indicia = mine.ini' "$1/game.ini"
}

# edit_template DIR: the other spiral's order saved into DIR/mine.ini.
edit_template() {
	order=$(sed -n 's/^order = //p' templates/indicia/spiral-ccw-inner.ini)
	[ -n "$order" ] && sed -i "s/^order = .*/order = $order/" "$1/mine.ini"
}

# After a template save: the first changed sheet is committed alone and
# first, only the changed sheets' files are written (every other file keeps
# its inode, modification time and bytes), each rewritten sheet is what a
# fresh build writes, and the record describes the folder.
c_watch_selective() {
	stop_watch
	w=$T/selective
	design "$w" || { fail "config/series.ini has no indicia line"; return; }
	(cd "$w" && exec "$TP_BIN" -c game.ini watch -o out >watch.out 2>watch.err) &
	WPID=$!
	wait_for "$w/watch.out" 'watch: start: built' 1 || { fail "no first build: $(cat "$w/watch.err")"; return; }
	SHEETS=$(sed -n 's/.*start: built [0-9]* sheets: //p' "$w/watch.out")
	export SHEETS
	stat_of "$w/out/watch" >"$T/sel-before"
	edit_template "$w" || { fail "no order in spiral-ccw-inner.ini"; return; }
	wait_for "$w/watch.out" 'rebuilt' 1 || { fail "no rebuild after the edit: $(cat "$w/watch.err")"; return; }
	stop_watch
	changed=$(sed -n 's/.*rebuilt [0-9]* sheets*: //p' "$w/watch.out")
	first=${changed%%,*}
	[ -n "$first" ] || { fail "nothing rebuilt: $(cat "$w/watch.out")"; return; }
	# The first changed sheet in place alone, before the rest.
	sed -n 2p "$w/watch.out" | grep -q ": $first in place$" ||
		{ fail "the first changed sheet ($first) was not committed first: $(cat "$w/watch.out")"; return; }
	untouched=$(echo "$SHEETS" | tr ',' '\n' | grep -vxF -f "$(echo "$changed" | tr ',' '\n' >"$T/sel-changed"; echo "$T/sel-changed")")
	[ -n "$untouched" ] || { fail "every sheet changed: nothing to check untouched"; return; }
	stat_of "$w/out/watch" >"$T/sel-after"
	n=0
	for f in $(sheet_files "$w/out/watch" $untouched); do
		a=$(grep "^./$f " "$T/sel-before") && b=$(grep "^./$f " "$T/sel-after") ||
			{ fail "$f missing before or after"; return; }
		[ "$a" = "$b" ] || { fail "$f of an untouched sheet was rewritten: $a -> $b"; return; }
		n=$((n + 1))
	done
	[ $n -gt 0 ] || { fail "no file of the untouched sheets ($untouched)"; return; }
	(cd "$w" && "$TP_BIN" -c game.ini build -o "$T/sel-fresh" -s print.dpi=72 -q) || { fail "fresh build failed"; return; }
	for f in $(sheet_files "$w/out/watch" $(echo "$changed" | tr ',' ' ')); do
		cmp -s "$w/out/watch/$f" "$T/sel-fresh/$f" || { fail "$f differs from a fresh build of the edited config"; return; }
	done
	record_true "$w/out/watch" || fail "the record does not describe the folder"
}
tcase "watch: a template save commits the first changed sheet first, rewrites only changed sheets" c_watch_selective

# Killed between the first sheet's commit and the second commit: the
# folder holds the new first sheet and the rest as before, as its record
# says; a killed commit's moves are finished by the next start.
c_watch_killed() {
	stop_watch
	w=$T/killed
	design "$w" || { fail "config/series.ini has no indicia line"; return; }
	(cd "$w" && TP_TEST_PAUSE=staged exec "$TP_BIN" -c game.ini watch -o out >watch.out 2>watch.err) &
	WPID=$!
	wait_stopped || { fail "the first build did not pause: $(cat "$w/watch.err")"; return; }
	kill -CONT "$WPID"
	wait_for "$w/watch.out" 'watch: start: built' 1 || { fail "no first build: $(cat "$w/watch.err")"; return; }
	SHEETS=$(sed -n 's/.*start: built [0-9]* sheets: //p' "$w/watch.out")
	export SHEETS
	stat_of "$w/out/watch" >"$T/k-before"
	edit_template "$w" || { fail "no order in spiral-ccw-inner.ini"; return; }
	wait_stopped || { fail "the first commit did not pause: $(cat "$w/watch.err")"; return; }
	kill -CONT "$WPID"
	wait_for "$w/watch.out" ' in place$' 1 || { fail "no sheet in place: $(cat "$w/watch.err")"; return; }
	first=$(sed -n 's/.*: \([a-z0-9-]*\) in place$/\1/p' "$w/watch.out")
	wait_stopped || { fail "the second commit did not pause: $(cat "$w/watch.err")"; return; }
	kill -KILL "$WPID"
	wait "$WPID" 2>/dev/null
	WPID=
	STAGING_OK=1 record_true "$w/out/watch" || { fail "after the kill the record does not describe the folder"; return; }
	# The page shows the sheet committed with its own PNG, not the
	# thumbnail of the set before the save; every other sheet still has
	# its caption.
	grep -q "src=\"./thumbs/$first.png\"" "$w/out/watch/index.html" &&
		{ fail "the page shows $first's old thumbnail"; return; }
	grep -q "src=\"./$first.png\"" "$w/out/watch/index.html" || { fail "the page does not show $first.png"; return; }
	[ "$(grep -c '<br>trim ' "$w/out/watch/index.html")" -eq "$(echo "$SHEETS" | tr ',' '\n' | wc -l)" ] ||
		{ fail "not every sheet's caption on the page after the first commit"; return; }
	(cd "$w" && "$TP_BIN" -c game.ini build -o "$T/k-fresh" -s print.dpi=72 -q) || { fail "fresh build failed"; return; }
	stat_of "$w/out/watch" >"$T/k-after"
	for f in $(sheet_files "$w/out/watch" "$first"); do
		cmp -s "$w/out/watch/$f" "$T/k-fresh/$f" || { fail "$f (committed) differs from a fresh build"; return; }
	done
	others=$(echo "$SHEETS" | tr ',' '\n' | grep -vxF "$first")
	for f in $(sheet_files "$w/out/watch" $others); do
		[ "$(grep "^./$f " "$T/k-before")" = "$(grep "^./$f " "$T/k-after")" ] ||
			{ fail "$f changed though its commit was killed before its moves"; return; }
	done
	# Killed during the moves of a commit: the next start finishes them.
	edit_template "$w"
	cp templates/indicia/spiral-cw.ini "$w/mine.ini"
	(cd "$w" && TP_TEST_PAUSE=moving exec "$TP_BIN" -c game.ini watch -o out >watch2.out 2>watch2.err) &
	WPID=$!
	wait_stopped || { fail "the start did not pause in its moves: $(cat "$w/watch2.err")"; return; }
	kill -KILL "$WPID"
	wait "$WPID" 2>/dev/null
	WPID=
	(cd "$w" && exec "$TP_BIN" -c game.ini watch -o out >watch3.out 2>watch3.err) &
	WPID=$!
	wait_for "$w/watch3.out" 'watch: start: built' 1 || { fail "no start after the kill: $(cat "$w/watch3.err")"; return; }
	stop_watch
	record_true "$w/out/watch" || { fail "after recovery the record does not describe the folder"; return; }
	(cd "$w" && "$TP_BIN" -c game.ini build -o "$T/k-fresh2" -s print.dpi=72 -q) || { fail "fresh build failed"; return; }
	cmp -s "$w/out/watch/fronts.svg" "$T/k-fresh2/fronts.svg" || fail "after recovery fronts.svg is not the saved template's"
}
tcase "watch: killed mid-rebuild, the folder is a set its record describes" c_watch_killed

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
