#ifndef TP_SESSION_H
#define TP_SESSION_H

/* A loaded config and its derived pattern: what every command starts from. */

#include "cli.h"
#include "config.h"
#include "series.h"

struct tp_session {
	struct tp_config *cfg;
	struct tp_pattern *pat;
};

/* Loads cli->config (or the default config) with cli->sets, and derives
 * the pattern.  On failure everything is freed. */
int tp_session_open(struct tp_session *s, const struct tp_cli *cli, tp_err *e);
void tp_session_close(struct tp_session *s);

/* Writes a finished buffer to stdout. */
int tp_print_buf(const struct tp_buf *b, tp_err *e);

#endif
