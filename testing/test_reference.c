/*
 * test_reference.c: the reference product and the error ratio, in one
 * precision, independent of the library under test.
 *
 * Purpose
 * =======
 * T(reference_compute) forms op(A)*op(B) with naive loops in a higher
 * precision (ref_real_t: double for S and C, long double for D and Z),
 * together with the gauge |op(A)|*|op(B)| (elementwise absolute values,
 * |re| + |im| for complex data), as DMMCH/ZMMCH of the reference BLAS
 * tests do.  When M*N*K exceeds the FULL_REFERENCE setting it does not form
 * the product but prepares BLIS's random-vector test: a random N-vector x,
 * v = op(A)*(op(B)*x) and its gauge |op(A)|*(|op(B)|*|x|), at the cost of
 * K*(M+N) operations; C*x is then compared with alpha*v + beta*C0*x.
 *
 * T(reference_ratio) returns, over the elements of C (or the rows of C*x),
 * the largest
 *
 *     |C - Cref| / ( eps * ( |alpha| |op(A)||op(B)| + |beta| |C0| ) ),
 *
 * eps the machine epsilon of the working precision.  A correct product in
 * working precision has a ratio of order 1 for data of mixed signs (its
 * bound grows with K only in the worst case); the random-vector ratio is a
 * weighted mean of the elementwise ones, so it cannot exceed their maximum
 * and flags any element whose error is of the order of its gauge.  0/0 is
 * 0; a nonzero error against a zero gauge, or NaN, is infinite.
 *
 * alpha = 0 does not reference the product (A and B hold NaN then) and is
 * always checked element by element; beta = 0 does not reference C0 (NaN
 * there, too).
 *
 * T(exact_product), real precisions only, checks a result that is one real
 * product per element (xGEMT, C = beta*C) for exact equality.
 */
#include <config.h>
#include <stdlib.h>
#include <string.h>
#include "test_precision.h"

/* The vector of the random-vector test. */
#define RANDOM_VECTOR_SEED UINT64_C(0x7e57f00d)

static ref_scalar_t op_element(enum test_op op, const scalar_t *x, long ld, long i, long l)
{
    switch (op) {
    case TEST_OP_N:
        return x[i + l * ld];
    case TEST_OP_T:
        return x[l + i * ld];
    default:
        return CONJ(x[l + i * ld]);
    }
}

/* P = op(A)*op(B), PABS = |op(A)|*|op(B)|, both M-by-N with LD = M; the
   loop order follows A's storage so that the inner loop is contiguous. */
static void full_product(struct T(reference) *ref, enum test_op opa, const scalar_t *a,
                         long lda, enum test_op opb, const scalar_t *b, long ldb)
{
    long m = ref->m, n = ref->n, k = ref->k, i, j, l;

    for (j = 0; j < n; j++) {
        ref_scalar_t *pj = ref->p + j * m;
        ref_real_t *pabsj = ref->pabs + j * m;
        if (opa == TEST_OP_N) {
            for (l = 0; l < k; l++) {
                ref_scalar_t blj = op_element(opb, b, ldb, l, j);
                ref_real_t blj_abs = REF_ABS1(blj);
                for (i = 0; i < m; i++) {
                    ref_scalar_t ail = a[i + l * lda];
                    pj[i] += ail * blj;
                    pabsj[i] += REF_ABS1(ail) * blj_abs;
                }
            }
        } else {
            for (i = 0; i < m; i++) {
                ref_scalar_t sum = 0;
                ref_real_t sum_abs = 0;
                for (l = 0; l < k; l++) {
                    ref_scalar_t ail = op_element(opa, a, lda, i, l);
                    ref_scalar_t blj = op_element(opb, b, ldb, l, j);
                    sum += ail * blj;
                    sum_abs += REF_ABS1(ail) * REF_ABS1(blj);
                }
                pj[i] = sum;
                pabsj[i] = sum_abs;
            }
        }
    }
}

