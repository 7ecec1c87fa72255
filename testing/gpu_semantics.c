/*
 * gpu_semantics.c: the meaning of every routine on device memory.
 *
 * Purpose
 * =======
 * Runs xTSMTTSM, xTSMM, xMTSM and xGEMT, S/D/C/Z, every TRANS pair, on
 * device arrays of shapes that reach every kernel of the GPU path: the
 * fixed-width and run-time-width xTSMTTSM kernels (square and non-square
 * widths, edge tiles), the xTSMM kernels in both storage orders (M huge
 * with a column-major block vector; N huge with an interleaved one; chunks
 * of many passes and several chunks a block), the cuBLAS
 * path (widths and K beyond 64, xMTSM), the C := beta*C path (alpha = 0,
 * K = 0) and the transpose and copy kernels.  The scalars cycle through
 * general values, beta = 0 with NaN in C (NaN must not survive, in edge
 * tiles too), alpha = 0 and beta = 1; leading dimensions are tight or
 * padded.  The tall operands of xTSMTTSM and xTSMM also come in tight
 * buffers, the LD*(COLS-1) + ROWS elements the BLAS requires (K and M not
 * multiples of a kernel's vector, leading dimensions that allow its widest
 * copies), so that compute-sanitizer's memcheck catches a read past an
 * array, which the guards of the other cases would absorb; xGEMT's arrays
 * come guarded, and tight with A or B starting one element past its
 * allocation, off the 16 bytes of the kernels' vector copies (and, but in
 * quick runs, over several chunks a block of its skinny transpose and
 * several tiles a block of its tile transpose).  Each
 * case checks:
 *   - INFO = 0 and no XERBLA call;
 *   - the ratio test against a long double host loop and against cuBLAS
 *     (threshold 16);
 *   - canaries: the guards around every device array and the padding rows
 *     of C are bit for bit as they were, and A and B are untouched.
 * Without a GPU it prints SKIP and exits 77.  TSBLAS_GPU_TEST_QUICK=1 runs
 * one TRANS pair per shape and precision, cycling (for compute-sanitizer).
 *
 * And an infinity stays in its row: xTSMM with an Inf in the first
 * element of some rows of the tall operand, in both storage orders, widths
 * whose rows are not whole 16-byte vectors: those rows of C are Inf or
 * NaN, every other entry is finite (a kernel that reads past the end of a
 * row into the next one and multiplies by zero turns them into NaN).  And
 * xTSMTTSM, both storage orders, with an Inf in some rows of op(A) and
 * op(B) of small integers: those rows of C are +Inf, not NaN (real types;
 * complex ones an Inf or NaN part), the others the product.
 */
#include <config.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu_common.h"

static int xerbla_calls;

void xerbla_(const char *srname, const tsblas_int *info, size_t srname_len);
void xerbla_(const char *srname, const tsblas_int *info, size_t srname_len)
{
    (void)srname;
    (void)info;
    (void)srname_len;
    xerbla_calls++;
}

struct scalars {
    struct gpu_num alpha, beta;
};

static const struct scalars scalar_cycle[] = {
    { { 1.3L, -0.4L }, { 0.7L, 0.2L } },
    { { 1.0L, 0.0L }, { 0.0L, 0.0L } },     /* beta = 0: C is NaN before */
    { { 0.0L, 0.0L }, { 0.5L, -0.1L } },    /* alpha = 0: C := beta*C */
    { { -0.6L, 0.3L }, { 1.0L, 0.0L } },
};
#define NSCALARS (sizeof scalar_cycle / sizeof scalar_cycle[0])

static const char *routine_name[] = { "TSMTTSM", "TSMM", "MTSM" };

struct shape {
    long m, n, k;
};

