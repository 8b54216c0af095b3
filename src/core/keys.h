#ifndef TP_KEYS_H
#define TP_KEYS_H

/* The key engine: every config key of every game is one row of a table
 * that says its section, name, type, range and where its value is stored.
 * Parsing, range checks, --set, did-you-mean and the error messages are
 * this one code path; `tilepress --list keys` prints the same rows. */

#include <stddef.h>
#include <stdint.h>

#include "core/strbuf.h"

enum tp_key_type {
	TP_KEY_INT,     /* whole number lo..hi, stored as int */
	TP_KEY_NUM,     /* number lo..hi, stored as double */
	TP_KEY_LEN,     /* length with a unit (mm, cm, in, pt; bare = mm), lo..hi mm, double */
	TP_KEY_ENUM,    /* one of names[], stored as int (the entry's value) */
	TP_KEY_BOOL,    /* on or off, stored as int 1/0 */
	TP_KEY_TEXT,    /* UTF-8 text without control characters, char[size] */
	TP_KEY_NAME,    /* spot colour name, 1..31 of A-Z a-z 0-9 - _, char[size] */
	TP_KEY_CMYK,    /* four percentages, stored as double[4] 0..1 */
	TP_KEY_RGB,     /* #rrggbb, stored as double[3] 0..1 */
	TP_KEY_SEED,    /* 0 .. 2^64-1, stored as unsigned long long */
	TP_KEY_CUSTOM,  /* parsed by the row's parse() */
};

/* Which object a row's offset points into. */
enum tp_key_home {
	TP_HOME_CORE,   /* struct tp_config (print, board, game name) */
	TP_HOME_GAME,   /* the game's own config struct */
};

enum tp_key_flag {
	TP_KEY_REPEAT = 1,   /* may be given on several lines (a list) */
	TP_KEY_HIDDEN = 2,   /* not listed (generated per ink, listed by pattern) */
	/* Left out of the build record while its text is empty: a key added
	 * later whose default changes nothing leaves the record as it was. */
	TP_KEY_RECORD_SET = 4,
};

struct tp_enum_name {
	const char *name;
	int value;
};

/* What a custom parser is told besides the value. */
struct tp_key_ctx {
	const char *where;  /* "file:line" or "--set sec.key=value" */
	int from_set;       /* the value comes from --set */
	int first;          /* first value of this key from this source (file, or the --set list) */
	void *core;         /* struct tp_config * */
	void *game;         /* the game's config */
};

struct tp_key {
	const char *section, *name;
	uint8_t type;       /* enum tp_key_type */
	uint8_t home;       /* enum tp_key_home */
	uint8_t flags;      /* enum tp_key_flag */
	size_t off;         /* offset of the field in its home */
	size_t size;        /* TEXT, NAME: the buffer size */
	double lo, hi;      /* INT, NUM, LEN: the allowed range */
	const char *range;  /* INT: the allowed values in words, when a later
			     * check narrows lo..hi (e.g. "an odd number 7..99"):
			     * what every refusal of the value says is allowed */
	const struct tp_enum_name *names;  /* ENUM: ends with { NULL, 0 } */
	const char *help;   /* one line for --list keys and the man page test */
	/* CUSTOM: stores value or returns -1 with a reason (what is wrong and
	 * what is allowed) in why. */
	int (*parse)(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		     char *why, size_t n);
	int ink;            /* colour keys: the ink number they set */
	/* CUSTOM: appends the value held as config text (for the build
	 * record's effective config); NULL writes nothing. */
	void (*format)(const struct tp_key *k, const void *core, const void *game,
		       struct tp_buf *b);
};

/* Appends the value row k holds in core/game as a config file would say
 * it (lengths in mm, colours as percentages, enums by name). */
void tp_key_format(const struct tp_key *k, const void *core, const void *game, struct tp_buf *b);

/* Parses value for row k into its home (core or game object in x).
 * Returns 0, or -1 with a one-line reason in why. */
int tp_key_apply(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		 char *why, size_t n);

/* Writes "a, b or c" for an ENUM row's allowed names into out. */
void tp_key_allowed(const struct tp_key *k, char *out, size_t n);

/* Levenshtein distance, capped: 99 when either string exceeds 40 bytes. */
int tp_edit_distance(const char *a, const char *b);

/* 0 when s is valid UTF-8 (no overlongs, no surrogates). */
int tp_utf8_check(const char *s);
/* 0 when s is text as a TP_KEY_TEXT key holds it: valid UTF-8 without
 * control characters (names read from data files are held to it). */
int tp_text_ok(const char *s);

#endif
