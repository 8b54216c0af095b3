#!/bin/bash
# tilepress benchmark (make bench; not a test).  See BENCHMARKS.md.
#
# Environment (mk/bench.mk sets them all):
#   TP_BIN            the tilepress binary
#   BENCH_OUT         work and results folder (build/bench)
#   BENCH_DPIS        dpi for the full-set, PNG-only and zlib-bound runs; the
#                     -j 1 run uses the last one
#   BENCH_PEER_DPIS   dpi for the peer rasterisers
#   BENCH_IM_TIMEOUT  seconds before ImageMagick is stopped
#   BENCH_SAMPLE      1: also sample the summed RSS of the process tree
set -u

TP=${TP_BIN:-$PWD/tilepress}
OUT=${BENCH_OUT:-$PWD/build/bench}
DPIS=${BENCH_DPIS:-300 600 1200 2400}
PEER_DPIS=${BENCH_PEER_DPIS:-300 600}
IM_TIMEOUT=${BENCH_IM_TIMEOUT:-60}
SAMPLE=${BENCH_SAMPLE:-1}
ZB=$OUT/zlib_bound
RES=$OUT/results.md
GTIME=/usr/bin/time
# The real ImageMagick 6, not whatever a PATH wrapper calls "convert".
IM=/usr/bin/convert-im6.q16
[ -x "$IM" ] || IM=/usr/bin/convert

for t in "$TP" "$ZB" "$GTIME" rsvg-convert gs "$IM" ps awk timeout; do
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

# measure CMD...: sets WALL (s), RSS (KiB, GNU time %M), TREE (KiB, sampled
# sum over the process tree every 0.5 s, or "-"), RC.
measure() {
	local tf=$OUT/.time.$$ pid peak=0 s
	rm -f "$tf"
	"$GTIME" -f '%e %M' -o "$tf" "$@" >"$OUT/.cmd.out" 2>&1 &
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
	read -r WALL RSS < <(tail -n 1 "$tf")
	TREE=$peak
	[ "$SAMPLE" = 1 ] && [ "${NOSAMPLE:-0}" != 1 ] || TREE=-
	if [ "$RC" != 0 ]; then
		say "exit $RC: $*"
		sed 's/^/    /' "$OUT/.cmd.out" | tail -n 5 >&2
	fi
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
CPU=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo)
CORES=$(nproc)
RAM=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
DEB=$(cat /etc/debian_version 2>/dev/null || echo "?")
VER=$("$TP" --version | tr '\n' ';' | sed 's/;$//; s/;/; /g')
LOAD0=$(cut -d' ' -f1-3 /proc/loadavg)
say "machine: $CPU, $CORES cores, $RAM, Debian $DEB; $VER; load $LOAD0"
awk -v l="${LOAD0%% *}" 'BEGIN { exit !(l > 0.5) }' &&
	say "WARNING: load average $LOAD0 before starting: other work will skew the numbers"

