#include "print/backend/png_stream.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
#include <zlib.h>

#include "core/adler32.h"
#include "core/alloc.h"
#include "print/backend/deflate_join.h"

/* Block k holds rows k*B .. k*B+B-1, B from the width alone (never from the
 * number of threads): about 4 MiB of filtered data, at least 64 rows so
 * that the rows drawn twice for the dictionary stay a few per cent. */
#define DICT_BYTES 32768
#define BLOCK_BYTES ((size_t)4 << 20)
#define MIN_BLOCK_ROWS 64
#define IDAT_BYTES 8192    /* libpng's IDAT size, kept for comparisons */
#define SLOTS_PER_THREAD 2 /* finished blocks waiting to be written */
/* libdeflate: level 6 (half zlib's time on the same bytes, and smaller on
 * detailed sheets); a block whose filtered bytes are all zeros but one in
 * LD_FLAT_RATIO at LD_FLAT_LEVEL (see ld_block). */
#define LD_LEVEL 6
#define LD_FLAT_LEVEL 8
#define LD_FLAT_RATIO 16

struct out {
	unsigned char *p;
	size_t len, cap;
};

/* One block's result, reused for block k + n_slots once written. */
struct slot {
	int block, done, rc;
	struct out out;
	uLong adler;       /* of the block's filtered bytes */
	size_t in_len;
	tp_err err;
};

struct pool;

struct worker {
	struct pool *pool;
	z_stream z;
	int z_ok;
	/* libdeflate (TP_PNG_LIBDEFLATE): the block's filtered bytes whole,
	 * compressed in one call (it has no streaming and no dictionary). */
	struct libdeflate_compressor *ld, *ld_flat;
	unsigned char *blk;
	size_t blk_len, blk_cap;
	unsigned char *buf;        /* band_rows drawn rows, filtered in place */
	unsigned char *prev;       /* the RGB row above */
	unsigned char *dict;       /* filtered rows before the block */
	size_t dict_len;
	pthread_t tid;
	int started;
};

struct pool {
	const struct tp_png_stream *ps;
	int block_rows, band_rows, pre_rows, n_blocks;
	int ld_level;              /* libdeflate's level, or 0: zlib (tp_png_set_zlib) */
	size_t row_bytes;          /* filter byte + 3 w */
	int threaded;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int next, written, stop;   /* blocks claimed, blocks written */
	tp_err err;                /* the first failure a worker met */
	int n_slots;
	struct slot *slots;
};

/* libdeflate's allocations through tp_malloc, as every other (the fault
 * tests fail them in turn). */
static pthread_once_t ld_once = PTHREAD_ONCE_INIT;

static void ld_allocator(void)
{
	libdeflate_set_memory_allocator(tp_malloc, free);
}

/* Test hook (tp_png_set_zlib): zlib, as before libdeflate, with a
 * dictionary across blocks. */
static int use_zlib;

void tp_png_set_zlib(int on)
{
	use_zlib = on;
}

int tp_png_block_rows(int w)
{
	size_t row = 3 * (size_t)w + 1;
	size_t rows = (BLOCK_BYTES + row - 1) / row;
	return rows < MIN_BLOCK_ROWS ? MIN_BLOCK_ROWS : rows > INT_MAX ? INT_MAX : (int)rows;
}

static void lock(struct pool *p)
{
	if (p->threaded)
		pthread_mutex_lock(&p->mu);
}

static void unlock(struct pool *p)
{
	if (p->threaded)
		pthread_mutex_unlock(&p->mu);
}

/* Under the pool's lock: the allocator's failure injection counts calls. */
static int grow(struct pool *p, struct out *o)
{
	lock(p);
	int rc = tp_grow((void **)&o->p, &o->cap, o->cap + 1, 1, 65536);
	unlock(p);
	return rc;
}

