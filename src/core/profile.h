#ifndef TP_PROFILE_H
#define TP_PROFILE_H

/* Factory profiles (print.profile): a factory's rules as a small INI file
 * of [print] keys, config/profiles/NAME.ini in the data folders or any
 * path.  A profile's keys are read after the game's defaults and before
 * the config's own keys, so the config (and --set) still override any of
 * them; without a profile nothing changes.  A profile holds [print] keys
 * only (not print.profile itself). */

#include <stddef.h>

#include "core/status.h"

/* The first pass: the value of print.profile in the config at path or in
 * sets[0..n-1] (the last --set wins over the file), and where it was
 * given ("file:line" or "--set ...").  0 with *name "" when none is
 * given; TP_EINPUT when the file cannot be read. */
int tp_profile_find(const char *path, const char *const *sets, int n_sets, char *name,
		    size_t nn, char *where, size_t nw, tp_err *e);

/* The profile's file: a NAME (letters, digits, - and _) is
 * config/profiles/NAME.ini in the data folders; a path (with a / or
 * ending .ini) is taken from the config file's folder first, then as
 * given; config NULL (a --set): as given, from the current folder.  TP_OK with out filled, or TP_EINPUT naming `where`, the value
 * and what is allowed. */
int tp_profile_resolve(const char *config, const char *name, const char *where, char *out,
		       size_t n, tp_err *e);

/* 1 when the file at path is one of the shipped profiles (the same file
 * as config/profiles/NAME.ini in the data folders), its NAME in name;
 * else 0. */
int tp_profile_shipped(const char *path, char *name, size_t n);

/* "generic-x1a, punchboard, x4": the shipped profiles' names. */
const char *tp_profile_names(void);

#endif
