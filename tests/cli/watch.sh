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

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
