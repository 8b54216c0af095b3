#ifndef TP_UNITS_H
#define TP_UNITS_H

/* Lengths and press sheet sizes as people write them, converted once to
 * millimetres. */

/* PDF's page limit: 14,400 pt. */
#define TP_PDF_MAX_MM 5080.0

/* Parses a length with an optional unit (mm, cm, in, pt; bare = mm).
 * Returns 0 and *mm, or -1 when it is not a length. */
int tp_parse_length(const char *s, double *mm);

/* 1 when s is a C hexadecimal number ("0x19", "-0X1p3"), which strtod
 * takes but no one writes for a length or a ratio: refused. */
int tp_is_hex_number(const char *s);

/* Smallest press sheet side. */
#define TP_SHEET_MIN_MM 50.0

/* Parses a press sheet: a name from the list below (any case), or "WxH"
 * with an optional unit after either number (mm, cm, in, pt; bare = mm; a
 * unit given only after H applies to both: 12x18in).  0 and the size in
 * mm, or -1. */
int tp_sheet_size_parse(const char *s, double *w_mm, double *h_mm);
/* "A4, A3, ..." : the named sizes, for messages and --list keys. */
const char *tp_sheet_size_names(void);

#endif
