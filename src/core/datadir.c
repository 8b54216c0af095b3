#include "core/datadir.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef TP_DATADIR
#define TP_DATADIR "/usr/local/share/tilepress"
#endif

static char exe_dir[PATH_MAX];

void tp_data_set_argv0(const char *argv0)
{
	(void)argv0;
	/* /proc/self/exe is exact even when tilepress was found on PATH. */
	ssize_t n = readlink("/proc/self/exe", exe_dir, sizeof exe_dir - 1);
	if (n <= 0) {
		exe_dir[0] = '\0';
		return;
	}
	exe_dir[n] = '\0';
	char *slash = strrchr(exe_dir, '/');
	if (slash)
		*slash = '\0';
}

static int try(const char *dir, const char *rel, char *out, size_t outsz)
{
	if (dir == NULL || dir[0] == '\0')
		return -1;
	if ((size_t)snprintf(out, outsz, "%s/%s", dir, rel) >= outsz)
		return -1;
	return access(out, R_OK) == 0 ? 0 : -1;
}

int tp_data_find(const char *rel, char *out, size_t outsz)
{
	const char *env = getenv("TILEPRESS_DATA");
	if (env && env[0])
		return try(env, rel, out, outsz);
	if (try(".", rel, out, outsz) == 0) {
		/* Keep messages short: "templates/..." rather than "./templates/...". */
		snprintf(out, outsz, "%s", rel);
		return 0;
	}
	if (try(exe_dir, rel, out, outsz) == 0)
		return 0;
	return try(TP_DATADIR, rel, out, outsz);
}

const char *tp_data_dirs_text(void)
{
	const char *env = getenv("TILEPRESS_DATA");
	if (env && env[0])
		return "$TILEPRESS_DATA";
	return "., the executable's folder or " TP_DATADIR;
}
