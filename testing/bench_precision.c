/*
 * bench_precision.c: what tsblas_bench does per precision on the host.
 *
 * Compiled once per precision with -DTSBLAS_PREC_S/D/C/Z (see precision.h),
 * each time defining bench_precision_<p>: filling arrays, calling the tsblas
 * C entry, the BLAS's xGEMM and a plain transpose loop on a bench_call, and
 * comparing results.
 */
#include <config.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <omp.h>
#include "precision.h"
#include "bench.h"

#define BENCH_NAME(name) TSBLAS_CAT4(bench_, name, _, TSBLAS_PREFIX)

#if defined(TSBLAS_PREC_S)
#  define BENCH_LETTER 'S'
#elif defined(TSBLAS_PREC_D)
#  define BENCH_LETTER 'D'
#elif defined(TSBLAS_PREC_C)
#  define BENCH_LETTER 'C'
#else
#  define BENCH_LETTER 'Z'
#endif

/* The BLAS's Fortran symbol, called with 32-bit integers and the hidden
   lengths of the character arguments that gfortran passes. */
void BLAS(gemm)(const char *transa, const char *transb, const int *m, const int *n,
                const int *k, const scalar_t *alpha, const scalar_t *a, const int *lda,
                const scalar_t *b, const int *ldb, const scalar_t *beta, scalar_t *c,
                const int *ldc, size_t transa_len, size_t transb_len);

/* How the C entries of tsblas take a scalar: by value for real precisions,
   by address for complex ones. */
#if TSBLAS_COMPLEX
#  define TO_API_SCALAR(x) (&(x))
#else
#  define TO_API_SCALAR(x) (x)
#endif

/* The splitmix64 finalizer: a counter-based generator, so that any element
   gets the same value whichever thread (or chunk) fills it. */
static uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static void fill(void *x, size_t count, uint64_t seed, size_t first)
{
    real_t *r = x;
    const size_t nreal = count * (sizeof(scalar_t) / sizeof(real_t));
    const size_t first_real = first * (sizeof(scalar_t) / sizeof(real_t));
    const uint64_t key = mix64(seed);
    int64_t i;

#pragma omp parallel for schedule(static)
    for (i = 0; i < (int64_t)nreal; i++) {
        /* 53 random bits -> [0, 1) -> [-1, 1) */
        double u = (double)(mix64(key ^ (first_real + (uint64_t)i)) >> 11) * 0x1p-53;
        r[i] = (real_t)(2.0 * u - 1.0);
    }
}

static tsblas_int run_tsblas(const struct bench_call *call)
{
    scalar_t alpha = (scalar_t)call->alpha, beta = (scalar_t)call->beta;
    tsblas_int m = (tsblas_int)call->m, n = (tsblas_int)call->n, k = (tsblas_int)call->k;
    tsblas_int lda = (tsblas_int)call->lda, ldb = (tsblas_int)call->ldb;
    tsblas_int ldc = (tsblas_int)call->ldc;

    switch (call->routine) {
    case BENCH_TSMTTSM:
        return API(tsmttsm)(call->transa, call->transb, m, n, k, TO_API_SCALAR(alpha),
                            call->a, lda, call->b, ldb, TO_API_SCALAR(beta), call->c, ldc);
    case BENCH_TSMM:
        return API(tsmm)(call->transa, call->transb, m, n, k, TO_API_SCALAR(alpha),
                         call->a, lda, call->b, ldb, TO_API_SCALAR(beta), call->c, ldc);
    case BENCH_MTSM:
        return API(mtsm)(call->transa, call->transb, m, n, k, TO_API_SCALAR(alpha),
                         call->a, lda, call->b, ldb, TO_API_SCALAR(beta), call->c, ldc);
    default:
        return API(gemt)(call->transa, m, n, TO_API_SCALAR(alpha), call->a, lda, call->c,
                         ldc);
    }
}