/* Deflates len bytes (or flushes) into the slot's buffer. */
static int pump(struct worker *wk, struct slot *s, unsigned char *in, size_t len, int flush)
{
	z_stream *z = &wk->z;
	z->next_in = in;
	z->avail_in = (uInt)len;
	for (;;) {
		if (s->out.cap - s->out.len < 4096 && grow(wk->pool, &s->out) != 0)
			return tp_fail(&s->err, TP_EIO, "png: out of memory compressing");
		size_t room = s->out.cap - s->out.len;
		z->next_out = s->out.p + s->out.len;
		z->avail_out = room > UINT_MAX ? UINT_MAX : (uInt)room;
		int zr = deflate(z, flush);
		s->out.len = (size_t)(z->next_out - s->out.p);
		if (zr == Z_STREAM_END)
			return TP_OK;
		if (zr != Z_OK && zr != Z_BUF_ERROR)
			return tp_fail(&s->err, TP_EIO, "png: deflate failed (%d)", zr);
		if (flush != Z_FINISH && z->avail_in == 0 && z->avail_out > 0)
			return TP_OK;
	}
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define TP_FILTER_SSSE3 1

/* filter_row (below) for the row's first pixels, four at a time (pshufb
 * picks R, G, B out of four words; psubb makes the Up differences): pixels 0 .. the
 * returned count - 1.  Each step reads its 16 source bytes before it
 * writes its 12 at dst + 1 + 3x, which stay below the next step's source
 * bytes even when dst is src; prev is read and written 12 bytes exactly. */
__attribute__((target("ssse3"))) static int filter_row_ssse3(unsigned char *dst,
							    const unsigned char *src,
							    unsigned char *prev, int w)
{
	const __m128i pick = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
	int x = 0;
	for (; x + 4 <= w; x += 4) {
		__m128i px = _mm_loadu_si128((const __m128i *)(const void *)(src + 4 * (size_t)x));
		px = _mm_shuffle_epi8(px, pick);
		unsigned char *pv = prev + 3 * (size_t)x, *d = dst + 1 + 3 * (size_t)x;
		uint32_t hi;
		memcpy(&hi, pv + 8, 4);
		__m128i up = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)pv),
						_mm_cvtsi32_si128((int)hi));
		__m128i diff = _mm_sub_epi8(px, up);
		_mm_storel_epi64((__m128i *)(void *)d, diff);
		hi = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(diff, 8));
		memcpy(d + 8, &hi, 4);
		_mm_storel_epi64((__m128i *)(void *)pv, px);
		hi = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(px, 8));
		memcpy(pv + 8, &hi, 4);
	}
	return x;
}
#endif

/* One row of xRGB words to RGB, Up-filtered against prev, which then
 * becomes this row.  dst may start at src (the first row of a band): each
 * pixel is read before its bytes are overwritten, the filter byte last. */
static void filter_row(unsigned char *dst, const unsigned char *src, unsigned char *prev, int w)
{
	int x = 0;
#ifdef TP_FILTER_SSSE3
	if (__builtin_cpu_supports("ssse3"))
		x = filter_row_ssse3(dst, src, prev, w);
#endif
	unsigned char *d = dst + 1 + 3 * (size_t)x;
	prev += 3 * (size_t)x;
	for (; x < w; x++, d += 3, prev += 3) {
		uint32_t px;
		memcpy(&px, src + (size_t)x * 4, 4);
		unsigned char r = (unsigned char)(px >> 16), g = (unsigned char)(px >> 8);
		unsigned char b = (unsigned char)px;
		d[0] = (unsigned char)(r - prev[0]);
		d[1] = (unsigned char)(g - prev[1]);
		d[2] = (unsigned char)(b - prev[2]);
		prev[0] = r;
		prev[1] = g;
		prev[2] = b;
	}
	dst[0] = 2; /* Up, as tilepress always wrote */
}

/* Filters rows a..a+n-1, drawn in wk->buf, in place: row i's filtered
 * bytes (3w+1) never reach row i+1's pixels (4w).  Rows before the block
 * go to the dictionary; the first row drawn only serves as Up's row above
 * (unless it is the image's first).  Returns the filtered bytes in buf. */
