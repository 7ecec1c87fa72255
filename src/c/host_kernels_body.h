/*
 * host_kernels_body.h: the block kernels of host_kernels.h, written once
 * and compiled per instruction set by host_kernels_<isa>.c, which defines
 * before including it:
 *
 *   HOST_KERNELS_TABLE, HOST_ISA_NAME     the table it fills, and its name
 *   HOST_VECTOR_BYTES                     the width of a vector register
 *   HOST_ROW_MR_*, HOST_ROW_NR_*          row_lanes register tile: vectors
 *                                         of rows by columns (_REAL for S
 *                                         and D, _COMPLEX for C and Z)
 *   HOST_DEPTH_MR_*, HOST_DEPTH_NR_*      depth_lanes register tile: rows
 *                                         by columns of Out
 *   HOST_ROW_DEPTH_BLOCK_BYTES            row_lanes depth block, as bytes of
 *                                         X in the block's rows (at most a
 *                                         full row tile)
 *   HOST_DEPTH_DEPTH_BLOCK_BYTES          depth_lanes depth block, as bytes
 *                                         of one row of X
 *   HOST_TSMM_LONG_RUN_K                  K from which xTSMM's long runs
 *                                         serve a C of one row_lanes
 *                                         column tile (host_kernels.h),
 *                                         0 never
 *
 * It defines row_lanes (with its case for interleaved small products,
 * row_lanes_flat), depth_lanes, scale_copy, transpose_tile (in
 * host_kernels_transpose.h) and store_fence, and the table that holds
 * them.
 *
 * Vectors are GCC vector extensions of real_t, so that the compiler sees
 * every lane and the same source serves every target.  Complex data is
 * handled as interleaved real and imaginary parts with two accumulators
 * per product: row_lanes multiplies X by the real and by the imaginary part
 * of the broadcast Y value, depth_lanes multiplies X by Y and by Y with the
 * parts of each element swapped.  The lanes are combined, with the signs
 * that conjugation asks for, when a tile is stored, so the inner loops are
 * plain multiply-adds.
 */
#include <stdint.h>
#include <string.h>

#if defined(TSBLAS_PREC_S)
#  define SCALAR_BYTES 4
#elif defined(TSBLAS_PREC_D) || defined(TSBLAS_PREC_C)
#  define SCALAR_BYTES 8
#else
#  define SCALAR_BYTES 16
#endif

#define ALWAYS_INLINE static inline __attribute__((always_inline))
#define REALS_PER_SCALAR (TSBLAS_COMPLEX ? 2 : 1)
#define VECTOR_SCALARS (HOST_VECTOR_BYTES / SCALAR_BYTES)
#define VECTOR_REALS (VECTOR_SCALARS * REALS_PER_SCALAR)

#if TSBLAS_COMPLEX
#  define ROW_MR HOST_ROW_MR_COMPLEX
#  define ROW_NR HOST_ROW_NR_COMPLEX
#  define DEPTH_MR HOST_DEPTH_MR_COMPLEX
#  define DEPTH_NR HOST_DEPTH_NR_COMPLEX
#else
#  define ROW_MR HOST_ROW_MR_REAL
#  define ROW_NR HOST_ROW_NR_REAL
#  define DEPTH_MR HOST_DEPTH_MR_REAL
#  define DEPTH_NR HOST_DEPTH_NR_REAL
#endif

#if ROW_MR > 4 || ROW_NR > 15 || DEPTH_MR > 15 || DEPTH_NR > 15
#  error "the tile dispatch (row_tile_*, depth_tile) has cases for ROW_MR <= 4 and tiles below 16"
#endif

/* Accumulator sets of a tile: the second one holds the products with the
   imaginary parts (row_lanes) or with the swapped parts (depth_lanes). */
#define ACC_SETS REALS_PER_SCALAR

typedef real_t vector_t __attribute__((vector_size(HOST_VECTOR_BYTES)));

static inline idx_t min_idx(idx_t a, idx_t b)
{
    return a < b ? a : b;
}

/* Out := alpha*value + beta*Out; beta == 0 does not read Out. */
ALWAYS_INLINE void update_out(scalar_t *out, scalar_t value, scalar_t alpha, scalar_t beta)
{
    *out = beta == 0 ? alpha * value : alpha * value + beta * *out;
}

#if TSBLAS_COMPLEX
ALWAYS_INLINE scalar_t from_parts(real_t re, real_t im)
{
    scalar_t z;
    ((real_t *)&z)[0] = re;
    ((real_t *)&z)[1] = im;
    return z;
}

/* opx(x)*opy(y) from the pairs a = x*Re(y) and b = x*Im(y). */
ALWAYS_INLINE scalar_t row_lanes_product(const real_t *a, const real_t *b, int conj_x,
                                         int conj_y)
{
    if (!conj_x && !conj_y)
        return from_parts(a[0] - b[1], a[1] + b[0]);
    if (!conj_x)
        return from_parts(a[0] + b[1], a[1] - b[0]);
    if (!conj_y)
        return from_parts(a[0] + b[1], b[0] - a[1]);
    return from_parts(a[0] - b[1], -(a[1] + b[0]));
}
#endif

/*
 * Out(r, c) := alpha*T(r, c) + beta*Out(r, c) for r < rows, c < cols, T the
 * tile row_lanes just summed: column c of acc holds stride*REALS_PER_SCALAR
 * reals, stride >= rows (for complex, acc2 holds the products with Im(Y)).
 */
