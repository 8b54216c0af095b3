# tilepress — see README.md.  `make run` and `make test` install what a fresh
# Debian 12 machine lacks, then build.

PREFIX  ?= /usr/local
DESTDIR ?=
VERSION := 0.1.0

CC      ?= cc
# Compiles run on every core (make all, check, test).
NPROC   := $(shell nproc 2>/dev/null || echo 2)
# -j for a sub-make: every core, unless the caller gave its own -j.
JOBS     = $(if $(findstring -j,$(MAKEFLAGS)),,-j$(NPROC))
BUILD   := build
# Debian 12's libhpdf-dev ships no pkg-config file; we write one (see below).
# ($(shell) in make 4.3 does not see exported variables: set it inline.)
PKGCONFIG = PKG_CONFIG_PATH="$(CURDIR)/$(BUILD)/pkgconfig:$$PKG_CONFIG_PATH" pkg-config
PKGS    := cairo libpng zlib libdeflate libhpdf inih fontconfig freetype2 lcms2 libxml-2.0 libmicrohttpd pangocairo pangoft2
CFLAGS  ?= -O2 -g
# Messages are cut to their buffers on purpose, hence no format-truncation.
WARN    := -std=c17 -Wall -Wextra -Werror -Wshadow -Wformat=2 -Wno-format-nonliteral \
	-Wno-format-truncation
# One include root: every include names its layer ("core/status.h"), so the
# direction core -> print -> games -> app -> cli shows in each file and
# `make layers` can check it.  -MMD -MP: each object depends on the headers
# it includes (build/**/*.d), not on all of them.
CPPFLAGS_ALL = -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -DTP_VERSION='"$(VERSION)"' \
	-DTP_DATADIR='"$(PREFIX)/share/tilepress"' -Isrc \
	$(shell $(PKGCONFIG) --cflags $(PKGS))
DEPFLAGS = -MMD -MP
LIBS     = $(shell $(PKGCONFIG) --libs $(PKGS)) -lm -pthread
TESTLIBS = $(shell $(PKGCONFIG) --libs cmocka)

# Sources are found, never listed: a game is a folder src/games/NAME/ and
# its tests tests/games/NAME/test_*.c.
SRC      := $(sort $(shell find src -name '*.c'))
LIBSRC   := $(filter-out src/cli/main.c,$(SRC))
TESTSRC  := $(sort $(shell find tests -name 'test_*.c'))

# Runtime and build dependencies, by Debian package name.
DEB_BUILD := build-essential pkg-config libcairo2-dev libpng-dev libhpdf-dev \
	libinih-dev zlib1g-dev libdeflate-dev libcmocka-dev libfontconfig-dev fonts-dejavu-core libgs-common liblcms2-dev \
	libxml2-dev libmicrohttpd-dev libpango1.0-dev
DEB_CHECK := qpdf poppler-utils ghostscript pngcheck valgrind python3 python3-ezdxf time chromium \
	librsvg2-bin libxml2-utils tesseract-ocr tesseract-ocr-eng mupdf-tools fonts-urw-base35

.PHONY: all run test layers size golden golden-update unit cli asan faults prepress check-valgrind deps deps-build deps-check clean check test-steps bench
all: $(BUILD)/pkgconfig/libhpdf.pc
	@$(MAKE) --no-print-directory $(JOBS) tilepress

# ---- dependencies -----------------------------------------------------------
define install_debs
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

# make deps: what the build and every test need, in one apt-get run, and
# only what is missing (silent when all is there); deps-build: the build's
# alone (make run); deps-check: the same as deps.
deps:
	$(call install_debs,$(DEB_BUILD) $(DEB_CHECK))

deps-build:
	$(call install_debs,$(DEB_BUILD))

deps-check: deps

$(BUILD)/pkgconfig/libhpdf.pc:
	@mkdir -p $(dir $@)
	@printf 'Name: libhpdf\nDescription: Haru PDF library (no .pc in Debian 12)\nVersion: 2.3.0\nLibs: -lhpdf\nCflags:\n' > $@

