/*
 * args.c: argument checks in the order of the reference BLAS (dgemm.f),
 * shared by all precisions.  API.md numbers the arguments:
 *   GEMM-shaped: TRANSA 1, TRANSB 2, M 3, N 4, K 5, ALPHA 6, A 7, LDA 8,
 *                B 9, LDB 10, BETA 11, C 12, LDC 13
 *   xGEMT:       TRANS 1, M 2, N 3, ALPHA 4, A 5, LDA 6, B 7, LDB 8
 */
#include "tsblas_internal.h"

int tsblas_parse_trans(char trans, int is_complex)
{
    switch (trans) {
    case 'N': case 'n':
        return TSBLAS_OP_N;
    case 'T': case 't':
        return TSBLAS_OP_T;
    case 'C': case 'c':
        return is_complex ? TSBLAS_OP_C : TSBLAS_OP_T;
    default:
        return -1;
    }
}

static tsblas_int max1(tsblas_int x)
{
    return x > 1 ? x : 1;
}

tsblas_int tsblas_check_gemm_args(char transa, char transb, tsblas_int m, tsblas_int n,
                                  tsblas_int k, tsblas_int lda, tsblas_int ldb,
                                  tsblas_int ldc, int is_complex,
                                  enum tsblas_op *opa, enum tsblas_op *opb)
{
    int pa = tsblas_parse_trans(transa, is_complex);
    int pb = tsblas_parse_trans(transb, is_complex);

    if (pa < 0)
        return 1;
    if (pb < 0)
        return 2;
    if (m < 0)
        return 3;
    if (n < 0)
        return 4;
    if (k < 0)
        return 5;
    /* Rows of A and B as stored: op = N stores A as M-by-K, B as K-by-N. */
    if (lda < max1(pa == TSBLAS_OP_N ? m : k))
        return 8;
    if (ldb < max1(pb == TSBLAS_OP_N ? k : n))
        return 10;
    if (ldc < max1(m))
        return 13;
    *opa = (enum tsblas_op)pa;
    *opb = (enum tsblas_op)pb;
    return 0;
}

tsblas_int tsblas_check_gemt_args(char trans, tsblas_int m, tsblas_int n, tsblas_int lda,
                                  tsblas_int ldb, int is_complex, enum tsblas_op *op)
{
    int p = tsblas_parse_trans(trans, is_complex);

    if (p < 0)
        return 1;
    if (m < 0)
        return 2;
    if (n < 0)
        return 3;
    if (lda < max1(m))
        return 6;
    if (ldb < max1(p == TSBLAS_OP_N ? m : n))
        return 8;
    *op = (enum tsblas_op)p;
    return 0;
}
