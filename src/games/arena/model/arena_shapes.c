/* The shapes file of the shape arena game (format in arena_core.h). */
#include "games/arena/model/arena_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/arena/model/arena_gridops.h"
#include "games/arena/model/arena_polyform.h"

#define LINE_MAX_CHARS 255
#define CELL_MAX 5 /* rows and col steps 0..5: a hexomino spans at most 6 */

struct parse {
	const char *path;
	struct tp_arena_shapes *out;
	int n;               /* shapes begun */
	int head_line[TP_ARENA_SHAPES];
	int cells_line[TP_ARENA_SHAPES]; /* 0 until the cells key is read */
	tp_err *e;
};

static int is_space(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v';
}

static int name_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
	       ch == ' ' || ch == '-' || ch == '_';
}

int tp_arena_same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
		char y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
		if (x != y)
			return 0;
	}
	return *a == *b;
}

/* Whether cells a and b (row, col) share an edge on the grid. */
static int neighbours(int grid, const int *a, const int *b)
{
	return tp_arena_gridops_for(grid)->adjacent(a, b);
}

/* Edge-connected: a flood from the first cell reaches every cell. */
static int connected(const struct tp_arena_shape *s, int grid)
{
	int seen[6] = { 1 }, stack[6] = { 0 }, top = 1, reached = 1;
	while (top > 0) {
		int i = stack[--top];
		for (int j = 0; j < s->n_cells; j++) {
			if (!seen[j] && neighbours(grid, s->cell[i], s->cell[j])) {
				seen[j] = 1;
				stack[top++] = j;
				reached++;
			}
		}
	}
	return reached == s->n_cells;
}

/* Checks the shape just ended (index P->n - 1); line is where it ended. */
static int finish_shape(struct parse *P, int line)
{
	int i = P->n - 1;
	if (i < 0)
		return TP_OK;
	struct tp_arena_shape *s = &P->out->s[i];
	if (P->cells_line[i] == 0)
		return tp_fail(P->e, TP_EINPUT,
			       "%s:%d: shape [%s] has no cells; give cells = row,col ... (1 to 6 cells)",
			       P->path, line, s->name);
	if (!connected(s, P->out->grid))
		return tp_fail(P->e, TP_EINPUT,
			       "%s:%d: shape [%s] is not connected; every cell must share an edge with another (corners do not join)",
			       P->path, P->cells_line[i], s->name);
	int xy[2 * 40];
	if (!tp_arena_gridops_for(P->out->grid)->rect &&
	    tp_arena_trace(P->out->grid, (const int (*)[2])s->cell, s->n_cells, xy, 40) < 0)
		return tp_fail(P->e, TP_EINPUT,
			       "%s:%d: shape [%s] closes round a hole or meets itself at a corner; a piece is one outline, cut in one line",
			       P->path, P->cells_line[i], s->name);
	for (int j = 0; j < i; j++)
		if (P->out->s[j].n_cells == s->n_cells)
			return tp_fail(P->e, TP_EINPUT,
				       "%s:%d: shape [%s] covers %d square%s, as [%s] (line %d) does; each shape covers a different number of squares, 1 to 6",
				       P->path, P->cells_line[i], s->name, s->n_cells,
				       s->n_cells == 1 ? "" : "s", P->out->s[j].name, P->cells_line[j]);
	return TP_OK;
}

static int header(struct parse *P, const char *p, size_t len, int line)
{
	if (len < 2 || p[len - 1] != ']')
		return tp_fail(P->e, TP_EINPUT,
			       "%s:%d: a section header is [Name] on a line of its own", P->path, line);
	p++;
	len -= 2;
	while (len > 0 && is_space(*p)) {
		p++;
		len--;
	}
	while (len > 0 && is_space(p[len - 1]))
		len--;
	if (len == 0 || len > 31)
		return tp_fail(P->e, TP_EINPUT,
			       "%s:%d: a shape's name has 1 to 31 characters", P->path, line);
	for (size_t i = 0; i < len; i++)
		if (!name_char(p[i]))
			return tp_fail(P->e, TP_EINPUT,
				       "%s:%d: a shape's name uses letters, digits, spaces, - and _",
				       P->path, line);
	int rc = finish_shape(P, line);
	if (rc != TP_OK)
		return rc;
	if (P->n == TP_ARENA_SHAPES)
		return tp_fail(P->e, TP_EINPUT,
			       "%s:%d: a seventh shape; a shapes file lists exactly %d (sizes 1 to 6)",
			       P->path, line, TP_ARENA_SHAPES);
	struct tp_arena_shape *s = &P->out->s[P->n];
	memcpy(s->name, p, len);
	s->name[len] = '\0';
	for (int j = 0; j < P->n; j++)
		if (tp_arena_same_name(P->out->s[j].name, s->name))
			return tp_fail(P->e, TP_EINPUT,
				       "%s:%d: shape [%s] is named twice (first on line %d)", P->path,
				       line, s->name, P->head_line[j]);
	P->head_line[P->n] = line;
	P->n++;
	return TP_OK;
}

