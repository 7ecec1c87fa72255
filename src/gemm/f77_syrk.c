/*
 * f77_syrk.c: the Fortran xSYRK (ssyrk_ ... zsyrk_) and xHERK (cherk_,
 * zherk_) of libtsblas_gemm, the symbols by which Fortran programs form
 * the Gram matrix of a block vector.
 *
 * Purpose
 * =======
 * Computes the rank-K update of the UPLO triangle of C exactly as the
 * BLAS's xSYRK or xHERK, through tsblas where route_syrk.c routes the
 * call, otherwise through the real BLAS with the caller's own arguments
 * (argument errors, quick returns and untouched shapes as without this
 * library).
 *
 * Arguments
 * =========
 * Those of the reference xSYRK and xHERK (BLAS/SRC/dsyrk.f, zherk.f), by
 * reference, with the lengths of UPLO and TRANS that gfortran appends.
 * xHERK's ALPHA and BETA are real.
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"
#include "interposer.h"

/* The BLAS's xSYRK (scalars of the type of C) and xHERK (real scalars). */
#define SYRK_FN_TYPE(name, scalar)                                                             \
    typedef void (*name)(const char *, const char *, const blas_int *, const blas_int *,       \
                         const scalar *, const scalar_t *, const blas_int *,                   \
                         const scalar *, scalar_t *, const blas_int *, size_t, size_t)

/* One face: routed, or forwarded to the real routine of the same name
   (found once), the thread marked meanwhile. */
#define SYRK_FACE(face, fn_type, scalar, hermitian, call)                                      \
    GEMM_EXPORT void face(const char *uplo, const char *trans, const blas_int *n,              \
                          const blas_int *k, const scalar *alpha, const scalar_t *a,           \
                          const blas_int *lda, const scalar *beta, scalar_t *c,                \
                          const blas_int *ldc, size_t uplo_len, size_t trans_len)              \
    {                                                                                          \
        static struct gemm_real real;                                                          \
        fn_type blas;                                                                          \
        struct gemm_span span;                                                                 \
                                                                                               \
        if (X(syrk_route)(hermitian, *uplo, *trans, *n, *k, *alpha, a, *lda, *beta, c, *ldc))  \
            return;                                                                            \
        blas = (fn_type)tsblas_gemm_find(&real, GEMM_STRING(face), 1);                         \
        if (blas == NULL)                                                                      \
            return;                                                                            \
        tsblas_gemm_begin(&span);                                                              \
        blas(uplo, trans, n, k, alpha, a, lda, beta, c, ldc, uplo_len, trans_len);             \
        tsblas_gemm_end(&span);                                                                \
        tsblas_gemm_count(call, GEMM_PRECISION, GEMM_TO_BLAS, &span);                          \
    }

SYRK_FN_TYPE(f77_syrk_fn, scalar_t);
SYRK_FACE(F77(syrk), f77_syrk_fn, scalar_t, 0, CALL_SYRK)

#if TSBLAS_COMPLEX
SYRK_FN_TYPE(f77_herk_fn, real_t);
SYRK_FACE(F77(herk), f77_herk_fn, real_t, 1, CALL_HERK)
#endif