static const struct shape tsmttsm_shapes[] = {
    { 1, 1, 3001 }, { 2, 2, 777 }, { 4, 4, 4096 }, { 8, 8, 1500 }, { 16, 16, 1000 },
    { 32, 32, 300 }, { 3, 5, 1001 }, { 17, 33, 257 }, { 64, 64, 200 }, { 1, 64, 300 },
    { 64, 1, 300 }, { 7, 3, 1 }, { 5, 6, 0 }, { 65, 3, 100 }, { 2, 70, 50 },
    { 37, 40, 999 }, { 48, 33, 500 }, { 45, 47, 500 }, { 56, 49, 333 },
};
static const struct shape tight_shapes[] = {
    { 8, 8, 4097 }, { 5, 3, 13 }, { 3, 5, 1001 }, { 17, 33, 257 }, { 16, 16, 1000 },
    { 64, 64, 201 }, { 2, 2, 777 }, { 4, 4, 4095 },
};
static const struct shape tsmm_shapes[] = {
    { 5000, 1, 1 }, { 4099, 3, 5 }, { 3000, 8, 8 }, { 2000, 16, 16 }, { 700, 64, 64 },
    { 1000, 9, 33 }, { 1, 5000, 1 }, { 3, 4099, 5 }, { 8, 3000, 8 }, { 64, 700, 64 },
    { 7, 7, 7 }, { 300, 5, 65 }, { 300, 5, 0 }, { 20001, 13, 5 }, { 6, 9001, 47 },
    { 30011, 24, 17 }, { 3001, 37, 21 }, { 37, 3001, 21 },
};
static const struct shape tight_tsmm_shapes[] = {
    { 4097, 5, 7 }, { 7, 4097, 5 }, { 1001, 33, 17 }, { 17, 1001, 33 }, { 2003, 64, 63 },
    { 63, 2003, 64 },
};
static const struct shape mtsm_shapes[] = {
    { 500, 4, 300 }, { 4, 500, 300 }, { 300, 64, 200 }, { 257, 1, 129 },
    { 700, 29, 400 }, { 33, 600, 350 }, { 300, 17, 5 },
};
static const struct shape gemt_shapes[] = {
    { 1000, 1, 0 }, { 1, 1000, 0 }, { 1000, 7, 0 }, { 7, 1000, 0 }, { 33, 65, 0 },
    { 64, 64, 0 }, { 1, 1, 0 }, { 100, 31, 0 }, { 5001, 3, 0 }, { 3, 5001, 0 },
    { 2101, 64, 0 }, { 64, 2101, 0 }, { 4099, 6, 0 }, { 6, 4099, 0 }, { 2, 3, 0 },
    { 65, 66, 0 }, { 1000, 777, 0 }, { 129, 4001, 0 },
};
/* Several chunks a block of xGEMT's skinny transpose, whose grid is one
   wave of blocks: not in quick runs (their host-side checks take seconds,
   too long under compute-sanitizer). */
static const struct shape gemt_many_chunks_shapes[] = { { 64, 300007, 0 }, { 300007, 64, 0 } };
/* More tiles than the grid of xGEMT's tile transpose has blocks (both
   sides past 64; several tiles a block, each block's next tile loaded
   while it stores one; 4100 x 4100: about four tiles a block on 132
   multiprocessors): not in quick runs either. */
static const struct shape gemt_many_tiles_shapes[] = { { 2500, 2100, 0 }, { 4100, 4100, 0 } };
/* xGEMT's tile transpose with every column of A and B on 128 bytes
   (gemt_case's LINES): the tiles in column-block order, where the shapes
   and arrangements above walk super-tiles; 2048 x 1152, several tiles a
   block, not in quick runs. */
static const struct shape gemt_lines_shapes[] = { { 128, 96, 0 }, { 2048, 1152, 0 } };
#define COUNT(x) (sizeof x / sizeof x[0])

static long case_counter;

/* TIGHT: 0 a guarded buffer, 1 a tight one, 2 + S a tight one whose array
   starts S elements past the allocation (off the 16 bytes of a vector for
   S = 1 and all precisions but Z). */
