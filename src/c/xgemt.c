/*
 * xGEMT: B := alpha*op(A), a scaled copy or (conjugate) transpose.
 *
 * Purpose
 * =======
 * xGEMT performs one of the operations
 *     B := alpha*A,   B := alpha*A**T   or   B := alpha*A**H,
 * where alpha is a scalar, A is an M by N matrix and B is M by N
 * (TRANS = 'N') or N by M (TRANS = 'T' or 'C').  It converts block vectors
 * between column-major storage (a K by W matrix, each vector contiguous)
 * and interleaved storage (the W by K matrix, each row of the block
 * contiguous), in both directions, for any shape.
 *
 * Arguments
 * =========
 * TRANS   CHARACTER*1.  op( A ) = A ('N'), A**T ('T'), A**H ('C'; A**T for
 *         S and D), either case.
 * M       INTEGER.  Rows of A.  M >= 0.
 * N       INTEGER.  Columns of A.  N >= 0.
 * ALPHA   Scalar alpha.  When ALPHA = 0, A is not referenced and B is set
 *         to zero.
 * A       Array of dimension ( LDA, N ).
 * LDA     INTEGER.  LDA >= max( 1, M ).
 * B       Array of dimension ( LDB, N ) when TRANS = 'N', else ( LDB, M ).
 *         On exit op( A ) scaled by alpha; only that part of B is written.
 *         B must not overlap A.
 * LDB     INTEGER.  LDB >= max( 1, M ) when TRANS = 'N', else max( 1, N ).
 *
 * Further details
 * ===============
 * Illegal arguments are reported through XERBLA('xGEMT', INFO) before any
 * array is touched; the C entry then returns -INFO.  A and B must live in
 * one memory: device (or managed) memory runs the GPU path, host memory the
 * host path.
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"

/* Argument numbers of API.md. */
enum { ARG_A = 5, ARG_B = 7 };

tsblas_int X(gemt_driver)(char trans, tsblas_int m, tsblas_int n, scalar_t alpha,
                          const scalar_t *a, tsblas_int lda, scalar_t *b, tsblas_int ldb)
{
    const char *name = ROUTINE_NAME("GEMT");
    enum tsblas_op op = TSBLAS_OP_N;
    enum tsblas_memory where_b;
    idx_t brows, bcols;
    tsblas_int info;
    int status;

    info = tsblas_check_gemt_args(trans, m, n, lda, ldb, TSBLAS_COMPLEX, &op);
    if (info != 0) {
        tsblas_report_illegal(name, info);
        return -info;
    }
    if (m == 0 || n == 0)
        return tsblas_set_error(0, NULL);
    brows = op == TSBLAS_OP_N ? m : n;
    bcols = op == TSBLAS_OP_N ? n : m;

    where_b = tsblas_memory_of(b);
    if (alpha != 0) {
        enum tsblas_memory where_a = tsblas_memory_of(a);
        if (tsblas_arrays_overlap(b, brows, bcols, ldb, a, m, n, lda, sizeof(scalar_t))) {
            tsblas_report_illegal(name, ARG_B);
            return -ARG_B;
        }
        if (where_a == TSBLAS_MEM_OTHER) {
            tsblas_report_illegal(name, ARG_A);
            return -ARG_A;
        }
    }
    if (where_b == TSBLAS_MEM_OTHER
        || (alpha != 0 && where_b != tsblas_memory_of(a))) {
        tsblas_report_illegal(name, ARG_B);
        return -ARG_B;
    }

#if defined(TSBLAS_HAVE_CUDA)
    if (where_b == TSBLAS_MEM_DEVICE) {
        status = X(gpu_gemt)(op, m, n, &alpha, a, lda, b, ldb);
        return status != 0 ? status : tsblas_set_error(0, NULL);
    }
#endif
    if (alpha == 0) {
        X(host_scale)(brows, bcols, 0, b, ldb);
        return tsblas_set_error(0, NULL);
    }
    status = X(host_gemt)(op, m, n, alpha, a, lda, b, ldb);
    return status != 0 ? status : tsblas_set_error(0, NULL);
}

tsblas_int API(gemt)(char trans, tsblas_int m, tsblas_int n, api_scalar_t alpha,
                     api_const_array_t a, tsblas_int lda, api_array_t b, tsblas_int ldb)
{
    return X(gemt_driver)(trans, m, n, API_SCALAR(alpha), (const scalar_t *)a, lda,
                          (scalar_t *)b, ldb);
}
