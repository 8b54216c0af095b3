/* Spot names no press treats as a spot (spot_name.h). */

#include "print/ink/spot_name.h"

#include <stdio.h>
#include <strings.h>

int tp_spot_name_refused(const char *name, char *why, size_t n)
{
	static const struct {
		const char *name, *why;
	} bad[] = {
		{ "Cyan", "a process plate's name: the press prints it on the cyan plate, with the art" },
		{ "Magenta", "a process plate's name: the press prints it on the magenta plate, with the art" },
		{ "Yellow", "a process plate's name: the press prints it on the yellow plate, with the art" },
		{ "Black", "a process plate's name: the press prints it on the black plate, with the art" },
		{ "All", "the registration colour: the press prints it on every plate" },
		{ "Registration", "the registration colour: the press prints it on every plate" },
		{ "None", "the colour that never prints: the die line would vanish" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (strcasecmp(name, bad[i].name) == 0) {
			snprintf(why, n, "%s", bad[i].why);
			return 1;
		}
	return 0;
}