static int alloc_filled(struct gpu_mat *x, const struct gpu_prec *p, long rows, long cols,
                        long ld, uint64_t seed, int nan, int tight)
{
    if ((tight == 0   ? gpu_mat_alloc(x, p, rows, cols, ld, GPU_ON_DEVICE)
         : tight == 1 ? gpu_mat_alloc_tight(x, p, rows, cols, ld, GPU_ON_DEVICE)
                      : gpu_mat_alloc_shifted(x, p, rows, cols, ld, GPU_ON_DEVICE, tight - 2))
        != 0) {
        fprintf(stderr, "device allocation failed\n");
        exit(1);
    }
    if (nan)
        gpu_mat_fill_nan(x);
    else
        gpu_mat_fill(x, seed);
    return gpu_mat_put(x);
}

/* One call checked; TIGHT: A and B in tight buffers. */
static void gemm_case(enum gpu_routine r, const struct gpu_prec *p, char ta, char tb,
                      const struct shape *sh, int tight)
{
    const struct scalars *sc = &scalar_cycle[case_counter % NSCALARS];
    long pad = (case_counter / NSCALARS) % 2 ? 3 : 0;
    struct gpu_num alpha = sc->alpha, beta = sc->beta;
    long m = sh->m, n = sh->n, k = sh->k;
    long arows = ta == 'N' ? m : k, acols = ta == 'N' ? k : m;
    long brows = tb == 'N' ? k : n, bcols = tb == 'N' ? n : k;
    int nan_c = beta.re == 0 && beta.im == 0;
    struct gpu_mat a, b, c, c2;
    unsigned char *a_out, *b_out, *c_out, *c2_out;
    double ratio, second = 0;
    tsblas_int info;
    int ok;

    case_counter++;
    if (!p->is_complex)
        alpha.im = beta.im = 0;
    alloc_filled(&a, p, arows, acols, (arows > 1 ? arows : 1) + pad, 11 + case_counter, 0,
                 tight);
    alloc_filled(&b, p, brows, bcols, (brows > 1 ? brows : 1) + pad, 23 + case_counter, 0,
                 tight);
    alloc_filled(&c, p, m, n, m + pad, 37 + case_counter, nan_c, 0);
    alloc_filled(&c2, p, m, n, m + pad, 37 + case_counter, nan_c, 0);
    a_out = malloc(a.total * p->size);
    b_out = malloc(b.total * p->size);
    c_out = malloc(c.total * p->size);
    c2_out = malloc(c.total * p->size);
    if (!a_out || !b_out || !c_out || !c2_out)
        exit(1);

    xerbla_calls = 0;
    info = gpu_call_gemm(r, p, ta, tb, m, n, k, alpha, gpu_mat_ptr(&a), a.ld, gpu_mat_ptr(&b),
                         b.ld, beta, gpu_mat_ptr(&c), c.ld);
    ok = info == 0 && xerbla_calls == 0;
    ok &= gpu_mat_get(&a, a_out) == 0 && gpu_mat_get(&b, b_out) == 0
          && gpu_mat_get(&c, c_out) == 0;
    ok &= gpu_cublas_gemm(p, ta, tb, m, n, k, alpha, gpu_mat_ptr(&a), a.ld, gpu_mat_ptr(&b),
                          b.ld, beta, gpu_mat_ptr(&c2), c2.ld) == 0;
    ok &= gpu_mat_get(&c2, c2_out) == 0;
    ratio = gpu_gemm_ratio(p, ta, tb, m, n, k, alpha, &a, &b, beta, &c, c_out, c2_out, &second);
    ok &= ratio <= GPU_THRESHOLD && second <= GPU_THRESHOLD;
    ok &= gpu_mat_unchanged_outside(&a, a_out, 0, 0) && gpu_mat_unchanged_outside(&b, b_out, 0, 0);
    ok &= gpu_mat_unchanged_outside(&c, c_out, m, n);
    gpu_report(ok,
               "%c%s('%c','%c', M=%ld, N=%ld, K=%ld, alpha=(%g,%g), beta=(%g,%g), pad=%ld%s): "
               "info=%ld xerbla=%d ratio=%.3g ratio_vs_cublas=%.3g",
               p->name, routine_name[r], ta, tb, m, n, k, (double)alpha.re, (double)alpha.im,
               (double)beta.re, (double)beta.im, pad, tight ? ", tight A, B" : "", (long)info,
               xerbla_calls, ratio, second);
    free(a_out);
    free(b_out);
    free(c_out);
    free(c2_out);
    gpu_mat_free(&a);
    gpu_mat_free(&b);
    gpu_mat_free(&c);
    gpu_mat_free(&c2);
}