static void store_row_tile(const real_t *acc, const real_t *acc2, idx_t stride, idx_t rows,
                           int cols, scalar_t *out, idx_t ro, idx_t co, scalar_t alpha,
                           scalar_t beta, int conj_x, int conj_y)
{
    idx_t r;
    int c;

    for (c = 0; c < cols; c++) {
        const real_t *a = acc + c * stride * REALS_PER_SCALAR;
        scalar_t *outc = out + c * co;
#if TSBLAS_COMPLEX
        const real_t *b = acc2 + c * stride * REALS_PER_SCALAR;
        for (r = 0; r < rows; r++)
            update_out(outc + r * ro, row_lanes_product(a + 2 * r, b + 2 * r, conj_x, conj_y),
                       alpha, beta);
#else
        (void)acc2;
        (void)conj_x;
        (void)conj_y;
        for (r = 0; r < rows; r++)
            update_out(outc + r * ro, a[r], alpha, beta);
#endif
    }
}

/* Lane numbers for pick_lanes: integers as wide as real_t. */
#if defined(TSBLAS_PREC_S) || defined(TSBLAS_PREC_C)
typedef int32_t lane_index_t __attribute__((vector_size(HOST_VECTOR_BYTES)));
#else
typedef int64_t lane_index_t __attribute__((vector_size(HOST_VECTOR_BYTES)));
#endif

/* The lanes of a and b (b's numbered after a's) that index names: GCC's
   __builtin_shuffle, a loop for compilers without it. */
ALWAYS_INLINE vector_t pick_lanes(vector_t a, vector_t b, lane_index_t index)
{
#if defined(__GNUC__) && !defined(__clang__)
    return __builtin_shuffle(a, b, index);
#else
    vector_t picked;
    int v;
    for (v = 0; v < VECTOR_REALS; v++)
        picked[v] = index[v] < VECTOR_REALS ? a[index[v]] : b[index[v] - VECTOR_REALS];
    return picked;
#endif
}

#if TSBLAS_COMPLEX
/* Swaps the real and imaginary part of every element of a vector. */
#  if HOST_VECTOR_BYTES * 2 / SCALAR_BYTES == 16
#    define SWAP_MASK { 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14 }
#  elif HOST_VECTOR_BYTES * 2 / SCALAR_BYTES == 8
#    define SWAP_MASK { 1, 0, 3, 2, 5, 4, 7, 6 }
#  elif HOST_VECTOR_BYTES * 2 / SCALAR_BYTES == 4
#    define SWAP_MASK { 1, 0, 3, 2 }
#  else
#    define SWAP_MASK { 1, 0 }
#  endif
#  if HOST_VECTOR_BYTES * 2 / SCALAR_BYTES == 16
#    define ALTERNATING_SIGNS { -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1 }
#  elif HOST_VECTOR_BYTES * 2 / SCALAR_BYTES == 8
#    define ALTERNATING_SIGNS { -1, 1, -1, 1, -1, 1, -1, 1 }
#  elif HOST_VECTOR_BYTES * 2 / SCALAR_BYTES == 4
#    define ALTERNATING_SIGNS { -1, 1, -1, 1 }
#  else
#    define ALTERNATING_SIGNS { -1, 1 }
#  endif

ALWAYS_INLINE vector_t swap_parts(vector_t v)
{
    const lane_index_t swap = SWAP_MASK;
    return pick_lanes(v, v, swap);
}

/* z*v for a complex scalar z and a vector of complex elements v. */
ALWAYS_INLINE vector_t scale_complex(scalar_t z, vector_t v)
{
    const vector_t alternating = ALTERNATING_SIGNS;
    return ((const real_t *)&z)[0] * v + ((const real_t *)&z)[1] * (alternating * swap_parts(v));
}

/* The elements opx(x)*opy(y) from the vectors a = x*Re(y), b = x*Im(y). */
ALWAYS_INLINE vector_t combine_row_lanes(vector_t a, vector_t b, int conj_x, int conj_y)
{
    const vector_t alternating = ALTERNATING_SIGNS;
    const vector_t b_swapped = swap_parts(b);

    if (!conj_x && !conj_y)
        return a + alternating * b_swapped;
    if (!conj_x)
        return a - alternating * b_swapped;
    if (!conj_y)
        return b_swapped - alternating * a;
    return -(alternating * a) - b_swapped;
}
#endif

/* Up to which depth (the K columns of X, each a stream) a one-column-tile
   sweep prefetches X (prefetch_x, host_kernels.h): deeper, the streams
   prefetched that far ahead are more than the caches hold (measured at
   HOST_TSMM_PREFETCH_AHEAD_BYTES). */
#define HOST_ROW_PREFETCH_DEPTH_MAX 8

/* Where row_lanes puts its tiles: Out(r, c) = out[r*ro + c*co] for the
   cols valid columns, := alpha*T + beta*Out. */
struct row_tile_out {
    scalar_t *out;
    idx_t ro, co;
    int cols;
    /* Rows of the tile to store when it is wider than the rows left (the
       rounded edge of row_lanes_tiles), else 0: all of them. */
    int rows;
    scalar_t alpha, beta;
    int conj_x, conj_y;
    int stream;
    /* Reals from the X a tile reads to the X it prefetches; 0: none (only
       tiles of ROW_MR full vectors prefetch). */
    idx_t prefetch;
    /* Full column tiles (ROW_NR columns each) to run one after the other,
       the next ROW_NR columns of Y col_step reals further on: one call for
       all the column tiles of a block, whose set-up would otherwise cost
       as much as the sums of a short depth (xTSMM interleaved, D width 8:
       half the time in cache). */
    idx_t col_tiles, col_step;
};

