# Sourced by cli_hex.sh and cli_tri.sh (after harness.sh): colour and
# picture boards on a hex or triangular grid (issue 22, sections 1 and 3).
#   poly_colours_case LABEL ARGS...   (ARGS pick the config and the grid)
# The colour pattern csv is checked against the number pattern of the
# same board (whose cells, sectors and arenas the grid's own oracle
# checks): the same cells, sectors and arenas; a colour exactly on the
# numbered cells less the centre; in each sector's inner and outer parts
# every colour n/k or n/k+1 times and every sector the same counts. Then
# the manifest's counters per colour, builds in every format with the
# preflight clean in both layouts, and simulate.

# poly_balance K NUMBERS_CSV < COLOURS_CSV: empty when balanced.
poly_balance() {
	awk -F, -v k="$1" '
	NR == FNR { if (FNR > 1) { num[$1, $2] = $3; geo[$1, $2] = $4 "," $5 } ; next }
	FNR == 1 { if ($3 != "colour") bad = bad " header"; next }
	{
		if (geo[$1, $2] != $4 "," $5) bad = bad " cell@" $1 "," $2
		want = num[$1, $2] != 0 && $5 != 0
		if (($3 != 0) != want) bad = bad " position@" $1 "," $2
		if ($3 < 0 || $3 > k) bad = bad " colour@" $1 "," $2
		if ($3) { c[$5, $4, $3]++; S = $5 > S ? $5 : S; tot[$3]++ }
	}
	END {
		for (s = 1; s <= S; s++) for (a = 0; a < 2; a++) {
			part = a ? "inner" : "outer"; lo = 1e9; hi = -1
			for (j = 1; j <= k; j++) {
				v = c[s, part, j] + 0
				lo = v < lo ? v : lo; hi = v > hi ? v : hi
				if (v != c[1, part, j] + 0) bad = bad " sector" s part j
			}
			if (hi - lo > 1) bad = bad " balance" s part
		}
		for (j = 1; j <= k; j++) printf("%s%d", (j > 1 ? " " : ""), tot[j]) > "/dev/stderr"
		print bad
	}' "$2" -
}

poly_colours_case() {
	label=$1
	shift
	for k in 2 5 8; do
		run "$@" pattern --format csv
		expect_ok || return
		cp "$OUT" "$T/pc.num"
		run "$@" -s arena.marking=colours -s arena.colours=$k pattern --format csv
		expect_ok || return
		res=$(poly_balance $k "$T/pc.num" <"$OUT" 2>"$T/pc.tot")
		[ -z "$res" ] || { fail "$label colours=$k:$res"; return; }
		run "$@" -s arena.marking=colours -s arena.colours=$k manifest --format json
		expect_ok || return
		got=$(python3 -c 'import json,sys; print(" ".join(str(c["per_game"]) for c in json.load(open(sys.argv[1]))["counters"]))' "$OUT")
		[ "$got" = "$(cat "$T/pc.tot")" ] || { fail "$label colours=$k: manifest counters $got, pattern $(cat "$T/pc.tot")"; return; }
	done
	for m in colours pictures; do
		for layout in gang punchboard; do
			dir=$T/pc.$m.$layout
			run "$@" -s arena.marking=$m -s print.layout=$layout -s print.dpi=72 build -o "$dir" --formats pdf,png,svg,dxf
			expect_ok || return
			run "$@" -s arena.marking=$m -s print.layout=$layout preflight
			[ "$rc" -eq 0 ] && grep -q "0 errors, 0 warnings" "$OUT" "$ERR" ||
				{ fail "$label $m $layout: preflight: $(tail -n 3 "$OUT" "$ERR" | tr '\n' '|')"; return; }
			for s in board counters charts; do
				ls "$dir" | grep -q "^$s[.-]" || { fail "$label $m $layout: no $s"; return; }
			done
			for f in "$dir"/*.pdf; do
				qpdf --check "$f" >/dev/null 2>&1 || { fail "$label $m: qpdf --check $f"; return; }
			done
		done
	done
	# A factory's 3 mm safe zone: the marks shrink to keep it from every
	# cut (the parts' seam along cell edges: tri discs sat 1.2 mm from it),
	# and the counters keep it too; no colour ink and no counter warns.
	for m in colours pictures; do
		run "$@" -s arena.marking=$m -s print.profile=generic-x1a preflight
		[ "$rc" -eq 0 ] || { fail "$label $m generic-x1a: preflight exit $rc"; return; }
		bad=$(grep -E "safe-zone: (.*[:,] [0-9]+ )?colour[1-8] |counters page" "$OUT" | head -n 1)
		[ -z "$bad" ] || { fail "$label $m generic-x1a: $bad"; return; }
	done
	run "$@" -s arena.marking=colours check
	expect_ok || return
	grep -q "constraints: every colour .*: verified" "$OUT" || { fail "$label check: $(grep constraints "$OUT")"; return; }
	run "$@" -s arena.marking=colours simulate --games 20 --seed 3 --format json
	expect_ok || return
	python3 - "$OUT" <<'PY' || fail "$label simulate: $(head -c 300 "$OUT")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["games"] == 20 and 0 < d["completed"] <= 20
assert sum(s["wins"] for s in d["seats"]) == d["completed"]
PY
}

# numbering = groups on this grid: numbers in gang and colours in
# punchboard, every format, the preflight clean, check verified.
poly_groups_case() {
	label=$1
	shift
	for v in "numbers gang" "colours punchboard"; do
		set -- "$@" -s arena.numbering=groups -s arena.marking=${v% *} -s print.layout=${v#* }
		dir=$T/pg.${v% *}
		run "$@" -s print.dpi=72 build -o "$dir" --formats pdf,png,svg,dxf
		expect_ok || return
		run "$@" preflight
		[ "$rc" -eq 0 ] && grep -q "0 errors, 0 warnings" "$OUT" "$ERR" ||
			{ fail "$label groups $v: preflight: $(tail -n 3 "$OUT" "$ERR" | tr '\n' '|')"; return; }
		run "$@" check
		grep -q "constraints: .*: verified" "$OUT" || { fail "$label groups $v: check not verified"; return; }
		grep -q "numbering groups" "$OUT" || { fail "$label groups $v: check names no groups"; return; }
	done
}
