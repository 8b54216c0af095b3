#!/bin/sh
# Proves a refactor byte-identical: builds every shipped config
# (config/*.ini) in both layouts (print.layout = gang and punchboard), all
# four formats, at two commits, and compares the whole output trees file by
# file (sha256 of every file, and the list of files itself).
#
#   sh tests/compare_builds.sh [OLD [NEW]]
#
# OLD defaults to main, NEW to the working tree (uncommitted edits
# included); either may be any commit name, or `.` for the working tree.
# Each side is exported to a scratch folder and built there with `make
# tilepress`, so the repository's own build is not touched.  Dates come
# from a fixed SOURCE_DATE_EPOCH, and both sides write to the same output
# path so nothing that records a path can differ.  TP_JOBS (default 2) is
# the make -j and build -j; TP_CMP_KEEP=1 keeps the scratch folder.
#
# Exit 0 when every file is identical (prints how many were compared),
# 1 when any differs or exists on one side only (lists them), 2 on a
# failed export or build.
set -u
cd "$(dirname "$0")/.." || exit 2
root=$(pwd)
old=${1:-main}
new=${2:-.}
jobs=${TP_JOBS:-2}
export SOURCE_DATE_EPOCH=1700000000
scratch=$(mktemp -d "${TMPDIR:-/tmp}/tp-compare.XXXXXX") || exit 2
[ "${TP_CMP_KEEP:-0}" = 1 ] || trap 'rm -rf "$scratch"' EXIT

# export SIDE REV: the sources of REV (or the working tree for `.`) in
# $scratch/SIDE/src-tree, built.
export_side() {
	dir=$scratch/$1/tree
	mkdir -p "$dir" || return 1
	if [ "$2" = . ]; then
		# Tracked and untracked-but-not-ignored files as they are now.
		git ls-files -z --cached --others --exclude-standard |
			xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
			tar --null -T - -cf - | tar -xf - -C "$dir" || return 1
	else
		git archive "$2" | tar -xf - -C "$dir" || return 1
	fi
	nice make -C "$dir" -j"$jobs" tilepress > "$scratch/$1/make.log" 2>&1 ||
		{ echo "compare_builds: $1 ($2) does not build; see $scratch/$1/make.log" >&2; return 1; }
}

# build SIDE: every config in both layouts into $scratch/out (the same path
# for both sides), then moved to $scratch/SIDE/out.
build_side() {
	bin=$scratch/$1/tree/tilepress
	mkdir -p "$scratch/$1/out" || return 1
	for cfg in "$scratch/$1"/tree/config/*.ini; do
		name=$(basename "$cfg" .ini)
		for layout in gang punchboard; do
			rm -rf "$scratch/out"
			(cd "$scratch/$1/tree" && nice "$bin" -q -c "config/$name.ini" \
				--set print.layout="$layout" build -j "$jobs" \
				--formats pdf,png,svg,dxf -o "$scratch/out") > /dev/null ||
				{ echo "compare_builds: $1: build of $name ($layout) failed" >&2; return 1; }
			mv "$scratch/out" "$scratch/$1/out/$name-$layout" || return 1
		done
	done
	(cd "$scratch/$1/out" && find . -type f | LC_ALL=C sort | xargs sha256sum) > "$scratch/$1/sums" ||
		return 1
}

for side in old new; do
	if [ $side = old ]; then rev=$old; else rev=$new; fi
	echo "compare_builds: building $side ($rev)"
	export_side $side "$rev" || exit 2
	build_side $side || exit 2
done

n_old=$(wc -l < "$scratch/old/sums")
n_new=$(wc -l < "$scratch/new/sums")
if cmp -s "$scratch/old/sums" "$scratch/new/sums"; then
	bytes=$(du -sb "$scratch/new/out" | cut -f1)
	echo "compare_builds: $n_new files ($bytes bytes) identical between $old and $new" \
		"($(ls "$scratch/new/tree/config/"*.ini | wc -l) configs x 2 layouts)"
	exit 0
fi
echo "compare_builds: $old ($n_old files) and $new ($n_new files) differ:"
diff "$scratch/old/sums" "$scratch/new/sums" | sed -n 's/^[<>] [0-9a-f]*  //p' | LC_ALL=C sort -u | sed 's/^/  /'
exit 1