# ---- the program ------------------------------------------------------------
OBJ := $(SRC:src/%.c=$(BUILD)/obj/%.o)
$(BUILD)/obj/%.o: src/%.c | $(BUILD)/pkgconfig/libhpdf.pc
	@mkdir -p $(dir $@)
	@echo '  CC    $<'
	@$(CC) $(CPPFLAGS_ALL) $(DEPFLAGS) $(WARN) $(CFLAGS) -c $< -o $@

tilepress: $(OBJ)
	$(CC) $(CFLAGS) $^ $(LIBS) -o $@

# ---- sanitizer build --------------------------------------------------------
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
AOBJ := $(SRC:src/%.c=$(BUILD)/asan/%.o)
$(BUILD)/asan/%.o: src/%.c | $(BUILD)/pkgconfig/libhpdf.pc
	@mkdir -p $(dir $@)
	@echo '  CC    $< (asan)'
	@$(CC) $(CPPFLAGS_ALL) $(DEPFLAGS) $(WARN) -O1 -g $(SAN) -c $< -o $@
$(BUILD)/asan/tilepress: $(AOBJ)
	$(CC) $(SAN) $^ $(LIBS) -o $@

# ---- tests ------------------------------------------------------------------
LIBOBJ   := $(filter-out $(BUILD)/obj/cli/main.o,$(OBJ))
ALIBOBJ  := $(filter-out $(BUILD)/asan/cli/main.o,$(AOBJ))
TESTBIN  := $(TESTSRC:tests/%.c=$(BUILD)/tests/%)
ATESTBIN := $(TESTSRC:tests/%.c=$(BUILD)/asan-tests/%)
# A test compiles and links in one step; its .d sits next to it.
$(BUILD)/tests/%: tests/%.c tests/tu_case.c $(LIBOBJ)
	@mkdir -p $(dir $@)
	@echo '  TEST  $@'
	@$(CC) $(CPPFLAGS_ALL) -Itests $(DEPFLAGS) -MF $@.d -MT $@ $(WARN) -Wno-shadow $(CFLAGS) $< tests/tu_case.c $(LIBOBJ) $(LIBS) $(TESTLIBS) -o $@
$(BUILD)/asan-tests/%: tests/%.c tests/tu_case.c $(ALIBOBJ)
	@mkdir -p $(dir $@)
	@echo '  TEST  $@'
	@$(CC) $(CPPFLAGS_ALL) -Itests $(DEPFLAGS) -MF $@.d -MT $@ $(WARN) -Wno-shadow -O1 -g $(SAN) $< tests/tu_case.c $(ALIBOBJ) $(LIBS) $(TESTLIBS) -o $@

export ASAN_OPTIONS := detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS := print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS := suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0

# SUITE=NAME picks the suites unit, cli and check run: a cmocka binary
# (test_units, or core/test_units) or a shell suite by the end of its path
# without .sh (cli, preview, arena/cli_hex; "cli" is tests/cli/cli.sh and
# every game's cli.sh).  CASE=PATTERN runs only the cases whose name
# matches (a shell glob: pdfx_*): cmocka's test filter (tests/tu_case.c),
# the harness's tcase (tests/cli/harness.sh).
GAME_CLI := $(sort $(wildcard tests/games/*/cli.sh tests/games/*/cli_*.sh))
CLI_SUITES := tests/cli/cli.sh tests/cli/newuser.sh tests/cli/preview.sh tests/cli/names.sh \
	tests/cli/judge.sh tests/cli/watch.sh tests/cli/memory.sh tests/cli/art.sh tests/cli/font.sh tests/cli/pack.sh \
	tests/cli/rules.sh tests/cli/box.sh tests/cli/board_wrap.sh \
	tests/cli/playtest.sh tests/cli/designer_loop.sh tests/cli/serve.sh $(GAME_CLI) \
	tests/cli/man_keys.sh