/* V = op(A)*(op(B)*X) and VABS = |op(A)|*(|op(B)|*|X|). */
static int random_vector_product(struct T(reference) *ref, enum test_op opa,
                                 const scalar_t *a, long lda, enum test_op opb,
                                 const scalar_t *b, long ldb)
{
    long m = ref->m, n = ref->n, k = ref->k, i, j, l;
    ref_scalar_t *u = calloc((size_t)k + 1, sizeof *u);
    ref_real_t *uabs = calloc((size_t)k + 1, sizeof *uabs);

    if (u == NULL || uabs == NULL) {
        free(u);
        free(uabs);
        return -1;
    }
    for (j = 0; j < n; j++)
        ref->x[j] = T(random)(RANDOM_VECTOR_SEED, j, 0);
    /* u = op(B)*x: for stored B (op N) down its columns, else along them. */
    if (opb == TEST_OP_N) {
        for (j = 0; j < n; j++) {
            ref_scalar_t xj = ref->x[j];
            ref_real_t xj_abs = REF_ABS1(xj);
            for (l = 0; l < k; l++) {
                ref_scalar_t blj = b[l + j * ldb];
                u[l] += blj * xj;
                uabs[l] += REF_ABS1(blj) * xj_abs;
            }
        }
    } else {
        for (l = 0; l < k; l++)
            for (j = 0; j < n; j++) {
                ref_scalar_t blj = op_element(opb, b, ldb, l, j);
                ref_scalar_t xj = ref->x[j];
                u[l] += blj * xj;
                uabs[l] += REF_ABS1(blj) * REF_ABS1(xj);
            }
    }
    /* v = op(A)*u, likewise. */
    if (opa == TEST_OP_N) {
        for (l = 0; l < k; l++)
            for (i = 0; i < m; i++) {
                ref_scalar_t ail = a[i + l * lda];
                ref->v[i] += ail * u[l];
                ref->vabs[i] += REF_ABS1(ail) * uabs[l];
            }
    } else {
        for (i = 0; i < m; i++)
            for (l = 0; l < k; l++) {
                ref_scalar_t ail = op_element(opa, a, lda, i, l);
                ref->v[i] += ail * u[l];
                ref->vabs[i] += REF_ABS1(ail) * uabs[l];
            }
    }
    free(u);
    free(uabs);
    return 0;
}

int T(reference_compute)(struct T(reference) *ref, double full_limit, enum test_op opa,
                         const scalar_t *a, long lda, enum test_op opb, const scalar_t *b,
                         long ldb, long m, long n, long k)
{
    memset(ref, 0, sizeof *ref);
    ref->m = m;
    ref->n = n;
    ref->k = k;
    ref->full = (double)m * (double)n * (double)k <= full_limit;
    if (m == 0 || n == 0)
        return 0;
    if (ref->full) {
        ref->p = calloc((size_t)m * (size_t)n, sizeof *ref->p);
        ref->pabs = calloc((size_t)m * (size_t)n, sizeof *ref->pabs);
        if (ref->p == NULL || ref->pabs == NULL)
            return -1;
        full_product(ref, opa, a, lda, opb, b, ldb);
        return 0;
    }
    ref->x = malloc((size_t)n * sizeof *ref->x);
    ref->v = calloc((size_t)m, sizeof *ref->v);
    ref->vabs = calloc((size_t)m, sizeof *ref->vabs);
    if (ref->x == NULL || ref->v == NULL || ref->vabs == NULL)
        return -1;
    return random_vector_product(ref, opa, a, lda, opb, b, ldb);
}

void T(reference_free)(struct T(reference) *ref)
{
    free(ref->p);
    free(ref->pabs);
    free(ref->x);
    free(ref->v);
    free(ref->vabs);
    memset(ref, 0, sizeof *ref);
}

static double element_ratio(ref_real_t error, ref_real_t gauge)
{
    if (isnan(error))
        return INFINITY;
    if (error == 0)
        return 0;
    if (gauge == 0)
        return INFINITY;
    return (double)(error / ((ref_real_t)TEST_EPS * gauge));
}

