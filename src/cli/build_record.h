#ifndef TP_BUILD_RECORD_H
#define TP_BUILD_RECORD_H

/* The build record (manifest/build.json): what a build wrote, so that a
 * prepress operator sending "the folder" knows it is one build's set.
 * It names the tool, the game, the effective config and every file with
 * its size and SHA-256; stale files beside them are reported, and --clean
 * removes only what an earlier record lists. */

#include <stddef.h>

#include "config.h"
#include "status.h"
#include "strbuf.h"

#define TP_RECORD_NAME "manifest/build.json"

struct tp_written {
	char *name;         /* relative to the output folder (owned) */
	long long bytes;
	size_t sheet;       /* index in the game's sheets, or (size_t)-1 for manifest/ */
};

struct tp_written_list {
	struct tp_written *v;
	size_t n, cap;
};

/* Appends one file; 0, or -1 when out of memory. */
int tp_written_add(struct tp_written_list *w, const char *name, long long bytes, size_t sheet);
void tp_written_free(struct tp_written_list *w);

/* Writes dir/manifest/build.json atomically (hashing each file as it is
 * on disk now).  TP_OK, or TP_EIO naming the file. */
int tp_record_write(const char *dir, const struct tp_config *c, const struct tp_written_list *w,
		    long long epoch, tp_err *e);

/* Removes the files an earlier build record in dir lists (and nothing
 * else); no record, nothing removed.  Sets *removed.  TP_OK or TP_EIO. */
int tp_record_clean(const char *dir, int *removed, tp_err *e);

/* The config file the record in dir names ("config_file"), into out;
 * 0, or -1 when dir has no readable record naming one. */
int tp_record_config_file(const char *dir, char *out, size_t n);

/* Files under dir (dot files, i.e. other builds' temporary files, aside)
 * that this build did not write, one relative path per line, into out. */
void tp_record_stale(const char *dir, const struct tp_written_list *w, struct tp_buf *out);

#endif