/* Stores a full vector, non-temporally when asked and the instruction set
   can (HOST_STREAM_STORE, aligned addresses only). */
ALWAYS_INLINE void store_vector(real_t *out, vector_t value, int stream)
{
#if defined(HOST_STREAM_STORE)
    if (stream && ((uintptr_t)out & (HOST_VECTOR_BYTES - 1)) == 0) {
        HOST_STREAM_STORE(out, value);
        return;
    }
#else
    (void)stream;
#endif
    memcpy(out, &value, HOST_VECTOR_BYTES);
}

/*
 * scale_copy: dst[i] := alpha*opx(src[i]) (conjugated when conjugate),
 * whole vectors between a scalar head (up to the first vector boundary of
 * dst, when streaming) and a scalar tail.
 */
static void scale_copy(scalar_t *dst, const scalar_t *src, idx_t n, scalar_t alpha,
                       int conjugate, int stream)
{
#if TSBLAS_COMPLEX
    const vector_t alternating = ALTERNATING_SIGNS;
#endif
    idx_t i = 0;

    if (stream)
        while (i < n && ((uintptr_t)(dst + i) & (HOST_VECTOR_BYTES - 1)) != 0) {
            dst[i] = alpha * (conjugate ? CONJ(src[i]) : src[i]);
            i++;
        }
    for (; i + VECTOR_SCALARS <= n; i += VECTOR_SCALARS) {
        vector_t v;
        memcpy(&v, src + i, HOST_VECTOR_BYTES);
#if TSBLAS_COMPLEX
        if (conjugate)
            v = -(alternating * v);
        v = scale_complex(alpha, v);
#else
        v = alpha * v;
#endif
        store_vector((real_t *)(dst + i), v, stream);
    }
    for (; i < n; i++)
        dst[i] = alpha * (conjugate ? CONJ(src[i]) : src[i]);
}

/* The column counts that have a row_lanes tile, in increasing order: 1,
   2, half of ROW_NR (when over 2), 4 (when ROW_NR is over 4 and its half
   under 4) and ROW_NR.  An edge of nc columns runs the smallest one that
   covers it.  Without the 4, four
   columns ran the 6-column tile (complex with AVX-512, real with AVX2), a
   third of its products thrown away: Q = 4, and the last 4 of Q = 10 and
   16.  With it, on one core of the development machine in cache (prof
   mtsm, 2 MiB), Z Q = 4, 10, 16 took 1.33-1.37, 1.18-1.24, 1.11-1.13
   times the rate, C 16 1.11, and AVX2 D Q = 4 1.34-1.35; on its 2 threads
   xTSMM Z col K = Q = 4 1.34-1.38 (256 MiB). */
#define ROW_NR_HALF (ROW_NR / 2)
#define ROW_NR_FOUR (ROW_NR > 4 && ROW_NR_HALF < 4)

static int row_nr_instance(int nc)
{
    if (nc <= 2)
        return nc;
    if (ROW_NR_HALF > 2 && nc <= ROW_NR_HALF)
        return ROW_NR_HALF;
    if (ROW_NR_FOUR && nc <= 4)
        return 4;
    return ROW_NR;
}

/* The vector widths of row_lanes tiles: a full register, then halves down
   to one scalar for the rows that do not fill a register. */
#if HOST_VECTOR_BYTES >= 64
#  define PIECE_BYTES 64
#  include "host_kernels_row_pass.h"
#  undef PIECE_BYTES
#endif
#if HOST_VECTOR_BYTES >= 32 && SCALAR_BYTES <= 32
#  define PIECE_BYTES 32
#  include "host_kernels_row_pass.h"
#  undef PIECE_BYTES
#endif
#if HOST_VECTOR_BYTES >= 16 && SCALAR_BYTES <= 16
#  define PIECE_BYTES 16
#  include "host_kernels_row_pass.h"
#  undef PIECE_BYTES
#endif
#if HOST_VECTOR_BYTES >= 8 && SCALAR_BYTES <= 8
#  define PIECE_BYTES 8
#  include "host_kernels_row_pass.h"
#  undef PIECE_BYTES
#endif
#if HOST_VECTOR_BYTES >= 4 && SCALAR_BYTES <= 4
#  define PIECE_BYTES 4
#  include "host_kernels_row_pass.h"
#  undef PIECE_BYTES
#endif

/* NTILES row_lanes tiles of MR vectors of PIECE bytes by NR columns. */
static void row_tile(int piece, int mr, int nr, idx_t ntiles, idx_t depth, const real_t *x,
                     idx_t xl, const real_t *const *ycol, idx_t yl,
                     const struct row_tile_out *to)
{
    switch (piece) {
#if HOST_VECTOR_BYTES >= 64
    case 64:
        row_tile_64(mr, nr, ntiles, depth, x, xl, ycol, yl, to);
        break;
#endif
#if HOST_VECTOR_BYTES >= 32 && SCALAR_BYTES <= 32
    case 32:
        row_tile_32(mr, nr, ntiles, depth, x, xl, ycol, yl, to);
        break;
#endif
#if HOST_VECTOR_BYTES >= 16 && SCALAR_BYTES <= 16
    case 16:
        row_tile_16(mr, nr, ntiles, depth, x, xl, ycol, yl, to);
        break;
#endif
#if HOST_VECTOR_BYTES >= 8 && SCALAR_BYTES <= 8
    case 8:
        row_tile_8(mr, nr, ntiles, depth, x, xl, ycol, yl, to);
        break;
#endif
#if HOST_VECTOR_BYTES >= 4 && SCALAR_BYTES <= 4
    case 4:
        row_tile_4(mr, nr, ntiles, depth, x, xl, ycol, yl, to);
        break;
#endif
    default:
        break;
    }
}

