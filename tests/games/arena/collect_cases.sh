# CLI tests of the collecting game (arena.marking = colours | pictures,
# issue 22 section 3), sourced by tests/games/arena/cli.sh (its harness,
# $CFG, run, expect_ok, refuse, fresh_dir, tcase).  Expected values come
# from the pattern csv (positions by parity, quarters by the pinwheel
# described in docs/arena.md, colours as the board gives them) and from the
# rules in docs/arena.md; none is copied from a run.

# The pattern csv of a colour board checked by awk from the rules: a colour
# 1..K exactly on the squares with row + col even but the centre; every
# colour as often in every quarter, inner and outer counted apart (within
# one of its share in a part; alike in the quarters of a square board).
c_collect_pattern() {
	for k in 2 4 7; do
		run -c "$CFG" -s arena.marking=colours -s arena.colours=$k -s arena.seed=$k pattern --format csv
		expect_ok || return
		head -n 1 "$OUT" | grep -qx "row,col,colour,arena,quarter" || { fail "header: $(head -n 1 "$OUT")"; return; }
		awk -F, -v K="$k" -v N="$SIDE" 'NR > 1 {
			m = (N + 1) / 2; r = $1; c = $2
			q = (r < m && c <= m) ? 1 : (r <= m && c > m) ? 2 : (r > m && c >= m) ? 3 : (r >= m && c < m) ? 4 : 0
			if (q != $5) { print "quarter of " r "," c ": " $5 " not " q; bad = 1 }
			pos = (r + c) % 2 == 0 && q != 0
			if (pos != ($3 > 0) || $3 > K) { print "colour " $3 " at " r "," c; bad = 1 }
			if (pos) { n[q, $4, $3]++ }
		} END {
			for (q = 1; q <= 4; q++) for (a = 0; a < 2; a++) {
				ar = a ? "inner" : "outer"; lo = 1e9; hi = -1
				for (c = 1; c <= K; c++) {
					v = n[q, ar, c] + 0; if (v < lo) lo = v; if (v > hi) hi = v
					if (v != n[1, ar, c] + 0) { print "quarter " q " " ar " colour " c ": " v " vs " n[1, ar, c]; bad = 1 }
				}
				if (hi - lo > 1) { print "quarter " q " " ar ": " lo ".." hi; bad = 1 }
			}
			exit bad
		}' "$OUT" >"$T/why" || { fail "colours $k: $(head -n 3 "$T/why")"; return; }
	done
}
tcase "colours: pattern csv holds K colours on the positions, balanced per quarter and inner quarter" c_collect_pattern

# Counters per colour in the manifest: the positions of that colour in the
# pattern; charts one per player; the chart's places as check states them.
c_collect_manifest() {
	set -- -c "$CFG" -s arena.marking=colours -s arena.colours=5 -s arena.players=3
	run "$@" pattern --format csv
	expect_ok || return
	awk -F, 'NR > 1 && $3 > 0 { n[$3]++ } END { for (c = 1; c <= 5; c++) print c, n[c] + 0 }' "$OUT" >"$T/want"
	run "$@" check
	expect_ok || return
	need=$(sed -n "s/^collecting: each player's chart holds \([0-9]*\) of each colour.*/\1/p" "$OUT")
	[ -n "$need" ] || { fail "check states no chart: $(head -c 400 "$OUT")"; return; }
	run "$@" manifest --format json
	expect_ok || return
	python3 - "$OUT" "$T/want" "$need" <<'PY' || fail "manifest json counters (got, want): $(cat "$OUT.py")"
import json, sys
d = json.load(open(sys.argv[1]))
want = dict(tuple(map(int, l.split())) for l in open(sys.argv[2]))
got = {c["colour"]: c["per_game"] for c in d["counters"]}
ok = got == want and d["counters_total"] == sum(want.values())
ok = ok and d["charts"]["per_game"] == 3 and d["charts"]["places_per_colour"] == int(sys.argv[3])
open(sys.argv[1] + ".py", "w").write("%s %s" % (got, want))
sys.exit(0 if ok else 1)
PY
	run "$@" manifest --games 2 --spares 10 --format json
	expect_ok || return
	python3 - "$OUT" "$T/want" <<'PY' || fail "manifest json counters of a run of 2 games with 10 % spares"
import json, math, sys
d = json.load(open(sys.argv[1]))
want = dict(tuple(map(int, l.split())) for l in open(sys.argv[2]))
sys.exit(0 if all(c["total"] == math.ceil(2 * want[c["colour"]] * 1.1 - 1e-9) for c in d["counters"]) else 1)
PY
}
tcase "colours: manifest counts the counters per colour from the board, a chart per player" c_collect_manifest