/* Reads a number 0..99 from p; returns the digits used (0 if none). */
static size_t small_number(const char *p, size_t len, int *v)
{
	size_t i = 0;
	*v = 0;
	while (i < len && p[i] >= '0' && p[i] <= '9') {
		if (*v < 1000)
			*v = *v * 10 + (p[i] - '0');
		i++;
	}
	return i;
}

static int cells(struct parse *P, const char *v, size_t len, int line)
{
	int i = P->n - 1;
	struct tp_arena_shape *s = &P->out->s[i];
	if (P->cells_line[i] != 0)
		return tp_fail(P->e, TP_EINPUT,
			       "%s:%d: shape [%s] has cells twice (first on line %d)", P->path, line,
			       s->name, P->cells_line[i]);
	size_t pos = 0;
	for (;;) {
		while (pos < len && is_space(v[pos]))
			pos++;
		if (pos == len)
			break;
		size_t start = pos, tok = pos;
		while (tok < len && !is_space(v[tok]))
			tok++;
		int r, c;
		size_t k = small_number(v + pos, tok - pos, &r);
		if (k > 0 && pos + k < tok && v[pos + k] == ',') {
			pos += k + 1;
			k = small_number(v + pos, tok - pos, &c);
		} else {
			k = 0;
		}
		if (k == 0 || pos + k != tok)
			return tp_fail(P->e, TP_EINPUT,
				       "%s:%d: shape [%s]: '%.*s' is not a cell; write cells as row,col separated by spaces, e.g. cells = 0,0 0,1",
				       P->path, line, s->name, (int)(tok - start > 20 ? 20 : tok - start),
				       v + start);
		pos = tok;
		int cmax = (CELL_MAX + 1) * tp_arena_gridops_for(P->out->grid)->col_step - 1;
		if (r > CELL_MAX || c > cmax)
			return tp_fail(P->e, TP_EINPUT,
				       "%s:%d: shape [%s]: cell %d,%d is out of range; rows are 0 to %d, cols 0 to %d",
				       P->path, line, s->name, r, c, CELL_MAX, cmax);
		for (int j = 0; j < s->n_cells; j++)
			if (s->cell[j][0] == r && s->cell[j][1] == c)
				return tp_fail(P->e, TP_EINPUT,
					       "%s:%d: shape [%s]: cell %d,%d is listed twice", P->path,
					       line, s->name, r, c);
		if (s->n_cells == 6)
			return tp_fail(P->e, TP_EINPUT,
				       "%s:%d: shape [%s] has more than 6 cells; shapes cover 1 to 6 squares",
				       P->path, line, s->name);
		s->cell[s->n_cells][0] = r;
		s->cell[s->n_cells][1] = c;
		s->n_cells++;
	}
	if (s->n_cells == 0)
		return tp_fail(P->e, TP_EINPUT,
			       "%s:%d: shape [%s]: cells is empty; give 1 to 6 cells as row,col",
			       P->path, line, s->name);
	/* Translate so the least row and the least col are 0. */
	int step = tp_arena_gridops_for(P->out->grid)->col_step;
	int r0 = CELL_MAX, c0 = (CELL_MAX + 1) * step - 1;
	for (int j = 0; j < s->n_cells; j++) {
		r0 = s->cell[j][0] < r0 ? s->cell[j][0] : r0;
		c0 = s->cell[j][1] < c0 ? s->cell[j][1] : c0;
	}
	/* Columns move by the grid's step (on triangles an odd one turns
	 * cells over). */
	c0 -= c0 % step;
	for (int j = 0; j < s->n_cells; j++) {
		s->cell[j][0] -= r0;
		s->cell[j][1] -= c0;
	}
	P->cells_line[i] = line;
	return TP_OK;
}

