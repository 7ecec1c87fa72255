/*
 * cblas_gemm.c: the CBLAS xGEMM of libtsblas_gemm (cblas_sgemm ...
 * cblas_zgemm), the symbol that C programs, NumPy and R call.
 *
 * Purpose
 * =======
 * Computes C := alpha*op(A)*op(B) + beta*C exactly as the CBLAS's xGEMM.
 * A row-major call is the column-major call of the transposed product,
 * C**T := alpha*op(B)**T*op(A)**T + beta*C**T, as the reference CBLAS
 * makes it (B and A exchange places, M and N too); route_gemm.c decides on
 * that column-major call.  Calls it does not route, and every call with an
 * illegal LAYOUT or TRANSA/TRANSB, go to the real CBLAS with the caller's
 * own arguments, so its argument errors reach cblas_xerbla as they did;
 * a BLAS without CBLAS gets the column-major call through its Fortran
 * xGEMM instead.
 *
 * Arguments
 * =========
 * Those of the reference CBLAS's cblas_xgemm: LAYOUT (CblasRowMajor = 101,
 * CblasColMajor = 102), TRANSA, TRANSB (CblasNoTrans = 111, CblasTrans =
 * 112, CblasConjTrans = 113), integers by value, real scalars by value and
 * complex ones by address.
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"
#include "interposer.h"

enum { ROW_MAJOR = 101, COL_MAJOR = 102, NO_TRANS = 111, TRANS = 112, CONJ_TRANS = 113 };

#if TSBLAS_COMPLEX
typedef const void *cblas_scalar_t;
#  define SCALAR_ADDRESS(x) ((const scalar_t *)(x))
#else
typedef scalar_t cblas_scalar_t;
#  define SCALAR_ADDRESS(x) (&(x))
#endif

typedef void (*cblas_gemm_fn)(int, int, int, blas_int, blas_int, blas_int, cblas_scalar_t,
                              const scalar_t *, blas_int, const scalar_t *, blas_int,
                              cblas_scalar_t, scalar_t *, blas_int);

/* The Fortran TRANS character of a CBLAS transpose, 0 when illegal. */
static char trans_char(int trans)
{
    return trans == NO_TRANS ? 'N' : trans == TRANS ? 'T' : trans == CONJ_TRANS ? 'C' : 0;
}

GEMM_EXPORT void CBLAS(gemm)(int layout, int transa, int transb, blas_int m, blas_int n,
                             blas_int k, cblas_scalar_t alpha, const scalar_t *a, blas_int lda,
                             const scalar_t *b, blas_int ldb, cblas_scalar_t beta,
                             scalar_t *c, blas_int ldc);
GEMM_EXPORT void CBLAS(gemm)(int layout, int transa, int transb, blas_int m, blas_int n,
                             blas_int k, cblas_scalar_t alpha, const scalar_t *a, blas_int lda,
                             const scalar_t *b, blas_int ldb, cblas_scalar_t beta,
                             scalar_t *c, blas_int ldc)
{
    static struct gemm_real real;
    cblas_gemm_fn blas;
    struct gemm_span span;
    const char ta = trans_char(transa), tb = trans_char(transb);
    const int legal = (layout == ROW_MAJOR || layout == COL_MAJOR) && ta != 0 && tb != 0;

    if (legal && layout == COL_MAJOR
        && X(gemm_route)(ta, tb, m, n, k, SCALAR_ADDRESS(alpha), a, lda, b, ldb,
                         SCALAR_ADDRESS(beta), c, ldc))
        return;
    if (legal && layout == ROW_MAJOR
        && X(gemm_route)(tb, ta, n, m, k, SCALAR_ADDRESS(alpha), b, ldb, a, lda,
                         SCALAR_ADDRESS(beta), c, ldc))
        return;

    blas = (cblas_gemm_fn)tsblas_gemm_find(&real, GEMM_STRING(CBLAS(gemm)), 0);
    if (blas != NULL) {
        tsblas_gemm_begin(&span);
        blas(layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
        tsblas_gemm_end(&span);
        tsblas_gemm_count(CALL_GEMM, GEMM_PRECISION, GEMM_TO_BLAS, &span);
    } else {
        /* No CBLAS after this library: the column-major call through the
           Fortran xGEMM (which reports illegal TRANS as argument 1 or 2). */
        const int row_major = layout == ROW_MAJOR;

        if (layout != ROW_MAJOR && layout != COL_MAJOR) {
            tsblas_gemm_find(&real, GEMM_STRING(CBLAS(gemm)), 1);   /* says it */
            return;
        }
        F77(gemm)(row_major ? &tb : &ta, row_major ? &ta : &tb, row_major ? &n : &m,
                  row_major ? &m : &n, &k, SCALAR_ADDRESS(alpha), row_major ? b : a,
                  row_major ? &ldb : &lda, row_major ? a : b, row_major ? &lda : &ldb,
                  SCALAR_ADDRESS(beta), c, &ldc, 1, 1);
    }
}