# Every format: the counters' die lines (one closed path per counter in the
# dxf) number the board's positions; a chart page per player; pdfs pass
# qpdf; the preflight is clean in gang and punchboard.
c_collect_build() {
	set -- -c "$CFG" -s arena.marking=colours -s print.dpi=72
	run "$@" pattern --format csv
	pos=$(awk -F, 'NR > 1 && $3 > 0' "$OUT" | wc -l)
	d=$(fresh_dir collect)
	run "$@" build -o "$d" -q
	expect_ok || return
	for f in counters.pdf counters.png counters.svg counters.dxf charts.pdf charts-chart-1.svg \
		charts-chart-2.png board.pdf board-part-1.dxf; do
		[ -s "$d/$f" ] || { fail "no $f"; return; }
	done
	for f in counters charts board; do
		qpdf --check "$d/$f.pdf" >/dev/null 2>&1 || { fail "qpdf --check $f.pdf"; return; }
	done
	n=$(grep -c '^POLYLINE$' "$d/counters.dxf")
	[ "$n" -eq "$pos" ] || { fail "counters.dxf: $n die paths, the board has $pos positions"; return; }
	pages=$(pdfinfo "$d/charts.pdf" | sed -n 's/^Pages:[[:space:]]*//p')
	[ "$pages" -eq "$(cfgval players)" ] || { fail "charts.pdf: $pages pages"; return; }
	for m in colours pictures; do
		for l in gang punchboard; do
			run -c "$CFG" -s arena.marking=$m -s arena.colours=8 -s print.layout=$l preflight
			expect_ok || return
			grep -q "0 errors, 0 warnings" "$OUT" || { fail "preflight $m $l: $(tail -n 3 "$OUT")"; return; }
		done
	done
}
tcase "colours: counters and charts in every format, die lines per position, preflight clean" c_collect_build

c_collect_pictures() {
	d=$(fresh_dir pictures)
	run -c "$CFG" -s arena.marking=pictures -s arena.pictures=animals -s print.dpi=72 build -o "$d" -q \
		--only board,counters,charts --formats pdf,svg
	expect_ok || return
	[ -s "$d/counters.svg" ] && [ -s "$d/charts.pdf" ] || { fail "no counters or charts"; return; }
	printf '[a]\nname = a\ncircle = 5 5 4\n[b]\nname = b\npoly = 1 1 9 1 5 9\n' >"$T/two.ini"
	refuse "--set arena.pictures=$T/two.ini" "arena.pictures" "holds 2 pictures" -- -c "$CFG" \
		-s arena.marking=pictures -s arena.colours=3 -s "arena.pictures=$T/two.ini"
	[ -z "$why" ] || return
	refuse "--set arena.pictures=nosuch" "arena.pictures" -- -c "$CFG" -s arena.marking=pictures \
		-s arena.pictures=nosuch
	[ -z "$why" ] || return
	# Under a factory's safe zone (3 mm): no counter warns (its colour runs
	# out to the bleed, its picture kept the zone from the round cut: a
	# thin ring just inside the cut warned on all of them), and no square's
	# paper-window ground stops short of the board's cut. Every shipped
	# pictures file; the punchboard profile too.
	for spec in "generic-x1a fruit" "generic-x1a animals" "generic-x1a toys" "generic-x1a signs" \
		"punchboard fruit"; do
		set -- $spec
		run -c "$CFG" -s arena.marking=pictures -s arena.colours=8 -s arena.pictures=$2 \
			-s print.profile=$1 preflight
		[ "$rc" -eq 0 ] || { fail "preflight $spec: exit $rc"; return; }
		grep -q "^preflight: .* 0 errors" "$OUT" || { fail "preflight $spec: $(head -n 1 "$OUT")"; return; }
		bad=$(grep -E "counters page|safe-zone: (.*[:,] [0-9]+ )?(inner|outer) shape" "$OUT" | head -n 1)
		[ -z "$bad" ] || { fail "preflight $spec: $bad"; return; }
	done
}
tcase "pictures: board, counters and charts; too few pictures and a missing file refused; counters and grounds clear of a 3 mm safe zone" c_collect_pictures

