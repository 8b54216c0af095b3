# Preview images for docs/: small renders of every output, from a fresh build
# of the shipped configs (run by hand after changing the art; committed).
PREVIEW_DIR := docs/previews
PREVIEW_TMP := $(BUILD)/previews

.PHONY: previews
previews: tilepress
	@rm -rf $(PREVIEW_TMP) && mkdir -p $(PREVIEW_DIR)
	@./tilepress build -q -o $(PREVIEW_TMP)/std --formats pdf
	@./tilepress -c config/series-blind.ini build -q -o $(PREVIEW_TMP)/blind --formats pdf \
		--only emboss-fronts,emboss-backs,board-recess
	@./tilepress -c config/series-tutorial.ini build -q -o $(PREVIEW_TMP)/tut --formats pdf --only board
	@./tilepress build -q -o $(PREVIEW_TMP)/punch --formats pdf --only fronts -s print.layout=punchboard
	@./tilepress build -q -o $(PREVIEW_TMP)/patent --formats pdf --only spanning-set -s print.style=patent
	@./tilepress build -q -o $(PREVIEW_TMP)/digits --formats pdf --only spanning-set \
		-s series.indicia=digits -s series.backs=off
	@for f in fronts backs spanning-set board board-half-1 board-half-2 cut templates; do \
		pdftoppm -png -r 72 -scale-to 320 -singlefile -f 1 -l 1 $(PREVIEW_TMP)/std/$$f.pdf $(PREVIEW_DIR)/$$f; done
	@pdftoppm -png -scale-to 320 -singlefile -f 5 -l 5 $(PREVIEW_TMP)/std/board-pieces.pdf $(PREVIEW_DIR)/board-pieces
	@for f in emboss-fronts emboss-backs board-recess; do \
		pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/blind/$$f.pdf $(PREVIEW_DIR)/$$f; done
	@pdftoppm -png -scale-to 320 -singlefile -f 1 -l 1 $(PREVIEW_TMP)/punch/fronts.pdf $(PREVIEW_DIR)/punchboard
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/tut/board.pdf $(PREVIEW_DIR)/tutorial-board
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/patent/spanning-set.pdf $(PREVIEW_DIR)/patent-style
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/digits/spanning-set.pdf $(PREVIEW_DIR)/digits
	@./tilepress build -q -o $(PREVIEW_TMP)/quadrants --formats pdf --only quadrants,quadrants-assembly \
		-s series.quadrants=on
	@for f in quadrants quadrants-assembly; do \
		pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/quadrants/$$f.pdf $(PREVIEW_DIR)/$$f; done
	@./tilepress -c config/vector.ini build -q -o $(PREVIEW_TMP)/vector --formats pdf
	@for f in tiles tile-backs board setup pieces; do \
		pdftoppm -png -scale-to 320 -singlefile -f 1 -l 1 $(PREVIEW_TMP)/vector/$$f.pdf $(PREVIEW_DIR)/vector-$$f; done
	@pdftoppm -png -scale-to 320 -singlefile -f 1 -l 1 $(PREVIEW_TMP)/vector/cut.pdf $(PREVIEW_DIR)/vector-cut
	@pdftoppm -png -scale-to 320 -singlefile -f 2 -l 2 $(PREVIEW_TMP)/vector/cut.pdf $(PREVIEW_DIR)/vector-cut-board
	@./tilepress -c config/arena.ini build -q -o $(PREVIEW_TMP)/arena --formats pdf
	@for f in board board-part-1 board-part-2 pieces pieces-back pieces-ribs cut score-pad; do \
		pdftoppm -png -scale-to 320 -singlefile -f 1 -l 1 $(PREVIEW_TMP)/arena/$$f.pdf $(PREVIEW_DIR)/arena-$$f; done
	@./tilepress -c config/arena.ini build -q -o $(PREVIEW_TMP)/arena-rect --formats pdf --only board \
		-s arena.rows=13 -s arena.cols=19 -s print.split=none
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/arena-rect/board.pdf $(PREVIEW_DIR)/arena-board-rect
	@./tilepress -c config/arena.ini build -q -o $(PREVIEW_TMP)/arena-groups --formats pdf --only board \
		-s arena.numbering=groups -s print.split=none
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/arena-groups/board.pdf $(PREVIEW_DIR)/arena-board-groups
	@./tilepress -c config/arena.ini build -q -o $(PREVIEW_TMP)/arena-die --formats pdf --only die-net \
		-s arena.die=pips
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/arena-die/die-net.pdf $(PREVIEW_DIR)/arena-die-net
	@./tilepress -c config/arena.ini build -q -o $(PREVIEW_TMP)/arena-colours --formats pdf \
		--only board,counters,charts -s arena.marking=colours -s print.split=none
	@for f in board counters charts; do \
		pdftoppm -png -scale-to 320 -singlefile -f 1 -l 1 $(PREVIEW_TMP)/arena-colours/$$f.pdf \
			$(PREVIEW_DIR)/arena-colours-$$f; done
	@./tilepress -c config/arena.ini build -q -o $(PREVIEW_TMP)/arena-pictures --formats pdf \
		--only board,counters -s arena.marking=pictures -s arena.pictures=animals -s arena.colours=6 \
		-s print.split=none
	@for f in board counters; do \
		pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/arena-pictures/$$f.pdf \
			$(PREVIEW_DIR)/arena-pictures-$$f; done
	@./tilepress -c config/arena.ini build -q -o $(PREVIEW_TMP)/arena-die-shapes --formats pdf --only die-net \
		-s arena.die=shapes
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/arena-die-shapes/die-net.pdf $(PREVIEW_DIR)/arena-die-shapes
	@./tilepress -c config/arena-hex.ini build -q -o $(PREVIEW_TMP)/arena-hex --formats pdf \
		--only board,pieces,pieces-back -s print.split=none
	@for f in board pieces pieces-back; do \
		pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/arena-hex/$$f.pdf $(PREVIEW_DIR)/arena-hex-$$f; done
	@./tilepress -c config/arena.ini build -q -o $(PREVIEW_TMP)/arena-tri --formats pdf \
		--only board,pieces -s arena.grid=tri -s print.split=none
	@for f in board pieces; do \
		pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/arena-tri/$$f.pdf $(PREVIEW_DIR)/arena-tri-$$f; done
	@./tilepress -c config/arena-hex.ini build -q -o $(PREVIEW_TMP)/arena-hex-var --formats pdf \
		--only board,die-net -s arena.numbering=groups -s arena.die=shapes -s print.split=none
	@./tilepress -c config/arena.ini build -q -o $(PREVIEW_TMP)/arena-tri-var --formats pdf \
		--only board,die-net -s arena.grid=tri -s arena.numbering=groups -s arena.die=shapes -s print.split=none
	@for g in hex tri; do \
		pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/arena-$$g-var/board.pdf \
			$(PREVIEW_DIR)/arena-$$g-groups-board && \
		pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/arena-$$g-var/die-net.pdf \
			$(PREVIEW_DIR)/arena-$$g-die-shapes; done
	@./tilepress -c config/arena-hex.ini build -q -o $(PREVIEW_TMP)/arena-hex-colours --formats pdf \
		--only board -s arena.marking=colours -s print.split=none
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/arena-hex-colours/board.pdf \
		$(PREVIEW_DIR)/arena-hex-colours-board
	@./tilepress -c config/arena.ini build -q -o $(PREVIEW_TMP)/arena-tri-pictures --formats pdf \
		--only board -s arena.grid=tri -s arena.marking=pictures -s print.split=none
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/arena-tri-pictures/board.pdf \
		$(PREVIEW_DIR)/arena-tri-pictures-board
	@./tilepress -c config/series-table.ini build -q -o $(PREVIEW_TMP)/table --formats pdf
	@for f in fronts layout; do \
		pdftoppm -png -scale-to 320 -singlefile -f 1 -l 1 $(PREVIEW_TMP)/table/$$f.pdf $(PREVIEW_DIR)/table-$$f; done
	@./tilepress -c config/series-table.ini build -q -o $(PREVIEW_TMP)/table-shapes --formats pdf --only fronts \
		-s table.indicia=shapes
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/table-shapes/fronts.pdf $(PREVIEW_DIR)/table-shapes
	@./tilepress -c config/series-table.ini build -q -o $(PREVIEW_TMP)/table-pictures --formats pdf --only fronts \
		-s table.indicia=pictures
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/table-pictures/fronts.pdf $(PREVIEW_DIR)/table-pictures
	@./tilepress -c config/series-hex.ini build -q -o $(PREVIEW_TMP)/hex --formats pdf --only fronts
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/hex/fronts.pdf $(PREVIEW_DIR)/hex-fronts
	@for i in digits shapes pictures; do \
		./tilepress -c config/series-hex.ini build -q -o $(PREVIEW_TMP)/hex-$$i --formats pdf --only fronts \
			-s hex.indicia=$$i -s board.rows=4 -s board.cols=9 && \
		pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/hex-$$i/fronts.pdf $(PREVIEW_DIR)/hex-$$i; done
	@./tilepress -c config/series-hex.ini build -q -o $(PREVIEW_TMP)/hex-punch --formats pdf --only fronts \
		-s print.layout=punchboard
	@pdftoppm -png -scale-to 320 -singlefile -f 1 -l 1 $(PREVIEW_TMP)/hex-punch/fronts.pdf $(PREVIEW_DIR)/hex-punchboard
	@./tilepress build -q -o $(PREVIEW_TMP)/fig15b --formats pdf --only spanning-set \
		-s series.indicia=pips -s print.cell_mark=picture
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/fig15b/spanning-set.pdf $(PREVIEW_DIR)/fig15b-pictures
	@./tilepress build -q -o $(PREVIEW_TMP)/values --formats pdf --only spanning-set \
		-s print.art=geometric/values.ini
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/values/spanning-set.pdf $(PREVIEW_DIR)/series-values
	@pdftoppm -png -scale-to 320 -singlefile $(PREVIEW_TMP)/std/proof.pdf $(PREVIEW_DIR)/proof
	@for p in geometric pictorial; do \
		./tilepress -c config/vector.ini build -q -o $(PREVIEW_TMP)/art-$$p-vector --formats pdf --only tiles,board \
			-s print.art=$$p && \
		./tilepress -c config/arena.ini build -q -o $(PREVIEW_TMP)/art-$$p-arena --formats pdf --only board,counters \
			-s print.art=$$p -s arena.marking=colours -s arena.colours=8 && \
		./tilepress build -q -o $(PREVIEW_TMP)/art-$$p-series --formats pdf --only fronts -s print.art=$$p && \
		for f in vector/tiles vector/board arena/board arena/counters series/fronts; do \
			pdftoppm -png -scale-to 320 -singlefile -f 1 -l 1 $(PREVIEW_TMP)/art-$$p-$$(dirname $$f)/$$(basename $$f).pdf \
				$(PREVIEW_DIR)/art-$$p-$$(echo $$f | tr / -); done; done
	@ls $(PREVIEW_DIR)
