/* watch --serve: the watch's folder on 127.0.0.1 through GNU
 * libmicrohttpd, and server-sent events that reload the page (serve.h).
 * One thread per connection: an event stream waits on a condition until
 * the next rebuild (or 15 s, for a keep-alive comment). */

#include "app/serve/serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

#include "core/alloc.h"

#define EVENTS_PATH "/__events"
#define KEEPALIVE_S 15

const char tp_serve_reload_script[] =
	"<script>/* tilepress watch --serve: reload on each rebuild */\n"
	"new EventSource(\"" EVENTS_PATH "\").addEventListener(\"reload\", function () { location.reload(); });\n"
	"</script>\n";

struct tp_serve {
	struct MHD_Daemon *d;
	char root[PATH_MAX];     /* the folder, resolved */
	unsigned port;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	unsigned long gen;       /* rebuilds committed */
	int stopping;
};

struct stream {
	struct tp_serve *s;
	unsigned long seen;
	int hello;
};

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	(void)pos;
	struct stream *c = cls;
	struct tp_serve *s = c->s;
	if (!c->hello) {
		c->hello = 1;
		return snprintf(buf, max, "retry: 1000\n: tilepress watch\n\n");
	}
	pthread_mutex_lock(&s->mu);
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += KEEPALIVE_S;
	int timed_out = 0;
	while (s->gen == c->seen && !s->stopping && !timed_out)
		timed_out = pthread_cond_timedwait(&s->cv, &s->mu, &until) == ETIMEDOUT;
	int stop = s->stopping;
	unsigned long gen = s->gen;
	pthread_mutex_unlock(&s->mu);
	if (stop)
		return MHD_CONTENT_READER_END_OF_STREAM;
	if (gen == c->seen)
		return snprintf(buf, max, ": keep-alive\n\n");
	c->seen = gen;
	return snprintf(buf, max, "event: reload\ndata: %lu\n\n", gen);
}

static void stream_free(void *cls)
{
	free(cls);
}

static enum MHD_Result reply(struct MHD_Connection *conn, unsigned status, const char *text)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(strlen(text), (void *)text,
								 MHD_RESPMEM_PERSISTENT);
	if (r == NULL)
		return MHD_NO;
	MHD_add_response_header(r, "Content-Type", "text/plain; charset=utf-8");
	enum MHD_Result rc = MHD_queue_response(conn, status, r);
	MHD_destroy_response(r);
	return rc;
}

static const char *mime(const char *path)
{
	static const char *const map[][2] = {
		{ ".html", "text/html; charset=utf-8" }, { ".png", "image/png" },
		{ ".pdf", "application/pdf" },           { ".svg", "image/svg+xml" },
		{ ".csv", "text/csv; charset=utf-8" },   { ".json", "application/json" },
		{ ".txt", "text/plain; charset=utf-8" }, { ".dxf", "application/dxf" },
	};
	const char *ext = strrchr(path, '.');
	for (size_t i = 0; ext && i < sizeof map / sizeof map[0]; i++)
		if (strcmp(ext, map[i][0]) == 0)
			return map[i][1];
	return "application/octet-stream";
}

/* The file url names under the root, resolved into full: 0, or -1 when it
 * is not one to serve (a hidden or parent component, outside the root). */
static int file_of(const struct tp_serve *s, const char *url, char *full, size_t n)
{
	char rel[PATH_MAX];
	snprintf(rel, sizeof rel, "%s%s", url + 1, url[1] == '\0' || url[strlen(url) - 1] == '/' ? "index.html" : "");
	for (const char *p = rel; *p;) {
		if (*p == '.' || *p == '/' || *p == '\\')
			return -1;   /* ".", "..", hidden files, empty components */
		const char *slash = strchr(p, '/');
		p = slash ? slash + 1 : p + strlen(p);
	}
	char path[PATH_MAX * 2];
	snprintf(path, sizeof path, "%s/%s", s->root, rel);
	if (realpath(path, full) == NULL || strlen(full) >= n)
		return -1;
	size_t lr = strlen(s->root);
	return strncmp(full, s->root, lr) == 0 && full[lr] == '/' ? 0 : -1;
}

