#ifndef TP_FONT_H
#define TP_FONT_H

/* The font labels are drawn in: DejaVu Sans, or the designer's own
 * (print.font = FILE.ttf|otf).  One choice for the process: the config
 * sets it when it is loaded (its checks measure text in it), each build
 * sets it again from its config, and the workers, forked after, inherit
 * it.  text_outline.h and text_layout.h draw in it. */

#include <stddef.h>

#include "core/status.h"

#define TP_FONT_DEFAULT "DejaVu Sans"

/* Whether path is a font tilepress can draw in: FreeType opens it as an
 * outline (scalable) font, Fontconfig reads its family, and it has the
 * digits every game prints.  0 with its family name in family[0..fn);
 * -1 with why[0..wn) saying what is wrong and what would be right. */
int tp_font_probe(const char *path, char *family, size_t fn, char *why, size_t wn);

/* Draws every label from now on in the font of path (NULL or "": DejaVu
 * Sans).  TP_OK; TP_EINPUT "path: why" when tp_font_probe refuses it. */
int tp_font_use(const char *path, tp_err *e);

/* The designer's font file in use, or "" for DejaVu Sans. */
const char *tp_font_file(void);

/* The family of the font in use (TP_FONT_DEFAULT when none is set). */
const char *tp_font_family(void);

#endif
