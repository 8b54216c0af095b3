#ifndef TP_PACK_FACTS_H
#define TP_PACK_FACTS_H

/* What a PDF of a package holds, read back from the file as the factory
 * will read it: its pages, trim and bleed, the inks it paints, its die
 * lines.  The job ticket's lines (ticket.h). */

#include <stddef.h>

struct tp_pack_facts {
	char name[256];
	int pdf;
	int pages;
	double trim[2], bleed;     /* mm, the first page's */
	char spots[8][64];         /* Separation names, in order of first use */
	int n_spots;
	int process;               /* process colour painted */
	int die_paths;             /* die ink paths on the first page */
};

/* The facts of the PDF buf[0..n-1] (buf[n] readable) into f, die lines
 * being strokes in the spot cut (any case).  A file that does not read
 * as a PDF leaves f as it was.  0, or -1 when out of memory. */
int tp_pack_facts_read(const unsigned char *buf, size_t n, const char *cut,
		       struct tp_pack_facts *f);

#endif