static size_t filter_band(struct worker *wk, int a, int n, int start, int y0)
{
	const struct pool *p = wk->pool;
	int w = p->ps->w;
	size_t len = 0;
	for (int i = 0; i < n; i++) {
		int r = a + i;
		const unsigned char *src = wk->buf + (size_t)i * 4 * (size_t)w;
		unsigned char *dst = r < y0 ? wk->dict + wk->dict_len : wk->buf + len;
		filter_row(dst, src, wk->prev, w);
		if (r == start && start > 0)
			; /* only the row above */
		else if (r < y0)
			wk->dict_len += p->row_bytes;
		else
			len += p->row_bytes;
	}
	return len;
}

/* The block's filtered bytes (wk->blk) deflated in one call into s; every
 * block but the last unfinished (deflate_join.h), so the blocks make one
 * stream as the sync flushes of zlib's make it. */
static int ld_block(struct worker *wk, struct slot *s, int last)
{
	size_t bound = libdeflate_deflate_compress_bound(wk->ld, wk->blk_len) + 5;
	while (s->out.cap < bound)
		if (grow(wk->pool, &s->out) != 0)
			return tp_fail(&s->err, TP_EIO, "png: out of memory compressing");
	/* A flat block (a sheet's large areas of one colour, whose Up
	 * differences are zeros): level 6's parse loses up to a fifth to
	 * zlib's there, a higher level's does not, and costs little on such
	 * data.  Decided from the block's bytes alone: the same for any -j. */
	size_t zeros = 0;
	for (size_t i = 0; i < wk->blk_len; i++)
		zeros += wk->blk[i] == 0;
	struct libdeflate_compressor *c = zeros * LD_FLAT_RATIO > wk->blk_len * (LD_FLAT_RATIO - 1)
					  ? wk->ld_flat : wk->ld;
	size_t n = libdeflate_deflate_compress(c, wk->blk, wk->blk_len, s->out.p, s->out.cap - 5);
	if (n == 0 || (!last && tp_deflate_unfinish(s->out.p, &n) != 0))
		return tp_fail(&s->err, TP_EIO, "png: libdeflate failed on a block of %zu bytes",
			       wk->blk_len);
	s->out.len = n;
	return TP_OK;
}

/* Draws, filters and deflates block k into s, as a raw deflate stream
 * that ends on a byte boundary (sync flush), or finishes the stream. */
static int process_block(struct worker *wk, int k, struct slot *s)
{
	struct pool *p = wk->pool;
	const struct tp_png_stream *ps = p->ps;
	int y0 = k * p->block_rows;
	int y1 = ps->h - y0 < p->block_rows ? ps->h : y0 + p->block_rows;
	int start = y0 < p->pre_rows ? 0 : y0 - p->pre_rows;
	s->out.len = 0;
	s->in_len = 0;
	s->adler = adler32(0L, Z_NULL, 0);
	s->err.code = 0;
	s->err.msg[0] = '\0';
	wk->dict_len = 0;
	wk->blk_len = 0;
	memset(wk->prev, 0, 3 * (size_t)ps->w);
	if (!wk->ld && deflateReset(&wk->z) != Z_OK)
		return tp_fail(&s->err, TP_EIO, "png: deflate reset failed");
	int primed = k == 0 || wk->ld;   /* libdeflate takes no dictionary */
	for (int a = start; a < y1; a += p->band_rows) {
		int n = y1 - a < p->band_rows ? y1 - a : p->band_rows;
		int rc = ps->rows(ps->ctx, wk->buf, a, n, &s->err);
		if (rc != TP_OK)
			return rc;
		size_t len = filter_band(wk, a, n, start, y0);
		if (len == 0)
			continue;
		if (!primed) {
			size_t d = wk->dict_len < DICT_BYTES ? wk->dict_len : DICT_BYTES;
			if (d && deflateSetDictionary(&wk->z, wk->dict + wk->dict_len - d,
						      (uInt)d) != Z_OK)
				return tp_fail(&s->err, TP_EIO, "png: deflate dictionary failed");
			primed = 1;
		}
		s->adler = tp_adler32((uint32_t)s->adler, wk->buf, len);
		s->in_len += len;
		if (wk->ld) {
			memcpy(wk->blk + wk->blk_len, wk->buf, len);
			wk->blk_len += len;
		} else if (pump(wk, s, wk->buf, len, Z_NO_FLUSH) != TP_OK) {
			return TP_EIO;
		}
	}
	int last = k == p->n_blocks - 1;
	if (wk->ld)
		return ld_block(wk, s, last);
	return pump(wk, s, NULL, 0, last ? Z_FINISH : Z_SYNC_FLUSH);
}

