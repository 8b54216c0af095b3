#ifndef TP_SERVE_H
#define TP_SERVE_H

/* watch --serve: the watch's folder over HTTP on 127.0.0.1 only (GNU
 * libmicrohttpd), so that the preview page reloads itself when a rebuild
 * commits.  Files are served as they are on disk, but index.html gets a
 * few lines of script before </body> that listen to /__events
 * (server-sent events) and reload the page on each "reload" event; the
 * page on disk stays script-free.  Only regular files under the folder
 * are served: no "..", no hidden files, no listing. */

#include "core/status.h"

struct tp_serve;

/* Starts serving dir on 127.0.0.1:port (0: a free port, see
 * tp_serve_port).  TP_OK, or TP_EIO naming the port. */
int tp_serve_start(struct tp_serve **out, const char *dir, unsigned port, tp_err *e);
/* The port listened on. */
unsigned tp_serve_port(const struct tp_serve *s);
/* A rebuild committed: every page listening reloads. */
void tp_serve_notify(struct tp_serve *s);
void tp_serve_stop(struct tp_serve *s);

/* The script the served index.html gets (static text). */
extern const char tp_serve_reload_script[];

#endif