/* The interleaved small product (row_lanes_flat) keeps its lane patterns
   for at most this many vectors and this depth. */
#define FLAT_PERIOD_MAX (VECTOR_SCALARS - 1)
#define FLAT_DEPTH_MAX VECTOR_SCALARS

static int greatest_common_divisor(int a, int b)
{
    while (b != 0) {
        const int rest = a % b;
        a = b;
        b = rest;
    }
    return a;
}

/* The columns of Out that vector j of a run of vectors of Q-element
   columns touches: first and last. */
static int flat_first_column(int j, int q)
{
    return j * VECTOR_SCALARS / q;
}

static int flat_last_column(int j, int q)
{
    return (j * VECTOR_SCALARS + VECTOR_SCALARS - 1) / q;
}

/* Whether row_lanes_flat takes blk: Out made of contiguous columns of
   Q = rows < VECTOR_SCALARS elements, Y of contiguous columns of K = depth
   <= FLAT_DEPTH_MAX, and the Y values of each vector of Out within two
   vectors of Y. */
static int flat_applies(const struct host_block *blk)
{
    const int q = (int)blk->rows, k = (int)blk->depth;
    int j, period;

    if (blk->ro != 1 || blk->co != blk->rows || blk->rows >= VECTOR_SCALARS || blk->yl != 1
        || blk->yc != blk->depth || blk->depth > FLAT_DEPTH_MAX)
        return 0;
    period = q / greatest_common_divisor(VECTOR_SCALARS, q);
    for (j = 0; j < period; j++)
        if ((flat_last_column(j, q) - flat_first_column(j, q) + 1) * k > 2 * VECTOR_SCALARS)
            return 0;
    return 1;
}

/* Super-groups that row_lanes_flat sums at once.  Each output vector is
   one chain of multiply-adds along the depth, four cycles a step: alone,
   it left the shuffles and FMAs idle most of the time (S interleaved
   width 12 in the L2 cache: 41 Gflop/s on a core whose FMA rate is 224);
   four chains fill the latency, their sums still taken in the same order. */
#define FLAT_GROUPS 4

/* The lane patterns of row_lanes_flat: the period (vectors of a
   super-group) and its columns (super_cols); for vector j of a
   super-group, the first column of its Y window (first) and the Y vectors
   it spans (yvectors, 1 or 2); for vector j and step l, the X values of
   its lanes (xs) and where each lane's Y value lies in the window
   (spread; spread_im: the imaginary parts, complex only). */
struct flat_patterns {
    int period, super_cols;
    int first[FLAT_PERIOD_MAX], yvectors[FLAT_PERIOD_MAX];
    vector_t xs[FLAT_PERIOD_MAX][FLAT_DEPTH_MAX];
    lane_index_t spread[FLAT_PERIOD_MAX][FLAT_DEPTH_MAX];
#if TSBLAS_COMPLEX
    lane_index_t spread_im[FLAT_PERIOD_MAX][FLAT_DEPTH_MAX];
#endif
};

/*
 * NG super-groups (NG a constant at every call) from super-group sg on:
 * for each vector j of the pattern, NG independent sums over the depth.
 */
ALWAYS_INLINE void flat_groups(const int ng, const struct host_block *blk,
                               const struct flat_patterns *pat, idx_t sg)
{
    const int k = (int)blk->depth, period = pat->period, super_cols = pat->super_cols;
    const real_t *y = (const real_t *)blk->y;
    real_t *out = (real_t *)blk->out;
    int j, l, g;

    for (j = 0; j < period; j++) {
        vector_t y0[FLAT_GROUPS], y1[FLAT_GROUPS], sum[FLAT_GROUPS];
#if TSBLAS_COMPLEX
        vector_t sum_im[FLAT_GROUPS];
#endif
#pragma GCC unroll 8
        for (g = 0; g < ng; g++) {
            const real_t *yg = y + ((sg + g) * super_cols + pat->first[j]) * k * REALS_PER_SCALAR;
            memcpy(&y0[g], yg, HOST_VECTOR_BYTES);
            if (pat->yvectors[j] > 1)
                memcpy(&y1[g], yg + VECTOR_REALS, HOST_VECTOR_BYTES);
            else
                y1[g] = y0[g];
            sum[g] = (vector_t){ 0 };
#if TSBLAS_COMPLEX
            sum_im[g] = (vector_t){ 0 };
#endif
        }
        for (l = 0; l < k; l++) {
            const vector_t xv = pat->xs[j][l];
            const lane_index_t spread = pat->spread[j][l];
#if TSBLAS_COMPLEX
            const lane_index_t spread_im = pat->spread_im[j][l];
#endif
#pragma GCC unroll 8
            for (g = 0; g < ng; g++) {
                sum[g] += xv * pick_lanes(y0[g], y1[g], spread);
#if TSBLAS_COMPLEX
                sum_im[g] += xv * pick_lanes(y0[g], y1[g], spread_im);
#endif
            }
        }
#pragma GCC unroll 8
        for (g = 0; g < ng; g++) {
            real_t *o = out + ((sg + g) * period + j) * VECTOR_REALS;
            vector_t value;
#if TSBLAS_COMPLEX
            value = scale_complex(blk->alpha,
                                  combine_row_lanes(sum[g], sum_im[g], blk->conj_x, blk->conj_y));
            if (blk->beta != 0) {
                vector_t old;
                memcpy(&old, o, HOST_VECTOR_BYTES);
                value += scale_complex(blk->beta, old);
            }
#else
            value = blk->alpha * sum[g];
            if (blk->beta != 0) {
                vector_t old;
                memcpy(&old, o, HOST_VECTOR_BYTES);
                value += blk->beta * old;
            }
#endif
            store_vector(o, value, blk->stream_out);
        }
    }
}