/* grid = a grid's name (square, hex, tri), before the first shape. */
static int grid_key(struct parse *P, const char *v, size_t len, int line)
{
	while (len > 0 && is_space(*v)) {
		v++;
		len--;
	}
	char names[128];
	size_t at = 0;
	for (int g = 0; g < TP_GRID_N; g++) {
		const char *name = tp_arena_grid_name(g);
		if (strlen(name) == len && memcmp(v, name, len) == 0) {
			P->out->grid = g;
			return TP_OK;
		}
		/* "square, hex or tri": the names as the refusal lists them */
		const char *sep = g == 0 ? "" : g + 1 < TP_GRID_N ? ", " : " or ";
		int k = snprintf(names + at, sizeof names - at, "%s%s", sep, name);
		at = k < 0 || (size_t)k >= sizeof names - at ? sizeof names - 1 : at + (size_t)k;
	}
	return tp_fail(P->e, TP_EINPUT, "%s:%d: grid = %.*s: not a grid; use %s", P->path, line,
		       (int)(len > 20 ? 20 : len), v, names);
}

static int one_line(struct parse *P, const char *p, size_t len, int line)
{
	if (memchr(p, '\0', len) != NULL)
		return tp_fail(P->e, TP_EINPUT, "%s:%d: a NUL byte; a shapes file is text", P->path,
			       line);
	if (len > LINE_MAX_CHARS)
		return tp_fail(P->e, TP_EINPUT, "%s:%d: line is longer than %d characters", P->path,
			       line, LINE_MAX_CHARS);
	while (len > 0 && is_space(*p)) {
		p++;
		len--;
	}
	while (len > 0 && is_space(p[len - 1]))
		len--;
	if (len == 0 || *p == ';' || *p == '#')
		return TP_OK;
	if (*p == '[')
		return header(P, p, len, line);
	const char *eq = memchr(p, '=', len);
	if (eq == NULL)
		return tp_fail(P->e, TP_EINPUT,
			       "%s:%d: expected [Name] or key = value", P->path, line);
	size_t klen = (size_t)(eq - p);
	while (klen > 0 && is_space(p[klen - 1]))
		klen--;
	if (P->n == 0 && klen == 4 && memcmp(p, "grid", 4) == 0)
		return grid_key(P, eq + 1, len - (size_t)(eq + 1 - p), line);
	if (P->n == 0)
		return tp_fail(P->e, TP_EINPUT,
			       "%s:%d: a key before the first [Name]; only grid = square|hex goes there, each shape's cells under its header",
			       P->path, line);
	if (klen != 5 || memcmp(p, "cells", 5) != 0)
		return tp_fail(P->e, TP_EINPUT,
			       "%s:%d: unknown key '%.*s' in shape [%s]; the only key is cells",
			       P->path, line, (int)(klen > 20 ? 20 : klen), p,
			       P->out->s[P->n - 1].name);
	const char *v = eq + 1;
	return cells(P, v, len - (size_t)(v - p), line);
}

static int by_size(const void *a, const void *b)
{
	return ((const struct tp_arena_shape *)a)->n_cells - ((const struct tp_arena_shape *)b)->n_cells;
}

int tp_arena_shapes_parse(const char *text, size_t len, const char *path,
			  struct tp_arena_shapes *out, tp_err *e)
{
	memset(out, 0, sizeof *out);
	struct parse P = { .path = path, .out = out, .e = e };
	size_t pos = 0;
	int line = 0, rc = TP_OK;
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - text) : len;
		line++;
		rc = one_line(&P, text + pos, end - pos, line);
		if (rc != TP_OK)
			goto fail;
		pos = nl ? end + 1 : len;
	}
	if (line == 0)
		line = 1;
	rc = finish_shape(&P, line);
	if (rc != TP_OK)
		goto fail;
	if (P.n != TP_ARENA_SHAPES) {
		rc = tp_fail(e, TP_EINPUT,
			     "%s:%d: end of file after %d shape%s; a shapes file lists exactly %d, one of each size 1 to 6",
			     path, line, P.n, P.n == 1 ? "" : "s", TP_ARENA_SHAPES);
		goto fail;
	}
	/* Six different sizes from 1 to 6 are exactly 1..6. */
	qsort(out->s, TP_ARENA_SHAPES, sizeof out->s[0], by_size);
	return TP_OK;
fail:
	memset(out, 0, sizeof *out);
	return rc;
}
