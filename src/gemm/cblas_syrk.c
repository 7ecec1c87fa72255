/*
 * cblas_syrk.c: the CBLAS xSYRK (cblas_ssyrk ... cblas_zsyrk) and xHERK
 * (cblas_cherk, cblas_zherk) of libtsblas_gemm, and their ILP64 names
 * (cblas_dsyrk64_, scipy_cblas_dsyrk64_: interposer.h); NumPy's X.T @ X is
 * such a call.
 *
 * Purpose
 * =======
 * Computes the rank-K update of the UPLO triangle of C exactly as the
 * CBLAS's xSYRK or xHERK.  A row-major call is the column-major call on
 * the other triangle with the other TRANS (N and T exchanged, N and C for
 * xHERK), as the reference CBLAS makes it; route_syrk.c decides on that
 * column-major call.  Calls it does not route, and every call with an
 * illegal LAYOUT, UPLO or TRANS, go to the real CBLAS with the caller's
 * own arguments; a BLAS without CBLAS gets the column-major call through
 * its Fortran routine instead (not for the ILP64 names: such a call is
 * said on stderr and not computed).
 *
 * Arguments
 * =========
 * Those of the reference CBLAS's cblas_xsyrk and cblas_xherk: LAYOUT
 * (CblasRowMajor = 101, CblasColMajor = 102), UPLO (CblasUpper = 121,
 * CblasLower = 122), TRANS (CblasNoTrans = 111, CblasTrans = 112,
 * CblasConjTrans = 113), integers by value (32-bit; 64-bit for the
 * ILP64 names), real scalars by value and xSYRK's complex ones by address.
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"
#include "interposer.h"

enum { ROW_MAJOR = 101, COL_MAJOR = 102, NO_TRANS = 111, TRANS = 112, CONJ_TRANS = 113,
       UPPER = 121, LOWER = 122 };

/* The column-major UPLO and TRANS characters of a legal call, or 0 in
   *UPLO_CHAR when LAYOUT, UPLO or TRANS is illegal. */
static void column_major_chars(int hermitian, int layout, int uplo, int trans,
                               char *uplo_char, char *trans_char)
{
    const int row_major = layout == ROW_MAJOR;
    const int transposed = trans == TRANS || trans == CONJ_TRANS;

    *uplo_char = 0;
    *trans_char = 0;
    if ((layout != ROW_MAJOR && layout != COL_MAJOR) || (uplo != UPPER && uplo != LOWER)
        || (trans != NO_TRANS && trans != TRANS && trans != CONJ_TRANS))
        return;
    *uplo_char = (uplo == UPPER) != row_major ? 'U' : 'L';
    *trans_char = transposed != row_major ? (hermitian ? 'C' : 'T') : 'N';
    /* Complex xSYRK takes no CONJ_TRANS, xHERK no TRANS: left to the BLAS. */
    if ((TSBLAS_COMPLEX && !hermitian && trans == CONJ_TRANS) || (hermitian && trans == TRANS))
        *uplo_char = 0;
}

/* One face: FACE the exported symbol, of integers INT_T (ILP64: 64-bit,
   and no Fortran fallback), FN_TYPE the real CBLAS routine's type, F77_FACE
   the Fortran routine of the fallback; ALPHA_VALUE and BETA_VALUE make
   scalar_t values of its scalars, F77_ALPHA and F77_BETA their addresses
   as the Fortran routine takes them. */
#define CBLAS_SYRK_FACE(face, int_t, ilp64, fn_type, f77_face, scalar, hermitian, call,        \
                        alpha_value, beta_value, f77_alpha, f77_beta)                          \
    typedef void (*fn_type)(int, int, int, int_t, int_t, scalar, const scalar_t *, int_t,      \
                            scalar, scalar_t *, int_t);                                        \
    GEMM_EXPORT void face(int layout, int uplo, int trans, int_t n, int_t k, scalar alpha,     \
                          const scalar_t *a, int_t lda, scalar beta, scalar_t *c, int_t ldc);  \
    GEMM_EXPORT void face(int layout, int uplo, int trans, int_t n, int_t k, scalar alpha,     \
                          const scalar_t *a, int_t lda, scalar beta, scalar_t *c, int_t ldc)   \
    {                                                                                          \
        static struct gemm_real real;                                                          \
        fn_type blas;                                                                          \
        struct gemm_span span;                                                                 \
        char u, t;                                                                             \
                                                                                               \
        column_major_chars(hermitian, layout, uplo, trans, &u, &t);                            \
        if (u != 0                                                                             \
            && X(syrk_route)(hermitian, u, t, n, k, alpha_value, a, lda, beta_value, c, ldc))  \
            return;                                                                            \
        blas = (fn_type)tsblas_gemm_find(&real, GEMM_STRING(face), 0);                         \
        if (blas != NULL) {                                                                    \
            tsblas_gemm_begin(&span);                                                          \
            blas(layout, uplo, trans, n, k, alpha, a, lda, beta, c, ldc);                      \
            tsblas_gemm_end(&span);                                                            \
            tsblas_gemm_count(call, GEMM_PRECISION, GEMM_TO_BLAS, &span);                      \
        } else if (u != 0 && !(ilp64)) {                                                       \
            /* No CBLAS after this library: the column-major call through                      \
               the Fortran routine (which reports illegal arguments). */                       \
            const blas_int n32 = (blas_int)n, k32 = (blas_int)k;                               \
            const blas_int lda32 = (blas_int)lda, ldc32 = (blas_int)ldc;                       \
                                                                                               \
            f77_face(&u, &t, &n32, &k32, f77_alpha, a, &lda32, f77_beta, c, &ldc32, 1, 1);     \
        } else {                                                                               \
            tsblas_gemm_find(&real, GEMM_STRING(face), 1); /* says it */                       \
        }                                                                                      \
    }

/* The faces of a routine: its CBLAS name, and its ILP64 names. */
#define CBLAS_SYRK_FACES(routine, scalar, hermitian, call, alpha_value, beta_value, f77_alpha, \
                         f77_beta)                                                             \
    CBLAS_SYRK_FACE(CBLAS(routine), blas_int, 0, TSBLAS_CAT3(cblas_, routine, _fn),            \
                    F77(routine), scalar, hermitian, call, alpha_value, beta_value, f77_alpha, \
                    f77_beta)                                                                  \
    CBLAS_SYRK_FACE(CBLAS64(routine), blas_int64, 1, TSBLAS_CAT3(cblas_, routine, 64_fn),      \
                    F77(routine), scalar, hermitian, call, alpha_value, beta_value, f77_alpha, \
                    f77_beta)                                                                  \
    CBLAS_SYRK_FACE(SCIPY_CBLAS64(routine), blas_int64, 1,                                     \
                    TSBLAS_CAT3(scipy_cblas_, routine, 64_fn), F77(routine), scalar,           \
                    hermitian, call, alpha_value, beta_value, f77_alpha, f77_beta)

#if TSBLAS_COMPLEX
CBLAS_SYRK_FACES(syrk, const void *, 0, CALL_SYRK, *(const scalar_t *)alpha,
                 *(const scalar_t *)beta, (const scalar_t *)alpha, (const scalar_t *)beta)
CBLAS_SYRK_FACES(herk, real_t, 1, CALL_HERK, (scalar_t)alpha, (scalar_t)beta, &alpha, &beta)
#else
CBLAS_SYRK_FACES(syrk, scalar_t, 0, CALL_SYRK, alpha, beta, &alpha, &beta)
#endif
