/* Linked into every cmocka test binary (Makefile): TP_CASE=PATTERN (make
 * check CASE=PATTERN) runs only the tests whose name matches the pattern
 * (cmocka's filter: * and ? wildcards), before main sets up its groups. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

__attribute__((constructor)) static void tu_case_filter(void)
{
	const char *pattern = getenv("TP_CASE");
	if (pattern && *pattern)
		cmocka_set_test_filter(pattern);
}