static void run_blas_gemm(const struct bench_call *call)
{
    const scalar_t alpha = (scalar_t)call->alpha, beta = (scalar_t)call->beta;
    const int m = (int)call->m, n = (int)call->n, k = (int)call->k;
    const int lda = (int)call->lda, ldb = (int)call->ldb, ldc = (int)call->ldc;

    BLAS(gemm)(&call->transa, &call->transb, &m, &n, &k, &alpha, call->a, &lda, call->b,
               &ldb, &beta, call->c, &ldc, 1, 1);
}

/* What a user writes without xGEMT: one pass over the output, in order,
   OpenMP threads over its columns. */
static void run_transpose_loop(const struct bench_call *call)
{
    const scalar_t alpha = (scalar_t)call->alpha;
    const scalar_t *a = call->a;
    scalar_t *b = call->c;
    const int64_t lda = call->lda, ldb = call->ldc;
    const int64_t brows = bench_output_rows(call), bcols = bench_output_cols(call);
    const int conjugate = TSBLAS_COMPLEX && (call->transa == 'C' || call->transa == 'c');
    const int transpose = call->transa != 'N' && call->transa != 'n';
    int64_t i, j;

#pragma omp parallel for private(i) schedule(static)
    for (j = 0; j < bcols; j++) {
        if (!transpose) {
            for (i = 0; i < brows; i++)
                b[i + j * ldb] = alpha * a[i + j * lda];
        } else if (conjugate) {
            for (i = 0; i < brows; i++)
                b[i + j * ldb] = alpha * CONJ(a[j + i * lda]);
        } else {
            for (i = 0; i < brows; i++)
                b[i + j * ldb] = alpha * a[j + i * lda];
        }
    }
}

static double max_abs_diff(const void *x, const void *y, size_t count)
{
    const scalar_t *xs = x, *ys = y;
    double maxdiff = 0.0;
    int64_t nans = 0, i;

#pragma omp parallel for reduction(max : maxdiff) reduction(+ : nans) schedule(static)
    for (i = 0; i < (int64_t)count; i++) {
#if TSBLAS_COMPLEX
        double d = cabs((double _Complex)(xs[i] - ys[i]));
#else
        double d = fabs((double)xs[i] - (double)ys[i]);
#endif
        if (isnan(d))
            nans++;
        else if (d > maxdiff)
            maxdiff = d;
    }
    return nans > 0 ? NAN : maxdiff;
}

static double blas_gemm_rate(int n, int runs)
{
    const size_t count = (size_t)n * (size_t)n;
    const scalar_t one = 1, zero = 0;
    scalar_t *a = malloc(count * sizeof(scalar_t));
    scalar_t *b = malloc(count * sizeof(scalar_t));
    scalar_t *c = malloc(count * sizeof(scalar_t));
    double best = -1.0, flops = (TSBLAS_COMPLEX ? 8.0 : 2.0) * n * (double)n * n;
    int r;

    if (a != NULL && b != NULL && c != NULL) {
        fill(a, count, 1, 0);
        fill(b, count, 2, 0);
        fill(c, count, 3, 0);
        for (r = 0; r < runs; r++) {
            double t = bench_now();
            BLAS(gemm)("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n, 1, 1);
            t = bench_now() - t;
            if (t > 0 && flops / t * 1e-9 > best)
                best = flops / t * 1e-9;
        }
    }
    free(a);
    free(b);
    free(c);
    return best;
}

const struct bench_precision BENCH_NAME(precision) = {
    .letter = BENCH_LETTER,
    .elemsize = sizeof(scalar_t),
    .realsize = sizeof(real_t),
    .is_complex = TSBLAS_COMPLEX,
    .eps = sizeof(real_t) == sizeof(float) ? FLT_EPSILON / 2 : DBL_EPSILON / 2,
    .fill = fill,
    .run_tsblas = run_tsblas,
    .run_blas_gemm = run_blas_gemm,
    .run_transpose_loop = run_transpose_loop,
    .max_abs_diff = max_abs_diff,
    .blas_gemm_rate = blas_gemm_rate,
};
