#!/bin/bash
# tilepress benchmark (make bench; not a test).  See BENCHMARKS.md.
#
# Environment (mk/bench.mk sets them all):
#   TP_BIN            the tilepress binary
#   BENCH_OUT         work and results folder (build/bench)
#   BENCH_PARTS       which parts: goals boards sets peers games watch
#                     (default all); png: only the two PNG goals of "goals"
#   BENCH_REPS        pairs per ratio in the goals (the median is shown)
#   BENCH_DPIS        dpi for the full-set and PNG-only runs; the -j 1 run
#                     uses the last one
#   BENCH_PEER_DPIS   dpi for the peer rasterisers
#   BENCH_IM_TIMEOUT  seconds before ImageMagick is stopped
#   BENCH_SAMPLE      1: also sample the summed RSS of the process tree
#   BENCH_BOARDS      board sides for the "boards" part (default 18 72 144 240)
set -u

TP=${TP_BIN:-$PWD/tilepress}
OUT=${BENCH_OUT:-$PWD/build/bench}
DPIS=${BENCH_DPIS:-300 600 1200 2400}
PEER_DPIS=${BENCH_PEER_DPIS:-300 600}
IM_TIMEOUT=${BENCH_IM_TIMEOUT:-60}
SAMPLE=${BENCH_SAMPLE:-1}
ZB=$OUT/zlib_floor
PDFC=${BENCH_PDF_COLOURS:-$PWD/bench/pdf_colours.py}
WSAVE=$PWD/bench/watch_save.py
PARTS=${BENCH_PARTS:-goals boards sets peers games watch}
BOARDS=${BENCH_BOARDS:-18 72 144 240}
REPS=${BENCH_REPS:-3}
RES=$OUT/results.md
GTIME=/usr/bin/time
# The real ImageMagick 6, not whatever a PATH wrapper calls "convert".
# (Optional: a peer that is not installed is left out of the table.)
IM=/usr/bin/convert-im6.q16
[ -x "$IM" ] || IM=""

for t in "$TP" "$ZB" "$GTIME" "$PDFC" "$WSAVE" rsvg-convert gs ps awk timeout qpdf python3 pdfinfo; do
	command -v "$t" >/dev/null 2>&1 || { echo "bench: $t missing (run make bench)" >&2; exit 1; }
done
mkdir -p "$OUT"
cd "$OUT" || exit 1
# Benchmark a snapshot: the binary with its config/ and templates/ beside it
# (found through the executable's folder), safe from rebuilds during the run.
SRC_DIR=$(cd "$(dirname "$TP")" && pwd)
rm -rf snap && mkdir -p snap && cp "$TP" snap/tilepress &&
	cp -r "$SRC_DIR/config" "$SRC_DIR/templates" snap/ || { echo "bench: cannot snapshot $TP" >&2; exit 1; }
TP=$OUT/snap/tilepress
unset TILEPRESS_DATA
T_START=$(date +%s)

say() { printf '%s\n' "bench: $*" >&2; }
mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k * 1024 / 1e6 }'; }
want() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }
div() { awk -v a="$1" -v b="$2" -v f="${3:-%.2f}" 'BEGIN { if (b > 0) printf f, a / b; else printf "n/a" }'; }

# Summed RSS (KiB) of every descendant of $1, not $1 itself (GNU time).
tree_rss() {
	ps -eo pid=,ppid=,rss= | awk -v root="$1" '
		{ par[$1] = $2; rss[$1] = $3 }
		END {
			t[root] = 1; more = 1
			while (more) { more = 0
				for (p in par) if (!(p in t) && (par[p] in t)) { t[p] = 1; more = 1 } }
			s = 0; for (p in t) if (p != root) s += rss[p]
			print s }'
}

# measure CMD...: sets WALL (s), CPU (user + system s, the process and every
# child it waited for), RSS (KiB, GNU time %M: the largest single process),
# TREE (KiB, sampled sum over the process tree every 0.5 s, or "-"), RC.
measure() {
	local tf=$OUT/.time.$$ pid peak=0 s
	rm -f "$tf"
	"$GTIME" -f '%e %M %U %S' -o "$tf" "$@" >"$OUT/.cmd.out" 2>&1 &
	pid=$!
	if [ "$SAMPLE" = 1 ] && [ "${NOSAMPLE:-0}" != 1 ]; then
		while kill -0 "$pid" 2>/dev/null; do
			s=$(tree_rss "$pid")
			[ "${s:-0}" -gt "$peak" ] && peak=$s
			sleep 0.5
		done
	fi
	wait "$pid"
	RC=$?
	# GNU time writes "Command exited with non-zero status N" first then.
	local u sy
	read -r WALL RSS u sy < <(tail -n 1 "$tf")
	CPU=$(awk -v a="$u" -v b="$sy" 'BEGIN { printf "%.2f", a + b }')
	TREE=$peak
	[ "$SAMPLE" = 1 ] && [ "${NOSAMPLE:-0}" != 1 ] || TREE=-
	if [ "$RC" != 0 ]; then
		say "exit $RC: $*"
		sed 's/^/    /' "$OUT/.cmd.out" | tail -n 5 >&2
	fi
}

