#ifndef TP_PACK_TICKET_PDF_H
#define TP_PACK_TICKET_PDF_H

/* The job ticket for people as a PDF, job.pdf: A4 pages drawn as scenes
 * (text laid out by print/text/text_layout.h) and written by the press
 * PDF backend, with the same figures as job.txt (ticket.h). */

#include <stddef.h>

#include "app/factory.h"
#include "app/pack/facts.h"
#include "core/status.h"
#include "games/config.h"

/* One file of the package as the ticket reads it back. */
struct tp_ticket_file {
	struct tp_pack_facts f;
	const char *stock;         /* the factory's card or board */
	int die, emboss, wrap;     /* finishing */
};

/* One rule of the factory's checklist and the preflight's answer. */
struct tp_ticket_check {
	char what[200];
	size_t hits;               /* findings; 0: met */
	char first[400];           /* the first finding, or "" */
};

/* Draws the ticket of factory fa for config c (its files fl[0..nf-1], in
 * the order to print, and the checklist ck[0..nc-1]) into dir/job.pdf,
 * written atomically.  TP_OK, or e filled (TP_EIO naming the file). */
int tp_pack_ticket_pdf(const struct tp_config *c, const struct tp_factory *fa,
		       const struct tp_ticket_file *fl, size_t nf, const struct tp_ticket_check *ck,
		       size_t nc, const char *dir, tp_err *e);

#endif
