# ---- fuzzing (libFuzzer, Debian clang 14) -----------------------------------
#   make fuzz            each target for FUZZ_SECONDS (default 300), FUZZ_JOBS at once
#   make fuzz-smoke      each target's seed corpus, a fixed number of mutations
#                        from a fixed seed, and the regression inputs (CI)
#   make fuzz-smoke-corpus  recompute the smoke sets (tests/fuzz/smoke/TARGET)
#   make fuzz-smoke-check   the smoke sets still reach their corpus's coverage
# Targets (tests/fuzz/fuzz_TARGET.c): config, template, set, anchor, sections,
# vector_dirs, arena_shapes, pipeline, svg, art_ini, pdf_file, png.  Seeds in
# tests/fuzz/corpus/TARGET/, crashers kept in tests/fuzz/regress/TARGET/.

FUZZ_CC            ?= clang
FUZZ_SECONDS       ?= 300
# fuzz-smoke is a gate: the same seed and number of runs on every machine,
# however fast or loaded (a time limit made how much was tried depend on
# the machine, and an unseeded run on chance), so a crash CI finds comes
# back with make fuzz-smoke-TARGET (libFuzzer is not bit for bit the same
# twice even so: two runs may keep a few different inputs).  Mutations a target: 4 to 20 s
# each on a loaded 2-core machine, about 3 minutes in all with the seeds
# (their rates under ASan differ 20,000-fold: pipeline 7/s, vector_dirs
# 160,000/s).
FUZZ_SMOKE_SEED          ?= 1
FUZZ_SMOKE_RUNS_config       := 500
FUZZ_SMOKE_RUNS_template     := 130000
FUZZ_SMOKE_RUNS_set          := 12000
FUZZ_SMOKE_RUNS_anchor       := 12000
FUZZ_SMOKE_RUNS_sections     := 500
FUZZ_SMOKE_RUNS_vector_dirs  := 800000
FUZZ_SMOKE_RUNS_arena_shapes := 800000
FUZZ_SMOKE_RUNS_pipeline     := 40
FUZZ_SMOKE_RUNS_svg          := 20000
FUZZ_SMOKE_RUNS_art_ini      := 300
FUZZ_SMOKE_RUNS_pdf_file     := 20000
FUZZ_SMOKE_RUNS_png          := 20000
# The slow targets replay, in fuzz-smoke, the part of their corpus that
# libFuzzer's merge keeps: it reaches every feature (edge and hit-count
# bucket) the whole corpus reaches (tests/fuzz/smoke_set.sh).  make fuzz
# still starts from the whole corpus and checks the sets.
FUZZ_SMOKE_SETS    := pipeline config sections
FUZZ_JOBS          ?= $(shell nproc 2>/dev/null || echo 1)
FUZZ_TARGETS       := config template set anchor sections vector_dirs arena_shapes pipeline svg art_ini pdf_file png
FUZZ_DIR           := $(BUILD)/fuzz
DEB_FUZZ           := clang libclang-rt-14-dev
# clang has no -Wformat-truncation to switch off.
FUZZ_WARN := $(filter-out -Wno-format-truncation,$(WARN))
FUZZ_SAN  := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_OBJ  := $(LIBSRC:src/%.c=$(FUZZ_DIR)/obj/%.o)
FUZZ_BIN  := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)
# Keep the objects: they are intermediates of a pattern rule.
.SECONDARY: $(FUZZ_OBJ)

.PHONY: fuzz fuzz-smoke fuzz-build fuzz-bins fuzz-deps \
	$(FUZZ_TARGETS:%=fuzz-run-%) $(FUZZ_TARGETS:%=fuzz-smoke-%) \
	fuzz-smoke-corpus fuzz-smoke-check $(FUZZ_SMOKE_SETS:%=fuzz-smoke-check-%)

fuzz-deps: deps
	$(call install_debs,$(DEB_FUZZ))

$(FUZZ_DIR)/obj/%.o: src/%.c | $(BUILD)/pkgconfig/libhpdf.pc
	@mkdir -p $(dir $@)
	@echo '  CC    $< (fuzz)'
	@$(FUZZ_CC) $(CPPFLAGS_ALL) $(DEPFLAGS) $(FUZZ_WARN) -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ)
	@echo '  FUZZ  $@'
	@$(FUZZ_CC) $(CPPFLAGS_ALL) $(DEPFLAGS) -MF $@.d -MT $@ -DTP_FUZZ_ROOT='"$(CURDIR)"' $(FUZZ_WARN) -O1 -g \
		$(FUZZ_SAN) -fsanitize=fuzzer $< $(FUZZ_OBJ) $(LIBS) -o $@

fuzz-bins: $(FUZZ_BIN)
	@:
fuzz-build: fuzz-deps $(BUILD)/pkgconfig/libhpdf.pc
	@$(MAKE) --no-print-directory fuzz-bins

$(FUZZ_TARGETS:%=fuzz-run-%): fuzz-run-%:
	@sh tests/fuzz/run.sh long $* $(FUZZ_SECONDS)

$(FUZZ_TARGETS:%=fuzz-smoke-%): fuzz-smoke-%:
	@FUZZ_SEED=$(FUZZ_SMOKE_SEED) sh tests/fuzz/run.sh smoke $* $(FUZZ_SMOKE_RUNS_$*)

$(FUZZ_SMOKE_SETS:%=fuzz-smoke-check-%): fuzz-smoke-check-%:
	@sh tests/fuzz/smoke_set.sh check $*

fuzz-smoke-check: fuzz-build
	@$(MAKE) --no-print-directory -j$(FUZZ_JOBS) $(FUZZ_SMOKE_SETS:%=fuzz-smoke-check-%)

# Each run replays the whole corpus once (the pipeline's: minutes).
fuzz-smoke-corpus: fuzz-build
	@for t in $(FUZZ_SMOKE_SETS); do sh tests/fuzz/smoke_set.sh update $$t || exit 1; done

fuzz: fuzz-build
	@$(MAKE) --no-print-directory -j$(FUZZ_JOBS) $(FUZZ_TARGETS:%=fuzz-run-%)
	@awk '{ n += $$2; s += $$3 } END { printf "fuzz: all runs so far (build/fuzz/stats.txt): %d execs, %.2f target-hours\n", n, s / 3600 }' $(FUZZ_DIR)/stats.txt
	@$(MAKE) --no-print-directory -j$(FUZZ_JOBS) $(FUZZ_SMOKE_SETS:%=fuzz-smoke-check-%)

fuzz-smoke: fuzz-build
	@failed=; for t in $(FUZZ_TARGETS); do \
		$(MAKE) --no-print-directory fuzz-smoke-$$t || failed="$$failed $$t"; done; \
	[ -z "$$failed" ] || { echo "fuzz-smoke: FAILED:$$failed"; exit 1; }