/*
 * The interleaved small product of row_lanes (flat_applies), as xTSMM's
 * row-major block vectors are: Out(r, c) = out[r + c*Q], Y(l, c) = y[l +
 * c*K].  Vector j of Out holds the elements j*V .. j*V + V-1 (V =
 * VECTOR_SCALARS) of Out, parts of a few consecutive columns, whose Y
 * values lie in one or two vectors of Y: for each l, the X values of the
 * lanes' rows times those Y values, each shuffled to the lanes of its
 * column.  Every lane does useful work, where the tiles of row_lanes would
 * leave all but Q lanes idle.  The lanes repeat after P = Q/gcd(V, Q)
 * vectors (P*V/Q columns: a super-group), so P patterns are set up once,
 * and FLAT_GROUPS super-groups run at once (flat_groups).
 * Returns the number of columns done: whole super-groups whose Y vectors
 * lie within Y.
 */
static idx_t row_lanes_flat(const struct host_block *blk)
{
    const int q = (int)blk->rows, k = (int)blk->depth;
    const real_t *x = (const real_t *)blk->x;
    struct flat_patterns pat;
    idx_t supers = 0, sg;
    int j, l, v;

    pat.period = q / greatest_common_divisor(VECTOR_SCALARS, q);
    pat.super_cols = pat.period * VECTOR_SCALARS / q;
    for (j = 0; j < pat.period; j++) {
        idx_t room;
        pat.first[j] = flat_first_column(j, q);
        pat.yvectors[j] =
            (flat_last_column(j, q) - pat.first[j] + 1) * k > VECTOR_SCALARS ? 2 : 1;
        /* elements of Y after the window of pattern j in the first super-group */
        room = blk->cols * k - (idx_t)pat.first[j] * k - pat.yvectors[j] * VECTOR_SCALARS;
        if (room < 0)
            return 0;
        if (j == 0 || room / (pat.super_cols * k) + 1 < supers)
            supers = room / (pat.super_cols * k) + 1;
    }
    for (j = 0; j < pat.period; j++) {
        /* lane v holds row lane_row[v] of column first[j] + lane_column[v]
           (part v % REALS_PER_SCALAR of it), the same at every step */
        int lane_row[VECTOR_REALS], lane_column[VECTOR_REALS];
        for (v = 0; v < VECTOR_REALS; v++) {
            const int element = j * VECTOR_SCALARS + v / REALS_PER_SCALAR;
            lane_row[v] = element % q;
            lane_column[v] = element / q - pat.first[j];
        }
        for (l = 0; l < k; l++) {
            real_t lanes[VECTOR_REALS];
            for (v = 0; v < VECTOR_REALS; v++) {
                const int source = lane_column[v] * k + l;
                lanes[v] = x[(lane_row[v] + l * blk->xl) * REALS_PER_SCALAR
                             + v % REALS_PER_SCALAR];
                pat.spread[j][l][v] = source * REALS_PER_SCALAR;
#if TSBLAS_COMPLEX
                pat.spread_im[j][l][v] = source * REALS_PER_SCALAR + 1;
#endif
            }
            memcpy(&pat.xs[j][l], lanes, HOST_VECTOR_BYTES);
        }
    }
    for (sg = 0; sg + FLAT_GROUPS <= supers; sg += FLAT_GROUPS)
        flat_groups(FLAT_GROUPS, blk, &pat, sg);
    for (; sg < supers; sg++)
        flat_groups(1, blk, &pat, sg);
    return supers * pat.super_cols;
}

/*
 * row_lanes: lanes along the rows of X (xr == 1).  Row tiles of ROW_MR
 * full vectors, in strips, then narrower pieces for the last rows; within
 * a strip the depth in blocks that keep the strip's part of X in the L1
 * cache, each swept once per tile of ROW_NR columns.
 */
