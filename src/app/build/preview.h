#ifndef TP_PREVIEW_H
#define TP_PREVIEW_H

/* index.html, the preview page every build writes into its output folder:
 * one page a designer or a producer opens from disk (no server, no script,
 * nothing fetched from outside) that shows each sheet's PNG proof with its
 * name, trim size, inks and page count, the contact sheet, the manifest's
 * CSV files as tables and the build record (tool, game, config file, every
 * key's value, every file with its size).  `tilepress watch` rewrites it
 * after each rebuild. */

#include "app/build.h"
#include "app/build_record.h"
#include "app/session.h"

struct tp_preflight;

#define TP_PREVIEW_NAME "index.html"
/* Its sheet number in a tp_written_list (manifest/ and proof have theirs
 * in app/build.h). */
#define TP_PREVIEW_SHEET ((size_t)-3)

/* Writes stage/index.html atomically for the sheets of session s that
 * will have files in the output folder dir: those in w (this build's,
 * written into stage) and, when dir's record is of the same config, those
 * an earlier build recorded that are still in dir.  Their sizes and inks
 * come from facts (by sheet, as this build's plan laid them out; may be
 * NULL); a sheet it did not lay out is laid out from s (its prepare()
 * must have run).  pf, this build's preflight (NULL: none ran), is shown per sheet
 * and in a summary line.  Appends index.html to w.  TP_OK, or TP_EIO
 * naming the file. */
int tp_preview_write(const struct tp_session *s, const char *stage, const char *dir,
		     struct tp_written_list *w, const struct tp_preflight *pf,
		     const struct tp_sheet_facts *facts, long long epoch, tp_err *e);

/* A line of HTML the pages written from now on show under their title
 * (the watch's proofs say what they are), or NULL for none.  Static
 * text, kept by pointer. */
void tp_preview_set_note(const char *html);

/* The sheet (index into c's game's sheets) a file of the output folder
 * belongs to: BASE.EXT, or BASE-PAGE.EXT for one page of a multi-page
 * sheet, BASE the sheet's file name under print.file_name (app/file_name.h:
 * NAME by default, series_NAME with {edition}_{sheet}), the longest
 * winning (board-half-1.pdf is board-half-1's, not board's); -1 for none
 * (manifest/, proof, index.html). */
long tp_preview_sheet_of(const struct tp_config *c, const char *path);

#endif