/* One xGEMT call checked; SHIFT_A, SHIFT_B: -1 for a guarded array, else
   a tight one that starts that many elements past its allocation.  Each
   shape comes in these three arrangements one after another: alpha and
   the padding of the LDs change from shape to shape, not within one, so
   that each arrangement meets every alpha (alpha = 0 never reaches the
   copy and transpose kernels).  LINES: guarded arrays, LDs unpadded and
   alpha = (-0.7, 0.4), whatever the shape's turn (with M and N multiples
   of 32, every column on 128 bytes). */
static void gemt_case(const struct gpu_prec *p, char trans, long m, long n, long shift_a,
                      long shift_b, int lines)
{
    static const struct gpu_num alphas[] = { { 1.0L, 0.0L }, { -0.7L, 0.4L }, { 0.0L, 0.0L } };
    struct gpu_num alpha = alphas[lines ? 1 : (case_counter / 3) % 3];
    long pad = !lines && (case_counter / 3) % 2 ? 5 : 0;
    long brows = trans == 'N' ? m : n, bcols = trans == 'N' ? n : m;
    struct gpu_mat a, b;
    unsigned char *a_out, *b_out;
    tsblas_int info;
    double ratio;
    int ok;

    case_counter++;
    if (!p->is_complex)
        alpha.im = 0;
    alloc_filled(&a, p, m, n, m + pad, 5 + case_counter, 0, shift_a < 0 ? 0 : 2 + (int)shift_a);
    alloc_filled(&b, p, brows, bcols, brows + pad, 0, 1, shift_b < 0 ? 0 : 2 + (int)shift_b);
    a_out = malloc(a.total * p->size);
    b_out = malloc(b.total * p->size);
    if (!a_out || !b_out)
        exit(1);
    xerbla_calls = 0;
    info = gpu_call_gemt(p, trans, m, n, alpha, gpu_mat_ptr(&a), a.ld, gpu_mat_ptr(&b), b.ld);
    ok = info == 0 && xerbla_calls == 0;
    ok &= gpu_mat_get(&a, a_out) == 0 && gpu_mat_get(&b, b_out) == 0;
    ratio = gpu_gemt_ratio(p, trans, m, n, alpha, &a, &b, b_out);
    ok &= ratio <= GPU_THRESHOLD;
    ok &= gpu_mat_unchanged_outside(&a, a_out, 0, 0)
          && gpu_mat_unchanged_outside(&b, b_out, brows, bcols);
    gpu_report(ok,
               "%cGEMT('%c', M=%ld, N=%ld, alpha=(%g,%g), pad=%ld, shift A %ld B %ld): info=%ld "
               "ratio=%.3g",
               p->name, trans, m, n, (double)alpha.re, (double)alpha.im, pad, shift_a, shift_b,
               (long)info, ratio);
    free(a_out);
    free(b_out);
    gpu_mat_free(&a);
    gpu_mat_free(&b);
}

/* The xGEMT calls of one shape: guarded arrays, then A, then B tight and
   off 16 bytes. */
static void gemt_arrangements(const struct gpu_prec *p, char trans, const struct shape *sh)
{
    gemt_case(p, trans, sh->m, sh->n, -1, -1, 0);
    gemt_case(p, trans, sh->m, sh->n, 1, 0, 0);
    gemt_case(p, trans, sh->m, sh->n, 0, 1, 0);
}

/* Element (I, J) of X's snapshot := V (the real part where complex; the
   imaginary part := 0 where ZERO_IM). */