static void row_lanes_tiles(const struct host_block *blk)
{
    const real_t *x = (const real_t *)blk->x, *y = (const real_t *)blk->y;
    const idx_t xl = blk->xl * REALS_PER_SCALAR, yl = blk->yl * REALS_PER_SCALAR;
    const idx_t yc = blk->yc * REALS_PER_SCALAR;
    /* The depth blocks keep X for the next column tile; with one column
       tile there is no next one.  X of fewer rows than a tile takes fewer
       bytes a step, hence longer blocks, which read each column of Y in
       longer runs: xMTSM N,N with the regular matrix contiguous along K
       (X the skinny operand, Q rows) had read it in runs of 512 bytes (S)
       while sweeping all its columns; on the GPU machine's 16 threads (1
       GiB, Q = 4, 8, 16, three runs each) S went from 26-27 to 55-80 GB/s,
       D took 1.10-1.67 times the bandwidth, C and Z 0.93-1.25. */
    const int one_column_tile = blk->cols <= ROW_NR;
    const idx_t depth_block =
        one_column_tile ? blk->depth
                        : HOST_ROW_DEPTH_BLOCK_BYTES
                              / (min_idx(blk->rows, ROW_MR * VECTOR_SCALARS) * SCALAR_BYTES);
    /* prefetch_x with one column tile: every tile prefetches the rows a
       fixed distance ahead of its own, up to a depth */
    const idx_t sweep_prefetch = blk->prefetch_x && one_column_tile
                                         && blk->depth <= HOST_ROW_PREFETCH_DEPTH_MAX
                                     ? blk->prefetch_x / (idx_t)sizeof(real_t)
                                     : 0;
    const real_t *ycol[ROW_NR];
    idx_t r0 = 0, d0, c0;

    while (r0 < blk->rows) {
        const idx_t left = blk->rows - r0;
        int piece = HOST_VECTOR_BYTES, mr = 1, edge_rows = 0;
        idx_t tile_rows, ntiles = 1, depth = blk->depth;

        /* The rounded edge: the last rows, when they do not fill whole
           vectors and fewer than a full tile, would run as a tile of whole
           vectors and narrower pieces after it, each a sweep over X and Y
           (D widths 3, 5-7 and 9-15 of an interleaved block vector).  One
           tile of whole vectors, or one piece twice as wide, instead reads
           for every step l of the depth fewer than a vector of elements
           past the rows, which lie within step l + 1 (rows <= xl); the
           lanes they fill are not stored.  The last step, after which
           there is no step l + 1, runs apart with the exact pieces, unless
           X has room after it (x_padded). */
        const int round_edge = depth >= 2 || blk->x_padded;

        if (left >= VECTOR_SCALARS) {
            mr = (int)min_idx(left / VECTOR_SCALARS, ROW_MR);
            if (left % VECTOR_SCALARS != 0 && left < ROW_MR * VECTOR_SCALARS && round_edge
                && blk->edge_tiles) {
                mr += 1;
                edge_rows = (int)left;
            }
        } else {
            while (piece / SCALAR_BYTES > left)
                piece /= 2;
            if (piece / SCALAR_BYTES < left && round_edge) {
                piece *= 2;
                edge_rows = (int)left;
            }
        }
        if (edge_rows && !blk->x_padded)
            depth -= 1;
        tile_rows = mr * (piece / SCALAR_BYTES);
        /* Full tiles run in strips, as many as keep their part of X in the
           L1 cache for the next column tile. */
        if (mr == ROW_MR && !edge_rows) {
            ntiles = left / tile_rows;
            if (!one_column_tile) {
                const idx_t strip_rows = HOST_ROW_DEPTH_BLOCK_BYTES
                                         / (SCALAR_BYTES * min_idx(depth_block, blk->depth));
                ntiles = min_idx(ntiles, strip_rows / tile_rows > 1 ? strip_rows / tile_rows : 1);
            }
        }
        for (d0 = 0; d0 < depth; d0 += depth_block) {
            const idx_t dn = min_idx(depth_block, depth - d0);
            for (c0 = 0; c0 < blk->cols;) {
                const int nc = (int)min_idx(ROW_NR, blk->cols - c0);
                const int nr = row_nr_instance(nc);
                /* prefetch_x with several column tiles: the next strip,
                   while the first column tile reads this one. */
                const int strip_prefetch = blk->prefetch_x && !one_column_tile && c0 == 0;
                const idx_t prefetch = strip_prefetch ? ntiles * tile_rows * REALS_PER_SCALAR
                                                      : sweep_prefetch;
                /* the full column tiles from here on in one call, but for
                   a first one that prefetches the next strip */
                const idx_t col_tiles = nc == ROW_NR && !strip_prefetch
                                            ? (blk->cols - c0) / ROW_NR
                                            : 1;
                const struct row_tile_out to = { blk->out + r0 * blk->ro + c0 * blk->co,
                                                 blk->ro,
                                                 blk->co,
                                                 nc,
                                                 edge_rows,
                                                 blk->alpha,
                                                 d0 == 0 ? blk->beta : 1,
                                                 blk->conj_x,
                                                 blk->conj_y,
                                                 blk->stream_out,
                                                 prefetch,
                                                 col_tiles,
                                                 ROW_NR * yc };
                int j;
                for (j = 0; j < nr; j++)
                    ycol[j] = y + d0 * yl + (c0 + (j < nc ? j : nc - 1)) * yc;
                row_tile(piece, mr, nr, ntiles, dn, x + r0 * REALS_PER_SCALAR + d0 * xl, xl,
                         ycol, yl, &to);
                c0 += col_tiles * ROW_NR;
            }
        }
        if (edge_rows && depth < blk->depth) {
            struct host_block last = *blk;

            last.rows = edge_rows;
            last.depth = 1;
            last.x = blk->x + r0 + depth * blk->xl;
            last.y = blk->y + depth * blk->yl;
            last.out = blk->out + r0 * blk->ro;
            last.beta = 1;
            row_lanes_tiles(&last);
        }
        if (edge_rows)
            break;
        r0 += ntiles * tile_rows;
    }
#if defined(HOST_STREAM_FENCE)
    /* Non-temporal stores are weakly ordered: make them visible before
       anyone is told the block is done. */
    if (blk->stream_out)
        HOST_STREAM_FENCE();
#endif
}

/* row_lanes: the interleaved small product where it applies, the tiles for
   the rest. */
static void row_lanes(const struct host_block *blk)
{
    if (flat_applies(blk)) {
        const idx_t done = row_lanes_flat(blk);
        struct host_block rest = *blk;

        rest.cols -= done;
        rest.y += done * blk->yc;
        rest.out += done * blk->co;
        if (rest.cols > 0)
            row_lanes_tiles(&rest);
#if defined(HOST_STREAM_FENCE)
        else if (blk->stream_out)
            HOST_STREAM_FENCE();
#endif
        return;
    }
    row_lanes_tiles(blk);
}