suite_pick = $(strip $(if $(SUITE),$(foreach f,$(1),$(if $(filter %/$(SUITE) %/$(SUITE).sh,$(f)),$(f))),$(1)))
UNIT_SEL := $(call suite_pick,$(TESTBIN))
CLI_SEL  := $(call suite_pick,$(CLI_SUITES))
ifneq ($(SUITE),)
ifeq ($(strip $(UNIT_SEL) $(CLI_SEL)),)
$(error SUITE=$(SUITE) names no suite; unit: $(notdir $(TESTBIN)); cli: $(patsubst tests/%.sh,%,$(CLI_SUITES)))
endif
endif
export TP_CASE := $(CASE)

# Every suite runs even when one fails; the failures are listed at the end.
unit: $(UNIT_SEL)
	@failed=; for t in $(UNIT_SEL); do echo "== $$t"; TP_ROOT=$(CURDIR) $$t || failed="$$failed $$t"; done; \
	[ -z "$$failed" ] || { echo "unit: FAILED:$$failed"; exit 1; }

# The CLI tests: the shared ones, then each game's (tests/games/NAME/cli.sh).
# CLI_JOBS=N runs N suites at a time (tests/run_suites.sh), the slowest
# first; make check does, make test runs them one by one.
CLI_JOBS ?= 1
# The ten slowest, slowest first (HACKING.md's table): one started last
# would run alone at the end.
CLI_SLOW := tests/cli/playtest.sh tests/cli/cli.sh tests/cli/pack.sh tests/games/arena/cli.sh \
	tests/games/arena/cli_hex.sh tests/cli/board_wrap.sh tests/games/series/cli.sh \
	tests/games/arena/cli_tri.sh tests/cli/rules.sh tests/cli/newuser.sh
# (In CLI_SLOW's order: $(filter) would keep CLI_SEL's.)
CLI_ORDER = $(foreach f,$(CLI_SLOW),$(filter $(f),$(CLI_SEL))) $(filter-out $(CLI_SLOW),$(CLI_SEL))
cli: tilepress
	@if [ "$(CLI_JOBS)" -gt 1 ]; then TP_BIN=$(CURDIR)/tilepress sh tests/run_suites.sh $(CLI_JOBS) $(CLI_ORDER); \
	else failed=; for t in $(CLI_SEL); do echo "== $$t"; \
	TP_BIN=$(CURDIR)/tilepress sh $$t || failed="$$failed $$t"; done; \
	[ -z "$$failed" ] || { echo "cli: FAILED:$$failed"; exit 1; }; fi

# The fast loop: one build on every core, then the unit suites beside the
# CLI suites (their output in $(BUILD)/check-unit.log, shown when one
# fails), CHECK_JOBS of these at a time (the suites wait on chromium,
# servers and pipes as much as on the CPU), SUITE and CASE as above; make
# test runs everything.
CHECK_JOBS ?= 3
check: $(BUILD)/pkgconfig/libhpdf.pc
	@$(MAKE) -s --no-print-directory $(JOBS) tilepress $(UNIT_SEL)
	@$(MAKE) --no-print-directory unit > $(BUILD)/check-unit.log 2>&1 & up=$$!; \
	$(MAKE) --no-print-directory cli CLI_JOBS=$(CHECK_JOBS); c=$$?; \
	wait $$up; u=$$?; \
	if [ $$u = 0 ]; then [ -z "$(UNIT_SEL)" ] || echo "unit: $(words $(UNIT_SEL)) suites passed ($(BUILD)/check-unit.log)"; \
	else cat $(BUILD)/check-unit.log; fi; \
	[ $$u = 0 ] && [ $$c = 0 ] && echo "make check: $(words $(UNIT_SEL) $(CLI_SEL)) suites passed"

asan: $(ATESTBIN) $(BUILD)/asan/tilepress
	@failed=; for t in $(ATESTBIN); do echo "== $$t (asan+ubsan)"; TP_ROOT=$(CURDIR) $$t || failed="$$failed $$t"; done; \
	for t in tests/cli/cli.sh tests/cli/newuser.sh $(GAME_CLI); do echo "== $$t (asan)"; \
	TP_BIN=$(CURDIR)/$(BUILD)/asan/tilepress TP_QUICK=1 sh $$t || failed="$$failed $$t"; done; \
	[ -z "$$failed" ] || { echo "asan: FAILED:$$failed"; exit 1; }