# measure_ms CMD...: sets WALL and CPU (s) like measure, in milliseconds
# (bash's time reads getrusage: the process and the children it waited
# for), not GNU time's 10 ms steps: the small PNGs take 0.02-0.2 s of CPU.
measure_ms() {
	local TIMEFORMAT='%3R %3U %3S' t u sy
	t=$( { time "$@" >"$OUT/.cmd.out" 2>&1; } 2>&1 )
	read -r WALL u sy <<<"$(tail -n 1 <<<"$t")"
	CPU=$(awk -v a="$u" -v b="$sy" 'BEGIN { printf "%.3f", a + b }')
}

# Sum of width*height over PNG files, in Mpx.
mpx_of() {
	[ $# -gt 0 ] || { echo 0; return; }
	"$ZB" -d "$@" | awk '{ s += $1 * $2 } END { printf "%.1f", s / 1e6 }'
}
dims() { "$ZB" -d "$1" 2>/dev/null | awk '{ print $1 "x" $2 }'; }

# Copy of an SVG whose root is cut to the bleed box (the area of our PNG):
# tilepress's SVG page also holds the marks around it.
crop_svg() {
	local box
	box=$(sed -n 's/.*<clipPath id="bleed"><rect x="\([^"]*\)" y="\([^"]*\)" width="\([^"]*\)" height="\([^"]*\)".*/\1 \2 \3 \4/p' "$1" | head -n 1)
	[ -n "$box" ] || { cp "$1" "$2"; return 1; }
	set -- "$1" "$2" $box
	sed "0,/width=\"[^\"]*mm\" height=\"[^\"]*mm\" viewBox=\"[^\"]*\"/s//width=\"$5mm\" height=\"$6mm\" viewBox=\"$3 $4 $5 $6\"/" "$1" >"$2"
}

# ---- machine ------------------------------------------------------------------
CPU_NAME=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo)
CORES=$(nproc)
RAM=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
DEB=$(cat /etc/debian_version 2>/dev/null || echo "?")
VER=$("$TP" --version | tr '\n' ';' | sed 's/;$//; s/;/; /g')
LOAD0=$(cut -d' ' -f1-3 /proc/loadavg)
say "machine: $CPU_NAME, $CORES cores, $RAM, Debian $DEB; $VER; load $LOAD0"
awk -v l="${LOAD0%% *}" 'BEGIN { exit !(l > 0.5) }' &&
	say "WARNING: load average $LOAD0 before starting: other work will skew the numbers"

# ---- 0. the goals, each a ratio from paired runs in this run -------------------
median() { tr ' ' '\n' | awk -v f="${1:-%.2f}" 'NF { v[n++] = $1 } END { if (!n) { print "n/a"; exit }
	for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
	printf f, n % 2 ? v[int(n / 2)] : (v[n / 2 - 1] + v[n / 2]) / 2 }'; }
worst() { tr ' ' '\n' | awk 'NF && ($1 > m || m == "") { m = $1 } END { print m == "" ? "n/a" : m }'; }
least() { tr ' ' '\n' | awk 'NF && ($1 < m || m == "") { m = $1 } END { print m == "" ? "n/a" : m }'; }
verdict() { awk -v v="$1" -v g="$2" -v op="$3" 'BEGIN { if (v == "n/a") print "n/a";
	else if ((op == "<=" && v + 0 <= g + 0) || (op == ">=" && v + 0 >= g + 0)) print "met"; else print "**not met**" }'; }
GAMES="series vector arena"
# The sizes written without reuse: fronts.svg 836,348 B, arena board.svg 229,100 B.
SVG_FRONTS_WAS=836348; SVG_ARENA_WAS=229100

# floor_of PNG...: prepares each PNG's raw rows (untimed), sets FLOOR_ARGS
# to one floor command per PNG (run them one after another: one core).
floor_prep() {
	local i=0 f wh
	FLOORS=()
	for f in "$@"; do
		wh=$("$ZB" -r "$f" "$OUT/raw.$i") || return 1
		FLOORS+=("$OUT/raw.$i ${wh% *} ${wh#* } $OUT/floor.$i.png")
		i=$((i + 1))
	done
}
floor_run() { local a; for a in "${FLOORS[@]}"; do # shellcheck disable=SC2086
	"$ZB" $a >/dev/null || return 1; done; }
floor_clean() { rm -f "$OUT"/raw.* "$OUT"/floor.*.png; }
export -f floor_run 2>/dev/null

