#include "print/text/font.h"

#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char cur_file[4096];
static char cur_family[256];

int tp_font_probe(const char *path, char *family, size_t fn, char *why, size_t wn)
{
	static const char allowed[] = "allowed: a TrueType or OpenType font file (.ttf, .otf)";
	struct stat st;
	if (access(path, R_OK) != 0 || stat(path, &st) != 0) {
		snprintf(why, wn, "cannot read it: %s; %s", strerror(errno), allowed);
		return -1;
	}
	/* A FIFO or a device would block or never end. */
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, wn, "not a regular file; %s", allowed);
		return -1;
	}
	FT_Library lib;
	if (FT_Init_FreeType(&lib) != 0) {
		snprintf(why, wn, "FreeType does not start (out of memory)");
		return -1;
	}
	FT_Face f;
	int rc = -1;
	if (FT_New_Face(lib, path, 0, &f) != 0) {
		snprintf(why, wn, "not a font FreeType can read; %s", allowed);
		FT_Done_FreeType(lib);
		return -1;
	}
	if (!FT_IS_SCALABLE(f)) {
		snprintf(why, wn, "a bitmap font, which cannot be outlined; %s", allowed);
		goto out;
	}
	for (char d = '0'; d <= '9'; d++)
		if (FT_Get_Char_Index(f, (FT_ULong)d) == 0) {
			snprintf(why, wn, "has no glyph for the digit %c, which every game prints; %s with digits",
				 d, allowed);
			goto out;
		}
	int count = 0;
	FcPattern *p = FcFreeTypeQuery((const FcChar8 *)path, 0, NULL, &count);
	FcChar8 *fam = NULL;
	if (p == NULL || FcPatternGetString(p, FC_FAMILY, 0, &fam) != FcResultMatch || fam == NULL) {
		snprintf(why, wn, "Fontconfig cannot read its family name; %s", allowed);
	} else {
		snprintf(family, fn, "%s", (const char *)fam);
		rc = 0;
	}
	if (p)
		FcPatternDestroy(p);
out:
	FT_Done_Face(f);
	FT_Done_FreeType(lib);
	return rc;
}

int tp_font_use(const char *path, tp_err *e)
{
	if (path == NULL || path[0] == '\0') {
		cur_file[0] = '\0';
		snprintf(cur_family, sizeof cur_family, "%s", TP_FONT_DEFAULT);
		return TP_OK;
	}
	if (strcmp(path, cur_file) == 0)
		return TP_OK;
	char fam[256], why[300];
	if (strlen(path) >= sizeof cur_file)
		return tp_fail(e, TP_EINPUT, "%.200s...: path too long", path);
	if (tp_font_probe(path, fam, sizeof fam, why, sizeof why) != 0)
		return tp_fail(e, TP_EINPUT, "%s: %s", path, why);
	snprintf(cur_file, sizeof cur_file, "%s", path);
	snprintf(cur_family, sizeof cur_family, "%s", fam);
	return TP_OK;
}

const char *tp_font_file(void)
{
	return cur_file;
}

const char *tp_font_family(void)
{
	return cur_file[0] ? cur_family : TP_FONT_DEFAULT;
}