static void *thread_main(void *arg)
{
	struct worker *wk = arg;
	struct pool *p = wk->pool;
	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (!p->stop && p->next < p->n_blocks && p->next >= p->written + p->n_slots)
			pthread_cond_wait(&p->cv, &p->mu);
		if (p->stop || p->next >= p->n_blocks)
			break;
		int k = p->next++;
		struct slot *s = &p->slots[k % p->n_slots];
		pthread_mutex_unlock(&p->mu);
		int rc = process_block(wk, k, s);
		pthread_mutex_lock(&p->mu);
		s->block = k;
		s->rc = rc;
		s->done = 1;
		if (rc != TP_OK && !p->stop) {
			p->stop = 1;
			p->err = s->err;
		}
		pthread_cond_broadcast(&p->cv);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/* ---- the file ------------------------------------------------------------ */

struct sink {
	FILE *f;
	int bad;   /* errno of the first failed write, or 0 */
	size_t n;
	unsigned char buf[IDAT_BYTES];
};

static void put32(unsigned char *b, uint32_t v)
{
	b[0] = (unsigned char)(v >> 24);
	b[1] = (unsigned char)(v >> 16);
	b[2] = (unsigned char)(v >> 8);
	b[3] = (unsigned char)v;
}

static void chunk(struct sink *s, const char *type, const unsigned char *d, size_t n)
{
	unsigned char head[8], tail[4];
	put32(head, (uint32_t)n);
	memcpy(head + 4, type, 4);
	uLong crc = crc32(crc32(0L, Z_NULL, 0), head + 4, 4);
	if (n)
		crc = crc32_z(crc, d, n);
	put32(tail, (uint32_t)crc);
	if (fwrite(head, 1, 8, s->f) != 8 || (n && fwrite(d, 1, n, s->f) != n) ||
	    fwrite(tail, 1, 4, s->f) != 4)
		s->bad = s->bad ? s->bad : errno ? errno : EIO;
}

/* The zlib stream, cut into IDAT chunks of IDAT_BYTES. */
static void idat_put(struct sink *s, const unsigned char *d, size_t n)
{
	while (n > 0 && !s->bad) {
		size_t k = IDAT_BYTES - s->n < n ? IDAT_BYTES - s->n : n;
		memcpy(s->buf + s->n, d, k);
		s->n += k;
		d += k;
		n -= k;
		if (s->n == IDAT_BYTES) {
			chunk(s, "IDAT", s->buf, s->n);
			s->n = 0;
		}
	}
}

/* Signature, IHDR, gAMA, sRGB, cHRM and pHYs, as libpng wrote them. */
static void header(struct sink *s, const struct tp_png_stream *ps)
{
	static const unsigned char sig[8] = { 137, 'P', 'N', 'G', '\r', '\n', 26, '\n' };
	if (fwrite(sig, 1, 8, s->f) != 8)
		s->bad = errno ? errno : EIO;
	unsigned char b[32];
	put32(b, (uint32_t)ps->w);
	put32(b + 4, (uint32_t)ps->h);
	memcpy(b + 8, (const unsigned char[]){ 8, 2, 0, 0, 0 }, 5);
	chunk(s, "IHDR", b, 13);
	/* The ink colours are sRGB (colour.h): say so, with the gAMA and cHRM
	 * values the PNG spec gives for readers that ignore sRGB. */
	put32(b, 45455);
	chunk(s, "gAMA", b, 4);
	b[0] = 1; /* relative colorimetric */
	chunk(s, "sRGB", b, 1);
	static const uint32_t chrm[8] = { 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000 };
	for (int i = 0; i < 8; i++)
		put32(b + 4 * i, chrm[i]);
	chunk(s, "cHRM", b, 32);
	uint32_t ppm = (uint32_t)floor(ps->dpi / 0.0254 + 0.5);
	put32(b, ppm);
	put32(b + 4, ppm);
	b[8] = 1; /* metre */
	chunk(s, "pHYs", b, 9);
}

/* ---- setting up ---------------------------------------------------------- */

static int worker_init(struct worker *wk, struct pool *p)
{
	size_t w = (size_t)p->ps->w;
	wk->pool = p;
	wk->buf = tp_malloc_large((size_t)p->band_rows * 4 * w);
	wk->prev = tp_malloc(3 * w);
	wk->dict = tp_malloc((size_t)p->pre_rows * p->row_bytes);
	if (!wk->buf || !wk->prev || !wk->dict)
		return -1;
	if (p->ld_level > 0) {
		int rows = p->block_rows < p->ps->h ? p->block_rows : p->ps->h;
		wk->blk_cap = (size_t)rows * p->row_bytes;
		wk->blk = tp_malloc_large(wk->blk_cap);
		pthread_once(&ld_once, ld_allocator);
		lock(p);
		wk->ld = wk->blk ? libdeflate_alloc_compressor(p->ld_level) : NULL;
		wk->ld_flat = wk->ld ? libdeflate_alloc_compressor(LD_FLAT_LEVEL) : NULL;
		unlock(p);
		return wk->ld_flat ? 0 : -1;
	}
	/* libpng's settings for tilepress: level 6, Z_FILTERED, a 32 KiB
	 * window, memLevel 8; raw, as the zlib header and check are ours. */
	wk->z_ok = deflateInit2(&wk->z, 6, Z_DEFLATED, -15, 8, Z_FILTERED) == Z_OK;
	return wk->z_ok ? 0 : -1;
}

static void worker_free(struct worker *wk)
{
	if (wk->z_ok)
		deflateEnd(&wk->z);
	if (wk->ld)
		libdeflate_free_compressor(wk->ld);
	if (wk->ld_flat)
		libdeflate_free_compressor(wk->ld_flat);
	free(wk->blk);
	free(wk->buf);
	free(wk->prev);
	free(wk->dict);
}

static int pool_init(struct pool *p, const struct tp_png_stream *ps)
{
	p->ps = ps;
	p->ld_level = use_zlib ? 0 : LD_LEVEL;
	p->row_bytes = 3 * (size_t)ps->w + 1;
	p->block_rows = ps->block_rows > 0 ? ps->block_rows : tp_png_block_rows(ps->w);
	p->n_blocks = (int)((ps->h + (size_t)p->block_rows - 1) / (size_t)p->block_rows);
	/* The row above the block for Up, and enough filtered rows before it
	 * for a full dictionary. */
	p->pre_rows = 1 + (int)((DICT_BYTES + p->row_bytes - 1) / p->row_bytes);
	size_t px = ps->band_bytes / (4 * (size_t)ps->w);
	size_t want = (size_t)p->block_rows + (size_t)p->pre_rows;
	p->band_rows = px < 1 ? 1 : px < want ? (int)px : (int)want;
	int t = ps->threads < 1 ? 1 : ps->threads;
	p->threaded = t > 1 && p->n_blocks > 1;
	p->n_slots = p->threaded ? SLOTS_PER_THREAD * t : 1;
	p->slots = tp_calloc((size_t)p->n_slots, sizeof *p->slots);
	return p->slots ? 0 : -1;
}

/* Writes the blocks in order as they finish. */
static int write_blocks(struct pool *p, struct worker *ws, struct sink *sk, tp_err *e)
{
	uLong adler = adler32(0L, Z_NULL, 0);
	for (int k = 0; k < p->n_blocks; k++) {
		struct slot *s = &p->slots[k % p->n_slots];
		if (p->threaded) {
			pthread_mutex_lock(&p->mu);
			while (!(s->done && s->block == k) && !(p->stop && k >= p->next))
				pthread_cond_wait(&p->cv, &p->mu);
			int have = s->done && s->block == k;
			if (!have)
				*e = p->err;
			pthread_mutex_unlock(&p->mu);
			if (!have)
				return e->code ? e->code : TP_EIO;
		} else {
			s->rc = process_block(&ws[0], k, s);
		}
		if (s->rc != TP_OK) {
			*e = s->err;
			return e->code ? e->code : TP_EIO;
		}
		idat_put(sk, s->out.p, s->out.len);
		adler = adler32_combine(adler, s->adler, (z_off_t)s->in_len);
		lock(p);
		s->done = 0;
		p->written++;
		if (p->threaded)
			pthread_cond_broadcast(&p->cv);
		unlock(p);
		if (sk->bad)
			return tp_fail(e, TP_EIO, "png: write failed: %s", strerror(sk->bad));
	}
	unsigned char tail[4];
	put32(tail, (uint32_t)adler);
	idat_put(sk, tail, 4);
	return TP_OK;
}

static int start_threads(struct pool *p, struct worker *ws, int t, tp_err *e)
{
	if (pthread_mutex_init(&p->mu, NULL) != 0) {
		p->threaded = 0;
		return tp_fail(e, TP_EIO, "png: cannot create a lock");
	}
	if (pthread_cond_init(&p->cv, NULL) != 0) {
		pthread_mutex_destroy(&p->mu);
		p->threaded = 0;
		return tp_fail(e, TP_EIO, "png: cannot create a condition");
	}
	for (int i = 0; i < t; i++) {
		if (pthread_create(&ws[i].tid, NULL, thread_main, &ws[i]) != 0)
			return tp_fail(e, TP_EIO, "png: cannot start a thread");
		ws[i].started = 1;
	}
	return TP_OK;
}

static void stop_threads(struct pool *p, struct worker *ws, int t)
{
	pthread_mutex_lock(&p->mu);
	p->stop = 1;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
	for (int i = 0; i < t; i++)
		if (ws[i].started)
			pthread_join(ws[i].tid, NULL);
	pthread_cond_destroy(&p->cv);
	pthread_mutex_destroy(&p->mu);
}

int tp_png_stream_write(FILE *f, const struct tp_png_stream *ps, tp_err *e)
{
	struct pool p = { 0 };
	int t = ps->threads < 1 ? 1 : ps->threads;
	struct worker *ws = NULL;
	int rc = pool_init(&p, ps) == 0 ? TP_OK : tp_fail(e, TP_EIO, "png: out of memory");
	if (!p.threaded)
		t = 1;
	if (rc == TP_OK)
		ws = tp_calloc((size_t)t, sizeof *ws);
	for (int i = 0; rc == TP_OK && i < t; i++)
		if (ws == NULL || worker_init(&ws[i], &p) != 0)
			rc = tp_fail(e, TP_EIO, "png: out of memory for a %d-row band", p.band_rows);
	struct sink sk = { .f = f };
	if (rc == TP_OK) {
		header(&sk, ps);
		unsigned char zh[2] = { 0x78, 0x9c }; /* deflate, 32 KiB, level 6 */
		idat_put(&sk, zh, 2);
		if (p.threaded)
			rc = start_threads(&p, ws, t, e);
		if (rc == TP_OK)
			rc = write_blocks(&p, ws, &sk, e);
		if (p.threaded)
			stop_threads(&p, ws, t);
	}
	if (rc == TP_OK) {
		if (sk.n)
			chunk(&sk, "IDAT", sk.buf, sk.n);
		chunk(&sk, "IEND", NULL, 0);
		if (!sk.bad && (fflush(f) != 0 || ferror(f)))
			sk.bad = errno ? errno : EIO;
		if (sk.bad)
			rc = tp_fail(e, TP_EIO, "png: write failed: %s", strerror(sk.bad));
	}
	for (int i = 0; ws && i < t; i++)
		worker_free(&ws[i]);
	free(ws);
	for (int i = 0; p.slots && i < p.n_slots; i++)
		free(p.slots[i].out.p);
	free(p.slots);
	return rc;
}
