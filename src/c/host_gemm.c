/*
 * host_gemm.c: the general path on the host, the linked BLAS's xGEMM.
 *
 * The BLAS takes 32-bit integers (an LP64 BLAS serves an ILP64 tsblas), so
 * dimensions beyond its range are split into blocks that fit, the K blocks
 * accumulating into C in a fixed order.  A leading dimension beyond that
 * range cannot be split; those rare calls run a plain loop nest here.
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"

static const char op_char[] = { 'N', 'T', 'C' };

/* op(X)(i, l) for X stored with leading dimension ld. */
static scalar_t op_element(enum tsblas_op op, const scalar_t *x, idx_t ld, idx_t i, idx_t l)
{
    switch (op) {
    case TSBLAS_OP_N:
        return x[i + l * ld];
    case TSBLAS_OP_T:
        return x[l + i * ld];
    default:
        return CONJ(x[l + i * ld]);
    }
}

/* For leading dimensions the BLAS cannot take. */
static void loop_gemm(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                      scalar_t alpha, const scalar_t *a, idx_t lda, const scalar_t *b,
                      idx_t ldb, scalar_t beta, scalar_t *c, idx_t ldc)
{
    idx_t i, j, l;

    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++) {
            scalar_t sum = 0;
            for (l = 0; l < k; l++)
                sum += op_element(opa, a, lda, i, l) * op_element(opb, b, ldb, l, j);
            c[i + j * ldc] = beta == 0 ? alpha * sum : alpha * sum + beta * c[i + j * ldc];
        }
}

int X(host_gemm)(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                 scalar_t alpha, const scalar_t *a, idx_t lda, const scalar_t *b,
                 idx_t ldb, scalar_t beta, scalar_t *c, idx_t ldc)
{
    const idx_t block = TSBLAS_BLAS_INT_MAX;
    const char ta = op_char[opa], tb = op_char[opb];
    const blas_int blda = (blas_int)lda, bldb = (blas_int)ldb, bldc = (blas_int)ldc;
    idx_t i0, j0, l0;

    if (lda > block || ldb > block || ldc > block) {
        loop_gemm(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
        return 0;
    }
    for (j0 = 0; j0 < n; j0 += block)
        for (i0 = 0; i0 < m; i0 += block)
            for (l0 = 0; l0 < k; l0 += block) {
                const blas_int bm = (blas_int)(m - i0 < block ? m - i0 : block);
                const blas_int bn = (blas_int)(n - j0 < block ? n - j0 : block);
                const blas_int bk = (blas_int)(k - l0 < block ? k - l0 : block);
                const scalar_t one = 1;
                const scalar_t *ablock = opa == TSBLAS_OP_N ? a + i0 + l0 * lda
                                                            : a + l0 + i0 * lda;
                const scalar_t *bblock = opb == TSBLAS_OP_N ? b + l0 + j0 * ldb
                                                            : b + j0 + l0 * ldb;
                BLAS(gemm)(&ta, &tb, &bm, &bn, &bk, &alpha, ablock, &blda, bblock, &bldb,
                           l0 == 0 ? &beta : &one, c + i0 + j0 * ldc, &bldc, 1, 1);
            }
    return 0;
}