double T(reference_ratio)(const struct T(reference) *ref, scalar_t alpha, scalar_t beta,
                          const scalar_t *c0, long ldc0, const scalar_t *c, long ldc,
                          long *worst_i, long *worst_j)
{
    const ref_scalar_t ralpha = alpha, rbeta = beta;
    const ref_real_t alpha_abs = REF_ABS1(ralpha), beta_abs = REF_ABS1(rbeta);
    const int uses_product = alpha != 0, uses_c0 = beta != 0;
    long m = ref->m, n = ref->n, i, j;
    double worst = 0;

    *worst_i = *worst_j = 0;
    if (ref->full || !uses_product) {
        for (j = 0; j < n; j++)
            for (i = 0; i < m; i++) {
                ref_scalar_t cref = 0, cij = c[i + j * ldc];
                ref_real_t gauge = 0;
                double ratio;
                if (uses_product) {
                    cref += ralpha * ref->p[i + j * m];
                    gauge += alpha_abs * ref->pabs[i + j * m];
                }
                if (uses_c0) {
                    ref_scalar_t c0ij = c0[i + j * ldc0];
                    cref += rbeta * c0ij;
                    gauge += beta_abs * REF_ABS1(c0ij);
                }
                ratio = element_ratio(REF_ABS1(cij - cref), gauge);
                if (ratio > worst) {
                    worst = ratio;
                    *worst_i = i;
                    *worst_j = j;
                }
            }
        return worst;
    }

    /* Random-vector test: y = C*x against alpha*v + beta*C0*x. */
    {
        ref_scalar_t *y = calloc((size_t)m, sizeof *y), *c0x = calloc((size_t)m, sizeof *c0x);
        ref_real_t *c0x_abs = calloc((size_t)m, sizeof *c0x_abs);

        if (y == NULL || c0x == NULL || c0x_abs == NULL) {
            free(y);
            free(c0x);
            free(c0x_abs);
            *worst_i = -1;
            return INFINITY;
        }
        for (j = 0; j < n; j++) {
            ref_scalar_t xj = ref->x[j];
            ref_real_t xj_abs = REF_ABS1(xj);
            for (i = 0; i < m; i++) {
                y[i] += (ref_scalar_t)c[i + j * ldc] * xj;
                if (uses_c0) {
                    ref_scalar_t c0ij = c0[i + j * ldc0];
                    c0x[i] += c0ij * xj;
                    c0x_abs[i] += REF_ABS1(c0ij) * xj_abs;
                }
            }
        }
        for (i = 0; i < m; i++) {
            ref_scalar_t yref = ralpha * ref->v[i];
            ref_real_t gauge = alpha_abs * ref->vabs[i];
            double ratio;
            if (uses_c0) {
                yref += rbeta * c0x[i];
                gauge += beta_abs * c0x_abs[i];
            }
            ratio = element_ratio(REF_ABS1(y[i] - yref), gauge);
            if (ratio > worst) {
                worst = ratio;
                *worst_i = i;
                *worst_j = -1;
            }
        }
        free(y);
        free(c0x);
        free(c0x_abs);
    }
    return worst;
}

#if !TSBLAS_COMPLEX
int T(exact_product)(scalar_t factor, enum test_op op, const scalar_t *x, long ldx,
                     const scalar_t *y, long ldy, long rows, long cols, long *wrong_i,
                     long *wrong_j)
{
    long i, j;

    for (j = 0; j < cols; j++)
        for (i = 0; i < rows; i++) {
            scalar_t expected = 0;
            if (factor != 0)
                expected = factor * (op == TEST_OP_N ? x[i + j * ldx] : x[j + i * ldx]);
            if (!(y[i + j * ldy] == expected)) {
                *wrong_i = i;
                *wrong_j = j;
                return 0;
            }
        }
    return 1;
}
#endif
