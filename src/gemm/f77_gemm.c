/*
 * f77_gemm.c: the Fortran xGEMM of libtsblas_gemm (sgemm_ ... zgemm_), the
 * symbol that Fortran programs, LAPACK and most C callers of the BLAS call.
 *
 * Purpose
 * =======
 * Computes C := alpha*op(A)*op(B) + beta*C exactly as the BLAS's xGEMM,
 * through tsblas where route_gemm.c routes the call, otherwise through the
 * real BLAS with the caller's own arguments, hidden string lengths
 * included: argument errors, quick returns and every shape left to the
 * BLAS behave as they do without this library.
 *
 * Arguments
 * =========
 * Those of the reference xGEMM (BLAS/SRC/dgemm.f), by reference, with the
 * lengths of TRANSA and TRANSB that gfortran appends.
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"
#include "interposer.h"

GEMM_EXPORT void F77(gemm)(const char *transa, const char *transb, const blas_int *m,
                           const blas_int *n, const blas_int *k, const scalar_t *alpha,
                           const scalar_t *a, const blas_int *lda, const scalar_t *b,
                           const blas_int *ldb, const scalar_t *beta, scalar_t *c,
                           const blas_int *ldc, size_t transa_len, size_t transb_len)
{
    static struct gemm_real real;
    f77_gemm_fn blas;
    struct gemm_span span;

    if (X(gemm_route)(*transa, *transb, *m, *n, *k, alpha, a, *lda, b, *ldb, beta, c, *ldc))
        return;
    blas = (f77_gemm_fn)tsblas_gemm_find(&real, GEMM_STRING(F77(gemm)), 1);
    if (blas == NULL)
        return;
    tsblas_gemm_begin(&span);
    blas(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, transa_len, transb_len);
    tsblas_gemm_end(&span);
    tsblas_gemm_count(CALL_GEMM, GEMM_PRECISION, GEMM_TO_BLAS, &span);
}
