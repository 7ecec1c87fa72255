/*
 * cblas_gemm.c: the CBLAS xGEMM of libtsblas_gemm (cblas_sgemm ...
 * cblas_zgemm), the symbol that C programs, NumPy and R call, and its
 * ILP64 names (cblas_dgemm64_, scipy_cblas_dgemm64_: interposer.h).
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
 * xGEMM instead (not for the ILP64 names: such a call is said on stderr
 * and not computed).
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
typedef void (*cblas_gemm64_fn)(int, int, int, blas_int64, blas_int64, blas_int64,
                                cblas_scalar_t, const scalar_t *, blas_int64, const scalar_t *,
                                blas_int64, cblas_scalar_t, scalar_t *, blas_int64);

/* The Fortran TRANS character of a CBLAS transpose, 0 when illegal. */
static char trans_char(int trans)
{
    return trans == NO_TRANS ? 'N' : trans == TRANS ? 'T' : trans == CONJ_TRANS ? 'C' : 0;
}

/* The call of a face whose real routine is SYMBOL (found once into REAL),
   of 64-bit integers where ILP64. */
static void gemm_face(struct gemm_real *real, const char *symbol, int ilp64, int layout,
                      int transa, int transb, idx_t m, idx_t n, idx_t k, cblas_scalar_t alpha,
                      const scalar_t *a, idx_t lda, const scalar_t *b, idx_t ldb,
                      cblas_scalar_t beta, scalar_t *c, idx_t ldc)
{
    void *blas;
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

    blas = tsblas_gemm_find(real, symbol, 0);
    if (blas != NULL) {
        tsblas_gemm_begin(&span);
        if (ilp64)
            ((cblas_gemm64_fn)blas)(layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta,
                                    c, ldc);
        else
            ((cblas_gemm_fn)blas)(layout, transa, transb, (blas_int)m, (blas_int)n, (blas_int)k,
                                  alpha, a, (blas_int)lda, b, (blas_int)ldb, beta, c,
                                  (blas_int)ldc);
        tsblas_gemm_end(&span);
        tsblas_gemm_count(CALL_GEMM, GEMM_PRECISION, GEMM_TO_BLAS, &span);
    } else if (!ilp64 && (layout == ROW_MAJOR || layout == COL_MAJOR)) {
        /* No CBLAS after this library: the column-major call through the
           Fortran xGEMM (which reports illegal TRANS as argument 1 or 2). */
        const int row_major = layout == ROW_MAJOR;
        const blas_int m32 = (blas_int)m, n32 = (blas_int)n, k32 = (blas_int)k;
        const blas_int lda32 = (blas_int)lda, ldb32 = (blas_int)ldb, ldc32 = (blas_int)ldc;

        F77(gemm)(row_major ? &tb : &ta, row_major ? &ta : &tb, row_major ? &n32 : &m32,
                  row_major ? &m32 : &n32, &k32, SCALAR_ADDRESS(alpha), row_major ? b : a,
                  row_major ? &ldb32 : &lda32, row_major ? a : b, row_major ? &lda32 : &ldb32,
                  SCALAR_ADDRESS(beta), c, &ldc32, 1, 1);
    } else {
        tsblas_gemm_find(real, symbol, 1);   /* says it */
    }
}

/* A face: the exported symbol FACE of integers INT (ILP64: 64-bit). */
#define CBLAS_GEMM_FACE(face, int_t, ilp64)                                                   \
    GEMM_EXPORT void face(int layout, int transa, int transb, int_t m, int_t n, int_t k,      \
                          cblas_scalar_t alpha, const scalar_t *a, int_t lda,                 \
                          const scalar_t *b, int_t ldb, cblas_scalar_t beta, scalar_t *c,     \
                          int_t ldc);                                                         \
    GEMM_EXPORT void face(int layout, int transa, int transb, int_t m, int_t n, int_t k,      \
                          cblas_scalar_t alpha, const scalar_t *a, int_t lda,                 \
                          const scalar_t *b, int_t ldb, cblas_scalar_t beta, scalar_t *c,     \
                          int_t ldc)                                                          \
    {                                                                                         \
        static struct gemm_real real;                                                         \
                                                                                              \
        gemm_face(&real, GEMM_STRING(face), ilp64, layout, transa, transb, m, n, k, alpha, a, \
                  lda, b, ldb, beta, c, ldc);                                                 \
    }

CBLAS_GEMM_FACE(CBLAS(gemm), blas_int, 0)
CBLAS_GEMM_FACE(CBLAS64(gemm), blas_int64, 1)
CBLAS_GEMM_FACE(SCIPY_CBLAS64(gemm), blas_int64, 1)
