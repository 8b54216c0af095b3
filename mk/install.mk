# ---- installation (Debian-friendly: PREFIX, DESTDIR) ------------------------
#   make install [PREFIX=/usr/local] [DESTDIR=]
#   make uninstall [PREFIX=...] [DESTDIR=...]
#   make install-test     install into a scratch DESTDIR, run it, uninstall
#
# The installed binary looks for its data in $(PREFIX)/share/tilepress
# (TP_DATADIR, baked into datadir.o), so it is linked for the PREFIX being
# installed to, in $(BUILD)/install/, and ./tilepress is left alone.

INSTALL      ?= install
BINDIR       := $(PREFIX)/bin
MAN1DIR      := $(PREFIX)/share/man/man1
TPDATADIR    := $(PREFIX)/share/tilepress
BASHCOMPDIR  := $(PREFIX)/share/bash-completion/completions
INST_CONFIGS   := $(sort $(wildcard config/*.ini))
INST_PROFILES  := $(sort $(wildcard config/profiles/*.ini))
INST_TEMPLATES := $(sort $(wildcard templates/indicia/*.ini))
INST_SHAPES    := $(sort $(wildcard templates/shapes/*.ini))
INST_PICTURES  := $(sort $(wildcard templates/pictures/*.ini))
INST_TRIANGLES := $(sort $(wildcard templates/triangles/*.ini))
INST_RULES     := $(sort $(wildcard templates/rules/*.ini))
INST_ART       := $(sort $(wildcard templates/art/geometric/*))
INST_ART_PICT  := $(sort $(wildcard templates/art/pictorial/*))
INST_FACTORIES := $(sort $(wildcard config/factories/*.ini))
INST_DIR     := $(BUILD)/install
DEB_INSTALL  := man-db groff-base

.PHONY: install install-build uninstall install-test install-deps FORCE

# Rebuilt only when PREFIX changes: its contents are the PREFIX.
$(INST_DIR)/prefix: FORCE
	@mkdir -p $(dir $@)
	@echo '$(PREFIX)' | cmp -s - $@ 2>/dev/null || echo '$(PREFIX)' > $@
FORCE:

$(INST_DIR)/datadir.o: src/core/datadir.c $(INST_DIR)/prefix | $(BUILD)/pkgconfig/libhpdf.pc
	@echo '  CC    $< (TP_DATADIR $(TPDATADIR))'
	@$(CC) $(CPPFLAGS_ALL) $(DEPFLAGS) $(WARN) $(CFLAGS) -c $< -o $@

$(INST_DIR)/tilepress: $(filter-out $(BUILD)/obj/core/datadir.o,$(OBJ)) $(INST_DIR)/datadir.o
	$(CC) $(CFLAGS) $^ $(LIBS) -o $@

# The page names its data folder in one string, Dd: set it to this PREFIX's.
$(INST_DIR)/tilepress.1: man/tilepress.1 $(INST_DIR)/prefix
	@sed 's|^\.ds Dd .*|.ds Dd \\fI$(TPDATADIR)\\fP|' $< > $@.tmp
	@grep -qF '.ds Dd \fI$(TPDATADIR)\fP' $@.tmp || { echo '$<: no .ds Dd line'; rm -f $@.tmp; exit 1; }
	@mv $@.tmp $@

install-build: $(INST_DIR)/tilepress $(INST_DIR)/tilepress.1
	@:

install: $(BUILD)/pkgconfig/libhpdf.pc
	@$(MAKE) --no-print-directory install-build
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR) $(DESTDIR)$(BASHCOMPDIR) \
		$(DESTDIR)$(TPDATADIR)/config $(DESTDIR)$(TPDATADIR)/config/profiles \
		$(DESTDIR)$(TPDATADIR)/templates/indicia $(DESTDIR)$(TPDATADIR)/templates/shapes \
		$(DESTDIR)$(TPDATADIR)/templates/pictures $(DESTDIR)$(TPDATADIR)/templates/triangles \
		$(DESTDIR)$(TPDATADIR)/templates/rules $(DESTDIR)$(TPDATADIR)/templates/art/geometric \
		$(DESTDIR)$(TPDATADIR)/templates/art/pictorial $(DESTDIR)$(TPDATADIR)/config/factories
	$(INSTALL) -m 755 $(INST_DIR)/tilepress $(DESTDIR)$(BINDIR)/tilepress
	$(INSTALL) -m 644 $(INST_DIR)/tilepress.1 $(DESTDIR)$(MAN1DIR)/tilepress.1
	$(INSTALL) -m 644 completions/tilepress.bash $(DESTDIR)$(BASHCOMPDIR)/tilepress
	$(INSTALL) -m 644 $(INST_CONFIGS) $(DESTDIR)$(TPDATADIR)/config/
	$(INSTALL) -m 644 $(INST_PROFILES) $(DESTDIR)$(TPDATADIR)/config/profiles/
	$(INSTALL) -m 644 $(INST_TEMPLATES) $(DESTDIR)$(TPDATADIR)/templates/indicia/
	$(INSTALL) -m 644 $(INST_SHAPES) $(DESTDIR)$(TPDATADIR)/templates/shapes/
	$(INSTALL) -m 644 $(INST_PICTURES) $(DESTDIR)$(TPDATADIR)/templates/pictures/
	$(INSTALL) -m 644 $(INST_TRIANGLES) $(DESTDIR)$(TPDATADIR)/templates/triangles/
	$(INSTALL) -m 644 $(INST_RULES) $(DESTDIR)$(TPDATADIR)/templates/rules/
	$(INSTALL) -m 644 $(INST_ART) $(DESTDIR)$(TPDATADIR)/templates/art/geometric/
	$(INSTALL) -m 644 $(INST_ART_PICT) $(DESTDIR)$(TPDATADIR)/templates/art/pictorial/
	$(INSTALL) -m 644 $(INST_FACTORIES) $(DESTDIR)$(TPDATADIR)/config/factories/

# Removes exactly what install put there, then the folders that are ours
# (share/tilepress) if they are empty; shared folders (bin, man1, ...) stay.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/tilepress $(DESTDIR)$(MAN1DIR)/tilepress.1 \
		$(DESTDIR)$(BASHCOMPDIR)/tilepress \
		$(INST_CONFIGS:%=$(DESTDIR)$(TPDATADIR)/%) \
		$(INST_PROFILES:%=$(DESTDIR)$(TPDATADIR)/%) \
		$(INST_TEMPLATES:%=$(DESTDIR)$(TPDATADIR)/%) \
		$(INST_SHAPES:%=$(DESTDIR)$(TPDATADIR)/%) \
		$(INST_PICTURES:%=$(DESTDIR)$(TPDATADIR)/%) \
		$(INST_TRIANGLES:%=$(DESTDIR)$(TPDATADIR)/%) \
		$(INST_RULES:%=$(DESTDIR)$(TPDATADIR)/%) \
		$(INST_ART:%=$(DESTDIR)$(TPDATADIR)/%) \
		$(INST_ART_PICT:%=$(DESTDIR)$(TPDATADIR)/%) \
		$(INST_FACTORIES:%=$(DESTDIR)$(TPDATADIR)/%)
	rmdir $(DESTDIR)$(TPDATADIR)/templates/indicia $(DESTDIR)$(TPDATADIR)/templates/shapes \
		$(DESTDIR)$(TPDATADIR)/templates/pictures $(DESTDIR)$(TPDATADIR)/templates/triangles \
		$(DESTDIR)$(TPDATADIR)/templates/rules $(DESTDIR)$(TPDATADIR)/templates/art/geometric \
		$(DESTDIR)$(TPDATADIR)/templates/art/pictorial \
		$(DESTDIR)$(TPDATADIR)/templates/art $(DESTDIR)$(TPDATADIR)/config/factories \
		$(DESTDIR)$(TPDATADIR)/templates \
		$(DESTDIR)$(TPDATADIR)/config/profiles \
		$(DESTDIR)$(TPDATADIR)/config $(DESTDIR)$(TPDATADIR) 2>/dev/null || true

install-deps:
	$(call install_debs,$(DEB_INSTALL))

install-test: install-deps $(BUILD)/pkgconfig/libhpdf.pc
	@sh tests/cli/install.sh