static void set_real(struct gpu_mat *x, long i, long j, double v, int zero_im)
{
    unsigned char *e = x->snapshot + (x->guard + i + j * x->ld) * x->prec->size;

    if (x->prec->size == (x->prec->is_complex ? 2 : 1) * sizeof(float)) {
        const float f[2] = { (float)v, 0.0f };
        memcpy(e, f, (x->prec->is_complex && zero_im ? 2 : 1) * sizeof(float));
    } else {
        const double d[2] = { v, 0.0 };
        memcpy(e, d, (x->prec->is_complex && zero_im ? 2 : 1) * sizeof(double));
    }
}

static void set_inf(struct gpu_mat *x, long i, long j)
{
    set_real(x, i, j, INFINITY, 0);
}

/* xTSMM, C := alpha*op(A)*op(B) + beta*C, with +Inf in the first element
   of every INF_EVERY-th row of the tall operand (op(A) = A of M >> N rows,
   or op(B)**T = B**T of N >> M rows): the entries of those rows of C must
   be Inf or NaN, all others finite. */
static void inf_case(const struct gpu_prec *p, int interleaved, struct gpu_num beta)
{
    const long wide = 3001, width = 25, k = 27, inf_every = 97;
    const struct gpu_num alpha = { 0.75L, 0.0L };
    const long m = interleaved ? width : wide, n = interleaved ? wide : width;
    struct gpu_mat a, b, c;
    unsigned char *c_out;
    long i, j, wrong = 0;
    tsblas_int info;
    int ok;

    case_counter++;
    /* the Infs go into the snapshots of A and B, which are put again */
    if (alloc_filled(&a, p, m, k, m, 11 + case_counter, 0, 0) != 0
        || alloc_filled(&b, p, k, n, k, 23 + case_counter, 0, 0) != 0
        || alloc_filled(&c, p, m, n, m, 37 + case_counter, 0, 0) != 0)
        exit(1);
    for (i = 0; i < wide; i += inf_every) {
        if (interleaved)
            set_inf(&b, 0, i);
        else
            set_inf(&a, i, 0);
    }
    c_out = malloc(c.total * p->size);
    if (!c_out || gpu_mat_put(&a) != 0 || gpu_mat_put(&b) != 0)
        exit(1);
    xerbla_calls = 0;
    info = gpu_call_gemm(GPU_TSMM, p, 'N', 'N', m, n, k, alpha, gpu_mat_ptr(&a), a.ld,
                         gpu_mat_ptr(&b), b.ld, beta, gpu_mat_ptr(&c), c.ld);
    ok = info == 0 && xerbla_calls == 0 && gpu_mat_get(&c, c_out) == 0;
    for (j = 0; ok && j < n; j++)
        for (i = 0; i < m; i++) {
            const struct gpu_num x = gpu_mat_elem(&c, c_out, i, j);
            const int finite = isfinite(x.re) && isfinite(x.im);
            const int inf_row = (interleaved ? j : i) % inf_every == 0;
            wrong += finite == inf_row;
        }
    ok &= wrong == 0;
    gpu_report(ok,
               "%cTSMM('N','N', M=%ld, N=%ld, K=%ld, beta=%g), Inf in every %ld-th row of %s: "
               "info=%ld, %ld entries finite where they must not be or not where they must",
               p->name, m, n, k, (double)beta.re, inf_every, interleaved ? "B**T" : "A",
               (long)info, wrong);
    free(c_out);
    gpu_mat_free(&a);
    gpu_mat_free(&b);
    gpu_mat_free(&c);
}

/* Row L, column I of the K-row block vector that X holds: X(L, I), or
   X(I, L) where TRANSPOSED (X interleaved).  That is op(B)(L, I), and
   op(A)(I, L). */
static struct gpu_num op_elem(const struct gpu_mat *x, int transposed, long l, long i)
{
    return transposed ? gpu_mat_elem(x, x->snapshot, i, l) : gpu_mat_elem(x, x->snapshot, l, i);
}

