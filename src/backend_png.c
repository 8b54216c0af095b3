#include "backend.h"

int tp_png_write(FILE *f, const struct tp_scene *const *pages, size_t n,
		 const struct tp_doc_info *info, tp_err *e)
{
	(void)f; (void)pages; (void)n; (void)info;
	return tp_fail(e, TP_EIO, "png backend not written yet");
}

void tp_png_set_limits(size_t band_bytes, int tile_px)
{
	(void)band_bytes; (void)tile_px;
}
