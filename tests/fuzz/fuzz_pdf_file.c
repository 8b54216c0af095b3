/* libFuzzer target: the preflight of a PDF file (tp_preflight_pdf,
 * src/print/preflight/pf_file.c): the PDF reader, the PDF/X checks and the
 * content-stream interpreter on untrusted bytes.  The input, in an
 * exact-size NUL-terminated copy, is checked under the punchboard
 * profile's limits (every rule on).  Checks the contract: it returns 0
 * (memory never runs out here), the counts add up to the findings kept,
 * and every finding has a rule and a severity. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print/preflight/pf_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *buf = malloc(size + 1);
	if (buf == NULL)
		return 0;
	memcpy(buf, data, size);
	buf[size] = 0;
	struct tp_pf_file_rules fr = {
		.r = { .bleed = 3, .min_tint_line = 0.2, .min_line = 0.1, .max_tac = 300,
		       .die_gap = 6, .min_component = 8, .emboss_min = 0.2, .emboss_gap = 0.4,
		       .nick = 0.5, .nick_corner = 3 },
		.cut_ink = "CutContour", .min_fill = 0.05, .min_text_pt = 5, .marks = 0,
		.pdfx4 = 0, .condition = "FOGRA39",
	};
	struct tp_preflight pf = { 0 };
	if (tp_preflight_pdf(buf, size, "fuzz", &fr, &pf) != 0) {
		fprintf(stderr, "tp-fuzz: out of memory reported\n");
		abort();
	}
	if (pf.n > pf.errors + pf.warnings)
		abort();
	for (size_t i = 0; i < pf.n; i++)
		if (pf.f[i].rule[0] == '\0' ||
		    (pf.f[i].severity != TP_PF_ERROR && pf.f[i].severity != TP_PF_WARNING))
			abort();
	tp_preflight_free(&pf);
	free(buf);
	return 0;
}
