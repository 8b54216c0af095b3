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
PKGS    := cairo libpng libhpdf inih fontconfig lcms2
CFLAGS  ?= -O2 -g
# Messages are cut to their buffers on purpose, hence no format-truncation.
WARN    := -std=c17 -Wall -Wextra -Werror -Wshadow -Wformat=2 -Wno-format-nonliteral \
	-Wno-format-truncation
CPPFLAGS_ALL = -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -DTP_VERSION='"$(VERSION)"' \
	-DTP_DATADIR='"$(PREFIX)/share/tilepress"' \
	$(shell $(PKGCONFIG) --cflags $(PKGS))
LIBS     = $(shell $(PKGCONFIG) --libs $(PKGS)) -lm
TESTLIBS = $(shell $(PKGCONFIG) --libs cmocka)

SRC      := $(sort $(wildcard src/*.c))
LIBSRC   := $(filter-out src/main.c,$(SRC))
TESTSRC  := $(sort $(wildcard tests/test_*.c))

# Runtime and build dependencies, by Debian package name.
DEB_BUILD := build-essential pkg-config libcairo2-dev libpng-dev libhpdf-dev \
	libinih-dev libcmocka-dev libfontconfig-dev fonts-dejavu-core liblcms2-dev
DEB_CHECK := qpdf poppler-utils ghostscript pngcheck valgrind python3 time \
	librsvg2-bin libxml2-utils

.PHONY: all run test unit cli asan faults check-valgrind deps deps-check clean check bench
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
$(BUILD)/obj/%.o: src/%.c $(wildcard src/*.h) | $(BUILD)/pkgconfig/libhpdf.pc
	@mkdir -p $(dir $@)
	@echo '  CC    $<'
	@$(CC) $(CPPFLAGS_ALL) $(WARN) $(CFLAGS) -c $< -o $@

tilepress: $(OBJ)
	$(CC) $(CFLAGS) $^ $(LIBS) -o $@

# ---- sanitizer build --------------------------------------------------------
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
AOBJ := $(SRC:src/%.c=$(BUILD)/asan/%.o)
$(BUILD)/asan/%.o: src/%.c $(wildcard src/*.h) | $(BUILD)/pkgconfig/libhpdf.pc
	@mkdir -p $(dir $@)
	@echo '  CC    $< (asan)'
	@$(CC) $(CPPFLAGS_ALL) $(WARN) -O1 -g $(SAN) -c $< -o $@
$(BUILD)/asan/tilepress: $(AOBJ)
	$(CC) $(SAN) $^ $(LIBS) -o $@

# ---- tests ------------------------------------------------------------------
TESTBIN  := $(TESTSRC:tests/%.c=$(BUILD)/tests/%)
ATESTBIN := $(TESTSRC:tests/%.c=$(BUILD)/asan-tests/%)
$(BUILD)/tests/%: tests/%.c $(wildcard tests/*.h) $(filter-out $(BUILD)/obj/main.o,$(OBJ))
	@mkdir -p $(dir $@)
	@echo '  TEST  $@'
	@$(CC) $(CPPFLAGS_ALL) -Isrc $(WARN) -Wno-shadow $(CFLAGS) $< $(filter-out $(BUILD)/obj/main.o,$(OBJ)) $(LIBS) $(TESTLIBS) -o $@
$(BUILD)/asan-tests/%: tests/%.c $(wildcard tests/*.h) $(filter-out $(BUILD)/asan/main.o,$(AOBJ))
	@mkdir -p $(dir $@)
	@echo '  TEST  $@'
	@$(CC) $(CPPFLAGS_ALL) -Isrc $(WARN) -Wno-shadow -O1 -g $(SAN) $< $(filter-out $(BUILD)/asan/main.o,$(AOBJ)) $(LIBS) $(TESTLIBS) -o $@

export ASAN_OPTIONS := detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS := print_stacktrace=1:halt_on_error=1

unit: $(TESTBIN)
	@set -e; for t in $(TESTBIN); do echo "== $$t"; TP_ROOT=$(CURDIR) $$t; done

cli: tilepress
	@TP_BIN=$(CURDIR)/tilepress sh tests/cli.sh

asan: $(ATESTBIN) $(BUILD)/asan/tilepress
	@set -e; for t in $(ATESTBIN); do echo "== $$t (asan+ubsan)"; TP_ROOT=$(CURDIR) $$t; done
	@TP_BIN=$(CURDIR)/$(BUILD)/asan/tilepress TP_QUICK=1 sh tests/cli.sh

faults: tilepress
	@TP_BIN=$(CURDIR)/tilepress sh tests/faults.sh

# One full default build under valgrind: no errors, nothing definitely lost.
check-valgrind: tilepress
	@rm -rf $(BUILD)/valgrind-out
	@echo "== valgrind: full default build"
	@valgrind -q --error-exitcode=3 --leak-check=full --errors-for-leak-kinds=definite \
		--show-leak-kinds=definite ./tilepress build -q -j 1 -o $(BUILD)/valgrind-out
	@echo "valgrind: 1 passed, 0 failed"

check: unit cli asan faults check-valgrind fuzz-smoke install-test

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