# No upward include (core -> print -> games -> app -> cli), every include
# qualified by its layer.
layers:
	@sh tests/layers.sh

# Files over 600 lines and functions over 80 noted; files over 1,000 and functions over 150 fail.
size:
	@sh tests/size.sh

# Small SVG and DXF outputs of each game against tests/golden/GAME/;
# golden-update rewrites them: review `git diff tests/golden/` and commit.
golden: tilepress
	@TP_BIN=$(CURDIR)/tilepress sh tests/golden/golden.sh
golden-update: tilepress
	@TP_BIN=$(CURDIR)/tilepress sh tests/golden/golden.sh update

faults: tilepress
	@failed=; for t in tests/cli/faults.sh tests/cli/outdir.sh; do echo "== $$t"; \
	TP_BIN=$(CURDIR)/tilepress sh $$t || failed="$$failed $$t"; done; \
	[ -z "$$failed" ] || { echo "faults: FAILED:$$failed"; exit 1; }

# What a prepress desk checks: PDF/X-1a, separations, proofs, SVG layers.
prepress: tilepress
	@TP_BIN=$(CURDIR)/tilepress sh tests/prepress/prepress.sh; a=$$?; \
	TP_BIN=$(CURDIR)/tilepress sh tests/prepress/factory.sh; b=$$?; \
	TP_BIN=$(CURDIR)/tilepress sh tests/prepress/pdf_defects.sh; c=$$?; \
	TP_BIN=$(CURDIR)/tilepress sh tests/prepress/pack_tac.sh; d=$$?; \
	TP_BIN=$(CURDIR)/tilepress sh tests/prepress/tac_bleed.sh; e=$$?; \
	[ $$a = 0 ] && [ $$b = 0 ] && [ $$c = 0 ] && [ $$d = 0 ] && [ $$e = 0 ]

# One full default build under valgrind: no errors, nothing definitely lost.
check-valgrind: tilepress
	@rm -rf $(BUILD)/valgrind-out
	@echo "== valgrind: full default build"
	@valgrind -q --error-exitcode=3 --leak-check=full --errors-for-leak-kinds=definite \
		--suppressions=tests/valgrind.supp \
		--show-leak-kinds=definite ./tilepress build -q -j 1 -o $(BUILD)/valgrind-out
	@echo "valgrind: 1 passed, 0 failed"

# make test runs every step even when one fails and names the failed ones
# at the end, so one broken suite hides no other (test-steps: its steps
# after the build).
CHECKS := layers size unit cli golden asan faults prepress check-valgrind fuzz-smoke install-test
test-steps:
	@failed=; for t in $(CHECKS); do $(MAKE) --no-print-directory $$t || failed="$$failed $$t"; done; \
	if [ -n "$$failed" ]; then echo "make test: FAILED:$$failed"; exit 1; fi; \
	echo "make test: all of $(CHECKS) passed"

test: deps-check
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory $(JOBS) $(TESTBIN) $(ATESTBIN) $(BUILD)/asan/tilepress
	@$(MAKE) --no-print-directory test-steps

run: deps-build
	@$(MAKE) --no-print-directory all
	./tilepress build

clean:
	rm -rf $(BUILD) tilepress

# Fuzzing, benchmarks and installation live in their own fragments.
include $(sort $(wildcard mk/*.mk))

# The tests run in the same surroundings on every machine: a date, data
# folder or trace file from the caller's environment (a Debian package
# build sets SOURCE_DATE_EPOCH; an installed tilepress, TILEPRESS_DATA)
# would change what they compare, and the tools they call read one locale.
# Unset, not emptied: groff takes an empty SOURCE_DATE_EPOCH for an error
# (install-test's man page check).  A test that wants one sets it.
TEST_TARGETS := test check test-steps $(CHECKS) golden-update fuzz-smoke $(FUZZ_TARGETS:%=fuzz-smoke-%)
ifneq ($(filter $(TEST_TARGETS),$(MAKECMDGOALS)),)
unexport SOURCE_DATE_EPOCH TILEPRESS_DATA TP_TRACE
export LC_ALL := C.UTF-8
endif

# The headers each object, test and fuzz target included when last built.
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
