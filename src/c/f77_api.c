/*
 * f77_api.c: the Fortran-callable symbols (dtsmttsm_, ...), the face that
 * legacy codes call as CALL DTSMTTSM('T','N',M,N,K,ONE,A,LDA,...).
 *
 * Every argument comes by reference.  gfortran (since version 8) appends
 * the lengths of the CHARACTER arguments as hidden size_t arguments; they
 * are accepted and unused, since only the first character counts, as in
 * the reference BLAS.  Argument errors reach the program's XERBLA through
 * the driver; a Fortran caller has no INFO to read, so the status is left
 * in tsblas_last_error.
 */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"

#define TSBLAS_F77_GEMM_SHAPED(lower, upper_name, routine)                            \
    void F77(lower)(const char *transa, const char *transb, const tsblas_int *m,       \
                    const tsblas_int *n, const tsblas_int *k, const scalar_t *alpha,   \
                    const scalar_t *a, const tsblas_int *lda, const scalar_t *b,       \
                    const tsblas_int *ldb, const scalar_t *beta, scalar_t *c,          \
                    const tsblas_int *ldc, size_t transa_len, size_t transb_len);      \
    void F77(lower)(const char *transa, const char *transb, const tsblas_int *m,       \
                    const tsblas_int *n, const tsblas_int *k, const scalar_t *alpha,   \
                    const scalar_t *a, const tsblas_int *lda, const scalar_t *b,       \
                    const tsblas_int *ldb, const scalar_t *beta, scalar_t *c,          \
                    const tsblas_int *ldc, size_t transa_len, size_t transb_len)       \
    {                                                                                  \
        (void)transa_len;                                                              \
        (void)transb_len;                                                              \
        X(gemm_driver)(routine, ROUTINE_NAME(upper_name), *transa, *transb, *m, *n, *k, \
                       *alpha, a, *lda, b, *ldb, *beta, c, *ldc);                      \
    }

TSBLAS_F77_GEMM_SHAPED(tsmttsm, "TSMTTSM", TSBLAS_TSMTTSM)
TSBLAS_F77_GEMM_SHAPED(tsmm, "TSMM", TSBLAS_TSMM)
TSBLAS_F77_GEMM_SHAPED(mtsm, "MTSM", TSBLAS_MTSM)

void F77(gemt)(const char *trans, const tsblas_int *m, const tsblas_int *n,
               const scalar_t *alpha, const scalar_t *a, const tsblas_int *lda, scalar_t *b,
               const tsblas_int *ldb, size_t trans_len);
void F77(gemt)(const char *trans, const tsblas_int *m, const tsblas_int *n,
               const scalar_t *alpha, const scalar_t *a, const tsblas_int *lda, scalar_t *b,
               const tsblas_int *ldb, size_t trans_len)
{
    (void)trans_len;
    X(gemt_driver)(*trans, *m, *n, *alpha, a, *lda, b, *ldb);
}
