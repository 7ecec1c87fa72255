/*
 * bench_plan.c: which cases a sweep of tsblas_bench holds, the call each
 * case makes (shapes, TRANS flags, leading dimensions) and what it moves
 * and computes.
 */
#include <config.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "bench.h"

const char *const bench_routine_names[BENCH_NROUTINES] = { "TSMTTSM", "TSMM", "MTSM", "GEMT" };
const char *const bench_order_names[BENCH_NORDERS] = { "col", "int" };

const struct bench_precision *const bench_precisions[BENCH_NPRECISIONS] = {
    &bench_precision_s, &bench_precision_d, &bench_precision_c, &bench_precision_z
};

/* Every dimension stays within the 32-bit integers of the BLAS. */
#define BENCH_DIM_MAX 2147483647LL

enum { PREC_S = 0, PREC_D = 1, PREC_C = 2, PREC_Z = 3 };

int64_t bench_output_rows(const struct bench_call *call)
{
    if (call->routine == BENCH_GEMT && call->transa != 'N' && call->transa != 'n')
        return call->n;
    return call->m;
}

int64_t bench_output_cols(const struct bench_call *call)
{
    if (call->routine == BENCH_GEMT && call->transa != 'N' && call->transa != 'n')
        return call->m;
    return call->n;
}

/* The long dimension when the largest tall operand, of WIDE columns, fills
   CAPACITY elements, rounded down to a MULTIPLE plus REMAINDER
   (--rows-multiple, --rows-remainder). */
static int64_t long_dimension(int64_t capacity, int wide, int multiple, int remainder)
{
    int64_t rows = capacity / wide;

    if (rows > BENCH_DIM_MAX)
        rows = BENCH_DIM_MAX;
    if (multiple > 1 && rows >= multiple)
        rows -= (rows - remainder) % multiple;
    return rows;
}

/* The order of the largest square matrix within CAPACITY elements. */
static int64_t square_order(int64_t capacity)
{
    int64_t order = (int64_t)floor(sqrt((double)capacity));

    while (order * order > capacity)
        order--;
    return order < BENCH_DIM_MAX ? order : BENCH_DIM_MAX;
}

