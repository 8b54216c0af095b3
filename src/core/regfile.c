#include "core/regfile.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