#if TSBLAS_COMPLEX

/* opx(x)*opy(y) summed, from the lanes of a = x*y and b = x*swap(y)
   folded to their even and odd sums. */
ALWAYS_INLINE scalar_t depth_lanes_product(const real_t *a, const real_t *b, int conj_x,
                                           int conj_y)
{
    if (!conj_x && !conj_y)
        return from_parts(a[0] - a[1], b[0] + b[1]);
    if (!conj_y)
        return from_parts(a[0] + a[1], b[0] - b[1]);
    if (!conj_x)
        return from_parts(a[0] + a[1], b[1] - b[0]);
    return from_parts(a[0] - a[1], -(b[0] + b[1]));
}
#endif

/* Sums the lanes of V by halves, down to REALS_PER_SCALAR lanes (for
   complex data the even and the odd lanes apart): a fixed order. */
ALWAYS_INLINE void fold_lanes(vector_t v, real_t *folded)
{
    real_t t[VECTOR_REALS];
    int w, u;

    memcpy(t, &v, sizeof t);
#pragma GCC unroll 8
    for (w = VECTOR_REALS / 2; w >= REALS_PER_SCALAR; w /= 2)
#pragma GCC unroll 16
        for (u = 0; u < w; u++)
            t[u] += t[u + w];
    memcpy(folded, t, REALS_PER_SCALAR * sizeof(real_t));
}

/* Vectors of a 64-byte cache line: one prefetch a line. */
#define DEPTH_LINE_VECTORS (HOST_VECTOR_BYTES < 64 ? 64 / HOST_VECTOR_BYTES : 1)

/*
 * The depth_lanes tile: res[c*DEPTH_MR + r] := sum over l < depth of
 * opx(X(r, l))*opy(Y(l, c)) for the MR rows of X at xrow[r] and the NR
 * columns of Y at ycol[c] (both contiguous along l).  Full vectors first,
 * each accumulator's lanes summed by fold_lanes, then the last
 * depth % lanes terms one by one.  With AHEAD_X (AHEAD_Y) nonzero it
 * prefetches the rows (columns) that many reals further on into the L2
 * cache, a line at each of the first AHEAD_VECTORS vectors (so the lines
 * prefetched lie within the arrays).
 */
ALWAYS_INLINE void depth_pass(const int mr, const int nr, idx_t depth,
                              const real_t *const *xrow, const real_t *const *ycol,
                              int conj_x, int conj_y, idx_t ahead_x, idx_t ahead_y,
                              idx_t ahead_vectors, scalar_t *res)
{
    vector_t sum[DEPTH_MR][DEPTH_NR];
#if TSBLAS_COMPLEX
    vector_t sum2[DEPTH_MR][DEPTH_NR];
#endif
    const idx_t nvec = depth / VECTOR_SCALARS;
    idx_t v, l;
    int i, j;

#pragma GCC unroll 8
    for (i = 0; i < mr; i++)
#pragma GCC unroll 8
        for (j = 0; j < nr; j++) {
            sum[i][j] = (vector_t){ 0 };
#if TSBLAS_COMPLEX
            sum2[i][j] = (vector_t){ 0 };
#endif
        }
    for (v = 0; v < nvec; v++) {
        const idx_t off = v * VECTOR_REALS;
        vector_t xv[DEPTH_MR];
        if (v < ahead_vectors && v % DEPTH_LINE_VECTORS == 0) {
            if (ahead_x != 0)
#pragma GCC unroll 8
                for (i = 0; i < mr; i++)
                    __builtin_prefetch(xrow[i] + off + ahead_x, 0, 2);
            if (ahead_y != 0)
#pragma GCC unroll 8
                for (j = 0; j < nr; j++)
                    __builtin_prefetch(ycol[j] + off + ahead_y, 0, 2);
        }
#pragma GCC unroll 8
        for (i = 0; i < mr; i++)
            memcpy(&xv[i], xrow[i] + off, HOST_VECTOR_BYTES);
#pragma GCC unroll 8
        for (j = 0; j < nr; j++) {
            vector_t yv;
            memcpy(&yv, ycol[j] + off, HOST_VECTOR_BYTES);
#if TSBLAS_COMPLEX
            const vector_t ys = swap_parts(yv);
#endif
#pragma GCC unroll 8
            for (i = 0; i < mr; i++) {
                sum[i][j] += xv[i] * yv;
#if TSBLAS_COMPLEX
                sum2[i][j] += xv[i] * ys;
#endif
            }
        }
    }
#pragma GCC unroll 8
    for (i = 0; i < mr; i++)
#pragma GCC unroll 8
        for (j = 0; j < nr; j++) {
            const scalar_t *xs = (const scalar_t *)xrow[i], *ys = (const scalar_t *)ycol[j];
            scalar_t tail = 0, total;
            for (l = nvec * VECTOR_SCALARS; l < depth; l++)
                tail += (conj_x ? CONJ(xs[l]) : xs[l]) * (conj_y ? CONJ(ys[l]) : ys[l]);
#if TSBLAS_COMPLEX
            real_t folded[2], folded2[2];
            fold_lanes(sum[i][j], folded);
            fold_lanes(sum2[i][j], folded2);
            total = depth_lanes_product(folded, folded2, conj_x, conj_y);
#else
            fold_lanes(sum[i][j], &total);
#endif
            res[j * DEPTH_MR + i] = total + tail;
        }
}