int bench_make_call(const struct bench_case *bcase, const struct bench_buffers *bufs,
                    double alpha, double beta, struct bench_call *call, char *why,
                    size_t whylen)
{
    const struct bench_precision *prec = bench_precisions[bcase->precision];
    const int64_t capacity = (int64_t)(bufs->bytes / prec->elemsize);
    const int p = bcase->p, q = bcase->q, wide = p > q ? p : q;
    const int interleaved = bcase->order == BENCH_INTERLEAVED;
    /* The transpose that keeps each precision's meaning: A**H for complex */
    const char trans = prec->is_complex ? 'C' : 'T';
    int64_t rows;

    memset(call, 0, sizeof *call);
    call->routine = bcase->routine;
    call->precision = bcase->precision;
    call->alpha = alpha;
    call->beta = beta;
    call->c = bufs->c_tsblas;

    if (!bcase->square && (p < 1 || q < 1 || (int64_t)p * q > capacity)) {
        snprintf(why, whylen, "widths %dx%d do not fit in %zu bytes", p, q, bufs->bytes);
        return -1;
    }
    switch (bcase->routine) {
    case BENCH_TSMTTSM:
        /* C (P-by-Q) := A**T * B: A L-by-P, B L-by-Q, column-major or
           interleaved (stored P-by-L and Q-by-L, C := A * B**T). */
        rows = long_dimension(capacity, wide, bufs->rows_multiple,
                              bufs->rows_remainder);
        call->m = p;
        call->n = q;
        call->k = rows;
        call->a = bufs->a;
        call->b = bufs->b;
        call->ldc = p;
        if (!interleaved) {
            call->transa = trans;
            call->transb = 'N';
            call->lda = rows;
            call->ldb = rows;
        } else {
            call->transa = 'N';
            call->transb = trans;
            call->lda = p;
            call->ldb = q;
        }
        break;
    case BENCH_TSMM:
        /* C (L-by-Q) := A * B: A L-by-P, B P-by-Q; interleaved, the
           transposed product C**T (Q-by-L) := B**T * A**T. */
        rows = long_dimension(capacity, wide, bufs->rows_multiple,
                              bufs->rows_remainder);
        if (!interleaved) {
            call->transa = 'N';
            call->transb = 'N';
            call->m = rows;
            call->n = q;
            call->k = p;
            call->a = bufs->a;
            call->lda = rows;
            call->b = bufs->b;
            call->ldb = p;
            call->ldc = rows;
        } else {
            call->transa = 'T';
            call->transb = 'N';
            call->m = q;
            call->n = rows;
            call->k = p;
            call->a = bufs->b;
            call->lda = p;
            call->b = bufs->a;
            call->ldb = p;
            call->ldc = q;
        }
        break;
    case BENCH_MTSM:
        /* C (S-by-Q) := A * B with A S-by-S; interleaved, the mirrored
           product C**T (Q-by-S) := B**T * A**T. */
        rows = square_order(capacity);
        if (q > rows) {
            snprintf(why, whylen, "width %d exceeds the order %lld of the square matrix", q,
                     (long long)rows);
            return -1;
        }
        call->k = rows;
        if (!interleaved) {
            call->transa = 'N';
            call->transb = 'N';
            call->m = rows;
            call->n = q;
            call->a = bufs->a;
            call->lda = rows;
            call->b = bufs->b;
            call->ldb = rows;
            call->ldc = rows;
        } else {
            call->transa = 'N';
            call->transb = 'T';
            call->m = q;
            call->n = rows;
            call->a = bufs->b;
            call->lda = q;
            call->b = bufs->a;
            call->ldb = rows;
            call->ldc = q;
        }
        break;
    default:
        /* B := op(A) with TRANS = GEMT_TRANS: 'T' (or 'C') takes an L-by-Q
           block vector to interleaved storage (col), or an interleaved one
           (Q-by-L) back to column-major (int); 'N' copies the block in its
           own order.  B is contiguous.  SQUARE: the S-by-S matrix of the
           largest order within the buffers, as xMTSM's. */
        call->transa = bcase->gemt_trans;
        call->a = bufs->a;
        if (bcase->square) {
            rows = square_order(capacity);
            if (rows < 1) {
                snprintf(why, whylen, "no square matrix fits in %zu bytes", bufs->bytes);
                return -1;
            }
            call->m = rows;
            call->n = rows;
            call->lda = rows;
        } else {
            rows = long_dimension(capacity, q, bufs->rows_multiple, bufs->rows_remainder);
            call->m = interleaved ? q : rows;
            call->n = interleaved ? rows : q;
            call->lda = call->m;
        }
        call->ldc = bench_output_rows(call);
        break;
    }
    return 0;
}

double bench_call_bytes(const struct bench_call *call, size_t elemsize)
{
    const double m = (double)call->m, n = (double)call->n, k = (double)call->k;
    if (call->routine == BENCH_GEMT)
        return 2.0 * m * n * (double)elemsize;
    return (m * k + k * n + m * n * (call->beta != 0 ? 2.0 : 1.0)) * (double)elemsize;
}

double bench_call_written_bytes(const struct bench_call *call, size_t elemsize)
{
    return (double)call->m * (double)call->n * (double)elemsize;
}

double bench_call_flops(const struct bench_call *call, int is_complex)
{
    if (call->routine == BENCH_GEMT)
        return 0.0;
    return (is_complex ? 8.0 : 2.0) * (double)call->m * (double)call->n * (double)call->k;
}

/* ------------------------------------------------------------ the sweeps */

static void set_widths(struct bench_sweep_spec *spec, int routine, const int *widths, int n)
{
    memcpy(spec->widths[routine], widths, (size_t)n * sizeof(int));
    spec->nwidths[routine] = n;
}

static void set_pairs(struct bench_sweep_spec *spec, int routine, const int (*pairs)[2], int n)
{
    memcpy(spec->pairs[routine], pairs, (size_t)n * sizeof pairs[0]);
    spec->npairs[routine] = n;
}

static const unsigned ALL_ORDERS = (1u << BENCH_COLMAJOR) | (1u << BENCH_INTERLEAVED);
static const unsigned ALL_PRECISIONS = 0xfu;

/* The non-square pairs of the performance goals. */
static const int goal_pairs[][2] = { { 1, 64 }, { 64, 1 }, { 4, 32 }, { 32, 4 },
                                     { 3, 17 }, { 17, 33 }, { 2, 8 } };