# pair_png GAME SHEET DPI JOBS: tilepress writing SHEET's PNGs with JOBS
# workers, paired REPS times with the single-core floor for the same pixels.
# Sets P_WALL P_CPU (medians of tilepress / floor), TPW FLW (median walls),
# NPNG, MPX (all of them), MAXPX (the largest).
pair_png() {
	local g=$1 sheet=$2 d=$3 j=$4 r rw="" rc="" tw="" fw="" t_w t_c
	rm -rf "pp"
	# The contact sheet shows the sheets the folder's record lists: it is
	# timed over the whole set's PNGs, as a user's `--only proof` after a
	# build makes it (alone it would be a page of text, no thumbnails).
	[ "$sheet" = proof ] &&
		"$TP" -c "$g" build -q -j "$j" -o pp --formats png -s print.dpi="$d" >/dev/null 2>&1
	"$TP" -c "$g" build -q -j "$j" -o pp --only "$sheet" --formats png -s print.dpi="$d" >/dev/null 2>&1
	shopt -s nullglob; local pngs=(pp/*.png); shopt -u nullglob
	[ "$sheet" = proof ] && pngs=(pp/proof.png)
	NPNG=${#pngs[@]}; MPX=$(mpx_of "${pngs[@]}")
	MAXPX=$( [ "$NPNG" -gt 0 ] && "$ZB" -d "${pngs[@]}" | awk '$1 * $2 > m { m = $1 * $2 } END { printf "%.1f", m / 1e6 }' || echo 0)
	[ "$NPNG" -gt 0 ] && floor_prep "${pngs[@]}" || { P_WALL=n/a; P_CPU=n/a; return; }
	for r in $(seq "$REPS"); do
		measure_ms "$TP" -c "$g" build -q -j "$j" -o pp --only "$sheet" --formats png -s print.dpi="$d"
		t_w=$WALL; t_c=$CPU
		measure_ms bash -c "$(declare -p FLOORS ZB); $(declare -f floor_run); floor_run"
		rw+=" $(div "$t_w" "$WALL" %.3f)"; rc+=" $(div "$t_c" "$CPU" %.3f)"; tw+=" $t_w"; fw+=" $WALL"
	done
	P_WALL=$(echo "$rw" | median); P_CPU=$(echo "$rc" | median)
	P_LOAD=$(cut -d' ' -f1 /proc/loadavg)
	TPW=$(echo "$tw" | median %.3f); FLW=$(echo "$fw" | median %.3f)
	FLW_FINE=$(echo "$fw" | median %.4f) # seconds, to 0.1 ms
	floor_clean; rm -rf pp
}

T_GOALS=""; T_CPU=""; T_FLOOR=""; T_PROOF=""; T_BIG=""; T_MEM=""; T_SVG=""; T_PDF=""; T_BOARDS=""
if want goals; then
	# 1. CPU / wall of each game's default build with two workers.
	cw_all=""
	for g in $GAMES; do
		say "goals: $g default build, -j 2, $REPS times"
		rs=""
		for r in $(seq "$REPS"); do
			rm -rf "g-$g"
			NOSAMPLE=1 measure "$TP" -c "$g" build -q -j 2 -o "g-$g"
			rs+=" $(div "$CPU" "$WALL" %.3f)"
			T_CPU+="| $g | $r | $WALL | $CPU | $(div "$CPU" "$WALL") | $(mib "$RSS") |"$'\n'
		done
		m=$(echo "$rs" | median); cw_all+=" $m"
	done
	cw=$(echo "$cw_all" | least)
	T_GOALS+="| default build of each game, 2 workers: CPU / wall | >= 1.85 | $cw (series, vector, arena:$cw_all) | $(verdict "$cw" 1.85 '>=') |"$'\n'
fi
# BENCH_PARTS=png: only the two PNG goals (2 and 3) below.
if want goals || want png; then

	# 2. Every PNG of every game's default set against the floor, one core.
	fl_all=""; fc_all=""; fl_sheets=""
	declare -A BIGGEST PROOF_FLW
	for g in $GAMES; do
		big=0
		for sheet in $("$TP" -c "$g" --list sheets | grep -v '^manifest$'); do
			say "goals: $g $sheet PNG against the floor, -j 1, $REPS pairs"
			pair_png "$g" "$sheet" 300 1
			[ "$P_WALL" = n/a ] && continue
			fl_all+=" $P_WALL"; fc_all+=" $P_CPU"
			[ "$sheet" = proof ] && PROOF_FLW[$g]=$FLW_FINE || fl_sheets+=" $P_WALL"
			T_FLOOR+="| $g | $sheet | $NPNG | $MPX | $TPW | $FLW | **$P_WALL** | $P_CPU | $P_LOAD |"$'\n'
			# The sheet with the largest single PNG (the first of equals).
			[ "$sheet" != proof ] && awk -v a="$MAXPX" -v b="$big" 'BEGIN { exit !(a > b) }' &&
				{ big=$MAXPX; BIGGEST[$g]=$sheet; }
		done
	done
	fw=$(echo "$fl_all" | worst)
	T_GOALS+="| every PNG (300 dpi, -j 1) / single-core zlib floor, wall | <= 1.10 | $fw (worst of $(echo "$fl_all" | wc -w); CPU worst $(echo "$fc_all" | worst); the contact sheets apart: worst $(echo "$fl_sheets" | worst) of $(echo "$fl_sheets" | wc -w)) | $(verdict "$fw" 1.10 '<=') |"$'\n'

	# 2b. The contact sheet's account, from TP_TRACE timelines of its
	#     `--only proof` build: the time outside its task (process start,
	#     session, plan, the output folder's lock, staging and record, the
	#     preview page, the commit's fsyncs, exit) is what any build pays
	#     before and after drawing.  The floor's own fixed cost (its shell,
	#     start and exit, timed on a 1 x 1 image) is taken off the floor:
	#     (floor - its fixed cost + outside) / floor is the ratio the sheet
	#     would have if drawing cost nothing and compressing cost what the
	#     floor's does.
	printf '\0\0\0' >"$OUT/tiny.raw"
	fx=""
	for r in $(seq "$REPS"); do
		measure_ms bash -c "$ZB $OUT/tiny.raw 1 1 $OUT/tiny.png"; fx+=" $WALL"
	done
	FLOOR_FIXED=$(echo "$fx" | tr ' ' '\n' | awk 'NF { printf "%.1f ", $1 * 1000 }' | median %.1f)
	rm -f "$OUT/tiny.raw" "$OUT/tiny.png"
	for g in $GAMES; do
		[ -n "${PROOF_FLW[$g]:-}" ] || continue
		say "goals: $g contact sheet's timeline, $REPS runs"
		rm -rf pp
		"$TP" -c "$g" build -q -j 1 -o pp --formats png >/dev/null 2>&1
		os=""; ts=""
		for r in $(seq "$REPS"); do
			rm -f "$OUT/.trace"
			export TP_TRACE="$OUT/.trace"
			measure_ms "$TP" -c "$g" build -q -j 1 -o pp --only proof --formats png
			unset TP_TRACE
			task=$(awk -F'\t' '$2 ~ /^task .*[(]proof[)]$/ { printf "%.4f", $4 - $3 }' "$OUT/.trace")
			[ -n "$task" ] || { say "WARNING: $g: no proof task in the trace; run left out"; continue; }
			os+=" $(awk -v w="$WALL" -v t="$task" 'BEGIN { printf "%.4f", w - t }')"; ts+=" $task"
		done
		o=$(echo "$os" | tr ' ' '\n' | awk 'NF { printf "%.1f ", $1 * 1000 }' | median %.1f)
		t=$(echo "$ts" | tr ' ' '\n' | awk 'NF { printf "%.1f ", $1 * 1000 }' | median %.1f)
		f=$(awk -v a="${PROOF_FLW[$g]}" 'BEGIN { printf "%.1f", a * 1000 }')
		T_PROOF+="| $g | $o | $t | $f | $FLOOR_FIXED | $(div "$t" "$f") | **$(awk -v o="$o" -v f="$f" -v x="$FLOOR_FIXED" 'BEGIN { printf "%.2f", (f - x + o) / f }')** |"$'\n'
	done
	rm -rf pp "$OUT/.trace"

	# 3. The largest PNG of each game at 1200 dpi, two workers, against the
	#    single-core floor.
	bg_all=""
	for g in $GAMES; do
		sheet=${BIGGEST[$g]:-}
		[ -n "$sheet" ] || continue
		say "goals: $g $sheet at 1200 dpi, -j 2, against the floor"
		pair_png "$g" "$sheet" 1200 2
		bg_all+=" $P_WALL"
		T_BIG+="| $g | $sheet | $MPX | $TPW | $FLW | **$P_WALL** | $P_CPU | $P_LOAD |"$'\n'
	done
	bw=$(echo "$bg_all" | worst)
	T_GOALS+="| largest PNG of each game at 1200 dpi, 2 workers / single-core floor, wall | <= 0.60 | $bw (series, vector, arena:$bg_all) | $(verdict "$bw" 0.60 '<=') |"$'\n'
fi
if want goals; then

	# 4. Peak memory of any process, every shipped config at its documented
	#    largest size (full default build, default -j).
	mm=0
	for run in "series 36 x 36 at 1200 dpi|-c series -s board.rows=36 -s board.cols=36 -s print.dpi=1200" \
		"arena side 99|-c arena -s arena.side=99" \
		"vector 16 x 16|-c vector -s board.rows=16 -s board.cols=16 -s vector.blanks=196" \
		"vector 12 x 12|-c vector -s board.rows=12 -s board.cols=12 -s vector.blanks=84" \
		"vector 14 x 14 (per_tile 4, the largest that plays)|-c vector -s board.rows=14 -s board.cols=14 -s vector.per_tile=4 -s vector.blanks=122" \
		"series-blind at 300 dpi|-c series-blind -s print.dpi=300" \
		"series-tutorial|-c series-tutorial" "series|-c series" "vector|-c vector" "arena|-c arena" \
		"series board pieces 120 x 120 (pdf)|-c series -s board.rows=120 -s board.cols=120 --only board-pieces --formats pdf" \
		"series board pieces 600 x 600 (pdf)|-c series -s board.rows=600 -s board.cols=600 -s print.max_squares=360000 --only board-pieces --formats pdf"; do
		name=${run%%|*}; args=${run#*|}
		say "goals: memory, $name"
		rm -rf mem
		# shellcheck disable=SC2086
		measure "$TP" $args build -q -o mem
		if [ "$RC" != 0 ]; then
			T_MEM+="| $name | \`$args\` | refused (exit $RC): $(head -c 160 "$OUT/.cmd.out" | tr '\n|' ' /') | | | | | |"$'\n'
			continue
		fi
		T_MEM+="| $name | \`$args\` | $WALL | $CPU | $(div "$CPU" "$WALL") | **$(mb "$RSS")** | $( [ "$TREE" = - ] && echo - || mb "$TREE") | $(find mem -type f | wc -l) |"$'\n'
		[ "$RSS" -gt "$mm" ] && { mm=$RSS; mname=$name; }
		case $name in *"pieces 120 x 120"*) bp_small=$RSS ;; *"pieces 600 x 600"*) bp_large=$RSS ;; esac
		rm -rf mem
	done
	T_GOALS+="| peak memory of any process, every shipped config at documented sizes | <= 64 MB | $(mb "$mm") MB ($mname) | $(verdict "$(mb "$mm")" 64 '<=') |"$'\n'
	# Board pieces in bounded memory: 25 times the pieces, at most 1.25 times the memory.
	bp=$(div "${bp_large:-0}" "${bp_small:-0}")
	T_GOALS+="| series board-pieces PDF peak memory, 600 x 600 / 120 x 120 | <= 1.25 | $bp | $(verdict "$bp" 1.25 '<=') |"$'\n'

	# 5. SVG sizes and 6. repeated PDF colours, from the default builds.
	sf=$(stat -c %s g-series/fronts.svg 2>/dev/null || echo 0)
	sa=$(stat -c %s g-arena/board.svg 2>/dev/null || echo 0)
	T_SVG+="| series fronts.svg | $SVG_FRONTS_WAS | $sf | $(div "$sf" "$SVG_FRONTS_WAS") |"$'\n'
	T_SVG+="| arena board.svg | $SVG_ARENA_WAS | $sa | $(div "$sa" "$SVG_ARENA_WAS") |"$'\n'
	sw=$( (div "$sf" "$SVG_FRONTS_WAS"; echo; div "$sa" "$SVG_ARENA_WAS") | worst)
	T_GOALS+="| fronts.svg and arena board.svg / today's size | <= 0.33 | $sw (fronts $(div "$sf" "$SVG_FRONTS_WAS"), board $(div "$sa" "$SVG_ARENA_WAS")) | $(verdict "$sw" 0.333 '<=') |"$'\n'
	rep=0
	for g in $GAMES; do
		for f in g-"$g"/*.pdf; do
			[ -f "$f" ] || continue
			line=$(python3 "$PDFC" "$f")
			o=$(echo "$line" | sed -n 's/.*colour_ops=\([0-9]*\).*/\1/p')
			k=$(echo "$line" | sed -n 's/.*repeats=\([0-9]*\).*/\1/p')
			fi=$(echo "$line" | sed -n 's/.*fills=\([0-9]*\).*/\1/p')
			T_PDF+="| $g | $(basename "$f") | $fi | $o | $k |"$'\n'
			rep=$((rep + ${k:-0}))
		done
	done
	T_GOALS+="| PDF colour operators that repeat the current colour (all default PDFs) | 0 | $rep | $(verdict "$rep" 0 '<=') |"$'\n'
	rm -rf g-series g-vector g-arena
fi

# ---- 1. full default set and the PNG part alone ---------------------------------
T_FULL=""; T_PNG=""; T_PEER=""; T_LEVEL=""; T_GAMES=""; T_J1=""
# Large boards: peak memory and CPU per tile as the series board grows,
# for the fronts PDF and PNG alone (-j 1: one process), the default build
# of series and of the tutorial edition, and the board pieces' press pages
# (ms and bytes a page).
if want boards; then
	for n in $BOARDS; do
		tiles=$((n * n))
		for run in "fronts PDF, -j 1|series|--only fronts --formats pdf -j 1" \
			"fronts PNG, -j 1|series|--only fronts --formats png -j 1" "default build|series|" \
			"tutorial, default build|series-tutorial|" \
			"board-pieces PDF, -j 1|series|--only board-pieces --formats pdf -j 1"; do
			name=${run%%|*}; rest=${run#*|}; cfg=${rest%%|*}; args=${rest#*|}
			say "boards: $n x $n, $name"
			rm -rf brd
			# shellcheck disable=SC2086
			NOSAMPLE=1 measure "$TP" -q -c "$cfg" -s board.rows="$n" -s board.cols="$n" \
				-s print.max_squares=$((tiles > 57600 ? tiles : 57600)) $args build -o brd
			if [ "$RC" != 0 ]; then
				T_BOARDS+="| $n x $n | $name | refused or failed (exit $RC) | | | | |"$'\n'
				continue
			fi
			per="$(awk -v c="$CPU" -v t="$tiles" 'BEGIN { printf "%.1f", c / t * 1e6 }') us a tile"
			case $name in board-pieces*)
				pages=$(pdfinfo brd/board-pieces.pdf 2>/dev/null | awk '/^Pages:/ { print $2 }')
				bytes=$(stat -c %s brd/board-pieces.pdf)
				per=$(awk -v c="$CPU" -v b="$bytes" -v p="${pages:-0}" \
					'BEGIN { if (p > 0) printf "%.2f ms and %.1f KiB a page (%d pages)", c / p * 1e3, b / p / 1024, p }') ;;
			esac
			T_BOARDS+="| $n x $n | $name | $WALL | $CPU | **$(mb "$RSS")** | $per | $(du -sk brd | awk '{ printf "%.1f", $1 / 1024 }') |"$'\n'
			rm -rf brd
		done
	done
fi

if want sets; then
for d in $DPIS; do
	say "full set at $d dpi"
	rm -rf "full-$d"
	measure "$TP" build -q -o "full-$d" -s print.dpi="$d"
	nf=$(find "full-$d" -type f | wc -l)
	mb=$(du -sk "full-$d" | awk '{ printf "%.1f", $1 / 1024 }')
	T_FULL+="| $d | default ($CORES) | $WALL | $CPU | $(div "$CPU" "$WALL") | $(mib "$RSS") | $( [ "$TREE" = - ] && echo - || mib "$TREE") | $nf | $mb |"$'\n'
	rm -rf "full-$d"

	say "PNG only at $d dpi"
	rm -rf "png-$d"
	NOSAMPLE=1 measure "$TP" build -q -o "png-$d" --formats png -s print.dpi="$d"
	shopt -s nullglob; pngs=("png-$d"/*.png); shopt -u nullglob
	mp=$(mpx_of "${pngs[@]}")
	T_PNG+="| $d | ${#pngs[@]} | $mp | $WALL | $CPU | $(div "$CPU" "$WALL") | $(div "$mp" "$WALL" %.1f) | $(mib "$RSS") |"$'\n'
	rm -rf "png-$d"
done

# ---- 2. one worker at the highest dpi -------------------------------------------
DMAX=${DPIS##* }
say "full set at $DMAX dpi with -j 1"
rm -rf "full1-$DMAX"
measure "$TP" build -q -j 1 -o "full1-$DMAX" -s print.dpi="$DMAX"
T_J1="| $DMAX | 1 | $WALL | $CPU | $(div "$CPU" "$WALL") | $(mib "$RSS") | $( [ "$TREE" = - ] && echo - || mib "$TREE") | $(find "full1-$DMAX" -type f | wc -l) | $(du -sk "full1-$DMAX" | awk '{ printf "%.1f", $1 / 1024 }') |"
J1_WALL=$WALL
rm -rf "full1-$DMAX"
JN_WALL=$(printf '%s' "$T_FULL" | awk -F'|' -v d="$DMAX" '$2 + 0 == d { gsub(/ /, "", $4); print $4 }')
fi

# ---- 3. peers on the same image ---------------------------------------------------
# Each peer run is paired with a tilepress run just before it (one worker).
if want peers; then
for d in $PEER_DPIS; do
	for sheet in fronts board; do
		say "peers: $sheet at $d dpi"
		rm -rf "$sheet-$d"
		NOSAMPLE=1 measure "$TP" build -q -j 1 -o "$sheet-$d" --only "$sheet" --formats png -s print.dpi="$d"
		ours=$OUT/$sheet-$d/$sheet.png
		size=$(dims "$ours")
		T_PEER+="| $sheet | $d | tilepress (\`--only $sheet --formats png -j 1\`) | $size | $WALL | $(mib "$RSS") | 1.00 | 0 | Cairo; whole-pixel boxes and lines |"$'\n'
		rm -rf "vec-$d"
		NOSAMPLE=1 measure "$TP" build -q -o "vec-$d" --only "$sheet" --formats svg,pdf -s print.dpi="$d"
		svg=vec-$d/$sheet.svg; pdf=vec-$d/$sheet.pdf; cut=vec-$d/$sheet-bleed.svg
		crop_svg "$svg" "$cut" || say "no bleed clip in $svg: peers rasterise the whole page"

		peer() { # name note cmd... (output in $po)
			local name=$1 note=$2 tp_wall
			shift 2
			rm -f "$po" "$sheet-$d/$sheet.png"
			NOSAMPLE=1 measure "$TP" build -q -j 1 -o "$sheet-$d" --only "$sheet" --formats png -s print.dpi="$d"
			tp_wall=$WALL
			NOSAMPLE=1 measure "$@"
			local ps=- diff=-
			if [ "$RC" = 0 ] && [ -f "$po" ]; then
				ps=$(dims "$po")
				diff=$("$ZB" -c "$ours" "$po" 2>/dev/null | sed -n 's/.*diff_pct=//p')
				[ "$diff" = size-mismatch ] && diff="n/a (size)"
			elif [ "$RC" = 124 ]; then
				note="stopped by timeout ${IM_TIMEOUT} s; $note"; WALL=">$IM_TIMEOUT"
			else
				note="failed (exit $RC); $note"
			fi
			local ratio
			case $WALL in '>'*) ratio="<$(div "$tp_wall" "$IM_TIMEOUT")" ;; *) ratio=$(div "$tp_wall" "$WALL") ;; esac
			T_PEER+="| $sheet | $d | $name | $ps | $WALL | $(mib "${RSS:-0}") | $ratio | $diff | $note |"$'\n'
			rm -f "$po"
		}
		po=$OUT/peer.png
		peer "rsvg-convert $(rsvg-convert --version | awk '{ print $NF }')" \
			"SVG cut to the bleed box; RGBA" \
			rsvg-convert --dpi-x "$d" --dpi-y "$d" -f png -o "$po" "$cut"
		peer "gs png16m, AA" "-dUseBleedBox -dTextAlphaBits=4 -dGraphicsAlphaBits=4" \
			gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -r"$d" -dUseBleedBox \
			-dTextAlphaBits=4 -dGraphicsAlphaBits=4 -sOutputFile="$po" "$pdf"
		peer "gs png16m, no AA" "-dUseBleedBox; gs default, no antialiasing" \
			gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -r"$d" -dUseBleedBox \
			-sOutputFile="$po" "$pdf"
		if command -v inkscape >/dev/null 2>&1; then
			peer "Inkscape $(inkscape --version 2>/dev/null | awk '{ print $2; exit }')" \
				"SVG cut to the bleed box" \
				inkscape --export-dpi="$d" --export-type=png --export-filename="$po" "$cut"
		fi
		if [ -n "$IM" ]; then
			imc=$("$IM" -list format 2>/dev/null | awk '$1 == "SVG" { $1 = $2 = $3 = ""; sub(/^ +/, ""); print }')
			case $imc in *RSVG*) imc="librsvg ($imc)" ;; *XML*) imc="internal MSVG ($imc)" ;; esac
			peer "ImageMagick $("$IM" -version | awk 'NR == 1 { print $3 }') convert" \
				"SVG coder: ${imc:-none}; SVG cut to the bleed box" \
				timeout "$IM_TIMEOUT" "$IM" -density "$d" "$cut" "$po"
		fi
		rm -rf "vec-$d" "$sheet-$d"
	done
done
fi

# ---- 4. levels ---------------------------------------------------------------------
if want games; then
say "level 2 at 300 dpi, full set"
rm -rf level2
measure "$TP" build -q -o level2 --level 2 -s print.dpi=300
shopt -s nullglob; pngs=(level2/*.png); shopt -u nullglob
mp=$(mpx_of "${pngs[@]}")
T_LEVEL+="| \`--level 2 -s print.dpi=300\` (pdf, png, svg) | $WALL | $(mib "$RSS") | $( [ "$TREE" = - ] && echo - || mib "$TREE") | $(find level2 -type f | wc -l) | $(du -sk level2 | awk '{ printf "%.1f", $1 / 1024 }') | $mp ($(div "$mp" "$WALL" %.1f) Mpx/s) |"$'\n'
rm -rf level2
say "level 3, default formats"
rm -rf level3
measure "$TP" build -q -o level3 --level 3
shopt -s nullglob; pngs=(level3/*.png); shopt -u nullglob
T_LEVEL+="| \`--level 3\` (vector: pdf, svg) | $WALL | $(mib "$RSS") | $( [ "$TREE" = - ] && echo - || mib "$TREE") | $(find level3 -type f | wc -l) | $(du -sk level3 | awk '{ printf "%.1f", $1 / 1024 }') | ${#pngs[@]} PNG |"$'\n'

# Every game's default set, and each game at a large board and a high dpi:
# time and memory must stay bounded whatever the game.
for run in "series|-c series" "vector|-c vector" "arena|-c arena" \
	"vector 24x24 at 1200 dpi|-c vector -s board.rows=24 -s board.cols=24 -s vector.blanks=516 -s print.dpi=1200" \
	"arena side 99 at 600 dpi|-c arena -s arena.side=99 -s print.dpi=600"; do
	name=${run%%|*}
	args=${run#*|}
	say "game: $name"
	rm -rf game
	# shellcheck disable=SC2086
	measure "$TP" $args build -q -o game
	T_GAMES+="| $name | $WALL | $CPU | $(div "$CPU" "$WALL") | $(mib "$RSS") | $( [ "$TREE" = - ] && echo - || mib "$TREE") | $(find game -type f | wc -l) | $(du -sk game | awk '{ printf "%.1f", $1 / 1024 }') |"$'\n'
done
rm -rf level3
fi

# ---- 5. watch: a template save to the page ---------------------------------------
# bench/watch_save.py: `watch --serve` on a copy of the default series at the
# watch's 72 dpi; each save of its template timed to the first changed
# sheet's commit (TP_TRACE), the page's reload event and the whole rebuild,
# paired with a full 72 dpi build of the same config right after.
if want watch; then
say "watch: $REPS template saves"
T_WATCH=$(python3 "$WSAVE" "$TP" "$OUT/watch" "$REPS" 2>&1)
say "$T_WATCH"
W_MED=$(grep '^median ' <<<"$T_WATCH")
W_LOAD=$(cut -d' ' -f1 /proc/loadavg)
rm -rf "$OUT/watch"
fi

# ---- report ------------------------------------------------------------------------
T_END=$(date +%s)
LOAD1=$(cut -d' ' -f1-3 /proc/loadavg)
{
cat <<EOF
## tilepress benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')

Machine: $CPU_NAME, $CORES cores, $RAM RAM, Debian $DEB. $VER.
Load average before / after: $LOAD0 / $LOAD1. Benchmark wall time: $((T_END - T_START)) s.
Parts: $PARTS; $REPS pairs per goal ratio (the median is shown).

Every ratio is tilepress / the other program, both timed as whole processes
by GNU time in this run, one right after the other. CPU is user + system time
of the process and the children it waited for. Peak RSS (GNU time %M) is the
largest single process. MB here are 10^6 bytes, MiB 2^20.
EOF
if want goals || want png; then
cat <<EOF

### Goals

| goal | target | measured | |
|---|---:|---|---|
${T_GOALS}
EOF
want goals && cat <<EOF
#### CPU / wall of the default builds (\`-c GAME build -j 2\`)

| game | run | wall s | CPU s | CPU / wall | peak RSS MiB |
|---|---:|---:|---:|---:|---:|
${T_CPU}
EOF
cat <<EOF
#### Every PNG against the zlib floor (300 dpi, one core)

tilepress: \`-c GAME build --only SHEET --formats png -j 1\` (all of the sheet's
PNGs). Floor: bench/zlib_floor.c, one process per PNG run one after another,
reading the same pixels as raw RGB (prepared untimed) and writing them as a
PNG with the same level (6), strategy (Z_FILTERED), filter (Up) and IDAT size
(8 KiB), as one zlib stream on one core. Ratios are medians of the pairs;
load is the 1-minute load average after the pairs.

| game | sheet | PNGs | Mpx | tilepress wall s | floor wall s | wall ratio | CPU ratio | load |
|---|---|---:|---:|---:|---:|---:|---:|---:|
${T_FLOOR}
#### The contact sheet's account (\`--only proof\`, one core)

From \`TP_TRACE\` timelines (medians of the runs): *outside* is the whole
process's wall minus the proof task's (start and exit, the session, the plan,
the output folder's lock, staging and record, the preview page, the commit
and its fsyncs); *task* is drawing the contact sheet and writing its PNG.
*Floor fixed* is the floor's own shell, start and exit (the floor on a 1 x 1
image). *Bound* is (floor - floor fixed + outside) / floor: the ratio if
drawing cost nothing and compressing cost what the floor's does.

| game | outside ms | task ms | floor ms | floor fixed ms | task / floor | bound |
|---|---:|---:|---:|---:|---:|---:|
${T_PROOF}
#### The largest PNG of each game at 1200 dpi: two workers against the single-core floor

| game | sheet | Mpx | tilepress -j 2 wall s | floor wall s | wall ratio | CPU ratio | load |
|---|---|---:|---:|---:|---:|---:|---:|
${T_BIG}
EOF
want goals && cat <<EOF
#### Peak memory, every shipped config at its documented size (full default build, default -j)

| config | arguments | wall s | CPU s | CPU / wall | peak RSS MB (%M) | tree RSS MB (sampled) | files |
|---|---|---:|---:|---:|---:|---:|---:|
${T_MEM}
#### SVG sizes (bytes)

| file | written without reuse | now | ratio |
|---|---:|---:|---:|
${T_SVG}
#### PDF colour operators (bench/pdf_colours.py)

| game | file | fills | colour operators | repeat the current colour |
|---|---|---:|---:|---:|
${T_PDF}
EOF
fi
if want boards; then
cat <<EOF

### Large boards (series and series-tutorial, \`-s board.rows=N -s board.cols=N\`)

Peak memory is GNU time's %M (the largest single process); CPU is user + system of the process and its workers.

| board | what | wall s | CPU s | peak RSS MB | per tile (or page) | output MiB |
|---|---|---:|---:|---:|---|---:|
${T_BOARDS}
EOF
fi
if want sets; then
cat <<EOF

### Full default set (PDF + PNG + SVG, all sheets)

| dpi | -j | wall s | CPU s | CPU / wall | peak RSS MiB (%M) | tree RSS MiB (sampled) | files | output MiB |
|---:|---|---:|---:|---:|---:|---:|---:|---:|
$T_FULL$T_J1

Two workers against one at $DMAX dpi: $(div "$J1_WALL" "$JN_WALL") x faster.

### PNG part alone (\`--formats png\`, default -j)

| dpi | PNG files | Mpx written | wall s | CPU s | CPU / wall | Mpx/s | peak RSS MiB (%M) |
|---:|---:|---:|---:|---:|---:|---:|---:|
${T_PNG}
EOF
fi
if want peers; then
cat <<EOF

### Peers on the same image

Ratio = tilepress s / tool s, each tool run paired with a tilepress run just
before it (below 1: tilepress is faster). "px differ" is the share of pixels
where a channel differs from ours by more than 64 of 255.

| sheet | dpi | tool | pixels | wall s | peak RSS MiB | ratio | px differ % | note |
|---|---:|---|---|---:|---:|---:|---:|---|
${T_PEER}
EOF
fi
if want games; then
cat <<EOF

### Levels (board pieces as tiles)

| run | wall s | peak RSS MiB (%M) | tree RSS MiB (sampled) | files | output MiB | PNG |
|---|---:|---:|---:|---:|---:|---|
${T_LEVEL}
### Every game (PDF + PNG + SVG + DXF, default -j)

| run | wall s | CPU s | CPU / wall | peak RSS MiB (%M) | tree RSS MiB (sampled) | files | output MiB |
|---|---:|---:|---:|---:|---:|---:|---:|
${T_GAMES}
EOF
fi
if want watch; then
read -r _ w_sheet w_commit w_event w_done w_full w_cpu <<<"${W_MED:-median ? n/a n/a n/a n/a n/a}"
cat <<EOF

### watch: a template save (default series, 72 dpi, \`watch --serve\`, $REPS saves, medians)

| first changed sheet | save to its commit s | its CPU s | save to the page's reload event s | save to the whole rebuild s | full 72 dpi build s | commit / full | load |
|---|---:|---:|---:|---:|---:|---:|---:|
| $w_sheet | $w_commit | $w_cpu | $w_event | $w_done | $w_full | $(div "$w_commit" "$w_full") | $W_LOAD |
EOF
fi
} >"$RES"
cat "$RES"
rm -rf "$OUT/.time.$$" "$OUT/.cmd.out" "$OUT/snap" "$OUT"/raw.* "$OUT"/floor.*.png
