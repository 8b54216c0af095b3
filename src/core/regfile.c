#include "core/regfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"

FILE *tp_fopen_regular(const char *path, const char **why)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		*why = strerror(errno);
		return NULL;
	}
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		int err = errno;
		int stat_ok = fstat(fd, &st) == 0;
		close(fd);
		*why = !stat_ok ? strerror(err)
		       : S_ISDIR(st.st_mode) ? "a folder, not a regular file"
		       : S_ISFIFO(st.st_mode) ? "a FIFO, not a regular file"
		       : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device, not a regular file"
		       : "not a regular file";
		return NULL;
	}
	/* Regular files never block; reads go on as usual. */
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	FILE *f = fdopen(fd, "rb");
	if (f == NULL) {
		*why = strerror(errno);
		close(fd);
	}
	return f;
}

enum tp_read tp_read_rest(FILE *f, size_t max, unsigned char **buf, size_t *n)
{
	size_t cap = 1 << 16, len = 0;
	unsigned char *b = tp_malloc(cap + 1);
	*buf = NULL;
	*n = 0;
	if (b == NULL)
		return TP_READ_OOM;
	for (;;) {
		if (len == cap) {
			if (max && cap >= max) {
				free(b);
				return TP_READ_LARGE;
			}
			size_t room = cap + 1;   /* the bytes held: cap and the final 0 */
			if (tp_grow((void **)&b, &room, 2 * cap + 1, 1, 0) != 0) {
				free(b);
				return TP_READ_OOM;
			}
			cap *= 2;
		}
		size_t got = fread(b + len, 1, cap - len, f);
		len += got;
		if (got == 0) {
			if (ferror(f)) {
				int err = errno;
				free(b);
				errno = err;
				return TP_READ_ERROR;
			}
			break;
		}
	}
	b[len] = 0;
	*buf = b;
	*n = len;
	return TP_READ_OK;
}
