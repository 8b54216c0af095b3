/* tilepress build: the manifest files, then the artwork. */

#include <stdio.h>

#include "cli.h"
#include "outfile.h"
#include "session.h"

int tp_cmd_build(const struct tp_cli *cli, tp_err *e)
{
	struct tp_session s;
	int rc = tp_session_open(&s, cli, e);
	if (rc != TP_OK)
		return rc;
	const char *out = cli->out_dir ? cli->out_dir : "output/series";
	char mdir[4096];
	snprintf(mdir, sizeof mdir, "%s/manifest", out);
	rc = tp_mkdirs(mdir, e);
	struct tp_run one = { 1, 0 };
	static const struct { const char *name; int fmt; int table; } files[] = {
		{ "table1.csv", TP_FMT_CSV, 1 }, { "table1.json", TP_FMT_JSON, 1 },
		{ "table1.txt", TP_FMT_TEXT, 1 }, { "tiles.csv", TP_FMT_CSV, 0 },
	};
	for (size_t i = 0; rc == TP_OK && i < sizeof files / sizeof files[0]; i++) {
		struct tp_buf b = { 0 };
		if (files[i].table)
			tp_manifest_format(&b, s.pat, s.cfg, &one, files[i].fmt);
		else
			tp_pattern_format(&b, s.pat, files[i].fmt);
		if (b.oom)
			rc = tp_fail(e, TP_EIO, "out of memory formatting %s", files[i].name);
		else
			rc = tp_out_write(mdir, files[i].name, b.s, b.len, e);
		tp_buf_free(&b);
	}
	tp_session_close(&s);
	return rc;
}