/* The row (column) counts that have a depth_lanes tile: 1, 2, 4 when
   below DEPTH_MR (DEPTH_NR), and DEPTH_MR (DEPTH_NR).  An edge runs the
   smallest one that covers it. */
static int depth_instance(int n, int full)
{
    return n <= 2 ? n : full > 4 && n <= 4 ? 4 : full;
}

#define DEPTH_CASE(m_, n_)                                                              \
    case (m_) * 16 + (n_):                                                              \
        depth_pass(m_, n_, depth, xrow, ycol, conj_x, conj_y, ahead_x, ahead_y,         \
                   ahead_vectors, res);                                                 \
        break;
#if DEPTH_NR > 4
#  define DEPTH_CASES(m_) DEPTH_CASE(m_, 1) DEPTH_CASE(m_, 2) DEPTH_CASE(m_, 4) DEPTH_CASE(m_, DEPTH_NR)
#elif DEPTH_NR > 2
#  define DEPTH_CASES(m_) DEPTH_CASE(m_, 1) DEPTH_CASE(m_, 2) DEPTH_CASE(m_, DEPTH_NR)
#else
#  define DEPTH_CASES(m_) DEPTH_CASE(m_, 1) DEPTH_CASE(m_, 2)
#endif

static void depth_tile(int mr, int nr, idx_t depth, const real_t *const *xrow,
                       const real_t *const *ycol, int conj_x, int conj_y, idx_t ahead_x,
                       idx_t ahead_y, idx_t ahead_vectors, scalar_t *res)
{
    switch (mr * 16 + nr) {
        DEPTH_CASES(1)
        DEPTH_CASES(2)
#if DEPTH_MR > 4
        DEPTH_CASES(4)
#endif
#if DEPTH_MR > 2
        DEPTH_CASES(DEPTH_MR)
#endif
    default:
        break;
    }
}

#undef DEPTH_CASES
#undef DEPTH_CASE

/*
 * depth_lanes: lanes along the depth (xl == 1, yl == 1).  The depth in
 * blocks that keep a tile's rows of X in the L1 cache; within a block,
 * every tile of DEPTH_MR rows by DEPTH_NR columns of Out.
 */
static void depth_lanes(const struct host_block *blk)
{
    const real_t *x = (const real_t *)blk->x, *y = (const real_t *)blk->y;
    const idx_t xr = blk->xr * REALS_PER_SCALAR, yc = blk->yc * REALS_PER_SCALAR;
    const idx_t depth_block = blk->cols <= DEPTH_NR ? blk->depth
                                                   : HOST_DEPTH_DEPTH_BLOCK_BYTES / SCALAR_BYTES;
    const real_t *xrow[DEPTH_MR], *ycol[DEPTH_NR];
    scalar_t res[DEPTH_MR * DEPTH_NR];
    idx_t d0, r0, c0;

    for (d0 = 0; d0 < blk->depth; d0 += depth_block) {
        const idx_t dn = min_idx(depth_block, blk->depth - d0);
        const scalar_t beta = d0 == 0 ? blk->beta : 1;
        /* The next depth block, prefetched by the first tile that reads
           each row (column) of this one. */
        const idx_t next = blk->prefetch_x != 0 && d0 + depth_block < blk->depth
                               ? min_idx(depth_block, blk->depth - d0 - depth_block)
                               : 0;
        const idx_t ahead = next != 0 ? depth_block * REALS_PER_SCALAR : 0;
        const idx_t ahead_vectors = (next + VECTOR_SCALARS - 1) / VECTOR_SCALARS;
        for (r0 = 0; r0 < blk->rows; r0 += DEPTH_MR) {
            const int nrows = (int)min_idx(DEPTH_MR, blk->rows - r0);
            const int mr = depth_instance(nrows, DEPTH_MR);
            int i, j;
            for (i = 0; i < mr; i++)
                xrow[i] = x + (r0 + (i < nrows ? i : nrows - 1)) * xr + d0 * REALS_PER_SCALAR;
            for (c0 = 0; c0 < blk->cols; c0 += DEPTH_NR) {
                const int ncols = (int)min_idx(DEPTH_NR, blk->cols - c0);
                const int nr = depth_instance(ncols, DEPTH_NR);
                for (j = 0; j < nr; j++)
                    ycol[j] = y + (c0 + (j < ncols ? j : ncols - 1)) * yc
                              + d0 * REALS_PER_SCALAR;
                depth_tile(mr, nr, dn, xrow, ycol, blk->conj_x, blk->conj_y, c0 == 0 ? ahead : 0,
                           r0 == 0 ? ahead : 0, ahead_vectors, res);
                for (j = 0; j < ncols; j++)
                    for (i = 0; i < nrows; i++)
                        update_out(blk->out + (r0 + i) * blk->ro + (c0 + j) * blk->co,
                                   res[j * DEPTH_MR + i], blk->alpha, beta);
            }
        }
    }
}

#include "host_kernels_transpose.h"

/* Non-temporal stores are weakly ordered: this makes them visible before
   any later store (and so before a thread says it is done). */
static void store_fence(void)
{
#if defined(HOST_STREAM_FENCE)
    HOST_STREAM_FENCE();
#endif
}

const struct host_kernels HOST_KERNELS_TABLE = { HOST_ISA_NAME, ROW_MR * VECTOR_SCALARS,
                                                 HOST_TSMM_LONG_RUN_K,
                                                 HOST_TSMM_LONG_RUN_K > 0 ? ROW_NR : 0,
                                                 row_lanes, depth_lanes, scale_copy,
                                                 transpose_tile, store_fence };
