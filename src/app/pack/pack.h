#ifndef TP_PACK_H
#define TP_PACK_H

/* `tilepress -c EDITION pack FACTORY`: the edition built in a factory's
 * conventions (app/factory.h) into pack-FACTORY/ inside the edition's
 * output folder, with a job ticket: job.json for tools, job.txt for
 * people (ticket.h). */

#include <stddef.h>

#include "app/build/pipeline.h"
#include "app/session.h"
#include "core/report.h"
#include "core/status.h"

struct tp_pack_request {
	const char *factory;            /* NAME: config/factories/NAME.ini */
	struct tp_session_spec spec;    /* the edition and the command line's --set */
	/* The build as the command line asks for it: out_dir is the
	 * edition's folder (-o, or NULL: output/NAME), the package goes
	 * into its pack-FACTORY; formats, when set, overrides the
	 * factory's.  The files are written whatever the preflight finds. */
	struct tp_build_request build;
	struct tp_report_opts report;   /* the manifest's options in the ticket */
};

struct tp_pack_result {
	char name[64];      /* the factory's */
	char dir[4200];     /* the package's folder */
	size_t failed;      /* rules of the factory's checklist not met */
};

/* Builds the package (through tp_build_run, telling ev) and writes its
 * ticket.  TP_OK with out filled, even when rules are not met
 * (out->failed); TP_EINPUT for an unknown factory or a bad config;
 * TP_EIO naming the file or the step. */
int tp_pack_run(const struct tp_pack_request *rq, const struct tp_build_events *ev,
		struct tp_pack_result *out, tp_err *e);

#endif
