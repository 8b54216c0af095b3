#ifndef TP_TU_DXF_H
#define TP_TU_DXF_H

/* A minimal ASCII DXF reader for the tests, independent of the writer:
 * checks the file's structure (group code / value line pairs, sections
 * opened and closed, EOF last) and reads the ENTITIES section's LINE and
 * POLYLINE/VERTEX/SEQEND entities as paths in DXF coordinates (y up). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tu_paths.h"

struct tu_dxf {
	struct tu_paths paths;   /* LINEs (2 points, open) and POLYLINEs */
	int lines, polylines;    /* entities of each kind */
	int others;              /* entities of any other kind */
	char version[16];        /* $ACADVER */
	int insunits;            /* $INSUNITS, -1 when absent */
	char layer[48];          /* the last entity's layer */
	int layers_differ;       /* entities on more than one layer */
};

/* 0, or -1 with why filled when the file is not a well-formed DXF. */
static inline int tu_dxf_read(const char *path, struct tu_dxf *d, char *why, size_t n)
{
	memset(d, 0, sizeof *d);
	d->insunits = -1;
	FILE *f = fopen(path, "r");
	if (f == NULL) {
		snprintf(why, n, "cannot open %s", path);
		return -1;
	}
	char cl[256], vl[256];
	int depth = 0, in_entities = 0, eof = 0, pairs = 0;
	char header_var[64] = "", ent[32] = "";
	struct tu_path *cur = NULL;
	double x = 0, y = 0, x1 = 0, y1 = 0;
	int rc = 0;
	while (fgets(cl, sizeof cl, f)) {
		if (eof) {
			snprintf(why, n, "data after EOF");
			rc = -1;
			break;
		}
		if (fgets(vl, sizeof vl, f) == NULL) {
			snprintf(why, n, "group code %s without a value", cl);
			rc = -1;
			break;
		}
		pairs++;
		vl[strcspn(vl, "\r\n")] = '\0';
		char *end;
		long code = strtol(cl, &end, 10);
		while (*end == ' ')
			end++;
		if (end == cl || (*end != '\n' && *end != '\r' && *end != '\0')) {
			snprintf(why, n, "pair %d: group code '%s' is not an integer", pairs, cl);
			rc = -1;
			break;
		}
		double v = atof(vl);
		if (code == 0) {
			/* An entity ends where the next 0 group starts. */
			if (in_entities && strcmp(ent, "LINE") == 0 && cur) {
				tu_path_pt(cur, x, y);
				tu_path_pt(cur, x1, y1);
			}
			if (in_entities && strcmp(ent, "VERTEX") == 0 && cur)
				tu_path_pt(cur, x, y);
			snprintf(ent, sizeof ent, "%s", vl);
			if (strcmp(vl, "SECTION") == 0) {
				if (depth++ != 0) {
					snprintf(why, n, "SECTION inside a section");
					rc = -1;
					break;
				}
			} else if (strcmp(vl, "ENDSEC") == 0) {
				if (depth-- != 1) {
					snprintf(why, n, "ENDSEC outside a section");
					rc = -1;
					break;
				}
				in_entities = 0;
			} else if (strcmp(vl, "EOF") == 0) {
				eof = 1;
			} else if (in_entities) {
				if (strcmp(vl, "LINE") == 0) {
					cur = tu_paths_add(&d->paths);
					d->lines++;
				} else if (strcmp(vl, "POLYLINE") == 0) {
					cur = tu_paths_add(&d->paths);
					d->polylines++;
				} else if (strcmp(vl, "SEQEND") == 0 || strcmp(vl, "VERTEX") == 0) {
					if (cur == NULL) {
						snprintf(why, n, "%s outside a POLYLINE", vl);
						rc = -1;
						break;
					}
					if (vl[0] == 'S')
						cur = NULL;
				} else {
					d->others++;
					cur = NULL;
				}
			}
			x = y = x1 = y1 = 0;
			continue;
		}
		if (code == 2 && strcmp(ent, "SECTION") == 0)
			in_entities = strcmp(vl, "ENTITIES") == 0;
		if (code == 9)
			snprintf(header_var, sizeof header_var, "%s", vl);
		if (code == 1 && strcmp(header_var, "$ACADVER") == 0)
			snprintf(d->version, sizeof d->version, "%s", vl);
		if (code == 70 && strcmp(header_var, "$INSUNITS") == 0 && !in_entities)
			d->insunits = (int)v;
		if (!in_entities)
			continue;
		if (code == 8) {
			if (d->layer[0] && strcmp(d->layer, vl) != 0)
				d->layers_differ = 1;
			snprintf(d->layer, sizeof d->layer, "%s", vl);
		}
		if (code == 10)
			x = v;
		else if (code == 20)
			y = v;
		else if (code == 11)
			x1 = v;
		else if (code == 21)
			y1 = v;
		else if (code == 70 && strcmp(ent, "POLYLINE") == 0 && cur)
			cur->closed = ((long)v & 1) != 0;
	}
	fclose(f);
	if (rc == 0 && (!eof || depth != 0)) {
		snprintf(why, n, eof ? "unclosed section" : "no EOF");
		rc = -1;
	}
	return rc;
}

#endif
