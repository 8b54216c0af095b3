/* One-shot deflate streams joined into one (deflate_join.h); the format is
 * RFC 1951's. */

#include "print/backend/deflate_join.h"

#include <stdint.h>
#include <string.h>

struct bits {
	const unsigned char *p;
	size_t n;        /* bytes */
	size_t pos;      /* bits read */
	int bad;
};

/* The next k (<= 16) bits, LSB first, not consumed; zeros past the end. */
static unsigned peek(const struct bits *b, int k)
{
	size_t byte = b->pos >> 3;
	uint32_t v = 0;
	for (int i = 0; i < 4 && byte + (size_t)i < b->n; i++)
		v |= (uint32_t)b->p[byte + (size_t)i] << (8 * i);
	return (unsigned)(v >> (b->pos & 7)) & ((1u << k) - 1);
}

static unsigned take(struct bits *b, int k)
{
	unsigned v = peek(b, k);
	b->pos += (size_t)k;
	if (b->pos > 8 * b->n)
		b->bad = 1;
	return v;
}

#define MAXBITS 15

/* A canonical Huffman code as a full lookup table: the next MAXBITS bits
 * (LSB first) to symbol << 4 | length; 0 for no code. */
struct huff {
	uint16_t t[1 << MAXBITS];
};

static unsigned reverse(unsigned code, int len)
{
	unsigned r = 0;
	for (int i = 0; i < len; i++, code >>= 1)
		r = r << 1 | (code & 1);
	return r;
}

/* 0, or -1 for lengths that are no prefix code. */
static int build(struct huff *h, const uint8_t *len, int n)
{
	int count[MAXBITS + 1] = { 0 };
	unsigned next[MAXBITS + 2];
	for (int i = 0; i < n; i++)
		count[len[i]]++;
	count[0] = 0;
	unsigned code = 0;
	int left = 1;
	for (int l = 1; l <= MAXBITS; l++) {
		left = 2 * left - count[l];
		if (left < 0)
			return -1;   /* over-subscribed */
		code = (code + (unsigned)count[l - 1]) << 1;
		next[l] = code;
	}
	memset(h->t, 0, sizeof h->t);
	for (int i = 0; i < n; i++) {
		int l = len[i];
		if (l == 0)
			continue;
		unsigned r = reverse(next[l]++, l);
		for (unsigned k = r; k < (1u << MAXBITS); k += 1u << l)
			h->t[k] = (uint16_t)(i << 4 | l);
	}
	return 0;
}

static int decode(struct bits *b, const struct huff *h)
{
	unsigned e = h->t[peek(b, MAXBITS)];
	if (e == 0) {
		b->bad = 1;
		return -1;
	}
	take(b, (int)(e & 15));
	return (int)(e >> 4);
}

static const uint8_t len_extra[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
				       2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const uint8_t dist_extra[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
					6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };

/* The symbols of one Huffman block, up to its end-of-block code. */
static int codes(struct bits *b, const struct huff *lit, const struct huff *dist)
{
	for (;;) {
		int s = decode(b, lit);
		if (b->bad || s < 0)
			return -1;
		if (s < 256)
			continue;
		if (s == 256)
			return 0;
		if (s > 285)
			return -1;
		take(b, len_extra[s - 257]);
		int d = decode(b, dist);
		if (b->bad || d < 0 || d > 29)
			return -1;
		take(b, dist_extra[d]);
	}
}

struct tables {
	struct huff lit, dist;
};

static int dynamic(struct bits *b, struct tables *T)
{
	static const uint8_t order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5,
					   11, 4, 12, 3, 13, 2, 14, 1, 15 };
	int hlit = (int)take(b, 5) + 257, hdist = (int)take(b, 5) + 1, hclen = (int)take(b, 4) + 4;
	uint8_t cl[19] = { 0 }, len[286 + 32] = { 0 };
	for (int i = 0; i < hclen; i++)
		cl[order[i]] = (uint8_t)take(b, 3);
	if (b->bad || hlit > 286 || hdist > 30 || build(&T->lit, cl, 19) != 0)
		return -1;
	for (int i = 0; i < hlit + hdist;) {
		int s = decode(b, &T->lit);
		if (b->bad || s < 0)
			return -1;
		if (s < 16) {
			len[i++] = (uint8_t)s;
			continue;
		}
		int rep = s == 16 ? 3 + (int)take(b, 2) : s == 17 ? 3 + (int)take(b, 3)
			  : 11 + (int)take(b, 7);
		uint8_t v = s == 16 ? (i ? len[i - 1] : 0xFF) : 0;
		if (v == 0xFF || i + rep > hlit + hdist)
			return -1;
		while (rep--)
			len[i++] = v;
	}
	if (len[256] == 0 || build(&T->lit, len, hlit) != 0 || build(&T->dist, len + hlit, hdist) != 0)
		return -1;
	return codes(b, &T->lit, &T->dist);
}

static int fixed(struct bits *b, struct tables *T)
{
	uint8_t len[288 + 30];
	for (int i = 0; i < 288; i++)
		len[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
	for (int i = 0; i < 30; i++)
		len[288 + i] = 5;
	if (build(&T->lit, len, 288) != 0 || build(&T->dist, len + 288, 30) != 0)
		return -1;
	return codes(b, &T->lit, &T->dist);
}

static int stored(struct bits *b)
{
	b->pos = (b->pos + 7) & ~(size_t)7;
	size_t at = b->pos >> 3;
	if (at + 4 > b->n)
		return -1;
	unsigned len = b->p[at] | (unsigned)b->p[at + 1] << 8;
	unsigned nlen = b->p[at + 2] | (unsigned)b->p[at + 3] << 8;
	if ((len ^ 0xFFFF) != nlen || at + 4 + len > b->n)
		return -1;
	b->pos += 8 * (4 + (size_t)len);
	return 0;
}

/* The tables are large: one set, static per thread. */
static _Thread_local struct tables tables;

int tp_deflate_unfinish(unsigned char *p, size_t *n)
{
	struct bits b = { p, *n, 0, 0 };
	size_t head;
	unsigned last;
	do {
		head = b.pos;
		last = take(&b, 1);
		unsigned type = take(&b, 2);
		int rc = type == 0 ? stored(&b) : type == 1 ? fixed(&b, &tables)
			 : type == 2 ? dynamic(&b, &tables) : -1;
		if (rc != 0 || b.bad)
			return -1;
	} while (!last);
	size_t end = b.pos;
	if ((end + 7) / 8 != *n)
		return -1;   /* bytes after the last block */
	p[head >> 3] &= (unsigned char)~(1u << (head & 7));
	/* An empty stored block: 3 zero bits at end, zero padding. */
	if (end & 7)
		p[end >> 3] &= (unsigned char)((1u << (end & 7)) - 1);
	size_t len = (end + 3 + 7) / 8;
	if (len > (end + 7) / 8)
		p[len - 1] = 0;
	static const unsigned char mark[4] = { 0, 0, 0xFF, 0xFF };
	memcpy(p + len, mark, 4);
	*n = len + 4;
	return 0;
}