# The collecting game can be finished: simulated games end with a full
# chart (wins add up to the games completed), the same seed the same games.
c_collect_simulate() {
	set -- -c "$CFG" -s arena.marking=colours
	run "$@" simulate --games 30 --seed 2 --format json
	expect_ok || return
	cp "$OUT" "$T/col1"
	python3 - "$OUT" <<'PY' || fail "simulate json: $(head -c 300 "$T/col1")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["games"] == 30 and 0 < d["completed"] <= 30
assert sum(s["wins"] for s in d["seats"]) == d["completed"]
assert all(s["mean_filled"] <= d["need"] * d["colours"] for s in d["seats"])
PY
	[ -z "$why" ] || return
	run "$@" simulate --games 30 --seed 2 --format json
	cmp -s "$OUT" "$T/col1" || fail "the same seed gave other games"
}
tcase "colours: simulate finishes games (a full chart wins), deterministic" c_collect_simulate

c_collect_refused() {
	d=$(fresh_dir collectoff)
	run -c "$CFG" build -o "$d" --only counters --formats svg
	[ "$rc" -eq 2 ] && one_err_line && err_has "arena.marking" && only_marker "$d" ||
		{ fail "numbers, --only counters: exit $rc, $(errtext)"; return; }
	refuse "--set arena.colours=9" "arena.colours" -- -c "$CFG" -s arena.marking=colours -s arena.colours=9
	[ -z "$why" ] || return
	refuse "--set arena.marking=paint" "arena.marking" -- -c "$CFG" -s arena.marking=paint
	[ -z "$why" ] || return
	refuse "--set arena.collect=40" "arena.collect" "use arena.collect" -- -c "$CFG" -s arena.marking=colours \
		-s arena.collect=40
}
tcase "colours: counters absent under numbers; bad colours, marking, collect refused" c_collect_refused

# The die with shape silhouettes (arena.die = shapes, section 5): every
# format, the preflight clean in gang and punchboard, square, hex and tri
# shapes.
c_die_shapes() {
	for grid in square hex tri; do
		cfg=$CFG
		[ "$grid" = hex ] && cfg=config/arena-hex.ini
		set -- -s arena.die=shapes
		[ "$grid" = tri ] && set -- -s arena.die=shapes -s arena.grid=tri
		d=$(fresh_dir dieshapes)
		run -c "$cfg" "$@" -s print.dpi=72 build -o "$d" -q --only die-net
		expect_ok || return
		for x in pdf png svg dxf; do
			[ -s "$d/die-net.$x" ] || { fail "$cfg: no die-net.$x"; return; }
		done
		qpdf --check "$d/die-net.pdf" >/dev/null 2>&1 || { fail "$cfg: qpdf --check die-net.pdf"; return; }
		for l in gang punchboard; do
			run -c "$cfg" "$@" -s print.layout=$l preflight
			expect_ok || return
			grep -q "0 errors, 0 warnings" "$OUT" || { fail "preflight $cfg $l: $(tail -n 3 "$OUT")"; return; }
		done
	done
}
tcase "die = shapes: the die net in every format, preflight clean, square, hex and tri shapes" c_die_shapes
