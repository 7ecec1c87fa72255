/* TEMPORARY scaffold, replaced by the host-kernel work before commit. */
#include <config.h>
#include "precision.h"
#include "tsblas_internal.h"

int X(host_tsmttsm)(enum tsblas_op opa, enum tsblas_op opb, idx_t m, idx_t n, idx_t k,
                    scalar_t alpha, const scalar_t *a, idx_t lda, const scalar_t *b,
                    idx_t ldb, scalar_t beta, scalar_t *c, idx_t ldc)
{
    return X(host_gemm)(opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
