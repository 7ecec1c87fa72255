/*
 * test_faces.c: one call, through either face of a routine.
 *
 * Purpose
 * =======
 * T(call_gemm) calls xTSMTTSM, xTSMM or xMTSM, T(call_gemt) calls xGEMT,
 * through the C entry (tsblas_dtsmttsm(...): scalars by value, complex
 * ones by address, INFO returned) or through the Fortran-callable symbol
 * (dtsmttsm_(...): every argument by reference, then one hidden size_t
 * length per CHARACTER argument, as gfortran passes them).  The Fortran
 * symbols are declared here, as a C program that calls them must.
 *
 * Return value: INFO from the C entry; 0 from the Fortran symbol, which
 * has none (its status is in tsblas_last_error).
 */
#include <config.h>
#include "test_precision.h"

#define DECLARE_F77_GEMM_SHAPED(lower)                                                 \
    void F77(lower)(const char *transa, const char *transb, const tsblas_int *m,       \
                    const tsblas_int *n, const tsblas_int *k, const scalar_t *alpha,   \
                    const scalar_t *a, const tsblas_int *lda, const scalar_t *b,       \
                    const tsblas_int *ldb, const scalar_t *beta, scalar_t *c,          \
                    const tsblas_int *ldc, size_t transa_len, size_t transb_len);

DECLARE_F77_GEMM_SHAPED(tsmttsm)
DECLARE_F77_GEMM_SHAPED(tsmm)
DECLARE_F77_GEMM_SHAPED(mtsm)
void F77(gemt)(const char *trans, const tsblas_int *m, const tsblas_int *n,
               const scalar_t *alpha, const scalar_t *a, const tsblas_int *lda, scalar_t *b,
               const tsblas_int *ldb, size_t trans_len);

tsblas_int T(call_gemm)(enum test_face face, enum test_routine routine, char transa,
                        char transb, tsblas_int m, tsblas_int n, tsblas_int k,
                        scalar_t alpha, const void *a, tsblas_int lda, const void *b,
                        tsblas_int ldb, scalar_t beta, void *c, tsblas_int ldc)
{
    const scalar_t *a_typed = a, *b_typed = b;
    scalar_t *c_typed = c;

    if (face == TEST_FACE_C) {
        switch (routine) {
        case TEST_TSMTTSM:
            return API(tsmttsm)(transa, transb, m, n, k, TEST_API_SCALAR(alpha), a, lda, b,
                                ldb, TEST_API_SCALAR(beta), c, ldc);
        case TEST_TSMM:
            return API(tsmm)(transa, transb, m, n, k, TEST_API_SCALAR(alpha), a, lda, b,
                             ldb, TEST_API_SCALAR(beta), c, ldc);
        default:
            return API(mtsm)(transa, transb, m, n, k, TEST_API_SCALAR(alpha), a, lda, b,
                             ldb, TEST_API_SCALAR(beta), c, ldc);
        }
    }
    switch (routine) {
    case TEST_TSMTTSM:
        F77(tsmttsm)(&transa, &transb, &m, &n, &k, &alpha, a_typed, &lda, b_typed, &ldb,
                     &beta, c_typed, &ldc, 1, 1);
        break;
    case TEST_TSMM:
        F77(tsmm)(&transa, &transb, &m, &n, &k, &alpha, a_typed, &lda, b_typed, &ldb, &beta,
                  c_typed, &ldc, 1, 1);
        break;
    default:
        F77(mtsm)(&transa, &transb, &m, &n, &k, &alpha, a_typed, &lda, b_typed, &ldb, &beta,
                  c_typed, &ldc, 1, 1);
        break;
    }
    return 0;
}

tsblas_int T(call_gemt)(enum test_face face, char trans, tsblas_int m, tsblas_int n,
                        scalar_t alpha, const void *a, tsblas_int lda, void *b,
                        tsblas_int ldb)
{
    if (face == TEST_FACE_C)
        return API(gemt)(trans, m, n, TEST_API_SCALAR(alpha), a, lda, b, ldb);
    F77(gemt)(&trans, &m, &n, &alpha, (const scalar_t *)a, &lda, (scalar_t *)b, &ldb, 1);
    return 0;
}