void bench_spec_default(struct bench_sweep_spec *spec)
{
    static const int block_widths[] = { 1, 4, 16, 64 };
    static const int regular_widths[] = { 4, 16 };
    int r;

    memset(spec, 0, sizeof *spec);
    spec->gemt_trans = 'T';
    for (r = BENCH_TSMTTSM; r <= BENCH_TSMM; r++) {
        spec->precisions[r] = (1u << PREC_D) | (1u << PREC_Z);
        spec->orders[r] = ALL_ORDERS;
        set_widths(spec, r, block_widths, 4);
    }
    for (r = BENCH_MTSM; r <= BENCH_GEMT; r++) {
        spec->precisions[r] = 1u << PREC_D;
        spec->orders[r] = ALL_ORDERS;
        set_widths(spec, r, regular_widths, 2);
    }
}

void bench_spec_full(struct bench_sweep_spec *spec)
{
    static const int powers[] = { 1, 2, 4, 8, 16, 32, 64 };
    int r, w;

    memset(spec, 0, sizeof *spec);
    spec->gemt_trans = 'T';
    for (r = 0; r < BENCH_NROUTINES; r++) {
        spec->precisions[r] = ALL_PRECISIONS;
        spec->orders[r] = ALL_ORDERS;
    }
    for (r = BENCH_TSMTTSM; r <= BENCH_TSMM; r++) {
        for (w = 1; w <= 64; w++)
            spec->widths[r][w - 1] = w;
        spec->nwidths[r] = 64;
        set_pairs(spec, r, goal_pairs, (int)(sizeof goal_pairs / sizeof goal_pairs[0]));
    }
    for (r = BENCH_MTSM; r <= BENCH_GEMT; r++)
        set_widths(spec, r, powers, 7);
}

void bench_spec_smoke(struct bench_sweep_spec *spec)
{
    static const int widths[] = { 1, 3, 8 };
    static const int pairs[][2] = { { 3, 17 } };
    int r;

    memset(spec, 0, sizeof *spec);
    spec->gemt_trans = 'T';
    spec->gemt_square = 1;
    for (r = 0; r < BENCH_NROUTINES; r++) {
        spec->precisions[r] = ALL_PRECISIONS;
        spec->orders[r] = ALL_ORDERS;
        set_widths(spec, r, widths, 3);
        if (r <= BENCH_TSMM)
            set_pairs(spec, r, pairs, 1);
    }
}

int bench_spec_cases(const struct bench_sweep_spec *spec, struct bench_case **cases)
{
    /* S and C share float data, D and Z double data: one fill serves both. */
    static const int precision_order[BENCH_NPRECISIONS] = { PREC_S, PREC_C, PREC_D, PREC_Z };
    int pass, count = 0;

    *cases = NULL;
    /* First pass counts, second pass fills. */
    for (pass = 0; pass < 2; pass++) {
        int ip, r, o, i;
        count = 0;
        for (ip = 0; ip < BENCH_NPRECISIONS; ip++) {
            const int prec = precision_order[ip];
            for (r = 0; r < BENCH_NROUTINES; r++) {
                if (!(spec->precisions[r] & (1u << prec)))
                    continue;
                for (o = 0; o < BENCH_NORDERS; o++) {
                    if (!(spec->orders[r] & (1u << o)))
                        continue;
                    const int square = r == BENCH_GEMT && spec->gemt_square
                                       && o == BENCH_COLMAJOR;
                    for (i = 0; i < spec->nwidths[r] + spec->npairs[r] + square; i++) {
                        if (pass == 1) {
                            struct bench_case *c = &(*cases)[count];
                            c->routine = (enum bench_routine)r;
                            c->precision = prec;
                            c->order = (enum bench_order)o;
                            c->gemt_trans = spec->gemt_trans;
                            c->square = i == spec->nwidths[r] + spec->npairs[r];
                            if (c->square) {
                                c->p = c->q = 0;
                            } else if (i < spec->nwidths[r]) {
                                c->p = c->q = spec->widths[r][i];
                            } else {
                                c->p = spec->pairs[r][i - spec->nwidths[r]][0];
                                c->q = spec->pairs[r][i - spec->nwidths[r]][1];
                            }
                        }
                        count++;
                    }
                }
            }
        }
        if (pass == 0) {
            *cases = malloc((size_t)(count > 0 ? count : 1) * sizeof **cases);
            if (*cases == NULL)
                return 0;
        }
    }
    return count;
}