/* xTSMTTSM, C := alpha*op(A)*op(B) + beta*C with alpha = 0.75 and beta =
   1 where WITH_C, else 0, on column-major ('T','N': A K x M, B K x N) or,
   where INTERLEAVED, interleaved ('N','T': A M x K, B N x K) block
   vectors, with +Inf in row I of op(A) (one element each) for every I a
   multiple of INF_EVERY and op(B) of small positive integers (imaginary
   parts 0).  The real types' entries of those rows of C must be +Inf, not
   NaN: a kernel whose product of two floats passes through parts of them
   (an Inf split into parts is Inf - Inf, and an Inf times a part that is
   zero is NaN) makes NaN of them.  The complex types' must have an Inf or
   NaN part (IEEE makes NaN of the imaginary part, Inf times B's zero
   imaginary parts).  Every other entry: the product within the ratio
   test.  Its own seeds, so that it leaves those of the other cases as
   they were. */
static void tsmttsm_inf_case(const struct gpu_prec *p, int interleaved, long m, long n, long k,
                             int with_c)
{
    static int seed;
    const long inf_every = 7;
    const struct gpu_num alpha = { 0.75L, 0.0L }, beta = { with_c ? 1.0L : 0.0L, 0.0L };
    struct gpu_mat a, b, c;
    unsigned char *c_out;
    long i, j, l, wrong = 0;
    tsblas_int info;
    int ok;

    seed++;
    /* the Infs and integers go into the snapshots of A and B, which are
       put again */
    if (alloc_filled(&a, p, interleaved ? m : k, interleaved ? k : m, interleaved ? m : k,
                     1011 + seed, 0, 0) != 0
        || alloc_filled(&b, p, interleaved ? n : k, interleaved ? k : n, interleaved ? n : k,
                        1023 + seed, 0, 0) != 0
        || alloc_filled(&c, p, m, n, m, 1037 + seed, 0, 0) != 0)
        exit(1);
    for (j = 0; j < n; j++)
        for (l = 0; l < k; l++) {
            const double v = (double)(1 + (l + j) % 4);
            if (interleaved)
                set_real(&b, j, l, v, 1);
            else
                set_real(&b, l, j, v, 1);
        }
    for (i = 0; i < m; i += inf_every) {
        if (interleaved)
            set_inf(&a, i, (i * 977) % k);
        else
            set_inf(&a, (i * 977) % k, i);
    }
    c_out = malloc(c.total * p->size);
    if (!c_out || gpu_mat_put(&a) != 0 || gpu_mat_put(&b) != 0)
        exit(1);
    xerbla_calls = 0;
    info = gpu_call_gemm(GPU_TSMTTSM, p, interleaved ? 'N' : 'T', interleaved ? 'T' : 'N', m, n,
                         k, alpha, gpu_mat_ptr(&a), a.ld, gpu_mat_ptr(&b), b.ld, beta,
                         gpu_mat_ptr(&c), c.ld);
    ok = info == 0 && xerbla_calls == 0 && gpu_mat_get(&c, c_out) == 0;
    for (j = 0; ok && j < n; j++)
        for (i = 0; i < m; i++) {
            const struct gpu_num x = gpu_mat_elem(&c, c_out, i, j);
            struct gpu_num sum = { 0.0L, 0.0L };
            long double gauge = 0, error;
            if (i % inf_every == 0) {
                wrong += p->is_complex ? isfinite(x.re) && isfinite(x.im)
                                       : !(isinf(x.re) && x.re > 0);
                continue;
            }
            for (l = 0; l < k; l++) {
                const struct gpu_num u = op_elem(&a, interleaved, l, i);
                const struct gpu_num v = op_elem(&b, interleaved, l, j);
                sum.re += alpha.re * (u.re * v.re - u.im * v.im);
                sum.im += alpha.re * (u.re * v.im + u.im * v.re);
                gauge += alpha.re * (fabsl(u.re) + fabsl(u.im)) * (fabsl(v.re) + fabsl(v.im));
            }
            if (with_c) {
                const struct gpu_num c0 = gpu_mat_elem(&c, c.snapshot, i, j);
                sum.re += c0.re;
                sum.im += c0.im;
                gauge += fabsl(c0.re) + fabsl(c0.im);
            }
            error = fabsl(x.re - sum.re) + fabsl(x.im - sum.im);
            wrong += !(error <= GPU_THRESHOLD * p->eps * gauge);
        }
    ok &= wrong == 0;
    gpu_report(ok,
               "%cTSMTTSM('%c','%c', M=%ld, N=%ld, K=%ld, beta=%d), +Inf in every %ld-th "
               "row of op(A), op(B) of small integers: info=%ld, %ld entries of C wrong (not "
               "+Inf, or for complex not Inf or NaN, in those rows; off the product in the "
               "others)",
               p->name, interleaved ? 'N' : 'T', interleaved ? 'T' : 'N', m, n, k, with_c,
               inf_every, (long)info, wrong);
    free(c_out);
    gpu_mat_free(&a);
    gpu_mat_free(&b);
    gpu_mat_free(&c);
}

