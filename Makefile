# tilepress — see README.md.  `make run` and `make test` install what a fresh
# Debian 12 machine lacks, then build.

PREFIX  ?= /usr/local
DESTDIR ?=
VERSION := 0.1.0

CC      ?= cc
BUILD   := build
# Debian 12's libhpdf-dev ships no pkg-config file; we write one (see below).
# ($(shell) in make 4.3 does not see exported variables: set it inline.)
PKGCONFIG = PKG_CONFIG_PATH="$(CURDIR)/$(BUILD)/pkgconfig:$$PKG_CONFIG_PATH" pkg-config
PKGS    := cairo libpng zlib libhpdf inih fontconfig freetype2 lcms2 libxml-2.0
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
	libinih-dev zlib1g-dev libcmocka-dev libfontconfig-dev fonts-dejavu-core libgs-common liblcms2-dev \
	libxml2-dev
DEB_CHECK := qpdf poppler-utils ghostscript pngcheck valgrind python3 python3-ezdxf time chromium \
	librsvg2-bin libxml2-utils

.PHONY: all run test layers size golden golden-update unit cli asan faults prepress check-valgrind deps deps-check clean check bench
all: $(BUILD)/pkgconfig/libhpdf.pc
	@$(MAKE) --no-print-directory tilepress

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

deps:
	$(call install_debs,$(DEB_BUILD))

deps-check: deps
	$(call install_debs,$(DEB_CHECK))

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
$(BUILD)/tests/%: tests/%.c $(LIBOBJ)
	@mkdir -p $(dir $@)
	@echo '  TEST  $@'
	@$(CC) $(CPPFLAGS_ALL) -Itests $(DEPFLAGS) -MF $@.d -MT $@ $(WARN) -Wno-shadow $(CFLAGS) $< $(LIBOBJ) $(LIBS) $(TESTLIBS) -o $@
$(BUILD)/asan-tests/%: tests/%.c $(ALIBOBJ)
	@mkdir -p $(dir $@)
	@echo '  TEST  $@'
	@$(CC) $(CPPFLAGS_ALL) -Itests $(DEPFLAGS) -MF $@.d -MT $@ $(WARN) -Wno-shadow -O1 -g $(SAN) $< $(ALIBOBJ) $(LIBS) $(TESTLIBS) -o $@

export ASAN_OPTIONS := detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS := print_stacktrace=1:halt_on_error=1

# Every suite runs even when one fails; the failures are listed at the end.
unit: $(TESTBIN)
	@failed=; for t in $(TESTBIN); do echo "== $$t"; TP_ROOT=$(CURDIR) $$t || failed="$$failed $$t"; done; \
	[ -z "$$failed" ] || { echo "unit: FAILED:$$failed"; exit 1; }

# The CLI tests: the shared ones, then each game's (tests/games/NAME/cli.sh).
GAME_CLI := $(sort $(wildcard tests/games/*/cli.sh tests/games/*/cli_*.sh))
cli: tilepress
	@failed=; for t in tests/cli/cli.sh tests/cli/newuser.sh tests/cli/preview.sh tests/cli/watch.sh tests/cli/memory.sh tests/cli/art.sh tests/cli/pack.sh $(GAME_CLI) tests/cli/man_keys.sh; do echo "== $$t"; \
	TP_BIN=$(CURDIR)/tilepress sh $$t || failed="$$failed $$t"; done; \
	[ -z "$$failed" ] || { echo "cli: FAILED:$$failed"; exit 1; }

asan: $(ATESTBIN) $(BUILD)/asan/tilepress
	@failed=; for t in $(ATESTBIN); do echo "== $$t (asan+ubsan)"; TP_ROOT=$(CURDIR) $$t || failed="$$failed $$t"; done; \
	for t in tests/cli/cli.sh tests/cli/newuser.sh $(GAME_CLI); do echo "== $$t (asan)"; \
	TP_BIN=$(CURDIR)/$(BUILD)/asan/tilepress TP_QUICK=1 sh $$t || failed="$$failed $$t"; done; \
	[ -z "$$failed" ] || { echo "asan: FAILED:$$failed"; exit 1; }

# No upward include (core -> print -> games -> app -> cli), every include
# qualified by its layer.
layers:
	@sh tests/layers.sh

# No file under src/ over 600 lines, no function body over 80.
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
	TP_BIN=$(CURDIR)/tilepress sh tests/prepress/pdf_defects.sh; c=$$?; [ $$a = 0 ] && [ $$b = 0 ] && [ $$c = 0 ]

# One full default build under valgrind: no errors, nothing definitely lost.
check-valgrind: tilepress
	@rm -rf $(BUILD)/valgrind-out
	@echo "== valgrind: full default build"
	@valgrind -q --error-exitcode=3 --leak-check=full --errors-for-leak-kinds=definite \
		--show-leak-kinds=definite ./tilepress build -q -j 1 -o $(BUILD)/valgrind-out
	@echo "valgrind: 1 passed, 0 failed"

# make test runs every step even when one fails and names the failed ones
# at the end, so one broken suite hides no other.
CHECKS := layers size unit cli golden asan faults prepress check-valgrind fuzz-smoke install-test
check:
	@failed=; for t in $(CHECKS); do $(MAKE) --no-print-directory $$t || failed="$$failed $$t"; done; \
	if [ -n "$$failed" ]; then echo "make test: FAILED:$$failed"; exit 1; fi; \
	echo "make test: all of $(CHECKS) passed"

test: deps-check
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory check

run: deps
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
TEST_TARGETS := test check $(CHECKS) golden-update fuzz-smoke $(FUZZ_TARGETS:%=fuzz-smoke-%)
ifneq ($(filter $(TEST_TARGETS),$(MAKECMDGOALS)),)
unexport SOURCE_DATE_EPOCH TILEPRESS_DATA TP_TRACE
export LC_ALL := C.UTF-8
endif

# The headers each object, test and fuzz target included when last built.
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