# ---- 1. full default set and the PNG part alone ---------------------------------
T_FULL=""; T_PNG=""; T_BOUND=""; T_PEER=""; T_LEVEL=""; T_GAMES=""
declare -A FR_WALL FR_FILE FR_RSS
for d in $DPIS; do
	say "full set at $d dpi"
	rm -rf "full-$d"
	measure "$TP" build -q -o "full-$d" -s print.dpi="$d"
	nf=$(find "full-$d" -type f | wc -l)
	mb=$(du -sk "full-$d" | awk '{ printf "%.1f", $1 / 1024 }')
	T_FULL+="| $d | default ($CORES) | $WALL | $(mib "$RSS") | $( [ "$TREE" = - ] && echo - || mib "$TREE") | $nf | $mb |"$'\n'
	rm -rf "full-$d"

	say "PNG only at $d dpi"
	rm -rf "png-$d"
	NOSAMPLE=1 measure "$TP" build -q -o "png-$d" --formats png -s print.dpi="$d"
	shopt -s nullglob; pngs=("png-$d"/*.png); shopt -u nullglob
	mp=$(mpx_of "${pngs[@]}")
	T_PNG+="| $d | ${#pngs[@]} | $mp | $WALL | $(div "$mp" "$WALL" %.1f) | $(mib "$RSS") |"$'\n'
	rm -rf "png-$d"

	say "fronts.png alone at $d dpi, then its zlib bound"
	rm -rf "fronts-$d"
	NOSAMPLE=1 measure "$TP" build -q -j 1 -o "fronts-$d" --only fronts --formats png -s print.dpi="$d"
	FR_WALL[$d]=$WALL; FR_FILE[$d]=$OUT/fronts-$d/fronts.png
	fr_rss=$RSS; FR_RSS[$d]=$(mib "$RSS")
	zb=$("$ZB" "fronts-$d/fronts.png")
	get() { printf '%s\n' "$zb" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
	fmp=$(get mpx); bs=$(get bound_s)
	T_BOUND+="| $d | $(get width)x$(get height) | $fmp | $WALL | $(div "$fmp" "$WALL" %.1f) | $(mib "$fr_rss") | $bs | $(get mpx_per_s) | **$(div "$WALL" "$bs")** | $(get match) ($(get zbytes) B) |"$'\n'
	case " $PEER_DPIS " in *" $d "*) ;; *) rm -rf "fronts-$d" ;; esac
done

# ---- 2. one worker at the highest dpi -------------------------------------------
DMAX=${DPIS##* }
say "full set at $DMAX dpi with -j 1"
rm -rf "full1-$DMAX"
measure "$TP" build -q -j 1 -o "full1-$DMAX" -s print.dpi="$DMAX"
T_J1="| $DMAX | 1 | $WALL | $(mib "$RSS") | $( [ "$TREE" = - ] && echo - || mib "$TREE") | $(find "full1-$DMAX" -type f | wc -l) | $(du -sk "full1-$DMAX" | awk '{ printf "%.1f", $1 / 1024 }') |"
J1_WALL=$WALL
rm -rf "full1-$DMAX"
JN_WALL=$(printf '%s' "$T_FULL" | awk -F'|' -v d="$DMAX" '$2 + 0 == d { gsub(/ /, "", $4); print $4 }')

# ---- 3. peers on the same image ---------------------------------------------------
for d in $PEER_DPIS; do
	for sheet in fronts board; do
		say "peers: $sheet at $d dpi"
		# Our PNG, and our time for it alone on one worker.
		if [ "$sheet" = fronts ] && [ -n "${FR_WALL[$d]:-}" ] && [ -f "${FR_FILE[$d]}" ]; then
			tp_wall=${FR_WALL[$d]}; ours=${FR_FILE[$d]}; tp_rss=${FR_RSS[$d]}
		else
			rm -rf "$sheet-$d"
			NOSAMPLE=1 measure "$TP" build -q -j 1 -o "$sheet-$d" --only "$sheet" --formats png -s print.dpi="$d"
			tp_wall=$WALL; ours=$OUT/$sheet-$d/$sheet.png; tp_rss=$(mib "$RSS")
		fi
		size=$(dims "$ours")
		T_PEER+="| $sheet | $d | tilepress (\`--only $sheet --formats png -j 1\`) | $size | $tp_wall | $tp_rss | 1.00 | 0 | Cairo, pixel-snapped fills |"$'\n'
		rm -rf "vec-$d"
		NOSAMPLE=1 measure "$TP" build -q -o "vec-$d" --only "$sheet" --formats svg,pdf -s print.dpi="$d"
		svg=vec-$d/$sheet.svg; pdf=vec-$d/$sheet.pdf; cut=vec-$d/$sheet-bleed.svg
		crop_svg "$svg" "$cut" || say "no bleed clip in $svg: peers rasterise the whole page"

		peer() { # name note cmd... (output in $po)
			local name=$1 note=$2; shift 2
			rm -f "$po"
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
		imc=$("$IM" -list format 2>/dev/null | awk '$1 == "SVG" { $1 = $2 = $3 = ""; sub(/^ +/, ""); print }')
		case $imc in *RSVG*) imc="librsvg ($imc)" ;; *XML*) imc="internal MSVG ($imc)" ;; esac
		peer "ImageMagick $("$IM" -version | awk 'NR == 1 { print $3 }') convert" \
			"SVG coder: ${imc:-none}; SVG cut to the bleed box" \
			timeout "$IM_TIMEOUT" "$IM" -density "$d" "$cut" "$po"
		rm -rf "vec-$d" "$sheet-$d"
	done
	rm -rf "fronts-$d"
done

# ---- 4. levels ---------------------------------------------------------------------
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
	T_GAMES+="| $name | $WALL | $(mib "$RSS") | $( [ "$TREE" = - ] && echo - || mib "$TREE") | $(find game -type f | wc -l) | $(du -sk game | awk '{ printf "%.1f", $1 / 1024 }') |"$'\n'
done
rm -rf level3

# ---- report ------------------------------------------------------------------------
T_END=$(date +%s)
LOAD1=$(cut -d' ' -f1-3 /proc/loadavg)
{
cat <<EOF
## tilepress benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')

Machine: $CPU, $CORES cores, $RAM RAM, Debian $DEB. $VER.
Load average before / after: $LOAD0 / $LOAD1. Benchmark wall time: $((T_END - T_START)) s.

Peak RSS "GNU time %M" is the largest single process: for a build with
workers it is the max over the parent and its waited-for children, not their
sum. "Tree RSS" is the sum over the running process tree, sampled every 0.5 s.

### Full default set (PDF + PNG + SVG, all sheets)

| dpi | -j | wall s | peak RSS MiB (%M) | tree RSS MiB (sampled) | files | output MiB |
|---:|---|---:|---:|---:|---:|---:|
$T_FULL$T_J1

Two workers against one at $DMAX dpi: $(div "$J1_WALL" "$JN_WALL") x faster.

### PNG part alone (\`--formats png\`, default -j)

| dpi | PNG files | Mpx written | wall s | Mpx/s | peak RSS MiB (%M) |
|---:|---:|---:|---:|---:|---:|
${T_PNG}
### fronts.png against the zlib bound

tilepress: \`build --only fronts --formats png -j 1\` (whole process). Bound:
tests/bench/zlib_bound.c filters (Up) and deflates (level 6, Z_FILTERED,
windowBits 15, memLevel 8, one deflate() per row, as libpng does) the same rows,
decoded from our PNG into memory first; only the compression is timed.
"same IDAT" says the bound produced exactly as many compressed bytes as our file.

| dpi | pixels | Mpx | tilepress s | tilepress Mpx/s | peak RSS MiB | zlib bound s | bound Mpx/s | tilepress / bound | same IDAT |
|---:|---|---:|---:|---:|---:|---:|---:|---:|---|
${T_BOUND}
### Peers on the same image

Ratio = tilepress s / tool s (below 1: tilepress is faster). "px differ" is the
share of pixels where a channel differs from ours by more than 64 of 255.

| sheet | dpi | tool | pixels | wall s | peak RSS MiB | ratio | px differ % | note |
|---|---:|---|---|---:|---:|---:|---:|---|
${T_PEER}
### Levels (board pieces as tiles)

| run | wall s | peak RSS MiB (%M) | tree RSS MiB (sampled) | files | output MiB | PNG |
|---|---:|---:|---:|---:|---:|---|
${T_LEVEL}

### Every game (PDF + PNG + SVG + DXF, default -j)

| run | wall s | peak RSS MiB (%M) | tree RSS MiB (sampled) | files | output MiB |
|---|---:|---:|---:|---:|---:|
${T_GAMES}
EOF
} >"$RES"
cat "$RES"
rm -rf "$OUT/.time.$$" "$OUT/.cmd.out" "$OUT/snap"