int main(void)
{
    static const char trans[] = { 'N', 'T', 'C' };
    int quick, ip, ia, ib;
    size_t s;

    gpu_require_device("gpu_semantics");
    quick = gpu_quick();
    for (ip = 0; ip < 4; ip++) {
        const struct gpu_prec *p = &gpu_precs[ip];
        for (ia = 0; ia < 3; ia++)
            for (ib = 0; ib < 3; ib++) {
                int pair = ia * 3 + ib;
                for (s = 0; s < COUNT(tsmttsm_shapes); s++)
                    if (!quick || (s + ip) % 9 == (size_t)pair)
                        gemm_case(GPU_TSMTTSM, p, trans[ia], trans[ib], &tsmttsm_shapes[s], 0);
                for (s = 0; s < COUNT(tight_shapes); s++)
                    if (!quick || (s + ip) % 9 == (size_t)pair)
                        gemm_case(GPU_TSMTTSM, p, trans[ia], trans[ib], &tight_shapes[s], 1);
                for (s = 0; s < COUNT(tsmm_shapes); s++)
                    if (!quick || (s + ip + 3) % 9 == (size_t)pair)
                        gemm_case(GPU_TSMM, p, trans[ia], trans[ib], &tsmm_shapes[s], 0);
                for (s = 0; s < COUNT(tight_tsmm_shapes); s++)
                    if (!quick || (s + ip + 3) % 9 == (size_t)pair)
                        gemm_case(GPU_TSMM, p, trans[ia], trans[ib], &tight_tsmm_shapes[s], 1);
                for (s = 0; s < COUNT(mtsm_shapes); s++)
                    if (!quick || (s + ip + 6) % 9 == (size_t)pair)
                        gemm_case(GPU_MTSM, p, trans[ia], trans[ib], &mtsm_shapes[s], 0);
            }
        for (ia = 0; ia < 3; ia++) {
            for (s = 0; s < COUNT(gemt_shapes); s++)
                if (!quick || (s + ip) % 3 == (size_t)ia)
                    gemt_arrangements(p, trans[ia], &gemt_shapes[s]);
            for (s = 0; s < COUNT(gemt_many_chunks_shapes) && !quick; s++)
                gemt_arrangements(p, trans[ia], &gemt_many_chunks_shapes[s]);
            for (s = 0; s < COUNT(gemt_many_tiles_shapes) && !quick; s++)
                gemt_arrangements(p, trans[ia], &gemt_many_tiles_shapes[s]);
            for (s = 0; s < (quick ? 1 : COUNT(gemt_lines_shapes)); s++)
                gemt_case(p, trans[ia], gemt_lines_shapes[s].m, gemt_lines_shapes[s].n, -1, -1,
                          1);
        }
        for (ia = 0; ia < 2; ia++) {
            const struct gpu_num zero = { 0.0L, 0.0L }, one = { 1.0L, 0.0L };
            inf_case(p, ia, zero);
            inf_case(p, ia, one);
        }
    }
    for (ip = 0; ip < 4; ip++)
        for (ia = 0; ia < 2; ia++) {
            tsmttsm_inf_case(&gpu_precs[ip], ia, 9, 16, 5003, ia);
            tsmttsm_inf_case(&gpu_precs[ip], !ia, 40, 33, 5003, ia);
        }
    return gpu_finish("gpu_semantics");
}
