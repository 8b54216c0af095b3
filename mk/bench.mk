# ---- benchmark (not a test: `make test` never runs it) -----------------------
#   make bench                       the whole benchmark, ~40 min on 2 cores
#   make bench BENCH_PARTS=goals     only the goals table and its tables
#   make bench BENCH_PARTS=png       only its two PNG goals (~2 min)
#   make bench BENCH_DPIS="300 600"  fewer dpi (the -j 1 run uses the last one)
#   make bench BENCH_PARTS=boards    only the large boards (memory, CPU a tile)
#   make bench BENCH_PARTS=watch     only a template save under watch --serve
# Other knobs: BENCH_REPS (pairs per goal ratio, default 3), BENCH_PEER_DPIS
# (default "300 600"), BENCH_IM_TIMEOUT (s, default 60), BENCH_SAMPLE (0 turns
# off the sampled process-tree RSS).  The programs are in bench/.  Results go
# to stdout and build/bench/results.md; BENCHMARKS.md says how to read them.

BENCH_PARTS      ?= goals boards sets peers games watch
BENCH_REPS       ?= 3
BENCH_DPIS       ?= 300 600 1200 2400
BENCH_PEER_DPIS  ?= 300 600
BENCH_IM_TIMEOUT ?= 60
BENCH_SAMPLE     ?= 1
BENCH_BOARDS     ?= 18 72 144 240
BENCH_DIR        := $(BUILD)/bench
# GNU time for peak RSS, the peer rasterisers (ImageMagick's SVG coder is in
# -extra), zlib and libpng for the floor, ps for the RSS sampler, qpdf and
# python3 for counting PDF colour operators.
DEB_BENCH := time librsvg2-bin ghostscript imagemagick libmagickcore-6.q16-6-extra poppler-utils \
	zlib1g-dev libpng-dev pkg-config procps qpdf python3

.PHONY: bench-deps

bench-deps: deps
	$(call install_debs,$(DEB_BENCH))

$(BENCH_DIR)/zlib_floor: bench/zlib_floor.c src/print/backend/deflate_join.c
	@mkdir -p $(dir $@)
	@echo '  CC    $<'
	@$(CC) -std=c17 -O2 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -Isrc \
		$$(pkg-config --cflags libpng zlib libdeflate) $^ \
		$$(pkg-config --libs libpng zlib libdeflate) -o $@

bench: bench-deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory $(BENCH_DIR)/zlib_floor
	@TP_BIN='$(CURDIR)/tilepress' BENCH_OUT='$(CURDIR)/$(BENCH_DIR)' \
	  BENCH_PARTS='$(BENCH_PARTS)' BENCH_REPS='$(BENCH_REPS)' \
	  BENCH_PDF_COLOURS='$(CURDIR)/bench/pdf_colours.py' \
	  BENCH_DPIS='$(BENCH_DPIS)' BENCH_PEER_DPIS='$(BENCH_PEER_DPIS)' \
	  BENCH_IM_TIMEOUT='$(BENCH_IM_TIMEOUT)' BENCH_SAMPLE='$(BENCH_SAMPLE)' BENCH_BOARDS='$(BENCH_BOARDS)' \
	  bash bench/run.sh