/* index.html with the reload script before </body>. */
static struct MHD_Response *page_response(int fd, size_t size)
{
	size_t add = strlen(tp_serve_reload_script);
	char *b = tp_malloc(size + add + 1);
	if (b == NULL)
		return NULL;
	size_t got = 0;
	while (got < size) {
		ssize_t k = read(fd, b + got, size - got);
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	b[got] = '\0';
	char *end = strstr(b, "</body>");
	size_t at = end ? (size_t)(end - b) : got;
	memmove(b + at + add, b + at, got - at + 1);
	memcpy(b + at, tp_serve_reload_script, add);
	return MHD_create_response_from_buffer(got + add, b, MHD_RESPMEM_MUST_FREE);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
				  const char *method, const char *version, const char *upload,
				  size_t *upload_size, void **req)
{
	(void)version;
	(void)upload;
	(void)upload_size;
	(void)req;
	struct tp_serve *s = cls;
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
		return reply(conn, MHD_HTTP_METHOD_NOT_ALLOWED, "GET only\n");
	if (strcmp(url, EVENTS_PATH) == 0) {
		struct stream *c = tp_calloc(1, sizeof *c);
		if (c == NULL)
			return MHD_NO;
		c->s = s;
		pthread_mutex_lock(&s->mu);
		c->seen = s->gen;
		pthread_mutex_unlock(&s->mu);
		struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 1024,
									   stream_read, c, stream_free);
		if (r == NULL) {
			free(c);
			return MHD_NO;
		}
		MHD_add_response_header(r, "Content-Type", "text/event-stream");
		MHD_add_response_header(r, "Cache-Control", "no-store");
		enum MHD_Result rc = MHD_queue_response(conn, MHD_HTTP_OK, r);
		MHD_destroy_response(r);
		return rc;
	}
	char full[PATH_MAX];
	struct stat st;
	int fd = -1;
	if (url[0] != '/' || file_of(s, url, full, sizeof full) != 0 ||
	    (fd = open(full, O_RDONLY | O_CLOEXEC)) < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		if (fd >= 0)
			close(fd);
		return reply(conn, MHD_HTTP_NOT_FOUND, "not found\n");
	}
	const char *base = strrchr(full, '/') + 1;
	struct MHD_Response *r;
	if (strcmp(base, "index.html") == 0) {
		r = page_response(fd, (size_t)st.st_size);
		close(fd);
	} else {
		r = MHD_create_response_from_fd((uint64_t)st.st_size, fd);   /* closes fd */
		if (r == NULL)
			close(fd);
	}
	if (r == NULL)
		return MHD_NO;
	MHD_add_response_header(r, "Content-Type", mime(base));
	MHD_add_response_header(r, "Cache-Control", "no-store");
	enum MHD_Result rc = MHD_queue_response(conn, MHD_HTTP_OK, r);
	MHD_destroy_response(r);
	return rc;
}

int tp_serve_start(struct tp_serve **out, const char *dir, unsigned port, tp_err *e)
{
	*out = NULL;
	struct tp_serve *s = tp_calloc(1, sizeof *s);
	if (s == NULL)
		return tp_fail(e, TP_EIO, "watch --serve: out of memory");
	if (realpath(dir, s->root) == NULL) {
		int err = errno;
		free(s);
		return tp_fail(e, TP_EIO, "watch --serve: %s: %s", dir, strerror(err));
	}
	pthread_mutex_init(&s->mu, NULL);
	pthread_cond_init(&s->cv, NULL);
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);   /* 127.0.0.1 only */
	s->d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION, 0,
				NULL, NULL, on_request, s, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sin,
				MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)0, MHD_OPTION_END);
	if (s->d == NULL) {
		pthread_cond_destroy(&s->cv);
		pthread_mutex_destroy(&s->mu);
		free(s);
		return tp_fail(e, TP_EIO, "watch --serve %u: cannot listen on 127.0.0.1:%u (in use?); allowed: another port, or 0 for any free one",
			       port, port);
	}
	const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
	s->port = info ? info->port : port;
	*out = s;
	return TP_OK;
}

unsigned tp_serve_port(const struct tp_serve *s)
{
	return s->port;
}

void tp_serve_notify(struct tp_serve *s)
{
	if (s == NULL)
		return;
	pthread_mutex_lock(&s->mu);
	s->gen++;
	pthread_cond_broadcast(&s->cv);
	pthread_mutex_unlock(&s->mu);
}

void tp_serve_stop(struct tp_serve *s)
{
	if (s == NULL)
		return;
	pthread_mutex_lock(&s->mu);
	s->stopping = 1;
	pthread_cond_broadcast(&s->cv);
	pthread_mutex_unlock(&s->mu);
	MHD_stop_daemon(s->d);
	pthread_cond_destroy(&s->cv);
	pthread_mutex_destroy(&s->mu);
	free(s);
}
